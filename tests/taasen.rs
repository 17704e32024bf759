//! Taasen as games/taasen.toml states it: snapshots of stacks, Sea
//! crossings, pushes, escapes, crushes, the two restrictions and the game ends (in
//! snapshots/; the actions were checked against the independent Python reference when
//! written). Perft from the start and the reference vectors are test cases in
//! games/taasen.tests.toml (run by tests/game_cases.rs).

mod variants;
use interp::engine::State;
use interp::engine::Status;
use interp::ir::Game;
use variants::*;

fn game() -> Game {
    load("taasen.toml")
}

/// Snapshots `text` as snapshots/taasen__NAME.snap.
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

fn strs(v: &str) -> Vec<String> {
    v.split_whitespace().map(|s| s.to_string()).collect()
}

#[test]
fn start_and_leaving_a_stack() {
    let g = game();
    let (st, _, acts) = case(&g, "start", "");
    assert_eq!(acts, strs("P:A1-B2 P:D1-D2 S:A1-B2 S:D1-D2 T:A1-B2 T:D1-D2"));
    assert_eq!(g.position_string(&st), "(ZYX)/3/5/(PST)5(pst) r - -,-,-");
    // One White piece leaves its stack; the other two stay stacked on A1.
    let (st, _, acts) = case(&g, "leave_stack", "T:A1-B2");
    assert_eq!(acts, strs("P:D7-D6 S:D7-D6 T:D7-D6"));
    assert!(g.position_string(&st).starts_with("(ZY)/1X1/"));
    // The position string reads back to the same position.
    let back = g.parse_position(&g.position_string(&st)).unwrap();
    assert_eq!(g.position_string(&back), g.position_string(&st));
}

#[test]
fn crossing_the_sea() {
    let g = game();
    // WS escaped to C4 (forest): it may cross the Sea to C2 or D4, but not go back to B3.
    let (_, _, acts) = case(&g, "sea_crossing", "S:A1-B2 T:D7-D6 B2-B3 T:A1-B2>B3 B3-C4");
    assert_eq!(acts, strs("C4-C2 C4-C5 C4-D4 P:D1-D2 S:D1-D2 T:D1-D2"));
}

#[test]
fn no_crossing_when_no_forest_cell_is_empty() {
    let g = game();
    // Green's Sciane on C4; C2 and D4 are occupied: no crossing.
    let (_, _, acts) =
        case(&g, "sea_no_crossing", "S:D1-D2 S:D7-D6 D2-D3 S:A1-B2 D3-D4 D6-C5 B2-B1 C5-C4 T:A1-B2>B1 B1-C2");
    assert_eq!(acts, strs("C2-C1 C4-B3 C4-C5 P:D7-D6 T:D7-D6"));
}

#[test]
fn pushing_a_neutral_piece_and_the_escape() {
    let g = game();
    // Green takes the White Thaum out of A1; it beats the White Sciane on B3 (moved there by
    // Red): the move must push it.
    let (st, _, acts) = case(&g, "push_neutral", "S:A1-B2 T:D7-D6 B2-B3");
    assert!(acts.contains(&"T:A1-B2>B3".to_string()), "{acts:?}");
    assert!(!acts.contains(&"T:A1-B2".to_string()));
    // After the push, the mover's opponent (Red) chooses the escape, even the only one.
    let (st2, _) = play_from(&g, &st, "T:A1-B2>B3");
    assert_eq!(status(&g, &st2, &[], false), Status::Decision(0));
    assert_eq!(legal(&g, &st2), strs("B3-C4"));
    snap("push_neutral_escape", &case_text(&g, &st2, &[], "start", "S:A1-B2 T:D7-D6 B2-B3 T:A1-B2>B3"));
}

#[test]
fn choosing_among_two_pushable_pieces() {
    let g = game();
    let (_, _, acts) = case(&g, "two_pushable", "T:D1-D2 P:A1-B2 D2-C1 B2-B3 T:A1-B2>A1 B3-C4 B2-B1");
    assert_eq!(acts, strs("C4-B3 C4-C2>B1 C4-C2>C1 C4-C5 C4-D4 P:D7-D6 S:D7-D6 T:D7-D6"));
}

#[test]
fn escape_choices_across_the_sea() {
    let g = game();
    // Red's Thaum on D4 (forest) is pushed by Green's Paupil: Red chooses its escape, a step
    // (D4-D3) or a Sea crossing (D4-C2, D4-C4).
    let (_, _, acts) = case(&g, "escape_across_sea", "T:D1-D2 P:D7-D6 D2-D3 P:A1-B2 D3-D4 D6-D5>D4");
    assert_eq!(acts, strs("D4-C2 D4-C4 D4-D3"));
}

#[test]
fn crush_of_the_last_piece_of_a_stack() {
    let g = game();
    // The White Paupil leaves A1; the White Thaum left there is the last piece of the stack,
    // is pushed, and has no escape (B2 holds the pusher): it is crushed, with no decision.
    let (st, _, acts) = case(&g, "crush", "S:A1-B2 S:D7-D6 B2-B1 P:A1-B2>A1");
    assert_eq!(acts, strs("B1-C2 P:D1-D2 S:D1-D2 T:D1-D2"));
    assert_eq!(st.board[g.board.cell("A1").unwrap() as usize], 0);
    assert_eq!(st.to_move, 0);
}

