//! What one decision may cost: the caller's [`Limits`], and the search's running count of
//! nodes against them.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How much the AI may spend on one decision. Whichever limit is hit first stops the search;
/// with neither, the search stops at `depth` (or its maximum depth).
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Wall-clock budget in milliseconds.
    pub time_ms: Option<u64>,
    /// Budget in searched nodes (deterministic, unlike time).
    pub nodes: Option<u64>,
    /// Maximum iteration depth in plies.
    pub depth: Option<u32>,
}

impl Limits {
    /// A time budget only.
    pub fn time(ms: u64) -> Self {
        Limits { time_ms: Some(ms), ..Limits::default() }
    }

    /// A node budget only.
    pub fn nodes(n: u64) -> Self {
        Limits { nodes: Some(n), ..Limits::default() }
    }
}

/// Nodes counted between two looks at the clock.
const NODES_PER_CLOCK_CHECK: u64 = 16;

/// The budget of the decision being searched: nodes counted so far, and whether a limit
/// has run out (the search then unwinds, discarding what it was doing).
#[derive(Debug, Clone)]
pub(super) struct Budget {
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    start: Instant,
    exhausted: bool,
}

impl Budget {
    /// A budget with no limit (before the first decision).
    pub(super) fn unlimited() -> Self {
        Budget { nodes: 0, node_limit: u64::MAX, deadline: None, stop: None, start: Instant::now(), exhausted: false }
    }

    /// The budget of a decision started at `start` under `limits`. A tenth of the time is
    /// kept in reserve for unwinding and the caller; a node limit is at least one node; a
    /// time too far ahead for the clock is no deadline (the command line bounds it first).
    pub(super) fn new(limits: Limits, start: Instant, stop: Option<Arc<AtomicBool>>) -> Self {
        Budget {
            stop,
            start,
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX).max(1),
            deadline: limits.time_ms.and_then(|ms| start.checked_add(Duration::from_micros(ms.saturating_mul(900)))),
            exhausted: false,
        }
    }

    /// Counts a node; true (from then on) when a limit has run out or a pattern run went
    /// over its budget (the rest of the search would see incomplete move lists).
    pub(super) fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit || crate::engine::budget::overran() {
            self.exhausted = true;
        } else if self.nodes.is_multiple_of(NODES_PER_CLOCK_CHECK) {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            let stopped = self.stop.as_ref().is_some_and(|f| f.load(Ordering::Relaxed));
            self.exhausted = late || stopped;
        }
        self.exhausted
    }

    /// Whether a limit has run out.
    pub(super) fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// Milliseconds since the decision started.
    pub(super) fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Nodes counted so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether another iteration is worth starting after one that took `last_iteration`:
    /// nodes must remain, and a quarter of its time. An iteration cut short still counts
    /// once its first move, the best so far, is searched (it may find a better one), so
    /// the time left is worth spending unless it is too short for even that.
    pub(super) fn room_for_another(&self, last_iteration: Duration) -> bool {
        if let Some(d) = self.deadline {
            let left = d.saturating_duration_since(Instant::now());
            if left < last_iteration / 4 {
                return false;
            }
        }
        self.nodes < self.node_limit
    }
}
