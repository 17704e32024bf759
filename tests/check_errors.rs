//! `interp check` on broken game files (tests/fixtures/, each a copy of games/chess.toml with
//! one or two things broken): every problem as `FILE:LINE:COL: error: ...` with a hint,
//! exit status 1, never a panic. Plus a mutation fuzz over chess.toml's text.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn check(path: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_interp")).arg("check").arg(path).output().expect("run interp check")
}

/// Runs `interp check` on a fixture; returns its stderr with the fixture's absolute directory
/// replaced by `tests/fixtures`.
fn check_fixture(name: &str) -> String {
    let dir = manifest().join("tests/fixtures");
    let o = check(&dir.join(name));
    let stderr = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(!stderr.contains("panicked"), "{name} panicked:\n{stderr}");
    assert_eq!(o.status.code(), Some(1), "{name}: exit status\n{stderr}");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "", "{name}: nothing on stdout");
    stderr.replace(&format!("{}/", dir.display()), "tests/fixtures/")
}

/// The `FILE:LINE:COL: error: MESSAGE` lines of a report.
fn errors(report: &str) -> Vec<&str> {
    report.lines().filter(|l| l.contains(": error: ")).collect()
}

/// Checks the report's errors: each `(LINE:COL, part of the message)` in order, each followed
/// by its source line, caret and hint.
fn expect(name: &str, report: &str, want: &[(&str, &str)]) {
    let errs = errors(report);
    assert_eq!(errs.len(), want.len(), "{name}: number of errors in\n{report}");
    for (e, (at, msg)) in errs.iter().zip(want) {
        let prefix = format!("tests/fixtures/{name}:{at}: error: ");
        assert!(e.starts_with(&prefix), "{name}: expected `{prefix}...`, got `{e}`");
        assert!(e.contains(msg), "{name}: `{e}` should mention `{msg}`");
    }
    assert_eq!(report.matches("= hint: ").count(), want.len(), "{name}: one hint per error\n{report}");
    for block in report.split("\ntests/fixtures/") {
        assert!(block.contains("  | ") && block.contains('^'), "{name}: source line and caret\n{block}");
    }
    if want.len() > 1 {
        assert!(report.trim_end().ends_with(&format!("{} problems found", want.len())), "{report}");
    }
}

fn snapshot(name: &str, report: &str) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!(name, report);
    });
}

