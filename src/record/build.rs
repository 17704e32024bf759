//! Making a record while a game is played: the tags of its header, move numbers from the
//! engine's turns, and the result from the end rules.

use super::data::{GameRecord, KNOWN_TAGS, MoveNumber, Outcome, Token, fnv1a64};
use super::replay::{Replay, ReplayError};
use crate::engine::{PatternOverrun, State};
use crate::ir::Game;

/// What a record says besides its actions: the game file, options, players, the time the
/// game began and its start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The game file's path, as given on the command line.
    pub game_path: String,
    /// The game file's fingerprint ([`fnv1a64`] of its bytes).
    pub game_hash: u64,
    /// The game options used (`--option`), as given.
    pub options: Vec<String>,
    /// Who played each side (`human`, `ai`, `random`), one per player.
    pub players: Vec<String>,
    /// The starting position string; None for the setup.
    pub start: Option<String>,
    /// The day the game began, UTC, `YYYY.MM.DD`.
    pub date: String,
    /// The time the game began, UTC, `HH:MM:SS`.
    pub time: String,
}

impl Header {
    /// A header stamped with the current time.
    pub fn new(game_path: &str, game_bytes: &[u8], options: &[String], players: Vec<String>) -> Header {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let (date, time) = stamp(now);
        Header {
            game_path: game_path.to_string(),
            game_hash: fnv1a64(game_bytes),
            options: options.to_vec(),
            players,
            start: None,
            date,
            time,
        }
    }
}

/// `YYYY.MM.DD` and `HH:MM:SS` (UTC) of a time in seconds since 1970.
pub fn stamp(secs: u64) -> (String, String) {
    let days = (secs / 86_400) as i64;
    let s = secs % 86_400;
    // Civil from days (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (format!("{y:04}.{m:02}.{d:02}"), format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60))
}

