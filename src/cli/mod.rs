//! The command line (INTERFACE.md): check, moves, perft, show, play, render, selfplay,
//! explain.
//!
//! `args` holds the flags and `run` one function per command; a command's position comes
//! from `start` (`--fen`, `--moves`) or a saved game ([`crate::record`]); `diagram` draws positions
//! as text, `play` is the interactive game and `explain` tells what a diagnostic code means.

mod args;
mod diagram;
mod explain;
mod play;
mod run;
mod start;

pub use args::{Cli, Cmd, PlayArgs, SelfplayArgs, Start};
pub use diagram::{Style, diagram, show, show_styled};
pub use play::{PlayOpts, Side, play};
pub use run::run;
