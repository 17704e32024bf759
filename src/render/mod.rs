//! Pictures of positions: SVG with every cell's true shape ([`svg`]) and text diagrams
//! for terminals, reports and snapshots ([`text`]): the board with its coordinates
//! ([`picture`]), the legend and the state beside the board ([`panel`]); a piece alone
//! on an empty board ([`lone`]) and the rulebook of a game ([`rulebook`]).

mod coords;
mod layout;
pub mod lone;
pub mod panel;
pub mod picture;
pub mod rulebook;
pub mod svg;
pub mod text;

pub use picture::{View, picture};
pub use rulebook::rulebook;
pub use svg::{svg, svg_view};
pub use text::{Style, diagram, diagram_marked, show, show_styled, show_view};
