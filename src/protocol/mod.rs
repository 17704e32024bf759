//! The engine protocols through which GUIs, tournament managers and other engines play a
//! game with interp's AI: UCI ([`uci`]) and XBoard/CECP ([`xboard`]), for any game.
//!
//! `coords` writes and reads actions in the protocols' coordinates, `position` holds the
//! game the client set up, `think` runs the search on a thread while commands are read,
//! `options` holds the engine's settings (hash, strength, search), `betza` describes the
//! pieces' moves to XBoard.

pub mod betza;
pub mod coords;
mod options;
pub mod position;
mod think;
pub mod uci;
pub mod xboard;

pub use options::EngineOptions;
pub use think::Out;

use crate::ai::MATE;
use crate::engine::{Perft, State};
use crate::ir::Game;
use coords::Coords;

/// What a protocol command could not do (reported to the client, never fatal).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// A command the protocol does not have.
    #[error("unknown command `{0}`")]
    Unknown(String),
    /// A command's argument is missing or malformed.
    #[error("`{command}`: {why}")]
    BadArgument {
        /// The command.
        command: String,
        /// What is wrong.
        why: String,
    },
    /// A position string the game does not read.
    #[error("bad position: {0}")]
    BadPosition(String),
    /// An action that is not legal in the position.
    #[error("{why}")]
    Illegal {
        /// The action as sent.
        action: String,
        /// Why it is not legal (with near misses).
        why: String,
    },
    /// An action sent after the end of the game.
    #[error("the game is over: no action `{0}` can be played")]
    Over(String),
    /// An option the engine does not have, or a value it does not take.
    #[error("option `{name}`: {why}")]
    BadOption {
        /// The option's name.
        name: String,
        /// What is wrong.
        why: String,
    },
    /// The engine could not list the actions (a pattern run over its budget).
    #[error("{0}")]
    Engine(String),
}

impl ProtocolError {
    /// A few words for the kind of error (XBoard's `Error (KIND): COMMAND`).
    pub fn kind(&self) -> &'static str {
        match self {
            ProtocolError::Unknown(_) => "unknown command",
            ProtocolError::BadArgument { .. } => "bad argument",
            ProtocolError::BadPosition(_) => "illegal position",
            ProtocolError::Illegal { .. } => "illegal move",
            ProtocolError::Over(_) => "game over",
            ProtocolError::BadOption { .. } => "bad option",
            ProtocolError::Engine(_) => "engine",
        }
    }
}

/// A missing or malformed argument of `command`.
fn bad(command: &str, why: impl Into<String>) -> ProtocolError {
    ProtocolError::BadArgument { command: command.to_string(), why: why.into() }
}

/// A score in UCI's terms: `cp N`, or `mate N` (moves, negative when the mover is mated).
pub fn uci_score(score: i32) -> String {
    match crate::ai::plies_to_end(score) {
        Some(plies) => format!("mate {}", score.signum() * (plies + 1) / 2),
        None => format!("cp {score}"),
    }
}

/// A score in XBoard's terms: centipawns, or 100000 + moves to a forced win (negative to
/// a forced loss).
pub fn xboard_score(score: i32) -> i32 {
    match crate::ai::plies_to_end(score) {
        Some(plies) => score.signum() * (100_000 + (plies + 1) / 2),
        None => score.clamp(-(MATE / 20), MATE / 20),
    }
}

/// Perft below each action of `st` (`e2e4: 20`, sorted), then the total: the lines a
/// `go perft N` prints, as Fairy-Stockfish writes them.
pub fn divide(g: &Game, coords: &Coords, st: &State, depth: usize) -> Result<Vec<String>, ProtocolError> {
    let err = |e: crate::engine::PerftError| ProtocolError::Engine(e.to_string());
    let list = g.checked_actions(st).map_err(|e| ProtocolError::Engine(e.to_string()))?;
    let mut pf = Perft::new(g, st, depth.max(1));
    let mut rows = vec![];
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        for (m, text) in list.moves.iter().zip(coords.texts(g, st, &list)) {
            let mut s = st.clone();
            g.apply(&mut s, m, list.effects_of(m));
            let n = pf.try_count(&s, depth - 1).map_err(err)?;
            total += n;
            rows.push((text, n));
        }
    }
    rows.sort();
    let mut lines: Vec<String> = rows.into_iter().map(|(t, n)| format!("{t}: {n}")).collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    Ok(lines)
}
