//! Decision steps: the setup, and follow-up steps inside a turn (a player chooses a cell
//! or an outcome, chance draws an outcome, a piece is moved again).

use crate::board::{Cell, NONE};
use crate::engine::action::{Effect, Move, MoveList};
use crate::engine::eval::Ctx;
use crate::engine::movegen::Gen;
use crate::engine::state::State;
use crate::engine::statements::StmtCtx;
use crate::ir::limits::saturating_u16;
use crate::ir::{Agent, DecisionStep, Game, StepBody, StepId};

impl Game {
    /// The player who decides at a step.
    pub(crate) fn agent_player(&self, st: &State, step: &DecisionStep) -> u8 {
        let np = self.np() as u8;
        match step.agent {
            Agent::Chance | Agent::Mover => st.pend_player,
            Agent::Opponent => (st.pend_player + 1) % np,
            Agent::Player(p) => p,
            Agent::Var(slot) => st.vars[slot.index()].clamp(0, np as i64 - 1) as u8,
        }
    }

    /// The pending decision step, if any.
    #[inline]
    pub fn pending_step(&self, st: &State) -> Option<&DecisionStep> {
        st.pending().map(|s| self.step(s))
    }

    /// Whether the node is a chance node.
    pub fn is_chance(&self, st: &State) -> bool {
        self.pending_step(st).is_some_and(|ds| ds.agent == Agent::Chance)
    }

    /// Starts the next setup step, or the first turn when the setup is over.
    pub(crate) fn next_setup_step(&self, st: &mut State) {
        if (st.setup_done as usize) < self.setup_steps.len() {
            let step = self.setup_steps[st.setup_done as usize];
            st.pend = NONE;
            st.pend_n = 0;
            self.enter_step(st, step);
        } else {
            st.set_pending(None);
            st.to_move = st.first;
        }
    }

    /// Makes `step` the pending decision; steps with no real choice resolve at once
    /// (a chance step with one possible outcome, a move with nowhere to go).
    pub(crate) fn enter_step(&self, st: &mut State, step: StepId) {
        st.set_pending(Some(step));
        let ds = self.step(step);
        st.to_move = self.agent_player(st, ds);
        let mut list = MoveList::default();
        self.decision_actions(st, &mut list);
        // A chance node with one possible outcome is not a node; nor is a step without actions.
        let forced = list.is_empty() || (list.len() == 1 && ds.agent == Agent::Chance);
        if forced {
            match list.moves.first() {
                Some(m) => {
                    let m = *m;
                    self.apply_decision(st, &m, &[]);
                }
                None => {
                    if let StepBody::Relocate(_, stmts) = &ds.body {
                        let (me, ctx) = (st.to_move, StmtCtx::at_step(st.pend, st.pend));
                        self.exec_stmts(st, me, stmts, &ctx);
                    }
                    self.finish_step(st);
                }
            }
        }
    }

    /// The actions of a pending decision step.
    pub fn decision_actions(&self, st: &State, out: &mut MoveList) {
        out.clear();
        let Some(ds) = self.pending_step(st) else { return };
        let me = st.to_move;
        match &ds.body {
            StepBody::Choose(c, _) => {
                let cx = Ctx::new(self, st, me, NONE);
                for cell in 0..self.board.len() as Cell {
                    if cx.test(c[me as usize], cell, false) {
                        out.moves.push(Move::Choose(cell));
                    }
                }
            }
            StepBody::Outcomes(outs) => {
                let cx = Ctx::new(self, st, me, NONE);
                let chance = ds.agent == Agent::Chance;
                for (i, (_, w, _)) in outs.iter().enumerate() {
                    let possible = match w {
                        Some(e) if chance => cx.eval(self.expr(*e)) > 0,
                        _ => true,
                    };
                    if possible {
                        let i = saturating_u16(i);
                        out.moves.push(if chance { Move::Chance(i) } else { Move::Outcome(i) });
                    }
                }
            }
            StepBody::Relocate(progs, _) => {
                if st.pend != NONE && st.board[st.pend as usize] != 0 {
                    let mut g = Gen::new(self, st, me, st.pend, out, NONE);
                    g.in_step = true;
                    for &p in &progs[me as usize] {
                        g.run(self.program(p));
                    }
                }
            }
        }
    }

    /// Probabilities of the actions of a chance node, in the order of `list`.
    pub fn chance_probs(&self, st: &State, list: &MoveList) -> Vec<f64> {
        let uniform = || vec![1.0 / list.len().max(1) as f64; list.len()];
        let Some(StepBody::Outcomes(outs)) = self.pending_step(st).map(|ds| &ds.body) else { return uniform() };
        let cx = Ctx::new(self, st, st.to_move, NONE);
        let w: Vec<f64> = list
            .moves
            .iter()
            .map(|m| match m {
                Move::Chance(i) | Move::Outcome(i) => match &outs[*i as usize].1 {
                    Some(e) => cx.eval(self.expr(*e)).max(0) as f64,
                    None => 1.0,
                },
                _ => 1.0,
            })
            .collect();
        let total: f64 = w.iter().sum();
        w.iter().map(|x| if total > 0.0 { x / total } else { 1.0 / w.len() as f64 }).collect()
    }

    /// Applies an action of the pending step, then finishes the step.
    pub(crate) fn apply_decision(&self, st: &mut State, m: &Move, effects: &[Effect]) {
        let Some(ds) = self.pending_step(st) else { return };
        let me = st.to_move;
        match (&ds.body, m) {
            (StepBody::Choose(_, stmts), Move::Choose(cell)) => {
                let ctx = StmtCtx::at_step(st.pend, *cell);
                self.exec_stmts(st, me, stmts, &ctx);
            }
            (StepBody::Outcomes(outs), Move::Outcome(i) | Move::Chance(i)) => {
                let ctx = StmtCtx::at_step(st.pend, st.pend);
                self.exec_stmts(st, me, &outs[*i as usize].2, &ctx);
            }
            (StepBody::Relocate(..), Move::Piece(p)) => {
                let _ = self.move_piece(st, me, p, effects);
            }
            _ => {}
        }
        self.finish_step(st);
    }

    /// After a decision: the next setup step, or the end of the turn that scheduled it.
    fn finish_step(&self, st: &mut State) {
        if (st.setup_done as usize) < self.setup_steps.len() {
            st.setup_done += 1;
            self.next_setup_step(st);
        } else {
            st.set_pending(None);
            st.pend = NONE;
            st.pend_n = 0;
            self.end_turn(st, st.pend_player, true);
        }
    }
}