#[test]
fn white_piece_moved_by_the_opponent_is_locked() {
    let g = game();
    // Red moved the White Sciane to B2: Green may not move it.
    let (_, _, acts) = case(&g, "white_locked", "S:A1-B2");
    assert!(acts.iter().all(|a| !a.starts_with("B2-")), "{acts:?}");
    // Red moved the White Sciane again (B2-B1): Green may not move it, but may push it with
    // another White piece.
    let (_, _, acts) = case(&g, "white_locked_push", "S:A1-B2 S:D7-D6 B2-B1");
    assert_eq!(acts, strs("D6-C5 D6-D5 P:A1-B2>A1 T:A1-B2>B1"));
    // Green pushed it (T:A1-B2>B1) and Red chose its escape to C2: a pushed White piece does
    // not count, so Red may move it; the White Thaum Green moved (B2) is locked. The pushed
    // piece may not go back to B1, where it was pushed from.
    let (_, _, acts) = case(&g, "white_pushed_not_locked", "S:A1-B2 S:D7-D6 B2-B1 T:A1-B2>B1 B1-C2");
    assert_eq!(acts, strs("C2-C1 C2-C4 C2-D4 P:D1-D2 S:D1-D2 T:D1-D2"));
}

#[test]
fn pushed_piece_may_not_go_back() {
    let g = game();
    // The White Thaum was pushed from B3 to C4; pushed again at once, its escape may not go
    // back to B3.
    let (_, _, acts) = case(&g, "escape_not_back", "T:A1-B2 P:D7-D6 S:D1-D2 B2-B3 P:A1-B2>B3 B3-C4 D6-C5>C4");
    assert_eq!(acts, strs("C4-C2 C4-D4"));
}

#[test]
fn end_no_pieces_left() {
    let g = game();
    let moves = "T:D1-D2 T:A1-B2 D2-D3 S:D7-D6 B2-B1 P:A1-B2>B1 B1-C2 P:D1-D2 B2-B1>C2 C2-C1 A1-B2>B1 B1-C2 C2-D4>D3 B2-A1 D6-D5>D4 D4-C2 D2-D3 C1-D2>D1 C2-C1>D2 D2-D1 D5-D4>D3 D3-D2 A1-B2 D4-D3>D2";
    let (st, hist, acts) = case(&g, "end_no_pieces", moves);
    assert!(acts.is_empty());
    assert_eq!(result_word(&g, status(&g, &st, &hist, false)), "green");
}

#[test]
fn end_no_attack_possible_draw() {
    let g = game();
    let moves = "T:D1-D2 S:D7-D6 D2-C1 P:A1-B2 C1-D2 B2-B3 T:A1-B2>A1 D6-D5 B2-B1 T:D7-D6 D2-C1 B3-B2>B1 B1-C2 C2-D4>D5 B2-B3 D4-C2 D6-D5 C2-C4 D7-D6 C4-D4 B3-C4 S:D1-D2 D4-D3>D2 C4-D4>D5 D6-C5 D1-D2>D3 D4-C2>C1";
    let (st, hist, _) = case(&g, "end_no_attack_draw", moves);
    assert_eq!(result_word(&g, status(&g, &st, &hist, false)), "draw");
}

#[test]
fn end_no_legal_move() {
    let g = game();
    let moves =
        "S:A1-B2 P:D7-D6 S:D1-D2 B2-B1 P:A1-B2>A1 D6-D5 D2-D3 D5-D4 B2-A1 B1-B2>A1 P:D1-D2 B2-B1 D2-C1 B1-C2>C1 C1-D2";
    // Red's last pieces are stuck: Red loses.
    let (st, hist, acts) = case(&g, "end_no_moves_red_stuck", moves);
    assert!(acts.is_empty());
    assert_eq!(result_word(&g, status(&g, &st, &hist, false)), "green");
    let moves = "T:D1-D2 P:A1-B2 D2-D3 B2-B1 T:A1-B2>A1 S:D7-D6 D3-D4 D6-D5 S:D1-D2 B2-B3 B1-B2>B3 B3-C4 P:D7-D6 B2-B3>C4 C4-C5";
    let (st, hist, _) = case(&g, "end_no_moves_green_stuck", moves);
    assert_eq!(result_word(&g, status(&g, &st, &hist, false)), "red");
}

#[test]
fn rock_paper_example_uses_the_same_concepts() {
    // games/examples/rock-paper.toml (docs/LANGUAGE.md): factions, stacks and pushes on a
    // square board. Grey's Paper on c2 stepping next to Grey's Rock on b3 must push it.
    let g = load("examples/rock-paper.toml");
    let st = g.initial();
    assert_eq!(g.position_string(&st), "3(prs)/1X2/2Y1/(PRS)3 w - -");
    let acts = legal(&g, &st);
    assert!(acts.contains(&"c2-b2>b3".to_string()) && !acts.contains(&"c2-b2".to_string()), "{acts:?}");
    assert!(acts.contains(&"R:a1-b1".to_string()));
}
