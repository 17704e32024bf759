//! Xiangqi written in the DSL without new engine code (palace and river zones, blocked
//! horse legs and elephant eyes, the cannon's screen, facing generals as an `attack`
//! pattern), checked against Fairy-Stockfish's xiangqi perft.

mod common;

use common::{perft, play, repo_path};

#[test]
fn perft_matches_fairy_stockfish() {
    let g =
        interp::open(repo_path("games/examples/xiangqi.toml").to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{e}"));
    let st = g.initial();
    assert_eq!([1, 2, 3].map(|d| perft(&g, &st, d)), [44, 1920, 79666]);
    // A cannon capture in the centre: check from a cannon over a screen.
    let (st, _) = play(&g, &st, "h3-e3 h10-g8 h1-g3 i10-h10 i1-h1 b8-b4 e3-e7");
    assert_eq!(perft(&g, &st, 3), 38555);
}
