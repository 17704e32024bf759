//! The pattern machine: runs a piece's compiled programs from its cell and emits moves.

mod captures;
mod entries;
mod memo;

use crate::board::{Board, Cell, NONE};
use crate::engine::action::{Chosen, ChosenAs, Effect, Move, MoveList, PieceMove};
use crate::engine::budget::{self, MAX_PATH_DEPTH, PATTERN_BUDGET};
use crate::engine::eval::Ctx;
use crate::engine::state::State;
use crate::ir::limits::{CELL_WORDS, LOOP_CAP, MAX_EFFECTS, MAX_LOOP_NESTING, MAX_MARKS};
use crate::ir::{
    BoundTables, CondId, CondTables, Expr, ExprId, Game, LeapTableId, Op, PathEffect, PathNode, PathTableId, Program,
    ProgramId, Quick, Shape,
};

/// Where a run of a program stands: the generator's cursor, copied at every branch.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Cursor {
    /// The current cell.
    cur: Cell,
    /// The direction of the last step.
    last: u8,
    /// Whether the piece has left its origin.
    stepped: bool,
    /// The landing cell set by `land`, else NONE (the move lands on `cur`).
    land: Cell,
    /// The cell set by `written`, else NONE (the move is written FROM-TO).
    shown: Cell,
    /// 1 + the index of the `promote(...)` instruction on the path, else 0.
    promo: u16,
    /// Marked cells.
    marks: [Cell; MAX_MARKS],
    /// Loop counters.
    loops: [u8; MAX_LOOP_NESTING],
}

impl Cursor {
    /// The machine state at instruction `pc` with this cursor, packed for the memo.
    #[inline]
    fn pack(&self, pc: usize) -> memo::Key {
        const { assert!(MAX_MARKS == 4 && MAX_LOOP_NESTING == 4) };
        let m = |i: usize| self.marks[i] as u64;
        let l = |i: usize| self.loops[i] as u64;
        [
            pc as u64 | (self.cur as u64) << 32 | (self.land as u64) << 48,
            self.shown as u64 | (self.promo as u64) << 16 | (self.last as u64) << 32 | (self.stepped as u64) << 40,
            m(0) | m(1) << 16 | m(2) << 32 | m(3) << 48,
            l(0) | l(1) << 8 | l(2) << 16 | l(3) << 24,
        ]
    }
}

impl Drop for Gen<'_> {
    fn drop(&mut self) {
        if let Some(m) = self.visited.take() {
            m.give();
        }
        if let Some(a) = self.after.take() {
            a.give();
        }
    }
}

/// Generates the moves of one piece. With `target` set, it only looks for a move that lands
/// on or removes that cell (attack detection) and records it in `found`.
pub struct Gen<'a> {
    cx: Ctx<'a>,
    board: &'a Board,
    out: &'a mut MoveList,
    /// Effects recorded on the current path.
    effects: [Effect; MAX_EFFECTS],
    neffects: usize,
    /// Index in `out` of the current piece's first move.
    first_move: usize,
    /// Landing cells of the current piece's moves so far, and those where it may promote
    /// (a bit per cell below `MAX_TABLE_CELLS`).
    landed: [u64; CELL_WORDS],
    target: Cell,
    /// Whether a move reached the target (attack mode), or any move exists (predicate mode).
    pub found: bool,
    /// Predicate mode: stop at the first move.
    any_move: bool,
    /// Capture-probe mode: whether some move would take a piece of another player.
    probe_captures: bool,
    memo: bool,
    /// Whether the memoised run has met a loop that may repeat its body: only from then on
    /// can it reach a state twice by more than alternatives meeting again, so only from then
    /// on are states remembered.
    memo_live: bool,
    /// Branch entries of the current run.
    entries: u32,
    /// The memoised run's explored states (taken from the thread's pool when first needed).
    visited: Option<memo::Memo>,
    /// A position buffer for judging push rules after a move (reused from move to move).
    after: Option<State>,
    /// Moves of a follow-up decision: push rules do not apply.
    pub in_step: bool,
    /// The kind taken out of a stack on the origin (0: the cell's only piece).
    pub stack: crate::ir::Kind,
    /// Branch entries the current run may still make (see [`crate::engine::budget`]).
    budget: u32,
    /// Branches open on the current path (the depth of `exec`'s recursion).
    depth: u32,
    /// Per loop slot: whether a path reached the loop's count again since its greedy head
    /// (`X+!`) last looked.
    reached: [bool; MAX_LOOP_NESTING],
    /// Whether the current piece's plain landings may go straight to the list (see
    /// [`Gen::land_plain`]).
    direct: bool,
    /// The mover's cells and everyone else's, as sets, when [`Gen::know_occupancy`] was
    /// called (custodian captures read them).
    occ: Option<(u128, u128)>,
}

