//! interp: plays chess-like games whose rules live in data files.
//!
//! Pipeline: [`load`] (TOML + rules DSL via [`dsl`]) → [`compile`] (names checked, board
//! graph built by [`board`], patterns compiled to programs) → [`game::Game`] tables →
//! the engine ([`movegen`], [`state`], [`engine`]) → the AI ([`ai`]) → front ends ([`cli`],
//! [`render`], [`selfplay`]).

pub mod ai;
pub mod attack;
pub mod board;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod dsl;
pub mod engine;
pub mod eval;
pub mod game;
pub mod load;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod render;
pub mod selfplay;
pub mod state;

use diag::LoadError;
use game::Game;

/// Loads and compiles a game file, with option overrides (`NAME` or `NAME=VALUE`).
pub fn open(path: &str, options: &[String]) -> Result<Game, LoadError> {
    let (spec, sources, mut diags) = load::load(path)?;
    match compile::compile(&spec, path, options) {
        Ok(g) if diags.is_empty() => Ok(g),
        Ok(_) => Err(LoadError::Invalid(sources, diags)),
        Err(more) => {
            for d in more {
                if !diags.contains(&d) {
                    diags.push(d);
                }
            }
            Err(LoadError::Invalid(sources, diags))
        }
    }
}
