//! Three-check (games/examples/3check.toml) against Fairy-Stockfish's `3check` at the start and
//! at nodes deep into random games (tests/data/fairy/3check.txt, made by
//! tests/reference/fairy_positions.py; its first line says how).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/3check.txt");

fn game() -> &'static Game {
    game_once!("games/examples/3check.toml")
}

#[test]
fn three_check_matches_fairy_stockfish_after_the_moves() {
    let n = fairy::check_moves(game(), DATA, &fairy::uci_plain);
    assert!(n >= 21, "{n} nodes");
}

#[test]
fn three_check_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(game(), DATA, &fairy::uci_plain);
    assert!(n >= 21, "{n} nodes");
}
