//! The AI keeps games that no rule of theirs ends moving: in a game without an automatic
//! end rule (no repetition draw, no move clock) it does not go round in circles, and its
//! search speed is reported by self-play. Searches are bounded by nodes, so the games are
//! the same on any machine.

mod common;

use common::{open_game, play};
use interp::ai::Limits;
use interp::selfplay::{Player, play_game};
use std::collections::HashMap;

/// How often the most repeated board of a game's actions occurs (what stands where and
/// who is to move; counters that count turns left out).
fn most_repeated(game: &str, moves: &[String]) -> usize {
    let g = open_game(game);
    let mut seen: HashMap<u64, usize> = HashMap::new();
    for n in 0..=moves.len() {
        let (st, _) = play(&g, &g.initial(), &moves[..n].join(" "));
        *seen.entry(g.key_parts(&st).board()).or_default() += 1;
    }
    seen.into_values().max().unwrap_or(0)
}

#[test]
fn level_games_without_a_repetition_rule_do_not_go_round_in_circles() {
    for (game, plies) in [("games/taasen.toml", 120), ("games/taktyka.toml", 120)] {
        let g = open_game(game);
        for seed in 1..=2 {
            let played = play_game(&g, &g.initial(), &[], [Player::Ai, Player::Ai], Limits::nodes(1500), seed, plies);
            let n = most_repeated(game, &played.moves);
            assert!(n <= 2, "{game}, seed {seed}: a position occurs {n} times in {:?}", played.moves);
            assert!(played.search.iter().all(|s| s.nodes > 0), "both AIs searched: {:?}", played.search);
        }
    }
}
