//! Statements, the same for triggers and decision steps.

use super::Lowerer;
use crate::ir::Stmt;
use crate::ir::limits::{MAX_KINDS, byte_below, type_byte};
use crate::syntax::ast;

impl Lowerer<'_> {
    /// Lowers statements; one that names nothing known is left out.
    pub(super) fn stmts(&self, v: &[ast::Stmt]) -> Vec<Stmt> {
        v.iter().filter_map(|s| self.stmt(s)).collect()
    }

    fn stmt(&self, s: &ast::Stmt) -> Option<Stmt> {
        let st = match s {
            ast::Stmt::Assign(n, op, e) => {
                self.d.var(&n.text).map(|(slot, per)| Stmt::Assign(slot, per, *op, self.expr(e)))
            }
            ast::Stmt::Drop(tn, at) => self.d.type_index(&tn.text).and_then(|t| {
                let slot = self.d.reserves.iter().find(|(x, _)| *x as usize == t)?.1;
                Some(Stmt::Drop(type_byte(t), slot, at.text == "from"))
            }),
            ast::Stmt::Change(t) => self.d.type_index(&t.text).map(|i| Stmt::Change(type_byte(i))),
            ast::Stmt::RemoveAt(r) => match r.text.as_str() {
                "chosen" => Some(Stmt::RemoveAt(true)),
                "cell" => Some(Stmt::RemoveAt(false)),
                _ => None,
            },
            ast::Stmt::Start(e) => Some(Stmt::Start(self.expr(e))),
            ast::Stmt::Pocket => Some(Stmt::Pocket),
            // Each tally at least doubles the piece states, which the kinds bound.
            ast::Stmt::Reset(n) => {
                self.d.tally_names.iter().position(|x| *x == n.text).map(|i| Stmt::Reset(byte_below(i, MAX_KINDS)))
            }
        };
        self.expect(st.is_some(), "checking resolves every statement");
        st
    }
}
