//! The checker: resolves the declarations of the merged rules, then checks every use of a
//! name (patterns, conditions, expressions, statements, steps, triggers, end rules, setup
//! and display), reporting every problem with its span. A game that checks can be lowered
//! without a problem (`lower`).

use crate::board::Board;
use crate::diag::{CheckCode, Diag};
use crate::load::Spec;
use checker::Checker;
use merged::{Merged, merge};

pub(crate) mod ai;
mod attacks;
mod board;
pub mod builtins;
mod captures;
mod checker;
mod conds;
pub(crate) mod decls;
mod display;
mod ends;
mod entries;
pub mod expand;
mod exprs;
mod hand;
mod illegal;
mod inplace;
pub(crate) mod merged;
mod pass;
pub(crate) mod patterns;
mod pieces;
mod rules;
mod setup;
mod steps;
mod stmts;
mod triggers;

pub use decls::Decls;

/// What checking hands on to lowering: the merged rules, the board and the declarations.
pub struct Checked<'a> {
    /// The loaded game file.
    pub spec: &'a Spec,
    /// Its rules texts, merged.
    pub merged: Merged<'a>,
    /// The board.
    pub board: Board,
    /// Every declared name, resolved.
    pub decls: Decls,
}

/// Checks a loaded spec; `overrides` set options from the command line (`NAME` or
/// `NAME=VALUE`). Every problem found comes back at once.
pub fn check<'a>(spec: &'a Spec, overrides: &[String]) -> Result<Checked<'a>, Vec<Diag>> {
    let checked = declare(spec, overrides)?;
    let errs = validate(&checked);
    if errs.is_empty() { Ok(checked) } else { Err(errs) }
}

/// Resolves the board, the players and the declarations; their problems that leave the
/// declarations usable are kept in [`Decls::errs`].
fn declare<'a>(spec: &'a Spec, overrides: &[String]) -> Result<Checked<'a>, Vec<Diag>> {
    let merged = merge(&spec.rules);
    let Some(bdecl) = merged.board else {
        return Err(vec![Diag::new(
            CheckCode::NoBoard,
            spec.origin,
            "the game has no board",
            "add `board square files a..h ranks 1..8` to the rules",
        )]);
    };
    let board = board::build(bdecl)?;
    if spec.players.is_empty() {
        return Err(vec![Diag::new(
            CheckCode::NoPlayers,
            spec.origin,
            "the game has no players",
            "add `players = [\"white\", \"black\"]` to [game]",
        )]);
    }
    let decls = decls::declare(spec, &merged, &board, overrides)?;
    Ok(Checked { spec, merged, board, decls })
}

/// Every problem of a game whose declarations resolved, in the order of the rules'
/// parts: declarations, pieces, tallies, steps, drops, obligations, triggers, end rules,
/// setup, letters, captures; the display only once everything else checks.
fn validate(checked: &Checked<'_>) -> Vec<Diag> {
    let mut c = Checker::new(checked);
    c.pieces();
    c.tallies();
    c.steps();
    c.demotions();
    c.hand();
    c.drops();
    c.entries();
    c.requires();
    c.illegals();
    c.passes();
    c.triggers();
    c.ends();
    c.setup();
    c.reserves();
    c.fen();
    c.letters();
    c.glyphs();
    c.beats();
    c.pushes();
    c.custodians();
    c.attack_tests();
    c.attack_promotes();
    c.require_drops();
    c.ai();
    if c.is_clean() {
        c.display();
    }
    c.into_errs()
}
