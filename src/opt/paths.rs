//! Guarded paths: a program without effects other than setting registers, removing and
//! carrying pieces (steps, turns, tests, alternatives, marks, a landing on a mark, registers
//! set, pieces removed or carried, and repetitions with numbers for bounds) after the tests
//! of its origin becomes one `Paths` instruction over a table of its paths per origin, each
//! with the tests on its way and its effects (all known at load: a register takes the cell
//! where the path sets it, a removal names its cell, a carry its two). The engine then walks
//! a list instead of branching (a leap whose leg must be empty, a diagonal step barred when
//! both cells beside it are occupied, a zigzag slide, a capture that takes a piece beside its
//! landing, a move that carries another piece over the mover).

use super::budget::{Budget, PATH_WORK_PER_GAME, PATH_WORK_PER_PROGRAM};
use crate::board::{Cell, NONE};
use crate::ir::limits::{LOOP_CAP, MAX_EFFECTS, MAX_LOOP_NESTING, MAX_MARKS};
use crate::ir::{
    BoundTables, CondId, CondTables, Expr, ExprId, Game, Op, PathEffect, PathNode, PathTable, PathTableId, Shape,
};

/// Replaces every program of that shape by a path table, while the budget lasts; then
/// gives the programs whose one repetition bound is an expression tables for its first
/// values (see [`BoundTables`]).
pub fn run(g: &mut Game) {
    let mut budget = Budget::new(PATH_WORK_PER_PROGRAM, PATH_WORK_PER_GAME);
    for i in 0..g.programs.len() {
        let ops = &g.programs[i].ops;
        let Some(start) = shape(g, ops, None) else { continue };
        let Some(id) = tabulate(g, i, start, None, &mut budget) else { continue };
        let ops = &mut g.programs[i].ops;
        ops.truncate(start);
        ops.push(Op::Paths(id));
    }
    for i in 0..g.programs.len() {
        let Some(expr) = one_bound(g, &g.programs[i].ops) else { continue };
        let Some(start) = shape(g, &g.programs[i].ops, Some(expr)) else { continue };
        let tables: Vec<_> =
            (0..BOUND_TABLES).map_while(|v| tabulate(g, i, start, Some((expr, v)), &mut budget)).collect();
        if !tables.is_empty() {
            g.programs[i].by_bound = Some(BoundTables { expr, tests: start, tables });
        }
    }
}

/// Path tables for at most this many values of a repetition's bound (0, 1, …; each a
/// longer chain, so a larger table, until the budget says no).
const BOUND_TABLES: i64 = 4;

/// The table of program `i` from instruction `start` (`bound`: an expression's value),
/// shared with an equal table made before; None when the budget runs out.
fn tabulate(
    g: &mut Game,
    i: usize,
    start: usize,
    bound: Option<(ExprId, i64)>,
    budget: &mut Budget,
) -> Option<PathTableId> {
    let mut left = budget.for_program();
    let table = enumerate(g, &g.programs[i].ops, start, bound, &mut left);
    budget.spend(budget.for_program() - left);
    let table = table?;
    let id = g.path_tables.iter().position(|t| *t == table).unwrap_or_else(|| {
        g.path_tables.push(table);
        g.path_tables.len() - 1
    });
    Some(PathTableId::new(id))
}

/// The one expression among the repetitions' bounds that is not a number, if there is
/// exactly one.
fn one_bound(g: &Game, ops: &[Op]) -> Option<ExprId> {
    let bounds = ops.iter().flat_map(|o| match o {
        Op::LoopTest(_, lo, hi, _) => vec![Some(*lo), *hi],
        _ => vec![],
    });
    let mut exprs = bounds.flatten().filter(|e| number(g, *e, None).is_none());
    let first = exprs.next()?;
    exprs.all(|e| e == first).then_some(first)
}

/// Where the guarded part starts (after the tests of the origin), when the rest of the
/// program has only steps, turns, tests, alternatives, marks, landings on marks, registers
/// set, pieces removed or carried, repetitions whose bounds are numbers (or `bound`), and
/// its one `Emit`, at the end
/// (the leaps and slides among such programs are made already).
fn shape(g: &Game, ops: &[Op], bound: Option<ExprId>) -> Option<usize> {
    let start = ops.iter().position(|o| !matches!(o, Op::Test(_)))?;
    let (last, rest) = ops[start..].split_last()?;
    let number = |e: &ExprId| Some(*e) == bound || number(g, *e, None).is_some();
    let allowed = |o: &Op| match o {
        Op::Step(_) | Op::Turn(_) | Op::Test(_) | Op::Split(_) | Op::Jmp(_) | Op::Mark(_) | Op::Land(_) => true,
        Op::SetReg(_) | Op::Remove(_) | Op::Carry(..) => true,
        Op::LoopInit(_) | Op::LoopInc(_) => true,
        Op::LoopTest(_, lo, hi, _) => number(lo) && hi.as_ref().is_none_or(number),
        _ => false,
    };
    (matches!(last, Op::Emit) && rest.iter().all(allowed)).then_some(start)
}

