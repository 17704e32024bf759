//! Orthodox chess against Fairy-Stockfish at nodes deep into random games (the harness
//! the example games written after Fairy-Stockfish's variants use: tests/common/fairy.rs).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

const DATA: &str = include_str!("data/fairy/chess.txt");

#[test]
fn chess_matches_fairy_stockfish_after_the_moves() {
    let n = fairy::check_moves(common::chess(), DATA, &fairy::uci_plain);
    assert!(n >= 10, "{n} nodes");
}

#[test]
fn chess_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(common::chess(), DATA, &fairy::uci_plain);
    assert!(n >= 10, "{n} nodes");
}
