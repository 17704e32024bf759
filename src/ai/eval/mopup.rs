//! The endgame push: in a game won by trapping a royal piece, a side that is well ahead in
//! material and facing little must still find the mate, which lies beyond the search's
//! horizon. The term gives that side a little for every cell the enemy royal piece loses
//! from its moves (driven to an edge or a corner) and for every step its own royal piece
//! comes closer (distances in the royal type's own moves on the empty board, so a royal
//! piece kept to a palace counts only what it can reach).

use crate::ai::eval::graph::{FAR, MoveGraph, distances_to};
use crate::board::Cell;
use crate::ir::{Game, Kind};

/// Hundredths per cell of landings the enemy royal piece lacks, against its best cell.
const PER_LANDING: i64 = 12;
/// Hundredths per step between the two royal pieces, against the farthest apart.
const PER_STEP: i64 = 6;

/// What the term needs of a game: per royal kind, the landings of the piece on each cell
/// and the steps between cells.
#[derive(Debug, Clone, Default)]
pub(super) struct Mopup {
    /// Cells of the board.
    cells: usize,
    /// Per kind: its index among `royal` (royal kinds of a player), or None.
    royal_of: Vec<Option<usize>>,
    /// Per royal type and owner: its tables.
    royal: Vec<Royal>,
    /// The material lead, in hundredths, from which the term counts.
    lead: i64,
    /// The weaker side's material, in hundredths, up to which the term counts.
    weak: i64,
}

/// What the term knows of a royal type for one owner.
#[derive(Debug, Clone, Default)]
struct Royal {
    /// Per cell: the piece's landings there on the empty board.
    landings: Vec<u8>,
    /// The most landings of any cell.
    most: u8,
    /// Steps from cell to cell (`from * cells + to`; `u8::MAX`: never).
    steps: Vec<u8>,
    /// The longest finite number of steps.
    longest: u8,
}

/// The tables of a royal type, from its landings `dests` per cell.
fn royal_tables(dests: &[Vec<Cell>]) -> Royal {
    let n = dests.len();
    let landings: Vec<u8> = dests.iter().map(|d| d.len().min(255) as u8).collect();
    let most = landings.iter().copied().max().unwrap_or(0);
    let mut steps = vec![u8::MAX; n * n];
    for to in 0..n {
        for (from, &x) in distances_to(dests, |c| c == to).iter().enumerate() {
            steps[from * n + to] = if x == FAR { u8::MAX } else { x.min(254) as u8 };
        }
    }
    let longest = steps.iter().copied().filter(|&s| s != u8::MAX).max().unwrap_or(0);
    Royal { landings, most, steps, longest }
}

impl Mopup {
    /// The term for `g` (empty when it has no royal piece or its board is large), with the
    /// evaluation's piece `values` (hundredths).
    pub(super) fn new(g: &Game, graph: &MoveGraph, values: &[i32]) -> Self {
        let n = g.board.len();
        let mut m = Mopup { cells: n, royal_of: vec![None; g.kind_type.len()], ..Default::default() };
        if n > 256 || g.np() != 2 {
            return m;
        }
        let (royal_of, pairs) = super::rows_by_type(g, |t| g.types[t].royal);
        m.royal_of = royal_of;
        m.royal = pairs.iter().map(|&(t, p)| royal_tables(graph.of(g, t, p))).collect();
        let mut worths: Vec<i64> = values.iter().filter(|&&v| v > 0).map(|&v| v as i64).collect();
        worths.sort_unstable();
        let median = worths.get(worths.len() / 2).copied().unwrap_or(100);
        (m.lead, m.weak) = (median * 3 / 2, median * 2);
        m
    }

    /// The material lead, in hundredths, from which the term counts.
    pub(super) fn lead(&self) -> i64 {
        self.lead
    }

    /// Whether the game has royal pieces to drive.
    pub(super) fn is_empty(&self) -> bool {
        self.royal.is_empty()
    }

    /// Per kind: its index among the royal kinds, if it is one.
    pub(super) fn royal_index(&self, k: Kind) -> Option<usize> {
        self.royal_of.get(k as usize).copied().flatten()
    }

    /// The term for `me`, given each side's material (hundredths, royal pieces not
    /// counted) and where each side's royal piece stands (its index among the royal kinds
    /// and its cell; None when it has none or several).
    pub(super) fn score(&self, me: u8, material: [i64; 2], royals: [Option<(usize, Cell)>; 2]) -> i64 {
        let strong = if material[0] >= material[1] { 0 } else { 1 };
        let weak = 1 - strong;
        if material[strong] - material[weak] < self.lead || material[weak] > self.weak {
            return 0;
        }
        let (Some((ri, rc)), Some((_, sc))) = (royals[weak], royals[strong]) else { return 0 };
        let r = &self.royal[ri];
        let mut v = PER_LANDING * (r.most as i64 - r.landings[rc as usize] as i64);
        let s = r.steps[sc as usize * self.cells + rc as usize];
        if s != u8::MAX {
            v += PER_STEP * (r.longest as i64 - s as i64);
        }
        if strong == me as usize { v } else { -v }
    }
}
