//! Drives `interp uci GAME` / `interp xboard GAME` through its stdin and stdout, as a GUI does.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// Long enough for any search the tests ask for (they use depth and node limits); only a
/// guard against a hang, never a measure of speed.
const HANG: Duration = Duration::from_secs(120);

/// A running engine process.
pub struct EngineProc {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line the engine wrote so far.
    pub seen: Vec<String>,
}

impl EngineProc {
    /// Starts `interp ARGS…`.
    pub fn start(args: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_interp"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("interp starts");
        let out = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        EngineProc { child, stdin, lines: rx, seen: vec![] }
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) {
        let w = self.stdin.as_mut().expect("stdin open");
        writeln!(w, "{line}").and_then(|_| w.flush()).expect("engine reads its input");
    }

    /// The lines the engine writes up to and including the first for which `done` holds.
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut got = vec![];
        loop {
            let line = self.lines.recv_timeout(HANG).unwrap_or_else(|_| panic!("no answer; so far: {got:#?}"));
            self.seen.push(line.clone());
            got.push(line.clone());
            if done(&line) {
                return got;
            }
        }
    }

    /// The lines up to the first that starts with `prefix`; that line last.
    pub fn until_prefix(&mut self, prefix: &str) -> Vec<String> {
        self.until(|l| l.starts_with(prefix))
    }

    /// Closes the engine's input and waits for it: its exit status.
    pub fn close(mut self) -> i32 {
        drop(self.stdin.take());
        self.child.wait().expect("engine exits").code().unwrap_or(-1)
    }

    /// Everything the engine writes until it exits after `quit`, and its exit status.
    pub fn quit(mut self, word: &str) -> (Vec<String>, i32) {
        self.send(word);
        let status = self.child.wait().expect("engine exits").code().unwrap_or(-1);
        let mut rest = vec![];
        // The reader ends at the end of the engine's output.
        while let Ok(line) = self.lines.recv_timeout(HANG) {
            rest.push(line);
        }
        (rest, status)
    }
}

impl Drop for EngineProc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs tests/reference/protocol_client.py with `args` (the protocol first, then options after
/// the binary and the chess file), or says why it was skipped.
pub fn run_client(args: &[&str]) {
    let has_chess = std::process::Command::new("python3").args(["-c", "import chess.engine"]).output();
    if !has_chess.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: python3 with python-chess (pip install chess) is not available");
        return;
    }
    let root = env!("CARGO_MANIFEST_DIR");
    let out = std::process::Command::new("python3")
        .arg(format!("{root}/tests/reference/protocol_client.py"))
        .arg(args[0])
        .args([env!("CARGO_BIN_EXE_interp"), &format!("{root}/games/chess.toml")])
        .args(&args[1..])
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("game over:"), "{text}");
}