/// Where an enumeration stands.
#[derive(Clone)]
struct Walk {
    pc: usize,
    cur: Cell,
    last: u8,
    marks: [Cell; MAX_MARKS],
    land: Cell,
    /// Whether the piece has left its origin.
    stepped: bool,
    loops: [u8; MAX_LOOP_NESTING],
    tests: Vec<(Cell, CondId, bool)>,
    /// Effects so far.
    sets: Vec<PathEffect>,
    /// Nested calls of the enumeration so far.
    depth: u32,
    /// A repetition bound's expression and the value it takes in this table.
    bound: Option<(ExprId, i64)>,
}

impl Walk {
    /// Records an effect; None when the path has more than the machine records (it would
    /// end there: the program keeps its general form).
    fn effect(&mut self, e: PathEffect) -> Option<()> {
        self.sets.push(e);
        (self.sets.len() <= MAX_EFFECTS).then_some(())
    }
}

/// The deepest the enumeration nests (a longer program keeps its general form).
const MAX_DEPTH: u32 = 256;

/// One path: its tests, in order (cell, condition, whether the piece has left its origin),
/// its landing (and whether it is a mark), and its effects.
struct GuardedPath {
    tests: Vec<(Cell, CondId, bool)>,
    to: Cell,
    marked: bool,
    sets: Vec<PathEffect>,
}

/// Per origin, every path of `ops` from instruction `start`, in the order the pattern
/// machine takes them; None if that takes more than `left` steps of work.
fn enumerate(g: &Game, ops: &[Op], start: usize, bound: Option<(ExprId, i64)>, left: &mut u64) -> Option<PathTable> {
    let mut t = PathTable { start: vec![0], ..Default::default() };
    let mut paths = vec![];
    for origin in 0..g.board.len() as Cell {
        let (marks, loops) = ([NONE; MAX_MARKS], [0; MAX_LOOP_NESTING]);
        let (tests, sets) = (vec![], vec![]);
        let w = Walk {
            pc: start,
            cur: origin,
            last: 0,
            marks,
            land: NONE,
            stepped: false,
            loops,
            tests,
            sets,
            depth: 0,
            bound,
        };
        paths.clear();
        walk(g, ops, w, &mut paths, left)?;
        nodes(&paths, &mut t)?;
        t.start.push(u32::try_from(t.nodes.len()).ok()?);
    }
    Some(t)
}

/// Appends an origin's paths as nodes: each path shares the tests it begins with with the
/// path before it (so the order stays the machine's).
fn nodes(paths: &[GuardedPath], t: &mut PathTable) -> Option<()> {
    let out = &mut t.nodes;
    // The tests of the path before, with the index of each one's node.
    let mut open: Vec<((Cell, CondId, bool), usize)> = vec![];
    let close = |out: &mut Vec<PathNode>, at: usize| -> Option<()> {
        let end = u32::try_from(out.len()).ok()?;
        if let PathNode::Test { skip, .. } = &mut out[at] {
            *skip = end;
        }
        Some(())
    };
    for p in paths {
        let shared = open.iter().zip(&p.tests).take_while(|((t, _), u)| t == *u).count();
        while open.len() > shared {
            let (_, at) = open.pop()?;
            close(out, at)?;
        }
        for &(cell, cond, stepped) in &p.tests[shared..] {
            open.push(((cell, cond, stepped), out.len()));
            out.push(PathNode::Test { cell, cond, shape: CondTables::code(Shape::Walk), stepped, skip: 0 });
        }
        let first = u32::try_from(t.effects.len()).ok()?;
        t.effects.extend_from_slice(&p.sets);
        out.push(PathNode::Emit { to: p.to, marked: p.marked, first, count: p.sets.len() as u8 });
    }
    while let Some((_, at)) = open.pop() {
        close(out, at)?;
    }
    Some(())
}