/// A memoised run remembers states only after this many branch entries past its first
/// repeating loop (a short run would pay more for the memo than it saves).
const MEMO_AFTER: u32 = 48;

impl<'a> Gen<'a> {
    /// A generator for the piece on `origin`, moved by `me`.
    pub fn new(g: &'a Game, st: &'a State, me: u8, origin: Cell, out: &'a mut MoveList, target: Cell) -> Self {
        let first_move = out.moves.len();
        let mut cx = Ctx::new(g, st, me, origin);
        if target != NONE && st.board[target as usize] == 0 {
            // An empty target counts as attacked when a victim's piece there could be taken.
            cx.ghost = target;
            cx.ghost_kind = g.ghost_kind(me);
        }
        Gen {
            cx,
            board: &g.board,
            out,
            effects: [Effect::SetReg(0, NONE); MAX_EFFECTS],
            neffects: 0,
            first_move,
            landed: [0; CELL_WORDS],
            target,
            found: false,
            any_move: false,
            probe_captures: false,
            memo: false,
            memo_live: false,
            entries: 0,
            visited: None,
            after: None,
            in_step: false,
            stack: 0,
            budget: PATTERN_BUDGET,
            depth: 0,
            reached: [false; MAX_LOOP_NESTING],
            direct: false,
            occ: None,
        }
    }

    /// Whether the mover is in check (its one royal piece attacked), when known: the
    /// conditions `check`, and `attacked` on that piece's cell, read it.
    pub fn know_check(&mut self, check: Option<bool>) {
        self.cx.known_check = check;
    }

    /// Whether a program has any match from `origin` for player `me` (a predicate).
    pub fn matches(g: &'a Game, st: &'a State, me: u8, origin: Cell, prog: ProgramId) -> bool {
        // A leading test of the piece's own cell usually decides at once.
        if let Some(Op::Test(t)) = g.program(prog).ops.first()
            && !Ctx::new(g, st, me, origin).test(*t, origin, false)
        {
            return false;
        }
        let mut sink = MoveList::default();
        let mut pg = Gen::new(g, st, me, origin, &mut sink, NONE);
        pg.any_move = true;
        pg.run(g.program(prog));
        pg.found
    }

    /// Whether program `prog`, run for player `me` as if its piece stood on `cell`, could
    /// take a piece of another player (landing on it or removing it); `vacant` (NONE: none)
    /// counts as empty, as the moving piece's origin does during its move.
    pub fn threatens(g: &'a Game, st: &'a State, me: u8, cell: Cell, vacant: Cell, prog: ProgramId) -> bool {
        let mut sink = MoveList::default();
        let mut pg = Gen::new(g, st, me, cell, &mut sink, NONE);
        pg.probe_captures = true;
        if vacant != NONE && vacant != cell {
            pg.cx.ghost = vacant;
            pg.cx.ghost_kind = 0;
        }
        pg.run(g.program(prog));
        pg.found
    }

    /// Moves on to the piece on `origin`; `direct`: its landings with no effects on their
    /// path are one move as they stand, with their custodian captures (see
    /// [`Gen::land_plain`]), but those on the cells of `promoting` (where the piece may
    /// promote), which count as landed already, so that [`Gen::emit`] judges them.
    #[inline]
    pub fn start(&mut self, origin: Cell, direct: bool, promoting: &[u64; CELL_WORDS]) {
        self.direct = direct;
        self.cx.origin = origin;
        self.first_move = self.out.moves.len();
        self.landed = *promoting;
        self.neffects = 0;
    }

