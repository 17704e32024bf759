//! Racing Kings (games/examples/racingkings.toml) against Fairy-Stockfish's `racingkings` at the start and
//! at nodes deep into random games (tests/data/fairy/racingkings.txt, made by
//! tests/reference/fairy_positions.py; its first line says how).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/racingkings.txt");

fn game() -> &'static Game {
    game_once!("games/examples/racingkings.toml")
}

#[test]
fn racingkings_matches_fairy_stockfish_after_the_moves() {
    let n = fairy::check_moves(game(), DATA, &fairy::uci_plain);
    assert!(n >= 21, "{n} nodes");
}

#[test]
fn racingkings_matches_fairy_stockfish_from_its_position_strings() {
    let n = fairy::check_fens(game(), DATA, &fairy::uci_plain);
    assert!(n >= 21, "{n} nodes");
}

/// The fast filters of `illegal if check(opponent)` are on for this game and change no
/// count: moves that touch no cell an attack on a King looks at are not played out, and
/// the others are judged on a copy of the board by a gives-check test (the slides through
/// the two cells the move changes, the leaps from its landing cell).
#[test]
fn the_fast_filters_of_illegal_rules_change_no_count() {
    let g = game();
    assert!(!g.attack.touch.is_empty(), "the filter applies to Racing Kings");
    assert!(!g.attack.ray_cells.is_empty(), "the gives-check test applies to Racing Kings");
    let mut no_test = g.clone();
    no_test.attack.ray_cells.clear();
    let mut plain = no_test.clone();
    plain.attack.touch.clear();
    for node in fairy::nodes(DATA).iter().step_by(5) {
        let st = fairy::replay(g, node, &fairy::uci_plain);
        let count = |x: &Game| interp::engine::Perft::new(x, &st, 2).count(&st, 2);
        let n = count(g);
        assert_eq!(n, count(&no_test), "line {}", node.line);
        assert_eq!(n, count(&plain), "line {}", node.line);
    }
}
