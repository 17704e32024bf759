//! Repetition: a hash of the position, with the registers only where they matter.

use crate::board::{Cell, NONE};
use crate::engine::action::Move;
use crate::engine::action::MoveList;
use crate::engine::state::State;
use crate::ir::Game;

/// What two actions must share to count as the same for repetition: origin, landing,
/// promotion (type + 1, 0 for none) and the chosen cell or outcome index.
fn action_key(m: &Move) -> (Cell, Cell, u8, Cell) {
    match *m {
        Move::Piece(p) => (p.from, p.to, p.promo.map_or(0, |t| t + 1), p.chosen.map_or(NONE, |c| c.cell)),
        Move::Drop { ty, to } => (NONE, to, ty + 1, NONE),
        Move::Choose(c) => (NONE, c, 0, NONE),
        Move::Outcome(i) | Move::Chance(i) => (NONE, NONE, 0, i),
        Move::Pass => (NONE, NONE, 0, NONE),
    }
}

impl Game {
    /// Whether the registers change the legal actions (else repetition ignores them).
    fn registers_matter(&self, st: &State) -> bool {
        let actions = |s: &State| {
            let mut l = MoveList::default();
            let mut scratch = s.clone();
            self.legal_moves(s, &mut l, &mut scratch);
            let mut v: Vec<(Cell, Cell, u8, Cell)> = l.moves.iter().map(action_key).collect();
            v.sort_unstable();
            v
        };
        let mut cleared = st.clone();
        cleared.regs.iter_mut().for_each(|r| *r = NONE);
        cleared.fresh = 0;
        actions(st) != actions(&cleared)
    }

    /// A hash of the position for repetition (board, player to move, registers, non-clock variables).
    pub fn position_key(&self, st: &State) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |v: u64| {
            h ^= v;
            h = h.wrapping_mul(0x0100_0000_01b3);
            h ^= h >> 29;
        };
        for &k in &st.board {
            let k = if k != 0 && !self.tracks_moved[self.kind_type[k as usize] as usize] { self.unmoved(k) } else { k };
            mix(k as u64);
        }
        mix(st.to_move as u64 + 1000);
        mix(((st.phase as u64) << 32)
            | ((st.pend as u64) << 16)
            | ((st.setup_done as u64) << 8)
            | st.pend_player as u64);
        // Registers are part of the position only when they change what can be done
        // (an en-passant cell no capture can use does not make a position different).
        // (A long register, which exists to restrict moves, is taken as mattering.)
        let long_set =
            st.regs.iter().enumerate().any(|(i, &r)| r != NONE && self.long_regs.get(i).copied().unwrap_or(false));
        if st.regs.iter().any(|&r| r != NONE) && (long_set || self.registers_matter(st)) {
            for &r in &st.regs {
                mix(r as u64);
            }
            mix(st.fresh as u64);
        }
        for &(c, k) in &st.stacks {
            mix(((c as u64) << 8) | k as u64);
        }
        for v in &self.vars {
            if !v.clock {
                let n = if v.per_player { self.np() } else { 1 };
                for i in 0..n {
                    mix(st.vars[v.slot.at(i)] as u64);
                }
            }
        }
        h
    }
}
