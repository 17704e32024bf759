//! The test cases of every game (games/**/*.toml with its NAME.tests.toml), run through
//! the library as `interp test` runs them; a deliberately broken copy of a game fails with
//! a readable difference; `interp test`'s exit statuses.

mod common;

use common::repo_path;
use interp::author::cases;
use interp::author::test::{Filter, game_files, render, run_game};
use std::path::{Path, PathBuf};
use std::process::Command;

fn games() -> Vec<PathBuf> {
    let files = game_files(&repo_path("games")).unwrap();
    assert!(files.iter().any(|f| f.ends_with("games/chess.toml")), "{files:?}");
    assert!(files.iter().any(|f| f.ends_with("games/examples/minichess.toml")), "{files:?}");
    assert!(!files.iter().any(|f| f.to_string_lossy().ends_with(".tests.toml")), "{files:?}");
    files
}

/// The rendered reports of the games with a failing case (empty when all pass).
fn failures(filter: &Filter) -> String {
    let mut out = String::new();
    for f in games() {
        let r = run_game(&f, filter).unwrap_or_else(|e| panic!("{e}"));
        assert!(!r.cases.is_empty(), "{}: no cases", f.display());
        if r.failed() > 0 {
            out.push_str(&render(&r, false));
        }
    }
    out
}

#[test]
fn every_game_passes_its_cases() {
    let failed = failures(&Filter::default());
    assert!(failed.is_empty(), "failing cases:\n{failed}");
}

#[test]
#[ignore = "deep perft (about three minutes in a release build): cargo test --release -- --ignored"]
fn every_game_passes_its_slow_cases_too() {
    let failed = failures(&Filter { slow: true, only: None });
    assert!(failed.is_empty(), "failing cases:\n{failed}");
}

/// The project's rule for the games it ships: each carries at least a perft case from the
/// start and a case with a result (in the game file's `[[case]]` tables or NAME.tests.toml).
#[test]
fn every_game_has_a_start_case_with_perft_and_a_case_with_a_result() {
    for f in games() {
        let all = cases::load(&f).unwrap_or_else(|e| panic!("{e}"));
        let at_start = |c: &cases::Case| {
            c.fen.is_none() && c.record.is_none() && c.moves.trim().is_empty() && c.options.is_empty()
        };
        assert!(
            all.iter().any(|c| at_start(&c.case) && !c.case.perft.is_empty()),
            "{}: no case with perft from the start: add `[[case]]` with `perft = [...]` (docs/LANGUAGE.md §21)",
            f.display()
        );
        assert!(
            all.iter().any(|c| c.case.result.is_some()),
            "{}: no case with a result: add `[[case]]` with `result = \"...\"` (docs/LANGUAGE.md §21)",
            f.display()
        );
    }
}

/// A scratch directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("interp-game-cases-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A copy of games/tishai.toml whose King slides 2 cells instead of 3, with the hand-written
/// cases of games/tishai.tests.toml and its first reference vector.
fn broken_tishai(dir: &Path) -> PathBuf {
    let rules = std::fs::read_to_string(repo_path("games/tishai.toml")).unwrap();
    let broken = rules.replace("piece K { move slide(any, 3) }", "piece K { move slide(any, 2) }");
    assert_ne!(broken, rules, "the King's rule is where the test expects it");
    std::fs::write(dir.join("tishai.toml"), broken).unwrap();
    let tests = std::fs::read_to_string(repo_path("games/tishai.tests.toml")).unwrap();
    let head = &tests[..tests.find("# ---- reference vectors").unwrap()];
    let first = tests.find("[[case]]\nname = \"reference vector 1 (").unwrap();
    let end = tests[first + 1..].find("[[case]]").map_or(tests.len(), |i| first + 1 + i);
    std::fs::write(dir.join("tishai.tests.toml"), format!("{head}{}", &tests[first..end])).unwrap();
    dir.join("tishai.toml")
}

