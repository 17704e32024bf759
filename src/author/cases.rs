//! Test cases of a game: `[[case]]` tables in the game file itself and in
//! `NAME.tests.toml` beside it. A case says where it starts (the setup or `fen`, then
//! `moves`, or a saved game `record`) and what must hold there: perft counts, the exact
//! list of legal actions, the result and the end rule that decided it, actions that must
//! be legal or illegal. `divide` gives the expected count below each action at one depth,
//! so that a wrong total points at the branch that differs.

use crate::engine::State;
use crate::ir::Game;
use crate::notation::LineError;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One test case, as written.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Case {
    /// What the case is about (defaults to its number and start).
    pub name: Option<String>,
    /// Game options, `NAME` or `NAME=VALUE`, as `--option` takes them.
    #[serde(default)]
    pub options: Vec<String>,
    /// A position string to start from instead of the setup.
    pub fen: Option<String>,
    /// Actions played first, separated by spaces.
    #[serde(default)]
    pub moves: String,
    /// A saved game (`play`'s `save`) to start from, relative to the file of the case;
    /// `moves` are played after it.
    pub record: Option<String>,
    /// perft(1), perft(2), …: the leaves of the decision tree at each depth.
    #[serde(default)]
    pub perft: Vec<u64>,
    /// Expected perft counts below each action at depth `divide-depth`, e.g.
    /// `divide = { "e2-e4" = 13160, "g1-f3" = 11378 }` (the actions left out are not
    /// checked).
    #[serde(default)]
    pub divide: BTreeMap<String, u64>,
    /// The depth of `divide` (default: the last depth of `perft`).
    pub divide_depth: Option<usize>,
    /// The legal actions, exactly (in any order).
    pub actions: Option<Vec<String>>,
    /// `ongoing`, `draw`, or `PLAYER wins` (also just `PLAYER`), judged as `show` does.
    pub result: Option<String>,
    /// The end rule that decided the result, as written in the rules (whitespace aside).
    pub rule: Option<String>,
    /// Actions that must be legal.
    #[serde(default)]
    pub legal: Vec<String>,
    /// Actions that must not be legal.
    #[serde(default)]
    pub illegal: Vec<String>,
    /// Run only with `interp test --slow` (deep perft).
    #[serde(default)]
    pub slow: bool,
}

/// A case with where it was written.
#[derive(Debug, Clone)]
pub struct Located {
    /// The file holding it.
    pub file: PathBuf,
    /// Its line there (1-based).
    pub line: usize,
    /// Its number in the game's cases (1-based).
    pub number: usize,
    /// The case.
    pub case: Case,
}

impl Located {
    /// The case's name, or where it starts when it has none.
    pub fn title(&self) -> String {
        if let Some(n) = &self.case.name {
            return n.clone();
        }
        let c = &self.case;
        let mut parts = vec![];
        if let Some(r) = &c.record {
            parts.push(format!("record {r}"));
        }
        if let Some(f) = &c.fen {
            parts.push(format!("fen {f}"));
        }
        if !c.moves.trim().is_empty() {
            parts.push(format!("moves {}", c.moves.trim()));
        }
        if parts.is_empty() { "the start".into() } else { parts.join(", ") }
    }
}

/// Why a game's cases could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CasesError {
    /// A file could not be read.
    #[error(transparent)]
    File(#[from] crate::files::FileError),
    /// A file is not valid TOML, or a case is malformed.
    #[error("{path}:{line}:{column}: {message}")]
    Invalid {
        /// The file.
        path: String,
        /// Line (1-based).
        line: usize,
        /// Column (1-based).
        column: usize,
        /// What is wrong.
        message: String,
    },
}

/// The file of cases beside a game file: `NAME.tests.toml` for `NAME.toml`.
pub fn beside(game: &Path) -> PathBuf {
    let stem = game.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
    game.with_file_name(format!("{stem}.tests.toml"))
}

/// The cases of a game: those in the game file, then those beside it (a missing
/// `NAME.tests.toml` is no error).
pub fn load(game: &Path) -> Result<Vec<Located>, CasesError> {
    let mut out = read(game, true)?;
    let side = beside(game);
    if side.exists() {
        out.extend(read(&side, false)?);
    }
    for (i, c) in out.iter_mut().enumerate() {
        c.number = i + 1;
    }
    Ok(out)
}

/// The `[[case]]` tables of a game file (its other tables are the loader's business).
#[derive(Deserialize)]
struct GameFile {
    #[serde(default)]
    case: Vec<toml::Spanned<Case>>,
}

/// A tests file: `[[case]]` tables only.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TestsFile {
    #[serde(default)]
    case: Vec<toml::Spanned<Case>>,
}

