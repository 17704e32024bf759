//! Monte Carlo tree search, the AI's second search: it takes a win in one and avoids a loss
//! in one, weighs a chance node by its probabilities, answers a push as the defender, beats
//! a random player, and a seed with a node budget reproduces its games; `--ai` and the
//! selfplay deciders choose it from the command line.

use interp::ai::{Ai, Limits, MATE, describe_score};
use interp::engine::{State, Status};
use interp::ir::{Game, SearchKind};
use interp::selfplay::{Player, play_game};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const MCTS: Player = Player::Search(SearchKind::Mcts);

fn open(rel: &str) -> Game {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    interp::open(p.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{rel} must load:\n{e}"))
}

/// An AI searching by MCTS.
fn mcts(g: &Game, seed: u64) -> Ai<'_> {
    let mut ai = Ai::new(g, seed);
    ai.set_search(SearchKind::Mcts);
    ai
}

/// The position after `moves` (space-separated notations) from `st`, with its history.
fn after(g: &Game, mut st: State, moves: &str) -> (State, Vec<u64>) {
    let mut hist = vec![];
    for text in moves.split_whitespace() {
        let (list, _) = g.node(&st, &hist, true);
        let m = g.find_move(&st, &list, text).unwrap_or_else(|| panic!("{text} is not legal"));
        hist.push(g.position_key(&st));
        g.apply(&mut st, &m, list.effects_of(&m));
    }
    (st, hist)
}

#[test]
fn mcts_takes_a_win_in_one() {
    let g = open("games/chess.toml");
    // Scholar's mate is one move away: Qh5xf7#.
    let st = g.parse_position("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4").unwrap();
    let c = mcts(&g, 1).choose(&st, &[], Limits::nodes(20_000)).expect("a move");
    assert_eq!(c.notation, "h5-f7");
    assert_eq!(c.score, MATE - 1, "a proven win in one ply");
    assert!(c.nodes <= 20_000, "{} nodes", c.nodes);
}

#[test]
fn mcts_avoids_a_loss_in_one() {
    let g = open("games/chess.toml");
    // Black to move; most moves allow Qh5xf7#.
    let st = g.parse_position("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3").unwrap();
    for seed in 1..=3 {
        let c = mcts(&g, seed).choose(&st, &[], Limits::nodes(30_000)).expect("a move");
        let (next, hist) = after(&g, st.clone(), &c.notation);
        let (replies, _) = g.node(&next, &hist, true);
        for m in &replies.moves {
            let mut end = next.clone();
            g.apply(&mut end, m, replies.effects_of(m));
            let status = g.node(&end, &[], true).1;
            assert_ne!(status, Status::Over(Some(0)), "after {} White mates in one", c.notation);
        }
    }
}

