//! Issue 18: a pattern whose repetitions branch without end (`(orth*)*`) stops at the
//! engine's budget; every command then says so as an error (no panic, no truncated
//! output presented as the answer) and exits non-zero. Lines of play stop at the end of
//! the game and say by which rule.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const OVERRUN: &str = "move generation stopped: the pattern of";

/// A game whose rook (white's at a1 with `white_rook`, else black's at a8) moves by
/// `(orth*)*`: its first move generation goes over the budget.
fn game_text(white_rook: bool) -> String {
    let (w, b) =
        if white_rook { ("R = \"a1\"\nK = \"h1\"", "K = \"h8\"") } else { ("K = \"h1\"", "K = \"h8\"\nR = \"a8\"") };
    format!(
        r#"[game]
name = "Endless rook"
players = ["white", "black"]
rules = '''
board square files a..h ranks 1..8
dirs orth = N E S W
piece R {{ move (orth*)* [!friend] }}
piece K {{ move orth [empty] }}
end {{
  loss if no-moves
}}
'''
[pieces.R]
name = "Rook"
[pieces.K]
name = "King"
[setup.white]
{w}
[setup.black]
{b}

[[case]]
name = "the start"
perft = [10]
"#
    )
}

/// A fresh temporary directory holding `endless.toml` (white's rook overruns at once)
/// and `late.toml` (black's rook, so the first action is played before it overruns).
fn temp_games(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("interp-robust-overrun-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("endless.toml"), game_text(true)).unwrap();
    std::fs::write(dir.join("late.toml"), game_text(false)).unwrap();
    dir
}

/// Runs the binary in `dir` with `input` on stdin; checks it took under 10 s.
fn interp(dir: &Path, args: &[&str], input: &str) -> Output {
    let t0 = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(t0.elapsed() < Duration::from_secs(10), "{args:?} took {:?}", t0.elapsed());
    o
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// No panic, the overrun's message on stderr (or stdout for `test`), the exit status.
fn assert_overrun(args: &[&str], o: &Output, status: i32) {
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(!err.contains("panicked"), "{args:?} panicked:\n{err}");
    assert!(err.contains(OVERRUN) || out.contains(OVERRUN), "{args:?} must name the overrun:\n{out}\n{err}");
    assert!(err.contains("white's Rook") || err.contains("black's Rook") || out.contains("'s Rook"), "{err}{out}");
    assert_eq!(o.status.code(), Some(status), "{args:?}:\n{out}\n{err}");
}

#[test]
fn moves_show_and_perft_report_the_overrun_and_exit_2() {
    let dir = temp_games("query");
    for args in [
        &["moves", "endless.toml"][..],
        &["show", "endless.toml"],
        &["perft", "endless.toml", "--depth", "1"],
        &["perft", "endless.toml", "--depth", "3"],
        &["perft", "endless.toml", "--depth", "2", "--divide"],
        &["render", "endless.toml", "-o", "x.svg"],
    ] {
        let o = interp(&dir, args, "");
        if args[0] == "render" {
            // A picture needs no actions: it is drawn.
            assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
            continue;
        }
        assert_overrun(args, &o, 2);
        assert!(o.stdout.is_empty(), "{args:?} printed a partial answer:\n{}", text(&o.stdout));
    }
    // Black's rook: white's actions are listed; after one, black's overrun.
    assert_eq!(interp(&dir, &["moves", "late.toml"], "").status.code(), Some(0));
    assert_overrun(&["moves"], &interp(&dir, &["moves", "late.toml", "--moves", "h1-g1"], ""), 2);
}

#[test]
fn play_stops_with_the_message_and_keeps_the_autosave() {
    let dir = temp_games("play");
    let args = ["play", "late.toml", "--autosave", "late.autosave"];
    let o = interp(&dir, &args, "h1-g1\n");
    assert_overrun(&args, &o, 2);
    let saved = std::fs::read_to_string(dir.join("late.autosave")).expect("the autosave is kept");
    assert!(saved.ends_with("\n1. h1-g1 *\n"), "{saved}");
    for side in ["ai", "random"] {
        let args = ["play", "endless.toml", "--white", side, "--black", side, "--no-autosave"];
        assert_overrun(&args, &interp(&dir, &args, ""), 2);
    }
    let args = ["play", "late.toml", "--no-autosave", "--nodes", "1000"];
    assert_overrun(&args, &interp(&dir, &args, "hint\n"), 2);
}

#[test]
fn selfplay_stops_with_the_message() {
    let dir = temp_games("selfplay");
    for (game, side) in [("endless.toml", "ai"), ("late.toml", "random"), ("late.toml", "ai")] {
        let args = ["selfplay", game, "--games", "5", "--white", side, "--black", side, "--nodes", "1000"];
        let o = interp(&dir, &args, "");
        assert_overrun(&args, &o, 2);
        assert!(text(&o.stderr).contains("selfplay stopped in game 1"), "{}", text(&o.stderr));
        assert!(!text(&o.stdout).contains("white-wins"), "no summary of games that did not finish");
    }
}

#[test]
fn test_fails_the_case_and_snapshot_does_not_report() {
    let dir = temp_games("author");
    let o = interp(&dir, &["test", "endless.toml"], "");
    assert_overrun(&["test"], &o, 1);
    assert!(text(&o.stdout).contains("0 passed, 1 failed"), "{}", text(&o.stdout));
    let o = interp(&dir, &["snapshot", "endless.toml", "--dir", "snaps"], "");
    assert_overrun(&["snapshot"], &o, 1);
    assert!(text(&o.stderr).contains("cannot report"), "{}", text(&o.stderr));
    assert!(!dir.join("snaps").exists() || std::fs::read_dir(dir.join("snaps")).unwrap().next().is_none());
}

#[test]
fn diff_stops_exploring_and_says_why() {
    let dir = temp_games("diff");
    for (old, new) in [("endless.toml", "endless.toml"), ("late.toml", "endless.toml")] {
        let args = ["diff", old, new];
        let o = interp(&dir, &args, "");
        assert_overrun(&args, &o, 2);
        assert!(text(&o.stdout).contains("Stopped early: move generation stopped"), "{}", text(&o.stdout));
    }
}

#[test]
fn moves_past_a_threefold_repetition_say_the_game_ended_and_by_which_rule() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shuffle = "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1 f6-g8";
    let o = interp(root, &["moves", "games/chess.toml", "--moves", &format!("{shuffle} e2-e4")], "");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr).trim_end(),
        "--moves: the game ended before action 9 `e2-e4`: by the rule `draw if repetition(3)`"
    );
    // Up to the repetition the line is played; an illegal action keeps its message.
    assert_eq!(interp(root, &["show", "games/chess.toml", "--moves", shuffle], "").status.code(), Some(0));
    let o = interp(root, &["moves", "games/chess.toml", "--moves", "e2-e5"], "");
    assert_eq!(text(&o.stderr).trim_end(), "illegal action `e2-e5` at index 0 (0-based) of --moves");
}

/// The issue's Tâktykâ case: one added `*` (here `diag*` in its `diagonal` macro) made
/// `moves` run for over 30 s; it now stops at the budget and names the piece.
#[test]
fn one_added_star_in_a_shipped_game_stops_with_the_message() {
    let dir = temp_games("taktyka-star");
    let root = env!("CARGO_MANIFEST_DIR");
    let rules = std::fs::read_to_string(format!("{root}/games/taktyka.toml")).unwrap();
    let starred = rules.replace("define diagonal = diag [empty]", "define diagonal = diag* [empty]");
    assert_ne!(starred, rules, "the macro is where the test expects it");
    std::fs::write(dir.join("taktyka.toml"), starred).unwrap();
    let args = ["moves", "taktyka.toml", "--moves", "leader:e2 leader:e9 rolloff:white first:white"];
    let o = interp(&dir, &args, "");
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert!(!err.contains("panicked") && err.contains(OVERRUN) && err.contains("white's Stone"), "{err}");
    assert_eq!((o.status.code(), out.as_str()), (Some(2), ""), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
