//! The engine: positions, the pattern machine, legal moves, attacks and check, game
//! ends and perft. It runs on the compiled game ([`crate::ir::Game`]) only.

pub mod attack;
pub mod eval;
pub mod legal;
pub mod movegen;
pub mod node;
pub mod perft;
pub mod state;
pub mod status;

pub use perft::Perft;
pub use state::{Effect, Move, MoveList, State};
pub use status::Status;
