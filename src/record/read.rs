//! Reading records: one or more games, each its `[Name "value"]` tag pairs then its
//! movetext ending with a result token; the older formats of `save` too
//! ([`super::legacy`]). Every error says where: line and column.

use super::data::{GameRecord, MoveNumber, Outcome, Token};
use super::legacy::{self, LegacyError};

/// Why a record's text cannot be read, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct RecordError {
    /// The line (1-based).
    pub line: usize,
    /// The column (1-based, in characters).
    pub column: usize,
    /// What is wrong.
    pub kind: RecordErrorKind,
}

/// What is wrong in a record's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordErrorKind {
    /// Nothing but blanks.
    #[error("truncated: the record holds no game")]
    Empty,
    /// Something else where a tag pair must stand.
    #[error("expected a tag pair like [Game \"games/chess.toml\"], found `{0}`")]
    ExpectedTag(String),
    /// A tag name that is not a letter followed by letters, digits and `_`.
    #[error("bad tag name `{0}`")]
    TagName(String),
    /// No quoted value after a tag name.
    #[error("expected the tag's value in double quotes, found `{0}`")]
    ExpectedValue(String),
    /// A value without its closing quote, or a tag without its `]`.
    #[error("truncated: the tag pair is not closed (`\"` then `]`)")]
    UnclosedTag,
    /// A `\` before something else than `"` or `\`.
    #[error("bad escape `\\{0}` in a tag value (only \\\" and \\\\)")]
    Escape(char),
    /// The same tag twice in one game.
    #[error("the tag {0} appears twice")]
    DuplicateTag(String),
    /// A `{comment}` without its `}`.
    #[error("truncated: the comment is not closed with `}}`")]
    UnclosedComment,
    /// The movetext stops before its result token.
    #[error("truncated: the movetext does not end with a result (1-0, 0-1, 1/2-1/2 or *)")]
    MissingResult,
    /// The `Plies` tag does not count the actions of the movetext.
    #[error("truncated or edited: [Plies \"{said}\"] but the movetext holds {found} actions")]
    Plies {
        /// The count written.
        said: String,
        /// The actions found.
        found: usize,
    },
    /// The `Result` tag and the result token differ.
    #[error("the Result tag says {tag} but the movetext ends with {token}")]
    ResultTag {
        /// The tag's value.
        tag: String,
        /// The last token.
        token: String,
    },
    /// The `GameHash` tag is not hexadecimal.
    #[error("bad hash `{0}` (16 hexadecimal digits expected)")]
    BadHash(String),
    /// A movetext word that is no action: it holds `[`, `{` or `}` where an action cannot.
    #[error("`{0}` is no action (an action holds no `[`, `{{` or `}}`)")]
    BadAction(String),
    /// A record of an older format with an error.
    #[error(transparent)]
    Legacy(#[from] LegacyError),
}

/// Reads every game of a record's text (games separated by blank lines, each starting
/// with its tags), or a record of an older format (one game).
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    let mut r = Reader { chars: text.chars().collect(), at: 0, line: 1, column: 1 };
    r.blanks();
    match r.peek() {
        None => return Err(r.error(RecordErrorKind::Empty)),
        Some('[') => {}
        Some(_) => {
            return legacy::parse(text).map(|g| vec![g]).map_err(|(line, e)| RecordError {
                line,
                column: 1,
                kind: e.into(),
            });
        }
    }
    let mut games = vec![];
    while r.peek().is_some() {
        games.push(r.game()?);
        r.blanks();
    }
    Ok(games)
}

/// A cursor over the text, with its line and column.
struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
}

