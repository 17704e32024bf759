//! Sittuyin (games/examples/sittuyin.toml) against Fairy-Stockfish's `sittuyin`: at the
//! start (the placement phase) and at nodes deep into random games
//! (tests/data/fairy/sittuyin.txt: inside the placement, after it, after promotions),
//! replayed by the engine's moves and read from its position strings (hands included).
//! The promotions come from games favouring them (`--favour 'f$'`), some from a start
//! without Mets, where every Pawn may promote.

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

/// A position string with the hand's letters sorted (Fairy-Stockfish lists them in its
/// own order of types).
fn sorted_hand(fen: &str) -> String {
    let (rows, rest) = fen.split_once('[').expect("a hand");
    let (hand, rest) = rest.split_once(']').expect("a hand");
    let mut letters: Vec<char> = hand.chars().collect();
    letters.sort_unstable();
    format!("{rows}[{}]{rest}", letters.into_iter().collect::<String>())
}

/// Replayed by the engine's moves, interp writes the engine's position string: the board,
/// the hands, the move clocks (a placement, like a Pawn move, restarts the halfmove clock).
#[test]
fn sittuyin_writes_fairy_stockfish_position_strings() {
    let g = sittuyin();
    for node in fairy::nodes(DATA) {
        let st = fairy::replay(g, &node, &fairy::uci_plain);
        assert_eq!(sorted_hand(&g.position_string(&st)), sorted_hand(&node.fen), "line {}", node.line);
    }
}

/// The data hold nodes inside the placement (a hand not empty), after promotions, and
/// after a promotion in place.
#[test]
fn the_data_reach_the_placement_and_promotions() {
    let all = fairy::nodes(DATA);
    let placing = all.iter().filter(|n| !n.fen.contains("[]")).count();
    let promoted = |n: &&fairy::Node| n.moves.iter().any(|m| m.len() == 5 && m.ends_with('f'));
    let in_place = |n: &&fairy::Node| n.moves.iter().any(|m| m.len() == 5 && m.ends_with('f') && m[..2] == m[2..4]);
    assert!(placing >= 6, "{placing} nodes in the placement");
    assert!(all.iter().filter(promoted).count() >= 20, "nodes after promotions");
    assert!(all.iter().filter(in_place).count() >= 3, "nodes after a promotion in place");
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
