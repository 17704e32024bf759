//! Leaps: a fixed path of steps (and turns) with only a landing test becomes one `Leap`
//! instruction over a table of landing cells per origin.

use super::budget::{Budget, LEAP_WORK_PER_GAME, LEAP_WORK_PER_PROGRAM};
use crate::board::{Board, Cell};
use crate::ir::{CondId, Game, LeapTableId, Op};

/// Replaces every fixed path of steps by a leap table, while the budget lasts (a path
/// whose table would take more keeps its steps).
pub fn run(g: &mut Game) {
    let mut budget = Budget::new(LEAP_WORK_PER_PROGRAM, LEAP_WORK_PER_GAME);
    for i in 0..g.programs.len() {
        let ops = &g.programs[i].ops;
        let Some((start, fin)) = path_shape(ops) else { continue };
        let mut left = budget.for_program();
        let table = landings(&g.board, &g.turn_tables, &ops[start..ops.len() - 2], &mut left);
        budget.spend(budget.for_program() - left);
        let Some(table) = table else { continue };
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

/// Per origin cell: the distinct cells a path of steps and turns lands on, but the origin;
/// None if that takes more than `left` frontier entries (`left` is what remains).
fn landings(b: &Board, turns: &[Vec<Vec<u8>>], steps: &[Op], left: &mut u64) -> Option<Vec<Vec<Cell>>> {
    let mut table = vec![];
    // Where each (cell, last direction) was last reached: `stamp` of the step that did.
    let mut seen = vec![usize::MAX; b.len() * b.dirs.len().max(1)];
    let mut stamp = 0usize;
    for origin in 0..b.len() as Cell {
        let mut frontier: Vec<(Cell, u8)> = vec![(origin, 0)];
        for op in steps {
            let mut next = vec![];
            stamp += 1;
            *left = left.checked_sub(frontier.len() as u64)?;
            for &(c, last) in &frontier {
                let ds: &[u8] = match op {
                    Op::Step(ds) => ds,
                    Op::Turn(t) => &turns[t.index()][last as usize],
                    _ => &[],
                };
                for &d in ds {
                    for &t in b.targets(c, d) {
                        // Paths that meet in a cell and direction go on alike: one is kept.
                        let key = t as usize * b.dirs.len().max(1) + d as usize;
                        if seen.get(key) != Some(&stamp) {
                            if let Some(s) = seen.get_mut(key) {
                                *s = stamp;
                            }
                            next.push((t, d));
                        }
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
    Some(table)
}
