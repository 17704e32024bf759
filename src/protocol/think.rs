//! Thinking in the background: a search runs on a thread of a [`std::thread::scope`] while
//! the protocol's loop goes on reading commands (`stop`, `isready`, `ping`, `?`), and
//! protocol output from both threads goes through one [`Out`], a line at a time.

use crate::ai::Ai;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Duration;

/// The protocol's output, shared by the command loop and the search thread: every line
/// is written whole and flushed at once (the client waits for it).
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl Out {
    /// Output to `w`.
    pub fn new(w: Box<dyn Write + Send>) -> Self {
        Out(Arc::new(Mutex::new(w)))
    }

    /// Writes one line. A client that has gone away is not an error here: the end of the
    /// input ends the session.
    pub fn line(&self, s: &str) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(w, "{s}").and_then(|_| w.flush());
    }
}

/// What a search thread is told by the command loop.
#[derive(Debug, Default)]
pub struct Flags {
    /// Stop searching and answer now (UCI `stop`, XBoard `?`).
    pub stop: Arc<AtomicBool>,
    /// The answer is no longer wanted (XBoard `new`, `force`, …): do not print it.
    pub abort: AtomicBool,
}

impl Flags {
    /// Waits until the search is told to stop (UCI `go infinite`: the best move only after `stop`).
    pub fn wait_for_stop(&self) {
        while !self.stop.load(Ordering::Relaxed) {
            std::thread::park_timeout(Duration::from_millis(100));
        }
    }

    /// Whether the answer is no longer wanted.
    pub fn aborted(&self) -> bool {
        self.abort.load(Ordering::Relaxed)
    }
}

/// A search running on a thread of scope `'s`: it owns the AI until it is finished.
pub struct Job<'s, 'a, R> {
    handle: ScopedJoinHandle<'s, (Ai<'a>, R)>,
    flags: Arc<Flags>,
}

impl<'s, 'a: 's, R: Send + 's> Job<'s, 'a, R> {
    /// Runs `f` with `ai` on a new thread of `scope`; the AI stops when the job is stopped.
    pub fn spawn<'e>(
        scope: &'s Scope<'s, 'e>,
        mut ai: Ai<'a>,
        f: impl FnOnce(&mut Ai<'a>, &Flags) -> R + Send + 's,
    ) -> Self {
        let flags = Arc::new(Flags::default());
        ai.set_stop(flags.stop.clone());
        let shared = flags.clone();
        let handle = scope.spawn(move || {
            let r = f(&mut ai, &shared);
            (ai, r)
        });
        Job { handle, flags }
    }

    /// Tells the search to stop and answer now.
    pub fn stop(&self) {
        self.flags.stop.store(true, Ordering::Relaxed);
        self.handle.thread().unpark();
    }

    /// Tells the search to stop without answering.
    pub fn abort(&self) {
        self.flags.abort.store(true, Ordering::Relaxed);
        self.stop();
    }

    /// Waits for the search to end: the AI back, and what the thread returned.
    pub fn finish(self) -> (Ai<'a>, R) {
        match self.handle.join() {
            Ok(done) => done,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }
}

/// How to end a search before the loop goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settle {
    /// Let it finish by its limits.
    Wait,
    /// Stop it: it answers at once.
    Stop,
    /// Stop it without answering.
    Abort,
}

/// The AI of a session: idle, or searching on a thread.
pub struct Engine<'s, 'a, R> {
    ai: Option<Ai<'a>>,
    job: Option<Job<'s, 'a, R>>,
}

impl<'s, 'a: 's, R: Send + 's> Engine<'s, 'a, R> {
    /// An idle engine.
    pub fn new(ai: Ai<'a>) -> Self {
        Engine { ai: Some(ai), job: None }
    }

    /// Whether a search is running (or has answered and not been settled).
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// Ends the search, if any, as `how` says; what it returned.
    pub fn settle(&mut self, how: Settle) -> Option<R> {
        let job = self.job.take()?;
        match how {
            Settle::Wait => {}
            Settle::Stop => job.stop(),
            Settle::Abort => job.abort(),
        }
        let (ai, r) = job.finish();
        self.ai = Some(ai);
        Some(r)
    }

    /// The idle AI (a search still running is stopped first, its answer given).
    pub fn ai(&mut self) -> &mut Ai<'a> {
        self.settle(Settle::Stop);
        self.ai.as_mut().expect("an engine without a search holds its AI")
    }

    /// Starts `f` on a thread of `scope` (a search still running is stopped first).
    pub fn start<'e>(&mut self, scope: &'s Scope<'s, 'e>, f: impl FnOnce(&mut Ai<'a>, &Flags) -> R + Send + 's) {
        self.settle(Settle::Stop);
        let ai = self.ai.take().expect("an engine without a search holds its AI");
        self.job = Some(Job::spawn(scope, ai, f));
    }
}
