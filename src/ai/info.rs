//! What the search tells its caller while it runs: one [`Info`] per completed iteration.

use crate::engine::Move;

/// A completed iteration of the search, as protocols report it (UCI's `info` line,
/// XBoard's thinking output).
#[derive(Debug, Clone, Default)]
pub struct Info {
    /// Depth of the iteration, in plies.
    pub depth: u32,
    /// Score of the best move from the mover's point of view (see [`crate::ai::MATE`]).
    pub score: i32,
    /// Nodes searched so far in this decision.
    pub nodes: u64,
    /// Milliseconds since the decision started.
    pub time_ms: u64,
    /// The principal variation, from the root position (at least the best move).
    pub pv: Vec<Move>,
}

impl Info {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        self.nodes.saturating_mul(1000) / self.time_ms.max(1)
    }
}

/// A receiver of [`Info`]s (a protocol's writer).
pub type InfoSink<'a> = Box<dyn FnMut(&Info) + Send + 'a>;
