//! Decisions (`setup`, `followup`), triggers and their statements.

use super::{Ctx, P, Rule, first};
use crate::diag::Diag;
use crate::syntax::ast::*;

/// One outcome of a step: name, weight, statements.
type Arm = (Name, Option<Expr>, Vec<Stmt>);

impl Ctx {
    /// `setup { STEP* }`
    pub(super) fn setup(self, p: P) -> Result<Vec<Step>, Diag> {
        p.into_inner().map(|s| self.step(s)).collect()
    }

    /// `NAME by AGENT [hidden]: BODY`
    pub(super) fn step(self, p: P) -> Result<Step, Diag> {
        let mut it = p.into_inner();
        let nm = self.name(it.next().unwrap());
        let agent = self.name(it.next().unwrap());
        let mut hidden = false;
        let mut b = it.next().unwrap();
        if b.as_rule() == Rule::hidden_kw {
            hidden = true;
            b = it.next().unwrap();
        }
        let body = match b.as_rule() {
            Rule::choose_body => {
                let mut i = b.into_inner();
                let c = self.cond(first(i.next().unwrap()))?;
                StepBody::Choose(c, self.opt_block(i.next())?)
            }
            Rule::relocate_body => {
                let mut i = b.into_inner();
                let pat = self.pattern(i.next().unwrap())?;
                StepBody::Relocate(pat, self.opt_block(i.next())?)
            }
            _ => StepBody::Outcomes(self.outcomes(b)?),
        };
        Ok(Step { name: nm, agent, hidden, body })
    }

    /// `a [weight E] { stmts } | b ...`
    fn outcomes(self, b: P) -> Result<Vec<Arm>, Diag> {
        let mut outs = vec![];
        for o in b.into_inner() {
            let mut i = o.into_inner();
            let n = self.name(i.next().unwrap());
            let mut w = None;
            let mut stmts = vec![];
            for q in i {
                match q.as_rule() {
                    Rule::expr => w = Some(self.expr(q)?),
                    _ => stmts = self.block(q)?,
                }
            }
            outs.push((n, w, stmts));
        }
        Ok(outs)
    }

    fn opt_block(self, p: Option<P>) -> Result<Vec<Stmt>, Diag> {
        match p {
            Some(bl) => self.block(bl),
            None => Ok(vec![]),
        }
    }

    fn block(self, p: P) -> Result<Vec<Stmt>, Diag> {
        p.into_inner().map(|q| self.stmt(q)).collect()
    }

    fn stmt(self, q: P) -> Result<Stmt, Diag> {
        Ok(match q.as_rule() {
            Rule::assign => {
                let mut i = q.into_inner();
                let n = self.name(i.next().unwrap());
                let op = match i.next().unwrap().as_str() {
                    "+=" => AssignOp::Add,
                    "-=" => AssignOp::Sub,
                    _ => AssignOp::Set,
                };
                Stmt::Assign(n, op, self.expr(i.next().unwrap())?)
            }
            Rule::drop => {
                let mut i = q.into_inner();
                let t = self.name(i.next().unwrap());
                Stmt::Drop(t, self.name(i.next().unwrap()))
            }
            Rule::change => Stmt::Change(self.inner_name(q)),
            Rule::remove_at => Stmt::RemoveAt(self.inner_name(q)),
            Rule::reset => Stmt::Reset(self.inner_name(q)),
            Rule::pocket => Stmt::Pocket,
            _ => Stmt::Start(self.expr(first(q))?),
        })
    }

    /// `on EVENT [TYPES] [by PLAYER] [if COND] { STMTS }`
    pub(super) fn trigger(self, p: P) -> Result<Trigger, Diag> {
        let sp = self.span(&p);
        let mut event = Event::Turn;
        let mut types = vec![];
        let mut by = None;
        let mut cnd = None;
        let mut stmts = vec![];
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::event => {
                    event = match q.as_str() {
                        "move" => Event::Move,
                        "capture" => Event::Capture,
                        "pass" => Event::Pass,
                        "drop" => Event::Drop,
                        _ => Event::Turn,
                    }
                }
                Rule::ident => types.push(self.name(q)),
                Rule::by_clause => by = Some(self.inner_name(q)),
                Rule::if_clause => cnd = Some(self.cond(first(q))?),
                Rule::assign
                | Rule::drop
                | Rule::change
                | Rule::remove_at
                | Rule::start
                | Rule::reset
                | Rule::pocket => stmts.push(self.stmt(q)?),
                _ => {}
            }
        }
        Ok(Trigger { event, types, by, cond: cnd, stmts, span: sp })
    }
}
