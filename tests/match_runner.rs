//! tools/match.py, the match runner, driven end to end: two `interp uci` engines at a node
//! budget under the `interp play` referee, and the `play:` adapter (interp's AI through
//! `interp play` stdin/stdout) against a UCI engine. Node budgets make the games the same
//! on every run, so the records can be compared. Skipped, saying so, without python3.

use std::path::PathBuf;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_interp");
const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const CHESS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.toml");

fn python() -> bool {
    let ok = Command::new("python3").arg("--version").output().is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("skipped: python3 is not available to run tools/match.py");
    }
    ok
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("interp-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir.join(name)
}

/// Runs the runner with `args` after the game; returns (exit code, stdout, stderr).
fn run(game: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new("python3")
        .arg(format!("{ROOT}/tools/match.py"))
        .arg(game)
        .args(args)
        .args(["--interp", BIN])
        .current_dir(ROOT)
        .output()
        .expect("run tools/match.py");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The games of a records file: (result, actions).
fn records(path: &PathBuf) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(path).expect("records written");
    let mut games = Vec::new();
    let mut result = String::new();
    for line in text.lines() {
        if let Some(r) = line.strip_prefix("[Result \"") {
            result = r.trim_end_matches("\"]").to_string();
        } else if !line.is_empty() && !line.starts_with('[') {
            let mut acts: Vec<String> = line.split_whitespace().map(str::to_string).collect();
            assert_eq!(acts.pop().as_deref(), Some(result.as_str()), "record ends with its result");
            games.push((result.clone(), acts));
        }
    }
    games
}

/// Every action of the record is legal in turn: `interp moves` accepts the whole list.
fn assert_legal(game: &str, acts: &[String]) {
    let out = Command::new(BIN).args(["moves", game, "--moves", &acts.join(" ")]).output().expect("run interp moves");
    assert!(out.status.success(), "{acts:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// The W/D/L of the table's first engine line.
fn wdl(table: &str, label: &str) -> (u32, u32, u32) {
    let line = table.lines().find(|l| l.starts_with(label)).expect("engine line");
    let n: Vec<u32> = line[label.len()..].split_whitespace().take(3).map(|w| w.parse().unwrap()).collect();
    (n[0], n[1], n[2])
}

#[test]
fn two_uci_engines_play_the_same_games_at_a_node_budget() {
    if !python() {
        return;
    }
    let uci = format!("uci:{BIN} uci {CHESS}");
    let mut seen = Vec::new();
    for run_no in 0..2 {
        let rec = scratch(&format!("uci{run_no}.pgn"));
        let rec_s = rec.to_str().unwrap();
        let (code, out, err) = run(
            CHESS,
            &[&uci, &uci, "--limit1", "nodes=300", "--limit2", "nodes=60", "--pairs", "1"]
                .into_iter()
                .chain(["--opening", "2", "--max-plies", "40", "--records", rec_s])
                .collect::<Vec<_>>(),
        );
        assert_eq!(code, Some(0), "stdout:\n{out}\nstderr:\n{err}");
        assert!(out.contains("2 games"), "{out}");
        let (w, d, l) = wdl(&out, "interp uci chess.toml (nodes 300)");
        assert_eq!(w + d + l, 2, "{out}");
        assert!(err.contains("game 2/2"), "progress on stderr: {err}");
        let games = records(&rec);
        assert_eq!(games.len(), 2);
        // A pair starts from one opening, colours swapped.
        assert_eq!(games[0].1[..2], games[1].1[..2]);
        for (_, acts) in &games {
            assert_legal(CHESS, acts);
            assert!(acts.len() > 2 && acts.len() <= 40, "{acts:?}");
        }
        seen.push(std::fs::read_to_string(&rec).unwrap());
    }
    assert_eq!(seen[0], seen[1], "a node budget gives the same games");
}

#[test]
fn the_play_adapter_drives_interp_play_as_engine_and_referee() {
    if !python() {
        return;
    }
    let rec = scratch("play.pgn");
    let play = format!("play:{BIN}");
    let uci = format!("uci:{BIN} uci {CHESS}");
    let (code, out, err) = run(
        CHESS,
        &[&play, &uci, "--limit", "nodes=200", "--games", "2", "--max-plies", "12"]
            .into_iter()
            .chain(["--records", rec.to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    assert_eq!(code, Some(0), "stdout:\n{out}\nstderr:\n{err}");
    let games = records(&rec);
    assert_eq!(games.len(), 2);
    for (result, acts) in &games {
        assert_legal(CHESS, acts);
        // Neither side can mate in 12 plies from the start at this budget: the cap decides.
        assert_eq!((result.as_str(), acts.len()), ("1/2-1/2", 12), "{out}");
    }
    assert!(out.contains("1/2 ply cap 2"), "{out}");
    assert_ne!(games[0].1, games[1].1, "colours alternate");
}

#[test]
fn hidden_setup_choices_are_played_from_the_real_start() {
    // Tâktykâ's Leaders are chosen hidden: the UCI engine choosing after the `play` AI is
    // given a position with its own side to choose and nothing of the other's choice.
    if !python() {
        return;
    }
    let game = format!("{ROOT}/games/taktyka.toml");
    let rec = scratch("hidden.pgn");
    let (play, uci) = (format!("play:{BIN}"), format!("uci:{BIN} uci {game}"));
    let (code, out, err) = run(
        &game,
        &[&play, &uci, "--limit", "nodes=200", "--pairs", "1", "--opening", "0", "--max-plies", "12"]
            .into_iter()
            .chain(["--records", rec.to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    assert_eq!(code, Some(0), "stdout:\n{out}\nstderr:\n{err}");
    assert!(!out.contains("aborted"), "{out}");
    let games = records(&rec);
    assert_eq!(games.len(), 2);
    for (_, acts) in &games {
        assert_legal(&game, acts);
        assert!(acts[0].starts_with("leader:") && acts[1].starts_with("leader:"), "{acts:?}");
    }
}

#[test]
fn a_bad_engine_or_limit_is_refused_with_a_message() {
    if !python() {
        return;
    }
    let (code, _, err) = run(CHESS, &["telnet:x", "play:x"]);
    assert_ne!(code, Some(0));
    assert!(err.contains("bad engine `telnet:x`"), "{err}");
    let (code, _, err) = run(CHESS, &["play:x", "play:y", "--limit", "seconds=3"]);
    assert_ne!(code, Some(0));
    assert!(err.contains("bad limit `seconds=3`"), "{err}");
    let (code, _, err) = run(CHESS, &["play:x", "play:y"]);
    assert_ne!(code, Some(0));
    assert!(err.contains("at most one play: engine"), "{err}");
}
