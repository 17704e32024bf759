//! The engine: legal moves, attacks and check, game ends, perft.

use crate::board::{Board, Cell, NONE};
use crate::dsl::ast::Outcome;
use crate::eval::Ctx;
use crate::game::{C, Game, Probe};
use crate::movegen::Gen;
use crate::state::{MoveList, State};

/// How a node of the game tree stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A player decides.
    Decision(u8),
    /// Chance decides (see [`Game::chance_probs`]).
    Chance,
    /// The game is over: the winner, or None for a draw.
    Over(Option<u8>),
}

impl Game {
    /// Pseudo-legal moves of the player to move (own royal safety not checked).
    pub fn pseudo_moves(&self, st: &State, out: &mut MoveList) {
        let me = st.to_move;
        let np = self.np();
        let mut pg = Gen::new(self, st, me, NONE, out, NONE);
        for (c, &k) in st.board.iter().enumerate() {
            if k == 0 {
                continue;
            }
            let owner = self.kind_owner[k as usize];
            if owner != me && (owner as usize) < np {
                continue;
            }
            if !st.stacks.is_empty() && st.stacks.iter().any(|&(x, _)| x as usize == c) {
                continue;
            }
            let slot = self.kind_type[k as usize] as usize * np + me as usize;
            pg.start(c as Cell);
            for &p in &self.moves_of[slot] {
                pg.run(&self.programs[p as usize]);
            }
        }
        if !st.stacks.is_empty() {
            self.stack_moves(st, out);
        }
        if !self.drops.is_empty() {
            self.drop_moves(st, out);
        }
    }

    /// Drops: a piece of a type with a drop rule, from the mover's reserve, onto each cell
    /// where the rule's condition holds (empty cells only). `from` is NONE, `promo` the type.
    fn drop_moves(&self, st: &State, out: &mut MoveList) {
        let me = st.to_move;
        let cx = Ctx::new(self, st, me, NONE);
        for &(t, slot) in &self.reserves {
            if st.vars[slot as usize + me as usize] <= 0 {
                continue;
            }
            let rules = self.drops.iter().filter(|(mask, _)| mask & (1 << t) != 0).map(|(_, ids)| ids[me as usize]);
            if rules.clone().next().is_none() {
                continue;
            }
            for c in 0..st.board.len() as Cell {
                if st.board[c as usize] == 0 && rules.clone().any(|r| cx.test(r, c, false)) {
                    let eff = out.effects.len() as u32;
                    out.moves.push(crate::state::Move {
                        from: NONE,
                        to: c,
                        promo: t + 1,
                        choice: NONE,
                        eff,
                        neff: 0,
                        stack: 0,
                        tag: 0,
                    });
                }
            }
        }
    }

    /// Moves of the pieces of stacks: each piece the player may move runs its programs from
    /// the stack's cell, on a copy of the position where it is the cell's board piece.
    fn stack_moves(&self, st: &State, out: &mut MoveList) {
        let me = st.to_move;
        let np = self.np();
        let mut cells: Vec<Cell> = st.stacks.iter().map(|&(c, _)| c).collect();
        cells.dedup();
        for c in cells {
            let kinds: Vec<_> = self.pieces_at(st, c).collect();
            for (i, &k) in kinds.iter().enumerate() {
                let owner = self.kind_owner[k as usize];
                if (owner != me && (owner as usize) < np) || kinds[..i].contains(&k) {
                    continue;
                }
                let mut tmp = st.clone();
                let first = tmp.board[c as usize];
                if first != k {
                    tmp.board[c as usize] = k;
                    let j = tmp.stacks.iter().position(|&e| e == (c, k)).unwrap();
                    tmp.stacks[j] = (c, first);
                    tmp.stacks.sort_unstable();
                }
                let slot = self.kind_type[k as usize] as usize * np + me as usize;
                let mut g = Gen::new(self, &tmp, me, c, out, NONE);
                g.stack = k;
                for &p in &self.moves_of[slot] {
                    g.run(&self.programs[p as usize]);
                }
            }
        }
    }

    /// Legal moves of the player to move.
    pub fn legal_moves(&self, st: &State, out: &mut MoveList, scratch: &mut State) {
        out.clear();
        if st.phase != 0 {
            return self.decision_actions(st, out);
        }
        self.legal_piece_moves(st, out, scratch);
        for &(mask, cond) in &self.requires {
            if Ctx::new(self, st, st.to_move, NONE).test(cond, NONE, false) {
                let of_type = |m: &crate::state::Move| {
                    if m.from == NONE {
                        return m.promo != 0 && mask & (1 << (m.promo - 1)) != 0;
                    }
                    let k = if m.stack != 0 { m.stack } else { st.board[m.from as usize] };
                    mask & (1 << self.kind_type[k as usize]) != 0
                };
                if out.moves.iter().any(of_type) {
                    out.moves.retain(of_type);
                }
            }
        }
    }

