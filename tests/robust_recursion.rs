//! Issue 11, the crash: recursion a game file can drive deep. A `[check]` or `[attacked]`
//! test in a pattern from which attacks are derived asked about attacks without end (a
//! stack overflow); `interp check` now refuses it (E449), and the engine bounds such
//! nesting itself. A pattern path of millions of steps (repetitions nested with large exact
//! counts) overflowed the stack too; the run now stops with an error past
//! `MAX_PATH_DEPTH` steps. Deep macro nesting loads on a thread with a small stack.

mod common;

use common::{legal, perft, play, repo_path};
use interp::diag::LoadError;
use interp::engine::{MAX_PATH_DEPTH, Perft, PerftError, Stop};
use interp::ir::{Cond, Game, Op};

/// Writes a game to a temporary file and loads it: the game, or the checker's report with
/// the codes of its problems first (`E449 …`).
fn load_text(text: &str) -> Result<Game, String> {
    common::load_text(text, &[]).map_err(|e| match &e {
        LoadError::Invalid(_, diags) => {
            format!("{}\n{e}", diags.iter().map(|d| d.code.id()).collect::<Vec<_>>().join(" "))
        }
        LoadError::Unreadable(_) => e.to_string(),
    })
}

/// games/chess.toml with the queen's line replaced.
fn chess_with_queen(line: &str) -> String {
    let text = std::fs::read_to_string(repo_path("games/chess.toml")).unwrap();
    assert!(text.contains("piece Q { move slide(any) }"));
    text.replace("piece Q { move slide(any) }", line)
}

/// Runs `f` on a thread with a 2 MiB stack (a test thread's default, and less than the
/// main thread's): deep recursion shows there.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(2 << 20).spawn(f).unwrap().join().unwrap()
}

#[test]
fn the_issues_crash_is_refused_by_the_checker_with_a_located_message() {
    for (line, word) in [
        ("piece Q { move any [check] slide(any) }", "check"),
        ("piece Q { move slide(any) [check] }", "check"),
        ("piece Q { move any [!attacked] slide(any) }", "attacked"),
        ("piece Q { move (any [check] | N) slide(any) }", "check"),
    ] {
        let e = load_text(&chess_with_queen(line)).map(|_| ()).unwrap_err();
        assert!(e.contains("E449"), "{line}:\n{e}");
        assert!(e.contains(&format!("`{word}` tested in the Queen (Q)'s move 1")), "{e}");
        assert!(e.contains("attack` lines"), "the hint says what to do:\n{e}");
        let col = line.find(word).unwrap();
        assert!(e.contains(&format!("  | {}^", " ".repeat(col))), "located at the word:\n{e}");
    }
}

#[test]
fn with_attack_lines_the_moves_may_test_check_and_the_line_of_the_issue_plays() {
    // The queen may not move while its side is in check; what it attacks is its slide.
    let text = chess_with_queen("piece Q { move [!check] slide(any)\n  attack slide(any) }");
    let g = load_text(&text).unwrap_or_else(|e| panic!("{e}"));
    let (st, _) = play(&g, &g.initial(), "e2-e3 f7-f6 d1-h5 g7-g6");
    assert!(perft(&g, &st, 2) > 0);
    // White in check from the bishop: the queen on d1 could block on d2, but may not move.
    let (st, _) = play(&g, &g.initial(), "e2-e4 e7-e5 d2-d3 f8-b4");
    let moves = legal(&g, &st);
    assert!(!moves.iter().any(|m| m.starts_with("d1-")), "{moves:?}");
    assert!(moves.contains(&"c2-c3".to_string()) && moves.contains(&"b1-d2".to_string()), "{moves:?}");
}

#[test]
fn patterns_that_cannot_capture_and_games_that_cannot_loop_may_test_attacks() {
    // A move onto an empty cell only, and castling (`land`) in chess itself.
    let text = chess_with_queen("piece Q { move slide(any)\n  move [check] N [empty] }");
    assert!(load_text(&text).is_ok());
    // Without royal pieces `check` asks nothing further.
    let text = chess_with_queen("piece Q { move any [check] slide(any) }").replace("royal = true", "royal = false");
    assert!(load_text(&text).is_ok());
    // One player: no other side's attacks to ask about.
    let solo = r#"[game]
name = "Solo"
players = ["white"]
rules = '''
board square files a..d ranks 1..4
dirs orth = N E S W
piece R { move orth [!attacked] ([empty] same)* [!friend] }
end { draw if no-moves }
'''
[pieces.R]
name = "Rook"
[setup.white]
R = "a1 d4"
"#;
    let g = load_text(solo).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(perft(&g, &g.initial(), 1), 12);
}

/// Whether a lowered condition asks about attacks.
fn asks_attacks(c: &Cond) -> bool {
    match c {
        Cond::Attacked | Cond::Check => true,
        Cond::And(v) | Cond::Or(v) => v.iter().any(asks_attacks),
        Cond::Not(x) => asks_attacks(x),
        _ => false,
    }
}

