//! `interp snapshot`: writes a game's report into its snapshot, `--check` compares (a
//! unified diff, exit 1 when it differs or is missing), `--accept` takes the new one;
//! case positions of `NAME.tests.toml` appear in the report. Runs on copies of game files
//! in temporary repositories (a `games` and a `snapshots` directory).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh temporary repository with `games/` and `snapshots/`, holding copies of
/// games/examples/minichess.toml as games/mini.toml and of rock-paper.toml as
/// games/rp.toml (with one game file only, insta's glob would name its snapshot `report@`).
fn repo(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("interp-snapshot-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::create_dir_all(dir.join("snapshots")).unwrap();
    std::fs::copy(root().join("games/examples/minichess.toml"), dir.join("games/mini.toml")).unwrap();
    std::fs::copy(root().join("games/examples/rock-paper.toml"), dir.join("games/rp.toml")).unwrap();
    dir
}

/// Runs `interp snapshot ARGS` in `dir`.
fn snapshot(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_interp")).current_dir(dir).arg("snapshot").args(args).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

/// The snapshot file of games/mini.toml in a temporary repository.
fn snap_file(dir: &Path) -> PathBuf {
    dir.join("snapshots/game_snapshots__report@mini.toml.snap")
}

#[test]
fn check_passes_on_the_stored_snapshot_of_a_shipped_game() {
    let o = snapshot(&root(), &["--check", "games/chess.toml"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("games/chess.toml: unchanged"), "{}", stdout(&o));
}

#[test]
fn write_check_change_check_accept_check() {
    let dir = repo("cycle");
    let o = snapshot(&dir, &["--check", "games/mini.toml"]);
    assert_eq!(o.status.code(), Some(1), "a missing snapshot fails --check");
    assert!(stdout(&o).contains("no snapshot at"), "{}", stdout(&o));

    let o = snapshot(&dir, &["games/mini.toml"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).contains("games/mini.toml: wrote snapshots/game_snapshots__report@mini.toml.snap"),
        "{}",
        stdout(&o)
    );
    let text = std::fs::read_to_string(snap_file(&dir)).unwrap();
    assert!(
        text.starts_with(
            "---\nsource: tests/game_snapshots.rs\nexpression: report\ninput_file: games/mini.toml\n---\n"
        )
    );
    assert!(text.contains("Gardner minichess\n================="), "{text}");
    assert_eq!(snapshot(&dir, &["--check", "games/mini.toml"]).status.code(), Some(0));

    // Bishops step one cell instead of sliding.
    let game = dir.join("games/mini.toml");
    let rules = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, rules.replace("piece B { move slide(diag) }", "piece B { move step(diag) }")).unwrap();
    let o = snapshot(&dir, &["--check", "games/mini.toml"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("--- ") && out.contains("+++ new report") && out.contains("@@ "), "a unified diff:\n{out}");
    assert!(out.contains("\n-    c3-a1 c3-a5 c3-b2 c3-b4 c3-d2 c3-d4 c3-e1 c3-e5\n"), "the lost bishop moves:\n{out}");
    assert!(out.contains("\n+    c3-b2 c3-b4 c3-d2 c3-d4\n"), "the bishop's steps:\n{out}");
    assert!(out.contains("the report differs from"), "{out}");

    std::fs::write(snap_file(&dir).with_extension("snap.new"), "stale").unwrap();
    let o = snapshot(&dir, &["--accept", "games/mini.toml"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("updated snapshots/game_snapshots__report@mini.toml.snap ("), "{}", stdout(&o));
    assert!(!stdout(&o).contains("@@"), "--accept shows no diff");
    assert!(!snap_file(&dir).with_extension("snap.new").exists(), "the stale .snap.new is gone");
    let o = snapshot(&dir, &["--check", "games/mini.toml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("unchanged"));
}

#[test]
fn without_games_every_game_file_below_games_is_written_but_not_tests_files() {
    let dir = repo("all");
    std::fs::create_dir_all(dir.join("games/more")).unwrap();
    std::fs::copy(root().join("games/examples/rock-paper.toml"), dir.join("games/more/rp2.toml")).unwrap();
    std::fs::write(dir.join("games/mini.tests.toml"), "").unwrap();
    let o = snapshot(&dir, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let mut names: Vec<String> = std::fs::read_dir(dir.join("snapshots"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    // insta's glob names a file by its path below the common directory of the matches.
    let expected =
        ["@mini.toml.snap", "@more__rp2.toml.snap", "@rp.toml.snap"].map(|s| format!("game_snapshots__report{s}"));
    assert_eq!(names, expected);
    let o = snapshot(&dir, &[]);
    assert_eq!(stdout(&o).matches(": unchanged").count(), 3, "{}", stdout(&o));
}

#[test]
fn dir_puts_the_snapshots_elsewhere() {
    let dir = repo("dir");
    let o = snapshot(&dir, &["--dir", "elsewhere/snaps", "games/mini.toml"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(dir.join("elsewhere/snaps/game_snapshots__report@mini.toml.snap").exists());
    assert!(!snap_file(&dir).exists());
}

#[test]
fn the_report_shows_each_case_position() {
    let dir = repo("cases");
    let cases = r#"
[[case]]
name = "after 1. b3"
moves = "b2-b3"

[[case]]
name = "a mate"
fen = "4k/3Q1/2K2/5/5 b - -"

[[case]]
name = "deep"
slow = true

[[case]]
name = "cannot start"
moves = "a1-a5"
"#;
    std::fs::write(dir.join("games/mini.tests.toml"), cases).unwrap();
    assert_eq!(snapshot(&dir, &["games/mini.toml"]).status.code(), Some(0));
    let text = std::fs::read_to_string(snap_file(&dir)).unwrap();
    let after = text.split("Case 1: after 1. b3\n").nth(1).expect("case 1 has a section");
    assert!(after.starts_with("-------------------\nfrom: moves b2-b3\nposition: "), "{after}");
    assert!(after.contains("position: rnbqk/ppppp/1P3/P1PPP/RNBQK b - -\nto move: black\n"), "{after}");
    assert!(after.contains("perft by depth: 1: 8, 2: 77, 3: 748\nactions (8):\n  a4-a3 a4-b3 "), "{after}");
    let mate = text.split("Case 2: a mate\n").nth(1).unwrap();
    assert!(
        mate.contains("result: white wins, by end rule 1: loss if no-moves & check\nperft by depth: 1: 0\n"),
        "{mate}"
    );
    assert!(
        text.contains("Case 3: deep\n------------\nfrom: the start\n(a slow case: left out of the report)\n"),
        "{text}"
    );
    let bad = text.split("Case 4: cannot start\n").nth(1).unwrap();
    assert!(bad.contains("(its start cannot be reached: `moves`: action 1 (`a1-a5`) is not legal there"), "{bad}");
    let order = ["\nThe start\n", "Case 1:", "Case 4:", "\nPiece moves on an otherwise empty board\n"];
    let at: Vec<usize> = order.iter().map(|s| text.find(s).unwrap()).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "sections in order: {at:?}");
}

#[test]
fn a_case_with_options_opens_the_game_with_them() {
    let dir = repo("options");
    std::fs::copy(root().join("games/asteryx.toml"), dir.join("games/asteryx.toml")).unwrap();
    let cases =
        "[[case]]\nname = \"one victim\"\noptions = [\"single-capture\"]\n\n[[case]]\noptions = [\"no-such-option\"]\n";
    std::fs::write(dir.join("games/asteryx.tests.toml"), cases).unwrap();
    let o = snapshot(&dir, &["games/asteryx.toml"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(dir.join("snapshots/game_snapshots__report@asteryx.toml.snap")).unwrap();
    assert!(
        text.contains("Case 1: one victim\n------------------\nfrom: the start\noptions: single-capture\nposition: "),
        "{text}"
    );
    assert!(text.contains("options: no-such-option\n(the game does not open with these options:"), "{text}");
}
