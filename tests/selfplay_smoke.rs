//! A quick `interp selfplay` run for every game file in games/: two games of the AI (with
//! a tiny node budget) against a random player finish, and the summary ends with the score.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `white-wins W black-wins B draws D` as its three numbers.
fn score(line: &str) -> Option<[usize; 3]> {
    let w: Vec<&str> = line.split(' ').collect();
    match w.as_slice() {
        ["white-wins", a, "black-wins", b, "draws", c] => Some([a.parse().ok()?, b.parse().ok()?, c.parse().ok()?]),
        _ => None,
    }
}

#[test]
fn every_game_plays_ai_against_random() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && !p.to_string_lossy().ends_with(".tests.toml"))
        .collect();
    files.sort();
    assert!(files.iter().any(|p| p.ends_with("chess.toml")), "games/chess.toml exists");
    for f in &files {
        let out = Command::new(env!("CARGO_BIN_EXE_interp"))
            .arg("selfplay")
            .arg(f)
            .args(["--games", "2", "--white", "ai", "--black", "random", "--nodes", "200", "--seed", "7"])
            .current_dir(root())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}: exit {:?}\n{}",
            f.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        let last = stdout.lines().last().unwrap_or("");
        let Some([w, b, d]) = score(last) else {
            panic!("{}: last line `{last}` is not `white-wins W black-wins B draws D`\n{stdout}", f.display());
        };
        assert_eq!(w + b + d, 2, "{}: {last}", f.display());
    }
}
