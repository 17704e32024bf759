//! Saved games: the text `save FILE` and the autosave of `play` write, reading it back
//! (`--load`, the autosave, and test cases that start from a record), and writing it so that
//! a reader never sees half a file.
//!
//! A record is `game PATH`, `hash HEX` (the game file's fingerprint), `fen F` when the game
//! started from a position string, `moves …`, then `actions N` (how many actions `moves`
//! holds) and `end`. The last two make a record self-checking: a record cut short anywhere
//! is refused instead of loading as a shorter game. Records written before these lines
//! existed (`game`, `hash`, `moves`, then `fen` if any, each line ending in a newline) are
//! still read; as `fen` now comes before `moves`, a new record cut just after its `moves`
//! line holds every action and its start, and reads as such a record.

use crate::engine::state::State;
use crate::files::{FileError, read_text};
use crate::ir::Game;
use crate::notation::LineError;
use std::io::Write;
use std::path::{Path, PathBuf};

/// FNV-1a (64 bit) of a byte string: the game file's fingerprint in saved games.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Why a saved game cannot be read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The record or the game file could not be read.
    #[error(transparent)]
    File(#[from] FileError),
    /// A line is missing: the record was cut short.
    #[error("truncated: the `{0}` line is missing")]
    Missing(&'static str),
    /// A line is not the one expected at its place.
    #[error("expected a `{expected} …` line, found `{found}`")]
    Expected {
        /// The field expected.
        expected: &'static str,
        /// The line found.
        found: String,
    },
    /// A line after the last field.
    #[error("unexpected line `{0}`")]
    Unexpected(String),
    /// The `actions` count does not match the actions of `moves`.
    #[error("truncated or edited: `actions {said}` but the moves line holds {found} actions")]
    Count {
        /// The count written.
        said: String,
        /// The actions found.
        found: usize,
    },
    /// An old-style record whose last line has no newline: it may have been cut.
    #[error("truncated: the last line does not end with a newline")]
    Unterminated,
    /// The fingerprint is not hexadecimal.
    #[error("bad hash `{0}`")]
    BadHash(String),
    /// The game file changed since the save.
    #[error(
        "it was saved for another version of the game file ({saved_path}, hash {saved:016x}); {game_path} has hash {actual:016x}"
    )]
    OtherVersion {
        /// The path written in the record.
        saved_path: String,
        /// The fingerprint written in the record.
        saved: u64,
        /// The game file now.
        game_path: String,
        /// Its fingerprint.
        actual: u64,
    },
    /// The starting position string does not parse.
    #[error("bad position string: {0}")]
    Position(String),
    /// An action is not legal where it is played.
    #[error("illegal action `{action}` at index {index} (0-based) of the saved moves")]
    Illegal {
        /// Its index in the moves.
        index: usize,
        /// The action.
        action: String,
    },
    /// The game was over before one of the saved moves (repetition and clocks included).
    #[error("{0} (of the saved moves)")]
    Ended(crate::notation::LineError),
    /// A pattern run went over its budget while the moves were replayed.
    #[error(transparent)]
    Pattern(#[from] crate::engine::PatternOverrun),
}

/// The text of a saved game: `game PATH`, `hash HEX`, `fen F` when the game started from a
/// position string, `moves …`, `actions N` and `end`.
pub fn save_text(game_path: &str, game_text: &[u8], moves: &[String], fen: Option<&str>) -> String {
    let mut s = format!("game {game_path}\nhash {:016x}\n", fnv1a64(game_text));
    if let Some(f) = fen {
        s.push_str(&format!("fen {f}\n"));
    }
    s.push_str(&format!("moves {}\nactions {}\nend\n", moves.join(" "), moves.len()));
    s
}

/// A saved game's position: state, repetition history, the actions and the starting position string.
pub type Loaded = (State, Vec<u64>, Vec<String>, Option<String>);

/// The fields of a saved game's text.
struct Fields {
    /// The game file's path when it was saved.
    game: String,
    /// The game file's fingerprint, in hexadecimal.
    hash: String,
    /// The actions, separated by spaces.
    moves: String,
    /// The starting position string, if not the setup.
    fen: Option<String>,
}

/// The rest of the line after `name` and a space, if the line is that field.
fn field<'t>(line: &'t str, name: &str) -> Option<&'t str> {
    match line.strip_prefix(name) {
        Some(rest) if rest.is_empty() || rest.starts_with(' ') => Some(rest.trim()),
        _ => None,
    }
}

/// Lines of a record, with a look at the next.
type RecordLines<'t> = std::iter::Peekable<std::str::Lines<'t>>;

/// The rest of the next line, which must be the field `name`.
fn required(lines: &mut RecordLines, name: &'static str) -> Result<String, RecordError> {
    let line = lines.next().ok_or(RecordError::Missing(name))?;
    field(line, name).map(String::from).ok_or_else(|| RecordError::Expected { expected: name, found: line.to_string() })
}

/// The rest of the next line if it is the field `name` (the line is then taken).
fn optional(lines: &mut RecordLines, name: &str) -> Option<String> {
    let rest = field(lines.peek()?, name)?.to_string();
    lines.next();
    Some(rest)
}

