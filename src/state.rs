//! Game state and applying moves (copy-make: the caller clones, then applies).

use crate::board::{Cell, NONE};
use crate::dsl::ast::{AssignOp, Event};
use crate::game::{Game, Kind, Stmt};

/// A position: board, player to move, variables, registers and piece counts.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Kind per cell (0 = empty).
    pub board: Vec<Kind>,
    /// Player to move.
    pub to_move: u8,
    /// Variable slots.
    pub vars: Vec<i64>,
    /// Cell registers (cleared every turn).
    pub regs: Vec<Cell>,
    /// Piece counts per (type * players + owner).
    pub counts: Vec<u8>,
    /// Cell of each player's royal piece when it has exactly one, else NONE.
    pub royal: Vec<Cell>,
}

impl Clone for State {
    fn clone(&self) -> Self {
        State {
            board: self.board.clone(),
            to_move: self.to_move,
            vars: self.vars.clone(),
            regs: self.regs.clone(),
            counts: self.counts.clone(),
            royal: self.royal.clone(),
        }
    }

    /// Copies field by field, reusing the allocations (the engine's copy-make relies on it).
    fn clone_from(&mut self, o: &Self) {
        self.board.clone_from(&o.board);
        self.to_move = o.to_move;
        self.vars.clone_from(&o.vars);
        self.regs.clone_from(&o.regs);
        self.counts.clone_from(&o.counts);
        self.royal.clone_from(&o.royal);
    }
}

/// A side effect recorded by a movement pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Remove the piece on a cell (a capture).
    Remove(Cell),
    /// Move the piece on the first cell to the second.
    Carry(Cell, Cell),
    /// Set a register.
    SetReg(u8, Cell),
}

/// A move: the moving piece's origin and landing, promotion, and effects in an arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin.
    pub from: Cell,
    /// Landing cell.
    pub to: Cell,
    /// Type index + 1 of a promotion, 0 for none.
    pub promo: u8,
    /// A cell the mover chose in addition (shown in notation), or NONE.
    pub choice: Cell,
    /// First effect in the list's arena.
    pub eff: u32,
    /// Number of effects.
    pub neff: u16,
}

/// Moves and the arena of their effects.
#[derive(Debug, Clone, Default)]
pub struct MoveList {
    /// Moves.
    pub moves: Vec<Move>,
    /// Effects, indexed by `Move::eff`.
    pub effects: Vec<Effect>,
}

impl MoveList {
    /// Removes everything, keeping the allocations.
    pub fn clear(&mut self) {
        self.moves.clear();
        self.effects.clear();
    }