    fn legal_piece_moves(&self, st: &State, out: &mut MoveList, scratch: &mut State) {
        self.pseudo_moves(st, out);
        if !self.has_royal {
            return;
        }
        let me = st.to_move;
        let royal = st.royal[me as usize];
        // Quiet moves of other pieces that touch no cell on a line to the royal piece
        // cannot expose it, unless it is attacked already.
        let fast = self.attack.filter() && royal != NONE && !self.attacked(st, royal, me);
        let pins = if fast { self.attack.pins(self, st, me, royal) } else { [0; 4] };
        let mut keep = 0;
        for i in 0..out.moves.len() {
            let m = out.moves[i];
            let ok = if fast
                && m.from != NONE
                && m.neff == 0
                && m.from != royal
                && pins[m.from as usize / 64] & (1 << (m.from % 64)) == 0
                && !self.attack.is_sensitive(me, royal, m.from)
                && !self.attack.is_sensitive(me, royal, m.to)
            {
                true
            } else {
                scratch.clone_from(st);
                self.apply_for_legality(scratch, &m, out.effects_of(&m));
                !self.in_check(scratch, me)
            };
            if ok {
                out.moves[keep] = m;
                keep += 1;
            }
        }
        out.moves.truncate(keep);
    }

    /// Whether player `p` has a royal piece under attack.
    pub fn in_check(&self, st: &State, p: u8) -> bool {
        let r = st.royal[p as usize];
        if r != NONE {
            return self.attacked(st, r, p);
        }
        st.board.iter().enumerate().any(|(c, &k)| {
            k != 0
                && self.kind_owner[k as usize] == p
                && self.types[self.kind_type[k as usize] as usize].royal
                && self.attacked(st, c as Cell, p)
        })
    }