    /// Runs one program.
    #[inline(always)]
    pub fn run(&mut self, prog: &Program) {
        // A program that is one table or slide from the origin (after a test of the origin,
        // maybe) runs without the machine's set-up.
        let origin = self.cx.origin;
        if self.found {
            return;
        }
        match prog.quick {
            Quick::Leap(table, fin) => return self.leap(table, fin, origin),
            Quick::Paths(table) => return self.paths(table, origin),
            Quick::Ray => {
                if let [Op::Ray(ref dirs, max, fin)] = prog.ops[..] {
                    // As though entered: one branch of the budget spent.
                    self.budget = PATTERN_BUDGET - 1;
                    return self.rays(prog, self.at_origin(), dirs, max, fin);
                }
            }
            Quick::TestLeap(c, table, fin) => {
                if self.cx.test(c, origin, false) {
                    self.leap(table, fin, origin);
                }
                return;
            }
            Quick::TestPaths(c, table) => {
                if self.cx.test(c, origin, false) {
                    self.paths(table, origin);
                }
                return;
            }
            Quick::Lead(_) | Quick::Machine => {}
        }
        if let Some(b) = &prog.by_bound
            && self.by_bound(prog, b)
        {
            return;
        }
        let (pc, r, steps) = match prog.quick {
            Quick::Lead(n) => match self.lead(&prog.ops[..n as usize]) {
                Some(at) => at,
                None => return,
            },
            _ => (0, self.at_origin(), 0),
        };
        self.memo = prog.memo;
        self.memo_live = false;
        self.entries = 0;
        // The lead's steps spend the budget as the machine's own would.
        self.budget = PATTERN_BUDGET - steps;
        if self.memo {
            self.visited.get_or_insert_with(memo::Memo::take).clear();
        }
        // As a branch: what the run records is gone after it, for the piece's next program.
        self.branch(prog, pc, r);
    }

    /// Walks a program's lead (tests and one-direction steps, see [`Quick::Lead`]) from
    /// the origin: None when a test fails or a step leaves the board, else where the
    /// machine goes on (the instruction, the cursor, the steps taken), at the end of the
    /// lead or at a step that forks.
    fn lead(&self, ops: &[Op]) -> Option<(usize, Cursor, u32)> {
        let (mut cur, mut last, mut steps) = (self.cx.origin, 0, 0);
        let mut pc = 0;
        while let Some(op) = ops.get(pc) {
            match op {
                Op::Test(t) if !self.cx.test(*t, cur, steps > 0) => return None,
                Op::Step(d) => match self.board.targets(cur, d[0]) {
                    [t] => (cur, last, steps) = (*t, d[0], steps + 1),
                    [] => return None,
                    _ => break,
                },
                _ => {}
            }
            pc += 1;
        }
        Some((pc, Cursor { cur, last, stepped: steps > 0, ..self.at_origin() }, steps))
    }

    /// Runs a program by its table for the bound's value, if it has one (then true): the
    /// leading tests of the origin, then the table's paths.
    fn by_bound(&mut self, prog: &Program, b: &BoundTables) -> bool {
        let v = self.bound(b.expr);
        let Some(&table) = usize::try_from(v).ok().and_then(|v| b.tables.get(v)) else { return false };
        let origin = self.cx.origin;
        if prog.ops[..b.tests].iter().all(|o| matches!(*o, Op::Test(c) if self.cx.test(c, origin, false))) {
            self.paths(table, origin);
        }
        true
    }

    /// The cursor at the start of a run.
    #[inline]
    fn at_origin(&self) -> Cursor {
        Cursor {
            cur: self.cx.origin,
            last: 0,
            stepped: false,
            land: NONE,
            shown: NONE,
            promo: 0,
            marks: [NONE; MAX_MARKS],
            loops: [0; MAX_LOOP_NESTING],
        }
    }

    #[inline]
    fn branch(&mut self, prog: &Program, pc: usize, r: Cursor) {
        let n = self.neffects;
        self.enter(prog, pc, r);
        self.neffects = n;
    }

    /// Continues after instruction `pc` from every cell one step along `d`.
    #[inline]
    fn step(&mut self, prog: &Program, pc: usize, r: Cursor, d: u8) {
        for &t in self.board.targets(r.cur, d) {
            let r2 = Cursor { cur: t, last: d, stepped: true, ..r };
            self.branch(prog, pc + 1, r2);
        }
    }