/// Where a token began: line and column.
type Place = (usize, usize);

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn place(&self) -> Place {
        (self.line, self.column)
    }

    fn error(&self, kind: RecordErrorKind) -> RecordError {
        RecordError { line: self.line, column: self.column, kind }
    }

    /// Skips white space (line breaks included).
    fn blanks(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// Skips spaces and tabs, not line breaks.
    fn spaces(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t' || c == '\r') {
            self.bump();
        }
    }

    /// The characters up to white space or one of `stop`.
    fn word(&mut self, stop: &[char]) -> String {
        let mut w = String::new();
        while let Some(c) = self.peek().filter(|c| !c.is_whitespace() && !stop.contains(c)) {
            w.push(c);
            self.bump();
        }
        w
    }

    /// One game: its tags, its movetext, then its checks.
    fn game(&mut self) -> Result<GameRecord, RecordError> {
        if self.peek() != Some('[') {
            return Err(self.error(RecordErrorKind::ExpectedTag(self.rest_of_line())));
        }
        let mut tags: Vec<(String, String)> = vec![];
        let mut plies_at = None;
        while self.peek() == Some('[') {
            let at = self.place();
            let (name, value) = self.tag()?;
            if tags.iter().any(|(n, _)| *n == name) {
                return Err(RecordError { line: at.0, column: at.1, kind: RecordErrorKind::DuplicateTag(name) });
            }
            if name == "Plies" {
                plies_at = Some(at);
            }
            if name == "GameHash" && (value.len() != 16 || u64::from_str_radix(&value, 16).is_err()) {
                return Err(RecordError { line: at.0, column: at.1, kind: RecordErrorKind::BadHash(value) });
            }
            tags.push((name, value));
            self.blanks();
        }
        let (moves, result, places, result_at) = self.movetext()?;
        let located = |(line, column): Place, kind| RecordError { line, column, kind };
        if let Some(tag) = tags.iter().find(|(n, _)| n == "Result").map(|t| t.1.clone())
            && tag != result.token(places)
        {
            return Err(located(result_at, RecordErrorKind::ResultTag { tag, token: result.token(places) }));
        }
        let found = moves.iter().filter(|t| matches!(t, Token::Action(_))).count();
        if let (Some(at), Some((_, said))) = (plies_at, tags.iter().find(|(n, _)| n == "Plies"))
            && said.parse::<usize>().ok() != Some(found)
        {
            return Err(located(at, RecordErrorKind::Plies { said: said.clone(), found }));
        }
        Ok(GameRecord { tags, moves, result, places })
    }

    /// A tag pair `[Name "value"]` on one line.
    fn tag(&mut self) -> Result<(String, String), RecordError> {
        self.bump();
        self.spaces();
        let at = self.place();
        let name = self.word(&['"', ']', '[']);
        if !super::build::valid_tag_name(&name) && self.peek().is_some() {
            let kind = if name.is_empty() {
                RecordErrorKind::ExpectedTag(self.rest_of_line())
            } else {
                RecordErrorKind::TagName(name)
            };
            return Err(RecordError { line: at.0, column: at.1, kind });
        }
        self.spaces();
        match self.peek() {
            None => return Err(self.error(RecordErrorKind::UnclosedTag)),
            Some('"') => {}
            Some(_) => return Err(self.error(RecordErrorKind::ExpectedValue(self.rest_of_line()))),
        }
        self.bump();
        let mut value = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => return Err(self.error(RecordErrorKind::UnclosedTag)),
                Some('"') => break,
                Some('\\') => match self.peek() {
                    Some(c @ ('"' | '\\')) => {
                        self.bump();
                        value.push(c);
                    }
                    Some(c) if c != '\n' => return Err(self.error(RecordErrorKind::Escape(c))),
                    _ => return Err(self.error(RecordErrorKind::UnclosedTag)),
                },
                Some(c) => value.push(c),
            }
        }
        self.spaces();
        if self.bump() != Some(']') {
            return Err(self.error(RecordErrorKind::UnclosedTag));
        }
        self.spaces();
        match self.peek() {
            None | Some('\n') => Ok((name, value)),
            Some(_) => Err(self.error(RecordErrorKind::ExpectedTag(self.rest_of_line()))),
        }
    }

    /// The rest of the current line (for messages).
    fn rest_of_line(&self) -> String {
        self.chars[self.at..].iter().take_while(|c| **c != '\n').collect::<String>().chars().take(40).collect()
    }

    /// The movetext up to and with its result token: the tokens, the result, its places
    /// and where it stands.
    fn movetext(&mut self) -> Result<(Vec<Token>, Outcome, usize, Place), RecordError> {
        let mut moves = vec![];
        loop {
            self.blanks();
            let at = self.place();
            match self.peek() {
                None | Some('[') => return Err(self.error(RecordErrorKind::MissingResult)),
                Some('{') => {
                    self.bump();
                    let mut c = String::new();
                    loop {
                        match self.bump() {
                            None => {
                                let (line, column) = at;
                                return Err(RecordError { line, column, kind: RecordErrorKind::UnclosedComment });
                            }
                            Some('}') => break,
                            Some(x) => c.push(x),
                        }
                    }
                    moves.push(Token::Comment(c.split_whitespace().collect::<Vec<_>>().join(" ")));
                }
                Some(_) => {
                    let w = self.word(&['{']);
                    // Move numbers may run into each other and into the move (`12.e2-e4`).
                    let mut rest = &w[..];
                    while let Some((n, len)) = number_prefix(rest) {
                        moves.push(Token::Number(n));
                        rest = &rest[len..];
                    }
                    if let Some((o, places)) = Outcome::parse(rest) {
                        return Ok((moves, o, places, at));
                    }
                    if !rest.is_empty() {
                        if !plain_action(rest) {
                            let (line, column) = at;
                            return Err(RecordError {
                                line,
                                column,
                                kind: RecordErrorKind::BadAction(rest.to_string()),
                            });
                        }
                        moves.push(Token::Action(rest.to_string()));
                    }
                }
            }
        }
    }
}

/// Whether `a` reads back from movetext as the action it is: not a tag, a comment, a
/// move number or a result.
pub(super) fn plain_action(a: &str) -> bool {
    !a.is_empty()
        && !a.starts_with('[')
        && !a.contains(['{', '}'])
        && !a.chars().any(char::is_whitespace)
        && number_prefix(a).is_none()
        && Outcome::parse(a).is_none()
}

/// The move number a movetext word starts with (`12.`, `12...`, also run into the move
/// as in `12.e2-e4`), and its length.
fn number_prefix(w: &str) -> Option<(MoveNumber, usize)> {
    let digits = w.chars().take_while(char::is_ascii_digit).count();
    let dots = w[digits..].chars().take_while(|c| *c == '.').count();
    let n = w[..digits].parse::<u32>().ok().filter(|_| dots == 1 || dots == 3)?;
    Some((MoveNumber { n, later: dots == 3 }, digits + dots))
}
