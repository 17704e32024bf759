//! Helpers for the Tishai and Trubix-43 integration tests: load a game, play actions as the
//! CLI's `--moves` does, list legal actions, run perft, check reference vector lines.
#![allow(dead_code)]

use interp::engine::State;
use interp::engine::Status;
use interp::ir::Game;

#[path = "../common/mod.rs"]
mod common;

#[allow(unused_imports)]
pub use common::{grouped, legal, perft, reference_vector, repo_path, result_word};

/// Loads and compiles `games/<file>`.
pub fn load(file: &str) -> Game {
    let p = repo_path(&format!("games/{file}"));
    interp::open(p.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{file} must load:\n{e}"))
}

/// Plays space-separated actions from `st`; returns the final state and the position keys
/// of the positions before each action (for repetition).
pub fn play_from(g: &Game, st: &State, moves: &str) -> (State, Vec<u64>) {
    common::play(g, st, moves)
}

/// Plays actions from the start.
pub fn play(g: &Game, moves: &str) -> (State, Vec<u64>) {
    play_from(g, &g.initial(), moves)
}

/// The node's status; `automatic` applies repetition and clock draws (as `show` does).
pub fn status(g: &Game, st: &State, hist: &[u64], automatic: bool) -> Status {
    g.node(st, hist, automatic).1
}

/// The text of a snapshot: the actions played, `show`'s diagram, position string and
/// status, and the sorted legal actions grouped by origin.
pub fn case_text(g: &Game, st: &State, hist: &[u64], from: &str, moves: &str) -> String {
    let actions = legal(g, st);
    let mut text = format!("from: {from}\nmoves: {}\n", if moves.is_empty() { "-" } else { moves });
    text.push_str(&interp::render::show(g, st, hist));
    text.push_str(&format!("actions ({}):\n{}\n", actions.len(), grouped(&actions)));
    text
}
