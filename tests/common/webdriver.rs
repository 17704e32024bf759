//! A minimal W3C WebDriver client for the browser tests: it starts Debian's chromedriver on a
//! free port, opens one headless chromium session and speaks HTTP/1.1 over a plain
//! `TcpStream` (the driver is local, the requests are small JSON bodies; no HTTP crate).
//! Dropping the [`Browser`] deletes the session and kills the driver.
#![allow(dead_code)]

use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The W3C key naming an element reference in a JSON value.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";
/// How long the wait helpers wait by default.
pub const WAIT: Duration = Duration::from_secs(10);
/// The driver and browser binaries Debian's `chromium-driver` and `chromium` install.
const DRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// Why the browser tests cannot run here, with how to fix it; `None` when they can.
pub fn missing_browser() -> Option<String> {
    let missing: Vec<&str> = [DRIVER, CHROMIUM].into_iter().filter(|p| !Path::new(p).exists()).collect();
    if missing.is_empty() {
        return None;
    }
    Some(format!(
        "the browser tests need {} (install with `apt-get install chromium chromium-driver`, \
         as .ci/run does; without them they are skipped outside CI, and fail in CI or with \
         INTERP_REQUIRE_BROWSER=1)",
        missing.join(" and ")
    ))
}

/// True when the browser tests should be skipped: chromium is missing outside CI (said on
/// stderr). Panics with the reason when it is missing in CI or with INTERP_REQUIRE_BROWSER=1.
pub fn skip_browser() -> bool {
    let set = |name: &str| std::env::var(name).is_ok_and(|v| v == "true" || v == "1");
    match skip_decision(missing_browser(), set("CI"), set("INTERP_REQUIRE_BROWSER")) {
        Ok(false) => false,
        Ok(true) => {
            eprintln!("skipped: {}", missing_browser().unwrap_or_default());
            true
        }
        Err(why) => panic!("{why}"),
    }
}

/// Whether to skip (`Ok(true)`), run (`Ok(false)`) or fail (`Err(why)`) given what is
/// missing, whether this is CI, and whether INTERP_REQUIRE_BROWSER=1 is set.
pub fn skip_decision(missing: Option<String>, ci: bool, require: bool) -> Result<bool, String> {
    match missing {
        None => Ok(false),
        Some(why) if ci => Err(format!("CI=true: {why}")),
        Some(why) if require => Err(format!("INTERP_REQUIRE_BROWSER=1: {why}")),
        Some(_) => Ok(true),
    }
}

/// One HTTP response: status code and JSON body (`Null` when empty).
pub struct Reply {
    /// The status code.
    pub status: u16,
    /// The body read as JSON (`Null` when empty).
    pub body: Value,
}

/// Sends one request to `127.0.0.1:port` and reads the whole reply (`Connection: close`).
pub fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<Reply> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    let data = body.map(|b| b.to_string()).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n",
        data.len()
    );
    s.write_all(head.as_bytes())?;
    s.write_all(data.as_bytes())?;
    let raw = read_reply(&mut s)?;
    parse_reply(&raw).ok_or_else(|| std::io::Error::other(format!("bad HTTP reply: {}", String::from_utf8_lossy(&raw))))
}

/// Reads one reply: up to its Content-Length, the end of its chunks, or the end of the stream
/// (chromedriver keeps the connection open after a `Connection: close` request).
fn read_reply(s: &mut TcpStream) -> std::io::Result<Vec<u8>> {
    let mut raw = vec![];
    let mut buf = [0u8; 65536];
    loop {
        let n = s.read(&mut buf)?;
        raw.extend_from_slice(&buf[..n]);
        if n == 0 || reply_complete(&raw) {
            return Ok(raw);
        }
    }
}

/// Whether `raw` holds a whole reply (headers and the body they announce).
fn reply_complete(raw: &[u8]) -> bool {
    let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") else { return false };
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let body = &raw[split + 4..];
    if head.contains("transfer-encoding: chunked") {
        return body.ends_with(b"0\r\n\r\n");
    }
    let len = head.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|v| v.trim().parse().ok());
    len.is_none_or(|n: usize| body.len() >= n)
}

/// Splits a raw HTTP/1.1 reply into status and JSON body (plain or chunked).
fn parse_reply(raw: &[u8]) -> Option<Reply> {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let mut body = raw[split + 4..].to_vec();
    if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
        body = dechunk(&body)?;
    }
    let body =
        if body.iter().all(u8::is_ascii_whitespace) { Value::Null } else { serde_json::from_slice(&body).ok()? };
    Some(Reply { status, body })
}

