//! Notation: action notation and position strings (FEN for chess).

pub mod action;
pub mod line;
pub mod position;
pub mod validate;

pub use line::LineError;
pub use position::PositionError;
