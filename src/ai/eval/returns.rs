//! Which moves a piece can take back: whether a piece of a kind that went from one cell to
//! another could, alone on the empty board, go straight back. A move that cannot (a pawn's
//! step forward) is progress no cycle undoes.

use crate::ai::eval::graph::MoveGraph;
use crate::board::Cell;
use crate::ir::{Game, Kind};

/// Per kind, per cell: the cells a piece of that kind alone on the empty board lands on.
#[derive(Debug, Clone, Default)]
pub struct Returns {
    /// Per kind (0: none), per cell: its landings.
    landings: Vec<Vec<Vec<Cell>>>,
}

impl Returns {
    /// The landings of every kind of `g`.
    pub fn new(g: &Game) -> Self {
        let graph = MoveGraph::new(g);
        let landings = (0..g.kind_type.len())
            .map(|k| {
                // A neutral piece (owned by no player) moves as the first player moves it.
                let (t, p) = (g.kind_type[k] as usize, g.kind_owner[k] as usize);
                let p = if p < g.np() { p } else { 0 };
                if k == 0 || t >= g.types.len() { vec![] } else { graph.of(g, t, p).to_vec() }
            })
            .collect();
        Returns { landings }
    }

    /// Whether a piece of kind `k` on `to` could go straight back to `from`.
    pub fn can_return(&self, k: Kind, from: Cell, to: Cell) -> bool {
        self.landings.get(k as usize).and_then(|cells| cells.get(to as usize)).is_some_and(|l| l.contains(&from))
    }
}
