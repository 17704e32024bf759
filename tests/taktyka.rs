//! Tâktykâ: the setup decisions, the die after a charge, leader
//! safety with charge checks and their three-time limit, checked against an independent
//! implementation and by snapshots.

mod common;

use common::{legal, perft, play, repo_path, status_text};
use interp::engine::State;
use interp::ir::Game;

const STANDARD: &str = "leader:e2 leader:e9 rolloff:white first:white";

fn game() -> Game {
    interp::open(repo_path("games/taktyka.toml").to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn snap(name: &str, text: String) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!(name, text);
    });
}

fn at(g: &Game, moves: &str) -> State {
    play(g, &g.initial(), moves).0
}

#[test]
fn setup_decisions_are_nodes_of_their_agents() {
    let g = game();
    let st = g.initial();
    assert_eq!(status_text(&g, &st, &[]), "to move: white");
    assert!(legal(&g, &st).iter().all(|a| a.starts_with("leader:")));
    let st = at(&g, "leader:e2 leader:e9");
    assert!(g.is_chance(&st));
    assert_eq!(legal(&g, &st), ["rolloff:black", "rolloff:white"]);
    let list = g.actions(&st);
    assert_eq!(g.chance_probs(&st, &list), [0.5, 0.5]);
    // The roll-off winner chooses who starts.
    let st = at(&g, "leader:e2 leader:e9 rolloff:black");
    assert_eq!(status_text(&g, &st, &[]), "to move: black");
    assert_eq!(legal(&g, &st), ["first:black", "first:white"]);
    let st = at(&g, "leader:e2 leader:e9 rolloff:black first:white");
    assert_eq!(status_text(&g, &st, &[]), "to move: white");
}

/// The first vector positions where the side to move may charge, with the charges and
/// the die that follows each.
#[test]
fn charges_and_the_die() {
    let g = game();
    let mut out = String::new();
    let mut found = 0;
    for moves in common::reference_moves("games/taktyka.toml") {
        let st = at(&g, &moves);
        let list = g.actions(&st);
        for m in &list.moves {
            if !list.effects_of(m).iter().any(|e| matches!(e, interp::engine::Effect::Then(..))) {
                continue;
            }
            let mut s = st.clone();
            g.apply(&mut s, m, list.effects_of(m));
            let after = g.actions(&s);
            let die = if g.is_chance(&s) {
                let p = g.chance_probs(&s, &after);
                after
                    .moves
                    .iter()
                    .zip(&p)
                    .map(|(m, p)| format!("{} {p:.3}", g.notation(&s, m)))
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                "no roll".to_string()
            };
            out.push_str(&format!("{} {}: {}\n", g.position_string(&st), g.notation(&st, m), die));
            found += 1;
        }
        if found >= 6 {
            break;
        }
    }
    assert!(found > 0);
    snap("charges", out);
}

#[test]
fn bare_leader_loses() {
    let g = game();
    // White has only its leader left.
    let st =
        g.parse_position("10/10/10/10/10/10/4s5/4l5/10/4L5 w - - winner=0 idle=0,0").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status_text(&g, &st, &[]), "result: black wins");
    assert_eq!(perft(&g, &st, 1), 0);
}

// ---------------------------------------------------------------------------------------
// One test per rule, each in a position reached from the start by the actions below (after
// STANDARD). The positions were found by random games of tests/reference/taktyka.py, and
// every expected action list was copied from that reference implementation.

/// White to move; its stone e6 has d7 empty but d6 and e7 (both Black) beside that diagonal.
const BARRIER: &str = "e4-f5 i7-h6 f5-e6 c7-d6";

/// White to move; its stone f5 faces the Black stone f6 orthogonally.
const CAPTURE: &str = "e4-f5 e7-f6";

/// Black to move; its stone d1 stands on its far row (rank 1), d10 is occupied.
const SIDE_STEP: &str = "i4-h5 g7-h6 e4-d5 e7-d6 d5-e6 d6-e5 e6-f5 e5-f4 h5-g6 f4-e3 e2-e1 e3-d2 g6-h7 d2-d1 e1-f2";

/// White to move; its stone d10 (charge-check count 1) may charge to the empty d1 over an
/// empty file. The game goes on in the tests below: d10-c10 c8-d8 (count 2, the c file full
/// of stones), c10-d10 d8-e8 (count 3).
const COUNT_GAME: &str = "e4-f5 e7-d6 f5-g6 g7-g6 c4-d5 g6-h5 d3-c4 i7-h6 d5-e6 h6-g5 e2-d3 h5-i6 e6-f7 g5-f4 f7-e8 \
    e9-d9 d1-e2 f4-e3 f3-e3 d6-c5 e8-f9 d8-e7 d3-e4 e7-d6 f9-e10 d6-e7 e10-d10 d9-c8";

