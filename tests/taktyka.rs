//! Tâktykâ (RULES.md section 4): the setup decisions, the die after a charge, leader
//! safety with charge checks and their three-time limit, checked against an independent
//! implementation and by snapshots.

mod common;

use common::{legal, perft, play, repo_path, status_text};
use interp::game::Game;
use interp::state::State;

const STANDARD: &str = "leader:e2 leader:e9 rolloff:white first:white";

fn game() -> Game {
    interp::open(repo_path("games/taktyka.toml").to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn snap(name: &str, text: String) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!(name, text);
    });
}

fn at(g: &Game, moves: &str) -> State {
    play(g, &g.initial(), moves).0
}

#[test]
fn perft_from_the_true_start() {
    let g = game();
    let st = g.initial();
    assert_eq!([1, 2, 3, 4].map(|d| perft(&g, &st, d)), [20, 400, 800, 1600]);
}

#[test]
fn perft_from_the_standard_test_position() {
    let g = game();
    let st = at(&g, STANDARD);
    assert_eq!([1, 2, 3, 4].map(|d| perft(&g, &st, d)), [9, 81, 908, 10362]);
}

#[test]
fn setup_decisions_are_nodes_of_their_agents() {
    let g = game();
    let st = g.initial();
    assert_eq!(status_text(&g, &st, &[]), "to move: white");
    assert!(legal(&g, &st).iter().all(|a| a.starts_with("leader:")));
    let st = at(&g, "leader:e2 leader:e9");
    assert!(g.is_chance(&st));
    assert_eq!(legal(&g, &st), ["rolloff:black", "rolloff:white"]);
    let list = interp::cli::actions(&g, &st);
    assert_eq!(g.chance_probs(&st, &list), [0.5, 0.5]);
    // The roll-off winner chooses who starts.
    let st = at(&g, "leader:e2 leader:e9 rolloff:black");
    assert_eq!(status_text(&g, &st, &[]), "to move: black");
    assert_eq!(legal(&g, &st), ["first:black", "first:white"]);
    let st = at(&g, "leader:e2 leader:e9 rolloff:black first:white");
    assert_eq!(status_text(&g, &st, &[]), "to move: white");
}

#[test]
fn deep_positions_match_the_reference() {
    let g = game();
    let text = std::fs::read_to_string(repo_path("tests/data/taktyka_vectors.txt")).unwrap();
    let mut n = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 4 {
            continue;
        }
        let st = at(&g, f[0]);
        assert_eq!(legal(&g, &st).join(" "), f[3], "actions after `{}`", f[0]);
        assert_eq!(perft(&g, &st, 1).to_string(), f[1], "perft(1) after `{}`", f[0]);
        assert_eq!(perft(&g, &st, 2).to_string(), f[2], "perft(2) after `{}`", f[0]);
        n += 1;
    }
    assert!(n >= 40);
}

/// The first vector positions where the side to move may charge, with the charges and
/// the die that follows each.
#[test]
fn charges_and_the_die() {
    let g = game();
    let text = std::fs::read_to_string(repo_path("tests/data/taktyka_vectors.txt")).unwrap();
    let mut out = String::new();
    let mut found = 0;
    for line in text.lines() {
        let moves = line.split('\t').next().unwrap();
        let st = at(&g, moves);
        let list = interp::cli::actions(&g, &st);
        for m in &list.moves {
            if !list.effects_of(m).iter().any(|e| matches!(e, interp::state::Effect::Then(..))) {
                continue;
            }
            let mut s = st.clone();
            g.apply(&mut s, m, list.effects_of(m));
            let after = interp::cli::actions(&g, &s);
            let die = if g.is_chance(&s) {
                let p = g.chance_probs(&s, &after);
                g.notations(&s, &after)
                    .iter()
                    .zip(&p)
                    .map(|(a, p)| format!("{a} {p:.3}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                "no roll".to_string()
            };
            out.push_str(&format!("{} {}: {}\n", g.position_string(&st), g.notation(&st, m), die));
            found += 1;
        }
        if found >= 6 {
            break;
        }
    }
    assert!(found > 0);
    snap("charges", out);
}

#[test]
fn bare_leader_loses() {
    let g = game();
    // White has only its leader left.
    let st =
        g.parse_position("10/10/10/10/10/10/4s5/4l5/10/4L5 w - - winner=0 idle=0,0").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status_text(&g, &st, &[]), "result: black wins");
    assert_eq!(perft(&g, &st, 1), 0);
}
