//! Limits on what the parser is given: how deep brackets nest (every recursion of the
//! syntax tree, and of the checker, expander and lowerer over it, goes through a bracket),
//! and how much work pest may do on one text (its backtracking is bounded by a call count).

use super::Span;
use crate::diag::{Diag, SyntaxCode};
use std::num::NonZeroUsize;

/// Brackets (`(`, `[`, `{`) nest at most this deep; the game files nest at most 6.
pub const MAX_NESTING: usize = 64;

/// Pest's rule calls per rules text: the largest game file uses about 2% of it.
pub const MAX_PARSER_CALLS: usize = 20_000_000;

/// A pattern's alternatives or sequence, or a condition's `|` or `&` operands, have at
/// most this many parts (the game files have a few; compiling each costs memory).
pub const MAX_PARTS: usize = 1_000;

/// Sets pest's call limit (process-wide; the same for every parse).
pub fn limit_parser_calls() {
    pest::set_call_limit(NonZeroUsize::new(MAX_PARSER_CALLS));
}

/// The first bracket that opens a level deeper than [`MAX_NESTING`], as a problem;
/// comments and strings are skipped. `shift` is the text's place in the span space.
pub fn check_depth(text: &str, shift: usize) -> Result<(), Diag> {
    let mut depth = 0usize;
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '#' => {
                chars.by_ref().find(|&(_, c)| c == '\n');
            }
            '"' => {
                chars.by_ref().find(|&(_, c)| c == '"');
            }
            '(' | '[' | '{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    let span = Span { start: shift + at, end: shift + at + 1 };
                    let msg = format!("brackets nested too deeply (more than {MAX_NESTING} levels)");
                    let hint = "name inner parts with `define`, or close the brackets left open";
                    return Err(Diag::new(SyntaxCode::NestingTooDeep, span, msg, hint));
                }
            }
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// A sum of more than [`MAX_NESTING`] terms (each term nests the sum one level deeper),
/// reported at the operator that goes too far.
pub fn too_long(at: Span) -> Diag {
    let msg = format!("expression too long (more than {MAX_NESTING} terms)");
    let hint = "split the sum, e.g. over several counters";
    Diag::new(SyntaxCode::NestingTooDeep, at, msg, hint)
}

/// A list (alternatives, a sequence, operands) of more than [`MAX_PARTS`] parts, as a
/// problem located at the list.
pub fn check_parts(p: &super::P, at: Span) -> Result<(), Diag> {
    if p.clone().into_inner().nth(MAX_PARTS).is_none() {
        return Ok(());
    }
    let msg = format!("too many parts in one pattern or condition (more than {MAX_PARTS})");
    let at = Span { start: at.start, end: at.start + 1 };
    Err(Diag::new(SyntaxCode::TooComplex, at, msg, "split it into named parts with `define`"))
}