/// White to move; its stone e10 (count 1) may charge to e1 over one Black stone (e7).
const CHARGE_ONE: &str = "a4-b5 c7-d6 b5-a6 a7-b6 a6-b7 g7-f6 i4-h5 d6-e5 b7-c8 e5-f4 e4-d5 d8-c7 c8-d9 e9-e8 d9-e10 \
    e8-d8 h5-i6 f4-g4 i6-h7 b6-c5 c4-b5 c5-d4 h7-g8 d4-c3 b5-a6 f6-e5 d3-c3 e5-f4 e2-d3 i7-h6";

/// White to move; its leader e3 stands between the Black stone e1 (on its far row) and the
/// empty e10: charge check, although the Black leader e9 also stands on that file.
const CHARGE_CHECK: &str = "c4-d5 c7-b6 g4-f5 b6-a5 f5-g6 a5-b4 g6-f7 b4-c3 f7-g6 i7-j6 d3-c4 c3-d2 e2-e3 d2-e1";

/// White to move; its leader c2 is in charge check from the Black stone c1, whose count is 3.
const FROZEN: &str = "c4-d5 c7-d6 d5-e6 e7-e6 e4-f5 b8-c7 f5-g6 e6-d5 g6-h7 d5-e6 g4-h5 e6-d5 h3-g4 d5-e4 h7-h8 \
    a7-b8 i4-j5 i7-h6 h5-h6 b8-a7 h6-i7 d6-c5 g4-h5 c5-b4 j5-i4 b4-c3 h5-i6 c7-d6 i6-h7 d6-c5 \
    a4-b5 c5-b4 b5-c6 b4-a3 c6-b7 a7-b7 b3-a3 d8-c7 i4-h5 e9-d8 d3-c4 d8-e7 h5-g4 c3-b2 e2-d3 \
    d10-e9 g4-f5 c7-d6 j3-i4 d6-e5 c2-b3 b2-c1 f5-e6 e7-e8 e6-d5 c1-b1 d3-c2 b1-c1 c2-d3 c1-d1 \
    d3-c2 e4-d3 i4-h3 d3-e2 h3-g4 e8-d9 d5-c6 e5-f4 f3-f4 d1-c1";

/// White to move after five turns without moving its leader e2, which may step to d3 or f3.
const IDLE: &str = "c4-d5 a7-b6 d3-c4 i7-j6 e4-f5 b8-a7 f3-e4 j8-i7 g4-h5 c7-d6";

/// Black to move; its leader e9 is attacked by the White stone e8 orthogonally beside it.
const ORTH_ESCAPE: &str = "e4-d5 a7-b6 d5-c6 b6-a5 c6-d7 e7-d6 d7-e8";

/// Black's e4-d3 attacks the White leader d2, which has no move (barriers and occupied cells).
const MATE: &str = "c4-b5 c7-d6 d3-c4 d6-c5 c4-d3 a7-b6 d3-c4 e7-f6 b5-b6 f6-e7 e2-d3 c5-c4 i4-j5 i7-j6 j5-j6 \
    g7-h6 g4-f5 h6-i7 b6-a7 e7-d6 f1-e2 d6-c5 a4-b5 c5-d4 d3-d2 d4-e4 b3-a4 e4-d3";

/// White's b6-c7 leaves Black without a legal move while its leader g7 is not attacked.
const STALEMATE: &str = "g4-h5 g7-f6 c4-d5 f6-g7 i4-j5 c7-d6 d5-d6 a7-b6 d6-c7 b6-a7 a4-b5 g7-h6 h5-h6 f8-g7 b5-c6 \
    e9-f8 e4-d5 i7-j6 j5-j6 f10-e9 j6-i7 e9-f10 f3-g4 d8-e9 e2-f3 c9-d8 d1-e2 e7-d6 f3-e4 f8-e7 \
    c2-d1 g7-f8 c6-d6 e7-f6 h6-g5 d8-c9 d6-e7 f6-g7 g5-f6 c9-d8 e4-f3 b10-c9 g4-h5 c9-b10 d5-c6 \
    b10-c9 f3-g4 a9-b10 f6-e5 g7-f6 j3-i4 f6-g7 e5-f6 b8-a9 c7-b8 a7-b6 c6-b6 d8-c7 g4-f5 c7-d8 \
    b6-c7";

