//! Helpers shared by the integration tests (each test crate uses a subset).
#![allow(dead_code)]

use interp::engine::State;
use interp::engine::{Perft, Status};
use interp::ir::Game;
use std::path::PathBuf;
use std::sync::OnceLock;

/// Absolute path of a file in the repository.
pub fn repo_path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// games/chess.toml, loaded once per test binary.
pub fn chess() -> &'static Game {
    static G: OnceLock<Game> = OnceLock::new();
    G.get_or_init(|| {
        let p = repo_path("games/chess.toml");
        interp::open(p.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("chess.toml must load:\n{e}"))
    })
}

/// Parses a FEN exactly as the CLI's `--fen` does.
pub fn parse_fen(g: &Game, fen: &str) -> State {
    g.parse_position(fen).unwrap_or_else(|e| panic!("bad FEN `{fen}`: {e}"))
}

/// Plays space-separated actions from `st`, as the CLI's `--moves` does; returns the final
/// state and the position keys of the positions before each action (for repetition).
pub fn play(g: &Game, st: &State, moves: &str) -> (State, Vec<u64>) {
    let mut st = st.clone();
    let mut hist = vec![];
    for (i, a) in moves.split_whitespace().enumerate() {
        let list = g.actions(&st);
        let m = g.find_move(&st, &list, a).unwrap_or_else(|| {
            panic!(
                "illegal action `{a}` at index {i} in position {}; legal: {}",
                g.position_string(&st),
                g.notations(&st, &list).join(" ")
            )
        });
        hist.push(g.position_key(&st));
        g.apply(&mut st, &m, list.effects_of(&m));
    }
    (st, hist)
}

/// Sorted notations of the legal actions (as `interp moves` prints them).
pub fn legal(g: &Game, st: &State) -> Vec<String> {
    let list = g.actions(st);
    g.notations(st, &list)
}

/// perft(depth) with the engine's counter.
pub fn perft(g: &Game, st: &State, depth: usize) -> u64 {
    Perft::new(g, st, depth.max(1)).count(st, depth)
}

/// The status with automatic draws applied (as `show` reports it).
pub fn status(g: &Game, st: &State, hist: &[u64]) -> Status {
    g.node(st, hist, true).1
}

/// A human-readable status line.
pub fn status_text(g: &Game, st: &State, hist: &[u64]) -> String {
    match status(g, st, hist) {
        Status::Decision(p) => format!("to move: {}", g.players[p as usize]),
        Status::Chance => "to move: chance".to_string(),
        Status::Over(Some(w)) => format!("result: {} wins", g.players[w as usize]),
        Status::Over(None) => "result: draw".to_string(),
    }
}

/// Legal actions grouped by origin cell, one line per origin: `e1: e1-c1 e1-d1 ...`.
pub fn grouped(actions: &[String]) -> String {
    let mut out = String::new();
    let mut cur = String::new();
    for a in actions {
        let from = a.split('-').next().unwrap_or("").to_string();
        if from != cur {
            if !cur.is_empty() {
                out.push('\n');
            }
            out.push_str(&format!("{from}:"));
            cur = from;
        }
        out.push(' ');
        out.push_str(a);
    }
    out
}

/// A deterministic linear congruential generator (Knuth's MMIX constants).
pub struct Lcg(pub u64);

impl Lcg {
    /// Next value in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Runs `f` with insta writing snapshots into /work/main/snapshots (the repo's snapshots/).
#[macro_export]
macro_rules! with_snapshots {
    ($body:block) => {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, $body)
    };
}

/// `ongoing`, `white`, `black` or `draw`, as the reference vector files write results.
pub fn result_word(g: &Game, s: Status) -> String {
    match s {
        Status::Decision(_) | Status::Chance => "ongoing".into(),
        Status::Over(Some(w)) => g.players[w as usize].clone(),
        Status::Over(None) => "draw".into(),
    }
}

/// The status without automatic draws (as perft and the reference vectors judge).
fn status_raw(g: &Game, st: &State) -> Status {
    g.node(st, &[], false).1
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
        let (st, _) = play(g, &g.initial(), f[0]);
        let acts = legal(g, &st);
        let want: Vec<&str> = f[3].split_whitespace().collect();
        assert_eq!(acts, want, "line {}: legal actions after `{}`", i + 1, f[0]);
        assert_eq!(acts.len().to_string(), f[1], "line {}: perft(1)", i + 1);
        assert_eq!(perft(g, &st, 2).to_string(), f[2], "line {}: perft(2)", i + 1);
        assert_eq!(result_word(g, status_raw(g, &st)), f[4], "line {}: result", i + 1);
        n += 1;
    }
    n
}
