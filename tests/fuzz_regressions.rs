//! Inputs the fuzz targets found interesting, kept in tests/fuzz_cases/TARGET/ and run
//! through the very harness code the fuzzer runs (fuzz/harness/*.rs, see
//! docs/FUZZING.md): none may panic, whatever it holds.

#[path = "../fuzz/harness/action.rs"]
mod action;
#[path = "../fuzz/harness/common.rs"]
mod common;
#[path = "../fuzz/harness/game_file.rs"]
mod game_file;
#[path = "../fuzz/harness/position.rs"]
mod position;
#[path = "../fuzz/harness/record.rs"]
mod record;
#[path = "../fuzz/harness/rules.rs"]
mod rules;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;

/// The files of tests/fuzz_cases/TARGET/, sorted.
fn cases(target: &str) -> Vec<PathBuf> {
    let dir = common::repo_root().join("tests/fuzz_cases").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a readable folder entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

/// Runs every case of `target` through `run`, then fails naming each case that panicked.
fn run_cases(target: &str, run: fn(&[u8])) {
    let files = cases(target);
    assert!(!files.is_empty(), "tests/fuzz_cases/{target}/ has no case");
    let mut failed = vec![];
    for f in &files {
        let data = std::fs::read(f).expect("a readable case");
        if let Err(e) = catch_unwind(AssertUnwindSafe(|| run(&data))) {
            let why = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
            failed.push(format!("{}: {}", f.display(), why.unwrap_or_default()));
        }
    }
    assert!(failed.is_empty(), "{} of {} cases panicked:\n{}", failed.len(), files.len(), failed.join("\n"));
}

#[test]
fn game_file_cases_load_or_fail_cleanly() {
    run_cases("game_file", game_file::run);
}

#[test]
fn rules_cases_load_or_fail_cleanly() {
    run_cases("rules", rules::run);
}

#[test]
fn position_cases_parse_or_fail_cleanly() {
    run_cases("position", position::run);
}

#[test]
fn action_cases_are_found_or_refused_cleanly() {
    run_cases("action", action::run);
}

#[test]
fn record_cases_load_or_fail_cleanly() {
    run_cases("record", record::run);
}
