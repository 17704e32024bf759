//! Typed values: each `want_*` reads a value of one type or reports what it found.

use super::Reader;
use crate::diag::{Diag, LoadCode};
use crate::syntax::ast::{Name, Span};
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

/// A piece's value (`value`) lies within `-MAX_PIECE_VALUE..=MAX_PIECE_VALUE`.
pub const MAX_PIECE_VALUE: i64 = 1_000_000;
/// A piece's advance bonus (`advance`) lies within `-MAX_ADVANCE..=MAX_ADVANCE`.
pub const MAX_ADVANCE: i64 = 1_000;
/// A piece type's maximum per player (`max`) is at most this.
pub const MAX_PER_TYPE: i64 = 255;
/// A reserve holds at most this many pieces of a type at the start.
pub const MAX_RESERVE: i64 = 1_000;
/// An option's value lies within `-MAX_OPTION..=MAX_OPTION` (in the file and on the
/// command line).
pub const MAX_OPTION: i64 = 1_000_000;

impl Reader<'_> {
    /// A byte range of this file as a span of the shared span space.
    pub(super) fn span(&self, r: Range<usize>) -> Span {
        Span { start: self.base + r.start, end: self.base + r.end }
    }

    /// A table key as a name.
    pub(super) fn key_name(&self, k: &Spanned<DeString>) -> Name {
        Name { text: k.get_ref().to_string(), span: self.span(k.span()) }
    }

    pub(super) fn type_err(&self, v: &Spanned<DeValue>, want: &str) -> Diag {
        Diag::new(
            LoadCode::WrongType,
            self.span(v.span()),
            format!("expected {want}, found {}", v.get_ref().type_str()),
            format!("write {want} here"),
        )
    }

    pub(super) fn want_table<'a, 'i>(
        &mut self,
        v: &'a Spanned<DeValue<'i>>,
        at: Span,
        what: &str,
    ) -> Option<&'a DeTable<'i>> {
        match v.get_ref() {
            DeValue::Table(t) => Some(t),
            other => {
                self.diags.push(Diag::new(
                    LoadCode::NotATable,
                    at,
                    format!("`{what}` must be a table, found {}", other.type_str()),
                    "write it as [section] or { key = value }",
                ));
                None
            }
        }
    }

    pub(super) fn want_str(&mut self, v: &Spanned<DeValue>) -> Option<Name> {
        match v.get_ref() {
            DeValue::String(s) => Some(Name { text: s.to_string(), span: self.span(v.span()) }),
            _ => {
                self.diags.push(self.type_err(v, "a string"));
                None
            }
        }
    }

    /// An integer within `range`, or a problem naming `what` and the range.
    pub(super) fn want_int_in(
        &mut self,
        v: &Spanned<DeValue>,
        range: std::ops::RangeInclusive<i64>,
        what: &str,
    ) -> Option<i64> {
        let n = self.want_int(v)?;
        if range.contains(&n) {
            return Some(n);
        }
        let (lo, hi) = (range.start(), range.end());
        let msg = format!("{what} must be between {lo} and {hi}, found {n}");
        self.diags.push(Diag::new(LoadCode::ValueOutOfRange, self.span(v.span()), msg, format!("write {lo} to {hi}")));
        None
    }

    pub(super) fn want_int(&mut self, v: &Spanned<DeValue>) -> Option<i64> {
        match v.get_ref() {
            DeValue::Integer(i) => match i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()) {
                Ok(n) => Some(n),
                Err(_) => {
                    let at = self.span(v.span());
                    self.diags.push(Diag::new(
                        LoadCode::IntegerOutOfRange,
                        at,
                        "integer out of range",
                        "use a smaller number",
                    ));
                    None
                }
            },
            _ => {
                self.diags.push(self.type_err(v, "an integer"));
                None
            }
        }
    }

    pub(super) fn want_bool(&mut self, v: &Spanned<DeValue>) -> Option<bool> {
        match v.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            _ => {
                self.diags.push(self.type_err(v, "true or false"));
                None
            }
        }
    }

    /// A list of names: an array of strings, or one string of space-separated words.
    /// Spans point at the words inside the string when the string has no escapes.
    pub(super) fn want_names(&mut self, v: &Spanned<DeValue>) -> Vec<Name> {
        match v.get_ref() {
            DeValue::String(s) => {
                let r = v.span();
                let mut out = vec![];
                let mut pos = 0;
                for w in s.split_whitespace() {
                    let i = s[pos..].find(w).map(|i| i + pos).unwrap_or(0);
                    pos = i + w.len();
                    let start = r.start + 1 + i;
                    out.push(Name { text: w.to_string(), span: self.span(start..start + w.len()) });
                }
                out
            }
            DeValue::Array(a) => a.iter().flat_map(|x| self.want_names(x)).collect(),
            _ => {
                self.diags.push(self.type_err(v, "a string of names or an array of strings"));
                vec![]
            }
        }
    }
}
