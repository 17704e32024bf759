//! Game state and applying moves (copy-make: the caller clones, then applies).

use crate::board::{Cell, NONE};
use crate::ir::{Agent, DecisionStep, Game, Kind, StepBody, Stmt};
use crate::ir::{AssignOp, Event};

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
    /// 0 during ordinary turns; otherwise 1 + the index of the pending decision step.
    pub phase: u16,
    /// The pending step's cell.
    pub pend: Cell,
    /// Pieces removed by the move that scheduled the pending step.
    pub pend_n: u8,
    /// The player whose turn scheduled the pending step.
    pub pend_player: u8,
    /// How many setup steps are done.
    pub setup_done: u8,
    /// Who takes the first turn after the setup.
    pub first: u8,
    /// Pieces of stacks besides the one on `board`: (cell, kind), sorted. Empty in games
    /// without stacks.
    pub stacks: Vec<(Cell, Kind)>,
    /// Long registers set during the current turn (bit per register).
    pub fresh: u32,
}

impl Default for State {
    fn default() -> Self {
        State {
            board: vec![],
            to_move: 0,
            vars: vec![],
            regs: vec![],
            counts: vec![],
            royal: vec![],
            phase: 0,
            pend: NONE,
            pend_n: 0,
            pend_player: 0,
            setup_done: 0,
            first: 0,
            stacks: vec![],
            fresh: 0,
        }
    }
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
            phase: self.phase,
            pend: self.pend,
            pend_n: self.pend_n,
            pend_player: self.pend_player,
            setup_done: self.setup_done,
            first: self.first,
            stacks: self.stacks.clone(),
            fresh: self.fresh,
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
        self.phase = o.phase;
        self.pend = o.pend;
        self.pend_n = o.pend_n;
        self.pend_player = o.pend_player;
        self.setup_done = o.setup_done;
        self.first = o.first;
        self.stacks.clone_from(&o.stacks);
        self.fresh = o.fresh;
    }
}

/// Cells a statement can refer to.
struct StmtCtx {
    from: Cell,
    to: Cell,
    chosen: Cell,
    /// The captured piece's type, for statements of a capture trigger (else u8::MAX).
    captured: u8,
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
    /// A decision step follows the move, about a cell.
    Then(u16, Cell),
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
    /// The kind of the piece taken out of a stack on `from` (0: the cell's only piece).
    pub stack: Kind,
    /// How `choice` is written: 0 `xCELL` (a victim), 1 `>CELL` (a pushed piece).
    pub tag: u8,
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

