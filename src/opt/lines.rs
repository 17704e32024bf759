//! The cells a forward attack program (one that cannot be reversed into a probe, such as
//! a cannon's jump over a screen) looks at on its way to a target, for the fast legality
//! filter: a move that touches none of them cannot change whether the program attacks
//! the target.

use std::collections::HashMap;

use crate::board::Cell;
use crate::ir::limits::CELL_WORDS;
use crate::ir::{Game, Op, ProgramId};

/// Work the walks of one game may do in all (a state visited, an edge followed, a target
/// looked at) before the filter gives up on the game.
pub const STATE_BUDGET: usize = 64_000_000;

type Bits = [u64; CELL_WORDS];

fn set(bits: &mut Bits, c: Cell) {
    bits[c as usize / 64] |= 1 << (c % 64);
}

fn has(bits: &Bits, c: usize) -> bool {
    bits[c / 64] & (1 << (c % 64)) != 0
}

/// Whether every test and bound of a program depends only on the cells' contents.
pub fn board_local_program(g: &Game, prog: ProgramId, local: &dyn Fn(&crate::ir::Cond) -> bool) -> bool {
    let constant = |e: &Option<crate::ir::ExprId>| e.is_none_or(|e| g.expr(e).constant().is_some());
    g.program(prog).ops.iter().all(|o| match o {
        Op::Test(t) | Op::Leap(_, t) => local(g.cond(*t)),
        Op::Ray(_, max, fin) => constant(max) && local(g.cond(*fin)),
        Op::LoopTest(_, lo, hi, _) | Op::LoopMax(_, lo, hi, _) => g.expr(*lo).constant().is_some() && constant(hi),
        _ => true,
    })
}

/// One walk's machine state: instruction, cursor, last direction.
type St = (usize, Cell, u8);

/// Per origin and target cell (`o * cells + r`), the cells the program may look at on a
/// path from the origin that reaches the target (lands on it, passes it or removes it),
/// ignoring every test; None when the walks would go over `budget` states (which they
/// use up).
pub fn forward_marks(g: &Game, prog: ProgramId, budget: &mut usize) -> Option<Vec<Bits>> {
    let n = g.board.len();
    let mut all = Vec::with_capacity(n * n);
    for o in 0..n as Cell {
        let mut marks = vec![[0u64; CELL_WORDS]; n];
        walk(g, prog, o, budget, &mut marks)?;
        all.extend(marks);
    }
    Some(all)
}

/// The walk from origin `o`: its states, what each touches, and the targets each leads
/// to; marks the cells on the way to each target.
fn walk(g: &Game, prog: ProgramId, o: Cell, budget: &mut usize, marks: &mut [Bits]) -> Option<()> {
    let w = explore(g, prog, o, budget)?;
    let reach = targets(&w, budget)?;
    *budget = budget.checked_sub(w.states.len() * marks.len())?;
    for (i, &(_, c, _)) in w.states.iter().enumerate() {
        for (r, mark) in marks.iter_mut().enumerate() {
            if has(&reach[i], r) {
                set(mark, c);
                set(mark, r as Cell);
            }
        }
        for (t, between) in &w.touch[i] {
            let m = &mut marks[*t as usize];
            between.iter().for_each(|&b| set(m, b));
        }
    }
    Some(())
}

/// The states of a walk, their successors, and the cells each touches besides its own
/// (with the cells between, for rays).
struct Walk {
    states: Vec<St>,
    succ: Vec<Vec<usize>>,
    touch: Vec<Vec<(Cell, Vec<Cell>)>>,
}

/// Every state a program's walk from `o` can reach, ignoring tests; None over budget or
/// on a ray through a fork.
fn explore(g: &Game, prog: ProgramId, o: Cell, budget: &mut usize) -> Option<Walk> {
    let mut index: HashMap<St, usize> = HashMap::new();
    let mut w = Walk { states: vec![(0, o, 0)], succ: vec![vec![]], touch: vec![vec![]] };
    index.insert((0, o, 0), 0);
    let mut stack = vec![0usize];
    while let Some(me) = stack.pop() {
        *budget = budget.checked_sub(1)?;
        let (next, touched) = step(g, &g.program(prog).ops, w.states[me])?;
        w.touch[me] = touched;
        for t in next {
            let j = *index.entry(t).or_insert_with(|| {
                w.states.push(t);
                w.succ.push(vec![]);
                w.touch.push(vec![]);
                stack.push(w.states.len() - 1);
                w.states.len() - 1
            });
            w.succ[me].push(j);
        }
    }
    Some(w)
}

/// The states after one state, and the cells it touches besides its own.
#[allow(clippy::type_complexity)]
fn step(g: &Game, ops: &[Op], (pc, c, last): St) -> Option<(Vec<St>, Vec<(Cell, Vec<Cell>)>)> {
    let mut next: Vec<St> = vec![];
    let mut touched: Vec<(Cell, Vec<Cell>)> = vec![];
    let Some(op) = ops.get(pc) else { return Some((next, touched)) };
    let along = |d: u8, next: &mut Vec<St>| g.board.targets(c, d).iter().for_each(|&t| next.push((pc + 1, t, d)));
    match op {
        Op::Step(ds) => ds.iter().for_each(|&d| along(d, &mut next)),
        Op::Turn(tb) => g.turn_table(*tb)[last as usize].iter().for_each(|&d| along(d, &mut next)),
        Op::Split(t) => next.extend([(pc + 1, c, last), (*t as usize, c, last)]),
        Op::Jmp(t) => next.push((*t as usize, c, last)),
        Op::LoopTest(_, _, _, exit) | Op::LoopMax(_, _, _, exit) => {
            next.extend([(pc + 1, c, last), (*exit as usize, c, last)])
        }
        Op::Remove(Some(d)) => {
            g.board.targets(c, *d).iter().for_each(|&t| touched.push((t, vec![])));
            next.push((pc + 1, c, last));
        }
        Op::Ray(ds, _, _) => {
            for &d in ds {
                let mut line = vec![];
                let mut x = c;
                while let [t] = g.board.targets(x, d) {
                    if line.contains(t) || line.len() > g.board.len() {
                        break;
                    }
                    touched.push((*t, line.clone()));
                    line.push(*t);
                    x = *t;
                }
                // A fork ends the tabulated line: give up on such boards.
                if g.board.targets(x, d).len() > 1 {
                    return None;
                }
            }
        }
        Op::Leap(tb, _) => g.leap_table(*tb)[c as usize].iter().for_each(|&t| touched.push((t, vec![]))),
        Op::Emit => {}
        _ => next.push((pc + 1, c, last)),
    }
    Some((next, touched))
}

/// The targets each state of a walk leads to (its own cell, what it touches, and its
/// successors' targets), to a fixed point; None over budget.
fn targets(w: &Walk, budget: &mut usize) -> Option<Vec<Bits>> {
    let mut reach: Vec<Bits> = (0..w.states.len())
        .map(|i| {
            let mut b = [0u64; CELL_WORDS];
            set(&mut b, w.states[i].1);
            w.touch[i].iter().for_each(|(t, _)| set(&mut b, *t));
            b
        })
        .collect();
    let edges: usize = w.succ.iter().map(Vec::len).sum();
    let mut changed = true;
    while changed {
        changed = false;
        *budget = budget.checked_sub(edges + w.states.len())?;
        for i in (0..w.states.len()).rev() {
            for &j in &w.succ[i] {
                let from = reach[j];
                for (x, y) in reach[i].iter_mut().zip(from) {
                    if y & !*x != 0 {
                        *x |= y;
                        changed = true;
                    }
                }
            }
        }
    }
    Some(reach)
}
