//! Shogi (games/examples/shogi.toml) against Fairy-Stockfish's `shogi` (its large-board build): at the
//! start and at nodes deep into random games (tests/data/fairy/shogi.txt), replayed by
//! the engine's moves and read from its position strings (promoted pieces as `+P`, hands in
//! brackets). Fairy-Stockfish allows a Pawn drop that checkmates, so the game runs with
//! its option `pawn-drop-mate`; without it such a drop is refused (tested below).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::engine::{Perft, State};
use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/shogi.txt");

fn shogi() -> &'static Game {
    game_once!("games/examples/shogi.toml", &["pawn-drop-mate"])
}

/// interp's notation in Fairy-Stockfish's UCI spelling (`b2-h8=H` is written with `+`).
fn uci(g: &Game, st: &State, notation: &str) -> String {
    fairy::uci_plus(g, st, notation)
}

#[test]
fn the_uci_spelling_of_promotions_and_drops() {
    let (g, st) = (shogi(), shogi().initial());
    assert_eq!(uci(g, &st, "b2-h8=H"), "b2h8+");
    assert_eq!(uci(g, &st, "P@e5"), "P@e5");
    assert_eq!(uci(g, &st, "c3-c4"), "c3c4");
}

#[test]
fn shogi_matches_fairy_stockfish_from_the_start() {
    let g = shogi();
    let st = g.initial();
    let counts: Vec<u64> = (1..=4).map(|d| Perft::new(g, &st, d).count(&st, d)).collect();
    assert_eq!(counts, [30, 900, 25470, 719731]);
}

#[test]
fn shogi_matches_fairy_stockfish_after_the_moves() {
    let n = fairy::check_moves(shogi(), DATA, &uci);
    assert!(n >= 20, "{n} nodes");
}

#[test]
fn shogi_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(shogi(), DATA, &uci);
    assert!(n >= 20, "{n} nodes");
}

#[test]
fn without_the_option_a_pawn_drop_that_mates_is_refused() {
    let fen = "8k/9/7GN/9/9/9/9/9/4K4[P] w - - 0 1";
    let official = common::open_game("games/examples/shogi.toml");
    let names = |g: &Game| {
        let st = g.parse_position(fen).unwrap();
        g.notations(&st, &g.actions(&st))
    };
    let (with, without) = (names(shogi()), names(&official));
    assert!(with.iter().any(|n| n == "P@i8"), "{with:?}");
    assert!(!without.iter().any(|n| n == "P@i8"), "{without:?}");
    // Every other action stays: the rule refuses that one drop.
    assert_eq!(with.len(), without.len() + 1);
    assert!(without.iter().any(|n| n == "P@h8"));
}
