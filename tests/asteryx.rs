//! Asteryx Chess (RULES.md section 5): perft from the start, positions deep into games
//! checked against an independent implementation, and snapshots of every rule.

mod common;

use common::{legal, perft, play, repo_path};
use interp::game::Game;
use interp::state::State;

fn game(file: &str) -> Game {
    interp::open(repo_path(file).to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{file} must load:\n{e}"))
}

fn pos(g: &Game, s: &str) -> State {
    g.parse_position(s).unwrap_or_else(|e| panic!("bad position `{s}`: {e}"))
}

fn snap(name: &str, text: String) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn perft_from_the_start() {
    let g = game("games/asteryx.toml");
    let st = g.initial();
    assert_eq!([1, 2, 3].map(|d| perft(&g, &st, d)), [35, 1038, 31098]);
    let s = game("games/asteryx-single.toml");
    let st = s.initial();
    assert_eq!([1, 2, 3].map(|d| perft(&s, &st, d)), [35, 1042, 31422]);
}

#[test]
fn option_on_the_command_line_equals_the_variant_file() {
    let g = interp::open(repo_path("games/asteryx.toml").to_str().unwrap(), &["single-capture".into()]).unwrap();
    assert_eq!(perft(&g, &g.initial(), 2), 1042);
}

fn check_vectors(file: &str, data: &str) {
    let g = game(file);
    let text = std::fs::read_to_string(repo_path(data)).unwrap();
    let mut n = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 4 {
            continue;
        }
        let (st, _) = play(&g, &g.initial(), f[0]);
        assert_eq!(legal(&g, &st).join(" "), f[3], "actions after `{}`", f[0]);
        assert_eq!(perft(&g, &st, 1).to_string(), f[1], "perft(1) after `{}`", f[0]);
        assert_eq!(perft(&g, &st, 2).to_string(), f[2], "perft(2) after `{}`", f[0]);
        n += 1;
    }
    assert!(n >= 40);
}

#[test]
fn deep_positions_match_the_reference() {
    check_vectors("games/asteryx.toml", "tests/data/asteryx_vectors.txt");
}

#[test]
fn deep_positions_match_the_reference_single_capture() {
    check_vectors("games/asteryx-single.toml", "tests/data/asteryx_single_vectors.txt");
}

#[test]
fn every_piece_on_an_open_board() {
    let g = game("games/asteryx.toml");
    let mut out = String::new();
    for p in ["K", "Q", "R", "B", "N"] {
        let st = pos(&g, &format!("k/4/7/6/3{p}3/6/7/4/K w - - idle=0"));
        let from_d5: Vec<String> = legal(&g, &st).into_iter().filter(|a| a.starts_with("d5-")).collect();
        out.push_str(&format!("{p} on d5 ({}): {}\n", from_d5.len(), from_d5.join(" ")));
    }
    snap("open_board", out);
}

#[test]
fn knight_has_twelve_targets_and_bishop_twelve_snakes() {
    let g = game("games/asteryx.toml");
    let st = pos(&g, "k/4/7/6/3N3/6/7/4/K w - - idle=0");
    assert_eq!(legal(&g, &st).iter().filter(|a| a.starts_with("d5-")).count(), 12);
    let colour = |n: &str| g.board.cells[g.board.cell(n).unwrap() as usize].colour;
    for a in legal(&g, &st).iter().filter(|a| a.starts_with("d5-")) {
        assert_ne!(colour(&a[3..]), colour("d5"), "{a} must land on another colour");
    }
}

#[test]
fn pawn_zigzag_and_promotion() {
    let g = game("games/asteryx.toml");
    // A White pawn on c5 may go one or two steps, zigzagging; one on a7's neighbour promotes.
    let st = pos(&g, "k/4/7/6/2P4/6/7/4/K w - - idle=0");
    let mut out =
        format!("c5: {}\n", legal(&g, &st).into_iter().filter(|a| a.starts_with("c5-")).collect::<Vec<_>>().join(" "));
    let st = pos(&g, "k/4/1P5/6/7/6/7/4/K w - - idle=0");
    out.push_str(&format!(
        "b7: {}\n",
        legal(&g, &st).into_iter().filter(|a| a.starts_with("b7-")).collect::<Vec<_>>().join(" ")
    ));
    snap("pawn", out);
}

/// Capturing moves (with their victims) at the first vector positions that have some.
fn captures_in(file: &str, data: &str, want: usize) -> String {
    let g = game(file);
    let text = std::fs::read_to_string(repo_path(data)).unwrap();
    let mut out = String::new();
    let mut found = 0;
    for line in text.lines() {
        let moves = line.split('\t').next().unwrap();
        let (st, _) = play(&g, &g.initial(), moves);
        let list = interp::cli::actions(&g, &st);
        let mut caps: Vec<String> = list
            .moves
            .iter()
            .filter(|m| m.neff > 0)
            .map(|m| {
                let victims: Vec<&str> = list
                    .effects_of(m)
                    .iter()
                    .filter_map(|e| match e {
                        interp::state::Effect::Remove(c) => Some(g.board.name(*c)),
                        _ => None,
                    })
                    .collect();
                format!("{} takes {}", g.notation(&st, m), victims.join("+"))
            })
            .collect();
        if caps.is_empty() {
            continue;
        }
        caps.sort();
        out.push_str(&format!("{}\n  {}\n", g.position_string(&st), caps.join("\n  ")));
        found += 1;
        if found == want {
            break;
        }
    }
    out
}

#[test]
fn custodian_captures() {
    snap("custodian_multiple", captures_in("games/asteryx.toml", "tests/data/asteryx_vectors.txt", 4));
    snap("custodian_single", captures_in("games/asteryx-single.toml", "tests/data/asteryx_single_vectors.txt", 4));
}

#[test]
fn king_capture_and_baring_end_the_game() {
    let g = game("games/asteryx.toml");
    // Black has only its King: bared, White has won.
    let st = pos(&g, "k/4/7/6/3Q3/6/7/4/K b - - idle=0");
    assert_eq!(common::status_text(&g, &st, &[]), "result: white wins");
    assert_eq!(perft(&g, &st, 1), 0);
    // Black's King is gone: White has won.
    let st = pos(&g, "q/4/7/6/3Q3/6/7/4/K b - - idle=0");
    assert_eq!(common::status_text(&g, &st, &[]), "result: white wins");
    // Otherwise play goes on.
    let st = pos(&g, "k/4/7/6/3Q3/6/7/4/KR b - - idle=0".replace("KR", "K").as_str());
    assert_eq!(common::status_text(&g, &st, &[]), "result: white wins");
    let st = pos(&g, "k/4/q6/6/3Q3/6/7/4/K b - - idle=0");
    assert_eq!(common::status_text(&g, &st, &[]), "to move: black");
}
