//! Where a command starts: the game opened with its options, then the position from
//! `--fen` (or the setup) and the actions of `--moves` played from it, or the game record
//! of `--load` replayed.

use super::args::Start;
use crate::engine::state::State;
use crate::ir::Game;
use crate::notation::LineError;
use crate::record::{GameRecord, Replay, other_version, read_record, replay};
use std::path::Path;

/// Opens a game file; on failure prints the problems and gives exit status 1.
pub(super) fn open(game: &str, options: &[String]) -> Result<Game, i32> {
    crate::open(game, options).map_err(|e| {
        eprintln!("{e}");
        1
    })
}

/// Opens the game of `start`, reaches its position and runs `f` on the game, the state and
/// the keys of the earlier positions. A game that does not load exits 1; a bad position
/// string or an illegal action exits 2.
pub(super) fn with_start(start: &Start, f: impl FnOnce(&Game, &State, &[u64]) -> i32) -> i32 {
    if start.load.is_some() {
        return match open_loaded(start) {
            Ok((g, _, r)) => f(&g, &r.state, &r.history),
            Err(code) => code,
        };
    }
    let g = match open(&start.game, &start.options) {
        Ok(g) => g,
        Err(code) => return code,
    };
    match reach(&g, start) {
        Ok((st, hist)) => f(&g, &st, &hist),
        Err(code) => code,
    }
}

/// Opens the game of a `start` with `--load` and replays the record: with the record's
/// options unless `--option` is given; a record of another version of the game file
/// replays with a warning. A record that does not read or replay exits 2, a game that
/// does not load 1.
pub(super) fn open_loaded(start: &Start) -> Result<(Game, GameRecord, Replay), i32> {
    let file = start.load.as_deref().unwrap_or_default();
    let refused = |e: &dyn std::fmt::Display| {
        eprintln!("cannot load {file}: {e}");
        2
    };
    let rec = read_record(Path::new(file), start.load_game).map_err(|e| refused(&e))?;
    let options = if start.options.is_empty() { rec.options() } else { start.options.clone() };
    let g = open(&start.game, &options)?;
    let bytes = crate::files::read_bytes(Path::new(&start.game)).map_err(|e| {
        eprintln!("{e}");
        1
    })?;
    if let Some(w) = other_version(&rec, &bytes) {
        eprintln!("warning: {w}");
    }
    let r = replay(&g, &rec, Some(&bytes)).map_err(|e| refused(&e))?;
    Ok((g, rec, r))
}

/// `value`, unless a pattern run went over its budget since the last check: then the
/// overrun is printed as an error and the result is exit status 2.
pub(super) fn overrun_exit<T>(value: T) -> Result<T, i32> {
    match crate::engine::take_overrun() {
        Some(e) => {
            eprintln!("error: {e}");
            Err(2)
        }
        None => Ok(value),
    }
}

/// The position of `start` in `g` (from `--fen` or the setup, then `--moves`) and the keys
/// of the earlier positions; a bad position string or an illegal action is reported and
/// gives exit status 2.
pub(super) fn reach(g: &Game, start: &Start) -> Result<(State, Vec<u64>), i32> {
    let mut st = match &start.fen {
        Some(f) => g.parse_position(f).map_err(|e| {
            eprintln!("bad position string: {e}");
            2
        })?,
        None => g.initial(),
    };
    let mut hist = vec![];
    crate::engine::take_overrun();
    match g.play_line_why(&mut st, &mut hist, start.moves.split_whitespace()) {
        Err(LineError::Illegal { index, action }) => {
            eprintln!("illegal action `{action}` at index {index} (0-based) of --moves");
            return Err(2);
        }
        Err(e @ LineError::Ended { .. }) => {
            eprintln!("--moves: {e}");
            return Err(2);
        }
        Ok(()) => {}
    }
    overrun_exit(())?;
    Ok((st, hist))
}