/// Decodes a chunked transfer-encoded body.
fn dechunk(mut b: &[u8]) -> Option<Vec<u8>> {
    let mut out = vec![];
    loop {
        let eol = b.windows(2).position(|w| w == b"\r\n")?;
        let size_text = String::from_utf8_lossy(&b[..eol]).to_string();
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        b = &b[eol + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(b.get(..size)?);
        b = b.get(size + 2..)?;
    }
}

/// A free TCP port on 127.0.0.1 (bound, then released for the driver to take).
fn free_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").expect("a free port");
    l.local_addr().unwrap().port()
}

/// The chromium options of every session: headless, quiet, a fixed window, its own profile.
fn chrome_args(profile: &Path) -> Vec<String> {
    let mut args: Vec<String> = [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1280,900",
    ]
    .map(String::from)
    .to_vec();
    args.push(format!("--user-data-dir={}", profile.display()));
    args
}

/// A fresh, empty directory under the system's temporary directory.
fn fresh_dir(tag: &str) -> PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("interp-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a temporary directory");
    d
}

/// One element of the page, found by a CSS selector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Element {
    /// The driver's reference.
    pub id: String,
    /// The selector that found it (for failure messages).
    pub selector: String,
}

/// At most this many browsers run at once in one test binary (each chromium takes a few
/// hundred MB; the tests wait for a slot instead of crowding a large CI machine).
const MAX_BROWSERS: usize = 3;

/// Browsers running in this test binary, and the condition to wait for a free slot.
static RUNNING: (std::sync::Mutex<usize>, std::sync::Condvar) = (std::sync::Mutex::new(0), std::sync::Condvar::new());

/// A slot among the [`MAX_BROWSERS`], held while a browser runs.
struct Slot;

impl Slot {
    fn take() -> Slot {
        let mut n = RUNNING.0.lock().unwrap_or_else(|e| e.into_inner());
        while *n >= MAX_BROWSERS {
            n = RUNNING.1.wait(n).unwrap_or_else(|e| e.into_inner());
        }
        *n += 1;
        Slot
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        *RUNNING.0.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
        RUNNING.1.notify_one();
    }
}

/// A chromedriver process with one headless chromium session.
pub struct Browser {
    _slot: Slot,
    driver: Child,
    port: u16,
    session: String,
    profile: PathBuf,
}

impl Browser {
    /// Starts chromedriver on a free port, waits for it, and opens a headless session.
    pub fn start() -> Browser {
        let slot = Slot::take();
        let port = free_port();
        let driver = Command::new(DRIVER)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{DRIVER} does not start: {e}"));
        let profile = fresh_dir("chromium");
        let mut b = Browser { _slot: slot, driver, port, session: String::new(), profile };
        b.await_driver();
        b.session = b.new_session();
        b
    }

