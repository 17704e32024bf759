//! The alpha-beta search: its transposition table, pruning and reductions keep forced
//! mates; its principal variation is a legal line; a new game makes a decision again as
//! a fresh AI makes it; the strength setting caps the depth; position keys see through a
//! register that changes nothing. Every search here is bounded by nodes or depth.

mod common;

use common::{chess, parse_fen, play};
use interp::ai::{Ai, Choice, Info, Limits, MATE};
use interp::engine::State;
use interp::ir::Game;
use std::sync::{Arc, Mutex};

/// A quiet first move mates in two (1. Ra6 bxa6 2. b7#).
const QUIET_MATE: &str = "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1";
/// A queen sacrifice mates in two (1. Qg6+ hxg6 2. Bxg6#).
const SACRIFICE_MATE: &str = "r2qk2r/pb4pp/1n2Pb2/2B2Q2/p1p5/2P5/2B2PPP/RN2R1K1 w - - 1 0";
/// A quiet middlegame position.
const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n2n2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 9";

fn depth(d: u32) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

fn choose(ai: &mut Ai, st: &State, limits: Limits) -> Choice {
    ai.choose(st, &[], limits).expect("a move")
}

/// Plays the line `pv` from `st`, each move looked up in the legal actions there.
fn play_line(g: &Game, st: &State, pv: &[interp::engine::Move]) -> State {
    let mut st = st.clone();
    for (i, m) in pv.iter().enumerate() {
        let list = g.actions(&st);
        assert!(list.moves.contains(m), "move {i} of the principal variation is not legal");
        g.apply(&mut st, m, list.effects_of(m));
    }
    st
}

#[test]
fn the_table_on_and_off_finds_the_same_mates() {
    let g = chess();
    for fen in [QUIET_MATE, SACRIFICE_MATE] {
        let st = parse_fen(g, fen);
        let mut with = Ai::new(g, 1);
        let mut without = Ai::new(g, 1);
        without.set_hash_mb(0);
        let a = choose(&mut with, &st, depth(5));
        let b = choose(&mut without, &st, depth(5));
        assert_eq!(a.score, MATE - 3, "{fen}: mate in 3 plies with the table ({})", a.notation);
        assert_eq!(b.score, MATE - 3, "{fen}: mate in 3 plies without the table ({})", b.notation);
        assert_eq!(a.notation, b.notation, "{fen}");
    }
}

#[test]
fn reductions_and_null_moves_keep_a_quiet_mate_in_two() {
    let g = chess();
    let st = parse_fen(g, QUIET_MATE);
    // Deeper iterations reduce late quiet moves and try null moves; the mate stays.
    let c = choose(&mut Ai::new(g, 7), &st, Limits::nodes(50_000));
    assert_eq!(c.notation, "a1-a6");
    assert_eq!(c.score, MATE - 3);
    let after = play_line(g, &st, &c.pv);
    assert!(matches!(common::status(g, &after, &[]), interp::engine::Status::Over(Some(0))), "the line mates");
}

#[test]
fn the_principal_variation_is_a_legal_line_from_the_chosen_move() {
    let g = chess();
    let st = parse_fen(g, MIDDLEGAME);
    let mut ai = Ai::new(g, 3);
    let seen: Arc<Mutex<Vec<Info>>> = Arc::default();
    let sink = seen.clone();
    ai.set_info(Box::new(move |i| sink.lock().unwrap().push(i.clone())));
    let c = choose(&mut ai, &st, depth(6));
    assert_eq!(c.depth, 6);
    assert_eq!(c.pv.first(), Some(&c.mv));
    assert!(c.pv.len() >= 2, "a line of more than the move: {}", c.pv.len());
    play_line(g, &st, &c.pv);
    let infos = seen.lock().unwrap();
    assert_eq!(infos.iter().map(|i| i.depth).collect::<Vec<_>>(), (1..=6).collect::<Vec<_>>());
    for i in infos.iter() {
        play_line(g, &st, &i.pv);
    }
    assert_eq!(infos.last().unwrap().pv, c.pv);
}

#[test]
fn a_new_game_decides_as_a_fresh_ai() {
    let g = chess();
    let (st, hist) = play(g, &g.initial(), "e2-e4 e7-e5 g1-f3 b8-c6");
    let decide = |ai: &mut Ai| {
        let c = ai.choose(&st, &hist, Limits::nodes(20_000)).unwrap();
        (c.notation, c.score, c.depth, c.nodes, c.pv)
    };
    let mut ai = Ai::new(g, 11);
    let first = decide(&mut ai);
    // The table and history now hold this search: a new game forgets them.
    ai.new_game();
    assert_eq!(decide(&mut ai), first);
    assert_eq!(decide(&mut Ai::new(g, 11)), first);
}

