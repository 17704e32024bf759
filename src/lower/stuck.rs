//! Where a piece could never move: the cells from which none of a type's move programs
//! has a path to another cell, whatever stands on the board (every test taken as passing,
//! every repetition count allowed). `promote ... stuck` and the drop condition `stuck` use
//! it: a shogi Pawn on the last rank, a Knight on the last two.

use super::Lowerer;
use crate::board::{Board, Cell, NONE};
use crate::ir::{Game, Op, Program, ZoneId};
use std::collections::HashSet;

impl Lowerer<'_> {
    /// The zone set of the cells where type `t`, moved by player `p`, could never move
    /// (added if new).
    pub(super) fn stuck_zone(&mut self, g: &Game, t: usize, p: u8) -> ZoneId {
        let progs: Vec<&Program> =
            g.moves_of[t * self.np() as usize + p as usize].iter().map(|&id| g.program(id)).collect();
        let set: Vec<bool> = (0..self.board.len() as Cell)
            .map(|c| !progs.iter().any(|prog| could_move(prog, self.board, &self.t.turn_tables, g, c)))
            .collect();
        self.zone_set(set)
    }

    /// The id of a zone set with exactly these cells, added if new.
    pub(super) fn zone_set(&mut self, set: Vec<bool>) -> ZoneId {
        let sets = &mut self.d.zone_sets;
        match sets.iter().position(|s| *s == set) {
            Some(i) => ZoneId::new(i),
            None => {
                sets.push(set);
                ZoneId::new(sets.len() - 1)
            }
        }
    }
}

/// Where a run of the program stands, as far as the board's shape goes: the instruction,
/// the cell, the last direction, whether the piece has left its origin, and whether the
/// move lands on a mark (`land`, taken as a move).
type Point = (usize, Cell, u8, bool, bool);

/// Whether some path of `prog` from `origin` ends on another cell, ignoring every test.
fn could_move(prog: &Program, board: &Board, turns: &[Vec<Vec<u8>>], g: &Game, origin: Cell) -> bool {
    let mut seen: HashSet<Point> = HashSet::new();
    let mut todo: Vec<Point> = vec![(0, origin, 0, false, false)];
    while let Some(pt) = todo.pop() {
        if !seen.insert(pt) {
            continue;
        }
        let (pc, cur, last, stepped, landed) = pt;
        let mut go = |pc: usize, cur: Cell, last: u8, stepped: bool| todo.push((pc, cur, last, stepped, landed));
        let Some(op) = prog.ops.get(pc) else { continue };
        match op {
            Op::Step(dirs) => {
                for &d in dirs {
                    board.targets(cur, d).iter().for_each(|&t| go(pc + 1, t, d, true));
                }
            }
            Op::Turn(table) => {
                for &d in turns.get(table.index()).and_then(|t| t.get(last as usize)).into_iter().flatten() {
                    board.targets(cur, d).iter().for_each(|&t| go(pc + 1, t, d, true));
                }
            }
            Op::Split(t) => {
                go(pc + 1, cur, last, stepped);
                go(*t as usize, cur, last, stepped);
            }
            Op::Jmp(t) => go(*t as usize, cur, last, stepped),
            Op::LoopTest(_, _, _, exit) | Op::LoopMax(_, _, _, exit) => {
                go(pc + 1, cur, last, stepped);
                go(*exit as usize, cur, last, stepped);
            }
            // A move that lands on a mark, is written another way or promotes (in place too)
            // counts as a move wherever it lands.
            Op::Land(_) | Op::Written(_) | Op::Promote(_) => todo.push((pc + 1, cur, last, stepped, true)),
            Op::Ray(dirs, ..) => {
                if dirs.iter().any(|&d| board.next_raw(cur, d) != NONE) {
                    return true;
                }
            }
            Op::Leap(table, _) => {
                if g.leap_tables.get(table.index()).is_some_and(|t| !t[cur as usize].is_empty()) {
                    return true;
                }
            }
            Op::Paths(table) => {
                if g.path_tables.get(table.index()).is_some_and(|t| !t.range(cur).is_empty()) {
                    return true;
                }
            }
            Op::Emit => {
                if landed || (stepped && cur != origin) {
                    return true;
                }
            }
            Op::Test(_)
            | Op::Mark(_)
            | Op::SetReg(_)
            | Op::Then(_)
            | Op::Remove(_)
            | Op::Carry(..)
            | Op::LoopInit(_)
            | Op::LoopInc(_)
            | Op::Via => go(pc + 1, cur, last, stepped),
        }
    }
    false
}
