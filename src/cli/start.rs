//! Where a command starts: the game opened with its options, then the position from
//! `--fen` (or the setup) and the actions of `--moves` played from it.

use super::args::Start;
use crate::engine::state::State;
use crate::ir::Game;
use crate::notation::LineError;

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
    let g = match open(&start.game, &start.options) {
        Ok(g) => g,
        Err(code) => return code,
    };
    match reach(&g, start) {
        Ok((st, hist)) => f(&g, &st, &hist),
        Err(code) => code,
    }
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