    /// Polls the driver's /status until it is ready (10 s).
    fn await_driver(&mut self) {
        let until = Instant::now() + WAIT;
        loop {
            if let Ok(r) = http(self.port, "GET", "/status", None)
                && r.body["value"]["ready"] == json!(true)
            {
                return;
            }
            if let Ok(Some(st)) = self.driver.try_wait() {
                panic!("{DRIVER} exited ({st}) before answering /status");
            }
            assert!(Instant::now() < until, "{DRIVER} did not answer /status on port {} within 10 s", self.port);
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// Creates the session; returns its id.
    fn new_session(&self) -> String {
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "pageLoadStrategy": "normal",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": chrome_args(&self.profile)},
        }}});
        let r = http(self.port, "POST", "/session", Some(&caps)).expect("chromedriver answers POST /session");
        let id = r.body["value"]["sessionId"].as_str();
        id.unwrap_or_else(|| panic!("no session (HTTP {}): {}", r.status, r.body)).to_string()
    }

    /// A session command; panics with the driver's message on an error.
    pub fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.try_cmd(method, path, body).unwrap_or_else(|e| panic!("WebDriver {method} {path}: {e}"))
    }

    /// A session command; the driver's error (`error: message`) on failure.
    pub fn try_cmd(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let body = body.or_else(|| (method == "POST").then(|| json!({})));
        let full = format!("/session/{}{path}", self.session);
        let r = http(self.port, method, &full, body.as_ref()).map_err(|e| e.to_string())?;
        let v = r.body.get("value").cloned().unwrap_or(Value::Null);
        if r.status >= 400 {
            let msg = v["message"].as_str().unwrap_or("").lines().next().unwrap_or("").to_string();
            return Err(format!("{} ({}): {msg}", v["error"].as_str().unwrap_or("error"), r.status));
        }
        Ok(v)
    }

    /// Opens `url` and waits for it to load.
    pub fn goto(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({ "url": url })));
    }

    /// Reloads the page.
    pub fn refresh(&self) {
        self.cmd("POST", "/refresh", None);
    }

    /// The current page's title.
    pub fn title(&self) -> String {
        self.cmd("GET", "/title", None).as_str().unwrap_or("").to_string()
    }

    /// The current URL.
    pub fn url(&self) -> String {
        self.cmd("GET", "/url", None).as_str().unwrap_or("").to_string()
    }

    /// Runs `script` (a function body; `arguments[i]` are `args`) and returns its value.
    pub fn exec(&self, script: &str, args: Vec<Value>) -> Value {
        self.cmd("POST", "/execute/sync", Some(json!({ "script": script, "args": args })))
    }

    /// Runs a script whose last statement calls `arguments[arguments.length-1](value)`.
    pub fn exec_async(&self, script: &str, args: Vec<Value>) -> Value {
        self.cmd("POST", "/execute/async", Some(json!({ "script": script, "args": args })))
    }

    /// The first element matching `css`, if any.
    pub fn find(&self, css: &str) -> Option<Element> {
        let v = self.try_cmd("POST", "/element", Some(json!({"using": "css selector", "value": css}))).ok()?;
        Some(Element { id: v[ELEMENT_KEY].as_str()?.to_string(), selector: css.to_string() })
    }

    /// Every element matching `css`.
    pub fn find_all(&self, css: &str) -> Vec<Element> {
        let v = self.cmd("POST", "/elements", Some(json!({"using": "css selector", "value": css})));
        let refs = v.as_array().cloned().unwrap_or_default();
        let ids = refs.iter().filter_map(|e| e[ELEMENT_KEY].as_str());
        ids.map(|id| Element { id: id.to_string(), selector: css.to_string() }).collect()
    }

    /// The element matching `css`, waited for (and a clear failure when it never comes).
    pub fn el(&self, css: &str) -> Element {
        self.wait_for(&format!("an element `{css}`"), || self.find(css))
    }

    /// Clicks an element (scrolled into view; the driver clicks its centre).
    pub fn click(&self, e: &Element) {
        self.cmd("POST", &format!("/element/{}/click", e.id), None);
    }

    /// Waits for `css` to be present, visible and enabled, then clicks it.
    pub fn click_css(&self, css: &str) {
        let what = format!("a clickable `{css}`");
        let e = self.wait_for(&what, || self.find(css).filter(|e| self.displayed(e) && self.enabled(e)));
        self.click(&e);
    }

    /// Types `text` into an element.
    pub fn send_keys(&self, e: &Element, text: &str) {
        self.cmd("POST", &format!("/element/{}/value", e.id), Some(json!({ "text": text })));
    }

    /// Clears an input element.
    pub fn clear(&self, e: &Element) {
        self.cmd("POST", &format!("/element/{}/clear", e.id), None);
    }

    /// The rendered text of an element ("" when it went stale).
    pub fn text(&self, e: &Element) -> String {
        let v = self.try_cmd("GET", &format!("/element/{}/text", e.id), None).unwrap_or_default();
        v.as_str().unwrap_or("").to_string()
    }

    /// The text of the first element matching `css` ("" when none).
    pub fn text_of(&self, css: &str) -> String {
        self.find(css).map(|e| self.text(&e)).unwrap_or_default()
    }

    /// An attribute of an element.
    pub fn attr(&self, e: &Element, name: &str) -> Option<String> {
        let v = self.try_cmd("GET", &format!("/element/{}/attribute/{name}", e.id), None).ok()?;
        v.as_str().map(String::from)
    }

    /// A DOM property of an element (`value`, `checked`, ...).
    pub fn prop(&self, e: &Element, name: &str) -> Value {
        self.try_cmd("GET", &format!("/element/{}/property/{name}", e.id), None).unwrap_or_default()
    }

    /// Whether an element is displayed.
    pub fn displayed(&self, e: &Element) -> bool {
        self.try_cmd("GET", &format!("/element/{}/displayed", e.id), None) == Ok(json!(true))
    }

    /// Whether an element is enabled.
    pub fn enabled(&self, e: &Element) -> bool {
        self.try_cmd("GET", &format!("/element/{}/enabled", e.id), None) == Ok(json!(true))
    }

    /// Picks the `<option>` of a `<select>` whose value or text is `choice`.
    pub fn select(&self, css: &str, choice: &str) {
        let e = self.el(css);
        let ok = self.exec(
            "const s = arguments[0]; const o = [...s.options].find(o => o.value === arguments[1] || o.text.trim() === arguments[1]);
             if (!o) return false; s.value = o.value; s.dispatchEvent(new Event('input', {bubbles: true}));
             s.dispatchEvent(new Event('change', {bubbles: true})); return true;",
            vec![e.to_json(), json!(choice)],
        );
        assert_eq!(ok, json!(true), "`{css}` has no option `{choice}`; {}", self.page_report());
    }

    /// Moves the pointer to viewport point (x, y) and clicks there, as a person does.
    pub fn click_at(&self, x: f64, y: f64) {
        let actions = json!({"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
        "actions": [
            {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": x.round() as i64, "y": y.round() as i64},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]}]});
        self.cmd("POST", "/actions", Some(actions));
        self.cmd("DELETE", "/actions", None);
    }

    /// Opens a new tab and switches to it; returns its handle.
    pub fn new_tab(&self) -> String {
        let v = self.cmd("POST", "/window/new", Some(json!({"type": "tab"})));
        let h = v["handle"].as_str().expect("a window handle").to_string();
        self.switch_to(&h);
        h
    }

    /// The current tab's handle.
    pub fn tab(&self) -> String {
        self.cmd("GET", "/window", None).as_str().unwrap_or("").to_string()
    }

    /// Switches to the tab `handle`.
    pub fn switch_to(&self, handle: &str) {
        self.cmd("POST", "/window", Some(json!({ "handle": handle })));
    }

    /// The page as a PNG.
    pub fn screenshot_png(&self) -> Vec<u8> {
        let v = self.cmd("GET", "/screenshot", None);
        base64_decode(v.as_str().expect("screenshot data")).expect("screenshot is base64")
    }

    /// Saves the page as `target/screenshots/NAME.png`; returns the path.
    pub fn screenshot(&self, name: &str) -> PathBuf {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&dir).expect("target/screenshots");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, self.screenshot_png()).expect("screenshot written");
        path
    }

    /// The page's `#status` and `#error` texts, for failure messages.
    pub fn page_report(&self) -> String {
        let status = self.text_of("#status");
        let error = self.text_of("#error");
        format!("page #status: {status:?}; #error: {error:?}; url {}", self.url())
    }

    /// Polls `f` (every 20 ms, up to [`WAIT`]) until it gives a value; panics saying what was
    /// awaited and what the page shows when it never does.
    pub fn wait_for<T>(&self, what: &str, f: impl FnMut() -> Option<T>) -> T {
        self.wait_for_in(WAIT, what, f)
    }

    /// [`Browser::wait_for`] with its own timeout.
    pub fn wait_for_in<T>(&self, limit: Duration, what: &str, mut f: impl FnMut() -> Option<T>) -> T {
        let until = Instant::now() + limit;
        loop {
            if let Some(v) = f() {
                return v;
            }
            if Instant::now() >= until {
                panic!("waited {:.1} s for {what}; {}", limit.as_secs_f64(), self.page_report());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until `f` holds.
    pub fn wait_until(&self, what: &str, mut f: impl FnMut() -> bool) {
        self.wait_for(what, || f().then_some(()));
    }

    /// Waits until the text of `css` contains `want`; returns the text.
    pub fn wait_text(&self, css: &str, want: &str) -> String {
        let until = Instant::now() + WAIT;
        loop {
            let text = self.text_of(css);
            if text.contains(want) {
                return text;
            }
            if Instant::now() >= until {
                panic!("waited 10 s for `{css}` to contain {want:?}; it reads {text:?}; {}", self.page_report());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Element {
    /// The element as a script argument.
    pub fn to_json(&self) -> Value {
        json!({ ELEMENT_KEY: self.id })
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http(self.port, "DELETE", &format!("/session/{}", self.session), None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Decodes standard base64 (with or without padding; whitespace ignored).
pub fn base64_decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in s.bytes().filter(|c| !c.is_ascii_whitespace() && *c != b'=') {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}
