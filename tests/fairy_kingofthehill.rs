//! King of the Hill (games/examples/kingofthehill.toml) against Fairy-Stockfish's `kingofthehill` at the start and
//! at nodes deep into random games (tests/data/fairy/kingofthehill.txt, made by
//! tests/reference/fairy_positions.py; its first line says how).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/kingofthehill.txt");

fn game() -> &'static Game {
    game_once!("games/examples/kingofthehill.toml")
}

#[test]
fn kingofthehill_matches_fairy_stockfish_after_the_moves() {
    let n = fairy::check_moves(game(), DATA, &fairy::uci_plain);
    assert!(n >= 21, "{n} nodes");
}

#[test]
fn kingofthehill_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(game(), DATA, &fairy::uci_plain);
    assert!(n >= 21, "{n} nodes");
}
