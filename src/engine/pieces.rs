//! Pieces on a position: counts, royal cells, stacks, and the board-level part of moving
//! a piece or dropping one (no triggers, no turn bookkeeping: see `apply`).

use crate::board::{Cell, NONE};
use crate::engine::action::{Chosen, ChosenAs, Effect, PieceMove};
use crate::engine::state::State;
use crate::ir::limits::MAX_CAPTURED;
use crate::ir::{Game, Kind, StepId};

/// What moving a piece did, for the triggers and the follow-up step.
#[derive(Default)]
pub(crate) struct Moved {
    /// The moving piece's type (before any promotion).
    pub mover_type: u8,
    /// Kinds of the pieces taken, in order (the first `ncap`), as they stood on the board.
    pub captured: [Kind; MAX_CAPTURED],
    /// How many of `captured` are set.
    pub ncap: usize,
    /// Pieces removed from the board, stacked pieces included.
    pub removed: u8,
    /// The follow-up step the move schedules, with its cell.
    pub then: Option<(StepId, Cell)>,
    /// Whether royal cells must be found again.
    pub royal_touched: bool,
}

impl Moved {
    #[inline]
    fn took(&mut self, k: Kind) {
        if self.ncap < MAX_CAPTURED {
            self.captured[self.ncap] = k;
            self.ncap += 1;
        }
    }

    /// The captured pieces' kinds.
    #[inline]
    pub fn captured(&self) -> &[Kind] {
        &self.captured[..self.ncap]
    }
}

impl Game {
    /// Recomputes derived fields (counts, royal cells) from the board.
    pub fn refresh(&self, st: &mut State) {
        st.counts = vec![0; self.types.len() * self.nf()];
        for &k in st.board.iter().chain(st.stacks.iter().map(|(_, k)| k)) {
            if k != 0 {
                let n = &mut st.counts
                    [self.kind_type[k as usize] as usize * self.nf() + self.kind_owner[k as usize] as usize];
                *n = n.saturating_add(1);
            }
        }
        self.find_royals(st);
    }

    /// Finds each player's royal cell again (NONE unless it has exactly one royal piece).
    pub(crate) fn find_royals(&self, st: &mut State) {
        st.royal = vec![NONE; self.np()];
        let mut n = vec![0; self.np()];
        for (c, &k) in st.board.iter().enumerate() {
            if k != 0 && self.types[self.kind_type[k as usize] as usize].royal {
                let o = self.kind_owner[k as usize] as usize;
                n[o] += 1;
                st.royal[o] = c as Cell;
            }
        }
        for (o, &cnt) in n.iter().enumerate() {
            if cnt != 1 {
                st.royal[o] = NONE;
            }
        }
    }

    /// The slot of a kind in `State::counts`.
    #[inline]
    pub(crate) fn count_slot(&self, k: Kind) -> usize {
        self.kind_type[k as usize] as usize * self.nf() + self.kind_owner[k as usize] as usize
    }

    #[inline]
    pub(crate) fn is_royal(&self, k: Kind) -> bool {
        k != 0 && self.types[self.kind_type[k as usize] as usize].royal
    }

