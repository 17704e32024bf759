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
    /// The move number of each action (0 in the setup, before the first turn).
    pub numbers: Vec<u32>,
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

/// Whether `rec` was made under another version of the game file whose bytes are
/// `game_bytes` (its `GameHash` differs; a record without one is taken as it is).
pub fn other_version(rec: &GameRecord, game_bytes: &[u8]) -> Option<OtherVersion> {
    let (recorded, actual) = (rec.hash()?, fnv1a64(game_bytes));
    let game = rec.game_path().unwrap_or("the game").to_string();
    (recorded != actual).then_some(OtherVersion { game, recorded, actual })
}

/// Replays `rec` in `g`. With the game file's bytes, a record of another version (its
/// `GameHash` differs) still replays, with [`Replay::other_version`] set.
pub fn replay(g: &Game, rec: &GameRecord, game_bytes: Option<&[u8]>) -> Result<Replay, ReplayError> {
    let other_version = game_bytes.and_then(|b| other_version(rec, b));
    let mut r = replay_actions(g, rec.start(), &rec.actions(), other_version.is_some())?;
    r.other_version = other_version;
    Ok(r)
}

/// Replays `actions` from `start` (a position string; None for the setup). `changed` says
/// whether the game file changed since they were recorded (for the error's message).
pub fn replay_actions(g: &Game, start: Option<&str>, actions: &[String], changed: bool) -> Result<Replay, ReplayError> {
    let state = match start {
        Some(f) => g.parse_position(f).map_err(|e| ReplayError::Position(e.to_string()))?,
        None => g.initial(),
    };
    // A position string with control characters (which a tag cannot hold) is kept as the
    // game writes the position, so that a record written from this replay reads back.
    let start = start.map(|f| if f.chars().any(char::is_control) { g.position_string(&state) } else { f.to_string() });
    let mut r = Replay::at(state, start);
    r.extend(g, actions, changed)?;
    Ok(r)
}

impl Replay {
    /// A replay with no action yet, at `state` (the position of `start`).
    pub fn at(state: State, start: Option<String>) -> Replay {
        let (history, before, numbers, actions) = (vec![], vec![], vec![], vec![]);
        Replay { state, history, before, numbers, actions, start, other_version: None }
    }

    /// Plays `actions` on from the position reached. On an error, the actions before the
    /// refused one stay played.
    pub fn extend(&mut self, g: &Game, actions: &[String], changed: bool) -> Result<(), ReplayError> {
        let (mut list, mut scratch) = (MoveList::default(), self.state.clone());
        let mut number = self.numbers.last().copied().filter(|n| *n > 0);
        crate::engine::take_overrun();
        for a in actions {
            let st = &self.state;
            number = next_number(number, g, st).map_or(number, |n| Some(n.n));
            let by = if g.is_chance(st) { "chance".to_string() } else { g.players[st.to_move as usize].clone() };
            let at = Place { index: self.actions.len(), number: number.unwrap_or(0), by };
            let (status, rule) = g.judge_node_into(st, &self.history, true, &mut list, &mut scratch);
            if let Status::Over(winner) = status {
                let ended = Verdict { winner, rule }.describe(g);
                return Err(ReplayError::Ended { at, action: a.clone(), ended, changed });
            }
            let Some(m) = g.find_move(st, &list, a) else {
                let near = near_misses(&g.notations(st, &list), a);
                return Err(ReplayError::Illegal { at, action: a.clone(), near, changed });
            };
            self.before.push(st.clone());
            self.history.push(g.position_key(st));
            self.numbers.push(at.number);
            self.actions.push(a.clone());
            g.apply(&mut self.state, &m, list.effects_of(&m));
        }
        match crate::engine::take_overrun() {
            Some(e) => Err(e.into()),
            None => Ok(()),
        }
    }

    /// Takes back every action from the `n`th (0-based) on.
    pub fn truncate(&mut self, n: usize) {
        if n < self.actions.len() {
            self.state = self.before[n].clone();
            self.history.truncate(n);
            self.numbers.truncate(n);
            self.before.truncate(n);
            self.actions.truncate(n);
        }
    }
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
