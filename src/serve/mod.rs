//! `interp serve`: a local web server and the page that plays any game file.
//!
//! tiny_http serves: it is synchronous and small (no async runtime to set up for a local
//! server of a few tabs); a few worker threads share one listener, so an AI thinking for
//! one tab does not hold up the others. The page's files are embedded in the binary
//! (`assets/`), the API ([`api`]) speaks JSON (docs/SERVE.md): the games ([`games`]), the
//! sessions ([`store`]), each a game in progress ([`session`]) shown as a state object
//! ([`state`]) whose actions carry words ([`label`]), a draw offered and answered
//! ([`draw`]); errors have stable codes ([`error`]).

pub mod api;
pub mod draw;
pub mod error;
pub mod games;
pub mod label;
pub mod session;
pub mod state;
pub mod store;

use api::{App, Reply};
use error::ApiError;
use std::io::{Read, Write};
use std::sync::Arc;
use std::time::Instant;

/// The largest request body read, in bytes (1 MiB); a larger one gets 413 too-large.
pub const MAX_BODY: usize = 1 << 20;
/// The worker threads answering requests.
pub const WORKERS: usize = 4;

/// The page's files, embedded: path, content type, text.
const ASSETS: [(&str, &str, &str); 4] = [
    ("/", "text/html; charset=utf-8", include_str!("assets/index.html")),
    ("/index.html", "text/html; charset=utf-8", include_str!("assets/index.html")),
    ("/app.js", "text/javascript; charset=utf-8", include_str!("assets/app.js")),
    ("/style.css", "text/css; charset=utf-8", include_str!("assets/style.css")),
];

/// Serves the catalogue's games and `extra` (resolved game files) on `host:port` until
/// the process ends; prints `interp serve: http://ADDR/` first. Exit status 1 when the
/// address cannot be listened on.
pub fn serve(extra: &[String], host: &str, port: u16) -> i32 {
    let server = match tiny_http::Server::http((host, port)) {
        Ok(s) => Arc::new(s),
        Err(e) => {
            // A port in use is the usual cause: say how to pick another.
            let hint = if port == 0 { "" } else { " (another port: --port N, or --port 0 for any free one)" };
            eprintln!("interp serve: cannot listen on {host}:{port}: {e}{hint}");
            return 1;
        }
    };
    let addr = match server.server_addr().to_ip() {
        Some(a) => a.to_string(),
        None => format!("{host}:{port}"),
    };
    println!("interp serve: http://{addr}/");
    let _ = std::io::stdout().flush();
    let app = Arc::new(App { games: games::Games::new(extra), sessions: store::Store::default() });
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let (server, app) = (server.clone(), app.clone());
            std::thread::spawn(move || {
                while let Ok(rq) = server.recv() {
                    answer(&app, rq);
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    0
}

/// Reads a request, answers it and logs one line on stderr.
fn answer(app: &App, mut rq: tiny_http::Request) {
    let t0 = Instant::now();
    let method = rq.method().as_str().to_string();
    let url = rq.url().to_string();
    let reply = match read_body(&mut rq) {
        Ok(bytes) => {
            let run = || route(app, &method, &url, &bytes);
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|_| {
                Reply::Json(500, serde_json::json!({"error": "internal error", "code": "internal"}).to_string())
            })
        }
        Err(e) => error_reply(&e),
    };
    let status = match &reply {
        Reply::Json(s, _) | Reply::Text(s, ..) => *s,
        Reply::Empty => 204,
    };
    let _ = rq.respond(response(reply));
    let shown: String = url.chars().filter(|c| !c.is_control()).take(100).collect();
    eprintln!("{method} {shown} {status} {} ms", t0.elapsed().as_millis());
}

/// The body, at most [`MAX_BODY`] bytes; 413 too-large beyond.
fn read_body(rq: &mut tiny_http::Request) -> Result<Vec<u8>, ApiError> {
    if rq.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(ApiError::TooLarge(MAX_BODY));
    }
    let mut bytes = vec![];
    match rq.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut bytes) {
        Ok(_) if bytes.len() > MAX_BODY => Err(ApiError::TooLarge(MAX_BODY)),
        Ok(_) => Ok(bytes),
        Err(e) => Err(ApiError::BadRequest(format!("the body could not be read: {e}"))),
    }
}

/// The reply to `method url`: an asset, the API, or 404.
fn route(app: &App, method: &str, url: &str, bytes: &[u8]) -> Reply {
    let (path, q) = url.split_once('?').unwrap_or((url, ""));
    if let Some(rest) = path.strip_prefix("/api/") {
        return app.api(method, rest, q, bytes).unwrap_or_else(|e| error_reply(&e));
    }
    match ASSETS.iter().find(|a| a.0 == path) {
        Some(_) if method != "GET" && method != "HEAD" => {
            error_reply(&ApiError::MethodNotAllowed(format!("{method} {path}")))
        }
        Some((_, kind, text)) => Reply::Text(200, kind, text.to_string(), vec![]),
        None => Reply::Text(404, "text/plain; charset=utf-8", "not found\n".to_string(), vec![]),
    }
}

/// The JSON reply of an error.
fn error_reply(e: &ApiError) -> Reply {
    Reply::Json(e.http_status(), e.body())
}

/// The HTTP response of a reply, never cached.
fn response(reply: Reply) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    let (status, kind, body, extra) = match reply {
        Reply::Json(s, b) => (s, "application/json; charset=utf-8", b, vec![]),
        Reply::Text(s, k, b, extra) => (s, k, b, extra),
        Reply::Empty => (204, "text/plain; charset=utf-8", String::new(), vec![]),
    };
    let mut r = tiny_http::Response::from_string(body).with_status_code(status);
    let headers = [("Content-Type", kind.to_string()), ("Cache-Control", "no-store".to_string())];
    for (name, value) in headers.into_iter().chain(extra) {
        if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            r.add_header(h);
        }
    }
    r
}
