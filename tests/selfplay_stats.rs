//! `selfplay --records` and `interp stats`: the shards of a run together play the games of
//! the whole run, and `stats` over their records prints the whole run's summary; records
//! carry the deciders, seed, result and termination; `stats` refuses what it cannot count.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn interp(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_interp")).args(args).current_dir(dir).output().unwrap()
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "exit {:?}\n{}", o.status, String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("interp-stats-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A run of minichess, AI against random: `games` seeds, a ply cap, a seed.
fn run_args(game: &Path, games: usize, max_plies: usize, seed: u64) -> Vec<String> {
    let (games, cap, seed) = (games.to_string(), max_plies.to_string(), seed.to_string());
    let args = ["selfplay", game.to_str().unwrap(), "--games", &games, "--white", "ai", "--black", "random"];
    args.iter().chain(&["--nodes", "200", "--max-plies", &cap, "--seed", &seed, "-q"]).map(|s| s.to_string()).collect()
}

fn with(base: &[String], extra: &[&str]) -> Vec<String> {
    base.iter().cloned().chain(extra.iter().map(|s| s.to_string())).collect()
}

fn run(dir: &Path, args: &[String]) -> String {
    stdout(&interp(dir, &args.iter().map(String::as_str).collect::<Vec<_>>()))
}

#[test]
fn shards_together_are_the_whole_run() {
    let dir = temp_dir("shards");
    let game = root().join("games/examples/minichess.toml");
    // Seven games, some stopped at a 14-ply cap.
    let base = run_args(&game, 7, 14, 11);
    let whole = run(&dir, &with(&base, &["--records", "whole.pgn"]));
    assert!(whole.contains("capped at 14 plies: "), "{whole}");
    assert!(!whole.contains("capped at 14 plies: 0 "), "the test wants capped games too: {whole}");
    let one = run(&dir, &with(&base, &["--shard", "1/2", "--records", "one.pgn", "--jobs", "2"]));
    let two = run(&dir, &with(&base, &["--shard", "2/2", "--records", "two.pgn"]));
    assert!(one.contains("\ngames played: 1, 3, 5, 7 of the run's 7 (numbered from 1)\n"), "{one}");
    assert!(two.contains("\ngames played: 2, 4, 6 of the run's 7 (numbered from 1)\n"), "{two}");
    assert!(one.starts_with("Gardner minichess: 4 games, seed 11"), "{one}");
    let merged = stdout(&interp(&dir, &["stats", "two.pgn", "one.pgn"]));
    // The search speed is measured anew by every run; all else is the same.
    let unmeasured = |s: &str| s.lines().filter(|l| !l.starts_with("search speed: ")).collect::<Vec<_>>().join("\n");
    assert!(merged.contains("\nsearch speed: A "), "{merged}");
    assert_eq!(unmeasured(&merged), unmeasured(&whole), "the shards' records sum up to the whole run's summary");
    assert_eq!(stdout(&interp(&dir, &["stats", "whole.pgn"])), whole);
    assert_eq!(stdout(&interp(&dir, &["stats", "one.pgn"])), one, "a shard's stats say which games too");
    // The records of the whole run are the shards' records, game by game (the date aside).
    let games = |f: &str| -> Vec<String> {
        let text = std::fs::read_to_string(dir.join(f)).unwrap();
        text.split("\n\n[")
            .map(|r| {
                let measured = |l: &str| ["[Date", "[Time", "[SearchMillis"].iter().any(|t| l.starts_with(t));
                r.lines().filter(|l| !measured(l)).collect::<Vec<_>>().join("\n")
            })
            .collect()
    };
    let (all, a, b) = (games("whole.pgn"), games("one.pgn"), games("two.pgn"));
    assert_eq!(all.len(), 7);
    for (i, g) in all.iter().enumerate() {
        let shard = if i % 2 == 0 { &a[i / 2] } else { &b[i / 2] };
        assert_eq!(g.trim_start_matches('['), shard.trim_start_matches('['), "game {}", i + 1);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn records_carry_deciders_seed_result_and_termination() {
    let dir = temp_dir("tags");
    let game = root().join("games/examples/minichess.toml");
    let out = run(&dir, &with(&run_args(&game, 1, 300, 11), &["--pairs", "--records", "r.pgn"]));
    assert!(out.ends_with("white-wins 1 black-wins 1 draws 0\n"), "{out}");
    let text = std::fs::read_to_string(dir.join("r.pgn")).unwrap();
    let records: Vec<&str> = text.split("\n\n[").collect();
    assert_eq!(records.len(), 2, "{text}");
    for tag in ["[White \"ai (200 nodes per move)\"]", "[Black \"random\"]", "[Result \"1-0\"]", "[Round \"1\"]"] {
        assert!(records[0].contains(tag), "{tag} in {}", records[0]);
    }
    for tag in ["[White \"random\"]", "[Black \"ai (200 nodes per move)\"]", "[Result \"0-1\"]", "[Round \"2\"]"] {
        assert!(records[1].contains(tag), "{tag} in {}", records[1]);
    }
    for r in &records {
        assert!(r.contains("[Termination \"checkmate\"]"), "{r}");
        assert!(r.contains("[Seed \"11\"]") && r.contains("[Pairs \"yes\"]"), "{r}");
    }
    // Each record replays: `show --load` reaches its end and its result.
    let show = stdout(&interp(&dir, &["show", game.to_str().unwrap(), "--load", "r.pgn", "--load-game", "2"]));
    assert!(show.contains("result: black wins"), "{show}");
    // A capped game's record says so, and is a draw.
    run(&dir, &with(&run_args(&game, 1, 3, 11), &["--records", "r.pgn", "--force"]));
    let text = std::fs::read_to_string(dir.join("r.pgn")).unwrap();
    assert!(text.contains("[Result \"1/2-1/2\"]\n[Termination \"capped at 3 plies (counted as a draw)\"]"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stats_refuses_what_it_cannot_count() {
    let dir = temp_dir("refuse");
    let game = root().join("games/examples/minichess.toml");
    let base = run_args(&game, 2, 300, 11);
    run(&dir, &with(&base, &["--records", "a.pgn"]));
    // An existing records file is kept unless --force, and nothing is played.
    let args = with(&base, &["--records", "a.pgn"]);
    let o = interp(&dir, &args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("a.pgn: the file exists (add --force to replace it)"));
    assert!(o.stdout.is_empty());
    let err = |args: &[&str]| {
        let o = interp(&dir, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&o.stderr).into_owned()
    };
    assert!(err(&["stats", "a.pgn", "a.pgn"]).contains("a.pgn, game 1: game 1 of the run was read before"));
    run(&dir, &with(&run_args(&game, 2, 300, 12), &["--records", "b.pgn"]));
    assert!(
        err(&["stats", "a.pgn", "b.pgn"])
            .contains("b.pgn, game 1: it is from another run than the first record (Seed differs)")
    );
    // Nor are shards of one seed merged when one ran without agreed draws (its summary says so).
    let no_agree = run(&dir, &with(&base, &["--records", "c.pgn", "--no-agreed-draws"]));
    assert!(no_agree.contains("seed 11, move cap 300 plies, no agreed draws\n"), "{no_agree}");
    assert!(!run(&dir, &with(&base, &[])).contains("no agreed draws"));
    assert!(
        err(&["stats", "a.pgn", "c.pgn"])
            .contains("c.pgn, game 1: it is from another run than the first record (AgreedDraws differs)")
    );
    assert!(run(&dir, &["stats".into(), "c.pgn".into()]).contains("no agreed draws"));
    // A record that `play`'s save wrote has no run to count it in.
    let g = game.to_str().unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(["play", g, "--no-autosave"])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(b"save saved.pgn\nquit\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert!(o.status.code().is_some());
    assert!(err(&["stats", "saved.pgn"]).contains("not a record of `selfplay --records`"));
    assert!(err(&["stats", "missing.pgn"]).contains("cannot read missing.pgn"));
    let _ = std::fs::remove_dir_all(&dir);
}
