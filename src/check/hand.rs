//! The hand: declared base types (`[pieces.X] demote`), the memory of promotion
//! (`[pieces.X] remember`) and the marks position strings write for them (`[fen]
//! base-mark`, `promoted-mark`).

use super::checker::Checker;
use crate::diag::CheckCode;
use crate::syntax::ast::Name;

/// Characters a `[fen]` mark may not be: the rows' own (runs, rows, stacks, the pocket).
const ROW_CHARS: &[char] = &['/', '(', ')', '[', ']'];

impl Checker<'_> {
    /// Base types are ordinary types, `remember` has a promotion to remember, and the
    /// `[fen]` marks are single free characters, unambiguous and used.
    pub(super) fn hand(&mut self) {
        self.base_chains();
        for p in &self.spec.pieces {
            let promotes = self.m.pieces.iter().any(|pd| pd.name.text == p.letter.text && !pd.promotes.is_empty());
            if let Some(sp) = p.remember
                && !promotes
            {
                self.err(
                    CheckCode::RememberWithoutPromotion,
                    sp,
                    format!("`{}` never promotes: there is nothing to remember", p.letter.text),
                    format!("give `piece {} {{ }}` a `promote` line, or leave `remember` out", p.letter.text),
                );
            }
        }
        let marks = [&self.spec.base_mark, &self.spec.promoted_mark];
        for m in marks.into_iter().flatten() {
            self.fen_mark(m);
        }
        if let (Some(a), Some(b)) = (&self.spec.base_mark, &self.spec.promoted_mark)
            && a.text == b.text
        {
            self.err(CheckCode::BadFenMark, b.span, "the two marks are the same", "use two different characters");
        }
        if let Some(m) = &self.spec.promoted_mark
            && self.spec.pieces.iter().all(|p| p.remember.is_none())
        {
            self.err(
                CheckCode::PromotedMarkUnused,
                m.span,
                "no type remembers its promotions: no piece would carry the mark",
                "give the promoting type `remember = true` in its [pieces.X] table",
            );
        }
        if self.spec.base_mark.is_some() {
            self.base_marks_unambiguous();
        }
        if let Some(order) = &self.spec.pocket_order {
            self.pocket_order(order);
        }
    }

    /// `[fen] pocket-order`: letters of types with a reserve (spaces between allowed).
    fn pocket_order(&mut self, order: &Name) {
        for c in order.text.chars().filter(|c| !c.is_whitespace()) {
            match self.d.types.iter().position(|t| t.letter == c) {
                Some(t) if self.d.reserves.iter().any(|r| r.0 as usize == t) => {}
                Some(_) => self.err(
                    CheckCode::NoReserve,
                    order.span,
                    format!("`{c}` has no reserve to write in the pocket"),
                    "list the letters of types with a [reserve.PLAYER] entry",
                ),
                None => self.err(
                    CheckCode::UnknownPiece,
                    order.span,
                    format!("unknown piece `{c}` in pocket-order"),
                    self.d.piece_hint(),
                ),
            }
        }
    }

    /// `demote` names another type that has no base of its own.
    fn base_chains(&mut self) {
        for p in &self.spec.pieces {
            let Some(d) = &p.demote else { continue };
            let chained = self.spec.pieces.iter().find(|q| q.letter.text == d.text).and_then(|q| q.demote.as_ref());
            if d.text == p.letter.text || chained.is_some() {
                let hint = match chained {
                    Some(c) if d.text != p.letter.text => format!("name `{}` directly", c.text),
                    _ => "name the type a captured piece enters the hand as".to_string(),
                };
                self.err(
                    CheckCode::BaseChain,
                    d.span,
                    format!("the base of `{}` must be another type without a base of its own", p.letter.text),
                    hint,
                );
            }
        }
    }

    /// One mark: a single character, not a letter, digit, space or row character.
    fn fen_mark(&mut self, m: &Name) {
        let mut ch = m.text.chars();
        let ok = match (ch.next(), ch.next()) {
            (Some(c), None) => !c.is_alphanumeric() && !c.is_whitespace() && !c.is_control() && !ROW_CHARS.contains(&c),
            _ => false,
        };
        if !ok {
            self.err(
                CheckCode::BadFenMark,
                m.span,
                format!("`{}` cannot mark pieces in position strings", m.text),
                "write one character that is no letter, digit, space or one of / ( ) [ ], e.g. \"+\" or \"~\"",
            );
        }
    }

    /// Under `base-mark`, no two types share a base.
    fn base_marks_unambiguous(&mut self) {
        let pieces = &self.spec.pieces;
        for (i, p) in pieces.iter().enumerate() {
            let Some(d) = &p.demote else { continue };
            if let Some(q) = pieces[..i].iter().find(|q| q.demote.as_ref().is_some_and(|e| e.text == d.text)) {
                self.err(
                    CheckCode::BaseMarkAmbiguous,
                    d.span,
                    format!("`{}` and `{}` both have the base `{}`", q.letter.text, p.letter.text, d.text),
                    "under [fen] base-mark each base names one type: give one of them another base",
                );
            }
        }
    }
}
