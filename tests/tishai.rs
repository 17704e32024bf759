//! Tishai as games/tishai.toml states it: snapshots of the legal
//! actions for every special rule (in snapshots/, checked against the independent Python
//! reference when written) and the game ends. Perft from the start and the reference
//! vectors are test cases in games/tishai.tests.toml (run by tests/game_cases.rs).

mod variants;
use interp::engine::State;
use interp::engine::Status;
use interp::ir::Game;
use variants::*;

fn game() -> Game {
    load("tishai.toml")
}

/// Snapshots `text` as snapshots/tishai__NAME.snap.
fn snap(name: &str, text: &str) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!(name, text);
    });
}

/// Plays `moves` from the start, snapshots the position and its legal actions, and returns
/// the state, history and actions.
fn case(g: &Game, name: &str, moves: &str) -> (State, Vec<u64>, Vec<String>) {
    let (st, hist) = play(g, moves);
    snap(name, &case_text(g, &st, &hist, "start", moves));
    let acts = legal(g, &st);
    (st, hist, acts)
}

fn from(acts: &[String], cell: &str) -> Vec<String> {
    acts.iter().filter(|a| a.split('-').next() == Some(cell)).cloned().collect()
}

fn var(g: &Game, st: &State, name: &str, player: usize) -> i64 {
    let v = g.vars.iter().find(|v| v.name == name).unwrap_or_else(|| panic!("no variable {name}"));
    st.vars[v.slot.at(if v.per_player { player } else { 0 })]
}

