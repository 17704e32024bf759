//! Pictures of positions: SVG with every cell's true shape ([`svg`]) and text diagrams
//! for terminals, reports and snapshots ([`text`]); a piece alone on an empty board
//! ([`lone`]) and the rulebook of a game ([`rulebook`]).

pub mod lone;
pub mod rulebook;
pub mod svg;
pub mod text;

pub use rulebook::rulebook;
pub use svg::svg;
pub use text::{Style, diagram, diagram_marked, show, show_styled};
