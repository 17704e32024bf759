//! Notation: action notation and position strings (FEN for chess).

pub mod action;
pub mod position;

pub use position::PositionError;