/// White's h6-i6 takes Black's last stone; the Black leader h8 stands alone.
const BARE: &str = "g4-h5 g7-h6 h5-h6 f8-g7 h6-g5 i7-h6 f3-g4 h6-i5 i4-i5 h8-i7 e2-f3 e9-f8 f1-e2 d10-e9 j3-i4 \
    e7-f6 g4-f5 f6-e5 f5-e5 d8-e7 h3-g4 c9-d8 c4-b5 a7-b6 b5-b6 c7-d6 e4-d5 b8-c9 f3-e4 d6-c5 \
    d5-c5 d8-c7 b3-c4 a9-b8 a2-b3 e7-d6 a4-b5 f8-e7 c4-d5 c9-d8 e4-f3 d6-d5 e5-d5 c7-d6 d5-d6 \
    e9-f8 g2-h3 g7-h6 g5-f6 h6-g5 g4-g5 g9-h8 f3-e4 h10-g9 e2-f3 h8-g7 i4-h5 i7-h6 h5-h6 i9-h8 \
    h3-g4 j10-i9 i2-h3 j8-i7 e4-d5 b10-a9 j1-i2 i7-j6 i2-j3 b8-a7 h3-g2 f10-e9 g4-h5 a9-b8 b1-a2 \
    e9-f10 d5-e4 i9-j8 b3-a4 j8-i7 d6-c7 e7-d6 c2-b3 d8-c9 d1-e2 c9-d10 d3-c4 d6-e7 e4-d3 d10-c9 \
    f3-g4 c9-d8 h1-i2 d8-c9 b5-a6 a7-a6 b6-a6 b8-a7 a6-a7 e7-d8 d3-e4 g9-h10 c5-b6 c9-b8 e2-f3 \
    i7-j8 c4-b5 j8-i7 b5-c6 h10-i9 a4-b5 d8-e7 e4-d3 i9-j8 g4-f5 f10-e9 f3-g4 e9-d8 c6-d7 d8-d7 \
    c7-d7 e7-e8 d7-c8 b8-c8 d3-e2 c8-b7 b6-b7 e8-d9 b3-c4 f8-e7 b5-c6 e7-d6 c6-d6 d9-e8 c4-d5 \
    j8-i9 e2-d3 i9-j10 d5-e6 i7-j8 d6-e7 e8-e9 a2-b3 j10-i9 b3-c4 j8-i7 c4-d5 i9-j8 d3-e2 j8-i9 \
    d5-e4 i9-j8 i2-j1 e9-f10 e6-d7 g7-f8 a7-b8 f8-e9 g2-h3 e9-d8 e2-d1 d8-c7 d7-c7 h8-g7 h3-i4 \
    f10-g9 c7-b6 g7-f8 b6-c7 f8-e9 i4-j5 j6-j5 d1-e2 j5-i4 i5-i4 g9-f8 f5-e6 e9-d8 b8-c9 d8-e9 \
    b7-c8 e9-d8 c8-d8 i7-j6 e2-f3 j6-i5 i4-i5 f8-g7 i5-j6 j8-i7 j3-i4 i7-h8 e6-d5 h8-i7 j1-i2 \
    g7-h8 f3-e2 i7-j8 d5-e6 h8-i7 e4-f5 i7-h8 e6-d5 j8-i7 h5-i6 i7-i6 h6-i6";

/// Plays `moves` after the standard setup.
fn after(g: &Game, moves: &str) -> State {
    at(g, &format!("{STANDARD} {moves}"))
}

/// The player index of `name`.
fn side(g: &Game, name: &str) -> u8 {
    g.player(name).unwrap()
}

/// The piece letter on a cell (`.` when empty).
fn on(g: &Game, st: &State, cell: &str) -> char {
    let k = st.board[g.board.cell(cell).unwrap() as usize];
    if k == 0 { '.' } else { g.kind_char(k) }
}

/// Asserts the node's sorted actions (the reference's list) and describes the node (diagram,
/// position string, status, actions) for a snapshot.
fn node(g: &Game, st: &State, label: &str, expected: &str) -> String {
    let got = legal(g, st).join(" ");
    assert_eq!(got, expected, "actions at `{label}`");
    let shown = if got.is_empty() { "(none)" } else { got.as_str() };
    format!("== {label}\n{}actions: {shown}\n", interp::render::show(g, st, &[]))
}

/// The outcomes of a chance node with their probabilities, by notation.
fn outcomes(g: &Game, st: &State) -> Vec<(String, f64)> {
    assert!(g.is_chance(st));
    let list = g.actions(st);
    // chance_probs follows the list's order; notations() is sorted, so pair them move by move.
    let names = list.moves.iter().map(|m| g.notation(st, m));
    let mut v: Vec<(String, f64)> = names.zip(g.chance_probs(st, &list)).collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

/// The actions of the piece on `cell` among `actions`.
fn from_cell<'a>(actions: &'a [String], cell: &str) -> Vec<&'a str> {
    actions.iter().filter(|a| a.split('-').next() == Some(cell)).map(|a| a.as_str()).collect()
}

