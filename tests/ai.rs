//! The generic AI: it beats a random player at chess, never returns an illegal action,
//! keeps to its budget, and a seed reproduces a game.

use interp::ai::{Ai, Limits, Rng, random_move};
use interp::engine::State;
use interp::engine::Status;
use interp::ir::Game;
use interp::selfplay::{Ending, Player, play_game};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn game(rel: &str) -> Option<Game> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    if !p.exists() {
        return None;
    }
    Some(interp::open(p.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{rel} must load:\n{e}")))
}

fn chess() -> Game {
    game("games/chess.toml").expect("games/chess.toml exists")
}

/// Sorted notations of the legal actions, and whether the node is a decision.
fn legal(g: &Game, st: &State, hist: &[u64]) -> (Vec<String>, bool) {
    let (l, status) = g.node(st, hist, true);
    (g.notations(st, &l), matches!(status, Status::Decision(_)))
}

#[test]
fn ai_beats_random_at_chess() {
    let g = chess();
    let start = g.initial();
    let limits = Limits::nodes(1500);
    let (mut ai_wins, mut ai_losses, mut draws) = (0, 0, 0);
    for i in 0..10 {
        // The AI plays white in even games, black in odd ones.
        let ai_side = (i % 2) as u8;
        let players = if ai_side == 0 { [Player::Ai, Player::Random] } else { [Player::Random, Player::Ai] };
        let r = play_game(&g, &start, &[], players, limits, 1000 + i as u64, 200);
        match r.winner {
            Some(w) if w == ai_side => ai_wins += 1,
            Some(_) => ai_losses += 1,
            None => draws += 1,
        }
        if r.ending == Ending::MoveCap {
            eprintln!("game {i}: move cap");
        }
    }
    eprintln!("ai wins {ai_wins}, losses {ai_losses}, draws {draws}");
    assert_eq!(ai_losses, 0, "the AI lost to a random player");
    assert!(ai_wins >= 7, "the AI won only {ai_wins} of 10 games against a random player (draws {draws})");
}

#[test]
fn ai_never_returns_an_illegal_action() {
    let mut games = vec![chess()];
    for extra in ["games/tishai.toml", "games/trubix-43.toml", "games/asteryx.toml"] {
        games.extend(game(extra));
    }
    let mut rng = Rng::new(42);
    let mut checked = 0;
    while checked < 200 {
        let g = &games[checked % games.len()];
        // A random position: up to 80 random plies from the start.
        let mut st = g.initial();
        let mut hist = vec![];
        for _ in 0..rng.below(81) {
            match random_move(g, &st, &hist, &mut rng) {
                Some(c) => {
                    hist.push(g.position_key(&st));
                    c.apply(g, &mut st);
                }
                None => break,
            }
        }
        let (legal, live) = legal(g, &st, &hist);
        // Alternate tiny node budgets and tiny time budgets (interrupted searches).
        let limits = if checked % 2 == 0 { Limits::nodes(1 + rng.below(400) as u64) } else { Limits::time(2) };
        let mut ai = Ai::new(g, checked as u64);
        let choice = ai.choose(&st, &hist, limits);
        match choice {
            Some(c) => {
                assert!(live, "a move at a finished game: {}", g.position_string(&st));
                assert!(
                    legal.contains(&c.notation),
                    "illegal action {} at {} (legal: {})",
                    c.notation,
                    g.position_string(&st),
                    legal.join(" ")
                );
                let list = g.actions(&st);
                assert!(list.moves.contains(&c.mv), "the move itself is in the legal list");
            }
            None => assert!(!live || legal.is_empty(), "no move although {} are legal", legal.len()),
        }
        checked += 1;
    }
}

#[test]
fn ai_keeps_to_its_time_budget() {
    let g = chess();
    let (st, hist) = (g.initial(), vec![]);
    let mut ai = Ai::new(&g, 3);
    for ms in [1u64, 30, 100] {
        let t0 = Instant::now();
        let c = ai.choose(&st, &hist, Limits::time(ms)).expect("a move at the start");
        let spent = t0.elapsed();
        // Generous slack: test machines can be busy.
        assert!(spent < Duration::from_millis(ms + 150), "{ms} ms budget, spent {spent:?}");
        assert!(c.depth >= 1 || ms < 30, "depth {} in {ms} ms", c.depth);
    }
}

#[test]
fn ai_finds_mate_in_one() {
    let g = chess();
    // Scholar's mate is one move away: Qh5xf7#.
    let st = g.parse_position("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
    let mut ai = Ai::new(&g, 1);
    let c = ai.choose(&st, &[], Limits::nodes(20_000)).unwrap();
    assert_eq!(c.notation, "h5-f7");
    assert!(c.score >= interp::ai::MATE - 10, "score {}", c.score);
}

#[test]
fn same_seed_same_game() {
    let g = chess();
    let start = g.initial();
    let limits = Limits::nodes(400);
    let a = play_game(&g, &start, &[], [Player::Ai, Player::Random], limits, 7, 60);
    let b = play_game(&g, &start, &[], [Player::Ai, Player::Random], limits, 7, 60);
    assert_eq!(a.moves, b.moves);
    let c = play_game(&g, &start, &[], [Player::Ai, Player::Random], limits, 8, 60);
    assert_ne!(a.moves, c.moves, "another seed gives another game");
    let d = play_game(&g, &start, &[], [Player::Ai, Player::Ai], limits, 7, 30);
    let e = play_game(&g, &start, &[], [Player::Ai, Player::Ai], limits, 7, 30);
    assert_eq!(d.moves, e.moves);
}
