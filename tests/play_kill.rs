//! `play` killed with SIGKILL at random points of 100 scripted games (random legal actions
//! from fixed seeds, on minichess, chess and Taasen, with `save!` commands and lines that
//! are not UTF-8 among them) never leaves a save or an autosave that fails to load, or that
//! loads anything but the actions sent up to some point.

mod common;

use common::{Lcg, random_actions};
use interp::engine::Status;
use interp::ir::Game;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const GAMES: [&str; 3] = ["games/examples/minichess.toml", "games/chess.toml", "games/taasen.toml"];
const RUNS: u64 = 100;
const MAX_ACTIONS: usize = 60;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Random legal actions from the setup until the game is over, chance is to act, or
/// `MAX_ACTIONS` are played.
fn random_game(g: &Game, rng: &mut Lcg) -> Vec<String> {
    random_actions(g, rng, |_, status, n| matches!(status, Status::Decision(_)) && n < MAX_ACTIONS)
}

fn script(actions: &[String], save: &Path, rng: &mut Lcg) -> Vec<u8> {
    let mut s = vec![];
    for a in actions {
        s.extend_from_slice(a.as_bytes());
        s.push(b'\n');
        match rng.below(8) {
            0 => s.extend_from_slice(format!("save! {}\n", save.display()).as_bytes()),
            1 => s.extend_from_slice(b"\xc3\x28 not text\n"),
            _ => {}
        }
    }
    s
}

/// The actions of a record left behind, if there is one; panics if it does not load or is
/// not a prefix of what was sent.
fn check_record(g: &Game, game: &str, record: &Path, sent: &[String], what: &str) -> Option<usize> {
    if !record.exists() {
        return None;
    }
    let (_, _, got, fen) = interp::record::load_record(g, game, record.to_str().unwrap())
        .unwrap_or_else(|e| panic!("{what} {} does not load: {e}", record.display()));
    assert_eq!(fen, None, "{what}");
    assert!(got.len() <= sent.len() && got[..] == sent[..got.len()], "{what}: {got:?} is not a prefix of {sent:?}");
    Some(got.len())
}

#[test]
fn play_killed_at_random_never_leaves_a_broken_or_different_record() {
    let games: Vec<Game> = GAMES.iter().map(|p| interp::open(root().join(p).to_str().unwrap(), &[]).unwrap()).collect();
    let dir = std::env::temp_dir().join(format!("interp-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut cut_short = 0;
    for run in 0..RUNS {
        let k = run as usize % GAMES.len();
        let mut rng = Lcg(0x9e37_79b9_7f4a_7c15 ^ (run + 1).wrapping_mul(0x1000_0000_01b3));
        let sent = random_game(&games[k], &mut rng);
        let (auto, save) = (dir.join(format!("{run}.autosave")), dir.join(format!("{run}.save")));
        let input = script(&sent, &save, &mut rng);
        let mut child = Command::new(env!("CARGO_BIN_EXE_interp"))
            .args(["play", GAMES[k], "--no-resume", "--autosave", auto.to_str().unwrap()])
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let feeder = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        std::thread::sleep(Duration::from_micros(rng.below(40_000) as u64));
        let _ = child.kill();
        child.wait().unwrap();
        feeder.join().unwrap();
        let a = check_record(&games[k], GAMES[k], &auto, &sent, "autosave");
        check_record(&games[k], GAMES[k], &save, &sent, "save");
        if a.is_some_and(|n| n < sent.len()) {
            cut_short += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    // The kills must land inside games, or the test shows nothing.
    assert!(cut_short >= 10, "only {cut_short} of {RUNS} runs were killed mid-game");
}
