//! Helpers for the Tishai and Trubix-43 integration tests: load a game, play actions as the
//! CLI's `--moves` does, list legal actions, run perft, check reference vector lines.
#![allow(dead_code)]

use interp::engine::Status;
use interp::game::Game;
use interp::state::{MoveList, State};

#[path = "../common/mod.rs"]
mod common;

pub use common::{grouped, legal, perft, repo_path};

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
    let mut l = MoveList::default();
    let mut scratch = st.clone();
    g.legal_moves(st, &mut l, &mut scratch);
    g.status(st, &l, hist, automatic)
}

/// `ongoing`, `white`, `black` or `draw`, as the reference vector files write results.
pub fn result_word(g: &Game, s: Status) -> String {
    match s {
        Status::Decision(_) | Status::Chance => "ongoing".into(),
        Status::Over(Some(w)) => g.players[w as usize].clone(),
        Status::Over(None) => "draw".into(),
    }
}

/// The text of a snapshot: the actions played, `show`'s diagram, position string and
/// status, and the sorted legal actions grouped by origin.
pub fn case_text(g: &Game, st: &State, hist: &[u64], from: &str, moves: &str) -> String {
    let actions = legal(g, st);
    let mut text = format!("from: {from}\nmoves: {}\n", if moves.is_empty() { "-" } else { moves });
    text.push_str(&interp::cli::show(g, st, hist));
    text.push_str(&format!("actions ({}):\n{}\n", actions.len(), grouped(&actions)));
    text
}

/// Checks every line of a reference vector file (tab-separated: actions, perft(1),
/// perft(2), sorted legal actions, result) and returns how many lines it checked.
pub fn check_vectors(g: &Game, data: &str) -> usize {
    let mut n = 0;
    for (i, line) in data.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 5, "line {}: five tab-separated fields", i + 1);
        let (st, _) = play(g, f[0]);
        let acts = legal(g, &st);
        let want: Vec<&str> = f[3].split_whitespace().collect();
        assert_eq!(acts, want, "line {}: legal actions after `{}`", i + 1, f[0]);
        assert_eq!(acts.len().to_string(), f[1], "line {}: perft(1)", i + 1);
        assert_eq!(perft(g, &st, 2).to_string(), f[2], "line {}: perft(2)", i + 1);
        assert_eq!(result_word(g, status(g, &st, &[], false)), f[4], "line {}: result", i + 1);
        n += 1;
    }
    n
}
