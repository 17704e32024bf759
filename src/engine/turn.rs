//! Turn bookkeeping: registers at the start and end of a turn, per-piece tallies, and
//! passing the turn on.

use crate::board::{Cell, NONE};
use crate::engine::movegen::Gen;
use crate::engine::state::State;
use crate::ir::Game;

impl Game {
    /// The start of a turn: registers that do not last are cleared.
    #[inline(always)]
    pub(crate) fn start_turn(&self, st: &mut State) {
        for (i, r) in st.regs.iter_mut().enumerate() {
            if !self.long_regs[i] {
                *r = NONE;
            }
        }
    }

    /// The end of a turn of `mover`: tallies (when asked), long registers not set during the
    /// turn are cleared, and the next player is to move.
    #[inline(always)]
    pub(crate) fn end_turn(&self, st: &mut State, mover: u8, tallies: bool) {
        if tallies {
            self.count_tallies(st, mover);
        }
        if self.long_regs.iter().any(|&l| l) {
            for (i, r) in st.regs.iter_mut().enumerate() {
                if self.long_regs[i] && st.fresh & (1 << i) == 0 {
                    *r = NONE;
                }
            }
            st.fresh = 0;
        }
        st.to_move = (mover + 1) % self.np() as u8;
    }

    /// Tallies after a completed turn of `mover`: each of the mover's pieces whose tally
    /// pattern matches now and did not at the end of the previous turn counts one; every
    /// piece's "matched" flag is brought up to date.
    fn count_tallies(&self, st: &mut State, mover: u8) {
        let cells = st.board.len();
        for (i, t) in self.tallies.iter().enumerate() {
            for c in 0..cells {
                let k = st.board[c];
                if !t.carries[k as usize] {
                    continue;
                }
                let owner = self.kind_owner[k as usize];
                // A neutral piece is judged as the player who just moved sees it.
                let view = if self.is_neutral(owner) { mover } else { owner };
                let (v, before) = self.tally(k, i);
                let start = t.may_start(view, c, cells);
                if !start && !before {
                    // No match now nor before: nothing changes.
                    continue;
                }
                let now = start && Gen::matches(self, st, view, c as Cell, t.progs[view as usize]);
                if now != before {
                    let v = if owner == mover && now { v.saturating_add(1) } else { v };
                    st.board[c] = self.with_tally(k, i, v, now);
                }
            }
        }
    }
}
