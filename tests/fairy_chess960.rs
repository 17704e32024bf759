//! Chess960 (games/examples/chess960.toml) against Fairy-Stockfish's `chess960` with
//! UCI_Chess960 (tests/data/fairy/chess960.txt: the standard array and four others, at
//! the start and deep into random games, and three positions where castling is near),
//! and what the file relies on: castling written as
//! the King taking its Rook beside a King step to the same square, a King that stays on its
//! square or lands where its Rook stood, and the castling letters of position strings by
//! file (Shredder-FEN as Fairy-Stockfish writes them, X-FEN's KQkq read too).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/chess960.txt");

fn chess960() -> &'static Game {
    game_once!("games/examples/chess960.toml")
}

/// The sorted notations of the legal actions at a position string.
fn moves_at(fen: &str) -> Vec<String> {
    let g = chess960();
    let st = common::parse_fen(g, fen);
    g.notations(&st, &g.actions(&st))
}

/// The position string after playing `moves` from `fen`.
fn after(fen: &str, moves: &str) -> String {
    let g = chess960();
    let (st, _) = common::play(g, &common::parse_fen(g, fen), moves);
    g.position_string(&st)
}

#[test]
fn chess960_matches_fairy_stockfish_after_the_moves() {
    // Castling is written e1-h1, Fairy-Stockfish's e1h1: the plain mapping fits.
    let n = fairy::check_moves(chess960(), DATA, &fairy::uci_plain);
    assert!(n >= 20, "{n} nodes");
}

#[test]
fn chess960_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(chess960(), DATA, &fairy::uci_plain);
    assert!(n >= 20, "{n} nodes");
}

#[test]
fn castling_and_the_king_step_to_one_square_are_two_actions() {
    let m = moves_at("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    assert!(m.contains(&"f1-g1".to_string()) && m.contains(&"f1-h1".to_string()), "{m:?}");
    // The step leaves the Rook on h1 (and the right with it); castling puts it on f1.
    assert_eq!(after("4k3/8/8/8/8/8/8/5K1R w H - 0 1", "f1-g1"), "4k3/8/8/8/8/8/8/6KR b - - 1 1");
    assert_eq!(after("4k3/8/8/8/8/8/8/5K1R w H - 0 1", "f1-h1"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn the_king_may_stay_or_land_where_its_rook_stood() {
    // The King on its destination: only the Rook moves.
    assert_eq!(after("4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1-h1"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    assert_eq!(after("4k3/8/8/8/8/8/8/R1K5 w A - 0 1", "c1-a1"), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // The Rook on the King's destination: they swap.
    assert_eq!(after("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1-g1"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    assert_eq!(after("rk6/8/8/8/8/8/8/6K1 b a - 0 1", "b8-a8"), "2kr4/8/8/8/8/8/8/6K1 w - - 1 2");
    // Without the right (no letter) there is no castling, only the steps.
    assert!(!moves_at("4k3/8/8/8/8/8/8/5KR1 w - - 0 1").contains(&"f1-g1".to_string()));
}

#[test]
fn castling_letters_are_read_and_written_by_file() {
    let g = chess960();
    assert_eq!(g.position_string(&g.initial()), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    // Shredder letters, and X-FEN's K and Q for the outermost Rooks, read alike.
    let fen = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1";
    assert_eq!(g.position_string(&common::parse_fen(g, fen)), fen);
    let xfen = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1";
    assert_eq!(g.position_string(&common::parse_fen(g, xfen)), fen);
    // One right kept: the other Rook and its castling are gone.
    let one = "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w A - 0 1";
    assert_eq!(g.position_string(&common::parse_fen(g, one)), one);
    // A Rook moved, then the King: the letters go one by one.
    let start = "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1";
    assert_eq!(after(start, "g2-g3 a7-a6 g1-g2"), "nrkbbqrn/1ppppppp/p7/8/8/6P1/PPPPPPRP/NRKBBQ1N b Bgb - 1 2");
    assert_eq!(after(start, "d2-d3 a7-a6 c1-d2"), "nrkbbqrn/1ppppppp/p7/8/8/3P4/PPPKPPPP/NR1BBQRN b gb - 1 2");
    // A letter naming no Rook of the player is refused.
    assert!(g.parse_position("nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w D - 0 1").is_err());
}