    /// Recomputes derived fields (counts, royal cells) from the board.
    pub fn refresh(&self, st: &mut State) {
        st.counts = vec![0; self.types.len() * self.nf()];
        for &k in st.board.iter().chain(st.stacks.iter().map(|(_, k)| k)) {
            if k != 0 {
                st.counts[self.kind_type[k as usize] as usize * self.nf() + self.kind_owner[k as usize] as usize] += 1;
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
        self.kind_type[k as usize] as usize * self.nf() + self.kind_owner[k as usize] as usize
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
    fn clear_stack(&self, st: &mut State, c: Cell) -> u8 {
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

    /// The end of a turn: long registers not set during it are cleared.
    fn end_turn(&self, st: &mut State) {
        if self.long_regs.iter().any(|&l| l) {
            for (i, r) in st.regs.iter_mut().enumerate() {
                if self.long_regs[i] && st.fresh & (1 << i) == 0 {
                    *r = NONE;
                }
            }
            st.fresh = 0;
        }
    }

    #[inline]
    fn is_royal(&self, k: Kind) -> bool {
        k != 0 && self.types[self.kind_type[k as usize] as usize].royal
    }

    /// Applies an action at the current node: a move of the player to move (then the turn
    /// passes, or a follow-up decision starts), or a decision of a pending step.
    pub fn apply(&self, st: &mut State, m: &Move, effects: &[Effect]) {
        self.apply_with(st, m, effects, true)
    }

    /// Applies a move for a legality test: the same, except that per-piece tallies of
    /// the mover are not brought up to date (they never change what the opponent attacks).
    pub fn apply_for_legality(&self, st: &mut State, m: &Move, effects: &[Effect]) {
        self.apply_with(st, m, effects, false)
    }

    fn apply_with(&self, st: &mut State, m: &Move, effects: &[Effect], tallies: bool) {
        if st.phase != 0 {
            return self.apply_decision(st, m, effects);
        }
        let me = st.to_move;
        for (i, r) in st.regs.iter_mut().enumerate() {
            if !self.long_regs[i] {
                *r = NONE;
            }
        }
        let then = self.move_piece(st, me, m, effects, true);
        match then {
            Some((step, cell, removed)) => {
                st.pend = cell;
                st.pend_n = removed;
                st.pend_player = me;
                self.enter_step(st, step);
            }
            None => {
                if tallies {
                    self.count_tallies(st, me);
                }
                self.end_turn(st);
                st.to_move = (me + 1) % self.np() as u8;
            }
        }
    }

    /// Tallies after a completed turn of `mover`: each of the mover's pieces whose tally
    /// pattern matches now and did not at the end of the previous turn counts one; every
    /// piece's "matched" flag is brought up to date.
    fn count_tallies(&self, st: &mut State, mover: u8) {
        for (i, t) in self.tallies.iter().enumerate() {
            for c in 0..st.board.len() {
                let k = st.board[c];
                if k == 0 || t.types & (1 << self.kind_type[k as usize]) == 0 {
                    continue;
                }
                let owner = self.kind_owner[k as usize];
                let now = crate::engine::movegen::Gen::matches(self, st, owner, c as Cell, t.progs[owner as usize]);
                let (v, before) = self.tally(k, i);
                let v = if owner == mover && now && !before { v.saturating_add(1) } else { v };
                st.board[c] = self.with_tally(k, i, v, now);
            }
        }
    }

    /// Moves a piece with its effects; fires triggers when asked. Returns the follow-up
    /// step the move schedules, with its cell and the number of pieces the move removed.
    pub(crate) fn move_piece(
        &self,
        st: &mut State,
        me: u8,
        m: &Move,
        effects: &[Effect],
        triggers: bool,
    ) -> Option<(u16, Cell, u8)> {
        if m.from == NONE {
            self.drop_piece(st, me, m, triggers);
            return None;
        }
        let mover = if m.stack != 0 { m.stack } else { st.board[m.from as usize] };
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
        let mut removed = 0u8;
        let mut then = None;
        let victim = if m.to != m.from { st.board[m.to as usize] } else { 0 };
        if victim != 0 && !st.stacks.is_empty() {
            removed = removed.saturating_add(self.clear_stack(st, m.to));
        }
        if victim != 0 {
            st.counts[self.count_slot(victim)] -= 1;
            royal_touched |= self.is_royal(victim);
            captured[ncap] = self.kind_type[victim as usize];
            ncap += 1;
            removed += 1;
        }
        if m.stack != 0 {
            self.take_stacked(st, m.from, m.stack);
        } else {
            st.board[m.from as usize] = 0;
        }
        let landed = if m.promo != 0 {
            st.counts[self.count_slot(mover)] -= 1;
            let k = self.kind(m.promo - 1, self.kind_owner[mover as usize], true);
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
                    if k != 0 && !st.stacks.is_empty() {
                        removed = removed.saturating_add(self.clear_stack(st, c));
                    }
                    if k != 0 {
                        st.counts[self.count_slot(k)] -= 1;
                        royal_touched |= self.is_royal(k);
                        if ncap < captured.len() {
                            captured[ncap] = self.kind_type[k as usize];
                            ncap += 1;
                        }
                        removed = removed.saturating_add(1);
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
                    royal_touched |= self.is_royal(k);
                }
                Effect::SetReg(r, c) => {
                    st.regs[r as usize] = c;
                    if self.long_regs[r as usize] {
                        st.fresh |= 1 << r;
                    }
                }
                Effect::Then(step, c) => then = Some((step, c)),
            }
        }
        if triggers && !self.triggers.is_empty() {
            self.fire(st, me, mover_type, &captured[..ncap], m);
        }
        if royal_touched {
            self.find_royals(st);
        }
        then.map(|(s, c)| (s, c, removed))
    }

    /// The player who decides at a step.
    pub(crate) fn agent_player(&self, st: &State, step: &DecisionStep) -> u8 {
        let np = self.np() as u8;
        match step.agent {
            Agent::Chance | Agent::Mover => st.pend_player,
            Agent::Opponent => (st.pend_player + 1) % np,
            Agent::Player(p) => p,
            Agent::Var(slot) => st.vars[slot as usize].clamp(0, np as i64 - 1) as u8,
        }
    }

    /// Whether the node is a chance node.
    pub fn is_chance(&self, st: &State) -> bool {
        st.phase != 0 && self.steps[st.phase as usize - 1].agent == Agent::Chance
    }

    /// Starts the next setup step, or the first turn when the setup is over.
    fn next_setup_step(&self, st: &mut State) {
        if (st.setup_done as usize) < self.setup_steps.len() {
            let step = self.setup_steps[st.setup_done as usize];
            st.pend = NONE;
            st.pend_n = 0;
            self.enter_step(st, step);
        } else {
            st.phase = 0;
            st.to_move = st.first;
        }
    }

    /// Makes `step` the pending decision; steps with no real choice resolve at once
    /// (a chance step with one possible outcome, a move with nowhere to go).
    fn enter_step(&self, st: &mut State, step: u16) {
        st.phase = step + 1;
        let ds = &self.steps[step as usize];
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
                        let me = st.to_move;
                        let ctx = StmtCtx { from: st.pend, to: st.pend, chosen: st.pend, captured: u8::MAX };
                        for s in stmts {
                            self.exec_stmt(st, me, s, &ctx);
                        }
                    }
                    self.finish_step(st);
                }
            }
        }
    }

    /// The actions of a pending decision step.
    pub fn decision_actions(&self, st: &State, out: &mut MoveList) {
        out.clear();
        let ds = &self.steps[st.phase as usize - 1];
        let me = st.to_move;
        let cx = crate::engine::eval::Ctx::new(self, st, me, NONE);
        match &ds.body {
            StepBody::Choose(c, _) => {
                for cell in 0..self.board.len() as Cell {
                    if cx.test(c[me as usize], cell, false) {
                        out.moves.push(Move {
                            from: NONE,
                            to: cell,
                            promo: 0,
                            choice: NONE,
                            stack: 0,
                            tag: 0,
                            eff: 0,
                            neff: 0,
                        });
                    }
                }
            }
            StepBody::Outcomes(outs) => {
                for (i, (_, w, _)) in outs.iter().enumerate() {
                    let possible = match w {
                        Some(e) if ds.agent == Agent::Chance => cx.eval(&self.exprs[*e as usize]) > 0,
                        _ => true,
                    };
                    if possible {
                        out.moves.push(Move {
                            from: NONE,
                            to: NONE,
                            promo: 0,
                            choice: i as Cell,
                            stack: 0,
                            tag: 0,
                            eff: 0,
                            neff: 0,
                        });
                    }
                }
            }
            StepBody::Relocate(progs, _) => {
                if st.pend != NONE && st.board[st.pend as usize] != 0 {
                    let mut g = crate::engine::movegen::Gen::new(self, st, me, st.pend, out, NONE);
                    g.in_step = true;
                    for &p in &progs[me as usize] {
                        g.run(&self.programs[p as usize]);
                    }
                }
            }
        }
    }

    /// Probabilities of the actions of a chance node, in the order of `list`.
    pub fn chance_probs(&self, st: &State, list: &MoveList) -> Vec<f64> {
        let ds = &self.steps[st.phase as usize - 1];
        let cx = crate::engine::eval::Ctx::new(self, st, st.to_move, NONE);
        let StepBody::Outcomes(outs) = &ds.body else { return vec![1.0 / list.len().max(1) as f64; list.len()] };
        let w: Vec<f64> = list
            .moves
            .iter()
            .map(|m| match &outs[m.choice as usize].1 {
                Some(e) => cx.eval(&self.exprs[*e as usize]).max(0) as f64,
                None => 1.0,
            })
            .collect();
        let total: f64 = w.iter().sum();
        w.iter().map(|x| if total > 0.0 { x / total } else { 1.0 / w.len() as f64 }).collect()
    }

    fn apply_decision(&self, st: &mut State, m: &Move, effects: &[Effect]) {
        let step = st.phase - 1;
        let ds = &self.steps[step as usize];
        let me = st.to_move;
        match &ds.body {
            StepBody::Choose(_, stmts) => {
                let ctx = StmtCtx { from: st.pend, to: st.pend, chosen: m.to, captured: u8::MAX };
                for s in stmts {
                    self.exec_stmt(st, me, s, &ctx);
                }
            }
            StepBody::Outcomes(outs) => {
                let ctx = StmtCtx { from: st.pend, to: st.pend, chosen: st.pend, captured: u8::MAX };
                for s in &outs[m.choice as usize].2 {
                    self.exec_stmt(st, me, s, &ctx);
                }
            }
            StepBody::Relocate(..) => {
                let _ = self.move_piece(st, me, m, effects, false);
            }
        }
        self.finish_step(st);
    }

    /// After a decision: the next setup step, or the end of the turn that scheduled it.
    fn finish_step(&self, st: &mut State) {
        if (st.setup_done as usize) < self.setup_steps.len() {
            st.setup_done += 1;
            self.next_setup_step(st);
        } else {
            st.phase = 0;
            st.pend = NONE;
            st.pend_n = 0;
            self.count_tallies(st, st.pend_player);
            self.end_turn(st);
            st.to_move = (st.pend_player + 1) % self.np() as u8;
        }
    }

    /// A piece of type `m.promo - 1` comes from `me`'s reserve onto the empty cell `m.to`.
    fn drop_piece(&self, st: &mut State, me: u8, m: &Move, triggers: bool) {
        let t = m.promo - 1;
        if let Some(&(_, slot)) = self.reserves.iter().find(|(x, _)| *x == t) {
            st.vars[slot as usize + me as usize] -= 1;
        }
        let k = self.kind(t, me, true);
        st.board[m.to as usize] = k;
        st.counts[self.count_slot(k)] += 1;
        if self.is_royal(k) {
            self.find_royals(st);
        }
        if triggers && !self.triggers.is_empty() {
            self.fire(st, me, t, &[], m);
        }
    }

    fn fire(&self, st: &mut State, me: u8, mover_type: u8, captured: &[u8], m: &Move) {
        for t in &self.triggers {
            if t.by.is_some_and(|p| p != me) {
                continue;
            }
            // One firing per event: the move, each captured piece of the listed types, the turn.
            let firings: &[u8] = match t.event {
                Event::Move if t.types == 0 || t.types & (1 << mover_type) != 0 => &[u8::MAX],
                Event::Move => &[],
                Event::Capture => captured,
                Event::Turn => &[u8::MAX],
            };
            for &c in firings {
                if t.event == Event::Capture && t.types != 0 && t.types & (1 << c) == 0 {
                    continue;
                }
                let ctx = StmtCtx { from: m.from, to: m.to, chosen: m.to, captured: c };
                if let Some(c) = t.cond {
                    let cx = crate::engine::eval::Ctx::new(self, st, me, m.from);
                    if !cx.test(c, NONE, true) {
                        continue;
                    }
                }
                for s in &t.stmts {
                    self.exec_stmt(st, me, s, &ctx);
                }
            }
        }
    }

    fn exec_stmt(&self, st: &mut State, me: u8, s: &Stmt, ctx: &StmtCtx) {
        match s {
            Stmt::Assign(slot, per, op, e) => {
                let v = crate::engine::eval::Ctx::new(self, st, me, ctx.from).eval(e);
                let i = *slot as usize + if *per { me as usize } else { 0 };
                match op {
                    AssignOp::Set => st.vars[i] = v,
                    AssignOp::Add => st.vars[i] += v,
                    AssignOp::Sub => st.vars[i] -= v,
                }
            }
            Stmt::Drop(t, slot, at_from) => {
                let i = *slot as usize + me as usize;
                let c = if *at_from { ctx.from } else { ctx.to };
                if c != NONE && st.vars[i] > 0 && st.board[c as usize] == 0 {
                    st.vars[i] -= 1;
                    let k = self.kind(*t, me, false);
                    st.board[c as usize] = k;
                    st.counts[self.count_slot(k)] += 1;
                    if self.is_royal(k) {
                        self.find_royals(st);
                    }
                }
            }
            Stmt::Change(t) => {
                let c = ctx.chosen;
                if c != NONE && st.board[c as usize] != 0 {
                    let old = st.board[c as usize];
                    st.counts[self.count_slot(old)] -= 1;
                    let k = self.kind(*t, self.kind_owner[old as usize], self.kind_moved[old as usize]);
                    st.board[c as usize] = k;
                    st.counts[self.count_slot(k)] += 1;
                    self.find_royals(st);
                }
            }
            Stmt::RemoveAt(chosen) => {
                let c = if *chosen { ctx.chosen } else { st.pend };
                if c != NONE && st.board[c as usize] != 0 {
                    let old = st.board[c as usize];
                    if !st.stacks.is_empty() {
                        self.clear_stack(st, c);
                    }
                    st.counts[self.count_slot(old)] -= 1;
                    st.board[c as usize] = 0;
                    self.find_royals(st);
                }
            }
            Stmt::Pocket => {
                if ctx.captured != u8::MAX {
                    let t = self.types[ctx.captured as usize].demote.unwrap_or(ctx.captured);
                    if let Some(&(_, slot)) = self.reserves.iter().find(|(x, _)| *x == t) {
                        st.vars[slot as usize + me as usize] += 1;
                    }
                }
            }
            Stmt::Reset(i) => {
                let c = ctx.chosen;
                if c != NONE && st.board[c as usize] != 0 {
                    let k = st.board[c as usize];
                    let (_, flag) = self.tally(k, *i as usize);
                    st.board[c as usize] = self.with_tally(k, *i as usize, 0, flag);
                }
            }
            Stmt::Start(e) => {
                let v = crate::engine::eval::Ctx::new(self, st, me, NONE).eval(e);
                st.first = v.clamp(0, self.np() as i64 - 1) as u8;
            }
        }
    }

    /// Whether the registers change the legal actions (else repetition ignores them).
    fn registers_matter(&self, st: &State) -> bool {
        let actions = |s: &State| {
            let mut l = MoveList::default();
            let mut scratch = s.clone();
            self.legal_moves(s, &mut l, &mut scratch);
            let mut v: Vec<(Cell, Cell, u8, Cell)> =
                l.moves.iter().map(|m| (m.from, m.to, m.promo, m.choice)).collect();
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
                    mix(st.vars[v.slot as usize + i] as u64);
                }
            }
        }
        h
    }
}
