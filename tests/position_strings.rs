//! Position strings read back to the same node, also inside a turn (a pending defender's
//! escape, a die) and during the setup: for every reference vector position of every
//! game (the cases of NAME.tests.toml), the actions and perft(2) from the string equal
//! those reached by the actions.

mod common;

use common::{legal, perft, play, reference_moves, repo_path};

fn round_trip(game: &str) -> (usize, usize) {
    let g = interp::open(repo_path(game).to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{e}"));
    let (mut n, mut pending) = (0, 0);
    for moves in reference_moves(game) {
        let (st, _) = play(&g, &g.initial(), &moves);
        let s = g.position_string(&st);
        let back = g.parse_position(&s).unwrap_or_else(|e| panic!("`{s}`: {e}"));
        assert_eq!(g.position_string(&back), s);
        assert_eq!(legal(&g, &back), legal(&g, &st), "actions from `{s}`");
        assert_eq!(perft(&g, &back, 2), perft(&g, &st, 2), "perft(2) from `{s}`");
        n += 1;
        pending += s.contains(" step=") as usize;
    }
    (n, pending)
}

#[test]
fn every_game_round_trips() {
    for game in
        ["games/tishai.toml", "games/trubix-43.toml", "games/asteryx.toml", "games/taasen.toml", "games/taktyka.toml"]
    {
        let (n, _) = round_trip(game);
        assert!(n >= 40, "{game}");
    }
}

#[test]
fn pending_decisions_round_trip() {
    let (_, a) = round_trip("games/taasen.toml");
    let (_, b) = round_trip("games/taktyka.toml");
    assert!(a + b > 0, "the vectors include nodes inside a turn");
    // The setup: after White's hidden leader choice, Black chooses.
    let g = interp::open(repo_path("games/taktyka.toml").to_str().unwrap(), &[]).unwrap();
    let (st, _) = play(&g, &g.initial(), "leader:e2");
    let back = g.parse_position(&g.position_string(&st)).unwrap();
    assert_eq!(perft(&g, &back, 3), 80);
    assert!(legal(&g, &back).contains(&"leader:e9".to_string()));
}
