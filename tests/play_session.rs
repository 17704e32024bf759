//! `interp play` driven through stdin: illegal input is refused and the game goes on, end
//! of input ends cleanly, `save` then `--load` reaches the same position, broken saved
//! games are refused with a message, and AI players move by themselves.

use std::path::PathBuf;
use std::process::Output;

mod common;
use common::run_interp as interp;

const CHESS: &str = "games/chess.toml";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh path in the temporary directory.
fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("interp-play-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

#[test]
fn illegal_input_is_refused_and_the_game_goes_on() {
    let o = interp(&["play", CHESS], "e2-e5\nbanana\ne2-e4\n");
    let out = stdout(&o);
    assert!(o.status.success(), "exit {:?}\n{}", o.status, stderr(&o));
    assert!(
        out.contains("illegal action `e2-e5`: white's Pawn on e2 cannot go to e5; from that cell: e2-e3 e2-e4"),
        "{out}"
    );
    assert!(out.contains("illegal action `banana`"), "{out}");
    // After the refusals, e2-e4 was played and black is asked to move.
    assert!(out.contains("black to move"), "{out}");
    assert!(out.contains("end of input"), "{out}");
}

/// A move refused by an `illegal` rule is refused with the rule's name (Racing Kings: the
/// Knight on e2 would check the King on a2 from c3); the game goes on.
#[test]
fn a_move_an_illegal_rule_refuses_is_refused_by_its_name() {
    let o = interp(&["play", "games/examples/racingkings.toml"], "e2-c3\ne2-d4\n");
    let out = stdout(&o);
    assert!(out.contains("illegal action `e2-c3`: that breaks the rule \"gives check\""), "{out}");
    assert!(out.contains("black to move"), "{out}");
}

#[test]
fn the_board_is_drawn_again_only_when_something_changed() {
    // `moves`, `help` and a refused action leave the board as it was: one drawing; `show`
    // draws it again, and so does a played action and `flip`.
    let boards = |input: &str| stdout(&interp(&["play", CHESS], input)).matches("\nposition: ").count();
    assert_eq!(boards("moves e2\nhelp\ne2-e5\n"), 1);
    assert_eq!(boards("moves\nshow\n"), 2);
    assert_eq!(boards("e2-e4\n"), 2);
    let flipped = stdout(&interp(&["play", CHESS], "flip\n"));
    assert_eq!(flipped.matches("\nposition: ").count(), 2, "{flipped}");
    assert!(flipped.contains(" 1  R  N  B  K  Q  B  N  R  1"), "{flipped}");
}

#[test]
fn stack_prefixes_push_suffixes_and_step_choices_are_read_forgivingly() {
    let taasen = root().join("games/taasen.toml");
    let out = stdout(&interp(&["play", taasen.to_str().unwrap()], "t:a1b2\n"));
    assert!(out.contains("red plays T:A1-B2"), "{out}");
    // A push suffix where nothing is pushed: the target is still read as B2.
    let out = stdout(&interp(&["play", taasen.to_str().unwrap()], "P:A1-B2>B1\n"));
    assert!(out.contains("from A1 to B2 the actions are: P:A1-B2 S:A1-B2 T:A1-B2"), "{out}");
    // A setup choice by its cell alone; a misspelt step name; a word that is no action.
    let taktyka = root().join("games/taktyka.toml");
    let out = stdout(&interp(&["play", taktyka.to_str().unwrap()], "leadr:a3\nledaer\nA2\n"));
    assert!(out.contains("no piece on a3"), "{out}");
    assert!(out.contains("neither an action nor a command"), "{out}");
    assert!(out.contains("white has chosen (hidden until the choices are all made)"), "{out}");
}

#[test]
fn the_position_string_behind_a_hidden_choice_reads_back_to_the_next_choice() {
    // White's Leader is chosen and hidden: the position string shown to Black hides it and
    // still says that Black chooses next, so a program given it (an engine through a match
    // runner) is asked Black's choice, not White's again.
    let taktyka = root().join("games/taktyka.toml");
    let t = taktyka.to_str().unwrap();
    let out = stdout(&interp(
        &["play", t],
        "leader:e2
",
    ));
    let fen = out.lines().rev().find_map(|l| l.strip_prefix("position: ")).expect("a position line");
    assert!(!fen.contains('L'), "White's Leader shows: {fen}");
    let moves = stdout(&interp(&["moves", t, "--fen", fen], ""));
    let expected = stdout(&interp(&["moves", t, "--moves", "leader:e2"], ""));
    assert_eq!(moves, expected, "{fen}");
    assert!(moves.lines().all(|m| m.starts_with("leader:") && m.ends_with(['7', '8', '9', '0'])), "{moves}");
}

#[test]
fn end_of_input_ends_cleanly() {
    let o = interp(&["play", CHESS], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("end of input: game left unfinished"));
}

#[test]
fn save_then_load_reaches_the_same_position() {
    let file = temp("save-load.txt");
    let f = file.to_str().unwrap();
    let o = interp(&["play", CHESS], &format!("e2-e4\ne7-e5\ng1-f3\nundo\ng1-f3\nb8-c6\nsave {f}\n"));
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains(&format!("saved 4 actions to {f}")), "{}", stdout(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("[Game \"{CHESS}\"]"));
    assert!(lines[2].starts_with("[GameHash \"") && lines[2].len() == "[GameHash \"\"]".len() + 16, "{text}");
    assert_eq!(lines.last().unwrap(), &"1. e2-e4 e7-e5 2. g1-f3 b8-c6 *");

    // The same position; `show --moves` also marks the last move's cells in brackets.
    let unmarked = |s: String| s.replace(['[', ']'], " ");
    let expected = unmarked(stdout(&interp(&["show", CHESS, "--moves", "e2-e4 e7-e5 g1-f3 b8-c6"], "")));
    let o = interp(&["play", CHESS, "--load", f], "show\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = unmarked(stdout(&o));
    assert!(out.starts_with(&expected), "loaded:\n{out}\nexpected:\n{expected}");
    // `show` prints the same diagram again.
    assert_eq!(out.matches(&expected).count(), 2, "{out}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn broken_saved_games_are_refused() {
    let cases = [
        ("truncated", "game games/chess.toml\n".to_string(), "truncated"),
        ("empty", String::new(), "truncated"),
        ("garbled", "game games/chess.toml\nhash zz\nmoves\n".to_string(), "bad hash"),
        ("order", "hash 0\ngame x\nmoves\n".to_string(), "line 1, column 1: expected a `game"),
        ("cut", "[Game \"games/chess.toml\"]\n\n1. e2-e4 e7".to_string(), "line 3, column 12: truncated"),
    ];
    for (name, text, needle) in cases {
        let file = temp(name);
        std::fs::write(&file, text).unwrap();
        let o = interp(&["play", CHESS, "--load", file.to_str().unwrap()], "");
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{name}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{name}");
        let _ = std::fs::remove_file(&file);
    }
    // An illegal action in an otherwise good record.
    let good = temp("good");
    let o = interp(&["play", CHESS], &format!("e2-e4\nsave {}\n", good.to_str().unwrap()));
    assert!(o.status.success());
    // (The record counts its actions: the count is edited too, or the record is refused as cut.)
    let text = std::fs::read_to_string(&good).unwrap().replace("1. e2-e4 *", "1. e2-e4 e2-e4 *");
    let text = text.replace("[Plies \"1\"]", "[Plies \"2\"]");
    std::fs::write(&good, text).unwrap();
    let o = interp(&["play", CHESS, "--load", good.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    let want = "at move 1 (black, action 2 of the record): `e2-e4` is not legal; legal there: a7-a5";
    assert!(stderr(&o).contains(want), "{}", stderr(&o));
    let _ = std::fs::remove_file(&good);
}

#[test]
fn a_record_of_another_version_of_the_game_file_replays_with_a_warning() {
    let file = temp("other-version");
    std::fs::write(&file, "game games/chess.toml\nhash 0123456789abcdef\nmoves e2-e4\n").unwrap();
    let o = interp(&["play", CHESS, "--load", file.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let want = "warning: recorded with another version of games/chess.toml (hash 0123456789abcdef";
    assert!(stderr(&o).contains(want), "{}", stderr(&o));
    assert!(stdout(&o).contains("black to move"), "{}", stdout(&o));
    let _ = std::fs::remove_file(&file);
}

#[test]
fn ai_replies_and_hints() {
    let o = interp(&["play", CHESS, "--black", "ai", "--nodes", "300", "--seed", "5"], "hint\ne2-e4\n");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("black (ai) plays "), "{out}");
    // The same seed gives the same reply.
    let again = stdout(&interp(&["play", CHESS, "--black", "ai", "--nodes", "300", "--seed", "5"], "hint\ne2-e4\n"));
    assert_eq!(out, again);
}

#[test]
fn ai_against_ai_plays_to_the_end() {
    let o = interp(&["play", CHESS, "--white", "ai", "--black", "random", "--nodes", "200"], "");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.contains("result: "), "{out}");
    assert!(!out.contains("end of input"), "no human was asked: {out}");
}

#[test]
fn unknown_player_kind_is_an_error() {
    let o = interp(&["play", CHESS, "--white", "wizard"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--white wizard"));
}
