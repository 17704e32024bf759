//! The two formats `save` wrote before records had tags, still read:
//! `game PATH`, `hash HEX`, `fen F` (when not the setup), `moves …`, `actions N`, `end`;
//! and the oldest, `game`, `hash`, `moves`, then `fen` if any, each line ending in a
//! newline. The count and `end` make the newer one self-checking: a record cut short
//! anywhere is refused instead of loading as a shorter game (as `fen` comes before
//! `moves`, a record cut just after its `moves` line holds every action and its start,
//! and reads as one of the oldest).

use super::data::{GameRecord, Outcome, Token};

/// Why a record in an older format cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LegacyError {
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
    /// A record of the oldest format whose last line has no newline: it may have been cut.
    #[error("truncated: the last line does not end with a newline")]
    Unterminated,
    /// The fingerprint is not hexadecimal.
    #[error("bad hash `{0}`")]
    BadHash(String),
    /// An action that movetext cannot hold: it would read as a tag, a comment, a move
    /// number or a result.
    #[error("`{0}` is no action a record can hold")]
    BadAction(String),
}

/// Numbered lines of a record, with a look at the next.
struct Lines<'t> {
    /// The lines left, with their numbers (1-based).
    rest: std::iter::Peekable<std::iter::Zip<std::ops::RangeFrom<usize>, std::str::Lines<'t>>>,
    /// The number of the last line taken (0 before the first).
    at: usize,
}

impl<'t> Lines<'t> {
    /// The next line.
    fn next(&mut self) -> Option<&'t str> {
        let (n, l) = self.rest.next()?;
        self.at = n;
        Some(l)
    }

    /// The rest of the next line, which must be the field `name`.
    fn required(&mut self, name: &'static str) -> Result<String, LegacyError> {
        let line = self.next().ok_or(LegacyError::Missing(name))?;
        field(line, name).map(String::from).ok_or_else(|| LegacyError::Expected { expected: name, found: line.into() })
    }

    /// The rest of the next line if it is the field `name` (the line is then taken).
    fn optional(&mut self, name: &str) -> Option<String> {
        let rest = field(self.rest.peek()?.1, name)?.to_string();
        self.next();
        Some(rest)
    }
}

/// The rest of the line after `name` and a space, if the line is that field.
fn field<'t>(line: &'t str, name: &str) -> Option<&'t str> {
    match line.strip_prefix(name) {
        Some(rest) if rest.is_empty() || rest.starts_with(' ') => Some(rest.trim()),
        _ => None,
    }
}

/// Reads a record of an older format; an error comes with the number of its line.
pub fn parse(text: &str) -> Result<GameRecord, (usize, LegacyError)> {
    let mut lines = Lines { rest: (1..).zip(text.lines()).peekable(), at: 0 };
    let rec = fields(text, &mut lines).map_err(|e| (lines.at.max(1), e))?;
    Ok(rec)
}

/// The fields of the record, checked.
fn fields(text: &str, lines: &mut Lines) -> Result<GameRecord, LegacyError> {
    let game = lines.required("game")?;
    let hash = lines.required("hash")?;
    // Written as 16 digits, as the record's `GameHash` tag must be (old readers took fewer).
    let hash = match u64::from_str_radix(&hash, 16) {
        Ok(h) => format!("{h:016x}"),
        Err(_) => return Err(LegacyError::BadHash(hash)),
    };
    let mut fen = lines.optional("fen");
    let moves = lines.required("moves")?;
    if fen.is_none() {
        // Where records written before `actions` and `end` existed keep it.
        fen = lines.optional("fen");
    }
    match lines.next() {
        // Written before records ended with a count: complete if its last line is.
        None if text.ends_with('\n') => {}
        None => return Err(LegacyError::Unterminated),
        Some(l) => {
            let said = field(l, "actions").ok_or_else(|| LegacyError::Unexpected(l.to_string()))?;
            let found = moves.split_whitespace().count();
            if said.parse::<usize>().ok() != Some(found) {
                return Err(LegacyError::Count { said: said.to_string(), found });
            }
            match lines.next() {
                Some("end") => {}
                Some(l) => return Err(LegacyError::Expected { expected: "end", found: l.to_string() }),
                None => return Err(LegacyError::Missing("end")),
            }
            while let Some(l) = lines.next() {
                if !l.trim().is_empty() {
                    return Err(LegacyError::Unexpected(l.to_string()));
                }
            }
        }
    }
    let mut tags = vec![("Game".to_string(), game), ("GameHash".to_string(), hash)];
    if let Some(f) = fen {
        tags.push(("FEN".to_string(), f));
    }
    if let Some(bad) = moves.split_whitespace().find(|a| !super::read::plain_action(a)) {
        return Err(LegacyError::BadAction(bad.to_string()));
    }
    let moves = moves.split_whitespace().map(|a| Token::Action(a.to_string())).collect();
    Ok(GameRecord { tags, moves, result: Outcome::Unfinished, places: 2 })
}
