//! Perft of orthodox chess (games/chess.toml) beyond the published counts, which are test
//! cases in games/chess.tests.toml (run by tests/game_cases.rs): perft(0), the start's
//! position string, and perft's leaving the automatic draws out.

mod common;
use common::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn start_position_string_is_the_standard_fen() {
    let g = chess();
    assert_eq!(g.position_string(&g.initial()), START);
}

#[test]
fn perft_zero_counts_the_node_itself() {
    let g = chess();
    assert_eq!(perft(g, &g.initial(), 0), 1);
    let (st, _) = play(g, &g.initial(), "f2-f3 e7-e5 g2-g4 d8-h4");
    assert_eq!(perft(g, &st, 0), 1);
    assert_eq!(perft(g, &st, 1), 0);
    assert_eq!(perft(g, &st, 3), 0);
}

#[test]
fn halfmove_clock_at_100_does_not_end_perft() {
    let g = chess();
    let st = parse_fen(g, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80");
    assert_eq!(perft(g, &st, 1), 15);
    assert_eq!(perft(g, &st, 2), perft(g, &parse_fen(g, "4k3/8/8/8/8/8/8/R3K3 w - - 0 80"), 2));
}
