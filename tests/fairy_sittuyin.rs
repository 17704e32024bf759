//! Sittuyin (games/examples/sittuyin.toml) against Fairy-Stockfish's `sittuyin`: at the
//! start (the placement phase) and at nodes deep into random games
//! (tests/data/fairy/sittuyin.txt: inside the placement, after it, after promotions),
//! replayed by the engine's moves and read from its position strings (hands included).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/sittuyin.txt");

fn sittuyin() -> &'static Game {
    game_once!("games/examples/sittuyin.toml")
}

#[test]
fn the_uci_spelling_of_placements_and_promotions() {
    let (g, st) = (sittuyin(), sittuyin().initial());
    assert_eq!(fairy::uci_plain(g, &st, "K@d2"), "K@d2");
    assert_eq!(fairy::uci_plain(g, &st, "e5-e5=F"), "e5e5f");
    assert_eq!(fairy::uci_plain(g, &st, "e5-d6=F"), "e5d6f");
}

#[test]
fn sittuyin_matches_fairy_stockfish_after_the_moves() {
    let n = fairy::check_moves(sittuyin(), DATA, &fairy::uci_plain);
    assert!(n >= 20, "{n} nodes");
}

#[test]
fn sittuyin_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(sittuyin(), DATA, &fairy::uci_plain);
    assert!(n >= 20, "{n} nodes");
}
