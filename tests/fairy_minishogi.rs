//! Minishogi (games/examples/minishogi.toml) against Fairy-Stockfish's `minishogi`: at the
//! start and at nodes deep into random games (tests/data/fairy/minishogi.txt), replayed by
//! the engine's moves and read from its position strings (promoted pieces as `+P`, hands in
//! brackets). Fairy-Stockfish allows a Pawn drop that checkmates, so the game runs with
//! its option `pawn-drop-mate`; without it such a drop is refused (tested below).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::engine::{Perft, State};
use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/minishogi.txt");

fn minishogi() -> &'static Game {
    game_once!("games/examples/minishogi.toml", &["pawn-drop-mate"])
}

/// interp's notation in Fairy-Stockfish's UCI spelling (`a4-a5=T` is written with `+`).
fn uci(g: &Game, st: &State, notation: &str) -> String {
    fairy::uci_plus(g, st, notation)
}

#[test]
fn the_uci_spelling_of_promotions_and_drops() {
    let (g, st) = (minishogi(), minishogi().initial());
    assert_eq!(uci(g, &st, "a4-a5=T"), "a4a5+");
    assert_eq!(uci(g, &st, "P@c3"), "P@c3");
    assert_eq!(uci(g, &st, "a2-a3"), "a2a3");
}

#[test]
fn minishogi_matches_fairy_stockfish_from_the_start() {
    let g = minishogi();
    let st = g.initial();
    let counts: Vec<u64> = (1..=5).map(|d| Perft::new(g, &st, d).count(&st, d)).collect();
    assert_eq!(counts, [14, 181, 2512, 35401, 533203]);
}

#[test]
fn minishogi_matches_fairy_stockfish_after_the_moves() {
    let n = fairy::check_moves(minishogi(), DATA, &uci);
    assert!(n >= 20, "{n} nodes");
}

#[test]
fn minishogi_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(minishogi(), DATA, &uci);
    assert!(n >= 20, "{n} nodes");
}

#[test]
fn without_the_option_a_pawn_drop_that_mates_is_refused() {
    let fen = "p3k/5/4G/5/K2R1[P] w - - 0 1";
    let official = common::open_game("games/examples/minishogi.toml");
    let names = |g: &Game| {
        let st = g.parse_position(fen).unwrap();
        g.notations(&st, &g.actions(&st))
    };
    let (with, without) = (names(minishogi()), names(&official));
    assert!(with.iter().any(|n| n == "P@e4"), "{with:?}");
    assert!(!without.iter().any(|n| n == "P@e4"), "{without:?}");
    assert_eq!(with.len(), without.len() + 1);
}