#[test]
fn the_lowest_skill_searches_one_ply() {
    let g = chess();
    let st = parse_fen(g, MIDDLEGAME);
    let mut ai = Ai::new(g, 5);
    ai.set_skill(0);
    let c = choose(&mut ai, &st, Limits::nodes(100_000));
    assert_eq!(c.depth, 1);
    // Level 10 stops at depth 6 whatever the limit (a king and pawn ending, quick to search).
    ai.set_skill(10);
    let ending = parse_fen(g, "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1");
    assert_eq!(choose(&mut ai, &ending, depth(30)).depth, 6);
    // Still the mate in one at the weakest level: noise is smaller than a mate.
    ai.set_skill(0);
    let mate = parse_fen(g, "6k1/5ppp/8/8/8/8/1q3PPP/r2R2K1 b - - 0 1");
    assert_eq!(choose(&mut ai, &mate, Limits::nodes(10_000)).notation, "a1-d1");
}

#[test]
fn a_register_that_changes_nothing_is_not_part_of_the_position_key() {
    let g = chess();
    // After e2-e4 the en-passant register names e3, but no black pawn can use it.
    let (after, _) = play(g, &g.initial(), "e2-e4");
    let same = parse_fen(g, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(g.position_key(&after), g.position_key(&same));
    assert_ne!(g.state_key(&after), g.state_key(&same), "the search's key has the register");
    // Where a capture can use it, it counts.
    let (ep, _) = play(g, &g.initial(), "e2-e4 a7-a6 e4-e5 d7-d5");
    let no_ep = parse_fen(g, "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
    assert_ne!(g.position_key(&ep), g.position_key(&no_ep));
    assert_eq!(g.state_key(&ep), g.position_key(&ep));
}

#[test]
fn a_reduced_line_does_not_hide_a_mate_at_a_fixed_depth() {
    // Every black move is mated in four plies; the mating line after 1... Ka7 starts with
    // a quiet king move that late-move reductions shorten in a null-window search.
    let g = chess();
    let st = parse_fen(g, "k7/8/2K5/8/8/8/8/7R b - - 0 1");
    let c = choose(&mut Ai::new(g, 1), &st, depth(4));
    assert_eq!(c.score, -(MATE - 4), "{} scored {}", c.notation, c.score);
}

#[test]
fn a_stored_value_does_not_hide_a_repetition_in_check() {
    // The queen checks from d5 for the third time: a draw by repetition. The AI met that
    // position before, when it was no repetition, and stored its value; in check, the end
    // rules need the moves (checkmate comes first), so the table must wait for them.
    let g = chess();
    let start = parse_fen(g, "8/8/3k4/8/8/8/8/2Q1K3 w - - 0 1");
    let line =
        ["c1-f4", "d6-e7", "f4-e5", "e7-d7", "e5-d5", "d7-c7", "d5-c5", "c7-d7", "c5-d5", "d7-e7", "d5-e5", "e7-d7"];
    let mut ai = Ai::new(g, 1);
    for n in (0..=line.len()).step_by(2) {
        let (st, hist) = play(g, &start, &line[..n].join(" "));
        let c = ai.choose(&st, &hist, Limits::nodes(4000)).expect("a move");
        if n == line.len() {
            assert_ne!(c.notation, "e5-d5", "the third d5 check draws (score {})", c.score);
            assert!(c.score > 500, "the queen is still ahead: {}", c.score);
        }
    }
}

#[test]
fn announced_mates_get_shorter_until_the_game_ends() {
    // AIs that keep their tables from move to move find stored mate scores early in every
    // search; a search stops on one only when its depth covers it, so each announced mate
    // is one of this game's: the next announcement is nearer, and the game ends in it.
    let g = chess();
    let mut st = parse_fen(g, "8/8/3k4/8/8/8/8/2Q1K3 w - - 0 1");
    let (mut white, mut black) = (Ai::new(g, 3), Ai::new(g, 4));
    let mut hist = vec![];
    let mut last: Option<i32> = None;
    for ply in 0..60 {
        if g.actions(&st).is_empty() {
            break;
        }
        let ai = if ply % 2 == 0 { &mut white } else { &mut black };
        let c = ai.choose(&st, &hist, Limits::nodes(20_000)).expect("a move");
        if let (0, Some(n)) = (ply % 2, interp::ai::plies_to_end(c.score)) {
            assert!(
                last.is_none_or(|l| n < l),
                "ply {ply}: {} announces a mate in {n} plies after {last:?}",
                c.notation
            );
            // It stopped on the mate, with nodes to spare: only once its depth covered it.
            let early = c.nodes < 10_000;
            assert!(!early || c.depth as i32 >= n, "ply {ply}: a mate in {n} plies at depth {}", c.depth);
            last = Some(n);
        }
        hist.push(g.position_key(&st));
        c.apply(g, &mut st);
    }
    assert!(last.is_some(), "the queen's side announces its mate");
    assert!(g.actions(&st).is_empty(), "the game ended within 60 plies");
}