#[test]
fn setup_hidden_leader_choices_then_a_fair_rolloff() {
    let g = game();
    const WHITE_STONES: &str = "leader:a2 leader:a4 leader:b1 leader:b3 leader:c2 leader:c4 leader:d1 leader:d3 \
        leader:e2 leader:e4 leader:f1 leader:f3 leader:g2 leader:g4 leader:h1 leader:h3 leader:i2 leader:i4 leader:j1 \
        leader:j3";
    const BLACK_STONES: &str = "leader:a7 leader:a9 leader:b10 leader:b8 leader:c7 leader:c9 leader:d10 leader:d8 \
        leader:e7 leader:e9 leader:f10 leader:f8 leader:g7 leader:g9 leader:h10 leader:h8 leader:i7 leader:i9 \
        leader:j10 leader:j8";
    let hidden = |st: &State| g.pending_step(st).is_some_and(|s| s.hidden);
    let mut out = String::new();
    let mut line = |label: &str, st: &State| {
        out.push_str(&format!("{label}: {} | {}\n", status_text(&g, st, &[]), legal(&g, st).join(" ")));
    };
    // White picks one of its 20 stones, hidden from Black.
    let st = g.initial();
    assert_eq!(status_text(&g, &st, &[]), "to move: white");
    assert_eq!(legal(&g, &st).join(" "), WHITE_STONES);
    assert!(hidden(&st));
    line("start", &st);
    // Black then picks, also hidden; its choices do not depend on White's.
    for white in ["leader:e2", "leader:a2", "leader:j3"] {
        let st = at(&g, white);
        assert_eq!(status_text(&g, &st, &[]), "to move: black");
        assert_eq!(legal(&g, &st).join(" "), BLACK_STONES, "after {white}");
        assert!(hidden(&st));
        line(white, &st);
    }
    // The roll-off is a chance node, even odds, not hidden.
    let st = at(&g, "leader:e2 leader:e9");
    assert!(!hidden(&st));
    assert_eq!(status_text(&g, &st, &[]), "to move: chance");
    assert_eq!(legal(&g, &st).join(" "), "rolloff:black rolloff:white");
    assert_eq!(outcomes(&g, &st), [("rolloff:black".to_string(), 0.5), ("rolloff:white".to_string(), 0.5)]);
    line("leader:e2 leader:e9", &st);
    // Its winner chooses who moves first.
    for (roll, winner) in [("rolloff:white", "white"), ("rolloff:black", "black")] {
        let st = at(&g, &format!("leader:e2 leader:e9 {roll}"));
        assert_eq!(status_text(&g, &st, &[]), format!("to move: {winner}"));
        assert_eq!(legal(&g, &st).join(" "), "first:black first:white");
        line(roll, &st);
        let st = at(&g, &format!("leader:e2 leader:e9 {roll} first:black"));
        assert_eq!(status_text(&g, &st, &[]), "to move: black");
        assert_eq!(legal(&g, &st).join(" "), "a7-b6 c7-b6 c7-d6 e7-d6 e7-f6 g7-f6 g7-h6 i7-h6 i7-j6");
        line(&format!("{roll} first:black"), &st);
    }
    let st = at(&g, STANDARD);
    assert_eq!(status_text(&g, &st, &[]), "to move: white");
    assert_eq!(on(&g, &st, "e2"), 'L');
    assert_eq!(on(&g, &st, "e9"), 'l');
    line(STANDARD, &st);
    snap("setup", out);
}

#[test]
fn barrier_refuses_a_diagonal_step_between_two_occupied_cells() {
    let g = game();
    let st = after(&g, BARRIER);
    let text = node(
        &g,
        &st,
        "e6 may not step to d7 (d6 and e7 occupied), may step to f7 (f6 empty)",
        "a4-b5 c4-b5 c4-d5 d3-e4 e6-d5 e6-d6 e6-e7 e6-f5 e6-f7 f3-e4 g4-f5 g4-h5 i4-h5 i4-j5",
    );
    assert_eq!((on(&g, &st, "d7"), on(&g, &st, "d6"), on(&g, &st, "e7")), ('.', 's', 's'));
    let list = legal(&g, &st);
    assert!(!list.contains(&"e6-d7".to_string()));
    assert!(list.contains(&"e6-f7".to_string()));
    snap("barrier", text);
}

