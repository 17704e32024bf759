//! Notation: action notation and position strings (FEN for chess).

pub mod action;
mod capture;
pub mod events;
pub mod line;
pub mod near;
mod pocket;
pub mod position;
pub mod validate;
pub mod verdict;

pub use events::Event;
pub use line::LineError;
pub use position::PositionError;
pub use verdict::Verdict;
