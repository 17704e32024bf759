//! Pictures of positions: SVG with every cell's true shape ([`svg`]) and text diagrams
//! for terminals, reports and snapshots ([`text`]).

pub mod svg;
pub mod text;

pub use svg::svg;
pub use text::{Style, diagram, diagram_marked, show, show_styled};
