//! Drops from reserves (`drop TYPES [COND]`, `pocket`): Crazyhouse written as a few lines
//! on top of chess. Its Fairy-Stockfish perft numbers are cases in
//! games/examples/crazyhouse.tests.toml (run by tests/game_cases.rs).

mod common;

use common::{legal, play, repo_path};
use interp::ir::Game;

fn game() -> Game {
    interp::open(repo_path("games/examples/crazyhouse.toml").to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn captured_pieces_can_be_dropped_but_pawns_not_on_the_edge_ranks() {
    let g = game();
    let (st, _) = play(&g, &g.initial(), "e2-e4 d7-d5 e4-d5 d8-d5 b1-c3 d5-a5");
    let drops: Vec<String> = legal(&g, &st).into_iter().filter(|a| a.contains('@')).collect();
    assert!(drops.iter().all(|a| a.starts_with("P@")));
    assert!(drops.contains(&"P@d5".to_string()));
    assert!(!drops.iter().any(|a| a.ends_with('1') || a.ends_with('8')), "{drops:?}");
    // White's reserve: one pawn, spent by the drop.
    let (after, _) = play(&g, &st, "P@d5");
    assert!(!legal(&g, &after).iter().any(|a| a.starts_with("P@")) || after.to_move == 1);
    assert!(g.position_string(&after).contains("[p] b "), "{}", g.position_string(&after));
}
