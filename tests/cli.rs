//! The command-line contract that outside scripts rely on (the README states it), driven
//! through the binary.

use std::process::{Command, Output};

const CHESS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.toml");
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn interp(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run interp");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "interp {args:?} panicked:\n{stderr}");
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

fn ok(args: &[&str]) -> String {
    let o = interp(args);
    assert_eq!(o.status.code(), Some(0), "interp {args:?}\nstderr:\n{}", stderr(&o));
    stdout(&o)
}

fn lines(s: &str) -> Vec<&str> {
    s.lines().collect()
}

fn assert_sorted(v: &[&str]) {
    let mut s = v.to_vec();
    s.sort();
    assert_eq!(v, &s[..], "not sorted by byte order");
}

// ---- moves -------------------------------------------------------------------------------

#[test]
fn moves_at_the_start_one_per_line_sorted() {
    let out = ok(&["moves", CHESS]);
    assert!(out.ends_with('\n'));
    let l = lines(&out);
    assert_eq!(
        l,
        [
            "a2-a3", "a2-a4", "b1-a3", "b1-c3", "b2-b3", "b2-b4", "c2-c3", "c2-c4", "d2-d3", "d2-d4", "e2-e3", "e2-e4",
            "f2-f3", "f2-f4", "g1-f3", "g1-h3", "g2-g3", "g2-g4", "h2-h3", "h2-h4"
        ]
    );
}

#[test]
fn moves_after_actions_and_from_fen_are_sorted() {
    let out = ok(&["moves", CHESS, "--moves", "e2-e4 e7-e5 g1-f3"]);
    let l = lines(&out);
    assert_eq!(l.len(), 29);
    assert_sorted(&l);
    assert!(l.iter().all(|a| a.len() == 5 && a.as_bytes()[2] == b'-'), "{l:?}");

    let out = ok(&["moves", CHESS, "--fen", KIWIPETE]);
    let l = lines(&out);
    assert_eq!(l.len(), 48);
    assert_sorted(&l);
    assert!(l.contains(&"e1-g1") && l.contains(&"e1-c1"));

    let out = ok(&["moves", CHESS, "--fen", "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"]);
    let l = lines(&out);
    assert_sorted(&l);
    assert!(l.contains(&"a7-b8=N") && l.contains(&"a7-a8=Q"));
}

#[test]
fn moves_at_a_finished_game_prints_nothing() {
    let o = interp(&["moves", CHESS, "--moves", "f2-f3 e7-e5 g2-g4 d8-h4"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), "");
}

// ---- illegal actions -----------------------------------------------------------------------

#[test]
fn illegal_action_exit_2_names_action_and_index() {
    for cmd in ["moves", "show", "perft"] {
        let mut args = vec![cmd, CHESS, "--moves", "e2-e4 e7-e5 e1-e3 d2-d4"];
        if cmd == "perft" {
            args.extend(["--depth", "1"]);
        }
        let o = interp(&args);
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert_eq!(stdout(&o), "", "{cmd}: nothing on stdout");
        let e = stderr(&o);
        assert!(e.contains("e1-e3"), "{cmd}: {e}");
        assert!(e.contains('2'), "{cmd}: index 2 missing: {e}");
        assert!(!e.contains("index 0") && !e.contains("index 1 "), "{e}");
    }
}

#[test]
fn malformed_action_exit_2() {
    for (moves, bad, index) in [
        ("zz", "zz", "0"),
        ("e2-e4 e7-e5 e2-e4", "e2-e4", "2"),
        ("e2-e4 e7-e5 g1-f3 b8-c6 e4-e5=Q", "e4-e5=Q", "4"),
        ("e2-e4 e7-e5 e1-g1", "e1-g1", "2"),
    ] {
        let o = interp(&["moves", CHESS, "--moves", moves]);
        assert_eq!(o.status.code(), Some(2), "{moves}");
        assert_eq!(stdout(&o), "");
        let e = stderr(&o);
        assert!(e.contains(&format!("`{bad}`")) && e.contains(&format!("index {index}")), "{e}");
    }
}

#[test]
fn illegal_action_after_fen() {
    // No castling right (`-`): the rook on h8 counts as moved.
    let o = interp(&["moves", CHESS, "--fen", "4k2r/8/8/8/8/8/8/4K3 b - - 0 1", "--moves", "e8-g8"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("e8-g8"));
}

#[test]
fn bad_fen_is_an_error_not_a_crash() {
    for f in ["", "8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"] {
        let o = interp(&["moves", CHESS, "--fen", f]);
        assert!(matches!(o.status.code(), Some(1) | Some(2)), "{f}: {:?}", o.status);
        assert_eq!(stdout(&o), "");
        assert!(!stderr(&o).is_empty());
    }
}

#[test]
fn missing_game_file_exit_1() {
    let o = interp(&["moves", "no/such/game.toml"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("no/such/game.toml"));
}

// ---- perft -------------------------------------------------------------------------------

#[test]
fn perft_last_line_is_the_count_alone() {
    for (d, n) in [("0", "1"), ("1", "20"), ("2", "400"), ("3", "8902")] {
        let out = ok(&["perft", CHESS, "--depth", d]);
        assert_eq!(out.lines().last(), Some(n), "depth {d}: {out}");
    }
    let out = ok(&["perft", CHESS, "--depth", "2", "--fen", KIWIPETE]);
    assert_eq!(out.lines().last(), Some("2039"));
    let out = ok(&["perft", CHESS, "--depth", "2", "--moves", "e2-e4 e7-e5"]);
    assert_eq!(out.lines().last(), Some("835"));
}

#[test]
fn perft_divide() {
    let out = ok(&["perft", CHESS, "--depth", "3", "--divide"]);
    let l = lines(&out);
    assert_eq!(l.len(), 21);
    let rows = &l[..20];
    assert_sorted(rows);
    let mut sum = 0u64;
    for r in rows {
        let (a, n) = r.split_once(' ').expect("ACTION COUNT");
        assert!(!a.is_empty() && !n.contains(' '), "{r}");
        sum += n.parse::<u64>().expect("a count");
    }
    assert_eq!(l[20], "8902");
    assert_eq!(sum, 8902);
    // per-action counts from an independent generator (python-chess)
    let want = "a2-a3 380\na2-a4 420\nb1-a3 400\nb1-c3 440\nb2-b3 420\nb2-b4 421\nc2-c3 420\n\
                c2-c4 441\nd2-d3 539\nd2-d4 560\ne2-e3 599\ne2-e4 600\nf2-f3 380\nf2-f4 401\n\
                g1-f3 440\ng1-h3 400\ng2-g3 420\ng2-g4 421\nh2-h3 380\nh2-h4 420\n8902\n";
    assert_eq!(out, want);
}

#[test]
fn perft_divide_with_fen_and_moves() {
    let out = ok(&["perft", CHESS, "--depth", "1", "--divide", "--fen", KIWIPETE]);
    let l = lines(&out);
    assert_eq!(l.len(), 49);
    assert!(l[..48].iter().all(|r| r.ends_with(" 1")));
    assert_sorted(&l[..48]);
    assert_eq!(l[48], "48");

    let out = ok(&["perft", CHESS, "--depth", "2", "--divide", "--moves", "e2-e4"]);
    let l = lines(&out);
    assert_eq!(l.len(), 21);
    assert_eq!(*l.last().unwrap(), "600");
}

#[test]
fn perft_timing_goes_to_stderr() {
    let o = interp(&["perft", CHESS, "--depth", "2"]);
    assert_eq!(stdout(&o), "400\n");
}

// ---- show and check ------------------------------------------------------------------------

#[test]
fn show_contains_diagram_fen_and_side() {
    let out = ok(&["show", CHESS]);
    assert!(out.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "{out}");
    assert!(out.contains("to move: white"), "{out}");
    assert!(out.contains(" 1  R  N  B  Q  K  B  N  R  1"), "{out}");
    assert!(out.starts_with("    a  b  c  d  e  f  g  h\n"), "{out}");

    let out = ok(&["show", CHESS, "--moves", "e2-e4"]);
    assert!(out.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"), "{out}");
    assert!(out.contains("to move: black"), "{out}");

    let out = ok(&["show", CHESS, "--fen", KIWIPETE]);
    assert!(out.contains(KIWIPETE), "{out}");
}

#[test]
fn show_reports_results() {
    let out = ok(&["show", CHESS, "--moves", "f2-f3 e7-e5 g2-g4 d8-h4"]);
    assert!(out.contains("result: black wins"), "{out}");
    let out = ok(&["show", CHESS, "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"]);
    assert!(out.contains("result: draw"), "{out}");
    let trip = "a1-a2 e8-d8 a2-a1 d8-e8";
    let out = ok(&["show", CHESS, "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "--moves", &format!("{trip} {trip}")]);
    assert!(out.contains("result: draw"), "threefold repetition: {out}");
    let out = ok(&["show", CHESS, "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "--moves", "a1-a2"]);
    assert!(out.contains("result: draw"), "50-move rule: {out}");
}

#[test]
fn check_accepts_chess() {
    let out = ok(&["check", CHESS]);
    assert!(out.contains("ok"), "{out}");
}
