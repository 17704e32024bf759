//! `interp diff OLD NEW`: the semantic difference of two rule sets, through the library
//! (`interp::author::diff`) and the binary. Small budgets keep each run short; no run
//! reaches its time budget, so every result here is deterministic.

mod common;

use common::repo_path;
use interp::author::diff::{Change, Chooses, Group, Report, Root, Settings, Shape, Signature, compare, text};
use interp::engine::Status;
use interp::ir::Game;
use std::process::Command;

fn open(rel: &str) -> Game {
    interp::open(repo_path(rel).to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{rel} must load:\n{e}"))
}

/// Small budgets, no time budget (so runs are deterministic).
fn small(depth: usize, games: usize) -> Settings {
    Settings { depth, games, ai_games: 1, ai_nodes: 200, plies: 80, seed: 1, time: None, ..Settings::default() }
}

fn plain_moves(piece: &str, change: Change) -> Signature {
    Signature::Action {
        change,
        piece: piece.into(),
        shape: Shape::Move { stack: false, promotes: false, chooses: None },
    }
}

fn group<'a>(r: &'a Report, sig: &Signature) -> &'a Group {
    let titles: Vec<String> = r.groups.iter().map(|g| g.signature.title()).collect();
    r.groups.iter().find(|g| g.signature == *sig).unwrap_or_else(|| panic!("no group {sig:?}; groups: {titles:?}"))
}

/// The state a line reaches in a game (panics when it does not play).
fn reach(g: &Game, actions: &[String]) -> interp::engine::State {
    let mut st = g.initial();
    let mut hist = vec![];
    g.play_line(&mut st, &mut hist, actions.iter().map(String::as_str))
        .unwrap_or_else(|(i, a)| panic!("{}: action {i} `{a}` of {actions:?} is illegal", g.name));
    st
}

fn legal(g: &Game, st: &interp::engine::State) -> Vec<String> {
    g.notations(st, &g.actions(st))
}

/// Runs the binary in the repository's directory.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_interp"))
        .current_dir(repo_path(""))
        .args(args)
        .output()
        .expect("run interp diff");
    let text = |b: &[u8]| String::from_utf8_lossy(b).to_string();
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

#[test]
fn tishai_with_a_shorter_king_loses_king_moves_after_two_plies() {
    let (old, new) = (open("games/tishai.toml"), open("tests/fixtures/diff/tishai-king-2.toml"));
    let r = compare(&old, &new, &[], &small(2, 3));
    assert_eq!(r.cut, None);
    assert_eq!(r.depth, 2);
    let names: Vec<String> = r.groups.iter().map(|g| g.signature.title()).collect();
    assert_eq!(names, ["King moves removed"], "only King moves differ");
    let g = group(&r, &plain_moves("King", Change::Removed));
    // A King at the start is boxed in; after one move each, the first player's King has a
    // 3-cell slide the new rules forbid (breadth-first finds the shortest line).
    assert_eq!(g.line.root, Root::Start);
    assert_eq!(g.line.actions.len(), 2, "line {:?}", g.line.actions);
    let (so, sn) = (reach(&old, &g.line.actions), reach(&new, &g.line.actions));
    let (lo, ln) = (legal(&old, &so), legal(&new, &sn));
    assert!(ln.iter().all(|a| lo.contains(a)), "nothing is added");
    assert!(lo.len() > ln.len(), "King moves are removed there");
    assert!(g.positions > 1);
}

#[test]
fn the_tishai_report_reads_well() {
    let (old, new) = (open("games/tishai.toml"), open("tests/fixtures/diff/tishai-king-2.toml"));
    let s = small(2, 3);
    let r = compare(&old, &new, &[], &s);
    let report = text(&old, &new, ("games/tishai.toml", "tests/fixtures/diff/tishai-king-2.toml"), &r, &s);
    with_snapshots!({
        insta::assert_snapshot!("tishai_king_2", report);
    });
}

