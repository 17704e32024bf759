//! Crazyhouse (games/examples/crazyhouse.toml) against Fairy-Stockfish's `crazyhouse`: at
//! the start and at nodes deep into random games (tests/data/fairy/crazyhouse.txt), where
//! pieces are promoted, dropped and captured promoted, replayed by the engine's moves and
//! read from its position strings (hands `[Pp]`, promoted pieces `Q~`).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/crazyhouse.txt");

fn crazyhouse() -> &'static Game {
    game_once!("games/examples/crazyhouse.toml")
}

#[test]
fn crazyhouse_matches_fairy_stockfish_after_the_moves() {
    let n = fairy::check_moves(crazyhouse(), DATA, &fairy::uci_plain);
    assert!(n >= 21, "{n} nodes");
}

#[test]
fn crazyhouse_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(crazyhouse(), DATA, &fairy::uci_plain);
    assert!(n >= 21, "{n} nodes");
}

/// The data reach what the rule is about: promoted pieces on the board (marked `~` in the
/// engine's position strings, and so in interp's), and promoted pieces captured on the
/// way, each of which went to the captor's hand as a Pawn.
#[test]
fn the_data_hold_promoted_pieces_and_their_captures() {
    let g = crazyhouse();
    let nodes = fairy::nodes(DATA);
    let marked = nodes.iter().filter(|n| n.fen.contains('~')).count();
    assert!(marked >= 5, "{marked} nodes with promoted pieces");
    // Each capture once, though the nodes of one game share their first moves.
    let mut taken = std::collections::HashSet::new();
    for node in &nodes {
        let mut st = fairy::start(g, node);
        for (i, u) in node.moves.iter().enumerate() {
            let list = g.actions(&st);
            let names = g.notations(&st, &list);
            let name = names.iter().find(|n| fairy::uci_plain(g, &st, n) == *u).expect("a listed move");
            let to = g.board.cell(&u[2..4]).filter(|_| !u.contains('@'));
            let victim = to.map_or(0, |c| st.board[c as usize]);
            let m = g.find_move(&st, &list, name).unwrap();
            g.apply(&mut st, &m, list.effects_of(&m));
            if victim != 0 && g.promoted_from(victim).is_some() {
                taken.insert(node.moves[..=i].join(" "));
                // It went to the hand as a Pawn: the captor's Pawn count rose.
                assert_eq!(g.types[g.hand_type(victim) as usize].letter, 'P');
            }
        }
        assert_eq!(g.position_string(&st), node.fen, "line {}", node.line);
    }
    assert!(taken.len() >= 3, "{} captures of promoted pieces", taken.len());
}
