//! Notation: action notation and position strings (FEN for chess).

pub mod action;
pub mod line;
pub mod position;

pub use position::PositionError;
