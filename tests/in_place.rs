//! Actions that stay on their cell and placement phases (docs/LANGUAGE.md §9.8 `promote`,
//! §10 `threatens` and `promoted`, §14 `require drop`), on Sittuyin
//! (games/examples/sittuyin.toml) with each rule switched on and off: a Pawn promotes in
//! place (a pinned one too), the new Met may attack no enemy piece, a promotion may not
//! give check, and the placement is compulsory while a hand holds pieces.

mod common;

use common::{legal, parse_fen, perft, play, repo_path};
use interp::ir::Game;

/// games/examples/sittuyin.toml with `from` replaced by `to` (asserted present).
fn sittuyin_with(from: &str, to: &str) -> Game {
    let text = std::fs::read_to_string(repo_path("games/examples/sittuyin.toml")).unwrap();
    assert!(text.contains(from), "{from}");
    common::load_text(&text.replace(from, to), &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn sittuyin() -> &'static Game {
    game_once!("games/examples/sittuyin.toml")
}

fn moves_at(g: &Game, fen: &str) -> Vec<String> {
    legal(g, &parse_fen(g, fen))
}

/// The Pawn on e5 is pinned to its King by the Rook on e8: it may promote where it stands,
/// not with a step (and it is the last Pawn, so it may promote at all).
const PINNED: &str = "k3r3/8/8/4P3/8/8/8/4K3[] w - - 0 1";

#[test]
fn a_pinned_pawn_promotes_in_place_and_only_there() {
    let g = sittuyin();
    assert_eq!(moves_at(g, PINNED), ["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2", "e5-e5=F", "e5-e6"]);
    let st = parse_fen(g, PINNED);
    let (after, _) = play(g, &st, "e5-e5=F");
    assert_eq!(g.position_string(&after).split(' ').next(), Some("k3r3/8/8/4F3/8/8/8/4K3[]"));
    // Without the in-place branch, the pinned Pawn cannot promote.
    let stepping = sittuyin_with("([!threatens(F)] | diag [empty & !threatens(F)])", "diag [empty & !threatens(F)]");
    assert_eq!(moves_at(&stepping, PINNED), ["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2", "e5-e6"]);
    assert_eq!(perft(g, &st, 3), 825);
    assert_ne!(perft(&stepping, &st, 3), 825);
}

#[test]
fn the_new_met_may_attack_no_enemy_piece() {
    // On e5 the Met would attack the Knight on d6: only the steps promote.
    let fen = "4k3/8/3n4/4P3/8/P7/8/K7[] w - - 0 1";
    let promotions = |g: &Game| moves_at(g, fen).into_iter().filter(|m| m.ends_with("=F")).collect::<Vec<_>>();
    assert_eq!(promotions(sittuyin()), ["e5-d4=F", "e5-f4=F", "e5-f6=F"]);
    let free = sittuyin_with("([!threatens(F)] | diag [empty & !threatens(F)])", "([true] | diag [empty])");
    assert_eq!(promotions(&free), ["e5-d4=F", "e5-e5=F", "e5-f4=F", "e5-f6=F"]);
}

#[test]
fn a_promotion_may_not_uncover_check() {
    // The Rook on e1 is behind the Pawn on e5, the black King on e8: a step would check.
    let fen = "4k3/8/8/4P3/8/P7/8/K3R3[] w - - 0 1";
    let promotions = |g: &Game| moves_at(g, fen).into_iter().filter(|m| m.ends_with("=F")).collect::<Vec<_>>();
    assert_eq!(promotions(sittuyin()), ["e5-e5=F"]);
    let free = sittuyin_with("illegal \"promotion gives check\" if promoted & check(opponent)", "");
    assert_eq!(promotions(&free), ["e5-d4=F", "e5-d6=F", "e5-e5=F", "e5-f4=F", "e5-f6=F"]);
    // An ordinary move may still give check: the rule is about promotions only.
    assert!(moves_at(sittuyin(), "4k3/8/8/8/8/P7/8/K6R[] w - - 0 1").contains(&"h1-e1".to_string()));
}

#[test]
fn only_the_last_pawn_promotes_off_the_promotion_squares() {
    let fen = "4k3/8/8/8/8/P7/8/K7[] w - - 0 1";
    assert_eq!(moves_at(sittuyin(), fen), ["a1-a2", "a1-b1", "a1-b2", "a3-a3=F", "a3-a4", "a3-b2=F", "a3-b4=F"]);
    let two = "4k3/8/8/8/8/P7/7P/K7[] w - - 0 1";
    assert!(moves_at(sittuyin(), two).iter().all(|m| !m.ends_with("=F")));
    // With a Met on the board, no Pawn promotes.
    let met = "4k3/8/8/4P3/8/P7/5F2/K7[] w - - 0 1";
    assert!(moves_at(sittuyin(), met).iter().all(|m| !m.ends_with("=F")));
}

#[test]
fn the_placement_comes_first_and_without_the_obligation_pawns_may_move() {
    let g = sittuyin();
    let st = g.initial();
    let first = legal(g, &st);
    assert_eq!(first.len(), 88);
    assert!(first.iter().all(|m| m.contains('@')), "{first:?}");
    assert!(first.contains(&"R@a1".to_string()) && !first.contains(&"R@a2".to_string()));
    assert!(first.contains(&"K@a2".to_string()) && !first.contains(&"K@a3".to_string()));
    // Black places next; once a side's hand is empty it moves while the other still places.
    let (st, _) = play(g, &st, "K@d2");
    assert!(legal(g, &st).iter().all(|m| m.contains('@')));
    let late = "8/8/4pppp/pppp4/4PPPP/PPPP4/3K4/8[k] b - - 0 1";
    assert_eq!(moves_at(g, late).len(), 20);
    let ready = "4k3/8/4pppp/pppp4/4PPPP/PPPP4/3K4/8[] w - - 0 1";
    assert!(moves_at(g, ready).contains(&"e4-e5".to_string()));
    // Without `require drop`, the Pawns may move during the placement.
    let free = sittuyin_with("\nrequire drop\n", "\n");
    let all = legal(&free, &free.initial());
    // The 88 placements, the eight Pawn steps and the capture e4-d5.
    assert_eq!(all.len(), 88 + 9, "{all:?}");
    assert!(all.contains(&"e4-e5".to_string()) && all.contains(&"e4-d5".to_string()));
}

#[test]
fn a_placement_restarts_the_halfmove_clock_and_a_move_does_not() {
    let placement = "K@d2 K@d7 F@e2 F@e7 R@a1 R@a8 R@h1 R@h8 S@c2 S@c7 S@f2 S@f7 N@b1 N@b8 N@g1 N@g8";
    let clocks = |g: &Game, moves: &str| {
        let (st, _) = play(g, &g.initial(), moves);
        g.position_string(&st).split(' ').skip(4).collect::<Vec<_>>().join(" ")
    };
    let g = sittuyin();
    assert_eq!(clocks(g, placement), "0 9");
    assert_eq!(clocks(g, &format!("{placement} d2-d1")), "1 9");
    // Without `on drop`, the clock counts the placements.
    let counting = sittuyin_with("\non drop { halfmove = 0 }\n", "\n");
    assert_eq!(clocks(&counting, placement), "16 9");
}

#[test]
fn the_rulebook_says_which_pieces_promote_by_their_own_moves() {
    let text = interp::render::rulebook(sittuyin()).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("white's Pawn may become Met by some of its moves, on its own square or another."), "{text}");
    // Chess promotes by zone only: no such line.
    assert!(!interp::render::rulebook(common::chess()).contains("by some of its moves"));
}
