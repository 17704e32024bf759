//! Snapshot files as insta writes them, so that `interp snapshot` and `cargo insta` read
//! and write the same files.
//!
//! tests/game_snapshots.rs runs `insta::glob!("../games", "**/*.toml", …)` and asserts
//! each game's report. insta names the file `MODULE__TEST@SUFFIX.snap`, where SUFFIX is
//! the game's path below the common directory of every file the glob matched (`/` written
//! `__`), and writes a YAML header (`source`, `expression`, `input_file`) above the
//! report. This module computes the same name and header for a game file.
//!
//! Where: the `snapshots` directory of the repository the game lives in, that is the
//! nearest ancestor of the game file holding a `snapshots` directory; without one,
//! `./snapshots`. The repository (the directory holding the snapshots directory) is what
//! `input_file` is relative to, and its `games` directory is the glob's base.

use std::io;
use std::path::{Path, PathBuf};

/// The test file that snapshots every game (as insta records it in `source`).
pub const TEST_SOURCE: &str = "tests/game_snapshots.rs";
/// Its module name, the first part of each snapshot's file name.
pub const TEST_MODULE: &str = "game_snapshots";
/// Its test function, the part after `__`.
pub const TEST_NAME: &str = "report";
/// The asserted expression (as insta records it in `expression`).
pub const EXPRESSION: &str = "report";
/// The directory below the repository that the test's glob walks.
pub const GAMES_DIR: &str = "games";

/// Where a game's snapshot lives and what its header says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The snapshot file.
    pub file: PathBuf,
    /// The game file relative to the repository (`/`-separated), when it lies inside it.
    pub input_file: Option<String>,
}

impl Location {
    /// The pending file insta writes beside a snapshot that differs.
    pub fn pending(&self) -> PathBuf {
        self.file.with_extension("snap.new")
    }

    /// The whole file for `report`: insta's header, then the report.
    pub fn contents(&self, report: &str) -> String {
        let mut out = self.header();
        out.push_str(report.trim_end());
        out.push('\n');
        out
    }

    /// insta's header: its metadata between two `---` lines.
    pub fn header(&self) -> String {
        let mut out = String::from("---\n");
        out.push_str(&format!("source: {}\n", yaml(TEST_SOURCE)));
        out.push_str(&format!("expression: {}\n", yaml(EXPRESSION)));
        if let Some(i) = &self.input_file {
            out.push_str(&format!("input_file: {}\n", yaml(i)));
        }
        out.push_str("---\n");
        out
    }
}

/// Where the snapshot of `game` lives: in `dir` when given (its parent taken as the
/// repository), else in the `snapshots` directory of the game's repository (see the
/// module documentation).
pub fn locate(game: &Path, dir: Option<&Path>) -> io::Result<Location> {
    let game = game.canonicalize()?;
    let snapshots = match dir {
        Some(d) => std::path::absolute(d)?,
        None => repository_of(&game)?.join("snapshots"),
    };
    let repo = snapshots.parent().map(Path::to_path_buf).unwrap_or_default();
    let repo = repo.canonicalize().unwrap_or(repo);
    let suffix = glob_suffix(&repo.join(GAMES_DIR), &game);
    let name = format!("{TEST_MODULE}__{TEST_NAME}@{suffix}.snap").replace(['/', '\\'], "__");
    let input_file = game.strip_prefix(&repo).ok().map(|p| p.to_string_lossy().replace('\\', "/"));
    Ok(Location { file: snapshots.join(name), input_file })
}

/// The nearest ancestor of `game` holding a `snapshots` directory, else the current
/// directory.
fn repository_of(game: &Path) -> io::Result<PathBuf> {
    match game.ancestors().skip(1).find(|a| a.join("snapshots").is_dir()) {
        Some(a) => Ok(a.to_path_buf()),
        None => std::env::current_dir(),
    }
}

/// The snapshot suffix insta's glob gives `game` when walking `base` for `**/*.toml`:
/// its path below the common prefix of the first and last match (sorted); its file
/// name when it is not among the matches.
fn glob_suffix(base: &Path, game: &Path) -> String {
    let base = base.canonicalize().unwrap_or(base.to_path_buf());
    let mut matches = vec![];
    toml_files(&base, &mut matches);
    matches.sort();
    let file_name = || game.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    if !matches.iter().any(|m| m == game) {
        return file_name();
    }
    let (first, last) = (&matches[0], &matches[matches.len() - 1]);
    let common = first.components().zip(last.components()).take_while(|(a, b)| a == b).count();
    let prefix: PathBuf = first.components().take(common).collect();
    match game.strip_prefix(&prefix) {
        Ok(rest) if common > 0 => rest.to_string_lossy().to_string(),
        _ => file_name(),
    }
}

/// Whether a `.toml` file is a game file rather than a file of test cases
/// (`NAME.tests.toml`, see [`crate::author::cases::beside`]).
pub fn is_game_file(path: &Path) -> bool {
    !path.file_name().is_some_and(|n| n.to_string_lossy().to_lowercase().ends_with(".tests.toml"))
}

/// The game files below `dir` (every `**/*.toml` but the files of test cases), sorted:
/// the files the snapshot test covers.
pub fn game_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = vec![];
    toml_files(dir, &mut out);
    out.retain(|p| p.is_file() && is_game_file(p));
    out.sort();
    out
}