/// Whether some program the engine runs to judge attacks tests attacks.
fn attacks_test_attacks(g: &Game) -> bool {
    let np = g.np();
    (0..g.moves_of.len()).any(|at| {
        let progs = if g.attacks_of[at].is_empty() { &g.moves_of[at] } else { &g.attacks_of[at] };
        progs.iter().map(|&p| g.program(p)).filter(|p| p.captures).any(|p| {
            p.ops.iter().any(|op| match op {
                Op::Test(c) | Op::Ray(_, _, c) | Op::Leap(_, c) => asks_attacks(g.cond(*c)),
                _ => false,
            })
        })
    }) && np > 1
        && g.types.iter().any(|t| t.royal)
}

#[test]
fn the_checker_refuses_every_game_whose_attacks_would_test_attacks() {
    // Mutants of chess: `[check]` or `[attacked]` inserted at every gap of every piece's
    // patterns. Each either is refused with E449 or compiles to attack programs that test
    // nothing about attacks (the checker's reading of "can capture" is lowering's).
    let text = std::fs::read_to_string(repo_path("games/chess.toml")).unwrap();
    let (mut refused, mut accepted) = (0, 0);
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if !trimmed.starts_with("move ") && !trimmed.starts_with("piece ") {
            continue;
        }
        let Some(start) = line.find("move ") else { continue };
        let body_end = line.rfind('}').filter(|_| trimmed.starts_with("piece ")).unwrap_or(line.len());
        let gaps: Vec<usize> =
            (start + 5..=body_end).filter(|&j| j == body_end || line.as_bytes()[j] == b' ').collect();
        for &j in &gaps {
            for test in [" [check] ", " [!attacked] "] {
                let mutated = format!("{}{test}{}", &line[..j], &line[j..]);
                let mut lines: Vec<&str> = text.lines().collect();
                lines[i] = &mutated;
                let game = lines.join("\n");
                match load_text(&game) {
                    Err(e) if e.contains("E449") => refused += 1,
                    Err(_) => {}
                    Ok(g) => {
                        assert!(!attacks_test_attacks(&g), "accepted, but attacks test attacks:\n{mutated}");
                        accepted += 1;
                    }
                }
            }
        }
    }
    assert!(refused > 20 && accepted > 5, "refused {refused}, accepted {accepted}");
}

#[test]
fn no_shipped_game_has_attacks_that_test_attacks() {
    for dir in ["games", "games/examples"] {
        for f in std::fs::read_dir(repo_path(dir)).unwrap() {
            let p = f.unwrap().path();
            let name = p.to_string_lossy().to_string();
            if !name.ends_with(".toml") || name.ends_with(".tests.toml") {
                continue;
            }
            let g = interp::open(&name, &[]).unwrap_or_else(|e| panic!("{e}"));
            assert!(!attacks_test_attacks(&g), "{name}");
        }
    }
}

/// A rook whose pattern walks `path` and lands on the mark, and two kings.
fn walker(path: &str) -> String {
    format!(
        r#"[game]
name = "Walker"
players = ["white", "black"]
rules = '''
board square files a..h ranks 1..8
piece R {{ move {path} land(@m) }}
piece K {{ move N [empty] }}
end {{ loss if no-moves }}
'''
[pieces.R]
name = "Rook"
[pieces.K]
name = "King"
royal = true
[setup.white]
R = "a2"
K = "h1"
[setup.black]
K = "h8"
"#
    )
}

#[test]
fn a_path_of_millions_of_steps_stops_with_an_error_not_a_stack_overflow() {
    let text = walker("((((N @m S){64}){64}){64}){64}");
    let e = on_small_stack(move || {
        let g = load_text(&text).unwrap_or_else(|e| panic!("{e}"));
        let st = g.initial();
        Perft::new(&g, &st, 1).try_count(&st, 1).unwrap_err()
    });
    let PerftError::Pattern(o) = e else { panic!("{e}") };
    assert_eq!(o.stop, Stop::Path);
    let msg = o.to_string();
    assert!(msg.contains(&format!("went over {MAX_PATH_DEPTH} steps on one path")), "{msg}");
    assert!(msg.contains("white's Rook (its move 1) from a2"), "{msg}");
    // A long path within the bound still plays: 64 round trips.
    let g = load_text(&walker("(N @m S){64}")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(legal(&g, &g.initial()), ["a2-a3", "h1-h2"]);
}

#[test]
fn macros_nested_deep_load_and_run_on_a_small_stack() {
    // 60 macros, each nesting the previous one 60 brackets deep: 3600 levels once expanded.
    let mut defs = vec![format!("define m0 = {}N [empty]{}", "(".repeat(60), ")".repeat(60))];
    defs.extend((1..=60).map(|i| format!("define m{i} = {}m{}{}", "(".repeat(60), i - 1, ")".repeat(60))));
    let text =
        walker("N @m S").replace("piece R {", &format!("{}\npiece B {{ move m60 }}\npiece R {{", defs.join("\n")));
    let text = text
        .replace("[pieces.R]", "[pieces.B]\nname = \"Bishop\"\n[pieces.R]")
        .replace("R = \"a2\"", "R = \"a2\"\nB = \"c1\"");
    let n = on_small_stack(move || {
        let g = load_text(&text).unwrap_or_else(|e| panic!("{e}"));
        perft(&g, &g.initial(), 2)
    });
    assert!(n > 0);
}
