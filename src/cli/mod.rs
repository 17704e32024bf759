//! The command line (INTERFACE.md): check, moves, perft, show, play, render, selfplay,
//! explain.
//!
//! `args` holds the flags and `run` one function per command; a command's position comes
//! from `start` (`--fen`, `--moves`) or a saved game ([`crate::record`]); `play` is the
//! interactive game and `explain` tells what a diagnostic code means. Pictures come from
//! [`crate::render`].

mod args;
mod explain;
mod play;
mod run;
mod snapshot;
mod start;

pub use args::{Cli, Cmd, PlayArgs, SelfplayArgs, Start};
pub use play::{PlayOpts, Side, play};
pub use run::run;
