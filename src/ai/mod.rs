//! A generic game-playing AI that needs nothing but the compiled [`Game`]:
//! iterative-deepening alpha-beta (negamax) with a capture-only quiescence search over the
//! position API (`node_into`) and `apply` (copy-make), material evaluation from the piece
//! types' `value`, terminal scores from the node status, a time and a node budget,
//! capture-first move ordering, killer moves, and a seeded random tie-break so a seed
//! reproduces a game.
//!
//! A second search, Monte Carlo tree search (UCT with playouts, `mcts`), plays games whose
//! evaluation gives no direction: the game file's `[ai] search` or [`Ai::set_search`]
//! picks it.
//!
//! Also a uniformly random player, for testing and self-play.
//!
//! Modules: `rng` (the seeded generator), `limits` (budgets), `score` (the score scale),
//! `eval` (material), `order` (move ordering), `plies` (per-ply buffers), `search`
//! (negamax, chance nodes, quiescence), `choice` (decisions and the search's root).

mod choice;
mod clock;
mod eval;
mod info;
mod limits;
mod mcts;
mod order;
mod plies;
mod rng;
mod score;
mod search;

pub use choice::{Choice, random_move, sample_chance};
pub use clock::{Clock, limits_for};
pub use eval::{Evaluator, material};
pub use info::{Info, InfoSink};
pub use limits::Limits;
pub use rng::Rng;
pub use score::{MATE, describe_score, plies_to_end};

use crate::engine::state::State;
use crate::ir::{Game, SearchKind};
use limits::Budget;
use order::Killers;
use plies::Plies;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The searching AI. Keep one per player to reuse its buffers.
pub struct Ai<'a> {
    g: &'a Game,
    rng: Rng,
    plies: Plies,
    killers: Killers,
    /// Buffer for the legality test of the move generator.
    scratch: State,
    /// Position keys of the game so far, then of the search path (for repetition).
    path: Vec<u64>,
    budget: Budget,
    /// The static evaluation.
    eval: Evaluator,
    /// Raised by another thread to stop the search (a protocol's `stop`).
    stop: Option<Arc<AtomicBool>>,
    /// Told about every completed iteration.
    info: Option<InfoSink<'a>>,
    /// The search [`Ai::choose`] uses.
    search: SearchKind,
    /// The tree search's buffers.
    mcts: mcts::Mcts,
}

impl<'a> Ai<'a> {
    /// An AI for a game, with a seed for its tie-breaks.
    pub fn new(g: &'a Game, seed: u64) -> Self {
        Ai {
            g,
            rng: Rng::new(seed),
            plies: Plies::default(),
            killers: Killers::default(),
            scratch: State::default(),
            path: vec![],
            budget: Budget::unlimited(),
            eval: Evaluator::new(g),
            stop: None,
            info: None,
            search: g.ai.search,
            mcts: mcts::Mcts::default(),
        }
    }

    /// Makes [`Ai::choose`] use `kind` (the default is the game's, from its `[ai]` table).
    pub fn set_search(&mut self, kind: SearchKind) {
        self.search = kind;
    }

    /// The search [`Ai::choose`] uses.
    pub fn search(&self) -> SearchKind {
        self.search
    }

    /// Stops every later search as soon as `flag` is raised (it is not lowered here).
    pub fn set_stop(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Sends an [`Info`] to `sink` after every completed iteration.
    pub fn set_info(&mut self, sink: InfoSink<'a>) {
        self.info = Some(sink);
    }
}
