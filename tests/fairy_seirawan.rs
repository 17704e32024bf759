//! Seirawan chess (games/examples/seirawan.toml) against Fairy-Stockfish's `seirawan`: at
//! the start and at nodes deep into random games (tests/data/fairy/seirawan.txt), replayed
//! by the engine's moves and read from its position strings (hands and gates included).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::engine::State;
use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/seirawan.txt");

fn seirawan() -> &'static Game {
    game_once!("games/examples/seirawan.toml")
}

/// interp's notation in Fairy-Stockfish's UCI spelling: a gate is the entering piece's
/// letter after the move (`b1-c3/H` is `b1c3h`); a gate on the castling rook's cell is
/// written from that cell to the king's (`e1-g1/H@h1` is `h1e1h`).
fn uci(g: &Game, st: &State, notation: &str) -> String {
    let Some((mv, gate)) = notation.split_once('/') else { return fairy::uci_plain(g, st, notation) };
    let plain = fairy::uci_plain(g, st, mv);
    let (letter, cell) = gate.split_at(1);
    let letter = letter.to_ascii_lowercase();
    match cell.strip_prefix('@') {
        Some(cell) => format!("{cell}{}{letter}", &plain[..2]),
        None => format!("{plain}{letter}"),
    }
}

#[test]
fn the_uci_spelling_of_gates() {
    let (g, st) = (seirawan(), seirawan().initial());
    assert_eq!(uci(g, &st, "b1-c3/H"), "b1c3h");
    assert_eq!(uci(g, &st, "e1-g1/E"), "e1g1e");
    assert_eq!(uci(g, &st, "e1-g1/H@h1"), "h1e1h");
    assert_eq!(uci(g, &st, "e1-c1/E@a1"), "a1e1e");
    assert_eq!(uci(g, &st, "a7-a8=H"), "a7a8h");
}

#[test]
fn seirawan_matches_fairy_stockfish_after_the_moves() {
    let n = fairy::check_moves(seirawan(), DATA, &uci);
    assert!(n >= 21, "{n} nodes");
}

#[test]
fn seirawan_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(seirawan(), DATA, &uci);
    assert!(n >= 21, "{n} nodes");
}
