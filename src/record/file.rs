//! Record files: reading one (every game in it, or one game replayed), and writing any
//! output so that a reader never sees half a file.

use super::data::GameRecord;
use super::read::{RecordError, parse_records};
use super::replay::{Replay, ReplayError, replay};
use crate::engine::state::State;
use crate::files::{FileError, read_bytes, read_text};
use crate::ir::Game;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why a record file cannot be read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The record or the game file could not be read.
    #[error(transparent)]
    File(#[from] FileError),
    /// The record's text is not a record (the message leaves the path to the caller).
    #[error("{source}")]
    Record {
        /// The record file.
        path: String,
        /// What is wrong, and where.
        source: RecordError,
    },
    /// The file holds fewer games than the one asked for.
    #[error("{path} holds {count} games; there is no game {pick}")]
    NoGame {
        /// The record file.
        path: String,
        /// The game asked for (1-based).
        pick: usize,
        /// How many it holds.
        count: usize,
    },
    /// The game does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// Every game of a record file.
pub fn read_records(file: &Path) -> Result<Vec<GameRecord>, ReadError> {
    let text = read_text(file)?;
    parse_records(&text).map_err(|source| ReadError::Record { path: file.display().to_string(), source })
}

/// Game `pick` (1-based) of a record file.
pub fn read_record(file: &Path, pick: usize) -> Result<GameRecord, ReadError> {
    let mut games = read_records(file)?;
    let count = games.len();
    if pick == 0 || pick > count {
        return Err(ReadError::NoGame { path: file.display().to_string(), pick, count });
    }
    Ok(games.swap_remove(pick - 1))
}

/// Game `pick` (1-based) of a record file, replayed in `g` (opened from `game_path`: a
/// record of another version of that file replays with [`Replay::other_version`] set).
pub fn load(g: &Game, game_path: &str, file: &Path, pick: usize) -> Result<(GameRecord, Replay), ReadError> {
    let rec = read_record(file, pick)?;
    let bytes = read_bytes(Path::new(game_path))?;
    let r = replay(g, &rec, Some(&bytes))?;
    Ok((rec, r))
}

/// A replayed record's position: state, repetition history, the actions and the starting
/// position string.
pub type Loaded = (State, Vec<u64>, Vec<String>, Option<String>);

/// The first game of a record file, replayed in `g` (see [`load`]; whether the game file
/// changed is not said).
pub fn load_record(g: &Game, game_path: &str, file: &str) -> Result<Loaded, ReadError> {
    let (_, r) = load(g, game_path, Path::new(file), 1)?;
    Ok((r.state, r.history, r.actions, r.start))
}

/// The start of the first game of a record's text: its position string (None for the
/// setup) and its actions, separated by spaces.
pub fn start_of(text: &str) -> Result<(Option<String>, String), String> {
    let games = parse_records(text).map_err(|e| e.to_string())?;
    let first = &games[0];
    Ok((first.start().map(String::from), first.actions().join(" ")))
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
