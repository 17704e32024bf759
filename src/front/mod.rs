//! What the front ends share (the command line, the web server): who decides for a player
//! ([`side`]), games found by name ([`games`]), what a person typed read forgivingly
//! ([`input`]), and the hidden choices and chance memory of a game in progress ([`hidden`]).

pub mod games;
pub mod hidden;
pub mod input;
pub mod side;

pub use hidden::{chance_key, hidden_start, public_view};
pub use side::Side;