/// Every entry below `dir` whose name ends in `.toml` (any case), links followed, as
/// insta's glob walks.
fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.file_name().is_some_and(|n| n.to_string_lossy().to_lowercase().ends_with(".toml")) {
            out.push(p.clone());
        }
        if p.is_dir() {
            toml_files(&p, out);
        }
    }
}

/// A string as insta's YAML emitter writes it (its `need_quotes` and `escape_str`):
/// plain when that is unambiguous, else double-quoted with escapes.
fn yaml(s: &str) -> String {
    const WORDS: [&str; 22] = [
        "yes", "Yes", "YES", "no", "No", "NO", "True", "TRUE", "true", "False", "FALSE", "false", "on", "On", "ON",
        "off", "Off", "OFF", "null", "Null", "NULL", "~",
    ];
    let special =
        |c: char| ":{}[],#`\"'\\\t\n\r".contains(c) || matches!(c, '\0'..='\x06' | '\x0e'..='\x1a' | '\x1c'..='\x1f');
    let quote = s.is_empty()
        || s.starts_with(' ')
        || s.ends_with(' ')
        || s.starts_with(['&', '*', '?', '|', '-', '<', '>', '=', '!', '%', '@', '.'])
        || s.contains(special)
        || WORDS.contains(&s)
        || s.starts_with("0x")
        || s.parse::<i64>().is_ok()
        || s.parse::<f64>().is_ok();
    if !quote {
        return s.to_string();
    }
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\x08' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\x0c' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if c.is_ascii_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A stored snapshot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    /// The report it holds (without the header; trailing whitespace trimmed).
    pub report: String,
}

impl Stored {
    /// Reads a snapshot file; None when it does not exist.
    pub fn read(path: &Path) -> io::Result<Option<Stored>> {
        match crate::files::read_text(path) {
            Ok(text) => Ok(Some(Stored::parse(&text))),
            Err(crate::files::FileError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io::Error::other(e.to_string())),
        }
    }

    /// The report of a snapshot file's text: what follows the header's closing `---`
    /// (the whole text when it has no header), CRLF read as LF, as insta compares it.
    pub fn parse(text: &str) -> Stored {
        let text = text.replace("\r\n", "\n");
        let body = match text.strip_prefix("---\n") {
            Some(rest) => match rest.find("\n---\n") {
                Some(i) => rest[i + 5..].to_string(),
                None => rest.strip_prefix("---\n").map(str::to_string).unwrap_or_default(),
            },
            None => text.clone(),
        };
        Stored { report: body.trim_end().to_string() }
    }

    /// Whether it holds `report` (as insta compares: trailing whitespace aside).
    pub fn holds(&self, report: &str) -> bool {
        self.report == report.trim_end()
    }
}

/// A unified diff from `old` to `new` (3 lines of context) and the number of lines
/// changed (a replaced block counts its longer side).
pub fn unified_diff(old: &str, new: &str, old_name: &str, new_name: &str) -> (String, usize) {
    let old = format!("{}\n", old.trim_end());
    let new = format!("{}\n", new.trim_end());
    let diff = similar::TextDiff::from_lines(&old, &new);
    let changed = diff
        .ops()
        .iter()
        .map(|op| match *op {
            similar::DiffOp::Equal { .. } => 0,
            similar::DiffOp::Delete { old_len, .. } => old_len,
            similar::DiffOp::Insert { new_len, .. } => new_len,
            similar::DiffOp::Replace { old_len, new_len, .. } => old_len.max(new_len),
        })
        .sum();
    let text = diff.unified_diff().context_radius(3).header(old_name, new_name).to_string();
    (text, changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_reads_back_its_report() {
        let loc = Location { file: PathBuf::from("x.snap"), input_file: Some("games/a b.toml".into()) };
        let text = loc.contents("line 1\nline 2\n\n");
        assert!(text.starts_with("---\nsource: tests/game_snapshots.rs\nexpression: report\n"));
        assert!(text.contains("input_file: games/a b.toml\n---\nline 1\nline 2\n"));
        assert!(Stored::parse(&text).holds("line 1\nline 2"));
        assert!(!Stored::parse(&text).holds("line 1"));
    }

    #[test]
    fn yaml_quotes_what_would_read_otherwise() {
        assert_eq!(yaml("games/chess.toml"), "games/chess.toml");
        assert_eq!(yaml("a: b"), "\"a: b\"");
        assert_eq!(yaml("true"), "\"true\"");
        assert_eq!(yaml("12"), "\"12\"");
        assert_eq!(yaml("games/a b(1)@x.toml"), "games/a b(1)@x.toml");
        assert_eq!(yaml("-x\"y\\z\t"), "\"-x\\\"y\\\\z\\t\"");
    }

    #[test]
    fn the_diff_counts_changed_lines() {
        let (text, n) = unified_diff("a\nb\nc\n", "a\nB\nc\nd\n", "old", "new");
        assert_eq!(n, 2);
        assert!(text.contains("-b\n+B\n"), "{text}");
        assert!(text.starts_with("--- old\n+++ new\n"), "{text}");
    }
}
