//! Giveaway chess (games/examples/giveaway.toml) against Fairy-Stockfish's `giveaway`: the
//! start at perft 5 and 68 nodes deep into seeded random games at perft 4
//! (tests/data/fairy/giveaway.txt, made by tests/reference/fairy_positions.py with the
//! command lines in its header). Moves map to UCI as plain moves do: castling is the
//! King's move (`e1g1`), a promotion to a King is `e7e8k`.

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/giveaway.txt");

fn giveaway() -> &'static Game {
    game_once!("games/examples/giveaway.toml")
}

#[test]
fn giveaway_matches_fairy_stockfish_after_the_moves() {
    let deep = fairy::nodes(DATA).iter().filter(|n| n.moves.len() >= 12).count();
    assert!(deep >= 20, "{deep} nodes deep into games");
    let n = fairy::check_moves(giveaway(), DATA, &fairy::uci_plain);
    assert!(n > deep, "the start too: {n} nodes");
}

#[test]
fn giveaway_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(giveaway(), DATA, &fairy::uci_plain);
    assert!(n >= 21, "{n} nodes");
}