    /// Runs the program from instruction `pc` with cursor `r`, within the run's budget of
    /// branches and of path depth (each step nests one call).
    fn enter(&mut self, prog: &Program, pc: usize, r: Cursor) {
        if self.found {
            return;
        }
        if self.budget == 0 {
            // Over budget: the run stops (every pending branch returns here).
            return budget::report(self.cx.g, self.cx.st, self.cx.me, self.cx.origin, prog);
        }
        if self.depth >= MAX_PATH_DEPTH {
            // A path this long would overflow the stack: the run stops like one over budget.
            self.budget = 0;
            return budget::report_deep(self.cx.g, self.cx.st, self.cx.me, self.cx.origin, prog);
        }
        self.budget -= 1;
        self.depth += 1;
        self.exec(prog, pc, r);
        self.depth -= 1;
    }

    /// The pattern machine: runs instructions from `pc` until the path ends or branches.
    fn exec(&mut self, prog: &Program, mut pc: usize, mut r: Cursor) {
        if self.memo_live {
            self.entries += 1;
            if self.entries > MEMO_AFTER && self.visited.as_mut().is_some_and(|v| !v.insert(r.pack(pc))) {
                return;
            }
        }
        loop {
            match &prog.ops[pc] {
                Op::Step(dirs) => {
                    for &d in dirs {
                        self.step(prog, pc, r, d);
                    }
                    return;
                }
                Op::Turn(table) => {
                    let g = self.cx.g;
                    for &d in &g.turn_table(*table)[r.last as usize] {
                        self.step(prog, pc, r, d);
                    }
                    return;
                }
                Op::Test(c) => {
                    if !self.cx.test(*c, r.cur, r.stepped) {
                        return;
                    }
                    pc += 1;
                }
                Op::Split(t) => {
                    self.branch(prog, pc + 1, r);
                    pc = *t as usize;
                }
                Op::Jmp(t) => pc = *t as usize,
                Op::Mark(s) => {
                    r.marks[*s as usize] = r.cur;
                    pc += 1;
                }
                Op::Then(step) => {
                    if !self.record(Effect::Then(*step, r.cur)) {
                        return;
                    }
                    pc += 1;
                }
                Op::SetReg(i) => {
                    if !self.record(Effect::SetReg(*i, r.cur)) {
                        return;
                    }
                    pc += 1;
                }
                Op::Remove(d) => {
                    let c = match d {
                        None => r.cur,
                        Some(d) => match self.board.targets(r.cur, *d) {
                            [c] => *c,
                            _ => return,
                        },
                    };
                    // Under `captures distinct` a piece is taken once: a path may not take it again.
                    if self.cx.g.identity.is_some() && self.effects[..self.neffects].contains(&Effect::Remove(c)) {
                        return;
                    }
                    if !self.record(Effect::Remove(c)) {
                        return;
                    }
                    pc += 1;
                }
                Op::Carry(from, s) => {
                    let to = r.marks[*s as usize];
                    let from = from.map(|f| r.marks[f as usize]).unwrap_or(r.cur);
                    if to == NONE || from == NONE {
                        return;
                    }
                    if !self.record(Effect::Carry(from, to)) {
                        return;
                    }
                    pc += 1;
                }
                Op::Land(s) => {
                    r.land = r.marks[*s as usize];
                    pc += 1;
                }
                Op::Written(s) => {
                    r.shown = r.marks[*s as usize];
                    if r.shown == NONE {
                        return;
                    }
                    pc += 1;
                }
                Op::Promote(_) => {
                    r.promo = pc as u16 + 1;
                    pc += 1;
                }
                Op::LoopInit(s) => {
                    r.loops[*s as usize] = 0;
                    pc += 1;
                }
                Op::LoopTest(s, lo, hi, exit) => {
                    let n = r.loops[*s as usize] as i64;
                    let (lo, hi) = (self.bound(*lo), hi.map_or(LOOP_CAP, |hi| self.bound(hi).min(LOOP_CAP)));
                    self.memo_live |= self.memo && hi > 1;
                    if n < lo {
                        if n >= hi {
                            return;
                        }
                        pc += 1;
                    } else if n >= hi {
                        pc = *exit as usize;
                    } else {
                        self.branch(prog, *exit as usize, r);
                        pc += 1;
                    }
                }
                Op::LoopInc(s) => {
                    r.loops[*s as usize] += 1;
                    self.reached[*s as usize] = true;
                    pc += 1;
                }
                Op::LoopMax(s, lo, hi, exit) => {
                    let n = r.loops[*s as usize] as i64;
                    let (lo, hi) = (self.bound(*lo), hi.map_or(LOOP_CAP, |hi| self.bound(hi).min(LOOP_CAP)));
                    if n < lo {
                        if n >= hi {
                            return;
                        }
                        pc += 1;
                    } else if n >= hi {
                        pc = *exit as usize;
                    } else if self.again(prog, pc, r, *s) {
                        return;
                    } else {
                        pc = *exit as usize;
                    }
                }
                Op::Via => {
                    if !self.record(Effect::Via(r.cur)) {
                        return;
                    }
                    pc += 1;
                }
                Op::Ray(dirs, max, fin) => return self.rays(prog, r, dirs, *max, *fin),
                Op::Leap(table, fin) => return self.leap(*table, *fin, r.cur),
                Op::Paths(table) => {
                    self.paths(*table, r.cur);
                    return;
                }
                Op::Emit => {
                    if r.land != NONE && self.cx.at(r.land, true) != 0 && !self.carried_away(r.land) {
                        return;
                    }
                    let to = if r.land != NONE { r.land } else { r.cur };
                    let promo = match prog.ops.get((r.promo as usize).wrapping_sub(1)) {
                        Some(Op::Promote(types)) => Some(&types[..]),
                        _ => None,
                    };
                    self.emit(to, r.shown, promo);
                    return;
                }
            }
        }
    }

