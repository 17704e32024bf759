//! The engine: positions, the pattern machine, legal moves, attacks and check, game
//! ends and perft. It runs on the compiled game ([`crate::ir::Game`]) only.
//!
//! Layers, each using only those below it: `state` (the position, data only) and
//! `action` (actions, effects, what a capture is); `eval` (conditions, expressions),
//! `attack` and `movegen` (the pattern machine), which call each other because conditions
//! ask about attacks; `pieces` (moving pieces on the board, no triggers) and `hand` (the
//! type a captured piece enters the hand as); `statements` (rule statements, triggers);
//! `turn` (turn bookkeeping, tallies); `decision` (decision steps); `apply` (applying
//! actions); `legal` and `oblige`; `repetition`; `status`; `node`, `perft`.

pub mod action;
mod after;
pub mod apply;
pub mod attack;
pub mod budget;
pub mod decision;
pub mod eval;
mod hand;
pub mod legal;
pub mod movegen;
pub mod node;
pub mod oblige;
mod occupancy;
pub mod perft;
pub mod pieces;
pub mod repetition;
mod sees;
pub mod state;
pub mod statements;
pub mod status;
pub mod turn;

pub use action::{ANY_TYPE, Chosen, ChosenAs, Effect, Move, MoveList, PieceMove};
pub use budget::{MAX_ATTACK_NESTING, MAX_PATH_DEPTH, PATTERN_BUDGET, PatternOverrun, Stop, take_overrun};
pub use legal::Refusal;
pub use perft::{Perft, PerftError};
pub use state::State;
pub use status::{Early, Status};