/// Splits a saved game's text into its fields, refusing a record cut short.
fn parse(text: &str) -> Result<Fields, RecordError> {
    let mut lines = text.lines().peekable();
    let game = required(&mut lines, "game")?;
    let hash = required(&mut lines, "hash")?;
    let mut fen = optional(&mut lines, "fen");
    let moves = required(&mut lines, "moves")?;
    if fen.is_none() {
        // Where records written before `actions` and `end` existed keep it.
        fen = optional(&mut lines, "fen");
    }
    match lines.next() {
        // Written before records ended with a count: complete if its last line is.
        None if text.ends_with('\n') => {}
        None => return Err(RecordError::Unterminated),
        Some(l) => {
            let said = field(l, "actions").ok_or_else(|| RecordError::Unexpected(l.to_string()))?;
            let found = moves.split_whitespace().count();
            if said.parse::<usize>().ok() != Some(found) {
                return Err(RecordError::Count { said: said.to_string(), found });
            }
            match lines.next() {
                Some("end") => {}
                Some(l) => return Err(RecordError::Expected { expected: "end", found: l.to_string() }),
                None => return Err(RecordError::Missing("end")),
            }
            if let Some(l) = lines.find(|l| !l.trim().is_empty()) {
                return Err(RecordError::Unexpected(l.to_string()));
            }
        }
    }
    Ok(Fields { game, hash, moves, fen })
}

/// The start of a saved game's text: its position string (None for the setup) and its
/// actions, separated by spaces.
pub fn start_of(text: &str) -> Result<(Option<String>, String), String> {
    let f = parse(text).map_err(|e| e.to_string())?;
    Ok((f.fen, f.moves))
}

/// Reads a saved game for `g` (loaded from `game_path`) and replays it.
pub fn load_record(g: &Game, game_path: &str, file: &str) -> Result<Loaded, RecordError> {
    let text = read_text(Path::new(file))?;
    let Fields { game: saved_path, hash, moves, fen } = parse(&text)?;
    let saved = u64::from_str_radix(&hash, 16).map_err(|_| RecordError::BadHash(hash.clone()))?;
    let actual = fnv1a64(&crate::files::read_bytes(Path::new(game_path))?);
    if saved != actual {
        return Err(RecordError::OtherVersion { saved_path, saved, game_path: game_path.to_string(), actual });
    }
    let mut st = match &fen {
        Some(f) => g.parse_position(f).map_err(|e| RecordError::Position(e.to_string()))?,
        None => g.initial(),
    };
    let mut hist = vec![];
    let record: Vec<String> = moves.split_whitespace().map(String::from).collect();
    crate::engine::take_overrun();
    g.play_line_why(&mut st, &mut hist, record.iter().map(String::as_str)).map_err(|e| match e {
        LineError::Illegal { index, action } => RecordError::Illegal { index, action },
        e => RecordError::Ended(e),
    })?;
    if let Some(e) = crate::engine::take_overrun() {
        return Err(e.into());
    }
    Ok((st, hist, record, fen))
}

/// Why an output file was not written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The target is the game file itself.
    #[error("{0}: that is the game file; choose another name")]
    GameFile(String),
    /// The target exists and replacing it was not asked for.
    #[error("{0}: the file exists (add --force to replace it)")]
    Exists(String),
    /// The system refused.
    #[error("{path}: {source}")]
    Io {
        /// The target.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
}

/// The same file as `path`, with `.` and `..` and links resolved as far as it exists.
fn resolved(path: &Path) -> PathBuf {
    if let Ok(p) = path.canonicalize() {
        return p;
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    dir.join(path.file_name().unwrap_or_default())
}

/// Checks that `target` may be written: never the game file, an existing file only with `force`.
pub fn may_write(target: &Path, game_path: &Path, force: bool) -> Result<(), WriteError> {
    let name = || target.display().to_string();
    if resolved(target) == resolved(game_path) {
        return Err(WriteError::GameFile(name()));
    }
    if !force && std::fs::symlink_metadata(target).is_ok() {
        return Err(WriteError::Exists(name()));
    }
    Ok(())
}

/// Writes `bytes` to `target` atomically: into a temporary file in the same directory,
/// flushed to disk, then renamed over `target`. A reader (or a process killed at any point)
/// sees the old file or the new one, never a part.
pub fn write_atomic(target: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let io = |source| WriteError::Io { path: target.display().to_string(), source };
    let name = target.file_name().ok_or_else(|| io(std::io::Error::other("not a file name")))?;
    let mut temp_name = std::ffi::OsString::from(".");
    temp_name.push(name);
    temp_name.push(format!(".tmp-{}", std::process::id()));
    let temp = target.with_file_name(temp_name);
    let written = std::fs::File::create(&temp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    if let Err(e) = written.and_then(|()| std::fs::rename(&temp, target)) {
        let _ = std::fs::remove_file(&temp);
        return Err(io(e));
    }
    Ok(())
}