    /// Lands on each cell of a leap table from `from` where the test holds.
    #[inline(never)]
    fn leap(&mut self, table: LeapTableId, fin: CondId, from: Cell) {
        let g = self.cx.g;
        let targets = &g.leap_table(table)[from as usize];
        // One loop per common test, so that the test is not chosen again at every cell.
        // The tables leave the origin out, so without a ghost a cell reads as on the board.
        let (me, board) = (self.cx.me, &self.cx.st.board);
        match g.cond_tables.shape(fin) {
            Shape::Empty if self.cx.ghost == NONE => self.leap_where(targets, |_, t| board[t as usize] == 0),
            Shape::NotFriend if self.cx.ghost == NONE => self.leap_where(targets, |_, t| {
                let k = board[t as usize];
                k == 0 || g.kind_owner[k as usize] != me
            }),
            shape => self.leap_where(targets, |cx, t| cx.test_as(shape, fin, t, true)),
        }
    }

    /// Lands on each of `targets` that `pass` lets through.
    #[inline(always)]
    fn leap_where(&mut self, targets: &[Cell], pass: impl Fn(&Ctx<'a>, Cell) -> bool) {
        for &t in targets {
            if pass(&self.cx, t) {
                self.land_plain(t);
            }
        }
    }

    /// Runs a path table from `origin`: a failed test skips the paths that share it.
    fn paths(&mut self, table: PathTableId, origin: Cell) {
        let t = self.cx.g.path_table(table);
        let (mut i, end) = (t.range(origin).start, t.range(origin).end);
        // Only a landing can end the run (attack and predicate modes).
        while i < end {
            match t.nodes[i] {
                PathNode::Test { cell, cond, shape, stepped, skip } => {
                    let holds = self.cx.test_as(CondTables::decode(shape), cond, cell, stepped);
                    i = if holds { i + 1 } else { skip as usize };
                }
                PathNode::Emit { to, marked, first, count } => {
                    if !marked || self.cx.at(to, true) == 0 {
                        match count {
                            0 => self.land_plain(to),
                            n => self.land_after(&t.effects[first as usize..][..n as usize], to),
                        }
                        if self.found {
                            return;
                        }
                    }
                    i += 1;
                }
            }
        }
    }

    /// A path's landing on `to` after its effects, as the machine records them. Where a
    /// plain landing would go to the list at once (see [`Gen::land_plain`]; no custodian
    /// captures or `captures distinct` to weigh), the move goes with its effects.
    #[inline(never)]
    fn land_after(&mut self, effects: &[PathEffect], to: Cell) {
        let effect = |e: &PathEffect| match *e {
            PathEffect::SetReg(r, c) => Effect::SetReg(r, c),
            PathEffect::Remove(c) => Effect::Remove(c),
            PathEffect::Carry(a, b) => Effect::Carry(a, b),
        };
        let (w, b, from, g) = (to as usize >> 6, to as usize & 63, self.cx.origin, self.cx.g);
        let direct = self.direct && self.neffects == 0 && to != from && w < CELL_WORDS && effects.len() <= MAX_EFFECTS;
        if direct && self.landed[w] & (1 << b) == 0 && g.custodians.is_empty() && g.identity.is_none() {
            let occ = self.cx.at(to, true);
            if occ != 0 && g.kind_owner[occ as usize] == self.cx.me {
                return;
            }
            let eff = self.out.effects.len() as u32;
            for e in effects {
                self.out.effects.push(effect(e));
            }
            self.landed[w] |= 1 << b;
            let m =
                PieceMove { from, to, promo: None, chosen: None, stack: self.stack, neff: effects.len() as u8, eff };
            return self.out.moves.push(Move::Piece(m));
        }
        let base = self.neffects;
        if effects.iter().all(|e| self.record(effect(e))) {
            self.land_plain(to);
        }
        self.neffects = base;
    }

    /// A loop's or a ray's bound: most are numbers, read without a call.
    #[inline]
    fn bound(&self, e: ExprId) -> i64 {
        match self.cx.g.expr(e) {
            Expr::Int(v) => *v,
            e => self.cx.eval(e),
        }
    }

    /// A greedy loop's head at `pc` (slot `s`): runs the body once more from `r` and says
    /// whether some path got through it (then the loop may not be left here).
    fn again(&mut self, prog: &Program, pc: usize, r: Cursor, s: u8) -> bool {
        let saved = self.reached[s as usize];
        self.reached[s as usize] = false;
        self.branch(prog, pc + 1, r);
        let again = self.reached[s as usize];
        self.reached[s as usize] = saved;
        again
    }

    /// A slide along each of `dirs`, at most `max` cells (None: the loop cap). As for
    /// leaps, the common landing tests are chosen once per slide, not at every cell.
    #[inline]
    fn rays(&mut self, prog: &Program, r: Cursor, dirs: &[u8], max: Option<ExprId>, fin: CondId) {
        let max = max.map_or(LOOP_CAP, |max| self.bound(max).min(LOOP_CAP));
        let (g, me) = (self.cx.g, self.cx.me);
        match g.cond_tables.shape(fin) {
            Shape::NotFriend => {
                for &d in dirs {
                    self.ray(prog, r, d, max, fin, |_, _, k| k == 0 || g.kind_owner[k as usize] != me);
                }
            }
            shape => {
                for &d in dirs {
                    self.ray(prog, r, d, max, fin, |cx, c, _| cx.test_as(shape, fin, c, true));
                }
            }
        }
    }

    /// A slide along `d` landing where `pass` lets it (told the cell and what stands there),
    /// up to the first piece.
    #[inline(always)]
    fn ray(
        &mut self,
        prog: &Program,
        r: Cursor,
        d: u8,
        mut left: i64,
        fin: CondId,
        pass: impl Fn(&Ctx<'a>, Cell, u8) -> bool,
    ) {
        let mut c = r.cur;
        while left > 0 {
            let raw = self.board.next_raw(c, d);
            if raw == NONE {
                return;
            }
            if Board::is_fork(raw) {
                return self.fork_ray(prog, r, c, d, left, fin);
            }
            c = raw;
            let k = self.cx.at(c, true);
            if pass(&self.cx, c, k) {
                self.land_plain(c);
            }
            if k != 0 {
                return;
            }
            left -= 1;
        }
    }

    /// A ray at a fork on `c`: each branch on.
    #[inline(never)]
    fn fork_ray(&mut self, prog: &Program, r: Cursor, c: Cell, d: u8, left: i64, fin: CondId) {
        for &t in self.board.targets(c, d) {
            let mut r2 = r;
            r2.cur = t;
            self.visit_ray(prog, r2, d, left, fin);
        }
    }

    /// One branch of a ray at a fork (where a direction leads to several cells): it counts
    /// against the run's budget like a branch of the program.
    fn visit_ray(&mut self, prog: &Program, r: Cursor, d: u8, left: i64, fin: CondId) {
        if self.budget == 0 {
            return budget::report(self.cx.g, self.cx.st, self.cx.me, self.cx.origin, prog);
        }
        self.budget -= 1;
        let c = r.cur;
        if self.cx.test(fin, c, true) {
            self.emit(c, NONE, None);
        }
        if self.cx.at(c, true) == 0 {
            self.ray(prog, r, d, left - 1, fin, |cx, c, _| cx.test(fin, c, true));
        }
    }

    /// Under `captures distinct`, whether the current path removes a piece (so a round trip
    /// is a move).
    fn takes_on_path(&self) -> bool {
        self.cx.g.identity.is_some() && self.effects[..self.neffects].iter().any(|e| matches!(e, Effect::Remove(_)))
    }

    /// Whether an effect recorded on the current path carries the piece on `c` away (so
    /// the moving piece may land there: it goes first).
    fn carried_away(&self, c: Cell) -> bool {
        self.effects[..self.neffects].iter().any(|e| matches!(*e, Effect::Carry(a, _) if a == c))
    }

    /// Whether the current piece already has the plain move to `to` (no promotion, nothing
    /// chosen), which [`Gen::add_move`] would find again, in a game where custodian
    /// captures give the same move on every path (no victim to pick, no `captures
    /// distinct`).
    fn plain_move_to(&self, to: Cell) -> bool {
        let g = self.cx.g;
        g.identity.is_none()
            && !g.custodians.iter().any(|r| r.choose)
            && self.out.moves[self.first_move..]
                .iter()
                .any(|m| matches!(m, Move::Piece(p) if p.shown() == to && p.promo.is_none() && p.extra().is_none()))
    }

    /// A landing on `to` with nothing else on its path: when the piece's landings are plain
    /// (set by [`Gen::start`]) and this is its first move to `to`, the move goes to the
    /// list at once, with the custodian captures it makes unless the mover picks among
    /// them; otherwise [`Gen::emit`] judges it. The list is the same.
    #[inline(always)]
    fn land_plain(&mut self, to: Cell) {
        let (w, b) = (to as usize >> 6, to as usize & 63);
        let from = self.cx.origin;
        if !self.direct || self.neffects != 0 || to == from || w >= CELL_WORDS {
            return self.emit(to, NONE, None);
        }
        if self.landed[w] & (1 << b) != 0 {
            // Another path landed here: when that made the same plain move, this one adds
            // nothing (custodian victims depend on the landing alone).
            if !self.plain_move_to(to) {
                self.emit(to, NONE, None);
            }
            return;
        }
        let occ = self.cx.at(to, true);
        if occ != 0 && self.cx.g.kind_owner[occ as usize] == self.cx.me {
            return;
        }
        let eff = self.out.effects.len() as u32;
        let mut neff = 0;
        if !self.cx.g.custodians.is_empty() {
            let (victims, nv, choose) = self.custodian_victims(from, to);
            if choose && nv > 0 {
                return self.emit(to, NONE, None);
            }
            neff = nv.min(MAX_EFFECTS);
            self.out.effects.extend(victims[..neff].iter().map(|&v| Effect::Remove(v)));
        }
        self.landed[w] |= 1 << b;
        let m = PieceMove { from, to, promo: None, chosen: None, stack: self.stack, neff: neff as u8, eff };
        self.out.moves.push(Move::Piece(m));
    }

    /// A landing on `to`, written with `shown` in its place unless that is NONE: in attack
    /// or predicate mode, whether it counts; else the move, once per promotion choice
    /// (`promo`: the types of the path's `promote(...)`, else the piece's zone rules).
    fn emit(&mut self, to: Cell, shown: Cell, promo: Option<&[u8]>) {
        let cx = self.cx;
        let from = cx.origin;
        // A round trip is no move, unless the move is written another way, promotes the
        // piece where it stands (which takes nothing and reaches no other cell) or, under
        // `captures distinct`, takes pieces on the way.
        let promotes_here = promo.is_some() && self.target == NONE && !self.any_move;
        if (to == from && shown == NONE && !promotes_here && !self.takes_on_path()) || shown == from {
            return;
        }
        let occ = cx.at(to, true);
        if occ != 0 && cx.g.kind_owner[occ as usize] == cx.me && !self.carried_away(to) {
            return;
        }
        if self.any_move {
            self.found = true;
            return;
        }
        if self.probe_captures {
            let g = cx.g;
            let took = |c: Cell| {
                let k = cx.at(c, true);
                k != 0 && g.kind_owner[k as usize] != cx.me
            };
            self.found |=
                took(to) || self.effects[..self.neffects].iter().any(|e| matches!(*e, Effect::Remove(c) if took(c)));
            return;
        }
        if self.target != NONE {
            self.found |= self.reaches_target(from, to);
            return;
        }
        let g = cx.g;
        let mover = cx.st.board[from as usize];
        let slot = g.kind_type[mover as usize] as usize * g.np() + cx.me as usize;
        let promos = &g.promotions[slot];
        let written = (shown != NONE).then_some(Chosen { cell: shown, how: ChosenAs::Written });
        if let Some(types) = promo {
            return self.emit_promoted(from, to, types, written);
        }
        let mut plain = true;
        for p in promos {
            if g.zone(p.zone)[to as usize] || p.from.is_some_and(|z| g.zone(z)[from as usize]) {
                plain = p.optional;
                self.emit_promoted(from, to, &p.to, written);
                break;
            }
        }
        if plain {
            self.emit_custodian(from, to, None, written);
        }
    }

    /// A move whose path says what the piece becomes (`promote(...)`): one move per type
    /// whose `max` the player has not reached.
    fn emit_promoted(&mut self, from: Cell, to: Cell, types: &[u8], written: Option<Chosen>) {
        let (g, st, me) = (self.cx.g, self.cx.st, self.cx.me as usize);
        for &t in types {
            // Piece counts are per faction.
            if g.types[t as usize].max.is_none_or(|mx| st.counts[t as usize * g.nf() + me] < mx) {
                self.emit_custodian(from, to, Some(t), written);
            }
        }
    }

    /// Attack mode: whether a move from `from` to `to` lands on or removes the target.
    fn reaches_target(&self, from: Cell, to: Cell) -> bool {
        let custodian = || {
            let (v, n, _) = self.custodian_victims(from, to);
            v[..n].contains(&self.target)
        };
        to == self.target
            || self.effects[..self.neffects].iter().any(|e| matches!(e, Effect::Remove(c) if *c == self.target))
            || (!self.cx.g.custodians.is_empty() && custodian())
    }

    /// Adds a move with the effects recorded on the current path to the list.
    fn add_move(&mut self, from: Cell, to: Cell, promo: Option<u8>, chosen: Option<Chosen>) {
        let m = PieceMove { from, to, promo, chosen, stack: self.stack, neff: self.neffects as u8, eff: 0 };
        // Distinct paths to the same notation are one action (under `captures distinct`,
        // when they also take the same pieces).
        let shown = m.shown();
        let (w, b) = (shown as usize >> 6, shown as usize & 63);
        if w < CELL_WORDS && self.landed[w] & (1 << b) == 0 {
            self.landed[w] |= 1 << b;
        } else {
            let extra = m.extra();
            let mine = &self.effects[..self.neffects];
            let identity = self.cx.g.identity;
            let out = &*self.out;
            let same = |x: &Move| match x {
                Move::Piece(p) if p.shown() == shown && p.promo == promo && p.extra() == extra => {
                    identity.is_none_or(|by_path| same_captures(mine, out.effects_of(x), by_path))
                }
                _ => false,
            };
            if self.out.moves[self.first_move..].iter().any(same) {
                return;
            }
        }
        let eff = self.out.effects.len() as u32;
        self.out.effects.extend_from_slice(&self.effects[..self.neffects]);
        self.out.moves.push(Move::Piece(PieceMove { eff, ..m }));
        if !self.cx.g.entries.is_empty() && chosen.is_none() && !self.in_step {
            self.add_entries(from, to);
        }
    }

    fn record(&mut self, e: Effect) -> bool {
        if self.neffects == MAX_EFFECTS {
            return false;
        }
        self.effects[self.neffects] = e;
        self.neffects += 1;
        true
    }
}

/// Under `captures distinct`: whether two paths' effects take the same set of pieces (and,
/// `by_path`, pass through the same cells in the same order).
pub fn same_captures(a: &[Effect], b: &[Effect], by_path: bool) -> bool {
    let removes = |x: &[Effect]| x.iter().filter(|e| matches!(e, Effect::Remove(_))).count();
    let taken = |x: &[Effect], c: Effect| x.contains(&c);
    if removes(a) != removes(b) || !a.iter().all(|e| !matches!(e, Effect::Remove(_)) || taken(b, *e)) {
        return false;
    }
    !by_path || vias(a).eq(vias(b))
}

/// The cells a path passes through (`via`), in order.
fn vias(x: &[Effect]) -> impl Iterator<Item = &Effect> + '_ {
    x.iter().filter(|e| matches!(e, Effect::Via(_)))
}
