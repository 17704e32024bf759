//! Trubix-43 as games/trubix-43.toml states it: snapshots of the legal
//! actions for every Woozan special move, every promotion choice and the half-offset cells
//! (in snapshots/, checked against the independent Python reference when written) and the
//! game ends. Perft from the start and the reference vectors are test cases in
//! games/trubix-43.tests.toml (run by tests/game_cases.rs).

mod variants;
use interp::engine::State;
use interp::engine::Status;
use interp::ir::Game;
use variants::*;

fn game() -> Game {
    load("trubix-43.toml")
}

/// Snapshots `text` as snapshots/trubix__NAME.snap.
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

/// The same from a position string.
fn case_at(g: &Game, name: &str, pos: &str, moves: &str) -> (State, Vec<u64>, Vec<String>) {
    let start = g.parse_position(pos).unwrap_or_else(|e| panic!("bad position `{pos}`: {e}"));
    let (st, hist) = play_from(g, &start, moves);
    snap(name, &case_text(g, &st, &hist, pos, moves));
    let acts = legal(g, &st);
    (st, hist, acts)
}

fn from(acts: &[String], cell: &str) -> Vec<String> {
    acts.iter().filter(|a| a.split('-').next() == Some(cell)).cloned().collect()
}

fn has(acts: &[String], a: &str) -> bool {
    acts.iter().any(|x| x == a)
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn board_has_43_cells_and_the_setup() {
    let g = game();
    assert_eq!(g.board.len(), 43);
    let st = g.initial();
    assert_eq!(st.board.iter().filter(|&&k| k != 0).count(), 30);
    assert_eq!(g.position_string(&st), "qk/fcscf/wwwww/f1w1f/3/3/3/F1W1F/WWWWW/FCSCF/QK w - - 0 1");
}

// ---- Woozan ----------------------------------------------------------------------------

#[test]
fn woozan_double_step_white() {
    // a2-b4 via a3 (X-move second), d2-d4 straight, e2-d4 via e3; c2 is blocked by c3 and
    // b2 by the Fleurbic on b3.
    let g = game();
    let (_, _, acts) = case(&g, "woozan_double_step_white", "a3-b3 a7-b7 e3-c5 e7-d7");
    assert_eq!(from(&acts, "a2"), strs(&["a2-a3", "a2-b4"]));
    assert_eq!(from(&acts, "d2"), strs(&["d2-d3", "d2-d4"]));
    assert_eq!(from(&acts, "e2"), strs(&["e2-d4", "e2-e3"]));
    assert!(from(&acts, "c2").is_empty());
}

#[test]
fn woozan_double_step_black() {
    // Mirrored: a8-b6 via a7, e8-d6 via e7.
    let g = game();
    let (_, _, acts) = case(&g, "woozan_double_step_black", "a3-b3 a7-b7 e3-c5 e7-d7 c3-c4");
    assert_eq!(from(&acts, "a8"), strs(&["a8-a7", "a8-b6"]));
    assert_eq!(from(&acts, "e8"), strs(&["e8-d6", "e8-e7"]));
}

#[test]
fn woozan_x_moves() {
    // b4-a3 for White (an X-move backwards), then b6-a7 for Black.
    let g = game();
    let (_, _, acts) = case(&g, "woozan_x_move_white", "a3-b3 a7-b7 a2-b4 a8-b6");
    assert_eq!(from(&acts, "b4"), strs(&["b4-a3", "b4-b5"]));
    let (_, _, acts) = case(&g, "woozan_x_move_black", "a3-b3 a7-b7 a2-b4 a8-b6 b4-a3");
    assert_eq!(from(&acts, "b6"), strs(&["b6-a7", "b6-b5"]));
}

#[test]
fn woozan_z_moves() {
    // White a8-b9 (arriving on rank 9: C or F may be chosen).
    let g = game();
    let moves = "d2-d4 d8-d6 b2-b4 b8-b7 c3-c4 b9-b8 b4-b3 c7-c6 c4-c5 d6-d5 c2-c4 b7-b6 c5-b6 d5-c4 c1-d2 \
                 c9-d8 b6-b7 e7-d7 b3-c4 d8-c9 d1-c2 c6-c5 b7-a8 e8-e7";
    let (_, _, acts) = case(&g, "woozan_z_move_white", moves);
    assert_eq!(from(&acts, "a8"), strs(&["a8-b9", "a8-b9=C", "a8-b9=F"]));
    // Black a2-b1.
    let moves = "b2-b4 b8-b7 c3-c4 d8-d7 d2-d3 b7-b6 c4-c5 b6-c5 b1-b2 c5-b4 e3-c5 b4-b3 e2-d4 b3-a2 d4-d5";
    let (_, _, acts) = case(&g, "woozan_z_move_black", moves);
    assert_eq!(from(&acts, "a2"), strs(&["a2-b1", "a2-b1=C", "a2-b1=F"]));
}

#[test]
fn woozan_steps_back_into_bc0_without_promotion() {
    let g = game();
    let moves = "d2-d4 b8-b7 c3-c4 a7-c5 d4-d5 e7-d7 a3-b3 c5-e3 c4-c5 e3-d2 b1-d2 d7-d6 d1-e3 a8-b6 c1-d1 \
                 d8-d7 c2-c1 d6-b8 c5-c6 d7-d6 bc0-b1 b7-c6";
    let (_, _, acts) = case(&g, "woozan_back_into_bc0", moves);
    // c1 -S-> bc0 and cd0; cd0 holds the King. No promotion on White's own side.
    assert_eq!(from(&acts, "c1"), strs(&["c1-bc0", "c1-c2"]));
}

#[test]
fn woozan_steps_forward_into_bc10_and_cd10() {
    // A White Woozan on c9 steps to both bc10 and cd10 (the N fork) and may promote there.
    let g = game();
    let pos = "2/2W1k/5/5/3/3/3/5/5/5/K1 w - - 0 1";
    let (_, _, acts) = case_at(&g, "woozan_fork_into_rank_10", pos, "");
    let want = [
        "c9-bc10",
        "c9-bc10=C",
        "c9-bc10=F",
        "c9-bc10=Q",
        "c9-bc10=S",
        "c9-c8",
        "c9-cd10",
        "c9-cd10=C",
        "c9-cd10=F",
        "c9-cd10=Q",
        "c9-cd10=S",
    ];
    assert_eq!(from(&acts, "c9"), strs(&want));
}

// ---- promotion ---------------------------------------------------------------------------

#[test]
fn promotion_on_rank_9() {
    // Arriving on rank 9 (here by captures): C or F, or stay a Woozan.
    let g = game();
    let moves = "b2-b3 a7-b7 c3-c4 e7-c5 b3-b4 e8-d6 b4-c5 b7-b6 c5-d6 c7-c6 d6-d7 b6-c7 d7-c8 c6-c5";
    let (_, _, acts) = case(&g, "promotion_rank_9", moves);
    assert_eq!(from(&acts, "c8"), strs(&["c8-b9", "c8-b9=C", "c8-b9=F", "c8-d9", "c8-d9=C", "c8-d9=F"]));
}

#[test]
fn promotion_on_rank_10_with_a_queen_on_the_board() {
    // White still has its Queen: Q is not offered, S, C and F are (b9 takes the Queen on
    // bc10 by its NE link).
    let g = game();
    let moves = "b2-b3 a7-b7 c3-c4 e7-c5 b3-b4 e8-d6 b4-c5 b7-b6 c5-d6 c7-c6 d6-d7 b6-c7 d7-c8 c6-c5 c8-b9 d8-d6";
    let (_, _, acts) = case(&g, "promotion_rank_10_no_second_queen", moves);
    assert_eq!(from(&acts, "b9"), strs(&["b9-a8", "b9-bc10", "b9-bc10=C", "b9-bc10=F", "b9-bc10=S"]));
}

#[test]
fn promotion_on_rank_10_to_queen() {
    // White's Queen was taken on bc0: every choice Q, S, C, F is offered.
    let g = game();
    let moves = "b2-b4 d8-d6 d2-d3 b8-b6 b4-b5 c7-c6 b5-c6 c8-c7 c3-c4 d6-d5 d3-d4 b6-b5 c2-c3 b5-b4 c4-d5 \
                 b4-c3 d5-d6 c3-c2 d6-c7 e7-c7 d4-d5 c2-b1 d5-d6 b1-bc0 d6-c7 e8-e7 c7-c8 e7-d6 c8-b9 d6-d5";
    let (st, _, acts) = case(&g, "promotion_rank_10_queen", moves);
    assert_eq!(
        from(&acts, "b9"),
        strs(&["b9-a8", "b9-b8", "b9-bc10", "b9-bc10=C", "b9-bc10=F", "b9-bc10=Q", "b9-bc10=S"])
    );
    // The promoted piece replaces the Woozan.
    let m = g.find_move(&st, &g.actions(&st), "b9-bc10=Q").unwrap();
    let mut after = st.clone();
    let list = g.actions(&st);
    g.apply(&mut after, &m, list.effects_of(&m));
    assert_eq!(g.kind_char(after.board[g.board.cell("bc10").unwrap() as usize]), 'Q');
}

#[test]
fn promotion_black() {
    // Black, mirrored: b1 takes the Queen on bc0 (b1 -SE-> bc0); Black has its Queen.
    let g = game();
    let moves = "b2-b3 b8-b6 d2-d4 b6-b5 c3-c4 b5-c4 c2-c3 c4-b3 c3-c4 c7-c6 c4-c5 b3-a2 a3-c3 a2-b1 d4-d5";
    let (_, _, acts) = case(&g, "promotion_black", moves);
    assert_eq!(from(&acts, "b1"), strs(&["b1-b2", "b1-bc0", "b1-bc0=C", "b1-bc0=F", "b1-bc0=S"]));
}

#[test]
fn promotion_by_a_backward_step() {
    // A White Woozan on bc10 stepping back onto rank 9 arrives there: C or F.
    let g = game();
    let moves = "d2-d3 c7-c6 b2-b4 d8-d6 d3-d4 e7-c7 d4-d5 d6-d7 d5-c6 d7-d6 b4-b5 b8-b7 c6-b7 d6-d5 b7-c8 \
                 d5-d4 c8-b9 e8-e7 c3-c4 d4-e3 b5-b6 e7-d6 b9-bc10 d6-d5";
    let (_, _, acts) = case(&g, "promotion_backward", moves);
    assert_eq!(from(&acts, "bc10"), strs(&["bc10-b9", "bc10-b9=C", "bc10-b9=F", "bc10-c9", "bc10-c9=C", "bc10-c9=F"]));
}

#[test]
fn promotion_by_capture_on_rank_9() {
    let g = game();
    let moves = "d2-d4 c7-c6 d4-d5 d8-d6 d5-c6 d6-d5 c6-c7 e7-d8 c7-b8 e8-d6";
    let (_, _, acts) = case(&g, "promotion_capture", moves);
    assert!(has(&acts, "b8-a9=C") && has(&acts, "b8-c9=F") && has(&acts, "b8-c9"));
}

// ---- the half-offset cells -----------------------------------------------------------------

#[test]
fn queen_on_bc0_on_an_empty_board() {
    // The rulings' example: b1..b9, bc10 (via b9), c1..c9, bc10/cd10 via c9, a2, d2, e3, cd0.
    let g = game();
    let (_, _, acts) = case_at(&g, "queen_on_bc0", "2/4k/5/5/3/3/3/5/5/K4/Q1 w - - 0 1", "");
    let mut want: Vec<String> = vec![];
    for r in 1..=9 {
        want.push(format!("bc0-b{r}"));
        want.push(format!("bc0-c{r}"));
    }
    for c in ["bc10", "cd10", "a2", "d2", "e3", "cd0"] {
        want.push(format!("bc0-{c}"));
    }
    want.sort();
    assert_eq!(from(&acts, "bc0"), want);
}

#[test]
fn squire_slides_through_b1_and_b9() {
    let g = game();
    let moves = "b2-b4 c7-c6 b4-b5 b8-b6 b5-c6 e7-c7 c3-c4 c7-c6 b1-c3 c6-c4 bc0-b6 c4-e2 e1-e2 a7-b6 d2-d4 b6-d4 \
                 c3-d5 d4-b2 c1-b2 b9-c7";
    let (_, _, acts) = case(&g, "squire_through_half_cells", moves);
    assert!(has(&acts, "b2-bc0") && has(&acts, "b2-bc10"));
}

#[test]
fn fleurbic_two_step_reaches_bc0() {
    // a2 -SE-> b1 -SE-> bc0: Black's Fleurbic takes the Queen.
    let g = game();
    let (_, _, acts) = case(&g, "fleurbic_into_bc0", "e3-c5 e7-c5 e2-d4 c5-a3 b2-b4 a3-a2 b4-b5");
    assert!(has(&acts, "a2-bc0"));
}

#[test]
fn crowned_knight_leaps_into_cd0() {
    // b1 -E-> c1 -SE-> cd0 and d2 -S-> d1 -SW-> cd0, over occupied cells.
    let g = game();
    let (_, _, acts) = case(&g, "crowned_knight_into_cd0", "d2-d3 d8-d6 d1-d2 d6-d5 cd0-d1 a7-b6");
    assert!(has(&acts, "b1-cd0") && has(&acts, "d2-cd0"));
}

#[test]
fn pin_along_a_half_cell_link() {
    // The Queen on a3 pins the Fleurbic on b2 to the King on cd0 along a3-b2-c1-cd0
    // (c1 -SE-> cd0): b2 may only move along that line.
    let g = game();
    let moves = "b2-b4 b8-b7 e3-d4 d8-d7 d4-b6 a7-b6 c1-b2 b6-b4 c3-b4 e7-c5 b4-c5 d9-d8 b2-b7 d8-b7 a3-b4 \
                 b7-c5 b1-c3 c5-b4 bc0-b4 a9-b8 b4-b8 a8-b6 b8-c7 e9-c7 a1-b2 c7-b7 d2-d3 b6-b5 c3-b5 b7-b5 \
                 e1-c3 b5-d3 e2-d3 c9-d9 c3-a3 bc10-e7 d1-c3 e7-a3";
    let (st, _) = play(&g, moves);
    let acts = legal(&g, &st);
    assert_eq!(from(&acts, "b2"), strs(&["b2-a3", "b2-c1"]));
}

// ---- game ends -----------------------------------------------------------------------------

/// Plays reference vector `line` (games/trubix-43.tests.toml) and snapshots its final
/// position.
fn end_case(g: &Game, name: &str, line: usize) -> (State, Status) {
    let moves = reference_vector("games/trubix-43.toml", line);
    let (st, hist) = play(g, &moves);
    snap(name, &case_text(g, &st, &hist, "start", &moves));
    assert!(legal(g, &st).is_empty());
    let s = status(g, &st, &hist, false);
    (st, s)
}

#[test]
fn checkmate_wins() {
    let g = game();
    let (st, s) = end_case(&g, "end_white_mates", 17);
    assert_eq!(s, Status::Over(Some(0)));
    assert!(g.in_check(&st, 1));
    let (st, s) = end_case(&g, "end_black_mates", 6);
    assert_eq!(s, Status::Over(Some(1)));
    assert!(g.in_check(&st, 0));
}

#[test]
fn stalemate_is_a_draw() {
    let g = game();
    let (st, s) = end_case(&g, "end_stalemate", 22);
    assert_eq!(s, Status::Over(None));
    assert!(!g.in_check(&st, st.to_move));
}

#[test]
fn bare_kings_draw() {
    // The White King takes the last other piece: only the two Kings are left.
    let g = game();
    let pos = "1k/5/5/5/3/3/3/5/5/1f3/K1 w - - 0 1";
    let (st, _, acts) = case_at(&g, "end_bare_kings_before", pos, "");
    assert_eq!(acts, strs(&["bc0-b1", "bc0-cd0"]));
    assert_eq!(status(&g, &st, &[], false), Status::Decision(0));
    let (st, hist, acts) = case_at(&g, "end_bare_kings", pos, "bc0-b1");
    assert!(acts.is_empty());
    assert_eq!(status(&g, &st, &hist, false), Status::Over(None));
    assert_eq!(perft(&g, &st, 1), 0);
}

#[test]
fn hundred_plies_without_capture_draw() {
    let g = game();
    // 98 plies without capture, White to move.
    let pos = "qk/fcscf/wwwww/f1w1f/3/3/3/F1W1F/WWWWW/FCSCF/QK w - - 98 50";
    let start = g.parse_position(pos).unwrap();
    let (st, hist) = play_from(&g, &start, "e3-c5");
    assert_eq!(status(&g, &st, &hist, true), Status::Decision(1), "99 plies");
    // A quiet 100th ply: a draw.
    let (st, hist, _) = case_at(&g, "end_hundred_plies", pos, "e3-c5 e7-d7");
    assert_eq!(status(&g, &st, &hist, true), Status::Over(None));
    // Automatic draws are not applied in perft or in the list of actions.
    assert_eq!(status(&g, &st, &hist, false), Status::Decision(0));
    assert!(!legal(&g, &st).is_empty());
    // A capture on the 100th ply starts the count again.
    let (st, hist) = play_from(&g, &start, "e3-c5 e7-c5");
    assert_eq!(status(&g, &st, &hist, true), Status::Decision(0));
    assert!(g.position_string(&st).ends_with(" 0 51"), "{}", g.position_string(&st));
}

#[test]
fn threefold_repetition_draw() {
    // The start position a third time (the Fleurbics' moved flags play no part in the rules).
    let g = game();
    let (st, hist) = play(&g, "a3-b3 a7-b7 b3-a3 b7-a7 a3-b3 a7-b7 b3-a3");
    assert_eq!(status(&g, &st, &hist, true), Status::Decision(1));
    let (st, hist) = play(&g, "a3-b3 a7-b7 b3-a3 b7-a7 a3-b3 a7-b7 b3-a3 b7-a7");
    assert_eq!(status(&g, &st, &hist, true), Status::Over(None));
    // Not applied in perft.
    assert_eq!(status(&g, &st, &hist, false), Status::Decision(0));
}
