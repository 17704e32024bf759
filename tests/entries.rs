//! Entries with a move (`drop TYPES at from|vacated [COND]`): a reserve piece entering on
//! a cell the move empties, in small games of their own (the origin only, or a carried
//! piece's cell too), with the reserve spent and the piece marked moved; and the position
//! strings of Seirawan chess as Fairy-Stockfish writes them (hand, gates).

mod common;

use common::{legal, play, repo_path};
use interp::ir::Game;

/// A game from a rules snippet: a 4×1 strip, a king that steps east and one that walks
/// east past a rook, carrying it back onto the cell it crossed; stones in reserve.
fn strip(entry: &str) -> Game {
    let text = format!(
        r#"[game]
name = "strip"
players = ["white", "black"]
rules = '''
board square files a..d ranks 1..1
piece K {{
  move E [empty]
  move E [empty] @b E [R & friend] @r E [empty] carry(@r, @b)
}}
zone left: white = file a, black = file d
{entry}
end {{ loss if no-moves }}
'''
[pieces.K]
[pieces.R]
[pieces.S]
[setup.white]
K = "a1"
R = "c1"
[reserve.white]
S = 2
"#
    );
    common::load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn without_an_entry_rule_the_moves_are_plain() {
    let g = strip("");
    assert_eq!(legal(&g, &g.initial()), ["a1-b1", "a1-d1"]);
}

#[test]
fn at_from_the_piece_enters_on_the_origin_only() {
    let g = strip("drop S at from [true]");
    assert_eq!(legal(&g, &g.initial()), ["a1-b1", "a1-b1/S", "a1-d1", "a1-d1/S"]);
}

#[test]
fn at_vacated_it_may_also_enter_on_a_carried_piece_s_cell() {
    let g = strip("drop S at vacated [true]");
    assert_eq!(legal(&g, &g.initial()), ["a1-b1", "a1-b1/S", "a1-d1", "a1-d1/S", "a1-d1/S@c1"]);
}

#[test]
fn the_condition_is_judged_before_the_move_on_the_cell_left() {
    // Only the cell of file a qualifies: the origin a1, not the rook's c1.
    let g = strip("drop S at vacated [left]");
    assert_eq!(legal(&g, &g.initial()), ["a1-b1", "a1-b1/S", "a1-d1", "a1-d1/S"]);
    // The rook's own cell: the piece standing there before the move is a rook.
    let g = strip("drop S at vacated [R]");
    assert_eq!(legal(&g, &g.initial()), ["a1-b1", "a1-d1", "a1-d1/S@c1"]);
}

#[test]
fn the_entered_piece_comes_from_the_reserve_and_counts_as_moved() {
    // With `unmoved` in the rule, position strings list the moved pieces' cells.
    let g = strip("drop S at vacated [unmoved]");
    let (st, _) = play(&g, &g.initial(), "a1-d1/S@c1");
    assert_eq!(g.position_string(&st), "1RSK b b1,c1,d1 - reserve-S=1,0");
    let (st, _) = play(&g, &g.initial(), "a1-b1/S");
    assert_eq!(g.position_string(&st), "SKR1 b a1,b1 - reserve-S=1,0");
}

#[test]
fn an_empty_reserve_gives_no_entries() {
    let g = strip("drop S at vacated [true]");
    let st = g.parse_position("K1R1 w - - reserve-S=0,0").unwrap();
    assert_eq!(legal(&g, &st), ["a1-b1", "a1-d1"]);
}

fn seirawan() -> Game {
    interp::open(repo_path("games/examples/seirawan.toml").to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// Position strings of Seirawan chess are Fairy-Stockfish's FEN, hand and gating letters
/// included (its `d` after the moves in its spelling, here in interp's).
#[test]
fn seirawan_position_strings_are_fairy_stockfish_s() {
    let g = seirawan();
    let cases = [
        ("", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"),
        ("b1-c3/H", "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1"),
        ("e2-e4 e7-e5 e1-e2", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR[EHeh] b ABCDFGHkqbcdfg - 1 2"),
        (
            "g1-f3 g8-f6 g2-g3 g7-g6 f1-g2 f8-g7 e1-g1/E@h1 e8-g8",
            "rnbq1rk1/ppppppbp/5np1/8/8/5NP1/PPPPPPBP/RNBQ1RKE[Heh] w ABCDabcd - 4 5",
        ),
    ];
    for (moves, fen) in cases {
        let (st, _) = play(&g, &g.initial(), moves);
        assert_eq!(g.position_string(&st), fen, "after `{moves}`");
        let read = g.parse_position(fen).unwrap();
        assert_eq!(g.position_string(&read), fen, "read back");
        assert_eq!(legal(&g, &read), legal(&g, &st), "the same moves after `{moves}`");
    }
}

/// Its position strings read back letter for letter, and a player's file letters are only
/// written while that player has a piece in hand (White's hand is empty in the second).
#[test]
fn seirawan_position_strings_read_back_as_written() {
    let g = seirawan();
    for fen in [
        "rneqkbnr/2pppppp/1p6/p7/3P4/1PN4P/P1P1PPbR/R1BQKBNH[Eh] b QCDFGkqbdfg - 0 5",
        "r2h1rk1/pb1pqp1p/2pnpnpb/6N1/QP1PN1PE/2P1P3/P4P1P/RHB1K2R[e] b KQ - 0 17",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[eh] w KQkqbcdfg - 0 1",
    ] {
        let st = g.parse_position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(g.position_string(&st), fen);
    }
}

#[test]
fn a_pocket_letter_must_be_a_type_with_a_reserve() {
    let g = seirawan();
    for bad in ["X", "P", "k"] {
        let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{bad}] w KQkq - 0 1");
        let e = g.parse_position(&fen).err().unwrap_or_else(|| panic!("{fen} reads"));
        assert!(e.to_string().contains("in the pocket"), "{e}");
    }
    // No pocket: both hands are empty, and no gate is offered.
    let st = g.parse_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    assert!(legal(&g, &st).iter().all(|a| !a.contains('/')));
}

/// A refused move with an entry is refused for its royal piece, as the move without it.
#[test]
fn a_pinned_piece_s_gated_move_is_refused_for_the_king() {
    let g = seirawan();
    let st = g.parse_position("4k3/8/8/8/8/8/8/r2NK3[Hh] w D - 0 1").unwrap();
    let refused = g.refused_moves(&st);
    let gated = refused.iter().find(|r| g.notation(&st, &r.mv) == "d1-c3/H").expect("refused");
    let e1 = g.board.cell("e1").unwrap();
    assert_eq!(gated.exposed.iter().map(|&(c, _)| c).collect::<Vec<_>>(), [e1]);
}

/// With a rule judged after the move (`illegal if check(opponent)`), an entry is judged
/// with the entered piece on the board: a Hawk entering on g1 checks the King on a7
/// along the diagonal, so the Knight's moves stay but their entries go.
#[test]
fn an_entered_piece_that_gives_check_is_judged_by_illegal_rules() {
    let seirawan = repo_path("games/examples/seirawan.toml");
    let text = format!(
        "[game]\nextends = {:?}\nname = \"No checks\"\nrules = '''\nillegal \"gives check\" if check(opponent)\n'''\n",
        seirawan.to_str().unwrap()
    );
    let g = common::load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"));
    let knight = |fen: &str| -> Vec<String> {
        let st = g.parse_position(fen).unwrap();
        legal(&g, &st).into_iter().filter(|a| a.starts_with("g1")).collect()
    };
    assert_eq!(knight("8/k7/8/8/8/8/8/4K1N1[Hh] w G - 0 1"), ["g1-e2", "g1-f3", "g1-h3"]);
    let off_line = knight("k7/8/8/8/8/8/8/4K1N1[Hh] w G - 0 1");
    assert!(off_line.contains(&"g1-e2/H".to_string()), "{off_line:?}");
}