/// The `[[case]]` tables of one file; `game_file` says the file is a game file.
fn read(path: &Path, game_file: bool) -> Result<Vec<Located>, CasesError> {
    let name = path.display().to_string();
    let text = crate::files::read_text(path)?;
    let parsed = if game_file {
        toml::from_str::<GameFile>(&text).map(|f| f.case)
    } else {
        toml::from_str::<TestsFile>(&text).map(|f| f.case)
    };
    let cases = parsed.map_err(|e| {
        let (line, column) = line_col(&text, e.span().map_or(0, |r| r.start));
        CasesError::Invalid { path: name.clone(), line, column, message: e.message().trim().to_string() }
    })?;
    let located = cases.into_iter().map(|c| Located {
        file: path.to_path_buf(),
        line: line_col(&text, c.span().start).0,
        number: 0,
        case: c.into_inner(),
    });
    Ok(located.collect())
}

/// The line and column (1-based, in characters) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut at = offset.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Where a case starts: the game opened with the case's options, the state reached and
/// the keys of the positions before it (for repetition).
pub struct Reached {
    /// The state.
    pub state: State,
    /// Keys of the earlier positions.
    pub history: Vec<u64>,
}

/// Why a case's start could not be reached.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The position string is not one of this game's.
    #[error("bad position string: {0}")]
    Fen(crate::notation::PositionError),
    /// The saved game could not be read or replayed.
    #[error("record {path}: {message}")]
    Record {
        /// The record's path.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// An action of `moves` is not legal where it is played.
    #[error("`moves`: action {index} (`{action}`) is not legal there; legal: {legal}")]
    Illegal {
        /// Its index (1-based).
        index: usize,
        /// Its text.
        action: String,
        /// The legal actions there.
        legal: String,
    },
    /// The game was over before an action of `moves` (repetition and clocks included).
    #[error("`moves`: {0}")]
    Ended(LineError),
    /// A pattern run went over its budget while the start was reached.
    #[error(transparent)]
    Pattern(#[from] crate::engine::PatternOverrun),
}

impl Located {
    /// Plays the case's start in `g` (opened with the case's options).
    pub fn reach(&self, g: &Game) -> Result<Reached, StartError> {
        let c = &self.case;
        let (mut state, mut history) = match &c.record {
            Some(r) => self.replay_record(g, r)?,
            None => match &c.fen {
                Some(f) => (g.parse_position(f).map_err(StartError::Fen)?, vec![]),
                None => (g.initial(), vec![]),
            },
        };
        let mut at = state.clone();
        crate::engine::take_overrun();
        for (i, a) in c.moves.split_whitespace().enumerate() {
            match g.play_line_why(&mut state, &mut history, [a]) {
                Err(LineError::Illegal { .. }) => {
                    let legal = g.notations(&at, &g.actions(&at)).join(" ");
                    return Err(StartError::Illegal { index: i + 1, action: a.into(), legal });
                }
                Err(LineError::Ended { action, rule, .. }) => {
                    return Err(StartError::Ended(LineError::Ended { index: i, action, rule }));
                }
                Ok(()) => at.clone_from(&state),
            }
        }
        match crate::engine::take_overrun() {
            Some(e) => Err(e.into()),
            None => Ok(Reached { state, history }),
        }
    }

    /// The state a saved game reaches (its game-file fingerprint is not checked: a case
    /// names the game it belongs to).
    fn replay_record(&self, g: &Game, r: &str) -> Result<(State, Vec<u64>), StartError> {
        let path = self.file.parent().unwrap_or(Path::new(".")).join(r);
        let err = |message: String| StartError::Record { path: path.display().to_string(), message };
        let text = crate::files::read_text(&path).map_err(|e| err(without_path(&e)))?;
        let (fen, moves) = crate::record::start_of(&text).map_err(err)?;
        let mut st = match &fen {
            Some(f) => g.parse_position(f).map_err(|e| err(format!("bad position string: {e}")))?,
            None => g.initial(),
        };
        let mut hist = vec![];
        g.play_line_why(&mut st, &mut hist, moves.split_whitespace()).map_err(|e| match e {
            LineError::Illegal { index, action } => {
                err(format!("illegal action `{action}` at index {index} (0-based) of its moves"))
            }
            e => err(e.to_string()),
        })?;
        Ok((st, hist))
    }
}

/// A file error's message without the path in front (the caller names the file).
fn without_path(e: &crate::files::FileError) -> String {
    let text = e.to_string();
    match text.split_once(": ") {
        Some((_, rest)) => rest.to_string(),
        None => text,
    }
}
