//! `interp play` driven through a pseudo-terminal, as a person plays it: for each game an
//! action typed the forgiving way and what the program says back (events, the reason a
//! game ended, a push and its escape explained, the setup and a charge with its die, undo
//! with an AI and hidden choices).

use rexpect::session::{PtySession, spawn_command};
use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `interp play GAME ARGS` on a pseudo-terminal (no autosave, no colour needed).
fn play(game: &str, args: &[&str]) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_interp"));
    cmd.current_dir(root()).arg("play").arg(game).arg("--no-autosave").args(args).env("NO_COLOR", "1");
    spawn_command(cmd, Some(30_000)).expect("interp play starts on a pty")
}

/// Waits for `text`, failing with what was seen.
fn expect(s: &mut PtySession, text: &str) -> String {
    s.exp_string(text).unwrap_or_else(|e| panic!("expected `{text}`: {e}"))
}

fn send(s: &mut PtySession, line: &str) {
    s.send_line(line).expect("the pty takes input");
}

/// A game's `moves` line of a case in its tests file, up to (not including) `stop`.
fn case_moves(game: &str, stop: &str) -> String {
    let text = std::fs::read_to_string(root().join(game.replace(".toml", ".tests.toml"))).unwrap();
    let line = text.lines().find(|l| l.starts_with("moves = ") && l.contains(stop)).expect("a case with that action");
    let all = line.trim_start_matches("moves = \"").trim_end_matches('"');
    all[..all.find(stop).unwrap()].trim().to_string()
}

#[test]
fn chess_fools_mate_ends_with_its_reason_and_the_prompt_stays() {
    let mut s = play("games/chess.toml", &[]);
    expect(&mut s, "white to move");
    send(&mut s, "F2F3");
    expect(&mut s, "white plays f2-f3");
    send(&mut s, "e7-e5");
    send(&mut s, " g2g4 ");
    expect(&mut s, "white plays g2-g4");
    send(&mut s, "d8h4");
    expect(&mut s, "check: white's King on e1 is attacked");
    expect(&mut s, "game over: black wins (");
    expect(&mut s, "the game is over: undo, save FILE, moves, show, help or quit");
    send(&mut s, "moves");
    expect(&mut s, "the game's actions: f2-f3 e7-e5 g2-g4 d8-h4");
    send(&mut s, "undo");
    expect(&mut s, "undone 1 action");
    expect(&mut s, "black to move");
    send(&mut s, "quit");
    s.exp_eof().unwrap();
}

#[test]
fn chess_promotion_typed_in_lower_case_and_the_reasons_for_refusals() {
    let mut s = play("games/chess.toml", &["--fen", "k7/4P3/8/8/8/8/1P1PP3/2B1K3 w - - 0 1"]);
    expect(&mut s, "white to move");
    send(&mut s, "z9");
    expect(&mut s, "`z9` is not a cell of this board; cells are named like a1, b1, c1");
    send(&mut s, "c3");
    expect(&mut s, "there is no piece on c3");
    send(&mut s, "a8");
    expect(&mut s, "the piece on a8 is black's King; white is to move");
    send(&mut s, "c1");
    expect(&mut s, "white's Bishop on c1 has no legal move");
    send(&mut s, "e2-e5");
    expect(&mut s, "white's Pawn on e2 cannot go to e5; from that cell: e2-e3 e2-e4");
    send(&mut s, "e7e8");
    expect(&mut s, "could be any of: e7-e8=B e7-e8=N e7-e8=Q e7-e8=R");
    send(&mut s, "moves e7");
    expect(&mut s, "white's Pawn on e7 can play: e7-e8=B e7-e8=N e7-e8=Q e7-e8=R");
    send(&mut s, "e7e8q");
    expect(&mut s, "white plays e7-e8=Q");
    expect(&mut s, "the Pawn becomes a Queen");
    expect(&mut s, "check: black's King on a8 is attacked");
    send(&mut s, "quit");
    s.exp_eof().unwrap();
}

#[test]
fn chess_a_move_that_leaves_the_king_attacked_says_so() {
    // White's King on e1 is in check from the Rook on e8; the Knight's move leaves it so.
    let mut s = play("games/chess.toml", &["--fen", "k3r3/8/8/8/8/8/8/1N2K3 w - - 0 1"]);
    expect(&mut s, "white to move");
    send(&mut s, "b1-c3");
    expect(&mut s, "that leaves your King on e1 attacked");
    send(&mut s, "e1-e2");
    expect(&mut s, "that leaves your King on e2 attacked");
    send(&mut s, "e1-d2");
    expect(&mut s, "white plays e1-d2");
    send(&mut s, "quit");
    s.exp_eof().unwrap();
}

#[test]
fn taasen_push_then_the_defenders_escape_explained() {
    let mut s = play("games/taasen.toml", &["--moves", "T:A1-B2 P:D7-D6 T:D1-D2 D6-C5 D2-D3 B2-B1"]);
    expect(&mut s, "red to move");
    send(&mut s, "p:a1b2");
    expect(&mut s, "red plays P:A1-B2>B1");
    expect(&mut s, "pushes white's Thaum on B1: it must escape from there next, or be crushed");
    expect(&mut s, "red pushed white's Thaum on B1 (with P:A1-B2>B1): green moves it away now, to one of: B1-C2");
    expect(&mut s, "green to decide");
    send(&mut s, "b1c2");
    expect(&mut s, "green plays B1-C2");
    expect(&mut s, "green to move");
    send(&mut s, "quit");
    s.exp_eof().unwrap();
}

