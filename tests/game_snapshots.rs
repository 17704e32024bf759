//! Snapshots of every game file: the report of what its rules do (`interp snapshot`,
//! src/author/snapshot) for each games/**/*.toml but the files of test cases, kept in
//! snapshots/game_snapshots__report@FILE.snap. A rule change that alters a game's
//! behaviour fails here (`cargo insta review` shows the diff), and a game file dropped
//! into games/ is covered without any Rust. `interp snapshot` writes the same files.

use interp::author::snapshot::{file, is_game_file, locate, report_of};
use std::path::Path;

/// The report of every game, in insta's glob (the test the snapshot files name).
#[test]
fn report() {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::glob!("../games", "**/*.toml", |path| {
            if !is_game_file(path) {
                return;
            }
            let report = report_of(path).unwrap_or_else(|e| panic!("{}:\n{e}", path.display()));
            insta::assert_snapshot!(report);
        });
    });
}

/// The names `interp snapshot` gives are the ones this file's test writes.
#[test]
fn the_command_names_the_files_this_test_writes() {
    assert_eq!(file!(), file::TEST_SOURCE);
    assert_eq!(module_path!(), file::TEST_MODULE);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let snaps = root.canonicalize().unwrap().join("snapshots");
    let chess = locate(&root.join("games/chess.toml"), None).unwrap();
    assert_eq!(chess.file, snaps.join("game_snapshots__report@chess.toml.snap"));
    assert_eq!(chess.input_file.as_deref(), Some("games/chess.toml"));
    let example = locate(&root.join("games/examples/minichess.toml"), None).unwrap();
    assert_eq!(example.file, snaps.join("game_snapshots__report@examples__minichess.toml.snap"));
}

/// Each stored snapshot starts with the header the command writes (insta's), so the
/// command and `cargo insta` write the same bytes.
#[test]
fn stored_snapshots_have_the_header_the_command_writes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seen = 0;
    for game in interp::author::snapshot::game_files(&root.join("games")) {
        let loc = locate(&game, None).unwrap();
        let Ok(stored) = std::fs::read_to_string(&loc.file) else { continue };
        assert!(stored.starts_with(&loc.header()), "{}:\n{stored:.300}", loc.file.display());
        seen += 1;
    }
    assert!(seen > 0, "no game snapshot stored yet");
}

/// End rules are named by their text in reports: the text holds the rule, not the
/// comments that follow it.
#[test]
fn end_rule_texts_hold_no_comments() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for game in interp::author::snapshot::game_files(&root.join("games")) {
        let g = interp::open(game.to_str().unwrap(), &[]).unwrap();
        for e in &g.ends {
            assert!(!e.text.contains('#'), "{}: end rule `{}`", game.display(), e.text);
        }
    }
}
