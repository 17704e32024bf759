//! Leaps: a fixed path of steps (and turns) with only a landing test becomes one `Leap`
//! instruction over a table of landing cells per origin.

use crate::board::{Board, Cell};
use crate::ir::{CondId, Game, LeapTableId, Op};

/// Replaces every fixed path of steps by a leap table.
pub fn run(g: &mut Game) {
    for i in 0..g.programs.len() {
        let ops = &g.programs[i].ops;
        let Some((start, fin)) = path_shape(ops) else { continue };
        let table = landings(&g.board, &g.turn_tables, &ops[start..ops.len() - 2]);
        let id = match g.leap_tables.iter().position(|t| *t == table) {
            Some(i) => i,
            None => {
                g.leap_tables.push(table);
                g.leap_tables.len() - 1
            }
        };
        let ops = &mut g.programs[i].ops;
        ops.truncate(start);
        ops.push(Op::Leap(LeapTableId::new(id), fin));
    }
}

/// A fixed path: an optional test of the origin, then a step, more steps or turns, the
/// landing test and `Emit`. Returns where the path starts and the landing test.
fn path_shape(ops: &[Op]) -> Option<(usize, CondId)> {
    let start = usize::from(matches!(ops.first(), Some(Op::Test(_))));
    let n = ops.len();
    if n < start + 3 || !matches!(ops[n - 1], Op::Emit) {
        return None;
    }
    let Op::Test(fin) = ops[n - 2] else { return None };
    let steps = &ops[start..n - 2];
    let fixed = steps.iter().all(|o| matches!(o, Op::Step(_) | Op::Turn(_))) && matches!(steps[0], Op::Step(_));
    fixed.then_some((start, fin))
}

/// Per origin cell: the distinct cells a path of steps and turns lands on, but the origin.
fn landings(b: &Board, turns: &[Vec<Vec<u8>>], steps: &[Op]) -> Vec<Vec<Cell>> {
    let mut table = vec![];
    for origin in 0..b.len() as Cell {
        let mut frontier: Vec<(Cell, u8)> = vec![(origin, 0)];
        for op in steps {
            let mut next = vec![];
            for &(c, last) in &frontier {
                let ds: &[u8] = match op {
                    Op::Step(ds) => ds,
                    Op::Turn(t) => &turns[t.index()][last as usize],
                    _ => &[],
                };
                for &d in ds {
                    for &t in b.targets(c, d) {
                        next.push((t, d));
                    }
                }
            }
            frontier = next;
        }
        let mut cells: Vec<Cell> = vec![];
        for (c, _) in frontier {
            if c != origin && !cells.contains(&c) {
                cells.push(c);
            }
        }
        table.push(cells);
    }
    table
}
