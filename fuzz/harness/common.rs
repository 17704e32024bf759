//! What the fuzz harnesses share: the shipped games (loaded once), a step of play chosen
//! by a byte, the position-string round trip, and scratch files unique to this process.
//!
//! Included by each fuzz target and by tests/fuzz_regressions.rs with `#[path]`, so the
//! regression tests run exactly the code the fuzzer ran.
#![allow(dead_code)]

use interp::engine::{State, Status};
use interp::ir::Game;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The shipped games a first input byte chooses from (byte % len). The order is fixed so
/// that a saved input keeps meaning the same game.
pub const GAMES: &[&str] = &[
    "games/chess.toml",
    "games/tishai.toml",
    "games/taasen.toml",
    "games/taktyka.toml",
    "games/trubix-43.toml",
    "games/asteryx.toml",
    "games/asteryx-single.toml",
    "games/examples/capablanca.toml",
    "games/examples/chess-no-castling.toml",
    "games/examples/crazyhouse.toml",
    "games/examples/minichess.toml",
    "games/examples/rock-paper.toml",
    "games/examples/xiangqi.toml",
];

/// The repository's root: the crate's folder for the tests, its parent for fuzz/.
pub fn repo_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    if here.join("games").is_dir() {
        here.to_path_buf()
    } else {
        here.parent().expect("fuzz/ has a parent").to_path_buf()
    }
}

/// A shipped game: its absolute path and the compiled game.
pub struct Shipped {
    /// Absolute path of the game file.
    pub path: String,
    /// The game.
    pub game: Game,
}

/// Every game of [`GAMES`], loaded on first use.
fn shipped() -> &'static [Shipped] {
    static ALL: OnceLock<Vec<Shipped>> = OnceLock::new();
    ALL.get_or_init(|| {
        GAMES
            .iter()
            .map(|rel| {
                let path = repo_root().join(rel).to_string_lossy().into_owned();
                let game = interp::open(&path, &[]).unwrap_or_else(|e| panic!("{rel} must load:\n{e}"));
                Shipped { path, game }
            })
            .collect()
    })
}

/// The shipped game a byte chooses.
pub fn game(byte: u8) -> &'static Shipped {
    let all = shipped();
    &all[byte as usize % all.len()]
}

/// A scratch file for this process and `name` (its folder holds nothing else, so a
/// relative `extends` in a fuzzed game file finds nothing by chance).
pub fn scratch(name: &str) -> PathBuf {
    let shm = Path::new("/dev/shm");
    let base = if shm.is_dir() { shm.to_path_buf() } else { std::env::temp_dir() };
    let dir = base.join(format!("interp-fuzz-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the scratch folder can be made");
    dir.join(name)
}

/// Plays the action `byte` chooses at `st` (byte % number of actions), pushing the key
/// of the position left onto `hist`. False when the game is over or has no action.
pub fn step(g: &Game, st: &mut State, hist: &mut Vec<u64>, byte: u8) -> bool {
    let (list, status) = g.node(st, hist, true);
    if matches!(status, Status::Over(_)) || list.is_empty() {
        return false;
    }
    let m = list.moves[byte as usize % list.len()];
    let text = g.notation(st, &m);
    let found = g.find_move(st, &list, &text);
    assert_eq!(found, Some(m), "the notation `{text}` does not find its own action at {}", g.position_string(st));
    hist.push(g.position_key(st));
    g.apply(st, &m, list.effects_of(&m));
    true
}

/// After an action played from a position that was read (not reached by play): its
/// position string reads back, or is refused only as a position the game could never
/// reach (the start may have been such a position in a way the reader cannot see, e.g. an
/// en-passant register on a cell no double step marks).
pub fn round_trip_after_read(g: &Game, st: &State) {
    match g.parse_position(&g.position_string(st)) {
        Err(e) if e.is_unreachable() => {}
        _ => round_trip(g, st),
    }
}

/// The position string of `st` reads back as a state with the same position string.
pub fn round_trip(g: &Game, st: &State) {
    let text = g.position_string(st);
    let back =
        g.parse_position(&text).unwrap_or_else(|e| panic!("the position string `{text}` does not read back: {e}"));
    let again = g.position_string(&back);
    assert_eq!(text, again, "the position string changes when read back");
}
