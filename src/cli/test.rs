//! `interp test`: runs the test cases of games ([`crate::author::test`]) and prints a
//! report per game, then a total when there are several.

use crate::author::test::{Filter, game_files, render, run_game, totals};
use std::path::PathBuf;

/// The game files named: a tests file `NAME.tests.toml` stands for its game `NAME.toml`
/// (so `interp test games/*.toml` runs each game once).
fn named(games: &[String]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = vec![];
    for g in games {
        let p = match g.strip_suffix(".tests.toml") {
            Some(stem) => PathBuf::from(format!("{stem}.toml")),
            None => PathBuf::from(g),
        };
        if !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// Runs the cases of `games` (every game under `games/` when empty; see [`named`]). Exit status 0 when
/// all passed, 1 when a case failed, 2 when a game or its cases could not be read.
pub(super) fn test(games: &[String], slow: bool, only: Option<String>, verbose: bool) -> i32 {
    let files: Vec<PathBuf> = if games.is_empty() {
        match game_files(std::path::Path::new("games")) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("games/: {e}");
                return 2;
            }
        }
    } else {
        named(games)
    };
    let filter = Filter { slow, only };
    let (mut passed, mut failed, mut skipped, mut unreadable) = (0, 0, 0, 0);
    for f in &files {
        match run_game(f, &filter) {
            Ok(r) => {
                print!("{}", render(&r, verbose));
                failed += r.failed();
                passed += r.cases.len() - r.failed();
                skipped += r.slow_skipped;
            }
            Err(e) => {
                println!("{}: cannot run its cases:", f.display());
                println!("{e}");
                unreadable += 1;
            }
        }
    }
    if files.len() > 1 {
        let unread = if unreadable > 0 { format!("; {unreadable} could not be read") } else { String::new() };
        println!("total over {} games{unread}: {}", files.len(), totals(passed, failed, skipped));
    }
    if unreadable > 0 { 2 } else { i32::from(failed > 0) }
}