    /// The pieces on a cell: the one on the board, then the rest of its stack.
    pub fn pieces_at<'s>(&self, st: &'s State, c: Cell) -> impl Iterator<Item = Kind> + 's {
        let first = st.board[c as usize];
        std::iter::once(first)
            .filter(|&k| k != 0)
            .chain(st.stacks.iter().filter(move |(x, _)| *x == c).map(|(_, k)| *k))
    }

    /// Takes a piece of kind `k` out of the stack on `c`; another piece of the stack (the
    /// smallest kind) takes the board slot.
    fn take_stacked(&self, st: &mut State, c: Cell, k: Kind) {
        if st.board[c as usize] == k {
            st.board[c as usize] = 0;
        } else if let Some(i) = st.stacks.iter().position(|&e| e == (c, k)) {
            st.stacks.remove(i);
        }
        self.refill(st, c);
    }

    /// Keeps a stack canonical: the board holds its smallest kind, the rest are sorted.
    fn refill(&self, st: &mut State, c: Cell) {
        if !st.stacks.iter().any(|(x, _)| *x == c) {
            return;
        }
        let b = st.board[c as usize];
        if b != 0 {
            st.stacks.push((c, b));
        }
        st.stacks.sort_unstable();
        let i = st.stacks.iter().position(|(x, _)| *x == c).unwrap();
        st.board[c as usize] = st.stacks.remove(i).1;
    }

    /// Removes every piece of the stack on `c` except the board's (a capture of the cell).
    pub(crate) fn clear_stack(&self, st: &mut State, c: Cell) -> u8 {
        let mut n = 0;
        let mut i = 0;
        while i < st.stacks.len() {
            if st.stacks[i].0 == c {
                let k = st.stacks.remove(i).1;
                st.counts[self.count_slot(k)] -= 1;
                n += 1;
            } else {
                i += 1;
            }
        }
        n
    }

    /// Moves a piece with its effects, without triggers, and finds the royal cells again
    /// when needed. Returns the follow-up step the move schedules, with its cell and the
    /// number of pieces the move removed.
    pub(crate) fn move_piece(
        &self,
        st: &mut State,
        me: u8,
        m: &PieceMove,
        effects: &[Effect],
    ) -> Option<(StepId, Cell, u8)> {
        let mut done = Moved::default();
        self.shift_piece(st, me, m, effects, &mut done);
        if done.royal_touched {
            self.find_royals(st);
        }
        done.then.map(|(s, c)| (s, c, done.removed))
    }

    /// Moves a piece with its effects: takes what stands on the landing cell, promotes,
    /// applies the effects, and records what it did in `done` (a fresh `Moved`). Royal
    /// cells are left to the caller (see `Moved::royal_touched`).
    pub(crate) fn shift_piece(&self, st: &mut State, me: u8, m: &PieceMove, effects: &[Effect], done: &mut Moved) {
        let mover = if m.stack != 0 { m.stack } else { st.board[m.from as usize] };
        done.mover_type = self.kind_type[mover as usize];
        // A lone royal piece that simply moves is tracked directly; anything else rescans.
        if self.is_royal(mover) {
            if st.royal[me as usize] == m.from {
                st.royal[me as usize] = m.to;
            } else {
                done.royal_touched = true;
            }
        }
        let victim = if m.to != m.from { st.board[m.to as usize] } else { 0 };
        if victim != 0 && self.kind_owner[victim as usize] == self.kind_owner[mover as usize] {
            return self.shift_onto_carried(st, m, mover, effects, done);
        }
        if victim != 0 {
            self.take_landing_victim(st, m.to, victim, done);
        }
        if m.stack != 0 {
            self.take_stacked(st, m.from, m.stack);
        } else {
            st.board[m.from as usize] = 0;
        }
        st.board[m.to as usize] = self.landed_kind(st, mover, m.promo, done);
        for e in effects {
            self.apply_effect(st, *e, done);
        }
        if let Some(Chosen { cell, how: ChosenAs::Entry(t) }) = m.chosen {
            self.place_drop(st, me, t, cell);
        }
    }

    /// A move landing on a friendly piece that its own effects carry away (the generator
    /// allows no other): the mover leaves its origin, the first effect carrying the piece
    /// off the landing cell happens, the mover lands, then the other effects in order.
    #[cold]
    fn shift_onto_carried(&self, st: &mut State, m: &PieceMove, mover: Kind, effects: &[Effect], done: &mut Moved) {
        if m.stack != 0 {
            self.take_stacked(st, m.from, m.stack);
        } else {
            st.board[m.from as usize] = 0;
        }
        let first = effects.iter().position(|e| matches!(*e, Effect::Carry(a, _) if a == m.to));
        if let Some(i) = first {
            self.apply_effect(st, effects[i], done);
        }
        let victim = st.board[m.to as usize];
        if victim != 0 {
            self.take_landing_victim(st, m.to, victim, done);
        }
        st.board[m.to as usize] = self.landed_kind(st, mover, m.promo, done);
        for (i, e) in effects.iter().enumerate() {
            if Some(i) != first {
                self.apply_effect(st, *e, done);
            }
        }
    }

    /// The piece on the landing cell is taken (with the rest of its stack).
    #[inline(always)]
    fn take_landing_victim(&self, st: &mut State, to: Cell, victim: Kind, done: &mut Moved) {
        if !st.stacks.is_empty() {
            done.removed = done.removed.saturating_add(self.clear_stack(st, to));
        }
        st.counts[self.count_slot(victim)] -= 1;
        done.royal_touched |= self.is_royal(victim);
        done.took(victim);
        done.removed += 1;
    }

    /// The kind that lands: the mover, marked as moved, or its promotion.
    #[inline(always)]
    fn landed_kind(&self, st: &mut State, mover: Kind, promo: Option<u8>, done: &mut Moved) -> Kind {
        let Some(t) = promo else { return self.moved(mover) };
        st.counts[self.count_slot(mover)] -= 1;
        let k = self.with_promotion_memory(self.kind(t, self.kind_owner[mover as usize], true), mover);
        st.counts[self.count_slot(k)] += 1;
        done.royal_touched |= self.is_royal(k);
        k
    }

    /// One recorded effect of a piece move.
    #[inline(always)]
    fn apply_effect(&self, st: &mut State, e: Effect, done: &mut Moved) {
        match e {
            Effect::Remove(c) => {
                let k = st.board[c as usize];
                if k != 0 && !st.stacks.is_empty() {
                    done.removed = done.removed.saturating_add(self.clear_stack(st, c));
                }
                if k != 0 {
                    st.counts[self.count_slot(k)] -= 1;
                    done.royal_touched |= self.is_royal(k);
                    done.took(k);
                    done.removed = done.removed.saturating_add(1);
                    st.board[c as usize] = 0;
                }
            }
            Effect::Carry(a, b) => {
                let k = st.board[a as usize];
                st.board[a as usize] = 0;
                st.board[b as usize] = self.moved(k);
                if !st.stacks.is_empty() {
                    self.refill(st, a);
                }
                done.royal_touched |= self.is_royal(k);
            }
            Effect::SetReg(r, c) => {
                st.regs[r as usize] = c;
                if self.long_regs[r as usize] {
                    st.fresh |= 1 << r;
                }
            }
            Effect::Then(step, c) => done.then = Some((step, c)),
            Effect::Via(_) => {}
        }
    }

    /// A piece of type `ty` comes from `me`'s reserve onto the empty cell `to`.
    pub(crate) fn place_drop(&self, st: &mut State, me: u8, ty: u8, to: Cell) {
        if let Some(&(_, slot)) = self.reserves.iter().find(|(x, _)| *x == ty) {
            st.vars[slot.at(me as usize)] -= 1;
        }
        let k = self.kind(ty, me, true);
        st.board[to as usize] = k;
        st.counts[self.count_slot(k)] += 1;
        if self.is_royal(k) {
            self.find_royals(st);
        }
    }
}