#[test]
fn orthogonal_capture_removes_the_enemy_stone() {
    let g = game();
    let st = after(&g, CAPTURE);
    // Capturing is not compulsory: the steps stay legal beside the capture.
    let mut text = node(
        &g,
        &st,
        "f5 may capture f6 (orthogonal), or step",
        "a4-b5 c4-b5 c4-d5 d3-e4 f3-e4 f5-e4 f5-e6 f5-f6 f5-g6 g4-h5 i4-h5 i4-j5",
    );
    let st = after(&g, &format!("{CAPTURE} f5-f6"));
    assert_eq!(on(&g, &st, "f6"), 'S');
    assert_eq!(on(&g, &st, "f5"), '.');
    assert_eq!(g.position_string(&st).matches('s').count(), 19);
    text += &node(&g, &st, "after f5-f6", "a7-b6 c7-b6 c7-d6 d8-e7 f8-e7 g7-h6 i7-h6 i7-j6");
    snap("orthogonal_capture", text);
}

#[test]
fn far_row_side_steps() {
    let g = game();
    let st = after(&g, SIDE_STEP);
    let text = node(
        &g,
        &st,
        "d1 on Black's far row steps sideways to c1 or e1; no charge (d10 occupied)",
        "a7-b6 c7-b6 c7-d6 d1-c1 d1-e1 d1-e2 d8-e7 f8-e7 f8-g7 h6-g5 h6-g7 h6-h7 h6-i5 h8-g7 h8-h7 i7-h7 i7-j6",
    );
    assert_eq!(from_cell(&legal(&g, &st), "d1"), ["d1-c1", "d1-e1", "d1-e2"]);
    assert_eq!(on(&g, &st, "d10"), 's');
    snap("far_row_side_steps", text);
}

#[test]
fn charge_removing_nothing_has_no_roll() {
    let g = game();
    let st = after(&g, COUNT_GAME);
    let mut text = node(
        &g,
        &st,
        "d10 (count 1) may charge to d1 over an empty file",
        "a4-b5 c2-d1 c2-d3 c4-b5 c4-c5 c4-d3 c4-d5 d10-c10 d10-d1 d10-e10 d10-e9 e2-d1 e2-d3 e2-f3 e3-d2 e3-d4 e3-f2 \
         e3-f4 e4-d3 e4-f3 e4-f5 g2-f3 g4-f3 g4-f5 g4-h5 i4-h5 i4-j5",
    );
    assert!(g.position_string(&st).ends_with("checks=d10:1"));
    // No stone removed: no die, Black moves next, and the charger's count starts again at 0.
    let st = after(&g, &format!("{COUNT_GAME} d10-d1"));
    assert!(!g.is_chance(&st));
    assert_eq!((on(&g, &st, "d10"), on(&g, &st, "d1")), ('.', 'S'));
    assert!(g.position_string(&st).ends_with("checks=-"));
    text += &node(
        &g,
        &st,
        "after d10-d1",
        "a7-b6 c5-b4 c5-b6 c5-c4 c5-d4 c5-d6 c7-b6 c7-d6 c7-d8 c8-d7 c8-d9 c9-d10 c9-d8 e7-d6 e7-d8 e7-f6 f10-e9 f8-e9 \
         f8-g7 h8-g7 h8-i7 i6-h5 i6-h7 i6-j5 i6-j7 j8-i7",
    );
    snap("charge_removing_nothing", text);
}

#[test]
fn charge_removing_one_stone_then_the_die() {
    let g = game();
    let st = after(&g, CHARGE_ONE);
    let mut text = node(
        &g,
        &st,
        "e10 (count 1) may charge to e1 over the Black stone e7",
        "a6-b5 a6-b7 b3-a4 b3-c4 c3-b4 c3-d4 d1-e2 d3-c4 d3-e2 d5-c4 d5-c6 d5-e4 d5-e6 e10-d10 e10-d9 e10-e1 e10-f10 \
         e10-f9 f1-e2 f3-e2 f3-e4 f3-f4 g8-f7 g8-f8 g8-g9 g8-h7 g8-h8 h3-i4 j3-i4",
    );
    assert!(g.position_string(&st).ends_with("checks=e10:1"));
    // One stone removed: the charger is lost on a d8 roll of 1.
    let st = after(&g, &format!("{CHARGE_ONE} e10-e1"));
    assert_eq!((on(&g, &st, "e7"), on(&g, &st, "e1")), ('.', 'S'));
    let die = outcomes(&g, &st);
    assert_eq!(die, [("roll:lost".to_string(), 0.125), ("roll:stay".to_string(), 0.875)]);
    text += &node(&g, &st, "after e10-e1: the die", "roll:lost roll:stay");
    text += &format!("probabilities: {die:?}\n");
    // Black has not moved its leader for 7 turns, so only leader moves follow either outcome.
    let st = after(&g, &format!("{CHARGE_ONE} e10-e1 roll:stay"));
    assert_eq!(on(&g, &st, "e1"), 'S');
    assert!(g.position_string(&st).ends_with("checks=-"));
    text += &node(&g, &st, "after roll:stay", "d8-e7 d8-e9");
    let st = after(&g, &format!("{CHARGE_ONE} e10-e1 roll:lost"));
    assert_eq!(on(&g, &st, "e1"), '.');
    text += &node(&g, &st, "after roll:lost", "d8-e7 d8-e9");
    snap("charge_removing_one", text);
}

