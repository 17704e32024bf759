//! Statements, of triggers and of decision steps: one checker for both, with the
//! messages each place has always given.

use super::builtins::{self, Kind};
use super::checker::Checker;
use crate::diag::CheckCode;
use crate::syntax::ast::{Name, Stmt};

/// Where a statement stands.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum StmtAt {
    /// In a trigger.
    Trigger,
    /// In a decision step.
    Step,
}

impl Checker<'_> {
    /// Checks a statement.
    pub(super) fn stmt(&mut self, s: &Stmt, at: StmtAt) {
        match s {
            Stmt::Assign(n, _, e) => {
                if self.d.var(&n.text).is_some() {
                    self.expr(e);
                } else {
                    self.err(
                        CheckCode::UnknownCounter,
                        n.span,
                        format!("unknown counter `{}`", n.text),
                        "declare it with `counter NAME = 0`",
                    );
                }
            }
            Stmt::Drop(t, cell) => self.drop_stmt(t, cell, at),
            Stmt::Change(t) => {
                self.piece(t);
            }
            Stmt::RemoveAt(r) => {
                if builtins::find(Kind::RemoveCell, &r.text).is_none() {
                    self.err(
                        CheckCode::UnknownCellRef,
                        r.span,
                        format!("unknown cell reference `{}`", r.text),
                        "write `remove chosen` or `remove cell`",
                    );
                }
            }
            Stmt::Start(e) => {
                self.expr(e);
            }
            Stmt::Pocket => {}
            Stmt::Reset(n) => {
                if !self.d.tally_names.contains(&n.text) {
                    self.err(
                        CheckCode::UnknownTally,
                        n.span,
                        format!("unknown tally `{}`", n.text),
                        "declare it with `tally NAME max N for TYPES when PATTERN`",
                    );
                }
            }
        }
    }

    /// `drop T at from|to`: T has a reserve. A trigger says what is wrong, a step only
    /// that it cannot drop.
    fn drop_stmt(&mut self, t: &Name, cell: &Name, at: StmtAt) {
        let ti = self.d.type_index(&t.text);
        let reserve = ti.is_some_and(|i| self.d.reserves.iter().any(|(x, _)| *x as usize == i));
        let place = builtins::find(Kind::DropCell, &cell.text).is_some();
        if at == StmtAt::Step {
            if !(reserve && place) {
                self.err(
                    CheckCode::BadDrop,
                    t.span,
                    "cannot drop here",
                    "write `drop T at from|to` for a type with a reserve",
                );
            }
        } else if ti.is_none() {
            self.unknown_piece(t);
        } else if !reserve {
            self.err(
                CheckCode::NoReserve,
                t.span,
                format!("no reserve of `{}`", t.text),
                "declare one in [reserve.PLAYER]",
            );
        } else if !place {
            self.err(
                CheckCode::BadDrop,
                cell.span,
                "drop where?",
                "write `at from` (the cell left) or `at to` (the cell reached)",
            );
        }
    }
}
