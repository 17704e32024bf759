//! Repetition: a hash of the position, with the registers only where they matter.

use crate::board::{Cell, NONE};
use crate::engine::action::Move;
use crate::engine::action::MoveList;
use crate::engine::state::State;
use crate::ir::{Game, Kind};

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

    /// A hash of the position for repetition (board, player to move, registers, non-clock
    /// variables): [`Game::key_parts`]' base, with their registers' term only when the
    /// registers change the legal actions.
    pub fn position_key(&self, st: &State) -> u64 {
        let p = self.key_parts(st);
        if p.regs != 0 && (p.long || self.registers_matter(st)) { p.base ^ p.regs } else { p.base }
    }

    /// A hash of the whole position, its registers included whenever one is set: equal to
    /// [`Game::position_key`] unless a register is set that changes nothing, and never asks
    /// that question (which costs two move generations). The search's position keys.
    pub fn state_key(&self, st: &State) -> u64 {
        self.key_parts(st).whole()
    }

    /// The two parts of a position's key: a sum (exclusive or) of one term per occupied
    /// cell, player to move, decision phase, stack piece and non-clock variable, and the
    /// registers' own term.
    pub fn key_parts(&self, st: &State) -> KeyParts {
        let mut base = term(1, st.to_move as u64, 0)
            ^ term(
                2,
                st.phase as u64,
                ((st.pend as u64) << 16) | ((st.setup_done as u64) << 8) | st.pend_player as u64,
            );
        let terms = self.key_terms.get_or_init(|| self.piece_terms());
        if terms.is_empty() {
            for (c, &k) in st.board.iter().enumerate() {
                if k != 0 {
                    base ^= self.piece_term(c, k);
                }
            }
        } else {
            let nk = self.kind_type.len();
            for (c, &k) in st.board.iter().enumerate() {
                if k != 0 {
                    base ^= terms[c * nk + k as usize];
                }
            }
        }
        for (i, &(c, k)) in st.stacks.iter().enumerate() {
            base ^= term(4, i as u64, ((c as u64) << 8) | k as u64);
        }
        let mut vars = 0;
        for v in self.vars.iter().filter(|v| !v.clock) {
            let n = if v.per_player { self.np() } else { 1 };
            for i in 0..n {
                let slot = v.slot.at(i);
                vars ^= term(5, slot as u64, st.vars[slot] as u64);
            }
        }
        base ^= vars;
        let mut regs = 0;
        let mut long = false;
        for (i, &r) in st.regs.iter().enumerate().filter(|(_, r)| **r != NONE) {
            regs ^= term(6, i as u64, r as u64);
            long |= self.long_regs.get(i).copied().unwrap_or(false);
        }
        if regs != 0 {
            regs ^= term(7, st.fresh as u64, 0);
        }
        KeyParts { base, regs, long, vars }
    }

    /// The key term of a piece of kind `k` (not 0) on cell `c`: whether it has moved
    /// counts only for types that track it.
    fn piece_term(&self, c: usize, k: Kind) -> u64 {
        let k = if self.tracks_moved[self.kind_type[k as usize] as usize] { k } else { self.unmoved(k) };
        term(3, c as u64, k as u64)
    }

    /// [`Game::piece_term`] of every cell and kind, cell-major (none beyond a million).
    fn piece_terms(&self) -> Vec<u64> {
        let (cells, nk) = (self.board.cells.len(), self.kind_type.len());
        if cells.saturating_mul(nk) > 1 << 20 {
            return vec![];
        }
        (0..cells).flat_map(|c| (0..nk).map(move |k| if k == 0 { 0 } else { self.piece_term(c, k as Kind) })).collect()
    }

    /// Whether `st` (with the key parts `key`, when known) has been seen at least `n - 1`
    /// times in `history` (position keys): the exact [`Game::position_key`] is worked out
    /// only when the base key or the whole key could be repeated that often.
    pub(crate) fn repeated(&self, st: &State, history: &[u64], n: usize, key: Option<&KeyParts>) -> bool {
        let need = n.saturating_sub(1);
        let count = |key: u64| history.iter().filter(|&&h| h == key).count();
        let p = key.copied().unwrap_or_else(|| self.key_parts(st));
        if p.regs == 0 {
            return count(p.base) >= need;
        }
        if count(p.base) < need && count(p.base ^ p.regs) < need {
            return false;
        }
        let key = if p.long || self.registers_matter(st) { p.base ^ p.regs } else { p.base };
        count(key) >= need
    }
}

/// A position key in two parts (see [`Game::key_parts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyParts {
    /// Everything but the registers.
    pub base: u64,
    /// The registers' term (0 when none is set).
    pub regs: u64,
    /// Whether a long register is set (registers then always count).
    pub long: bool,
    /// The variables' term (included in `base`).
    pub vars: u64,
}

impl KeyParts {
    /// The whole key, registers included (see [`Game::state_key`]).
    #[inline]
    pub fn whole(&self) -> u64 {
        self.base ^ self.regs
    }

    /// The key of what stands where and who decides: the variables and registers left out.
    #[inline]
    pub fn board(&self) -> u64 {
        self.base ^ self.vars
    }
}

/// One term of a position key: a well-mixed 64-bit value of a tag and two numbers
/// (splitmix64's finaliser), so that the terms of a position can be combined by exclusive or.
#[inline]
fn term(tag: u64, a: u64, b: u64) -> u64 {
    let mut z = (tag << 58) ^ a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b.wrapping_mul(0xd1b5_4a32_d192_ed69);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