#[test]
fn the_unbroken_chess_file_is_valid() {
    // The fixtures are copies of this file with one or two things broken.
    let o = check(&manifest().join("games/chess.toml"));
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn dsl_syntax_error() {
    let r = check_fixture("syntax_error.toml");
    expect("syntax_error.toml", &r, &[("39:28", "syntax error")]);
    snapshot("syntax_error", &r);
}

#[test]
fn unknown_direction_in_a_pattern() {
    let r = check_fixture("unknown_direction.toml");
    assert!(
        errors(&r)
            .iter()
            .all(|e| e.starts_with("tests/fixtures/unknown_direction.toml:43:8: error: unknown direction `NNE`")),
        "{r}"
    );
    assert!(r.contains("hint: "));
}

#[test]
fn unknown_direction_in_a_pattern_reported_once() {
    let r = check_fixture("unknown_direction.toml");
    expect("unknown_direction.toml", &r, &[("43:8", "unknown direction `NNE`")]);
    snapshot("unknown_direction", &r);
}

#[test]
fn unknown_piece_in_the_setup() {
    let r = check_fixture("unknown_piece_setup.toml");
    expect("unknown_piece_setup.toml", &r, &[("88:1", "unknown piece `Z`")]);
    snapshot("unknown_piece_setup", &r);
}

#[test]
fn unknown_cell_in_the_setup() {
    let r = check_fixture("unknown_cell_setup.toml");
    expect("unknown_cell_setup.toml", &r, &[("90:9", "unknown cell `f9`")]);
    snapshot("unknown_cell_setup", &r);
}

#[test]
fn bad_toml_type() {
    let r = check_fixture("bad_toml_type.toml");
    expect("bad_toml_type.toml", &r, &[("68:9", "expected an integer, found string")]);
    snapshot("bad_toml_type", &r);
}

#[test]
fn invalid_toml_syntax() {
    let r = check_fixture("invalid_toml.toml");
    expect("invalid_toml.toml", &r, &[("66:10", "invalid TOML")]);
    snapshot("invalid_toml", &r);
}

#[test]
fn unknown_zone_in_promote() {
    let r = check_fixture("unknown_zone_promote.toml");
    assert!(
        errors(&r)
            .iter()
            .all(|e| e.starts_with("tests/fixtures/unknown_zone_promote.toml:47:14: error: unknown zone `eighth`")),
        "{r}"
    );
    assert!(r.contains("hint: declared zones: last, second"), "{r}");
}

#[test]
fn unknown_zone_in_promote_reported_once() {
    let r = check_fixture("unknown_zone_promote.toml");
    expect("unknown_zone_promote.toml", &r, &[("47:14", "unknown zone `eighth`")]);
    snapshot("unknown_zone_promote", &r);
}

#[test]
fn two_problems_both_reported() {
    // An unknown direction in a pattern and an unknown piece in the setup.
    let r = check_fixture("two_problems.toml");
    let errs = errors(&r);
    assert!(
        errs.iter().any(|e| e.starts_with("tests/fixtures/two_problems.toml:43:8: error: unknown direction `NNE`")),
        "{r}"
    );
    assert!(
        errs.iter().any(|e| e.starts_with("tests/fixtures/two_problems.toml:88:1: error: unknown piece `Z`")),
        "{r}"
    );
    assert!(r.trim_end().ends_with("problems found"), "{r}");
}

#[test]
fn two_problems_reported_exactly() {
    let r = check_fixture("two_problems.toml");
    expect("two_problems.toml", &r, &[("43:8", "unknown direction `NNE`"), ("88:1", "unknown piece `Z`")]);
    snapshot("two_problems", &r);
}

#[test]
fn two_problems_while_loading_both_reported() {
    // A TOML type error and a syntax error in the rules text: both found while loading.
    // (Reported in the order found, not by line.)
    let r = check_fixture("two_problems_load.toml");
    expect("two_problems_load.toml", &r, &[("68:9", "expected an integer, found string"), ("39:28", "syntax error")]);
    snapshot("two_problems_load", &r);
}

#[test]
fn type_error_and_unknown_zone_both_reported() {
    let r = check_fixture("type_error_and_unknown_zone.toml");
    expect(
        "type_error_and_unknown_zone.toml",
        &r,
        &[("68:9", "expected an integer, found string"), ("47:14", "unknown zone `eighth`")],
    );
}

/// Runs `check` on a fixture whatever happens (signals included): (exit code, stderr).
fn check_raw(name: &str) -> (Option<i32>, String) {
    let o = check(&manifest().join("tests/fixtures").join(name));
    (o.status.code(), String::from_utf8_lossy(&o.stderr).to_string())
}

#[test]
fn recursive_define_is_reported() {
    let (code, err) = check_raw("recursive_define.toml");
    assert_eq!(code, Some(1), "{err}");
    let r = check_fixture("recursive_define.toml");
    assert!(errors(&r)[0].starts_with("tests/fixtures/recursive_define.toml:"), "{r}");
    assert!(r.contains("hint: "), "{r}");
}

#[test]
fn mutually_recursive_defines_are_reported() {
    let (code, err) = check_raw("mutual_define.toml");
    assert_eq!(code, Some(1), "{err}");
    let r = check_fixture("mutual_define.toml");
    assert!(errors(&r)[0].starts_with("tests/fixtures/mutual_define.toml:"), "{r}");
}

#[test]
fn missing_board_is_reported() {
    let r = check_fixture("no_board.toml");
    assert_eq!(errors(&r).len(), 1, "{r}");
    assert!(errors(&r)[0].contains("error: the game has no board"), "{r}");
    assert!(r.contains("hint: add `board square"), "{r}");
}

#[test]
fn missing_board_is_located_in_the_game_file() {
    let r = check_fixture("no_board.toml");
    assert!(errors(&r)[0].starts_with("tests/fixtures/no_board.toml:"), "{r}");
}

#[test]
fn missing_file_is_an_error() {
    let o = check(&manifest().join("tests/fixtures/does-not-exist.toml"));
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("does-not-exist.toml"));
}

