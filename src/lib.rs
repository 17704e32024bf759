//! interp: plays chess-like games whose rules live in data files.
//!
//! The pipeline, one folder a stage, each using only the stages before it:
//! [`syntax`] (the rules language: grammar, parser, syntax tree) → [`load`] (TOML game
//! files, `extends`) → [`check`] (names resolved, every problem reported) → [`board`]
//! (cells, directions, links) → [`ir`] (the compiled game's own types) → [`opt`]
//! (load-time specialisation: slides, leaps, attack tables) → [`engine`] (positions,
//! legal actions, status, perft) → [`notation`] (action notation, position strings) →
//! [`ai`] → front ends ([`cli`], [`render`], [`selfplay`]). [`diag`] (spans and
//! diagnostics) is used by every stage up to the compiler.

pub mod ai;
pub mod board;
pub mod check;
pub mod cli;
pub mod diag;
pub mod engine;
pub mod ir;
pub mod load;
pub mod notation;
pub mod opt;
pub mod render;
pub mod selfplay;
pub mod syntax;

use diag::LoadError;
use ir::Game;

/// Loads and compiles a game file, with option overrides (`NAME` or `NAME=VALUE`).
pub fn open(path: &str, options: &[String]) -> Result<Game, LoadError> {
    let (spec, sources, mut diags) = load::load(path)?;
    match check::compile(&spec, path, options) {
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