#[test]
fn a_broken_copy_of_a_game_fails_with_a_readable_difference() {
    let dir = scratch("broken");
    let game = broken_tishai(&dir);
    let r = run_game(&game, &Filter::default()).unwrap();
    assert_eq!((r.cases.len(), r.failed(), r.slow_skipped), (3, 2, 1));
    let text = render(&r, false).replace(&dir.display().to_string(), "TMP");
    std::fs::remove_dir_all(&dir).unwrap();
    with_snapshots!({
        insta::assert_snapshot!("broken_tishai_king", text);
    });
}

fn interp_test(args: &[&str]) -> (i32, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_interp")).arg("test").args(args).current_dir(repo_path("")).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap(), text)
}

#[test]
fn exit_status_says_passed_failed_or_unreadable() {
    let (code, out) = interp_test(&["games/examples/minichess.toml", "games/taasen.toml"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("games/examples/minichess.toml: 3 passed, 0 failed\n"), "{out}");
    assert!(out.contains("total over 2 games: "), "{out}");
    let dir = scratch("cli");
    let game = broken_tishai(&dir);
    let (code, out) = interp_test(&[game.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("perft(3): expected 20320, got 20158"), "{out}");
    // Only the case asked for.
    let (code, out) = interp_test(&[game.to_str().unwrap(), "--case", "no legal move"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(": 1 passed, 0 failed\n"), "{out}");
    // A tests file that is not TOML cases: the file and line, exit 2.
    std::fs::write(dir.join("tishai.tests.toml"), "[[case]]\nperft = \"many\"\n").unwrap();
    let (code, out) = interp_test(&[game.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("tishai.tests.toml:2:"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
    let (code, out) = interp_test(&["games/no-such-game.toml"]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("games/no-such-game.toml"), "{out}");
}

/// A case may start from a game saved by `play` (`record`, relative to the file of the
/// case) and go on with `moves`; cases may also stand in the game file itself, before those
/// of NAME.tests.toml.
#[test]
fn cases_start_from_a_saved_game_and_live_in_the_game_file_too() {
    let dir = scratch("record");
    let rules = std::fs::read_to_string(repo_path("games/examples/minichess.toml")).unwrap();
    let inline = "\n[[case]]\nname = \"inline\"\nperft = [7]\n";
    std::fs::write(dir.join("minichess.toml"), format!("{rules}{inline}")).unwrap();
    let moves = ["b2-b3".to_string(), "c4-c3".to_string()];
    let g = interp::open(dir.join("minichess.toml").to_str().unwrap(), &[]).unwrap();
    let header = interp::record::Header::new("minichess.toml", rules.as_bytes(), &[], vec!["human".into(); 2]);
    let saved = interp::record::GameRecord::of_game(&g, &header, &moves).unwrap().to_text();
    std::fs::create_dir_all(dir.join("saves")).unwrap();
    std::fs::write(dir.join("saves/game.txt"), saved).unwrap();
    // From the saved game (White to move after b2-b3 c4-c3), then d2 takes on c3.
    let side = "[[case]]\nname = \"from a save\"\nrecord = \"saves/game.txt\"\nmoves = \"d2-c3\"\n\
                legal = [\"b5-c3\"]\nillegal = [\"d2-c3\"]\n\n\
                [[case]]\nname = \"a save that is gone\"\nrecord = \"saves/none.txt\"\n";
    std::fs::write(dir.join("minichess.tests.toml"), side).unwrap();
    let r = run_game(&dir.join("minichess.toml"), &Filter::default()).unwrap();
    let text = render(&r, false).replace(&dir.display().to_string(), "TMP");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!((r.cases.len(), r.failed()), (3, 1), "{text}");
    assert!(text.contains("ok    1 inline"), "{text}");
    assert!(text.contains("ok    2 from a save"), "{text}");
    assert!(text.contains("FAIL  3 a save that is gone (TMP/minichess.tests.toml:8)"), "{text}");
    assert!(text.contains("cannot reach the start: record TMP/saves/none.txt: "), "{text}");
}