    /// Whether cell `c` is attacked by any player other than `victim`: some piece of theirs
    /// could capture on it (by landing on it or removing it) if it were theirs to move.
    /// An empty cell is judged as if `victim`'s royal piece stood on it.
    pub fn attacked(&self, st: &State, c: Cell, victim: u8) -> bool {
        let t = &self.attack;
        let b = &st.board;
        for p in 0..self.np() as u8 {
            if p == victim {
                continue;
            }
            let pi = p as usize;
            for &(s, ks) in &t.leaps[pi][c as usize] {
                if t.kindsets[ks as usize][b[s as usize] as usize] {
                    return true;
                }
            }
            let mut cx = Ctx::new(self, st, p, NONE);
            if b[c as usize] == 0 {
                cx.ghost = c;
                cx.ghost_kind = self.ghost_kind(p);
            }
            for &(d, max, ks, origin) in &t.rays[pi] {
                if self.ray_back(&cx, &t.kindsets[ks as usize], origin, c, d, max) {
                    return true;
                }
            }
            for (probe, ks) in &t.general[pi] {
                if self.probe_hits(&cx, probe, &t.kindsets[*ks as usize], c) {
                    return true;
                }
            }
            for (fi, (prog, kinds)) in self.forward_attacks[pi].iter().enumerate() {
                if let Some(r) = t.gates[pi][fi]
                    && st.regs[r as usize] == NONE
                {
                    continue;
                }
                let all: Vec<Cell>;
                let origins: &[Cell] = match t.reach_from[pi].get(fi) {
                    Some(v) => &v[c as usize],
                    None => {
                        all = (0..b.len() as Cell).collect();
                        &all
                    }
                };
                for &a in origins {
                    let k = b[a as usize];
                    if k != 0 && kinds[k as usize] {
                        let mut sink = MoveList::default();
                        let mut g = Gen::new(self, st, p, a as Cell, &mut sink, c);
                        g.run(&self.programs[*prog as usize]);
                        if g.found {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    fn probe_hits(&self, cx: &Ctx, probe: &Probe, kinds: &[bool], target: Cell) -> bool {
        let (d, fin) = *probe.steps.last().unwrap();
        if fin != u16::MAX && !cx.test(fin, target, true) {
            return false;
        }
        if let Some(max) = probe.ray {
            return self.ray_back(cx, kinds, probe.origin, target, d, max);
        }
        self.path_back(cx, probe, kinds, target, probe.steps.len() - 1)
    }

    fn ray_back(&self, cx: &Ctx, kinds: &[bool], origin: u16, mut c: Cell, d: u8, mut left: u16) -> bool {
        while left > 0 {
            let s = self.board.source_raw(c, d);
            if s == NONE {
                return false;
            }
            if Board::is_fork(s) {
                return self.board.sources(c, d).iter().any(|&s| self.ray_from(cx, kinds, origin, s, d, left));
            }
            let k = cx.st.board[s as usize];
            if k != 0 {
                return kinds[k as usize] && (origin == u16::MAX || cx.test(origin, s, false));
            }
            c = s;
            left -= 1;
        }
        false
    }

    fn ray_from(&self, cx: &Ctx, kinds: &[bool], origin: u16, s: Cell, d: u8, left: u16) -> bool {
        let k = cx.st.board[s as usize];
        if k != 0 {
            return kinds[k as usize] && (origin == u16::MAX || cx.test(origin, s, false));
        }
        self.ray_back(cx, kinds, origin, s, d, left - 1)
    }

    fn path_back(&self, cx: &Ctx, probe: &Probe, kinds: &[bool], c: Cell, i: usize) -> bool {
        let d = probe.steps[i].0;
        for &s in self.board.sources(c, d) {
            if i == 0 {
                let k = cx.st.board[s as usize];
                if k != 0 && kinds[k as usize] && (probe.origin == u16::MAX || cx.test(probe.origin, s, false)) {
                    return true;
                }
            } else {
                let t = probe.steps[i - 1].1;
                if (t == u16::MAX || cx.test(t, s, true)) && self.path_back(cx, probe, kinds, s, i - 1) {
                    return true;
                }
            }
        }
        false
    }

    /// The game result at a node, given its legal moves; `history` holds position keys of
    /// earlier positions (for repetition); `automatic` applies repetition and clock draws.
    pub fn status(&self, st: &State, moves: &MoveList, history: &[u64], automatic: bool) -> Status {
        let me = st.to_move;
        if st.phase != 0 {
            // Game ends are judged between turns, not inside one.
            return if self.is_chance(st) { Status::Chance } else { Status::Decision(me) };
        }
        for r in &self.ends {
            if r.automatic && !automatic {
                continue;
            }
            if self.end_holds(st, &self.conds[r.cond as usize], moves, history) {
                let np = self.np() as u8;
                return Status::Over(match r.outcome {
                    Outcome::Draw => None,
                    Outcome::Win => Some(me),
                    Outcome::Loss => (np == 2).then_some((me + 1) % np),
                });
            }
        }
        if moves.is_empty() {
            // No rule covers a player without moves: the game cannot go on; call it a draw.
            return Status::Over(None);
        }
        Status::Decision(me)
    }

    fn end_holds(&self, st: &State, c: &C, moves: &MoveList, history: &[u64]) -> bool {
        match c {
            C::NoMoves => moves.is_empty(),
            C::Repetition(n) => {
                let key = self.position_key(st);
                history.iter().filter(|&&h| h == key).count() + 1 >= *n as usize
            }
            C::CanCapture(mask) => moves.moves.iter().any(|m| {
                let k = st.board[m.to as usize];
                let direct = k != 0 && m.to != m.from && mask & (1 << self.kind_type[k as usize]) != 0;
                direct
                    || moves.effects_of(m).iter().any(|e| match e {
                        crate::state::Effect::Remove(x) => {
                            let k = st.board[*x as usize];
                            k != 0 && mask & (1 << self.kind_type[k as usize]) != 0
                        }
                        _ => false,
                    })
            }),
            C::And(v) => v.iter().all(|x| self.end_holds(st, x, moves, history)),
            C::Or(v) => v.iter().any(|x| self.end_holds(st, x, moves, history)),
            C::Not(x) => !self.end_holds(st, x, moves, history),
            other => Ctx::new(self, st, st.to_move, NONE).holds(other, NONE, false),
        }
    }
}

/// Perft with reusable buffers per depth.
pub struct Perft<'a> {
    g: &'a Game,
    lists: Vec<MoveList>,
    states: Vec<State>,
    scratch: State,
}

impl<'a> Perft<'a> {
    /// Buffers for a search up to `depth`.
    pub fn new(g: &'a Game, st: &State, depth: usize) -> Self {
        Perft {
            g,
            lists: (0..=depth).map(|_| MoveList::default()).collect(),
            states: (0..=depth).map(|_| st.clone()).collect(),
            scratch: st.clone(),
        }
    }

    /// Leaves `depth` decisions below `st`.
    pub fn count(&mut self, st: &State, depth: usize) -> u64 {
        self.states[depth].clone_from(st);
        self.rec(depth)
    }

    /// The legal moves at `st` (terminal nodes have none).
    pub fn actions(&mut self, st: &State) -> MoveList {
        let mut l = MoveList::default();
        self.g.legal_moves(st, &mut l, &mut self.scratch);
        if let Status::Over(_) = self.g.status(st, &l, &[], false) {
            l.clear();
        }
        l
    }

    fn rec(&mut self, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let g = self.g;
        let mut list = std::mem::take(&mut self.lists[depth]);
        g.legal_moves(&self.states[depth], &mut list, &mut self.scratch);
        let n = if let Status::Over(_) = g.status(&self.states[depth], &list, &[], false) {
            0
        } else if depth == 1 {
            list.len() as u64
        } else {
            let mut total = 0;
            for i in 0..list.moves.len() {
                let m = list.moves[i];
                let (lo, hi) = self.states.split_at_mut(depth);
                lo[depth - 1].clone_from(&hi[0]);
                g.apply(&mut lo[depth - 1], &m, list.effects_of(&m));
                total += self.rec(depth - 1);
            }
            total
        };
        self.lists[depth] = list;
        n
    }
}
