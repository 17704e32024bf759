//! Statements of the rules (assignments, drops, changes, removals...) and the triggers
//! that run them after a move.

use crate::board::{Cell, NONE};
use crate::engine::eval::Ctx;
use crate::engine::state::State;
use crate::ir::{AssignOp, Event, Expr, Game, Kind, Slot, Stmt};

/// Cells a statement can refer to.
pub(crate) struct StmtCtx {
    pub from: Cell,
    pub to: Cell,
    pub chosen: Cell,
    /// The captured piece's kind, for statements of a capture trigger (else 0).
    pub captured: Kind,
}

impl StmtCtx {
    /// The context of a decision step about cell `pend`, where `chosen` was chosen.
    pub fn at_step(pend: Cell, chosen: Cell) -> Self {
        StmtCtx { from: pend, to: pend, chosen, captured: 0 }
    }
}

impl Game {
    /// Runs the triggers after a move of `me` from `from` to `to` (`from` is NONE for a
    /// drop) of a piece of type `mover_type`, which took the `captured` pieces (their kinds).
    pub(crate) fn fire(&self, st: &mut State, me: u8, mover_type: u8, captured: &[Kind], from: Cell, to: Cell) {
        for t in &self.triggers {
            if t.by.is_some_and(|p| p != me) {
                continue;
            }
            // One firing per event: the move, each captured piece of the listed types, the turn.
            let firings: &[u8] = match t.event {
                Event::Move if t.types == 0 || t.types & (1 << mover_type) != 0 => &[0],
                Event::Move => &[],
                Event::Capture => captured,
                Event::Turn => &[0],
                Event::Pass => &[],
                Event::Drop if from == NONE && (t.types == 0 || t.types & (1 << mover_type) != 0) => &[0],
                Event::Drop => &[],
            };
            for &c in firings {
                if t.event == Event::Capture && t.types != 0 && t.types & (1 << self.kind_type[c as usize]) == 0 {
                    continue;
                }
                let ctx = StmtCtx { from, to, chosen: to, captured: c };
                if let Some(c) = t.cond {
                    let cx = Ctx::new(self, st, me, from);
                    if !cx.test(c, NONE, true) {
                        continue;
                    }
                }
                for s in &t.stmts {
                    self.exec_stmt(st, me, s, &ctx);
                }
            }
        }
    }

    /// Runs the triggers after `me` passed: those `on pass` and `on turn`, in order.
    pub(crate) fn fire_pass(&self, st: &mut State, me: u8) {
        for t in &self.triggers {
            if !matches!(t.event, Event::Pass | Event::Turn) || t.by.is_some_and(|p| p != me) {
                continue;
            }
            if let Some(c) = t.cond
                && !Ctx::new(self, st, me, NONE).test(c, NONE, true)
            {
                continue;
            }
            let ctx = StmtCtx { from: NONE, to: NONE, chosen: NONE, captured: 0 };
            for s in &t.stmts {
                self.exec_stmt(st, me, s, &ctx);
            }
        }
    }

    /// Runs statements for player `me`.
    pub(crate) fn exec_stmts(&self, st: &mut State, me: u8, stmts: &[Stmt], ctx: &StmtCtx) {
        for s in stmts {
            self.exec_stmt(st, me, s, ctx);
        }
    }

    fn exec_stmt(&self, st: &mut State, me: u8, s: &Stmt, ctx: &StmtCtx) {
        match s {
            Stmt::Assign(slot, per, op, e) => {
                let v = match e {
                    Expr::Int(v) => *v,
                    e => Ctx::new(self, st, me, ctx.from).eval(e),
                };
                let i = slot.at(if *per { me as usize } else { 0 });
                match op {
                    AssignOp::Set => st.vars[i] = v,
                    // Counters saturate at the bounds of i64 rather than wrap (no game's
                    // numbers come near them).
                    AssignOp::Add => st.vars[i] = st.vars[i].saturating_add(v),
                    AssignOp::Sub => st.vars[i] = st.vars[i].saturating_sub(v),
                }
            }
            Stmt::Drop(t, slot, at_from) => {
                let c = if *at_from { ctx.from } else { ctx.to };
                self.drop_from_var(st, me, *t, *slot, c);
            }
            Stmt::Change(t) => self.change_piece(st, *t, ctx.chosen),
            Stmt::RemoveAt(chosen) => {
                let c = if *chosen { ctx.chosen } else { st.pend };
                self.remove_piece(st, c);
            }
            Stmt::Pocket => {
                if ctx.captured != 0 {
                    let t = self.hand_type(ctx.captured);
                    if let Some(&(_, slot)) = self.reserves.iter().find(|(x, _)| *x == t) {
                        let r = &mut st.vars[slot.at(me as usize)];
                        *r = r.saturating_add(1);
                    }
                }
            }
            Stmt::Reset(i) => {
                let c = ctx.chosen;
                if c != NONE && st.board[c as usize] != 0 {
                    let k = st.board[c as usize];
                    let (_, flag) = self.tally(k, *i as usize);
                    st.board[c as usize] = self.with_tally(k, *i as usize, 0, flag);
                }
            }
            Stmt::Start(e) => {
                let v = Ctx::new(self, st, me, NONE).eval(e);
                st.first = v.clamp(0, self.np() as i64 - 1) as u8;
            }
        }
    }

    /// `drop`: a piece of type `t` onto the empty cell `c`, counted off variable `slot`.
    fn drop_from_var(&self, st: &mut State, me: u8, t: u8, slot: Slot, c: Cell) {
        let i = slot.at(me as usize);
        if c != NONE && st.vars[i] > 0 && st.board[c as usize] == 0 {
            st.vars[i] -= 1;
            let k = self.kind(t, me, false);
            st.board[c as usize] = k;
            st.counts[self.count_slot(k)] += 1;
            if self.is_royal(k) {
                self.find_royals(st);
            }
        }
    }

    /// `change`: the piece on `c` becomes one of type `t`.
    fn change_piece(&self, st: &mut State, t: u8, c: Cell) {
        if c != NONE && st.board[c as usize] != 0 {
            let old = st.board[c as usize];
            st.counts[self.count_slot(old)] -= 1;
            let k = self.kind(t, self.kind_owner[old as usize], self.kind_moved[old as usize]);
            // The piece keeps the memory of a promotion (`[pieces.X] remember`).
            let k = self.with_origin(k, self.promoted_from(old));
            st.board[c as usize] = k;
            st.counts[self.count_slot(k)] += 1;
            self.find_royals(st);
        }
    }

    /// `remove`: the piece on `c` (with its stack) leaves the board.
    fn remove_piece(&self, st: &mut State, c: Cell) {
        if c != NONE && st.board[c as usize] != 0 {
            let old = st.board[c as usize];
            if !st.stacks.is_empty() {
                self.clear_stack(st, c);
            }
            st.counts[self.count_slot(old)] -= 1;
            st.board[c as usize] = 0;
            self.find_royals(st);
        }
    }
}
