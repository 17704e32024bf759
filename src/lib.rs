//! interp: plays chess-like games whose rules live in data files.
//!
//! The pipeline, one folder a stage, each using only the stages before it:
//! [`syntax`] (the rules language: grammar, parser, syntax tree) → [`load`] (TOML game
//! files, `extends`) → [`check`] (names resolved, every problem reported) → [`board`]
//! (cells, directions, links) → [`ir`] (the compiled game's own types) → [`lower`] (a
//! checked game as the engine's tables, which cannot fail) → [`opt`]
//! (load-time specialisation: slides, leaps, attack tables) → [`engine`] (positions,
//! legal actions, status, perft) → [`notation`] (action notation, position strings) →
//! [`ai`] → front ends ([`render`], [`selfplay`], [`serve`]: the web page, [`protocol`]: UCI and
//! XBoard for engine clients, and [`cli`], which runs every command, `serve` among them; [`front`] holds what they share: games by name,
//! who decides for a player, typed actions read forgivingly, hidden choices and chance
//! memory). [`diag`] (spans and
//! diagnostics) is used by every stage up to the compiler; [`vocab`] holds the operators,
//! events and outcomes the syntax and the IR share.

pub mod ai;
pub mod author;
pub mod board;
pub mod check;
pub mod cli;
pub mod diag;
pub mod engine;
pub mod files;
pub mod front;
pub mod ir;
pub mod load;
pub mod lower;
pub mod notation;
pub mod opt;
pub mod protocol;
pub mod record;
pub mod render;
pub mod selfplay;
pub mod serve;
pub mod syntax;
pub mod vocab;

use diag::{Diag, LoadError};
use ir::Game;
use opt::Passes;

/// Loads and compiles a game file, with option overrides (`NAME` or `NAME=VALUE`).
pub fn open(path: &str, options: &[String]) -> Result<Game, LoadError> {
    open_with(path, options, &Passes::default())
}

/// Loads and compiles a game file with a choice of optimiser passes (for testing that
/// each pass leaves the game's behaviour unchanged).
pub fn open_with(path: &str, options: &[String], passes: &Passes) -> Result<Game, LoadError> {
    let (spec, sources, diags) = load::load(path)?;
    let checked = match check::check(&spec, options) {
        Ok(c) if diags.is_empty() => c,
        Ok(_) => return Err(LoadError::Invalid(sources, diags)),
        Err(more) => return Err(LoadError::Invalid(sources, merged(diags, more))),
    };
    let mut game = lower::lower(checked, path);
    opt::optimise(&mut game, passes);
    Ok(game)
}

/// Problems of two stages, each reported once.
fn merged(mut diags: Vec<Diag>, more: Vec<Diag>) -> Vec<Diag> {
    for d in more {
        if !diags.contains(&d) {
            diags.push(d);
        }
    }
    diags
}