#[test]
fn chess_without_castling_loses_castling_on_a_line_that_clears_the_pieces() {
    let (old, new) = (open("games/chess.toml"), open("games/examples/chess-no-castling.toml"));
    let r = compare(&old, &new, &[], &small(2, 6));
    assert_eq!(r.cut, None);
    let names: Vec<String> = r.groups.iter().map(|g| g.signature.title()).collect();
    assert_eq!(names, ["King moves removed"], "only castling differs");
    let line = &group(&r, &plain_moves("King", Change::Removed)).line.actions;
    let castles = |acts: &[String]| -> Vec<String> {
        let castling = ["e1-g1", "e1-c1", "e8-g8", "e8-c8"];
        acts.iter().filter(|a| castling.contains(&a.as_str())).cloned().collect()
    };
    let (so, sn) = (reach(&old, line), reach(&new, line));
    assert!(!castles(&legal(&old, &so)).is_empty(), "castling is legal at the end of {line:?} in chess");
    assert!(castles(&legal(&new, &sn)).is_empty(), "and not without castling");
    // Shortened: deleting any one action, or two in a row, loses the castling move.
    for i in 0..line.len() {
        for k in [1, 2] {
            let mut shorter = line.clone();
            shorter.drain(i..(i + k).min(line.len()));
            let mut st = old.initial();
            if old.play_line(&mut st, &mut vec![], shorter.iter().map(String::as_str)).is_ok() {
                assert!(castles(&legal(&old, &st)).is_empty(), "{shorter:?} would have done");
            }
        }
    }
}

#[test]
fn single_capture_asteryx_makes_the_mover_choose_the_custodian_victim() {
    let (old, new) = (open("games/asteryx.toml"), open("games/asteryx-single.toml"));
    let r = compare(&old, &new, &[], &small(2, 3));
    assert!(!r.groups.is_empty());
    let victim = Shape::Move { stack: false, promotes: false, chooses: Some(Chooses::Victim) };
    let plain = Shape::Move { stack: false, promotes: false, chooses: None };
    for g in &r.groups {
        // Every difference: a move that captured by itself now names its victim.
        let Signature::Reshaped { old: o, new: n, .. } = &g.signature else {
            panic!("unexpected difference {}", g.signature.title());
        };
        let choose = |s: &Shape| matches!(s, Shape::Move { chooses: Some(Chooses::Victim), .. });
        assert!(!choose(o) && choose(n), "{}", g.signature.title());
    }
    let pawn = Signature::Reshaped { piece: "Pawn".into(), old: plain, new: victim };
    let line = &group(&r, &pawn).line.actions;
    assert_eq!(line.len(), 1, "a Pawn can capture after one move: {line:?}");
    let (so, sn) = (reach(&old, line), reach(&new, line));
    let added: Vec<String> = legal(&new, &sn).into_iter().filter(|a| a.contains('x')).collect();
    assert!(!added.is_empty());
    for a in &added {
        let base = a.split('x').next().unwrap();
        assert!(legal(&old, &so).iter().any(|b| b == base), "{a} is {base} in the old rules");
    }
}

#[test]
fn the_cases_of_the_old_game_are_compared() {
    let path = repo_path("tests/fixtures/diff/chess-with-case.toml");
    let (old, new) = (open("tests/fixtures/diff/chess-with-case.toml"), open("games/examples/chess-no-castling.toml"));
    let cases = interp::author::cases::load(&path).unwrap();
    let s = Settings { games: 0, ai_games: 0, ..small(1, 0) };
    let r = compare(&old, &new, &cases, &s);
    assert_eq!(r.cases, (1, 0));
    let line = &group(&r, &plain_moves("King", Change::Removed)).line.actions;
    assert_eq!(line.join(" "), "e2-e4 e7-e5 g1-f3 b8-c6 f1-c4 g8-f6", "the case's line");
    // Without the case, one ply of breadth-first search finds nothing.
    assert!(compare(&old, &new, &[], &s).groups.is_empty());
}

#[test]
fn a_stalemate_that_loses_changes_the_result() {
    let (old, new) =
        (open("games/examples/minichess.toml"), open("tests/fixtures/diff/minichess-stalemate-loses.toml"));
    let r = compare(&old, &new, &[], &small(2, 30));
    assert!(!r.groups.is_empty());
    for g in &r.groups {
        let Signature::Result { old: o, new: n } = &g.signature else {
            panic!("unexpected difference {}", g.signature.title());
        };
        assert_eq!(o, "draw");
        assert!(n.ends_with(" wins"), "{n}");
        let (so, sn) = (reach(&old, &g.line.actions), reach(&new, &g.line.actions));
        let judged = |g: &Game, st| {
            let list = g.actions(st);
            let (status, rule) = g.judge(st, &list, &[], true);
            (status, rule.map(|i| g.ends[i].text.clone()))
        };
        let (o, n) = (judged(&old, &so), judged(&new, &sn));
        assert_eq!(o, (Status::Over(None), Some("draw if no-moves".into())));
        assert!(matches!(n, (Status::Over(Some(_)), Some(ref r)) if r == "loss if no-moves"), "{n:?}");
    }
}

