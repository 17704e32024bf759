//! What a landing does to the pieces around it: custodian captures (the enemies it hems
//! in, found from per-cell flanks, by cell sets on boards of up to 128 cells) and push
//! rules (the pieces it must push, judged before the move when the rules allow).

use super::Gen;
use crate::board::{Cell, NONE};
use crate::engine::action::{Chosen, ChosenAs, Effect, PieceMove};
use crate::engine::eval::Ctx;
use crate::engine::state::State;
use crate::ir::limits::{MAX_CUSTODIAN_VICTIMS, MAX_PUSHED};
use crate::ir::{CustodianRule, cell_bit};

/// A move's custodian victims (the first `.1` of `.0`), and whether the mover picks one.
pub(super) type Victims = ([Cell; MAX_CUSTODIAN_VICTIMS], usize, bool);

impl Gen<'_> {
    /// Takes the position's occupancy as sets, for custodian captures to test cells a set
    /// at a time (games with such rules on boards of up to 128 cells; else nothing).
    pub fn know_occupancy(&mut self) {
        let (g, st) = (self.cx.g, self.cx.st);
        if g.custodians.iter().any(|r| r.flank_sets.len() != r.flanks.len()) || st.board.len() > 128 {
            return;
        }
        let (mut mine, mut others) = (0, 0);
        for (c, &k) in st.board.iter().enumerate() {
            if k != 0 {
                let bit = cell_bit(c as Cell);
                if g.kind_owner[k as usize] == self.cx.me { mine |= bit } else { others |= bit }
            }
        }
        self.occ = Some((mine, others));
    }

    /// Custodian captures of a move from `from` to `to`: the victims around the landing
    /// cell, judged after the move, and whether the mover picks one of them. With the
    /// occupancy sets (see [`Gen::know_occupancy`]) a cell is a bit test; without them,
    /// a lookup of its piece.
    #[inline(always)]
    pub(super) fn custodian_victims(&self, from: Cell, to: Cell) -> Victims {
        match self.occ {
            Some((mine, others)) if self.cx.ghost == NONE => {
                // After the move: the origin is empty and the landing cell is the mover's.
                let mine = (mine & !cell_bit(from)) | cell_bit(to);
                let others = others & !cell_bit(self.cx.origin);
                self.victims_where(
                    to,
                    |rule| others & rule.reach[to as usize] != 0,
                    |rule, i| others & rule.flank_sets[i].victim != 0,
                    |rule, i, need| {
                        let (f, sets) = (&rule.flanks[i], &rule.flank_sets[i]);
                        match need {
                            None => mine & sets.beyond != 0,
                            Some(need) => at_least(mine & sets.beside, (f.beside.1 - f.beside.0).min(need as u32)),
                        }
                    },
                )
            }
            _ => self.custodian_victims_walk(from, to),
        }
    }

    /// [`Gen::custodian_victims`] by a lookup of each cell's piece (apart, so that the
    /// generator's hot loops do not carry it).
    #[inline(never)]
    fn custodian_victims_walk(&self, from: Cell, to: Cell) -> Victims {
        let g = self.cx.g;
        let mine = |c: Cell| {
            c == to
                || (c != from && {
                    let k = self.cx.st.board[c as usize];
                    k != 0 && g.kind_owner[k as usize] == self.cx.me
                })
        };
        self.victims_where(
            to,
            |_| true,
            |rule, i| {
                // The origin reads as empty.
                let k = self.cx.at(rule.flanks[i].victim, true);
                k != 0 && g.kind_owner[k as usize] != self.cx.me
            },
            |rule, i, need| {
                let f = &rule.flanks[i];
                match need {
                    None => f.beyond != NONE && mine(f.beyond),
                    Some(need) => {
                        let beside = &rule.beside[f.beside.0 as usize..f.beside.1 as usize];
                        let need = beside.len().min(need as usize);
                        beside.iter().filter(|&&c| mine(c)).take(need).count() == need
                    }
                }
            },
        )
    }

    /// The victims of the custodian rules around `to`: of each rule that may have one
    /// (`near`), each flank whose cell holds an enemy (`enemy`) that the mover hems in
    /// (`held`, given the rule's colour count, None for a line).
    #[inline(always)]
    fn victims_where(
        &self,
        to: Cell,
        near: impl Fn(&CustodianRule) -> bool,
        enemy: impl Fn(&CustodianRule, usize) -> bool,
        held: impl Fn(&CustodianRule, usize, Option<u8>) -> bool,
    ) -> Victims {
        let mut victims = [NONE; MAX_CUSTODIAN_VICTIMS];
        let mut nv = 0;
        let mut choose = false;
        for rule in &self.cx.g.custodians {
            choose |= rule.choose;
            if !near(rule) {
                continue;
            }
            for i in rule.flanks_at[to as usize] as usize..rule.flanks_at[to as usize + 1] as usize {
                let victim = rule.flanks[i].victim;
                if enemy(rule, i)
                    && held(rule, i, rule.colour)
                    && nv < victims.len()
                    && !victims[..nv].contains(&victim)
                {
                    victims[nv] = victim;
                    nv += 1;
                }
            }
        }
        (victims, nv, choose)
    }

    /// A move with its custodian captures: every victim is removed, or, when the mover
    /// picks, one move per victim, written `xCELL` (checking keeps `written` out of such
    /// games, so `written` is never lost).
    #[inline(always)]
    pub(super) fn emit_custodian(&mut self, from: Cell, to: Cell, promo: Option<u8>, written: Option<Chosen>) {
        if self.cx.g.custodians.is_empty() {
            return self.emit_pushes(from, to, promo, written);
        }
        self.emit_with_victims(from, to, promo, written);
    }

    fn emit_with_victims(&mut self, from: Cell, to: Cell, promo: Option<u8>, written: Option<Chosen>) {
        let (victims, nv, choose) = self.custodian_victims(from, to);
        if nv == 0 {
            return self.emit_pushes(from, to, promo, written);
        }
        let base = self.neffects;
        if choose {
            for &v in &victims[..nv] {
                self.neffects = base;
                if self.record(Effect::Remove(v)) {
                    self.add_move(from, to, promo, Some(Chosen { cell: v, how: ChosenAs::Victim }));
                }
            }
        } else {
            for &v in &victims[..nv] {
                self.record(Effect::Remove(v));
            }
            self.emit_pushes(from, to, promo, written);
        }
        self.neffects = base;
    }

    /// Push rules: when pieces next to the landing cell can be pushed (judged after the move,
    /// or before it where the rules allow), one action per pushed piece, written `>CELL`,
    /// with its follow-up step; else the move.
    #[inline(always)]
    fn emit_pushes(&mut self, from: Cell, to: Cell, promo: Option<u8>, chosen: Option<Chosen>) {
        if self.cx.g.pushes.is_empty() || self.in_step || self.target != NONE {
            return self.add_move(from, to, promo, chosen);
        }
        self.emit_with_pushed(from, to, promo, chosen);
    }

    fn emit_with_pushed(&mut self, from: Cell, to: Cell, promo: Option<u8>, chosen: Option<Chosen>) {
        let g = self.cx.g;
        let me = self.cx.me;
        // A plain move (nothing promoted or chosen, no effect but registers) leaves the
        // cells around `to` as they are, but the origin: rules that read only those and the
        // mover's type are judged on the position as it stands, the origin seen as empty
        // or as the rest of the stack the piece leaves.
        let plain = promo.is_none()
            && chosen.is_none()
            && self.effects[..self.neffects].iter().all(|e| matches!(e, Effect::SetReg(..)));
        if plain && g.pushes.iter().all(|r| r.before) {
            let mut cx = Ctx::new(g, self.cx.st, me, from);
            let vacated = if self.stack != 0 { self.stack_left(&mut cx, from) } else { from };
            return self.push_choices(&cx, from, to, promo, chosen, vacated);
        }
        // The position after the move, in a buffer the generator keeps for the next one.
        let mut after = match self.after.take() {
            Some(mut a) => {
                a.clone_from(self.cx.st);
                a
            }
            None => State::copy_pooled(self.cx.st),
        };
        let m = PieceMove { from, to, promo, chosen, stack: self.stack, neff: 0, eff: 0 };
        let _ = g.move_piece(&mut after, me, &m, &self.effects[..self.neffects]);
        self.push_choices(&Ctx::new(g, &after, me, to), from, to, promo, chosen, NONE);
        self.after = Some(after);
    }

    /// Makes `cx` see the stack on `from` as its moving piece (on the board slot) leaves it:
    /// the smallest kind of the rest on top, stacked while two or more remain. Returns the
    /// cell left empty: `from` when nothing remains, else none.
    fn stack_left(&self, cx: &mut Ctx, from: Cell) -> Cell {
        let rest = self.cx.st.stacks.iter().filter(|&&(c, _)| c == from).map(|&(_, k)| k);
        let (n, top) = rest.fold((0, u8::MAX), |(n, top), k| (n + 1, top.min(k)));
        if n == 0 {
            return from;
        }
        (cx.ghost, cx.ghost_kind, cx.ghost_stacked) = (from, top, Some(n >= 2));
        NONE
    }

    /// The move from `from` to `to` once per piece it must push, judged by `cx` on the
    /// position after the move, or before it with `vacated` (the origin) read as empty; or
    /// as it is when it pushes nothing.
    fn push_choices(
        &mut self,
        cx: &Ctx,
        from: Cell,
        to: Cell,
        promo: Option<u8>,
        chosen: Option<Chosen>,
        vacated: Cell,
    ) {
        let g = cx.g;
        let mut done = [NONE; MAX_PUSHED];
        let mut nd = 0;
        let base = self.neffects;
        for rule in &g.pushes {
            for &d in &rule.dirs {
                for &e in self.board.targets(to, d) {
                    if e == vacated
                        || cx.st.board[e as usize] == 0
                        || done[..nd].contains(&e)
                        || !cx.test(rule.cond[cx.me as usize], e, false)
                    {
                        continue;
                    }
                    if nd < done.len() {
                        done[nd] = e;
                        nd += 1;
                    }
                    self.neffects = base;
                    if self.record(Effect::Then(rule.step, e)) {
                        self.add_move(from, to, promo, Some(Chosen { cell: e, how: ChosenAs::Pushed }));
                    }
                }
            }
        }
        self.neffects = base;
        if nd == 0 {
            self.add_move(from, to, promo, chosen);
        }
    }
}

/// Whether set `s` has at least `n` cells (no population count: the build targets CPUs
/// without one, and `n` is small).
#[inline(always)]
fn at_least(mut s: u128, n: u32) -> bool {
    for _ in 0..n {
        if s == 0 {
            return false;
        }
        s &= s - 1;
    }
    true
}
