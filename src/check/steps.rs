//! Decision steps (follow-ups, then the setup): agents and bodies.

use super::builtins::{self, Kind, Places};
use super::checker::Checker;
use super::stmts::StmtAt;
use crate::diag::CheckCode;
use crate::ir::limits::MAX_SETUP_STEPS;
use crate::syntax::ast::{self, Name, Stmt};

impl Checker<'_> {
    /// Every decision step: follow-ups first, then the setup's.
    pub(super) fn steps(&mut self) {
        let setup = self.m.setup.map(|v| v.as_slice()).unwrap_or_default();
        for s in self.m.followups.iter().copied().chain(setup) {
            self.agent(&s.agent);
            self.step_body(&s.body);
        }
        if setup.len() > MAX_SETUP_STEPS {
            self.err(
                CheckCode::TooManySetupSteps,
                self.spec.origin,
                "too many setup steps",
                format!("use at most {MAX_SETUP_STEPS}"),
            );
        }
    }

    /// Who takes a step: a built-in agent, a player or a per-game counter.
    fn agent(&mut self, a: &Name) {
        let t = a.text.as_str();
        let known = builtins::find(Kind::Agent, t).is_some()
            || self.d.players.iter().any(|x| x == t)
            || matches!(self.d.var(t), Some((_, false)));
        if !known {
            self.err(
                CheckCode::UnknownAgent,
                a.span,
                format!("unknown agent `{t}`"),
                format!("write {}, a player or a counter holding a player index", builtins::usages(Kind::Agent, ", ")),
            );
        }
    }

    fn step_body(&mut self, body: &ast::StepBody) {
        match body {
            ast::StepBody::Choose(cond, stmts) => {
                self.cond(cond, Places::PATTERN);
                self.step_stmts(stmts);
            }
            ast::StepBody::Outcomes(outs) => {
                for (_, w, stmts) in outs {
                    if let Some(e) = w {
                        self.expr(e);
                    }
                    self.step_stmts(stmts);
                }
            }
            ast::StepBody::Relocate(pat, stmts) => {
                self.pattern(pat);
                self.step_stmts(stmts);
            }
        }
    }

    fn step_stmts(&mut self, stmts: &[Stmt]) {
        stmts.iter().for_each(|s| self.stmt(s, StmtAt::Step));
    }
}