#[test]
fn charge_removing_several_stones_of_both_sides_then_the_die() {
    let g = game();
    let moves = format!("{COUNT_GAME} d10-c10 c8-d8");
    let st = after(&g, &moves);
    let mut text = node(
        &g,
        &st,
        "c10 (count 2) may charge to c1 over c9 c7 c5 (Black) and c4 c2 (White)",
        "a4-b5 c10-b10 c10-c1 c10-c9 c10-d10 c10-d9 c2-d1 c2-d3 c4-b5 c4-c5 c4-d3 c4-d5 e2-d1 e2-d3 e2-f3 e3-d2 e3-d4 \
         e3-f2 e3-f4 e4-d3 e4-f3 e4-f5 g2-f3 g4-f3 g4-f5 g4-h5 i4-h5 i4-j5",
    );
    assert!(g.position_string(&st).ends_with("checks=c10:2"));
    let st = after(&g, &format!("{moves} c10-c1"));
    for c in ["c9", "c8", "c7", "c6", "c5", "c4", "c3", "c2", "c10"] {
        assert_eq!(on(&g, &st, c), '.', "{c}");
    }
    // Five stones removed: lost on 1..5 of the d8.
    let die = outcomes(&g, &st);
    assert_eq!(die, [("roll:lost".to_string(), 0.625), ("roll:stay".to_string(), 0.375)]);
    text += &node(&g, &st, "after c10-c1: the die", "roll:lost roll:stay");
    text += &format!("probabilities: {die:?}\n");
    let black = "a7-b6 b10-c9 b8-c7 b8-c9 d8-c7 d8-c9 d8-e9 e7-d6 e7-f6 f10-e9 f8-e9 f8-g7 h8-g7 h8-i7 i6-h5 i6-h7 \
                 i6-j5 i6-j7 j8-i7";
    let st = after(&g, &format!("{moves} c10-c1 roll:stay"));
    assert_eq!(on(&g, &st, "c1"), 'S');
    assert!(g.position_string(&st).ends_with("checks=-"));
    text += &node(&g, &st, "after roll:stay", black);
    let st = after(&g, &format!("{moves} c10-c1 roll:lost"));
    assert_eq!(on(&g, &st, "c1"), '.');
    text += &node(&g, &st, "after roll:lost", black);
    snap("charge_removing_several", text);
}

#[test]
fn charge_check_the_leader_must_leave_the_file() {
    let g = game();
    let st = after(&g, CHARGE_CHECK);
    assert!(g.in_check(&st, side(&g, "white")));
    // Take the checker (d1-e1, f1-e1) or leave the e file; the attacked leader may also step
    // orthogonally (e3-d3), but not along the file (e3-e2, e3-e4); nothing else is legal.
    let mut text = node(&g, &st, "White leader e3 in charge check from e1", "d1-e1 e3-d2 e3-d3 e3-d4 e3-f2 f1-e1");
    let list = g.actions(&st);
    for m in &list.moves {
        let mut s = st.clone();
        g.apply(&mut s, m, list.effects_of(m));
        assert!(!g.in_check(&s, side(&g, "white")), "{}", g.notation(&st, m));
    }
    // e1 may not charge: its own leader e9 stands on the file.
    let st = after(&g, &format!("{CHARGE_CHECK} e3-d3"));
    assert_eq!(from_cell(&legal(&g, &st), "e1"), ["e1-d1", "e1-d2", "e1-f1", "e1-f2"]);
    text += &node(
        &g,
        &st,
        "after e3-d3: e1 may not charge over its own leader e9",
        "a7-b6 b8-c7 d8-c7 e1-d1 e1-d2 e1-f1 e1-f2 e7-d6 e7-f6 g7-f6 g7-g6 g7-h6 h8-i7 j6-i5 j6-i7 j8-i7",
    );
    snap("charge_check", text);
}