fn piece_at(g: &Game, st: &State, cell: &str) -> Option<char> {
    let k = st.board[g.board.cell(cell).unwrap() as usize];
    (k != 0).then(|| g.kind_char(k))
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn wizard_one_leg() {
    // Black has taken one White Pawn: s = max(1, 1) = 1, a single L move.
    let g = game();
    let (st, _, acts) = case(&g, "wizard_one_leg", "c2-d3 d6-e5 d3-d4 d7-d4 b1-c2");
    assert_eq!(var(&g, &st, "pawns", 1), 1);
    assert_eq!(from(&acts, "c7"), strs(&["c7-d5"]));
}

#[test]
fn wizard_two_legs() {
    // A second Pawn taken (d4-f2): the c7 Wizard chains two L moves.
    let g = game();
    let (st, _, acts) = case(&g, "wizard_two_legs", "c2-d3 d6-e5 d3-d4 d7-d4 b1-c2 d4-f2 f1-g2");
    assert_eq!(var(&g, &st, "pawns", 1), 2);
    assert_eq!(from(&acts, "c7"), strs(&["c7-b4", "c7-c3", "c7-d5", "c7-e3", "c7-f4"]));
}

#[test]
fn wizard_three_legs() {
    let g = game();
    let (st, _, acts) = case(&g, "wizard_three_legs", "e2-d3 e6-d5 d1-f3 g7-g6 f3-d5 b6-a5 d5-a5 d6-e5 e1-e5 f7-d5");
    assert_eq!(var(&g, &st, "pawns", 0), 3);
    let c1 = from(&acts, "c1");
    assert_eq!(c1.len(), 13, "{c1:?}");
    // Reached only with a third leg (the path c1-d3-e5-... is blocked by pieces).
    for a in ["c1-b3", "c1-c6", "c1-g6", "c1-f3"] {
        assert!(c1.contains(&a.to_string()), "{a} in {c1:?}");
    }
}

#[test]
fn knight_double_hop() {
    // b1 jumps over b2 to b3, then over c3 to d3: a double jump on the Knight's first move.
    let g = game();
    let (_, _, acts) = case(&g, "knight_double_hop", "c2-c3 c6-c5");
    assert_eq!(from(&acts, "b1"), strs(&["b1-a2", "b1-b3", "b1-c2", "b1-d3"]));
}

#[test]
fn knight_that_moved_cannot_double_hop() {
    let g = game();
    let (_, _, acts) = case(&g, "knight_moved_back", "c2-c3 c6-c5 b1-a2 b7-a6 a2-b1 a6-b7");
    assert_eq!(from(&acts, "b1"), strs(&["b1-a2", "b1-b3", "b1-c2"]));
}

#[test]
fn tower_first_move_drops_a_pawn() {
    let g = game();
    let (st, _, _) = case(&g, "tower_first_move", "a1-a3");
    assert_eq!(piece_at(&g, &st, "a1"), Some('P'));
    assert_eq!(var(&g, &st, "reserve-P", 0), 2);
    assert_eq!(var(&g, &st, "towers-moved", 0), 1);
    // The other Tower's first move drops nothing: the flag is one per side.
    let (st, _) = play(&g, "a1-a3 b6-b5 g1-g3");
    assert_eq!(piece_at(&g, &st, "g1"), None);
    assert_eq!(var(&g, &st, "reserve-P", 0), 2);
    // A later move of the first Tower drops nothing either.
    let (st, _) = play(&g, "a1-a3 b6-b5 a3-a4");
    assert_eq!(piece_at(&g, &st, "a3"), None);
    assert_eq!(var(&g, &st, "reserve-P", 0), 2);
}

#[test]
fn weird_rule_unmoved_towers_cannot_take_a_wizard() {
    // Black's Towers have not moved: g7 may go to g6 but may not take the Wizard on g5.
    let g = game();
    let (_, _, acts) = case(&g, "weird_rule", "f2-e3 f6-e5 e3-e4 b7-a6 e4-e5 c6-b5 e2-d3 f7-d5 e1-f3 d7-c6 f3-g5");
    assert_eq!(from(&acts, "g7"), strs(&["g7-f7", "g7-g6"]));
}

#[test]
fn capturing_a_wizard_drops_a_pawn() {
    // A moved Tower may take a Wizard; the capture brings a Pawn onto the cell it left.
    let g = game();
    let moves = "e2-d3 g7-g6 a1-a4 g6-g3 e1-f3";
    let (_, _, acts) = case(&g, "tower_takes_wizard", moves);
    assert!(acts.contains(&"g3-f3".to_string()));
    let (st, _) = play(&g, &format!("{moves} g3-f3"));
    assert_eq!(piece_at(&g, &st, "f3"), Some('r'));
    assert_eq!(piece_at(&g, &st, "g3"), Some('p'));
    // One Pawn for Black's first Tower move, one for the Wizard.
    assert_eq!(var(&g, &st, "reserve-P", 1), 1);
    // A Pawn taking a Wizard: the Pawn enters on the cell the capturer left.
    let (st, _) = play(&g, "e2-d3 d6-d5 d3-d4 d5-e4 e1-f3 e4-f3");
    assert_eq!(piece_at(&g, &st, "f3"), Some('p'));
    assert_eq!(piece_at(&g, &st, "e4"), Some('p'));
    assert_eq!(var(&g, &st, "reserve-P", 1), 2);
    assert_eq!(var(&g, &st, "pawns", 1), 0, "taking a Wizard does not count as a Pawn");
}

/// Plays reference vector `n` (games/tishai.tests.toml) and returns its state and history.
fn vector_line(g: &Game, n: usize) -> (State, Vec<u64>, String) {
    let moves = reference_vector("games/tishai.toml", n);
    let (st, hist) = play(g, &moves);
    (st, hist, moves)
}

fn end_case(g: &Game, name: &str, line: usize) -> Status {
    let (st, hist, moves) = vector_line(g, line);
    snap(name, &case_text(g, &st, &hist, "start", &moves));
    assert!(legal(g, &st).is_empty());
    status(g, &st, &hist, false)
}

#[test]
fn white_wins_by_taking_both_towers() {
    let g = game();
    // White keeps one Tower (g7) and Black cannot take it: White wins.
    assert_eq!(end_case(&g, "end_white_wins_one_tower", 30), Status::Over(Some(0)));
    // White keeps both Towers.
    assert_eq!(end_case(&g, "end_white_wins_two_towers", 25), Status::Over(Some(0)));
}

#[test]
fn draw_when_black_can_take_whites_last_tower() {
    // White took Black's last Tower with its own last Tower (a7), and Black can take it.
    let g = game();
    assert_eq!(end_case(&g, "end_draw_exception", 40), Status::Over(None));
}

#[test]
fn black_wins_even_if_white_could_retake() {
    // The exception is only for White's capture: Black wins although White could take g6.
    let g = game();
    assert_eq!(end_case(&g, "end_black_wins_white_could_retake", 8), Status::Over(Some(1)));
    assert_eq!(end_case(&g, "end_black_wins", 10), Status::Over(Some(1)));
}

#[test]
fn no_legal_move_is_a_draw() {
    let g = game();
    let pos = "PPPPPPP/PPPPPPP/RP3PR/P5P/7/3r3/3k3 w - - pawns=0,0 towers-moved=0,0 reserve-P=3,3";
    let st = g.parse_position(pos).unwrap();
    snap("end_no_moves", &case_text(&g, &st, &[], pos, ""));
    assert!(legal(&g, &st).is_empty());
    assert_eq!(status(&g, &st, &[], false), Status::Over(None));
    assert_eq!(perft(&g, &st, 1), 0);
}
