//! Legality judged after the move: `illegal ["NAME"] if COND`.

use super::builtins::Places;
use super::checker::Checker;
use crate::diag::CheckCode;

impl Checker<'_> {
    /// Every `illegal` rule: its condition, judged like a trigger's (no cell, the mover in
    /// context, no end-only built-ins), and its name (a few words on one line).
    pub(super) fn illegals(&mut self) {
        for r in self.m.illegals.iter().copied() {
            self.in_illegal = true;
            self.cond(&r.cond, Places::TRIGGER);
            self.in_illegal = false;
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
