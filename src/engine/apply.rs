//! Applying actions (copy-make: the caller clones, then applies): a move of the player
//! to move, with its triggers and follow-up step, or a decision of a pending step.

use crate::board::{Cell, NONE};
use crate::engine::action::{Effect, Move, PieceMove};
use crate::engine::pieces::Moved;
use crate::engine::state::State;
use crate::ir::{Game, StepId};

impl Game {
    /// The starting position (at the first setup decision, if the game has a setup).
    pub fn initial(&self) -> State {
        let mut st = State {
            board: self.setup.clone(),
            stacks: self.setup_stacks.clone(),
            vars: self.init_vars.clone(),
            regs: vec![NONE; self.registers.len()],
            ..State::default()
        };
        self.refresh(&mut st);
        self.next_setup_step(&mut st);
        st
    }

    /// Applies an action at the current node: a move of the player to move (then the turn
    /// passes, or a follow-up decision starts), or a decision of a pending step.
    pub fn apply(&self, st: &mut State, m: &Move, effects: &[Effect]) {
        self.apply_with(st, m, effects, true)
    }

    /// Applies a move for a legality test: the same, except that per-piece tallies of
    /// the mover are not brought up to date (they never change what the opponent attacks),
    /// nor triggers run when they only set counters that no attack reads.
    pub fn apply_for_legality(&self, st: &mut State, m: &Move, effects: &[Effect]) {
        self.apply_with(st, m, effects, false)
    }

    fn apply_with(&self, st: &mut State, m: &Move, effects: &[Effect], tallies: bool) {
        if st.pending().is_some() {
            return self.apply_decision(st, m, effects);
        }
        let me = st.to_move;
        self.start_turn(st);
        let then = match m {
            Move::Piece(p) => self.apply_piece(st, me, p, effects, tallies || !self.attack.idle_triggers),
            Move::Drop { ty, to } => {
                self.apply_drop(st, me, *ty, *to);
                None
            }
            Move::Pass => {
                if !self.triggers.is_empty() {
                    self.fire_pass(st, me);
                }
                None
            }
            // Decisions only happen at a pending step.
            Move::Choose(_) | Move::Outcome(_) | Move::Chance(_) => None,
        };
        match then {
            Some((step, cell, removed)) => {
                st.pend = cell;
                st.pend_n = removed;
                st.pend_player = me;
                self.enter_step(st, step);
            }
            None => self.end_turn(st, me, tallies),
        }
    }

    /// Moves a piece with its effects and fires the triggers. Returns the follow-up step
    /// the move schedules, with its cell and the number of pieces the move removed.
    #[inline]
    fn apply_piece(
        &self,
        st: &mut State,
        me: u8,
        m: &PieceMove,
        effects: &[Effect],
        triggers: bool,
    ) -> Option<(StepId, Cell, u8)> {
        let mut done = Moved::default();
        self.shift_piece(st, me, m, effects, &mut done);
        if triggers && !self.triggers.is_empty() {
            self.fire(st, me, done.mover_type, done.captured(), m.from, m.to);
        }
        if done.royal_touched {
            self.find_royals(st);
        }
        done.then.map(|(s, c)| (s, c, done.removed))
    }

    /// A piece of type `ty` comes from `me`'s reserve onto the empty cell `to`; the
    /// triggers fire.
    fn apply_drop(&self, st: &mut State, me: u8, ty: u8, to: Cell) {
        self.place_drop(st, me, ty, to);
        if !self.triggers.is_empty() {
            self.fire(st, me, ty, &[], NONE, to);
        }
    }
}
