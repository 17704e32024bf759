//! Triggers: `on EVENT [TYPES] [by PLAYER] [if COND] { STATEMENTS }`.

use super::builtins::Places;
use super::checker::Checker;
use super::stmts::StmtAt;

impl Checker<'_> {
    /// Every trigger: its types, its player, its condition and its statements.
    pub(super) fn triggers(&mut self) {
        for t in self.m.triggers.iter().copied() {
            t.types.iter().for_each(|n| {
                self.piece(n);
            });
            if let Some(n) = &t.by {
                self.player(n);
            }
            if let Some(c) = &t.cond {
                self.cond(c, Places::TRIGGER);
            }
            t.stmts.iter().for_each(|s| self.stmt(s, StmtAt::Trigger));
        }
    }
}
