//! Replaying a record in a game: from its start through every action, with the move
//! number of each, so that a record made under another version of the game file either
//! replays (with a warning) or stops at the first action that became illegal, saying
//! where and what is legal there.

use super::build::next_number;
use super::data::{GameRecord, fnv1a64};
use crate::engine::{MoveList, PatternOverrun, State, Status};
use crate::ir::Game;
use crate::notation::Verdict;

/// A record made under another version of the game file: a warning, not an error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "recorded with another version of {game} (hash {recorded:016x}; the file now has {actual:016x}); replaying anyway"
)]
pub struct OtherVersion {
    /// The game file as the record names it.
    pub game: String,
    /// The fingerprint in the record.
    pub recorded: u64,
    /// The game file's fingerprint now.
    pub actual: u64,
}

/// A replayed record: the position reached and how.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The position after the last action.
    pub state: State,
    /// Keys of the earlier positions (for repetition).
    pub history: Vec<u64>,
    /// The position before each action (what `undo` goes back to).
    pub before: Vec<State>,
    /// The actions, in order.
    pub actions: Vec<String>,
    /// The starting position string; None for the setup.
    pub start: Option<String>,
    /// Set when the record was made under another version of the game file.
    pub other_version: Option<OtherVersion>,
}

/// Where an action stands in a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The action's index among the record's actions (0-based).
    pub index: usize,
    /// Its move number (0 for the setup, before the first turn).
    pub number: u32,
    /// Who decides there: a player's name, or `chance`.
    pub by: String,
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self.number {
            0 => write!(f, "the setup ({}, action {} of the record)", self.by, self.index + 1),
            n => write!(f, "move {n} ({}, action {} of the record)", self.by, self.index + 1),
        }
    }
}

/// The note on the game file having changed, when it has.
fn changed_note(changed: &bool) -> &'static str {
    if *changed { " (the game file changed since the record was made)" } else { "" }
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The starting position string does not parse.
    #[error("bad position string in the FEN tag: {0}")]
    Position(String),
    /// An action is not legal where it stands.
    #[error("at {at}: `{action}` is not legal{}; {}", changed_note(.changed), near_text(.near))]
    Illegal {
        /// Where.
        at: Place,
        /// The action.
        action: String,
        /// The legal actions that come nearest (from the same cell, else the first few).
        near: Vec<String>,
        /// Whether the game file changed since the record was made.
        changed: bool,
    },
    /// The game was over before an action (repetition and clocks included).
    #[error("at {at}: the game was already over before `{action}`: {ended}{}", changed_note(.changed))]
    Ended {
        /// Where.
        at: Place,
        /// The action.
        action: String,
        /// How it ended ([`Verdict::describe`]).
        ended: String,
        /// Whether the game file changed since the record was made.
        changed: bool,
    },
    /// A pattern run went over its budget while the actions were replayed.
    #[error(transparent)]
    Pattern(#[from] PatternOverrun),
}

/// How the legal actions near a refused one are written.
fn near_text(near: &[String]) -> String {
    match near.first() {
        None => "no action is legal there".to_string(),
        Some(_) => format!("legal there: {}", near.join(" ")),
    }
}

/// At most this many legal actions are listed when none comes from the refused one's cell.
const NEAR_MAX: usize = 12;

/// The legal actions nearest to `action`: those from the same cell (the text before `-`,
/// in any case), else the first [`NEAR_MAX`] and how many more.
pub fn near_misses(all: &[String], action: &str) -> Vec<String> {
    let from = |a: &str| a.split(['-', ':', 'x', '>']).next().unwrap_or("").to_ascii_lowercase();
    let key = from(action);
    let same: Vec<String> = all.iter().filter(|a| !key.is_empty() && from(a) == key).cloned().collect();
    if !same.is_empty() {
        return same;
    }
    let mut first: Vec<String> = all.iter().take(NEAR_MAX).cloned().collect();
    if all.len() > NEAR_MAX {
        first.push(format!("(and {} more)", all.len() - NEAR_MAX));
    }
    first
}

/// Replays `rec` in `g`. With the game file's bytes, a record of another version (its
/// `GameHash` differs) still replays, with [`Replay::other_version`] set.
pub fn replay(g: &Game, rec: &GameRecord, game_bytes: Option<&[u8]>) -> Result<Replay, ReplayError> {
    let other_version = match (rec.hash(), game_bytes.map(fnv1a64)) {
        (Some(recorded), Some(actual)) if recorded != actual => {
            Some(OtherVersion { game: rec.game_path().unwrap_or("the game").to_string(), recorded, actual })
        }
        _ => None,
    };
    let mut r = replay_actions(g, rec.start(), &rec.actions(), other_version.is_some())?;
    r.other_version = other_version;
    Ok(r)
}

/// Replays `actions` from `start` (a position string; None for the setup). `changed` says
/// whether the game file changed since they were recorded (for the error's message).
pub fn replay_actions(g: &Game, start: Option<&str>, actions: &[String], changed: bool) -> Result<Replay, ReplayError> {
    let mut st = match start {
        Some(f) => g.parse_position(f).map_err(|e| ReplayError::Position(e.to_string()))?,
        None => g.initial(),
    };
    let (mut history, mut before) = (vec![], vec![]);
    let (mut list, mut scratch, mut number) = (MoveList::default(), st.clone(), None);
    crate::engine::take_overrun();
    for (index, a) in actions.iter().enumerate() {
        number = next_number(number, g, &st).map_or(number, |n| Some(n.n));
        let by = if g.is_chance(&st) { "chance".to_string() } else { g.players[st.to_move as usize].clone() };
        let at = Place { index, number: number.unwrap_or(0), by };
        let (status, rule) = g.judge_node_into(&st, &history, true, &mut list, &mut scratch);
        if let Status::Over(winner) = status {
            let ended = Verdict { winner, rule }.describe(g);
            return Err(ReplayError::Ended { at, action: a.clone(), ended, changed });
        }
        let Some(m) = g.find_move(&st, &list, a) else {
            let near = near_misses(&g.notations(&st, &list), a);
            return Err(ReplayError::Illegal { at, action: a.clone(), near, changed });
        };
        before.push(st.clone());
        history.push(g.position_key(&st));
        g.apply(&mut st, &m, list.effects_of(&m));
    }
    if let Some(e) = crate::engine::take_overrun() {
        return Err(e.into());
    }
    let (actions, start) = (actions.to_vec(), start.map(String::from));
    Ok(Replay { state: st, history, before, actions, start, other_version: None })
}

/// How many of a replay's actions may be shown to every player: all, unless the game
/// stands at a hidden step; then not the hidden choices made since the last public one.
pub fn revealed(g: &Game, r: &Replay) -> usize {
    let hidden = |s: &State| g.pending_step(s).is_some_and(|p| p.hidden);
    if !hidden(&r.state) {
        return r.actions.len();
    }
    r.actions.len() - r.before.iter().rev().take_while(|s| hidden(s)).count()
}
