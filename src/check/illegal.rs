//! Legality judged after the move: `illegal ["NAME"] if COND`.

use super::builtins::Places;
use super::checker::Checker;
use crate::diag::CheckCode;
use crate::syntax::ast::Cond;

impl Checker<'_> {
    /// Every `illegal` rule: its condition, judged like a trigger's (no cell, the mover in
    /// context, no end-only built-ins), and its name (a few words on one line).
    pub(super) fn illegals(&mut self) {
        for r in self.m.illegals.iter().copied() {
            self.in_illegal = true;
            self.cond(&r.cond, Places::ILLEGAL);
            self.in_illegal = false;
            self.moves_after_drop(&r.cond);
            let Some(n) = &r.name else { continue };
            if n.text.trim().is_empty() || n.text.contains(['\n', '\r']) {
                self.err(
                    CheckCode::BadIllegalName,
                    n.span,
                    "an `illegal` rule's name is empty or runs over several lines",
                    "name it in a few words on one line (`illegal \"gives check\" if …`) or leave the quotes out",
                );
            }
        }
    }
}

impl Checker<'_> {
    /// `no-moves` in an `illegal` rule asks for the next player's legal moves, whose own
    /// `illegal` rules may ask again: it must follow `dropped(...)` in a conjunction, so that
    /// every nested question is about a drop (the hands shrink, and the questions end).
    fn moves_after_drop(&mut self, c: &Cond) {
        self.guarded_no_moves(c, false);
    }

    fn guarded_no_moves(&mut self, c: &Cond, guarded: bool) {
        match c {
            Cond::And(v) => {
                let mut g = guarded;
                for x in v {
                    self.guarded_no_moves(x, g);
                    g |= matches!(x, Cond::Func(n, _) if n.text == "dropped");
                }
            }
            Cond::Or(v) => v.iter().for_each(|x| self.guarded_no_moves(x, guarded)),
            Cond::Not(x) | Cond::Along(_, _, x) => self.guarded_no_moves(x, guarded),
            Cond::Name(n) if n.text == "no-moves" && !guarded => self.err(
                CheckCode::UnguardedNoMoves,
                n.span,
                "`no-moves` in an `illegal` rule must follow `dropped(...)` in a conjunction",
                "write `illegal \"NAME\" if dropped(P) & check(opponent) & no-moves`",
            ),
            _ => {}
        }
    }
}
