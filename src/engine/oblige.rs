//! Obligations (`require CLASS [if COND]`): after royal safety, the legal list is cut to
//! the moves an obligation's class ranks highest, while its condition holds.

use crate::board::NONE;
use crate::engine::action::{ANY_TYPE, Effect, Move, MoveList};
use crate::engine::eval::Ctx;
use crate::engine::state::State;
use crate::ir::{Game, MoveClass};

impl Game {
    /// Applies every obligation, in order, to the legal moves `out` at `st`.
    pub(crate) fn oblige(&self, st: &State, out: &mut MoveList) {
        for ob in &self.requires {
            if ob.cond.is_none_or(|c| Ctx::new(self, st, st.to_move, NONE).test(c, NONE, false)) {
                self.keep_best(st, ob.class, out);
            }
        }
    }

    /// Keeps the moves of the highest rank under the obligation's class; all of them when
    /// none ranks above 0.
    fn keep_best(&self, st: &State, class: MoveClass, out: &mut MoveList) {
        let top = class.top();
        let mut best = 0;
        for m in &out.moves {
            best = best.max(self.rank(st, class, m, out));
            if best == top {
                break;
            }
        }
        if best == 0 {
            return;
        }
        let mut keep = 0;
        for i in 0..out.moves.len() {
            let m = out.moves[i];
            if self.rank(st, class, &m, out) == best {
                out.moves[keep] = m;
                keep += 1;
            }
        }
        out.moves.truncate(keep);
    }

    /// `most captures`: 0 for a move that takes nothing, else 1 + how many pieces it takes
    /// (each cell once: a landing capture and every `Remove` of an occupied cell, judged
    /// before the move), or 1 + the sum of their types' values (negative values count 0).
    fn taken_weight(&self, st: &State, m: &Move, effects: &[Effect], by_value: bool) -> u32 {
        let Move::Piece(p) = m else { return 0 };
        let mover = if p.stack != 0 { p.stack } else { st.board[p.from as usize] };
        let weigh =
            |k: u8| if by_value { self.types[self.kind_type[k as usize] as usize].value.max(0) as u32 } else { 1 };
        let mut total = 0u32;
        let mut any = false;
        let landed = st.board[p.to as usize];
        if p.to != p.from && landed != 0 && self.kind_owner[landed as usize] != self.kind_owner[mover as usize] {
            total = total.saturating_add(weigh(landed));
            any = true;
        }
        for (i, e) in effects.iter().enumerate() {
            if let Effect::Remove(c) = *e {
                let k = st.board[c as usize];
                let again = c == p.to || effects[..i].contains(&Effect::Remove(c));
                if k != 0 && !again {
                    total = total.saturating_add(weigh(k));
                    any = true;
                }
            }
        }
        if any { total.saturating_add(1) } else { 0 }
    }

    /// A move's rank under a class (0: not of the class).
    fn rank(&self, st: &State, class: MoveClass, m: &Move, list: &MoveList) -> u32 {
        match class {
            MoveClass::Types(mask) => {
                let ty = match m {
                    Move::Drop { ty, .. } => *ty,
                    Move::Piece(p) => {
                        let k = if p.stack != 0 { p.stack } else { st.board[p.from as usize] };
                        self.kind_type[k as usize]
                    }
                    Move::Choose(_) | Move::Outcome(_) | Move::Chance(_) | Move::Pass => return 0,
                };
                u32::from(mask & (1 << ty) != 0)
            }
            MoveClass::Capture => u32::from(self.is_capture(st, m, list.effects_of(m), ANY_TYPE)),
            MoveClass::Drop => u32::from(matches!(m, Move::Drop { .. })),
            MoveClass::Most { by_value } => self.taken_weight(st, m, list.effects_of(m), by_value),
        }
    }
}
