//! The end rules a search judges before it generates the moves
//! (`Game::judge_without_moves`): a rule that needs no moves decides only when no rule
//! before it, needing the moves, might end the game otherwise; rules in order, as the
//! full judgement reads them.

mod common;

use common::{chess, open_game, parse_fen, play, status};
use interp::engine::Status;

#[test]
fn an_earlier_rule_that_needs_the_moves_is_not_skipped() {
    // Tishai: White has just taken Black's last Tower, keeps one Tower, and Black's Knight
    // can take it back: the retake exception (a draw, needing the moves) comes before
    // "both Towers lost" (a loss for Black, needing none).
    let g = open_game("games/tishai.toml");
    let st = parse_fen(&g, "3k3/7/7/3Rn2/7/7/3K3 b - - pawns=0,0 towers-moved=1,1 reserve-P=3,3");
    assert_eq!(status(&g, &st, &[]), Status::Over(None), "the retake exception");
    assert_eq!(g.judge_without_moves(&st, &[], true, None), None, "unknown without the moves");
    // White keeps both Towers: the exception cannot hold, whatever the moves, and Black has
    // lost, known without them.
    let st = parse_fen(&g, "3k3/7/7/7/7/7/R5R b - - pawns=0,0 towers-moved=1,1 reserve-P=3,3");
    assert_eq!(status(&g, &st, &[]), Status::Over(Some(0)));
    assert_eq!(g.judge_without_moves(&st, &[], true, None), Some(Status::Over(Some(0))));
}

#[test]
fn a_repetition_out_of_check_is_known_without_the_moves() {
    // Chess: checkmate (`no-moves & check`) cannot hold out of check, and stalemate would
    // end the game as the repetition does (a draw): the third occurrence decides.
    let g = chess();
    let start = parse_fen(g, "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    let (st, hist) = play(g, &start, "h1-h2 e8-d8 h2-h1 d8-e8 h1-h2 e8-d8 h2-h1 d8-e8");
    assert_eq!(g.judge_without_moves(&st, &hist, true, None), Some(Status::Over(None)));
    assert_eq!(g.judge_without_moves(&st, &hist, false, None), None, "repetition is automatic");
}
