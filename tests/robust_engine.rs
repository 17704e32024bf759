//! Issue 18, the engine's part: nothing typed or loaded makes perft, move generation,
//! position strings or lines of play crash, hang, wrap or go on past the end of a game.

mod common;

use common::{chess, repo_path};
use interp::engine::{PATTERN_BUDGET, Perft, PerftError};
use interp::ir::Game;
use interp::notation::{LineError, PositionError};
use std::time::{Duration, Instant};

fn load(rel: &str) -> Game {
    let p = repo_path(rel);
    interp::open(p.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{rel} must load:\n{e}"))
}

/// Loads a game written to a temporary file.
fn load_text(name: &str, text: &str) -> Game {
    let path = std::env::temp_dir().join(format!("interp-robust-engine-{}-{name}.toml", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let g = interp::open(path.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{name} must load:\n{e}"));
    let _ = std::fs::remove_file(&path);
    g
}

/// A game on a 3×3 board (files a..c, ranks 1..3) for white and black, with a neutral
/// faction `grey` when `grey` is set: `rules` after the board, a loss without moves, then
/// the TOML `tables` (pieces, setups, letters).
fn three_by_three(name: &str, grey: bool, rules: &str, tables: &str) -> Game {
    let neutral = if grey { "neutral = [\"grey\"]\n" } else { "" };
    let head = format!("[game]\nname = \"{name}\"\nplayers = [\"white\", \"black\"]\n{neutral}");
    let rules = format!("rules = '''\nboard square files a..c ranks 1..3\n{rules}\nend {{ loss if no-moves }}\n'''\n");
    load_text(name, &format!("{head}{rules}{tables}"))
}

/// A rook and two kings, the rook moving by `pattern`.
fn lone_rook(pattern: &str) -> Game {
    let text = format!(
        r#"[game]
name = "Lone rook"
players = ["white", "black"]
rules = '''
board square files a..h ranks 1..8
dirs orth = N E S W
piece R {{ move {pattern} }}
piece K {{ move orth [empty] }}
end {{
  loss if no-moves
}}
'''
[pieces.R]
name = "Rook"
[pieces.K]
name = "King"
royal = true
[setup.white]
R = "a1"
K = "h1"
[setup.black]
K = "h8"
"#
    );
    load_text(&format!("rook-{}", pattern.len()), &text)
}

fn position_error(g: &Game, text: &str) -> PositionError {
    match g.parse_position(text) {
        Ok(_) => panic!("`{text}` must be refused"),
        Err(e) => e,
    }
}

// Defect 1: perft's depth sized the buffers and the recursion.

#[test]
fn perft_refuses_depths_beyond_its_maximum_without_allocating_them() {
    let g = chess();
    let st = g.initial();
    for depth in [Perft::MAX_DEPTH + 1, 100_000, 1_000_000_000, usize::MAX] {
        let mut pf = Perft::new(g, &st, depth);
        assert_eq!(
            pf.try_count(&st, depth),
            Err(PerftError::TooDeep { depth, max: Perft::MAX_DEPTH }),
            "depth {depth}"
        );
    }
    // Buffers made for a shallow search refuse a deeper one instead of indexing past them.
    let mut pf = Perft::new(g, &st, 2);
    assert_eq!(pf.try_count(&st, 3), Err(PerftError::TooDeep { depth: 3, max: 2 }));
    assert_eq!(pf.try_count(&st, 2), Ok(400));
    // The largest depth is accepted (a position without moves answers at once).
    let mate = common::parse_fen(g, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let mut pf = Perft::new(g, &mate, Perft::MAX_DEPTH);
    assert_eq!(pf.try_count(&mate, Perft::MAX_DEPTH), Ok(0));
}

// Defect 2: patterns that branch without end.

#[test]
fn a_starred_group_that_can_match_without_moving_stops_with_an_error_naming_it() {
    let g = lone_rook("(orth*)* [!friend]");
    let st = g.initial();
    let t0 = Instant::now();
    let e = g.checked_actions(&st).expect_err("the run must go over its budget");
    assert_eq!((e.piece.as_str(), e.pattern.as_str(), e.cell.as_str()), ("white's Rook", "move 1", "a1"));
    assert_eq!(e.budget, PATTERN_BUDGET);
    let text = e.to_string();
    assert!(text.contains("white's Rook") && text.contains("a1") && text.contains("move 1"), "{text}");
    let mut pf = Perft::new(&g, &st, 3);
    assert!(matches!(pf.try_count(&st, 3), Err(PerftError::Pattern(_))), "perft must not give a count");
    assert!(t0.elapsed() < Duration::from_secs(10), "took {:?}", t0.elapsed());
    // The same rook with a plain slide is fine: the record does not stick.
    let ok = lone_rook("slide(orth)");
    assert_eq!(ok.checked_actions(&ok.initial()).map(|l| l.len()), Ok(13 + 2));
}

#[test]
fn no_shipped_game_goes_over_the_pattern_budget_at_its_start() {
    let games = [
        "games/chess.toml",
        "games/tishai.toml",
        "games/taasen.toml",
        "games/taktyka.toml",
        "games/trubix-43.toml",
        "games/asteryx.toml",
        "games/asteryx-single.toml",
        "games/examples/capablanca.toml",
        "games/examples/crazyhouse.toml",
        "games/examples/xiangqi.toml",
        "games/examples/rock-paper.toml",
    ];
    for rel in games {
        let g = load(rel);
        let st = g.initial();
        let mut pf = Perft::new(&g, &st, 2);
        assert!(pf.try_count(&st, 2).is_ok(), "{rel}");
    }
}

// Defect 3: integers that wrapped.

#[test]
fn a_run_of_empty_cells_too_long_for_its_row_is_refused_not_wrapped() {
    let g = chess();
    for run in ["18446744073709551615", "99999999999999999999999", "9"] {
        let fen = format!("rnbqkbnr/pppppppp/8/8/8/8/P{run}PPPPPPP/RNBQKBNR w KQkq - 0 1");
        match position_error(g, &fen) {
            PositionError::RunTooLong { row: 7, run: r, cells: 8 } => assert_eq!(r, run),
            e => panic!("`{fen}`: {e:?}"),
        }
    }
}

#[test]
fn counters_saturate_instead_of_wrapping() {
    let g = chess();
    let mut st = common::parse_fen(g, "4k3/8/8/8/8/8/8/4K2N b - - 9223372036854775807 9223372036854775807");
    for a in ["e8-d8", "h1-g3"] {
        let list = g.actions(&st);
        let m = g.find_move(&st, &list, a).unwrap();
        g.apply(&mut st, &m, list.effects_of(&m));
    }
    let s = g.position_string(&st);
    assert!(s.ends_with(" 9223372036854775807 9223372036854775807"), "{s}");
}

#[test]
fn positions_with_more_pieces_than_counts_hold_are_refused() {
    // A stack of 257 pieces wrapped the per-type count (a byte).
    let g = load("games/examples/rock-paper.toml");
    let stack = format!("({})3", "R".repeat(257));
    let e = position_error(&g, &format!("4/4/4/{stack} w - -"));
    assert_eq!(e, PositionError::TooManyPieces { count: 257, max: 255 });
    // A reserve at i64::MAX wrapped on the next capture.
    let g = load("games/examples/crazyhouse.toml");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let e = position_error(&g, &format!("{start} reserve-P=9223372036854775807,0"));
    assert!(matches!(e, PositionError::TooManyPieces { max: 255, .. }), "{e:?}");
}

#[test]
fn a_tally_above_its_largest_value_is_refused_not_clamped() {
    let g = load("games/taktyka.toml");
    let pos = "10/10/10/10/10/10/4s5/4l5/10/4L5 w - - winner=0 idle=0,0";
    assert!(g.parse_position(&format!("{pos} checks=e4:3")).is_ok());
    let e = position_error(&g, &format!("{pos} checks=e4:4"));
    assert_eq!(e, PositionError::TallyTooLarge { tally: "checks".into(), cell: "e4".into(), count: 4, max: 3 });
}

// Defect 4: positions that cannot happen.

#[test]
fn positions_no_game_could_reach_are_refused_with_the_reason() {
    let g = chess();
    let no_king = position_error(g, "8/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(no_king, PositionError::NoRoyal { player: "black".into(), piece: "King".into() });
    let many = position_error(g, "kkkkkkkk/kkkkkkkk/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(many, PositionError::TooManyRoyals { player: "black".into(), piece: "King".into(), count: 16, max: 1 });
    for (fen, cell) in [("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a8"), ("4k3/8/8/8/8/8/8/4K2p w - - 0 1", "h1")] {
        match position_error(g, fen) {
            PositionError::MustHavePromoted { piece, cell: c, .. } => {
                assert_eq!((piece.as_str(), c.as_str()), ("Pawn", cell))
            }
            e => panic!("`{fen}`: {e:?}"),
        }
    }
    let g = load("games/examples/crazyhouse.toml");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let e = position_error(&g, &format!("{start} reserve-P=0,-1"));
    assert_eq!(e, PositionError::NegativeReserve { player: "black".into(), piece: "Pawn".into(), count: -1 });
    // What the checks must leave alone: a promoted piece on the last rank, pawns in hand.
    assert!(g.parse_position(&format!("{start} reserve-P=2,3")).is_ok());
    assert!(chess().parse_position("Q3k3/8/8/8/8/8/8/4K3 b - - 0 1").is_ok());
    // The player who just moved cannot have left its king attacked.
    let e = position_error(chess(), "Q3k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(e, PositionError::MoverLeftInCheck { player: "black".into() });
}

// Defect 5: lines of play went on after the game ended.

#[test]
fn a_line_of_play_stops_at_a_draw_by_repetition() {
    let g = chess();
    let line = "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1 f6-g8 e2-e4";
    let mut st = g.initial();
    let e = g.play_line_why(&mut st, &mut vec![], line.split_whitespace()).unwrap_err();
    match &e {
        LineError::Ended { index: 8, action, rule: Some(rule) } => {
            assert_eq!((action.as_str(), rule.as_str()), ("e2-e4", "draw if repetition(3)"))
        }
        e => panic!("{e:?}"),
    }
    assert!(e.to_string().contains("repetition(3)"), "{e}");
    let mut st = g.initial();
    assert_eq!(g.play_line(&mut st, &mut vec![], line.split_whitespace()), Err((8, "e2-e4")));
    // Up to the repetition the line is played.
    let mut st = g.initial();
    assert_eq!(g.play_line(&mut st, &mut vec![], line.split_whitespace().take(8)), Ok(()));
    let mut st = g.initial();
    let e = g.play_line_why(&mut st, &mut vec![], ["e2-e5"]).unwrap_err();
    assert_eq!(e, LineError::Illegal { index: 0, action: "e2-e5".into() });
}

/// Stacks come from the setup only and only shrink, so a stack the setup never made (here
/// a Red Tower on the neutral stack's cell: two actions would read `T:D1-D2`) is refused;
/// a run of empty cells is written without a leading zero.
#[test]
fn stacks_the_setup_never_made_and_zero_padded_runs_are_refused() {
    let g = load("games/taasen.toml");
    let e = position_error(&g, "Z/1X1/3Y1/(TX)4pT r - B1,B3,C4");
    assert_eq!(e, PositionError::ImpossibleStack { cell: "D1".into() });
    // Part of a setup stack is a position play reaches.
    assert!(g.parse_position("Z/1X1/3Y1/(PT)4pt r - B1").is_ok());
    let e = position_error(&g, "Z/01X1/3Y1/(PST)4pt r - B1");
    assert_eq!(e, PositionError::BadRun { row: 2, run: "01".into() });
}

/// A neutral piece of a type that carries a tally: its pattern is run for the player who
/// just moved (it panicked, indexing the tally's per-player patterns by the neutral
/// faction), and it never counts.
#[test]
fn a_neutral_piece_with_a_tally_is_judged_for_the_mover() {
    let rules = r#"tally hits max 3 for S when N [enemy]
piece S { move N [empty] }"#;
    let g = three_by_three(
        "neutral-tally",
        true,
        rules,
        r#"[pieces.S]
[setup.white]
S = "a1"
[setup.black]
S = "b3"
[setup.grey]
S = "b1"
[letters.grey]
S = "G"
"#,
    );
    let st = g.initial();
    assert!(Perft::new(&g, &st, 4).try_count(&st, 4).is_ok());
    // White moves the grey piece next to Black's: its pattern matches for White, and it
    // does not count.
    let (after, _) = common::play(&g, &st, "b1-b2");
    let fen = g.position_string(&after);
    assert!(fen.contains("hits=b2:0*"), "{fen}");
}

/// A type's `max` counts the mover's own pieces of it also in a game with a neutral
/// faction (the piece counts are per faction; the check once indexed them per player, so
/// it read another type's or faction's count).
#[test]
fn a_promotion_max_counts_the_movers_pieces_when_a_neutral_faction_exists() {
    let rules = r#"zone far: white = rank 3, black = rank 1
piece K { move N [empty] }
piece P {
  move N [empty]
  promote in far to Q K
}
piece Q { move N [empty] }"#;
    let g = three_by_three(
        "neutral-max",
        true,
        rules,
        r#"[pieces.K]
[pieces.P]
[pieces.Q]
max = 1
[setup.white]
P = "a2"
Q = "c1"
[setup.black]
K = "b3"
[setup.grey]
P = "b1 c2"
[letters.grey]
K = "L"
P = "G"
Q = "R"
"#,
    );
    let moves = common::legal(&g, &g.initial());
    // White has its one Queen already: the Pawn promotes to a King only.
    assert!(moves.iter().any(|m| m.starts_with("a2-a3")), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("a2-a3") && m.ends_with('Q')), "{moves:?}");
}

#[test]
fn a_plain_landing_after_a_promotion_on_the_same_cell_is_a_move_of_its_own() {
    // The first program lands on a3 promoting; the second reaches a3 twice, plainly: one
    // more move, not none and not two.
    let rules = r#"piece K { move N [empty] }
piece P {
  move N [empty] promote(Q)
  move (N | E N W) [empty]
}
piece Q { move N [empty] }"#;
    let g = three_by_three(
        "promote-then-plain",
        false,
        rules,
        r#"[pieces.K]
[pieces.P]
[pieces.Q]
[setup.white]
P = "a2"
[setup.black]
K = "c3"
"#,
    );
    let moves = common::legal(&g, &g.initial());
    let mut to_a3: Vec<_> = moves.iter().filter(|m| m.starts_with("a2-a3")).collect();
    to_a3.sort();
    assert_eq!(to_a3, ["a2-a3", "a2-a3=Q"], "{moves:?}");
}
