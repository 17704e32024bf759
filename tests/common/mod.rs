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

/// Loads a game from its text (written to a temporary file of its own, removed after).
pub fn load_text(text: &str, options: &[String]) -> Result<Game, interp::diag::LoadError> {
    static SEQ: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("interp-test-{}-{n}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let g = interp::open(path.to_str().unwrap(), options);
    let _ = std::fs::remove_file(&path);
    g
}

/// A game file of the repository (path relative to it), loaded with its default options.
pub fn open_game(rel: &str) -> Game {
    open_game_with(rel, &[])
}

/// A game file of the repository with options set (`--option NAME[=VALUE]`'s words).
pub fn open_game_with(rel: &str, options: &[&str]) -> Game {
    let p = repo_path(rel);
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    interp::open(p.to_str().unwrap(), &options).unwrap_or_else(|e| panic!("{rel} must load:\n{e}"))
}

/// A game file of the repository, loaded once per test binary: `game_once!("games/x.toml")`,
/// or with options: `game_once!("games/x.toml", &["name"])`.
#[macro_export]
macro_rules! game_once {
    ($rel:expr) => {{
        static G: std::sync::OnceLock<interp::ir::Game> = std::sync::OnceLock::new();
        G.get_or_init(|| $crate::common::open_game($rel))
    }};
    ($rel:expr, $options:expr) => {{
        static G: std::sync::OnceLock<interp::ir::Game> = std::sync::OnceLock::new();
        G.get_or_init(|| $crate::common::open_game_with($rel, $options))
    }};
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

/// Random legal actions (chance outcomes drawn like any choice) from the setup, while
/// `more(position, status, actions so far)` says to go on and there is an action.
pub fn random_actions(g: &Game, rng: &mut Lcg, more: impl Fn(&State, &Status, usize) -> bool) -> Vec<String> {
    let (mut st, mut hist): (State, Vec<u64>) = (g.initial(), vec![]);
    let mut played = vec![];
    loop {
        let (list, status) = g.node(&st, &hist, true);
        if !more(&st, &status, played.len()) || list.is_empty() {
            return played;
        }
        let all = g.notations(&st, &list);
        let a = all[rng.below(all.len())].clone();
        g.play_line(&mut st, &mut hist, [a.as_str()]).expect("a listed action is legal");
        played.push(a);
    }
}

/// Runs `f` with insta writing snapshots into /work/main/snapshots (the repo's snapshots/).
#[macro_export]
macro_rules! with_snapshots {
    ($body:block) => {
        insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, $body)
    };
}

/// `ongoing`, `draw` or the winner's name.
pub fn result_word(g: &Game, s: Status) -> String {
    match s {
        Status::Decision(_) | Status::Chance => "ongoing".into(),
        Status::Over(Some(w)) => g.players[w as usize].clone(),
        Status::Over(None) => "draw".into(),
    }
}

/// The actions of the reference vectors of a game (`game` relative to the repository),
/// in order: the cases named "reference vector N (...)" in its NAME.tests.toml, made by
/// tools/vectors-to-cases.py from the independent implementations' vector files. Their
/// perft, actions and results are checked by tests/game_cases.rs.
pub fn reference_moves(game: &str) -> Vec<String> {
    let all = interp::author::cases::load(&repo_path(game)).unwrap_or_else(|e| panic!("{e}"));
    let moves: Vec<String> = all
        .into_iter()
        .filter(|c| c.case.name.as_deref().is_some_and(|n| n.starts_with("reference vector ")))
        .map(|c| c.case.moves)
        .collect();
    assert!(moves.len() >= 40, "{game}: {} reference vectors", moves.len());
    moves
}

/// The actions of reference vector `n` (1-based, its line in the vector file) of a game.
pub fn reference_vector(game: &str, n: usize) -> String {
    let prefix = format!("reference vector {n} (");
    let all = interp::author::cases::load(&repo_path(game)).unwrap_or_else(|e| panic!("{e}"));
    let c = all.into_iter().find(|c| c.case.name.as_deref().is_some_and(|t| t.starts_with(&prefix)));
    c.unwrap_or_else(|| panic!("{game}: no {prefix}…)")).case.moves
}

/// Runs `interp ARGS` in the repository with `input` on stdin, to its end.
pub fn run_interp(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(args)
        .current_dir(repo_path("."))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("interp runs");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}
