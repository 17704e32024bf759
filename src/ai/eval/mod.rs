//! The static evaluation, derived from the rules when an AI is made: piece values from how
//! each type moves on an empty board (the file's `value` overriding), piece-square tables
//! for centrality and advancement towards promotion, the pieces in the reserves, and the
//! goals of end rules (a piece to bring to a zone, pieces not to lose, a counter to bring
//! to a number), each term weighted by the game's `[ai]` table. At run time: one scan of
//! the board (and one per zone goal).
//!
//! Modules: `graph` (the empty-board move graph, distances over it), `values` (derived
//! piece values), `tables` (per kind and cell), `goals` (end rules), `mopup` (the endgame push against a royal piece), `hunt` (pieces brought to it by the side ahead), `returns` (which moves a piece can take back), `material` (the file's plain material, for
//! the front ends).

mod goals;
mod graph;
mod hunt;
mod material;
mod mopup;
mod returns;
mod tables;
mod values;

pub use material::material;
pub(crate) use material::piece_value;
pub use returns::Returns;

use crate::ai::score::MATE_BOUND;
use crate::engine::state::State;
use crate::ir::Game;
use goals::Goals;
use graph::MoveGraph;
use hunt::Hunt;
use mopup::Mopup;

/// The least positive value of `values` (hundredths; 100 when none is positive).
fn least_value(values: &[i32]) -> i32 {
    values.iter().copied().filter(|&v| v > 0).min().unwrap_or(100)
}

/// Per kind, its row among the (type, owner) pairs of the players' kinds whose type `keep`
/// takes (kinds of one type and owner, moved or not, share a row), and those pairs in row
/// order.
fn rows_by_type(g: &Game, keep: impl Fn(usize) -> bool) -> (Vec<Option<usize>>, Vec<(usize, usize)>) {
    let mut row_of = vec![None; g.kind_type.len()];
    let mut pairs: Vec<(usize, usize)> = vec![];
    for (k, row) in row_of.iter_mut().enumerate().skip(1) {
        let (t, p) = (g.kind_type[k] as usize, g.kind_owner[k] as usize);
        if p < g.np() && keep(t) {
            *row = Some(pairs.iter().position(|&x| x == (t, p)).unwrap_or_else(|| {
                pairs.push((t, p));
                pairs.len() - 1
            }));
        }
    }
    (row_of, pairs)
}

/// The static evaluation the search uses, prepared once per game when an [`crate::ai::Ai`]
/// is made.
#[derive(Debug, Clone, Default)]
pub struct Evaluator {
    /// Cells of the board (the stride of `table`).
    cells: usize,
    /// Per (kind * cells + cell): the piece's worth there for its owner, in hundredths.
    table: Vec<i32>,
    /// The reserves: (slot base, the worth of one piece in it).
    reserves: Vec<(usize, i32)>,
    /// Per type: its value in hundredths as the evaluation counts it (royal types 0).
    values: Vec<i32>,
    /// The goal terms of the end rules.
    goals: Goals,
    /// The endgame push against a royal piece.
    mopup: Mopup,
    /// The side well ahead bringing its pieces to the enemy royal piece.
    hunt: Hunt,
}

impl Evaluator {
    /// The evaluation of a game, derived from its rules and its `[ai]` weights.
    pub fn new(g: &Game) -> Self {
        let graph = MoveGraph::new(g);
        let values = values::piece_values(g, &graph);
        let w = &g.ai.weights;
        let table = tables::kind_tables(g, &graph, &values, w);
        let reserves =
            g.reserves.iter().map(|&(t, slot)| (slot.at(0), values[t as usize] * w.reserve as i32 / 100)).collect();
        let goals = Goals::new(g, &graph, &values, w.goal);
        let mopup = Mopup::new(g, &graph, &values);
        let hunt = Hunt::new(g, &graph, &values, mopup.lead(), !mopup.is_empty(), w.hunt);
        Evaluator { cells: g.board.len(), table, reserves, values, goals, mopup, hunt }
    }

    /// Per type: its value in hundredths of a value unit (the file's `value`, else derived
    /// from its moves; 0 for royal types).
    pub fn values(&self) -> &[i32] {
        &self.values
    }

    /// The least positive piece value in hundredths (100 when no piece has one): the unit
    /// of the search's margins.
    pub fn least_value(&self) -> i32 {
        least_value(&self.values)
    }

    /// Per type: the value in hundredths derived from its moves alone, as if the file gave
    /// none (royal types included).
    pub fn derived_values(g: &Game) -> Vec<i32> {
        let graph = MoveGraph::new(g);
        (0..g.types.len()).map(|t| values::derived_value(g, &graph, t)).collect()
    }

    /// The worth, in hundredths, of a piece of kind `k` on `cell` for its owner.
    pub fn worth(&self, k: crate::ir::Kind, cell: crate::board::Cell) -> i32 {
        self.table[k as usize * self.cells + cell as usize]
    }

    /// The position's value for `me`, in hundredths of a value unit (within ±`MATE_BOUND`/2).
    pub fn score(&self, g: &Game, st: &State, me: u8) -> i32 {
        let np = g.np();
        let mut s: i64 = 0;
        let pieces = st.board.iter().enumerate().map(|(c, &k)| (c, k));
        let mopup = !self.mopup.is_empty();
        let mut material = [0i64; 2];
        let mut royals: [Option<(usize, crate::board::Cell)>; 2] = [None; 2];
        let mut royal_count = [0u8; 2];
        for (c, k) in pieces.chain(st.stacks.iter().map(|&(c, k)| (c as usize, k))) {
            if k == 0 {
                continue;
            }
            let owner = g.kind_owner[k as usize];
            if (owner as usize) < np {
                let v = self.table[k as usize * self.cells + c] as i64;
                s += if owner == me { v } else { -v };
                if mopup && owner < 2 {
                    let o = owner as usize;
                    material[o] += self.values[g.kind_type[k as usize] as usize] as i64;
                    if let Some(r) = self.mopup.royal_index(k) {
                        royals[o] = Some((r, c as crate::board::Cell));
                        royal_count[o] += 1;
                    }
                }
            }
        }
        if mopup && royal_count == [1, 1] {
            s += self.mopup.score(me, material, royals);
            if let Some(strong) = self.hunt.hunter(material)
                && let Some((_, royal)) = royals[1 - strong]
            {
                s += self.hunt.score(me, strong, royal, &st.board, &g.kind_owner);
            }
        }
        for &(base, v) in &self.reserves {
            for p in 0..np {
                let n = st.vars.get(base + p).copied().unwrap_or(0).clamp(0, 1000);
                s += if p == me as usize { n * v as i64 } else { -n * v as i64 };
            }
        }
        if !self.goals.is_empty() {
            s += self.goals.score(g, st, me);
        }
        s.clamp(-(MATE_BOUND as i64) / 2, MATE_BOUND as i64 / 2) as i32
    }
}