// ---- mutation fuzz -------------------------------------------------------------------------

struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Bytes worth inserting: the DSL's and TOML's punctuation, digits, letters, whitespace, and
/// one byte that is not UTF-8.
const BYTES: &[u8] = b"[]{}()<>\"'=#@|&!*+?.,:;-_/\\ \n\t0123456789aAzZKNQRBPENSW\xff";

/// Runs the binary with a time limit; returns the exit code (None for a signal) or panics on
/// a timeout.
fn run_limited(args: &[&str], limit: Duration) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn interp");
    let t0 = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            let mut err = String::new();
            use std::io::Read;
            child.stderr.take().unwrap().read_to_string(&mut err).ok();
            return (status.code(), err);
        }
        if t0.elapsed() > limit {
            child.kill().ok();
            child.wait().ok();
            return (Some(-1), format!("timed out after {limit:?}"));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// One mutation of the text: (new text, description).
fn mutate(text: &[u8], rng: &mut Lcg) -> (Vec<u8>, String) {
    let mut t = text.to_vec();
    let pos = rng.below(t.len());
    let line_start = t[..pos].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line_end = t[pos..].iter().position(|&b| b == b'\n').map_or(t.len(), |i| pos + i + 1);
    let what = match rng.below(6) {
        0 | 1 => {
            t.remove(pos);
            format!("delete byte {pos}")
        }
        2 => {
            let b = BYTES[rng.below(BYTES.len())];
            t.insert(pos, b);
            format!("insert {:?} at {pos}", b as char)
        }
        3 => {
            let b = BYTES[rng.below(BYTES.len())];
            t[pos] = b;
            format!("replace byte {pos} with {:?}", b as char)
        }
        4 => {
            t.drain(line_start..line_end);
            format!("delete the line at byte {pos}")
        }
        _ => {
            let line = t[line_start..line_end].to_vec();
            t.splice(line_start..line_start, line);
            format!("duplicate the line at byte {pos}")
        }
    };
    (t, what)
}

#[test]
fn mutated_chess_files_never_crash() {
    // `check` exits 0 or 1 with a message, never panics or hangs; when a mutant is valid,
    // `perft --depth 2` on it must not crash either.
    let original = std::fs::read(manifest().join("games/chess.toml")).unwrap();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check_fuzz");
    std::fs::create_dir_all(&dir).unwrap();
    const CASES: usize = 600;
    let mut rng = Lcg(0x5eed);
    let mut cases = vec![];
    for i in 0..CASES {
        let (text, what) = mutate(&original, &mut rng);
        let path = dir.join(format!("case{i:03}.toml"));
        std::fs::write(&path, &text).unwrap();
        cases.push((path, what));
    }
    let failures = std::sync::Mutex::new(vec![]);
    let counts = std::sync::Mutex::new([0usize; 2]);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let limit = Duration::from_secs(60);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let Some((path, what)) = cases.get(i) else { break };
                    let p = path.to_str().unwrap();
                    let (code, err) = run_limited(&["check", p], limit);
                    let fail = |msg: String| failures.lock().unwrap().push(msg);
                    match code {
                        Some(c @ (0 | 1)) if !err.contains("panicked") => {
                            counts.lock().unwrap()[c as usize] += 1;
                            if c == 1 && err.trim().is_empty() {
                                fail(format!("{p} ({what}): exit 1 without a message"));
                            }
                            if c == 0 {
                                let (code, err) = run_limited(&["perft", p, "--depth", "2"], limit);
                                if code != Some(0) || err.contains("panicked") {
                                    fail(format!("{p} ({what}): check ok but perft exits {code:?}\n{}", tail(&err)));
                                }
                            }
                        }
                        _ => fail(format!("{p} ({what}): check exits {code:?}\n{}", tail(&err))),
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let [valid, invalid] = counts.into_inner().unwrap();
    assert!(failures.is_empty(), "{} of {CASES} mutants crashed interp:\n{}", failures.len(), failures.join("\n\n"));
    // Sanity: the mutations exercise both outcomes.
    assert!(valid > 10 && invalid > 10, "valid {valid}, invalid {invalid}");
}

fn tail(err: &str) -> String {
    err.lines().take(8).collect::<Vec<_>>().join("\n")
}