#[test]
fn count_three_stone_only_charges_and_does_not_attack() {
    let g = game();
    // The stone of COUNT_GAME gives its third charge check (d10 count 1, c10 count 2, d10).
    let moves = format!("{COUNT_GAME} d10-c10 c8-d8 c10-d10 d8-e8");
    let st = after(&g, &moves);
    assert!(g.position_string(&st).ends_with("checks=d10:3"));
    let list = legal(&g, &st);
    assert_eq!(from_cell(&list, "d10"), ["d10-d1"]);
    let mut text = node(
        &g,
        &st,
        "d10 (count 3) may only charge (no d10-c10, d10-e10, d10-e9)",
        "a4-b5 c2-d1 c2-d3 c4-b5 c4-c5 c4-d3 c4-d5 d10-d1 e2-d1 e2-d3 e2-f3 e3-d2 e3-d4 e3-f2 e3-f4 e4-d3 e4-f3 e4-f5 \
         g2-f3 g4-f3 g4-f5 g4-h5 i4-h5 i4-j5",
    );
    // The charge removes nothing; the charger's count starts again at 0.
    let st = after(&g, &format!("{moves} d10-d1"));
    assert!(!g.is_chance(&st));
    assert!(g.position_string(&st).ends_with("checks=-"));
    text += &node(
        &g,
        &st,
        "after d10-d1",
        "a7-b6 c5-b4 c5-b6 c5-c4 c5-d4 c5-d6 c7-b6 c7-d6 c7-d8 c9-d10 c9-d8 e7-d6 e7-d8 e7-f6 e8-d7 e8-d9 e8-f9 f10-e9 \
         f8-e9 f8-g7 h8-g7 h8-i7 i6-h5 i6-h7 i6-j5 i6-j7 j8-i7",
    );
    // A stone with count 3 still gives charge check ...
    let st = after(&g, FROZEN);
    assert!(g.position_string(&st).contains("c1:3"));
    assert!(g.in_check(&st, side(&g, "white")));
    text += &node(&g, &st, "FROZEN: White leader c2 in charge check from c1 (count 3)", "c2-b1 c2-b2 c2-d1 c2-d3");
    // ... but does not attack orthogonally: the leader b1 beside it is not attacked (no
    // orthogonal leader step, other stones move freely); b1-c2 would be charge check.
    let st = after(&g, &format!("{FROZEN} c2-b1 e2-d1"));
    assert_eq!((on(&g, &st, "b1"), on(&g, &st, "c1")), ('L', 's'));
    assert!(!g.in_check(&st, side(&g, "white")));
    text += &node(
        &g,
        &st,
        "after c2-b1 e2-d1: White leader b1 beside c1 (count 3) not attacked; b1-c2 would be charge check",
        "a3-b4 b3-a4 b3-c2 c4-b5 c4-d3 c4-d5 c6-b5 c6-d5 c6-d7 f1-e2 f4-e3 f4-e5 f4-g3 f4-g5 g2-f3 g2-h3 g4-f3 g4-f5 \
         g4-h3 g4-h5 h7-g6 h7-g7 h7-i6 i2-h3 i2-j3 i7-h6 i7-j6",
    );
    let st = after(&g, &format!("{FROZEN} c2-b1 e2-d1 g2-h3"));
    assert_eq!(from_cell(&legal(&g, &st), "c1"), ["c1-c10"]);
    text += &node(
        &g,
        &st,
        "after g2-h3: c1 (count 3) may only charge (no c1-b2, c1-d2)",
        "a9-b8 b7-a6 b7-a8 b7-c8 c1-c10 c9-b8 c9-d10 c9-d8 d1-c2 d1-e1 d1-e2 d9-c10 d9-c8 d9-e10 d9-e8 e9-d10 e9-d8 \
         f8-e7 g7-f6 g7-h6 g7-h7",
    );
    snap("count_three", text);
}

