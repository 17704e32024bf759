//! Hostile game files (issue 18): whatever a game file says, loading it gives located
//! errors in bounded time and memory, never a panic, a hang or a stack overflow.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A small valid game whose rules text ends with `RULES` (replaced by the test).
const GAME: &str = "[game]\nname = \"T\"\nplayers = [\"white\", \"black\"]\nrules = '''\n\
board square files a..h ranks 1..8\nRULES\n'''\n[pieces.K]\nname = \"King\"\n[setup.white]\nK = \"b2\"\n";

/// A fresh file path in the test's scratch directory.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("robust_load");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Writes `text` to `name` and loads it: the error text (empty when it loads) and the time.
fn load_text(name: &str, text: &str) -> (String, Duration) {
    let path = scratch(name);
    std::fs::write(&path, text).unwrap();
    load_path(&path)
}

fn load_path(path: &Path) -> (String, Duration) {
    let t = Instant::now();
    let r = interp::open(path.to_str().unwrap(), &[]);
    (r.err().map(|e| e.to_string()).unwrap_or_default(), t.elapsed())
}

/// GAME with `rules` in place of RULES.
fn with_rules(rules: &str) -> String {
    GAME.replace("RULES", rules)
}

#[test]
fn the_template_loads() {
    assert_eq!(load_text("ok.toml", &with_rules("piece K { move N }")).0, "");
}

#[test]
fn deep_nesting_is_a_located_error_in_patterns_conditions_and_expressions() {
    let n = 10_000;
    let deep = |open: &str, inner: &str, close: &str| format!("{}{inner}{}", open.repeat(n), close.repeat(n));
    let cases = [
        ("parens", format!("piece K {{ move {} }}", deep("(", "N", ")"))),
        ("slides", format!("piece K {{ move {} }}", deep("slide(", "N", ")"))),
        ("tests", format!("piece K {{ move {} }}", deep("[", "empty", "]"))),
        ("conditions", format!("piece K {{ move N }}\nend {{ loss if {} }}", deep("(", "x", ")"))),
        ("negations", format!("piece K {{ move N }}\nend {{ loss if {} }}", deep("!(", "x", ")"))),
        ("expressions", format!("piece K {{ move N{{{}}} }}", deep("(", "1", ")"))),
        ("counts", format!("piece K {{ move N }}\nend {{ loss if {} == 0 }}", deep("count(", "x", ")"))),
    ];
    for (name, rules) in cases {
        let (err, _) = load_text(&format!("deep-{name}.toml"), &with_rules(&rules));
        assert!(err.contains(": error: brackets nested too deeply (more than 64 levels)"), "{name}: {err}");
        let line = if name.starts_with('c') || name.starts_with('n') { 7 } else { 6 };
        assert!(err.contains(&format!("deep-{name}.toml:{line}:")), "{name}: located on its line: {err}");
        assert!(err.lines().all(|l| l.chars().count() < 200), "{name}: long lines are cut: {err}");
        assert_eq!(err.matches("error:").count(), 1, "{name}: nothing follows a fatal problem: {err}");
    }
}

#[test]
fn nesting_up_to_the_limit_still_parses() {
    let rules = format!("piece K {{ move {}N{} }}", "(".repeat(60), ")".repeat(60));
    assert_eq!(load_text("deep-ok.toml", &with_rules(&rules)).0, "");
}

#[test]
fn unclosed_brackets_fail_fast() {
    for (name, unit, times) in [("5k", "(", 5_000), ("50k", "(x == 1 & ", 5_000), ("50k-flat", "(x) & ", 8_000)] {
        let rules = format!("piece K {{ move N }}\nend {{ loss if {} }}", unit.repeat(times));
        let (err, took) = load_text(&format!("unclosed-{name}.toml"), &with_rules(&rules));
        assert!(err.contains("error:"), "{name}: {err}");
        assert!(took < Duration::from_millis(900), "{name}: took {took:?}");
    }
}

#[test]
fn rules_in_a_basic_string_are_located_at_their_raw_columns() {
    let text = "[game]\nname = \"T\"\nplayers = [\"white\", \"black\"]\nrules = \"board square files a..h \
                ranks 1..8\\n\\tpiece K { move N }\\n# caf\\u00e9 \\\"q\\\"\\npiece Q { move N zzz }\"\n\
                [pieces.K]\nname = \"King\"\n[pieces.Q]\nname = \"Queen\"\n[setup.white]\nK = \"b2\"\n";
    let (err, _) = load_text("basic-string.toml", text);
    let line = text.lines().nth(3).unwrap();
    let col = line.find("zzz").unwrap() + 1;
    assert!(err.contains(&format!("basic-string.toml:4:{col}: error: unknown direction `zzz`")), "{err}");
}

