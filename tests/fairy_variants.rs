//! Variants written in the DSL without engine changes, checked against Fairy-Stockfish's
//! perft: Xiangqi (palace and river zones, blocked horse legs and elephant eyes, the
//! cannon's screen, facing generals as an `attack` pattern) and Capablanca chess (a
//! 10x8 variant of chess.toml with two compound pieces and three-cell castling).

mod common;

use common::{perft, play, repo_path};

#[test]
fn xiangqi_perft_matches_fairy_stockfish() {
    let g =
        interp::open(repo_path("games/examples/xiangqi.toml").to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{e}"));
    let st = g.initial();
    assert_eq!([1, 2, 3].map(|d| perft(&g, &st, d)), [44, 1920, 79666]);
    // A cannon capture in the centre: check from a cannon over a screen.
    let (st, _) = play(&g, &st, "h3-e3 h10-g8 h1-g3 i10-h10 i1-h1 b8-b4 e3-e7");
    assert_eq!(perft(&g, &st, 3), 38555);
}

#[test]
fn capablanca_perft_matches_fairy_stockfish() {
    let g = interp::open(repo_path("games/examples/capablanca.toml").to_str().unwrap(), &[])
        .unwrap_or_else(|e| panic!("{e}"));
    let st = g.initial();
    assert_eq!([1, 2, 3].map(|d| perft(&g, &st, d)), [28, 784, 25228]);
    // White may castle kingside (f1-i1) here.
    let (st, _) = play(&g, &st, "e2-e4 e7-e5 h1-i3 h8-i6 i1-j3 a7-a6 h2-h3 a6-a5 g1-h2 b8-c6");
    assert!(common::legal(&g, &st).contains(&"f1-i1".to_string()));
    assert_eq!(perft(&g, &st, 3), 106047);
}