/// Follows one branch to its ends, as `exec` would: alternatives first, then the jump.
fn walk(g: &Game, ops: &[Op], mut w: Walk, out: &mut Vec<GuardedPath>, left: &mut u64) -> Option<()> {
    w.depth += 1;
    if w.depth > MAX_DEPTH {
        return None;
    }
    loop {
        *left = left.checked_sub(1 + w.tests.len() as u64)?;
        match ops.get(w.pc)? {
            Op::Step(dirs) => return fan(g, ops, &w, dirs, out, left),
            Op::Turn(table) => return fan(g, ops, &w, &g.turn_table(*table)[w.last as usize], out, left),
            Op::Test(c) => {
                w.tests.push((w.cur, *c, w.stepped));
                w.pc += 1;
            }
            Op::LoopInit(s) => {
                w.loops[*s as usize] = 0;
                w.pc += 1;
            }
            Op::LoopInc(s) => {
                w.loops[*s as usize] = w.loops[*s as usize].checked_add(1)?;
                w.pc += 1;
            }
            Op::LoopTest(s, lo, hi, exit) => {
                let n = w.loops[*s as usize] as i64;
                let number = |e| number(g, e, w.bound);
                let (lo, hi) = (number(*lo)?, hi.map_or(Some(LOOP_CAP), number)?.min(LOOP_CAP));
                if n < lo {
                    if n >= hi {
                        return Some(());
                    }
                    w.pc += 1;
                } else if n >= hi {
                    w.pc = *exit as usize;
                } else {
                    walk(g, ops, Walk { pc: *exit as usize, ..w.clone() }, out, left)?;
                    w.pc += 1;
                }
            }
            Op::Split(t) => {
                walk(g, ops, Walk { pc: w.pc + 1, ..w.clone() }, out, left)?;
                w.pc = *t as usize;
            }
            Op::Jmp(t) => w.pc = *t as usize,
            Op::Mark(s) => {
                w.marks[*s as usize] = w.cur;
                w.pc += 1;
            }
            Op::Land(s) => {
                w.land = w.marks[*s as usize];
                w.pc += 1;
            }
            Op::SetReg(_) | Op::Remove(_) | Op::Carry(..) => {
                if !effect(g, ops.get(w.pc)?, &mut w)? {
                    return Some(());
                }
                w.pc += 1;
            }
            Op::Emit => {
                let marked = w.land != NONE;
                let to = if marked { w.land } else { w.cur };
                out.push(GuardedPath { tests: w.tests, to, marked, sets: w.sets });
                return Some(());
            }
            _ => return None,
        }
    }
}

/// An effect's instruction on the walk, as the machine does it: Some(false) where the path
/// ends there, None where the table cannot be made.
fn effect(g: &Game, op: &Op, w: &mut Walk) -> Option<bool> {
    let e = match *op {
        Op::SetReg(r) => PathEffect::SetReg(r, w.cur),
        Op::Remove(d) => {
            // The cell one step along `d` (or the path ends), and under `captures
            // distinct` a piece taken once only.
            let c = match d.map(|d| g.board.targets(w.cur, d)) {
                None => w.cur,
                Some([c]) => *c,
                Some(_) => return Some(false),
            };
            if g.identity.is_some() && w.sets.contains(&PathEffect::Remove(c)) {
                return Some(false);
            }
            PathEffect::Remove(c)
        }
        Op::Carry(from, to) => {
            // From a mark (or the cell) to a mark; an unset one ends the path.
            let (from, to) = (from.map_or(w.cur, |f| w.marks[f as usize]), w.marks[to as usize]);
            if from == NONE || to == NONE {
                return Some(false);
            }
            PathEffect::Carry(from, to)
        }
        _ => return None,
    };
    w.effect(e)?;
    Some(true)
}

/// Every cell one step from the walk's cell along `dirs`, each followed on.
fn fan(g: &Game, ops: &[Op], w: &Walk, dirs: &[u8], out: &mut Vec<GuardedPath>, left: &mut u64) -> Option<()> {
    for &d in dirs {
        for &t in g.board.targets(w.cur, d) {
            walk(g, ops, Walk { pc: w.pc + 1, cur: t, last: d, stepped: true, ..w.clone() }, out, left)?;
        }
    }
    Some(())
}

/// A bound that is a number, or `bound`'s expression (its value).
fn number(g: &Game, e: ExprId, bound: Option<(ExprId, i64)>) -> Option<i64> {
    match (g.expr(e), bound) {
        (Expr::Int(v), _) => Some(*v),
        (_, Some((b, v))) if b == e => Some(v),
        _ => None,
    }
}