#[test]
fn a_span_inside_a_multibyte_character_does_not_panic() {
    // Every escape shortens the decoded text; spans then land inside the raw `é`s.
    let rules = "\\u00e9\\u00e9\\u00e9\\u00e9 ééééééé\\npiece K { move N zzz yyy xxx }";
    let text = with_rules("").replace("rules = '''\nboard square files a..h ranks 1..8\n\n'''", "");
    let text = text.replace(
        "players = [\"white\", \"black\"]\n",
        &format!("players = [\"white\", \"black\"]\nrules = \"board square files a..h ranks 1..8 # {rules}\"\n"),
    );
    let (err, _) = load_text("multibyte.toml", &text);
    assert!(err.contains("unknown direction `zzz`"), "{err}");
    // And spans anywhere in a file render without a panic.
    let src = interp::diag::Source { path: "x".into(), text: "aé€😀\nb".into(), base: 0, decoded: vec![] };
    for pos in 0..=src.text.len() + 2 {
        let d = interp::diag::Diag::new(
            interp::diag::SyntaxCode::Syntax,
            interp::diag::Span { start: pos, end: pos + 3 },
            "m",
            "h",
        );
        assert!(src.render(&d).starts_with("x:"));
    }
}

#[test]
fn huge_board_sizes_are_located_errors() {
    for (name, board) in [
        ("wrap", "ranks -5000000000000000000..5000000000000000000"),
        ("far", "ranks 9223372036854775800..9223372036854775807"),
        ("low", "ranks -9223372036854775808..-9223372036854775800"),
    ] {
        let text = with_rules("piece K { move N }").replace("ranks 1..8", board);
        let (err, took) = load_text(&format!("board-{name}.toml"), &text);
        assert!(err.contains(&format!("board-{name}.toml:5:1: error: bad board size")), "{name}: {err}");
        assert!(took < Duration::from_secs(1), "{name}: {took:?}");
    }
    let text = with_rules("piece K { move N }")
        .replace("ranks 1..8", &format!("ranks 1..8 {{ cell z at (1{}, 0) }}", "0".repeat(400)));
    let (err, _) = load_text("board-cell.toml", &text);
    assert!(err.contains("cell coordinates lie between"), "{err}");
}

/// Loads a game that extends `target`: the error.
fn extending(name: &str, target: &str) -> String {
    let text = GAME.replace("[game]\n", &format!("[game]\nextends = \"{target}\"\n"));
    let (err, took) = load_text(name, &text.replace("RULES", "piece K { move N }"));
    assert!(took < Duration::from_secs(2), "{name}: {took:?}");
    err
}

#[test]
fn extends_reads_only_small_regular_utf8_files() {
    let dir = scratch("a-directory");
    std::fs::create_dir_all(&dir).unwrap();
    let bad = scratch("not-utf8.toml");
    std::fs::write(&bad, b"[game]\nname = \"\xff\"\n").unwrap();
    for (name, target, says) in [
        ("ext-dir.toml", dir.to_str().unwrap(), "not a regular file (a directory)"),
        ("ext-zero.toml", "/dev/zero", "not a regular file"),
        ("ext-utf8.toml", bad.to_str().unwrap(), "not-utf8.toml:2:9: not UTF-8 text"),
    ] {
        let err = extending(name, target);
        assert!(err.contains(&format!("{name}:2:11: error: cannot extend `")), "{err}");
        assert!(err.contains(says), "{name}: {err}");
    }
    let fifo = scratch("a-fifo");
    std::fs::remove_file(&fifo).ok();
    let made = std::process::Command::new("mkfifo").arg(&fifo).output();
    if made.is_ok_and(|o| o.status.success()) {
        let err = extending("ext-fifo.toml", fifo.to_str().unwrap());
        assert!(err.contains("not a regular file (a FIFO, device or socket)"), "{err}");
    }
}

#[test]
fn the_game_file_itself_must_be_a_small_regular_utf8_file() {
    let bad = scratch("top-not-utf8.toml");
    std::fs::write(&bad, b"[game]\nname = \"ab\xfe\"\n").unwrap();
    let (err, _) = load_path(&bad);
    assert!(err.ends_with("top-not-utf8.toml:2:11: not UTF-8 text (the first bad byte is here)"), "{err}");
    let (err, _) = load_path(Path::new("/dev/zero"));
    assert!(err.contains("/dev/zero: not a regular file"), "{err}");
    let (err, _) = load_path(&scratch(""));
    assert!(err.contains("not a regular file (a directory)"), "{err}");
}

#[test]
fn option_errors_name_the_flag_not_a_file_position() {
    let path = scratch("options.toml");
    std::fs::write(&path, with_rules("piece K { move N }") + "[options]\npick = 0\n").unwrap();
    let err = |o: &str| interp::open(path.to_str().unwrap(), &[o.to_string()]).err().unwrap().to_string();
    let e = err("nosuch");
    assert_eq!(e, "error: --option nosuch: the game has no option `nosuch`\n  = hint: options: pick");
    let e = err("pick=maybe");
    assert!(e.starts_with("error: --option pick=maybe: bad value for option `pick`"), "{e}");
    assert!(!e.contains("options.toml"), "{e}");
}

