//! `snapshot`: writes each game's report into its snapshot file (insta's format, the file
//! tests/game_snapshots.rs reads), or compares the two (`--check`).

use crate::author::snapshot::{Location, Stored, game_files, locate, report_of, unified_diff};
use std::path::{Path, PathBuf};

/// What to do with a report that differs from its snapshot.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Print the diff; write nothing.
    Check,
    /// Write it, printing the diff.
    Update,
    /// Write it without the diff.
    Accept,
}

/// Runs `snapshot` on `games` (none: every game file below ./games). Exit status 1 when a
/// game cannot be reported or written, or with `--check` when a snapshot differs or is
/// missing; 0 otherwise.
pub(super) fn snapshot(games: &[String], check: bool, accept: bool, dir: Option<&str>) -> i32 {
    let mode = if check {
        Mode::Check
    } else if accept {
        Mode::Accept
    } else {
        Mode::Update
    };
    let files: Vec<PathBuf> = if games.is_empty() {
        game_files(Path::new(crate::author::snapshot::file::GAMES_DIR))
    } else {
        games.iter().map(PathBuf::from).collect()
    };
    if files.is_empty() {
        eprintln!("no game files given, and none below ./games");
        return 2;
    }
    let mut status = 0;
    for f in &files {
        status = status.max(one(f, mode, dir.map(Path::new)));
    }
    status
}

/// One game: its report against its snapshot. Returns the exit status.
fn one(game: &Path, mode: Mode, dir: Option<&Path>) -> i32 {
    let name = game.display();
    let report = match report_of(game) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{name}: cannot report:\n{e}");
            return 1;
        }
    };
    let loc = match locate(game, dir) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{name}: {e}");
            return 1;
        }
    };
    let shown = shown(&loc.file);
    let stored = match Stored::read(&loc.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{name}: cannot read {shown}: {e}");
            return 1;
        }
    };
    match (&stored, mode) {
        (Some(s), _) if s.holds(&report) => {
            if mode != Mode::Check {
                remove_pending(&loc);
            }
            println!("{name}: unchanged ({shown})");
            0
        }
        (None, Mode::Check) => {
            println!("{name}: no snapshot at {shown}");
            1
        }
        (Some(s), Mode::Check) => {
            let (diff, n) = unified_diff(&s.report, &report, &format!("{shown} (stored)"), "new report");
            print!("{diff}");
            println!("{name}: the report differs from {shown} ({n} {} changed)", lines(n));
            1
        }
        (_, _) => write(game, &loc, stored.as_ref(), &report, mode),
    }
}

/// Writes the snapshot (and removes a stale pending one); says what it did.
fn write(game: &Path, loc: &Location, stored: Option<&Stored>, report: &str, mode: Mode) -> i32 {
    let shown = shown(&loc.file);
    let made = loc.file.parent().map_or(Ok(()), std::fs::create_dir_all);
    if let Err(e) = made.and_then(|_| std::fs::write(&loc.file, loc.contents(report))) {
        eprintln!("{}: cannot write {shown}: {e}", game.display());
        return 1;
    }
    remove_pending(loc);
    match stored {
        None => println!("{}: wrote {shown}", game.display()),
        Some(s) => {
            let (diff, n) = unified_diff(&s.report, report, &format!("{shown} (was)"), &format!("{shown} (now)"));
            if mode == Mode::Update {
                print!("{diff}");
            }
            println!("{}: updated {shown} ({n} {} changed)", game.display(), lines(n));
        }
    }
    0
}

/// Removes the `.snap.new` insta may have left beside the snapshot.
fn remove_pending(loc: &Location) {
    let _ = std::fs::remove_file(loc.pending());
}

/// `line` or `lines`.
fn lines(n: usize) -> &'static str {
    if n == 1 { "line" } else { "lines" }
}

/// A path as the user reads it: relative to the current directory when below it.
fn shown(p: &Path) -> String {
    let here = std::env::current_dir().ok().and_then(|d| d.canonicalize().ok());
    match here.and_then(|h| p.strip_prefix(h).ok().map(Path::to_path_buf)) {
        Some(rel) => rel.display().to_string(),
        None => p.display().to_string(),
    }
}
