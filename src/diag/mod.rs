//! Diagnostics: every problem with its kind (a stable code), file, line, column and a
//! hint. Kinds are data ([`Code`]); they are rendered in one place ([`Sources::render`]).

mod code;

pub use code::{BoardCode, CheckCode, Code, LoadCode, SyntaxCode};

use std::fmt;

/// A byte range in the DSL source; turned into file:line:col by [`Source`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span of a problem that is in no file: one of a command-line flag (`--option`).
    pub const NOWHERE: Span = Span { start: usize::MAX, end: usize::MAX };
}

/// One problem found in a game file, located in the DSL text it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Diag {
    /// What kind of problem it is.
    pub code: Code,
    /// Where, relative to the text being checked.
    pub span: Span,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: String,
}

impl Diag {
    /// A new diagnostic of a kind.
    pub fn new(code: impl Into<Code>, span: Span, message: impl Into<String>, hint: impl Into<String>) -> Self {
        Diag { code: code.into(), span, message: message.into(), hint: hint.into() }
    }
}

/// A file whose text spans refer to. Spans of all loaded files share one address space:
/// a file's bytes are at `base..base + text.len()`.
#[derive(Debug, Clone)]
pub struct Source {
    /// File path as given.
    pub path: String,
    /// Whole file text.
    pub text: String,
    /// Where the file starts in the shared span space.
    pub base: usize,
    /// Texts of this file that were decoded before parsing (a rules text written as a TOML
    /// basic string with escapes): spans into them are moved back to the raw bytes.
    pub decoded: Vec<Decoded>,
}

/// A decoded text inside a file: its spans start at `start` in the shared span space, and
/// decoded byte `i` came from the raw byte at `raw[i]` (also in the span space; one more
/// entry for the end).
#[derive(Debug, Clone)]
pub struct Decoded {
    /// Where the decoded text's spans start.
    pub start: usize,
    /// The raw position of each decoded byte, and of the end.
    pub raw: Vec<usize>,
}

/// All files loaded for one game (the game file and the files it extends).
#[derive(Debug, Clone, Default)]
pub struct Sources(pub Vec<Source>);

impl Sources {
    /// Adds a file and returns its base.
    pub fn add(&mut self, path: &str, text: String) -> usize {
        let base = self.0.last().map(|s| s.base + s.text.len() + 1).unwrap_or(0);
        self.0.push(Source { path: path.to_string(), text, base, decoded: vec![] });
        base
    }

    /// Records that spans from `d.start` on point into a decoded text of the last file added.
    pub fn add_decoded(&mut self, d: Decoded) {
        if let Some(s) = self.0.last_mut() {
            s.decoded.push(d);
        }
    }

    /// Renders a diagnostic against the file it points into.
    pub fn render(&self, d: &Diag) -> String {
        if d.span == Span::NOWHERE {
            return format!("error: {}\n  = hint: {}", d.message, d.hint);
        }
        match self.0.iter().rev().find(|s| s.base <= d.span.start) {
            Some(s) => s.render(d),
            None => format!("error: {} (hint: {})", d.message, d.hint),
        }
    }
}

impl Source {
    /// The raw position of a span position (moved back out of a decoded text).
    fn raw(&self, pos: usize) -> usize {
        let inside = self.decoded.iter().find(|d| pos >= d.start && pos - d.start < d.raw.len());
        inside.map_or(pos, |d| d.raw[pos - d.start])
    }

    /// 1-based line and column of a position in the shared span space (a position inside
    /// a character counts as that character's).
    pub fn line_col(&self, pos: usize) -> (usize, usize) {
        let mut pos = self.raw(pos).saturating_sub(self.base).min(self.text.len());
        while !self.text.is_char_boundary(pos) {
            pos -= 1;
        }
        let before = &self.text[..pos];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map(|s| s.chars().count()).unwrap_or(0) + 1;
        (line, col)
    }

    /// Renders a diagnostic as `file:line:col: error: message` with the source line and a hint.
    pub fn render(&self, d: &Diag) -> String {
        let (line, col) = self.line_col(d.span.start);
        let (src_line, at) = window(self.text.lines().nth(line - 1).unwrap_or(""), col - 1);
        let width = (self.raw(d.span.end).saturating_sub(self.raw(d.span.start))).clamp(1, 60);
        let width = width.min(src_line.chars().count().saturating_sub(at).max(1));
        format!(
            "{}:{}:{}: error: {}\n  | {}\n  | {}{}\n  = hint: {}",
            self.path,
            line,
            col,
            d.message,
            src_line,
            " ".repeat(at),
            "^".repeat(width),
            d.hint
        )
    }
}

/// Lines longer than this are shown cut to this many characters around the column.
const MAX_SHOWN: usize = 120;

/// The part of a source line shown under a diagnostic and the column (0-based, in
/// characters) within it: the whole line, or a window of [`MAX_SHOWN`] characters around
/// column `col` (with `…` where it was cut).
fn window(line: &str, col: usize) -> (String, usize) {
    let n = line.chars().count();
    if n <= MAX_SHOWN {
        return (line.to_string(), col);
    }
    let from = col.saturating_sub(MAX_SHOWN / 3).min(n.saturating_sub(MAX_SHOWN));
    let mut shown: String = line.chars().skip(from).take(MAX_SHOWN).collect();
    let mut at = col - from;
    if from > 0 {
        shown.insert(0, '…');
        at += 1;
    }
    if from + MAX_SHOWN < n {
        shown.push('…');
    }
    (shown, at)
}

/// Errors of loading a game: all diagnostics at once, or a file that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The game file could not be read (it is missing, not a regular file, too large or
    /// not UTF-8): the reason, naming the path and, for bad UTF-8, the place.
    #[error("{0}")]
    Unreadable(String),
    /// One or more problems in the file(s).
    #[error("{}", render_all(.0, .1))]
    Invalid(Sources, Vec<Diag>),
}

fn render_all(src: &Sources, v: &[Diag]) -> String {
    let mut s = String::new();
    for (i, d) in v.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        s.push_str(&src.render(d));
    }
    if v.len() > 1 {
        s.push_str(&format!("\n{} problems found", v.len()));
    }
    s
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (hint: {})", self.message, self.hint)
    }
}