/// A one-move game of chance: White's gambler on b1 rests on c1 (a draw) or steps onto
/// the die on a1, which wins with weight `good` and loses with weight `bad`.
fn gamble(good: u32, bad: u32) -> Game {
    let text = format!(
        r#"[game]
name = "Gamble"
players = ["white", "black"]
description = "White rests (a draw) or rolls a die (a win or a loss)."
rules = '''
board square files a..d ranks 1..1
dirs side = E W
zone dice = a1
zone rest = c1
counter lucky = 0
followup roll by chance: six weight {good} {{ lucky = 1 }} | one weight {bad} {{ remove cell }}
piece G {{
  move W [empty & dice] then(roll)
  move E [empty & rest]
}}
piece K {{ move side [empty & !rest & !dice] }}
end {{
  loss "unlucky opponent" if lucky == 1
  win "the gambler is gone" if count(enemy) == 0
  draw "rested" if count(enemy G in rest) > 0
}}
'''

[pieces.G]
name = "Gambler"
description = "Rests on c1 or rolls the die on a1."

[pieces.K]
name = "Keeper"
description = "Stays where it is."

[setup.white]
G = "b1"

[setup.black]
K = "d1"
"#
    );
    let path = std::env::temp_dir().join(format!("interp-mcts-gamble-{}-{good}-{bad}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let g = interp::open(path.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("the gamble must load:\n{e}"));
    std::fs::remove_file(&path).ok();
    g
}

#[test]
fn mcts_weighs_chance_by_its_probabilities() {
    for (good, bad, best) in [(3, 1, "b1-a1"), (1, 3, "b1-c1")] {
        let g = gamble(good, bad);
        let st = g.initial();
        let c = mcts(&g, 5).choose(&st, &[], Limits::nodes(2_000)).expect("a move");
        assert_eq!(c.notation, best, "win weight {good}, loss weight {bad}");
    }
    // At the chance node itself the AI draws an outcome, as the game's dice would.
    let g = gamble(1, 1);
    let (st, hist) = after(&g, g.initial(), "b1-a1");
    assert!(g.is_chance(&st));
    let c = mcts(&g, 5).choose(&st, &hist, Limits::nodes(100)).expect("an outcome");
    assert!(["roll:six", "roll:one"].contains(&c.notation.as_str()), "{}", c.notation);
}

#[test]
fn mcts_answers_a_push_as_the_defender() {
    let g = open("games/taasen.toml");
    // Red's Thaum pushes Green's only piece, the Sciane on D6: Green chooses the escape.
    // On the corner D7 it could not move back to D6 next turn, and would lose.
    let start = g.parse_position("1/3/5/3T1s1 r - -,-,-").unwrap();
    let (st, hist) = after(&g, start, "D4-D5>D6");
    assert_eq!(st.to_move, 1, "Green decides the escape");
    for seed in 1..=3 {
        let c = mcts(&g, seed).choose(&st, &hist, Limits::nodes(3_000)).expect("an escape");
        assert_eq!(c.notation, "D6-C5");
    }
}

#[test]
fn mcts_beats_a_random_player_at_taasen() {
    let g = open("games/taasen.toml");
    let start = g.initial();
    let (mut wins, mut losses) = (0, 0);
    for i in 0..6u64 {
        let side = (i % 2) as u8;
        let players = if side == 0 { [MCTS, Player::Random] } else { [Player::Random, MCTS] };
        let r = play_game(&g, &start, &[], players, Limits::nodes(1_500), 100 + i, 300);
        match r.winner {
            Some(w) if w == side => wins += 1,
            Some(_) => losses += 1,
            None => {}
        }
    }
    assert_eq!(losses, 0, "MCTS lost to a random player");
    assert!(wins >= 5, "MCTS won only {wins} of 6 games against a random player");
}

#[test]
fn a_seed_and_a_node_budget_reproduce_mcts() {
    let g = open("games/taasen.toml");
    let start = g.initial();
    let play = |seed| play_game(&g, &start, &[], [MCTS, MCTS], Limits::nodes(600), seed, 40).moves;
    let a = play(7);
    assert_eq!(a, play(7));
    assert_ne!(a, play(8), "another seed gives another game");
}

fn interp(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run interp");
    use std::io::Write;
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().expect("interp ends")
}

#[test]
fn the_ai_flag_chooses_the_search() {
    // selfplay: a decider per side, and --ai for the `ai` deciders.
    let args =
        ["selfplay", "games/taasen.toml", "--white", "mcts", "--black", "ai", "--nodes", "300", "--max-plies", "6"];
    let out = interp(&args, "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("A = mcts (300 nodes per move)"), "{text}");
    assert!(text.contains("B = ai (300 nodes per move)"), "{text}");
    let mut with_flag = args.to_vec();
    with_flag.extend(["--ai", "alphabeta"]);
    let text = String::from_utf8_lossy(&interp(&with_flag, "").stdout).into_owned();
    assert!(text.contains("B = alphabeta (300 nodes per move)"), "{text}");
    // play: `hint` asks the chosen search (seed 1, so the hint's AI has seed 1 ^ 0x417).
    let g = open("games/chess.toml");
    let hint_of = |kind| {
        let mut ai = Ai::new(&g, 1 ^ 0x417);
        ai.set_search(kind);
        let c = ai.choose(&g.initial(), &[], Limits::nodes(2_000)).expect("a move");
        format!("hint: {} (score {}, depth {}, {} nodes)", c.notation, describe_score(c.score), c.depth, c.nodes)
    };
    let (by_mcts, by_alphabeta) = (hint_of(SearchKind::Mcts), hint_of(SearchKind::AlphaBeta));
    assert_ne!(by_mcts, by_alphabeta);
    for (flag, expected) in [("mcts", &by_mcts), ("alphabeta", &by_alphabeta)] {
        let args = ["play", "games/chess.toml", "--ai", flag, "--nodes", "2000", "--no-autosave"];
        let out = String::from_utf8_lossy(&interp(&args, "hint\nquit\n").stdout).into_owned();
        assert!(out.lines().any(|l| l == expected), "--ai {flag}: no `{expected}` in:\n{out}");
    }
    // A bad search name is refused with the choices.
    let out = interp(&["play", "games/chess.toml", "--ai", "minimax"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("expected alphabeta or mcts"), "{err}");
}