/// Whether `name` may be a tag name: a letter, then letters, digits and `_`.
pub fn valid_tag_name(name: &str) -> bool {
    let mut c = name.chars();
    c.next().is_some_and(|f| f.is_ascii_alphabetic()) && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

/// The tag naming each player: the player's name capitalised (`White`, `Black`), or
/// `Player1`, `Player2`… when a name cannot be a tag of its own.
pub fn player_tags(g: &Game) -> Vec<String> {
    let caps: Vec<String> = g
        .players
        .iter()
        .map(|p| {
            let mut c = p.chars();
            c.next().map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
        })
        .collect();
    let fits = |i: usize, t: &String| {
        valid_tag_name(t) && !KNOWN_TAGS.contains(&t.as_str()) && !caps[..i].contains(t) && !t.starts_with("Player")
    };
    if caps.iter().enumerate().all(|(i, t)| fits(i, t)) {
        caps
    } else {
        (1..=g.np()).map(|i| format!("Player{i}")).collect()
    }
}

/// The move number to write before an action played at `before`, given the last number
/// written: a turn starts at a node with no pending step; the first player's turns count
/// up, and the first turn of the record is numbered whoever plays it. Steps inside a turn,
/// chance and the setup have no number of their own.
pub fn next_number(last: Option<u32>, g: &Game, before: &State) -> Option<MoveNumber> {
    if g.pending_step(before).is_some() {
        return None;
    }
    match last {
        None => Some(MoveNumber { n: 1, later: before.to_move != 0 }),
        Some(n) if before.to_move == 0 => Some(MoveNumber { n: n + 1, later: false }),
        Some(_) => None,
    }
}

impl GameRecord {
    /// A record with the tags of `h` for `g` and no action yet (result `*`).
    pub fn new(g: &Game, h: &Header) -> GameRecord {
        let mut tags = vec![("Game".to_string(), h.game_path.clone()), ("GameName".to_string(), g.name.clone())];
        tags.push(("GameHash".to_string(), format!("{:016x}", h.game_hash)));
        if !h.options.is_empty() {
            tags.push(("Variant".to_string(), h.options.join(" ")));
        }
        for (i, t) in player_tags(g).into_iter().enumerate() {
            tags.push((t, h.players.get(i).cloned().unwrap_or_else(|| "?".to_string())));
        }
        tags.push(("Date".to_string(), h.date.clone()));
        tags.push(("Time".to_string(), h.time.clone()));
        if let Some(f) = &h.start {
            tags.push(("FEN".to_string(), f.clone()));
        }
        let places = g.np().max(2);
        tags.push(("Result".to_string(), Outcome::Unfinished.token(places)));
        tags.push(("Plies".to_string(), "0".to_string()));
        GameRecord { tags, moves: vec![], result: Outcome::Unfinished, places }
    }

    /// The last move number of the movetext.
    fn last_number(&self) -> Option<u32> {
        self.moves.iter().rev().find_map(|t| match t {
            Token::Number(n) => Some(n.n),
            _ => None,
        })
    }

    /// Appends `action`, played at `before`, with its move number when it starts a turn.
    pub fn push(&mut self, g: &Game, before: &State, action: &str) {
        if let Some(n) = next_number(self.last_number(), g, before) {
            self.moves.push(Token::Number(n));
        }
        self.moves.push(Token::Action(action.to_string()));
        let plies = self.moves.iter().filter(|t| matches!(t, Token::Action(_))).count();
        self.set_tag("Plies", &plies.to_string());
    }

    /// Sets the result from the end rules at the final position `st` (`*` while the game
    /// goes on), with the deciding rule as `Termination`.
    pub fn judge(&mut self, g: &Game, st: &State, history: &[u64]) -> Result<(), PatternOverrun> {
        match g.verdict(st, history)? {
            Some(v) => {
                let outcome = v.winner.map_or(Outcome::Draw, Outcome::Win);
                self.set_outcome(outcome, Some(&v.reason(g)));
            }
            None => self.set_outcome(Outcome::Unfinished, None),
        }
        Ok(())
    }

    /// The record of `actions` played in `g` from the start of `h`, replayed to number
    /// the moves and judged at the end. Hidden choices not yet revealed (the game stands at
    /// a hidden step) are left out: a record never shows them early.
    pub fn of_game(g: &Game, h: &Header, actions: &[String]) -> Result<GameRecord, ReplayError> {
        Recorder::default().record(g, h, actions)
    }

    /// The record of a replay made from the start of `h` (see [`GameRecord::of_game`]);
    /// unfinished (`*`) where judging the last position goes over the pattern budget.
    pub fn of_replay(g: &Game, h: &Header, r: &Replay) -> Result<GameRecord, ReplayError> {
        let shown = super::replay::revealed(g, r);
        let mut rec = GameRecord::new(g, h);
        for (before, a) in r.before.iter().zip(&r.actions).take(shown) {
            rec.push(g, before, a);
        }
        // (A position whose end rules go over their pattern budget stays unfinished: `*`.)
        if shown == r.actions.len() && rec.judge(g, &r.state, &r.history).is_err() {
            rec.set_outcome(Outcome::Unfinished, None);
        }
        Ok(rec)
    }
}

/// Keeps the record of a game in progress: each time it is asked for, only the actions
/// that changed since the last time (played, or taken back and played anew) are replayed.
#[derive(Debug, Default)]
pub struct Recorder {
    /// The last replay, from the start of the header it was made with.
    last: Option<(Option<String>, Replay)>,
}

impl Recorder {
    /// The record of `actions` played in `g` from the start of `h` (see
    /// [`GameRecord::of_game`]).
    pub fn record(&mut self, g: &Game, h: &Header, actions: &[String]) -> Result<GameRecord, ReplayError> {
        let mut r = match self.last.take() {
            Some((start, mut r)) if start == h.start => {
                let same = r.actions.iter().zip(actions).take_while(|(a, b)| a == b).count();
                r.truncate(same);
                r.extend(g, &actions[same..], false)?;
                r
            }
            _ => super::replay::replay_actions(g, h.start.as_deref(), actions, false)?,
        };
        let rec = GameRecord::of_replay(g, h, &r);
        r.other_version = None;
        self.last = Some((h.start.clone(), r));
        rec
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn stamps_are_utc_calendar_dates() {
        assert_eq!(super::stamp(0), ("1970.01.01".to_string(), "00:00:00".to_string()));
        assert_eq!(super::stamp(951_782_400 + 3661), ("2000.02.29".to_string(), "01:01:01".to_string()));
        assert_eq!(super::stamp(1_798_761_599), ("2026.12.31".to_string(), "23:59:59".to_string()));
    }
}
