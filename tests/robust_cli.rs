//! Issue 18 on the command line: numeric flags are typed ranges named in their errors, a
//! closed output pipe ends a command quietly, `play` takes any bytes as input and keeps an
//! autosave it offers to resume, saved records are written atomically and refuse to load
//! when cut short, `save` and `render -o` never write over the game file (nor an existing
//! file without `--force`), and `--load` reads only small regular files.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const CHESS: &str = "games/chess.toml";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `interp ARGS` in the repository with `input` (any bytes) on stdin.
fn interp(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("interp runs");
    // A command that stops before reading its input closes the pipe: that is no failure.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh, empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("interp-robust-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn numeric_flags_outside_their_range_are_refused_by_name() {
    let huge = "18446744073709551615";
    let cases: &[(&[&str], &str)] = &[
        (&["perft", CHESS, "--depth", huge], "--depth"),
        (&["perft", CHESS, "--depth", "1000000000"], "--depth"),
        (&["perft", CHESS, "--depth", "100000"], "--depth"),
        (&["perft", CHESS, "--depth", "65"], "--depth"),
        (&["perft", CHESS, "--depth=-1"], "--depth"),
        (&["selfplay", CHESS, "--games", huge], "--games"),
        (&["selfplay", CHESS, "--games", "0"], "--games"),
        (&["selfplay", CHESS, "--max-plies", huge], "--max-plies"),
        (&["selfplay", CHESS, "--max-plies", "0"], "--max-plies"),
        (&["selfplay", CHESS, "--think", huge], "--think"),
        (&["selfplay", CHESS, "--nodes", huge], "--nodes"),
        (&["selfplay", CHESS, "--nodes", "0"], "--nodes"),
        (&["play", CHESS, "--think", huge], "--think"),
        (&["play", CHESS, "--think", "0"], "--think"),
        (&["play", CHESS, "--nodes", huge], "--nodes"),
        (&["diff", CHESS, CHESS, "--depth", huge], "--depth"),
        (&["diff", CHESS, CHESS, "--games", huge], "--games"),
        (&["diff", CHESS, CHESS, "--ai-games", huge], "--ai-games"),
        (&["diff", CHESS, CHESS, "--plies", "0"], "--plies"),
        (&["diff", CHESS, CHESS, "--positions", "0"], "--positions"),
        (&["diff", CHESS, CHESS, "--time", "1e300"], "--time"),
        (&["diff", CHESS, CHESS, "--time", "inf"], "--time"),
        (&["diff", CHESS, CHESS, "--time", "NaN"], "--time"),
        (&["diff", CHESS, CHESS, "--time=-1"], "--time"),
    ];
    for (args, flag) in cases {
        let o = interp(args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert!(err(&o).contains(flag), "{args:?} must name {flag}: {}", err(&o));
        assert!(!err(&o).contains("panicked"), "{args:?}: {}", err(&o));
    }
    // The ends of the ranges are accepted.
    let o = interp(&["perft", CHESS, "--depth", "0"], b"");
    assert_eq!(out(&o).trim(), "1", "{}", err(&o));
    let o = interp(&["selfplay", CHESS, "--games", "1", "--max-plies", "1", "--nodes", "1", "--white", "random"], b"");
    assert!(o.status.success(), "{}", err(&o));
}

/// Whether a process ended by itself or by SIGPIPE (the convention for a closed pipe).
fn quiet_end(o: &Output) -> bool {
    #[cfg(unix)]
    if std::os::unix::process::ExitStatusExt::signal(&o.status) == Some(13) {
        return true;
    }
    o.status.code().is_some()
}

#[test]
fn a_closed_output_pipe_ends_every_command_quietly() {
    let commands: &[&[&str]] = &[
        &["moves", CHESS],
        &["show", CHESS],
        &["perft", CHESS, "--depth", "2", "--divide"],
        &["check", CHESS, "--dump"],
        &["explain"],
        &["play", CHESS],
        &["selfplay", CHESS, "--games", "2", "--nodes", "1", "--max-plies", "4"],
    ];
    // Many lines of input make `play` write far more than a pipe holds.
    let input = "moves\nshow\n".repeat(5000);
    for args in commands {
        let mut child = Command::new(env!("CARGO_BIN_EXE_interp"))
            .args(*args)
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let feeder = std::thread::spawn({
            let input = input.clone();
            move || {
                let _ = stdin.write_all(input.as_bytes());
            }
        });
        // Like `| head -1`: read one line, then close the pipe.
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        reader.read_line(&mut first).unwrap();
        drop(reader);
        let o = child.wait_with_output().unwrap();
        feeder.join().unwrap();
        assert!(!err(&o).contains("panicked"), "{args:?}: {}", err(&o));
        assert!(quiet_end(&o), "{args:?}: {:?}", o.status);
    }
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_game_goes_on() {
    let o = interp(&["play", CHESS], b"e2-e4\n\xff\xfe bad\ne7-e5\n");
    let text = out(&o);
    assert!(o.status.success(), "{}", err(&o));
    assert!(text.contains("not UTF-8 text; type an action or `help`"), "{text}");
    // e7-e5 was still played after the bad line: white is asked again, then input ends.
    let after = text.split("not UTF-8 text").nth(1).unwrap();
    assert!(after.contains("white to move"), "{text}");
    assert!(after.contains("end of input: game left unfinished"), "{text}");
}

/// The actions of a record file, through the library.
fn actions_of(record: &Path) -> Vec<String> {
    let g = interp::open(root().join(CHESS).to_str().unwrap(), &[]).unwrap();
    let (_, _, moves, _) =
        interp::record::load_record(&g, root().join(CHESS).to_str().unwrap(), record.to_str().unwrap())
            .unwrap_or_else(|e| panic!("{} must load: {e}", record.display()));
    moves
}

#[test]
fn the_autosave_is_kept_after_every_action_and_offered_again() {
    let dir = temp_dir("autosave");
    let auto = dir.join("chess.autosave");
    let a = auto.to_str().unwrap();
    let o = interp(&["play", CHESS, "--autosave", a], b"e2-e4\ne7-e5\ng1-f3\nundo\n");
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains(&format!("autosaved 2 actions to {a}")), "{}", out(&o));
    assert_eq!(actions_of(&auto), ["e2-e4", "e7-e5"]);

    // Offered on the next start; an empty answer (the default) resumes.
    let o = interp(&["play", CHESS, "--autosave", a], b"\ng1-f3\n");
    let text = out(&o);
    assert!(text.contains("an unfinished game was autosaved after 2 actions"), "{text}");
    assert!(text.contains("resume it? [Y/n]"), "{text}");
    assert_eq!(actions_of(&auto), ["e2-e4", "e7-e5", "g1-f3"]);

    // `--resume` resumes without asking; `--no-resume` starts anew without asking.
    let o = interp(&["play", CHESS, "--autosave", a, "--resume"], b"b8-c6\n");
    assert!(!out(&o).contains("resume it?"), "{}", out(&o));
    assert_eq!(actions_of(&auto), ["e2-e4", "e7-e5", "g1-f3", "b8-c6"]);
    let o = interp(&["play", CHESS, "--autosave", a, "--no-resume"], b"d2-d4\n");
    assert!(!out(&o).contains("resume it?"), "{}", out(&o));
    assert_eq!(actions_of(&auto), ["d2-d4"]);

    // Answering no starts anew too.
    let o = interp(&["play", CHESS, "--autosave", a], b"n\ne2-e3\n");
    assert!(out(&o).contains("resume it?"), "{}", out(&o));
    assert_eq!(actions_of(&auto), ["e2-e3"]);

    // A game that ends with a result removes its autosave.
    let o = interp(&["play", CHESS, "--autosave", a, "--resume"], b"resign\n");
    assert!(out(&o).contains("resigns"), "{}", out(&o));
    assert!(!auto.exists(), "the autosave of a finished game is removed");
    let o = interp(&["play", CHESS, "--autosave", a, "--resume"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("--resume: no game was autosaved"), "{}", err(&o));

    // The autosave is never the game file.
    let o = interp(&["play", CHESS, "--autosave", CHESS], b"e2-e4\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("that is the game file"), "{}", err(&o));
    assert!(interp::open(root().join(CHESS).to_str().unwrap(), &[]).is_ok());

    // Without a terminal or --autosave, nothing is written to the current directory.
    let o = interp(&["play", CHESS], b"e2-e4\n");
    assert!(o.status.success());
    assert!(!root().join("chess.autosave").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn save_and_render_never_overwrite_the_game_file_or_an_existing_file_without_force() {
    let dir = temp_dir("overwrite");
    let game = dir.join("g.toml");
    std::fs::copy(root().join(CHESS), &game).unwrap();
    let original = std::fs::read(&game).unwrap();
    let g = game.to_str().unwrap();
    let save = dir.join("s.save");
    let s = save.to_str().unwrap();
    std::fs::write(&save, "keep me\n").unwrap();

    let input = format!("e2-e4\nsave {s}\nsave! {g}\nsave {g} --force\nsave {}/./g.toml --force\n", dir.display());
    let text = out(&interp(&["play", g], input.as_bytes()));
    assert!(text.contains(&format!("cannot save: {s}: the file exists (add --force to replace it)")), "{text}");
    assert_eq!(text.matches("that is the game file").count(), 3, "{text}");
    assert_eq!(std::fs::read(&game).unwrap(), original, "the game file is untouched");
    assert_eq!(std::fs::read_to_string(&save).unwrap(), "keep me\n");

    let text = out(&interp(&["play", g], format!("e2-e4\nsave! {s}\ne7-e5\nsave {s} --force\n").as_bytes()));
    assert!(text.contains(&format!("saved 1 actions to {s}")), "{text}");
    assert!(text.contains(&format!("saved 2 actions to {s}")), "{text}");
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers.len(), 2, "no temporary file is left: {leftovers:?}");

    let svg = dir.join("p.svg");
    let p = svg.to_str().unwrap();
    std::fs::write(&svg, "old").unwrap();
    let o = interp(&["render", g, "-o", p], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("the file exists (add --force to replace it)"), "{}", err(&o));
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "old");
    let o = interp(&["render", g, "-o", p, "--force"], b"");
    assert!(o.status.success(), "{}", err(&o));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    let o = interp(&["render", g, "-o", g, "--force"], b"");
    assert!(err(&o).contains("that is the game file"), "{}", err(&o));
    assert_eq!(std::fs::read(&game).unwrap(), original, "the game file is untouched");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_cut_anywhere_is_refused_or_holds_every_action() {
    let path = root().join(CHESS);
    let path = path.to_str().unwrap();
    let g = interp::open(path, &[]).unwrap();
    let bytes = std::fs::read(path).unwrap();
    let moves: Vec<String> = "e2-e4 e7-e5 g1-f3 b8-c6".split(' ').map(String::from).collect();
    let dir = temp_dir("cut");
    let file = dir.join("r.save");
    for fen in [None, Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")] {
        // (The setup without castling rights: a cut that lost the `FEN` tag would load the
        // same actions from another start.)
        let moves: Vec<String> = if fen.is_some() { vec!["e2-e4".into(), "e7-e5".into()] } else { moves.clone() };
        let mut header = interp::record::Header::new(path, &bytes, &[], vec!["human".into(); 2]);
        header.start = fen.map(String::from);
        let text = interp::record::GameRecord::of_game(&g, &header, &moves).unwrap().to_text();
        assert!(text.ends_with(" *\n"), "{text}");
        for cut in 0..text.len() {
            std::fs::write(&file, &text[..cut]).unwrap();
            match interp::record::load_record(&g, path, file.to_str().unwrap()) {
                Err(_) => {}
                // Only a cut of the last line break can load: with every action and the same start.
                Ok((_, _, got, f)) => {
                    assert_eq!((got, f.as_deref()), (moves.clone(), fen), "cut at {cut}");
                    assert_eq!(cut, text.len() - 1);
                }
            }
        }
        std::fs::write(&file, &text).unwrap();
        assert_eq!(interp::record::load_record(&g, path, file.to_str().unwrap()).unwrap().2, moves);
    }
    // Records of the older formats still load: with a count and `end`, and the oldest (three
    // lines, a fourth for the position string).
    let hash = interp::record::fnv1a64(&bytes);
    let counted = format!("game {CHESS}\nhash {hash:016x}\nmoves e2-e4 e7-e5\nactions 2\nend\n");
    std::fs::write(&file, &counted).unwrap();
    assert_eq!(interp::record::load_record(&g, path, file.to_str().unwrap()).unwrap().2, ["e2-e4", "e7-e5"]);
    std::fs::write(&file, counted.replace("actions 2", "actions 3")).unwrap();
    let e = interp::record::load_record(&g, path, file.to_str().unwrap()).unwrap_err().to_string();
    assert!(e.contains("line 4, column 1: truncated or edited: `actions 3`"), "{e}");
    let old = format!("game {CHESS}\nhash {hash:016x}\nmoves e2-e4 e7-e5\n");
    std::fs::write(&file, &old).unwrap();
    assert_eq!(interp::record::load_record(&g, path, file.to_str().unwrap()).unwrap().2, ["e2-e4", "e7-e5"]);
    // (A rook beside the kings: bare kings would be a draw, after which nothing is played.)
    let fen = "7R/8/8/8/8/8/4K3/k7 w - - 0 1";
    std::fs::write(&file, old.replace("e2-e4 e7-e5", "e2-e3") + &format!("fen {fen}\n")).unwrap();
    let (_, _, moves, f) = interp::record::load_record(&g, path, file.to_str().unwrap()).unwrap();
    assert_eq!((moves, f.as_deref()), (vec!["e2-e3".to_string()], Some(fen)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn load_reads_only_small_regular_files() {
    let o = interp(&["play", CHESS, "--load", "/dev/zero"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("not a regular file"), "{}", err(&o));
    let dir = temp_dir("load");
    let o = interp(&["play", CHESS, "--load", dir.to_str().unwrap()], b"");
    assert!(err(&o).contains("not a regular file (a directory)"), "{}", err(&o));
    let fifo = dir.join("fifo");
    if Command::new("mkfifo").arg(&fifo).output().is_ok_and(|o| o.status.success()) {
        // A FIFO nobody writes to would block a reader forever.
        let o = interp(&["play", CHESS, "--load", fifo.to_str().unwrap()], b"");
        assert!(err(&o).contains("not a regular file"), "{}", err(&o));
    }
    let big = dir.join("big.save");
    std::fs::File::create(&big).unwrap().set_len(interp::files::MAX_BYTES + 1).unwrap();
    let o = interp(&["play", CHESS, "--load", big.to_str().unwrap()], b"");
    assert!(err(&o).contains("too large"), "{}", err(&o));
    let bad = dir.join("bad.save");
    std::fs::write(&bad, b"game x\n\xff\n").unwrap();
    let o = interp(&["play", CHESS, "--load", bad.to_str().unwrap()], b"");
    assert!(err(&o).contains("not UTF-8"), "{}", err(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
