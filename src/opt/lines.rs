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
        Op::LoopTest(_, lo, hi, _) => g.expr(*lo).constant().is_some() && constant(hi),
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
    let ops = &g.program(prog).ops;
    let mut index: HashMap<St, usize> = HashMap::new();
    let mut states: Vec<St> = vec![];
    let mut succ: Vec<Vec<usize>> = vec![];
    // Cells a state touches besides its own, each with the cells between (rays).
    let mut touch: Vec<Vec<(Cell, Vec<Cell>)>> = vec![];
    let mut stack = vec![];
    let mut edges: Vec<(usize, St)> = vec![];
    fn id(s: St, index: &mut HashMap<St, usize>, states: &mut Vec<St>, stack: &mut Vec<St>) -> usize {
        *index.entry(s).or_insert_with(|| {
            states.push(s);
            stack.push(s);
            states.len() - 1
        })
    }
    id((0, o, 0), &mut index, &mut states, &mut stack);
    while let Some(s) = stack.pop() {
        let (pc, c, last) = s;
        let me = index[&s];
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut next: Vec<St> = vec![];
        let mut touched: Vec<(Cell, Vec<Cell>)> = vec![];
        if pc < ops.len() {
            match &ops[pc] {
                Op::Step(ds) => {
                    ds.iter().for_each(|&d| g.board.targets(c, d).iter().for_each(|&t| next.push((pc + 1, t, d))))
                }
                Op::Turn(tb) => {
                    for &d in &g.turn_table(*tb)[last as usize] {
                        g.board.targets(c, d).iter().for_each(|&t| next.push((pc + 1, t, d)));
                    }
                }
                Op::Split(t) => {
                    next.push((pc + 1, c, last));
                    next.push((*t as usize, c, last));
                }
                Op::Jmp(t) => next.push((*t as usize, c, last)),
                Op::LoopTest(_, _, _, exit) => {
                    next.push((pc + 1, c, last));
                    next.push((*exit as usize, c, last));
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
        }
        touch.resize(states.len().max(me + 1), vec![]);
        touch[me] = touched;
        for t in next {
            edges.push((me, t));
            id(t, &mut index, &mut states, &mut stack);
        }
    }
    succ.resize(states.len(), vec![]);
    touch.resize(states.len(), vec![]);
    for (a, t) in edges {
        succ[a].push(index[&t]);
    }
    // The targets each state leads to, to a fixed point.
    let mut reach: Vec<Bits> = (0..states.len())
        .map(|i| {
            let mut b = [0u64; CELL_WORDS];
            set(&mut b, states[i].1);
            touch[i].iter().for_each(|(t, _)| set(&mut b, *t));
            b
        })
        .collect();
    let mut changed = true;
    let edges: usize = succ.iter().map(Vec::len).sum();
    while changed {
        changed = false;
        *budget = budget.checked_sub(edges + states.len())?;
        for i in (0..states.len()).rev() {
            for &j in &succ[i] {
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
    *budget = budget.checked_sub(states.len() * marks.len())?;
    for (i, &(_, c, _)) in states.iter().enumerate() {
        for (r, mark) in marks.iter_mut().enumerate() {
            if has(&reach[i], r) {
                set(mark, c);
                set(mark, r as Cell);
            }
        }
        for (t, between) in &touch[i] {
            let m = &mut marks[*t as usize];
            between.iter().for_each(|&b| set(m, b));
        }
    }
    Some(())
}
