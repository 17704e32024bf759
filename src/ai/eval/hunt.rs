//! The hunt: in a game won by trapping a royal piece, a side well ahead in material must
//! bring its pieces to the enemy royal piece to trap it, and that lies beyond the search's
//! horizon when the pieces stand far away. The term gives the side ahead a little for every
//! step each of its pieces is closer to a cell from which it takes on the enemy royal piece,
//! counted in the piece's own moves on the empty board (a stone that captures sideways but
//! steps diagonally is measured to the cells beside the royal piece it can reach). Unlike
//! the endgame push it counts whatever the weaker side has left.

use crate::ai::eval::graph::MoveGraph;
use crate::board::Cell;
use crate::ir::{Game, Kind};
use std::collections::VecDeque;

/// Hundredths of the least valued piece a hunting piece gains per step closer.
const SHARE: i64 = 8;
/// The most steps from which a piece counts (a piece this far or farther gains nothing).
const REACH: u8 = 8;

/// What the term needs of a game: per hunting type and owner, the steps from every cell to
/// taking on every cell.
#[derive(Debug, Clone, Default)]
pub(super) struct Hunt {
    /// Cells of the board.
    cells: usize,
    /// Per kind: its row of `steps` (None for royal kinds and kinds of no player).
    row_of: Vec<Option<usize>>,
    /// Per type and owner that is not royal: per (target * cells + cell), the moves from the
    /// cell to one from which the piece takes on the target (`u8::MAX`: never).
    steps: Vec<Vec<u8>>,
    /// Hundredths per step closer (0: the term is off).
    per_step: i64,
    /// The material lead, in hundredths, from which the term counts.
    lead: i64,
}

impl Hunt {
    /// The term for `g` with royal pieces (`royal`: the endgame push found some), the
    /// evaluation's piece `values` (hundredths), the material `lead` from which it counts
    /// and the weight in percent.
    pub(super) fn new(g: &Game, graph: &MoveGraph, values: &[i32], lead: i64, royal: bool, weight: u16) -> Self {
        let least = super::least_value(values) as i64;
        let per_step = least * SHARE * weight as i64 / 10_000;
        if per_step == 0 || !royal {
            return Hunt::default();
        }
        let contacts = MoveGraph::contacts(g);
        let (row_of, pairs) = super::rows_by_type(g, |t| !g.types[t].royal);
        let steps = pairs.iter().map(|&(t, p)| steps_to_take(graph.of(g, t, p), &contacts[t * g.np() + p])).collect();
        Hunt { cells: g.board.len(), row_of, steps, per_step, lead }
    }

    /// The side that hunts with this material (hundredths, royal pieces not counted), if one
    /// is far enough ahead.
    pub(super) fn hunter(&self, material: [i64; 2]) -> Option<usize> {
        if self.steps.is_empty() {
            return None;
        }
        let strong = if material[0] >= material[1] { 0 } else { 1 };
        (material[strong] - material[1 - strong] >= self.lead).then_some(strong)
    }

    /// The term for `me` when `strong` hunts the royal piece on `royal`, over the pieces
    /// of `board` (`owner`: per kind, its owner).
    pub(super) fn score(&self, me: u8, strong: usize, royal: Cell, board: &[Kind], owner: &[u8]) -> i64 {
        let base = royal as usize * self.cells;
        let mut v = 0;
        for (c, &k) in board.iter().enumerate() {
            if k == 0 || owner[k as usize] as usize != strong {
                continue;
            }
            if let Some(r) = self.row_of[k as usize] {
                v += REACH.saturating_sub(self.steps[r][base + c]) as i64;
            }
        }
        v *= self.per_step;
        if strong == me as usize { v } else { -v }
    }
}

/// Per (target * cells + cell): the moves along `dests` from the cell to one whose
/// `contacts` hold the target (`u8::MAX`: never). One search back from the takers of each
/// target.
fn steps_to_take(dests: &[Vec<Cell>], contacts: &[Vec<Cell>]) -> Vec<u8> {
    let n = dests.len();
    let (mut back, mut takers): (Vec<Vec<Cell>>, Vec<Vec<Cell>>) = (vec![vec![]; n], vec![vec![]; n]);
    for c in 0..n {
        dests[c].iter().for_each(|&d| back[d as usize].push(c as Cell));
        contacts[c].iter().for_each(|&t| takers[t as usize].push(c as Cell));
    }
    let mut steps = vec![u8::MAX; n * n];
    let mut queue = VecDeque::new();
    for (target, row) in steps.chunks_mut(n.max(1)).enumerate().take(n) {
        for &f in &takers[target] {
            if row[f as usize] == u8::MAX {
                row[f as usize] = 0;
                queue.push_back(f);
            }
        }
        while let Some(c) = queue.pop_front() {
            let next = (row[c as usize] + 1).min(u8::MAX - 1);
            for &b in &back[c as usize] {
                if row[b as usize] == u8::MAX {
                    row[b as usize] = next;
                    queue.push_back(b);
                }
            }
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::steps_to_take;

    #[test]
    fn steps_count_to_the_cells_that_take_on_the_target() {
        // Five cells in a row; the piece steps to a neighbour and takes two cells away.
        let dests: Vec<Vec<u16>> =
            (0..5u16).map(|c| [c.wrapping_sub(1), c + 1].into_iter().filter(|&d| d < 5).collect()).collect();
        let contacts: Vec<Vec<u16>> =
            (0..5u16).map(|c| [c.wrapping_sub(2), c + 2].into_iter().filter(|&d| d < 5).collect()).collect();
        let steps = steps_to_take(&dests, &contacts);
        let to_take_4: Vec<u8> = steps[4 * 5..5 * 5].to_vec();
        // Cell 2 takes on 4; so would cell 6, off the board.
        assert_eq!(to_take_4, [2, 1, 0, 1, 2]);
    }
}
