//! Racing Kings (games/examples/racingkings.toml) against Fairy-Stockfish's `racingkings` at the start and
//! at nodes deep into random games (tests/data/fairy/racingkings.txt, made by
//! tests/reference/fairy_positions.py; its first line says how).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::ir::Game;
use std::sync::OnceLock;

const DATA: &str = include_str!("data/fairy/racingkings.txt");

fn game() -> &'static Game {
    static G: OnceLock<Game> = OnceLock::new();
    G.get_or_init(|| {
        let p = common::repo_path("games/examples/racingkings.toml");
        interp::open(p.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("racingkings.toml must load:\n{e}"))
    })
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

/// The fast filter of `illegal if check(opponent)` (moves that touch no cell an attack on
/// a King looks at are not played out) is on for this game and changes no count.
#[test]
fn the_fast_filter_of_illegal_rules_changes_no_count() {
    let g = game();
    assert!(!g.attack.touch.is_empty(), "the filter applies to Racing Kings");
    let mut slow = g.clone();
    slow.attack.touch.clear();
    for node in fairy::nodes(DATA).iter().step_by(7) {
        let st = fairy::replay(g, node, &fairy::uci_plain);
        let fast = interp::engine::Perft::new(g, &st, 2).count(&st, 2);
        let plain = interp::engine::Perft::new(&slow, &st, 2).count(&st, 2);
        assert_eq!(fast, plain, "line {}", node.line);
    }
}