    /// The effects of a move.
    pub fn effects_of(&self, m: &Move) -> &[Effect] {
        &self.effects[m.eff as usize..m.eff as usize + m.neff as usize]
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// No moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

impl Game {
    /// The starting position.
    pub fn initial(&self) -> State {
        let mut st = State {
            board: self.setup.clone(),
            to_move: 0,
            vars: self.init_vars.clone(),
            regs: vec![NONE; self.registers.len()],
            counts: vec![],
            royal: vec![],
        };
        self.refresh(&mut st);
        st
    }

    /// Recomputes derived fields (counts, royal cells) from the board.
    pub fn refresh(&self, st: &mut State) {
        st.counts = vec![0; self.types.len() * self.np()];
        for &k in &st.board {
            if k != 0 {
                st.counts[self.kind_type[k as usize] as usize * self.np() + self.kind_owner[k as usize] as usize] += 1;
            }
        }
        self.find_royals(st);
    }

    fn find_royals(&self, st: &mut State) {
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

    #[inline]
    fn count_slot(&self, k: Kind) -> usize {
        self.kind_type[k as usize] as usize * self.np() + self.kind_owner[k as usize] as usize
    }

    #[inline]
    fn is_royal(&self, k: Kind) -> bool {
        k != 0 && self.types[self.kind_type[k as usize] as usize].royal
    }

    /// Applies a move of the player to move and passes the turn.
    pub fn apply(&self, st: &mut State, m: &Move, effects: &[Effect]) {
        let me = st.to_move;
        let mover = st.board[m.from as usize];
        let mover_type = self.kind_type[mover as usize];
        // A lone royal piece that simply moves is tracked directly; anything else rescans.
        let mut royal_touched = false;
        if self.is_royal(mover) {
            if st.royal[me as usize] == m.from {
                st.royal[me as usize] = m.to;
            } else {
                royal_touched = true;
            }
        }
        let mut captured: [u8; 16] = [0; 16];
        let mut ncap = 0;
        for r in st.regs.iter_mut() {
            *r = NONE;
        }
        let victim = if m.to != m.from { st.board[m.to as usize] } else { 0 };
        if victim != 0 {
            st.counts[self.count_slot(victim)] -= 1;
            royal_touched |= self.is_royal(victim);
            captured[ncap] = self.kind_type[victim as usize];
            ncap += 1;
        }
        st.board[m.from as usize] = 0;
        let landed = if m.promo != 0 {
            st.counts[self.count_slot(mover)] -= 1;
            let k = self.kind(m.promo - 1, me, true);
            st.counts[self.count_slot(k)] += 1;
            royal_touched |= self.is_royal(k);
            k
        } else {
            self.moved(mover)
        };
        st.board[m.to as usize] = landed;
        for e in effects {
            match *e {
                Effect::Remove(c) => {
                    let k = st.board[c as usize];
                    if k != 0 {
                        st.counts[self.count_slot(k)] -= 1;
                        royal_touched |= self.is_royal(k);
                        if ncap < captured.len() {
                            captured[ncap] = self.kind_type[k as usize];
                            ncap += 1;
                        }
                        st.board[c as usize] = 0;
                    }
                }
                Effect::Carry(a, b) => {
                    let k = st.board[a as usize];
                    st.board[a as usize] = 0;
                    st.board[b as usize] = self.moved(k);
                    royal_touched |= self.is_royal(k);
                }
                Effect::SetReg(r, c) => st.regs[r as usize] = c,
            }
        }
        if !self.triggers.is_empty() {
            self.fire(st, me, mover_type, &captured[..ncap], m);
        }
        st.to_move = (me + 1) % self.np() as u8;
        if royal_touched {
            self.find_royals(st);
        }
    }

    fn fire(&self, st: &mut State, me: u8, mover_type: u8, captured: &[u8], m: &Move) {
        for t in &self.triggers {
            if t.by.is_some_and(|p| p != me) {
                continue;
            }
            let times = match t.event {
                Event::Move => (t.types == 0 || t.types & (1 << mover_type) != 0) as usize,
                Event::Capture => captured.iter().filter(|&&c| t.types == 0 || t.types & (1 << c) != 0).count(),
                Event::Turn => 1,
            };
            for _ in 0..times {
                if let Some(c) = t.cond {
                    let cx = crate::eval::Ctx::new(self, st, me, m.from);
                    if !cx.test(c, NONE, true) {
                        continue;
                    }
                }
                for s in &t.stmts {
                    self.exec_stmt(st, me, s, m);
                }
            }
        }
    }

    fn exec_stmt(&self, st: &mut State, me: u8, s: &Stmt, m: &Move) {
        match s {
            Stmt::Assign(slot, per, op, e) => {
                let v = crate::eval::Ctx::new(self, st, me, m.from).eval(e);
                let i = *slot as usize + if *per { me as usize } else { 0 };
                match op {
                    AssignOp::Set => st.vars[i] = v,
                    AssignOp::Add => st.vars[i] += v,
                    AssignOp::Sub => st.vars[i] -= v,
                }
            }
            Stmt::Drop(t, slot, at_from) => {
                let i = *slot as usize + me as usize;
                let c = if *at_from { m.from } else { m.to } as usize;
                if st.vars[i] > 0 && st.board[c] == 0 {
                    st.vars[i] -= 1;
                    let k = self.kind(*t, me, false);
                    st.board[c] = k;
                    st.counts[self.count_slot(k)] += 1;
                    if self.is_royal(k) {
                        self.find_royals(st);
                    }
                }
            }
        }
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
        for &r in &st.regs {
            mix(r as u64);
        }
        for v in &self.vars {
            if !v.clock {
                let n = if v.per_player { self.np() } else { 1 };
                for i in 0..n {
                    mix(st.vars[v.slot as usize + i] as u64);
                }
            }
        }
        h
    }
}