#[test]
fn a_reworded_end_rule_with_the_same_results_is_reported_as_a_changed_rule() {
    let (old, new) =
        (open("games/examples/minichess.toml"), open("tests/fixtures/diff/minichess-stalemate-reworded.toml"));
    let r = compare(&old, &new, &[], &small(2, 30));
    let sigs: Vec<&Signature> = r.groups.iter().map(|g| &g.signature).collect();
    let want = Signature::Rule { old: "draw if no-moves".into(), new: "draw if no-moves & !check".into() };
    assert_eq!(sigs, [&want]);
    assert!(want.is_minor());
}

#[test]
fn a_case_given_by_a_position_string_roots_its_lines_there() {
    let args = ["diff", "tests/fixtures/diff/chess-with-fen-case.toml", "games/examples/chess-no-castling.toml"];
    let budget = ["--depth", "1", "--games", "0", "--ai-games", "0", "--time", "600"];
    let (code, out, err) = run(&[&args[..], &budget[..]].concat());
    assert_eq!(code, 1, "{out}{err}");
    // The old file's one case and the new file's own three (chess-no-castling.tests.toml).
    assert!(out.contains("4 cases, 0 random games, 0 AI games)."), "{out}");
    let want = "first in case `kings and rooks` (from its position string)\n   \
                white to move; removed: e1-c1 e1-g1; added: (none)\n";
    assert!(out.contains("1 difference:\n1. King moves removed, in "), "{out}");
    assert!(out.contains(want), "{out}");
}

#[test]
fn a_copy_with_only_comments_changed_shows_no_difference() {
    let args = ["diff", "games/taktyka.toml", "tests/fixtures/diff/taktyka-comments.toml"];
    let budget = ["--depth", "2", "--games", "4", "--ai-games", "1", "--plies", "80", "--time", "600"];
    let (code, out, err) = run(&[&args[..], &budget[..]].concat());
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(err, "", "no progress bar when stderr is not a terminal");
    let last = out.lines().last().unwrap();
    let n: usize = last
        .strip_prefix("No difference in ")
        .and_then(|s| s.strip_suffix(" positions explored."))
        .unwrap_or_else(|| panic!("last line: {last}"))
        .parse()
        .unwrap();
    assert!(n > 100, "{out}");
    assert!(out.starts_with("Compared games/taktyka.toml (old) and tests/fixtures/diff/taktyka-comments.toml (new)"));
}

#[test]
fn the_binary_reports_differences_with_exit_status_1() {
    let args = ["diff", "games/tishai.toml", "tests/fixtures/diff/tishai-king-2.toml"];
    let budget = ["--depth", "2", "--games", "2", "--ai-games", "0", "--time", "600"];
    let (code, out, err) = run(&[&args[..], &budget[..]].concat());
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("1 difference:\n1. King moves removed, in "), "{out}");
    assert!(!out.contains("Stopped early"), "{out}");
}

#[test]
fn a_spent_time_budget_stops_exploring_and_says_so() {
    // A millisecond cannot cover xiangqi's 44 + 1920 positions of the first two plies.
    let args = ["diff", "games/examples/xiangqi.toml", "games/examples/xiangqi.toml", "--time", "0.001"];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("\nStopped early: the time budget (0.001 s, --time) ran out; differences may remain.\n"),
        "{out}"
    );
}

#[test]
fn a_game_that_does_not_load_or_a_bad_flag_exits_2() {
    let (code, _, err) = run(&["diff", "games/chess.toml", "tests/fixtures/diff/no-such-game.toml"]);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-game.toml"), "{err}");
    let (code, _, err) = run(&["diff", "games/chess.toml", "games/chess.toml", "--time", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--time"), "{err}");
}