#[test]
fn game_file_numbers_are_range_checked_where_they_are_written() {
    let base = with_rules("piece K { move N }\nRULE2");
    let cases = [
        ("reserve-neg", "[reserve.white]\nK = -1\n", "", "a reserve count must be between 0 and 1000, found -1"),
        (
            "reserve-huge",
            "[reserve.white]\nK = 9223372036854775807\n",
            "",
            "a reserve count must be between 0 and 1000",
        ),
        ("value", "", "", ""),
        ("option", "[options]\nx = 99999999999\n", "", "an option's value must be between -1000000 and 1000000"),
        ("rep0", "", "end { draw if repetition(0) }", "`repetition(0)`: a position repeats 1 to 255 times"),
        ("rep-huge", "", "end { draw if repetition(99999999999) }", "`repetition(99999999999)`"),
        ("counter", "", "counter c = 9223372036854775807", "counter `c` starts at 9223372036854775807"),
        ("clock", "", "clock c per-player = -9223372036854775808", "a counter starts between"),
    ];
    for (name, toml, rules, says) in cases {
        let text = base.replace("RULE2", rules) + toml;
        let text =
            if name == "value" { text.replace("name = \"King\"", "name = \"King\"\nvalue = 5000000000") } else { text };
        let says = if name == "value" { "a piece's value must be between -1000000 and 1000000" } else { says };
        let (err, _) = load_text(&format!("num-{name}.toml"), &text);
        assert!(err.contains(says), "{name}: {err}");
        assert!(err.contains(&format!("num-{name}.toml:")), "{name}: located: {err}");
    }
    for (key, v) in [("max", "256"), ("advance", "-1001")] {
        let text = base.replace("RULE2", "").replace("name = \"King\"", &format!("name = \"King\"\n{key} = {v}"));
        let (err, _) = load_text(&format!("num-{key}.toml"), &text);
        assert!(
            err.contains(&format!("num-{key}.toml:11:{}:", key.len() + 4)) && err.contains(&format!("found {v}")),
            "{key}: {err}"
        );
    }
    let path = scratch("num-flag.toml");
    std::fs::write(&path, base.replace("RULE2", "") + "[options]\nx = 1\n").unwrap();
    let e = interp::open(path.to_str().unwrap(), &["x=99999999999".to_string()]).err().unwrap().to_string();
    assert!(e.starts_with("error: --option x=99999999999: bad value for option `x`"), "{e}");
}

#[test]
fn long_flat_lists_and_runs_neither_overflow_nor_blow_up() {
    let n = 100_000;
    let cases = [
        ("sum", format!("piece K {{ move N{{1{}}} }}", "+1".repeat(n)), "expression too long (more than 64 terms)"),
        ("nots", format!("piece K {{ move N }}\nend {{ loss if {}x }}", "!".repeat(n)), "unknown condition `x`"),
        ("ands", format!("piece K {{ move N }}\nend {{ loss if x{} }}", " & x".repeat(n)), "too many parts"),
        ("alts", format!("piece K {{ move N{} }}", " | N".repeat(n)), "too many parts in one pattern"),
        ("steps", format!("piece K {{ move N{} }}", " N".repeat(n)), "too many parts in one pattern"),
    ];
    for (name, rules, says) in cases {
        let (err, took) = load_text(&format!("long-{name}.toml"), &with_rules(&rules));
        let head: String = err.chars().take(400).collect();
        assert!(err.contains(says), "{name}: {head}");
        assert!(took < Duration::from_secs(3), "{name}: took {took:?}");
    }
    // Up to the limits they load.
    let rules = format!("piece K {{ move N{{1{}}} }}\nend {{ loss if !!!!!check }}", "+0".repeat(60));
    assert_eq!(load_text("long-ok.toml", &with_rules(&rules)).0, "");
}

#[test]
fn problems_per_file_are_capped() {
    let rules = format!(
        "piece K {{ move N }}\nend {{ loss if x{} }}",
        (0..900).map(|i| format!(" & x{i}")).collect::<String>()
    );
    let (err, took) = load_text("many-problems.toml", &with_rules(&rules));
    assert!(err.ends_with("200 problems found"), "{}", &err[err.len().saturating_sub(200)..]);
    assert!(took < Duration::from_secs(2), "{took:?}");
}

/// Piece counts are bytes: the setup and the reserves together hold at most MAX_PIECES.
#[test]
fn the_setup_and_reserves_hold_at_most_max_pieces() {
    let max = interp::ir::limits::MAX_PIECES;
    let base = with_rules("piece K { move N }");
    let fits = base.clone() + &format!("[reserve.white]\nK = {}\n", max - 10);
    assert_eq!(load_text("pieces-fit.toml", &fits).0, "");
    let text = base + "[reserve.white]\nK = 200\n[reserve.black]\nK = 200\n";
    let (err, _) = load_text("pieces-over.toml", &text);
    assert!(err.contains("pieces-over.toml:") && err.contains(&format!("at most {max} fit")), "{err}");
}
