//! Capture sequences (LANGUAGE.md §9.10 "Capture sequences", §9.7 greedy repetitions, §14
//! the majority rule, §4 numbered boards), each shown on checkers or international draughts
//! and shown to matter: the same position with the concept switched off gives other moves.

mod common;

use common::{legal, load_text, parse_fen, perft, play};
use interp::ir::Game;

fn text(rel: &str) -> String {
    std::fs::read_to_string(common::repo_path(rel)).unwrap()
}

/// A game file's text with one piece of its rules replaced (which must be there).
fn variant(rel: &str, from: &str, to: &str) -> Game {
    let t = text(rel);
    assert!(t.contains(from), "{rel} has `{from}`");
    load_text(&t.replacen(from, to, 1), &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// A game file without `captures distinct` (and so without the `via` it allows).
fn without_distinct(rel: &str) -> Game {
    let t = text(rel).replacen("captures distinct\n", "", 1).replace(" via(here)", "");
    load_text(&t, &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn checkers() -> Game {
    variant("games/examples/checkers.toml", "", "")
}

fn draughts() -> Game {
    variant("games/examples/draughts.toml", "", "")
}

fn moves_at(g: &Game, fen: &str) -> Vec<String> {
    legal(g, &parse_fen(g, fen))
}

const TWO_PATHS: &str = "4/4/4/4/MM2/4/MM2/1m2 w - -";
const TWIN_LINE: &str = "9-13 21-17 10-15 17-14 11-16 14-10 7x14 24-20 2-7 20x2 3-7";

#[test]
fn sequences_taking_different_pieces_are_different_moves() {
    let g = checkers();
    assert_eq!(moves_at(&g, TWO_PATHS), ["30x21x14", "30x23x14"]);
    // Without the declaration two paths to 14 are one action, and notation is plain.
    let off = without_distinct("games/examples/checkers.toml");
    assert_eq!(moves_at(&off, TWO_PATHS), ["30-14"]);
}

#[test]
fn the_squares_between_are_written_only_where_two_moves_need_them() {
    let g = checkers();
    // One capture to each square: no square between is written.
    assert_eq!(moves_at(&g, "4/1MM1/1m2/4/4/4/4/4 w - -"), ["10x1", "10x3"]);
    // International: two King captures to 25, two single ones.
    let d = draughts();
    let fen = "1m2m/m4/1m3/m3m/1m3/5/2M2/5/MMmM1/1M1KM w - -";
    assert_eq!(moves_at(&d, fen), ["49x1", "49x21x3x25", "49x27x9x25", "49x7"]);
}

#[test]
fn by_path_tells_twin_sequences_apart() {
    let g = checkers();
    let (st, _) = play(&g, &g.initial(), TWIN_LINE);
    assert_eq!(legal(&g, &st), ["2x2"]);
    let paths = variant("games/examples/checkers.toml", "captures distinct\n", "captures distinct by path\n");
    let (st, _) = play(&paths, &paths.initial(), TWIN_LINE);
    assert_eq!(legal(&paths, &st), ["2x11x18x9x2", "2x9x18x11x2"]);
}

#[test]
fn a_capture_may_end_where_it_began_only_under_captures_distinct() {
    let d = draughts();
    let fen = "5/5/5/5/5/5/1mm2/5/1mm2/2M2 w - -";
    assert_eq!(moves_at(&d, fen), ["48x48"]);
    // Without it a round trip is no move: the man takes fewer, by the other ways.
    let off = without_distinct("games/examples/draughts.toml");
    assert!(!moves_at(&off, fen).iter().any(|m| m.starts_with("48-48")), "{:?}", moves_at(&off, fen));
}

#[test]
fn taken_pieces_stay_until_the_end_and_are_taken_once() {
    // The Turkish strike: the King's way to 43 crosses 32, taken already.
    let d = draughts();
    let fen = "5/5/mm3/5/5/5/1m3/5/K1m2/5 w - -";
    assert_eq!(moves_at(&d, fen), ["41x16"]);
    // Taking 32 a second time (no `captures distinct`) lets the King on to 43.
    let off = without_distinct("games/examples/draughts.toml");
    let st = parse_fen(&off, fen);
    let list = off.actions(&st);
    let c43 = off.board.cell("43").unwrap();
    let takes_43 = |m| list.effects_of(m).contains(&interp::engine::Effect::Remove(c43));
    assert!(list.moves.iter().any(takes_43), "without the rule the King reaches 43: {:?}", legal(&off, &st));
}

#[test]
fn a_greedy_jump_sequence_may_not_stop_halfway() {
    let g = checkers();
    // A man on 30 with two jumps ahead (25, then 17): only the double jump.
    let fen = "4/4/4/4/M3/4/M3/1m2 w - -";
    assert_eq!(moves_at(&g, fen), ["30x14"]);
    let off = variant(
        "games/examples/checkers.toml",
        "move (forward [enemy] remove(here) same [empty] via(here))+!",
        "move (forward [enemy] remove(here) same [empty] via(here))+",
    );
    assert_eq!(moves_at(&off, fen), ["30x14", "30x21"]);
}

#[test]
fn crowning_ends_a_checkers_capture() {
    let g = checkers();
    let fen = "4/1MM1/1m2/4/4/4/4/4 w - -";
    let (st, _) = play(&g, &parse_fen(&g, fen), "10x3");
    assert_eq!(g.position_string(&st), "2k1/1M2/4/4/4/4/4/4 b - - no-progress=0");
}

#[test]
fn international_promotion_counts_only_where_the_move_ends() {
    let d = draughts();
    let (st, _) = play(&d, &parse_fen(&d, "5/1mm2/M4/5/5/5/5/5/5/5 w - -"), "11x13");
    assert_eq!(d.position_string(&st), "5/5/2M2/5/5/5/5/5/5/5 b - - kings-only=0", "a man again after the far row");
    let (st, _) = play(&d, &parse_fen(&d, "5/1m3/M4/5/5/5/5/5/5/5 w - -"), "11x2");
    assert_eq!(d.position_string(&st), "1K3/5/5/5/5/5/5/5/5/5 b - - kings-only=0", "crowned where it ends");
}

#[test]
fn the_majority_rule_keeps_the_longest_captures() {
    let d = draughts();
    let fen = "5/3m1/5/3m1/5/2mm1/2M2/2m2/5/5 w - -";
    assert_eq!(moves_at(&d, fen), ["33x4"]);
    let any = variant("games/examples/draughts.toml", "require most captures", "require capture");
    assert_eq!(moves_at(&any, fen), ["33x22", "33x4", "33x42"]);
}

#[test]
fn the_majority_rule_may_weigh_pieces_by_value() {
    // White's man on 33 may take the King on 28 alone, or the men on 29 and 19.
    let fen = "5/5/5/3m1/5/2Km1/2M2/5/5/5 w - -";
    let count = variant("games/examples/draughts.toml", "require most captures", "require most captures");
    let fen = fen.replace("2Km1", "2km1");
    assert_eq!(moves_at(&count, &fen), ["33x13"]);
    let value = variant("games/examples/draughts.toml", "require most captures", "require most captures by value");
    assert_eq!(moves_at(&value, &fen), ["33x22"]);
}

#[test]
fn a_numbered_board_names_the_dark_squares_in_reading_order() {
    let g = checkers();
    assert_eq!(g.board.cells.len(), 32);
    let named = |n: &str| {
        let c = g.board.cell(n).unwrap();
        (g.board.cells[c as usize].x, g.board.cells[c as usize].rank)
    };
    assert_eq!(named("1"), (1.0, 8), "b8");
    assert_eq!(named("4"), (7.0, 8), "h8");
    assert_eq!(named("29"), (0.0, 1), "a1");
    assert_eq!(named("32"), (6.0, 1), "g1");
    assert_eq!(perft(&g, &g.initial(), 3), 302);
}