#[test]
fn idle_leader_must_move_after_five_turns() {
    let g = game();
    let first8: Vec<&str> = IDLE.split_whitespace().take(8).collect();
    let st = after(&g, &first8.join(" "));
    assert!(g.position_string(&st).contains("idle=4,4"));
    let mut text = node(
        &g,
        &st,
        "White idle 4: every move",
        "a4-b5 c2-d3 c4-b5 c4-d3 d5-c6 d5-e6 e2-d3 e2-f3 e4-d3 e4-f3 f5-e6 f5-g6 g2-f3 g4-f3 g4-h5 i4-h5 i4-j5",
    );
    let st = after(&g, IDLE);
    assert!(g.position_string(&st).contains("idle=5,5"));
    text += &node(&g, &st, "White idle 5: only leader moves", "e2-d3 e2-f3");
    // Black's leader e9 is boxed in (d8 f8 d10 f10): any move is allowed.
    let st = after(&g, &format!("{IDLE} e2-f3"));
    assert!(g.position_string(&st).contains("idle=0,5"));
    text += &node(
        &g,
        &st,
        "after e2-f3: Black idle 5, its leader cannot move: every move",
        "a7-b8 a9-b8 b6-a5 b6-c5 b6-c7 c9-b8 d6-c5 d6-c7 d6-d5 d6-e5 d8-c7 e7-f6 g7-f6 g7-h6 i7-h6 i7-j8 i9-j8 j6-i5",
    );
    let st = after(&g, &format!("{IDLE} e2-f3 d6-c5"));
    assert!(g.position_string(&st).contains("idle=0,6"));
    text += &node(
        &g,
        &st,
        "after d6-c5: White idle 0 again, every move; Black idle 6",
        "a4-b5 c2-d3 c4-b5 c4-c5 c4-d3 d1-e2 d5-c5 d5-c6 d5-e6 e4-d3 f1-e2 f3-e2 f3-g4 f5-e6 f5-g4 f5-g6 h3-g4 h5-g4 \
         h5-g6 h5-i6 i4-j5",
    );
    snap("idle_leader", text);
}

#[test]
fn attacked_leader_steps_orthogonally_and_never_captures() {
    let g = game();
    let st = after(&g, ORTH_ESCAPE);
    assert!(g.in_check(&st, side(&g, "black")));
    // Escapes: e9-d9, e9-f9, e9-e10 (orthogonal steps), or d8/f8 take e8; no e9-e8.
    let text = node(&g, &st, "Black leader e9 attacked by e8", "d8-e8 e9-d9 e9-e10 e9-f9 f8-e8");
    snap("orthogonal_escape", text);
}

#[test]
fn mate_loses() {
    let g = game();
    let st = after(&g, MATE);
    assert!(g.in_check(&st, side(&g, "white")));
    assert_eq!(status_text(&g, &st, &[]), "result: black wins");
    assert_eq!(perft(&g, &st, 1), 0);
    snap("mate", node(&g, &st, "White leader d2 attacked by d3; its diagonal steps are barred, no legal move", ""));
}

#[test]
fn stalemate_loses() {
    let g = game();
    let st = after(&g, STALEMATE);
    assert!(!g.in_check(&st, side(&g, "black")));
    assert_eq!(status_text(&g, &st, &[]), "result: white wins");
    assert_eq!(perft(&g, &st, 1), 0);
    snap("stalemate", node(&g, &st, "Black not attacked, no legal move", ""));
}

#[test]
fn bare_leader_loses_in_play() {
    let g = game();
    let moves: Vec<&str> = BARE.split_whitespace().collect();
    let st = after(&g, &moves[..moves.len() - 1].join(" "));
    assert_eq!(g.position_string(&st).split(' ').next().unwrap().matches('s').count(), 1);
    let mut text = node(
        &g,
        &st,
        "Black has one stone left (i6)",
        "c7-b6 c7-b8 c7-d6 c9-b10 c9-b8 c9-d10 d5-c4 d5-c6 d5-e4 d5-e6 d8-e9 e2-d1 e2-d3 e2-f1 e2-f3 e7-d6 e7-f8 f5-e4 \
         f5-e6 f6-e5 f6-g7 g4-f3 g4-h3 g4-h5 g5-h4 h6-g7 h6-i5 h6-i6 h6-i7 i2-h1 i2-h3 i2-j1 i2-j3 i4-h3 i4-h5 i4-j3 \
         i4-j5 j6-i5 j6-i6 j6-i7",
    );
    let st = after(&g, BARE);
    assert_eq!(g.position_string(&st).split(' ').next().unwrap().matches('s').count(), 0);
    assert_eq!(status_text(&g, &st, &[]), "result: white wins");
    assert_eq!(perft(&g, &st, 1), 0);
    text += &node(&g, &st, "after h6-i6: Black's leader h8 stands alone (it could still move)", "");
    snap("bare_leader", text);
}

#[test]
fn both_sides_bare_in_one_turn_is_a_draw() {
    let g = game();
    // Only the two leaders are left (a charge can remove the last stones of both sides).
    let st =
        g.parse_position("10/10/10/10/10/10/10/4l5/10/4L5 w - - winner=0 idle=0,0").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status_text(&g, &st, &[]), "result: draw");
    assert_eq!(perft(&g, &st, 1), 0);
}
