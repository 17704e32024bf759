//! A running `interp serve --port 0` for tests (killed on drop) and a tiny HTTP/1.1
//! client over `std::net::TcpStream` (one request a connection).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

/// A server started for a test.
pub struct Server {
    child: Child,
    /// Kept open so that the server never writes to a closed pipe.
    _stdout: BufReader<ChildStdout>,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// `http://127.0.0.1:PORT/`, as the server printed it.
    pub url: String,
}

/// An HTTP reply.
#[derive(Debug)]
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body as text.
    pub body: String,
}

impl Reply {
    /// The body as JSON (panics with the body when it is not).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers.iter().find(|h| h.0 == name).map(|h| h.1.as_str())
    }

    /// The error code of a JSON error body.
    pub fn code(&self) -> String {
        self.json()["code"].as_str().unwrap_or("").to_string()
    }
}

impl Server {
    /// Starts `interp serve --port 0 ARGS…` in the repository and reads its URL line.
    pub fn start(args: &[&str]) -> Server {
        Server::start_on(0, args)
    }

    /// The server stopped and a new one started on the same port (as a person restarting
    /// `interp serve` would): every session of the old one is gone.
    pub fn restart(&mut self) {
        let port: u16 = self.addr.rsplit(':').next().and_then(|p| p.parse().ok()).expect("a port");
        let _ = self.child.kill();
        let _ = self.child.wait();
        *self = Server::start_on(port, &[]);
    }

    /// Starts `interp serve --port PORT ARGS…` (0: any free port) and reads its URL line.
    pub fn start_on(port: u16, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_interp"))
            .args(["serve", "--port", &port.to_string()])
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("interp serve starts");
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("the URL line");
        let url =
            line.trim().strip_prefix("interp serve: ").unwrap_or_else(|| panic!("URL line: {line:?}")).to_string();
        let addr = url.trim_start_matches("http://").trim_end_matches('/').to_string();
        Server { child, _stdout: stdout, addr, url }
    }

    /// Sends one request and reads the whole reply.
    pub fn request(&self, method: &str, path: &str, body: Option<&[u8]>) -> Reply {
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
        let body = body.unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        s.write_all(head.as_bytes()).unwrap();
        // (The server may answer 413 before reading a large body; a failed write is fine.)
        let _ = s.write_all(body);
        let mut raw = vec![];
        let _ = s.read_to_end(&mut raw);
        parse(&raw)
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> Reply {
        self.request("GET", path, None)
    }

    /// `POST path` with a body.
    pub fn post(&self, path: &str, body: &str) -> Reply {
        self.request("POST", path, Some(body.as_bytes()))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Parses a reply: status line, headers, body (by Content-Length, or to the end).
fn parse(raw: &[u8]) -> Reply {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| {
        panic!("no header end in reply: {:?}", String::from_utf8_lossy(raw));
    });
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split_whitespace().nth(1)).and_then(|s| s.parse().ok()).expect("status");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let rest = &raw[split + 4..];
    let chunked = headers.iter().any(|h| h.0 == "transfer-encoding" && h.1.eq_ignore_ascii_case("chunked"));
    let body = if chunked {
        unchunk(rest)
    } else {
        let len = headers.iter().find(|h| h.0 == "content-length").and_then(|h| h.1.parse().ok());
        rest[..len.unwrap_or(rest.len()).min(rest.len())].to_vec()
    };
    Reply { status, headers, body: String::from_utf8_lossy(&body).to_string() }
}

/// The body of a chunked reply: each chunk's size in hex, CRLF, its bytes, CRLF; size 0 ends it.
fn unchunk(mut rest: &[u8]) -> Vec<u8> {
    let mut out = vec![];
    while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
        let size_text = String::from_utf8_lossy(&rest[..eol]).to_string();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16).expect("chunk size");
        if size == 0 {
            break;
        }
        let start = eol + 2;
        out.extend_from_slice(&rest[start..(start + size).min(rest.len())]);
        rest = &rest[(start + size + 2).min(rest.len())..];
    }
    out
}