#[test]
fn taktyka_setup_explained_then_a_charge_and_its_die() {
    let mut s = play("games/taktyka.toml", &[]);
    expect(&mut s, "setup, step 1 of 4: white chooses a cell for `leader` (the piece there becomes a Leader)");
    expect(&mut s, "this choice is hidden");
    send(&mut s, "F3");
    expect(&mut s, "setup, step 2 of 4: black chooses a cell for `leader`");
    send(&mut s, "leader:d10");
    expect(&mut s, "hidden choices revealed: leader:f3 leader:d10");
    expect(&mut s, "white's Stone on f3 becomes a Leader");
    expect(&mut s, "chance: rolloff:");
    s.exp_regex(r"rolloff: (white|black) \(1/2\)").unwrap();
    expect(&mut s, "decides `first` (who takes the first turn): white or black");
    send(&mut s, "firts:white");
    expect(&mut s, "did you mean first:white?");
    send(&mut s, "white");
    expect(&mut s, "plays first:white");
    send(&mut s, "quit");
    s.exp_eof().unwrap();

    let before = case_moves("games/taktyka.toml", "d10-d1 roll:lost");
    let mut s = play("games/taktyka.toml", &["--moves", &before]);
    expect(&mut s, "white to move");
    send(&mut s, "D10D1");
    expect(&mut s, "white plays d10-d1");
    expect(&mut s, "captures white's Stone on d5");
    let (_, roll) = s.exp_regex(r"roll: (stay \(7/8\)|lost \(1/8\))").unwrap();
    // Undo goes back to white's charge, not to the die; the same charge meets the same die.
    expect(&mut s, "black to move");
    send(&mut s, "undo");
    expect(&mut s, "undone 2 actions");
    expect(&mut s, "white to move");
    send(&mut s, "d10-d1");
    let (_, again) = s.exp_regex(r"roll: (stay \(7/8\)|lost \(1/8\))").unwrap();
    assert_eq!(roll, again);
    send(&mut s, "quit");
    s.exp_eof().unwrap();
}

#[test]
fn taktyka_undo_with_the_ai_keeps_hidden_choices_and_the_roll_off() {
    let file = std::env::temp_dir().join(format!("interp-pty-{}-hidden.rec", std::process::id()));
    let mut s = play("games/taktyka.toml", &["--white", "ai", "--think", "20", "--seed", "5"]);
    expect(&mut s, "white (ai) has chosen (hidden until the choices are all made)");
    expect(&mut s, "black chooses a cell for `leader`");
    send(&mut s, "undo");
    expect(&mut s, "nothing to undo");
    send(&mut s, "hint");
    expect(&mut s, "no hint while hidden choices are pending");
    send(&mut s, &format!("save {}", file.display()));
    expect(&mut s, "saved 0 actions to");
    expect(&mut s, "(not the hidden choice still pending)");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(!saved.contains("leader:"), "a hidden choice was saved:\n{saved}");
    // The public board still shows Stones only: no Leader letter in the position.
    send(&mut s, "show");
    let (_, position) = s.exp_regex(r"position: [^\r\n]*").unwrap();
    assert!(!position.contains('L'), "white's hidden Leader shows:\n{position}");
    send(&mut s, "b8");
    expect(&mut s, "hidden choices revealed: leader:");
    let (_, first) = s.exp_regex(r"chance: rolloff:(white|black)").unwrap();
    let mut seen = String::new();
    while !seen.contains("decides `first`") && !seen.contains("black to move") {
        seen = s.exp_regex(r"(decides `first`|black to move)").unwrap().1;
    }
    send(&mut s, "undo");
    expect(&mut s, "undone");
    expect(&mut s, "black chooses a cell for `leader`");
    send(&mut s, "d8");
    expect(&mut s, "hidden choices revealed: leader:");
    // The roll-off is not drawn again: the same winner.
    let (_, again) = s.exp_regex(r"chance: rolloff:(white|black)").unwrap();
    assert_eq!(first, again);
    send(&mut s, "quit");
    s.exp_eof().unwrap();
    let _ = std::fs::remove_file(&file);
}

#[test]
fn asteryx_custodian_capture_reported_by_cells() {
    let mut s = play(
        "games/asteryx.toml",
        &[
            "--moves",
            "e3-b5 c7-f5 d3-c5 a6-a5 c3-c4 d7-c6 f4-g5 a7-b5 e4-d6 e6-e5 c2-e3 b6-c5 e3-e4 b7-b6 b2-c2 e7-e6 \
             g3-f5 b8-d6 c4-b2 e6-e7 c2-c4 c6-d4 e4-c2 d4-d3 f5-e6 d3-d5 f3-f4",
        ],
    );
    expect(&mut s, "black to move");
    send(&mut s, "G7F5");
    expect(&mut s, "black plays g7-f5");
    expect(&mut s, "captures white's Pawn on e6");
    expect(&mut s, "captures white's Pawn on g5");
    send(&mut s, "quit");
    s.exp_eof().unwrap();
}

#[test]
fn tishai_a_tower_move_brings_a_pawn_in_from_the_reserve() {
    let mut s = play("games/tishai.toml", &[]);
    expect(&mut s, "white to move");
    send(&mut s, "G1G2");
    expect(&mut s, "white plays g1-g2");
    expect(&mut s, "a Pawn enters on g1 from white's reserve");
    send(&mut s, "quit");
    s.exp_eof().unwrap();
}

#[test]
fn trubix_edge_cells_by_name_and_a_capture() {
    let mut s = play("games/trubix-43.toml", &["--moves", "e3-d3 a7-b7"]);
    expect(&mut s, "white to move");
    send(&mut s, "CD10");
    expect(&mut s, "the piece on cd10 is black's");
    send(&mut s, "D3B5");
    expect(&mut s, "white plays d3-b5");
    send(&mut s, "b7b5");
    expect(&mut s, "captures white's Fleurbic on b5");
    send(&mut s, "quit");
    s.exp_eof().unwrap();
}
