//! The command line (INTERFACE.md): check, moves, perft, show, play, render, selfplay,
//! stats, explain, test, snapshot, diff, rules, list, serve, uci, xboard.
//!
//! Every game argument is a file or a game's name, resolved before the command runs
//! ([`games`]); `rules` prints a game's rulebook ([`crate::render::rulebook`]).
//!
//! `args` holds the flags and `run` one function per command; a command's position comes
//! from `start` (`--fen`, `--moves`) or a saved game ([`crate::record`]); `selfplay` plays
//! machine games and `stats` sums up their records; `play` is the interactive game and
//! `explain` tells what a diagnostic code means; `test` runs the test
//! cases of games, `snapshot` keeps reports of what their rules do and `diff` compares two
//! rule sets (all three from [`crate::author`]). Pictures come from [`crate::render`].

mod args;
mod autosave;
mod diff;
mod explain;
mod games;
mod play;
mod rules;
mod run;
mod selfplay;
mod snapshot;
mod start;
mod test;

pub use args::{Cli, Cmd, EngineArgs, PlayArgs, SelfplayArgs, Start};
pub use play::{Line, Lines, PlayOpts, play};
pub use run::run;
