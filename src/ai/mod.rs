//! A generic game-playing AI that needs nothing but the compiled [`Game`]:
//! iterative-deepening principal variation search (negamax with alpha-beta) with
//! aspiration windows, a transposition table keyed by [`Game::state_key`], null-move
//! pruning where the game allows it, late-move reductions, check extensions and a
//! quiescence search over captures and promotions, on the position API (`node_into`) and
//! `apply` (copy-make); the static evaluation of [`Evaluator`], terminal scores from the
//! node status, a time and a node budget, move ordering by the table's move, captures,
//! killer moves and history, a strength setting, and a seeded random tie-break so a seed
//! reproduces a game.
//!
//! A second search, Monte Carlo tree search (UCT with playouts, `mcts`), plays games whose
//! evaluation gives no direction: the game file's `[ai] search` or [`Ai::set_search`]
//! picks it.
//!
//! Also a uniformly random player, for testing and self-play.
//!
//! Modules: `rng` (the seeded generator), `limits` (budgets), `score` (the score scale),
//! `eval` (the evaluation), `order` (move ordering), `history` (the history heuristic),
//! `tt` (the transposition table), `progress` (cycles and stalling in games no rule ends), `plies` (per-ply buffers), `search` (negamax, null
//! moves, chance nodes, quiescence), `choice` (decisions and the search's root), `pv`
//! (the principal variation), `skill` (strength and null-move rules of a game).

mod choice;
mod clock;
mod eval;
mod history;
mod info;
mod limits;
mod mcts;
mod order;
mod plies;
mod progress;
mod pv;
mod rng;
mod score;
mod search;
mod skill;
mod tt;

pub use choice::{Choice, random_move, sample_chance};
pub use clock::{Clock, limits_for};
pub use eval::{Evaluator, material};
pub use info::{Info, InfoSink};
pub use limits::Limits;
pub use progress::{AGREE_QUIET, AGREE_STALE, AGREE_STREAK};
pub use rng::Rng;
pub use score::{MATE, describe_score, plies_to_end};
pub use skill::MAX_SKILL;
pub use tt::{DEFAULT_HASH_MB, MAX_HASH_MB};

use crate::engine::state::State;
use crate::ir::{Game, SearchKind};
use history::History;
use limits::Budget;
use order::Killers;
use plies::Plies;
use progress::Progress;
use skill::NullMove;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use tt::Table;

/// The searching AI. Keep one per player to reuse its buffers.
pub struct Ai<'a> {
    g: &'a Game,
    rng: Rng,
    /// The seed of `rng` (a new game starts it again).
    seed: u64,
    plies: Plies,
    killers: Killers,
    /// Quiet moves that caused cutoffs, for ordering.
    history: History,
    /// What earlier searches found, by position key.
    tt: Table,
    /// Where the game allows null moves.
    null_move: NullMove,
    /// Strength, 0 to [`MAX_SKILL`] (full).
    skill: u8,
    /// Depth of the root iteration being searched (bounds the check extensions).
    root_depth: u32,
    /// Buffer for the legality test of the move generator.
    scratch: State,
    /// Position keys of the game so far, then of the search path (for repetition).
    path: Vec<u64>,
    budget: Budget,
    /// The static evaluation.
    eval: Evaluator,
    /// How the search keeps games no rule ends moving (cycles, stalling).
    progress: Progress,
    /// The player the current search decides for.
    searcher: u8,
    /// The least valued piece's worth in the evaluation, in hundredths (pruning margins).
    least_value: i32,
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
        let eval = Evaluator::new(g);
        let least_value = eval.least_value();
        let progress = Progress::new(g, least_value);
        Ai {
            g,
            rng: Rng::new(seed),
            seed,
            plies: Plies::default(),
            killers: Killers::default(),
            history: History::default(),
            tt: Table::new(DEFAULT_HASH_MB),
            null_move: NullMove::new(g),
            skill: MAX_SKILL,
            root_depth: 0,
            scratch: State::default(),
            path: vec![],
            budget: Budget::unlimited(),
            progress,
            eval,
            searcher: 0,
            least_value,
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

    /// Sizes the transposition table to about `mb` MiB (at most [`MAX_HASH_MB`]; 0: a
    /// table of one entry), forgetting what it held.
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt = Table::new(mb);
    }

    /// Sets the strength from 0 (weakest: one ply and much noise) to [`MAX_SKILL`] (full
    /// strength, the default); higher levels are taken as the maximum.
    pub fn set_skill(&mut self, level: u8) {
        self.skill = level.min(MAX_SKILL);
    }

    /// Forgets what earlier searches learnt (transposition table, history, killers): the
    /// next decision is as in a fresh AI with the same settings and seed.
    pub fn new_game(&mut self) {
        self.rng = Rng::new(self.seed);
        self.tt.clear();
        self.progress.forget();
        self.history.clear();
        self.killers.forget();
    }

    /// Sends an [`Info`] to `sink` after every completed iteration.
    pub fn set_info(&mut self, sink: InfoSink<'a>) {
        self.info = Some(sink);
    }
}
