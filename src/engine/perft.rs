//! Perft: counting the leaves of the decision tree, with buffers reused per depth.

use crate::engine::Status;
use crate::engine::action::MoveList;
use crate::engine::state::State;
use crate::ir::Game;

/// Perft with reusable buffers per depth.
pub struct Perft<'a> {
    g: &'a Game,
    lists: Vec<MoveList>,
    states: Vec<State>,
    scratch: State,
}

impl<'a> Perft<'a> {
    /// Buffers for a search up to `depth`.
    pub fn new(g: &'a Game, st: &State, depth: usize) -> Self {
        Perft {
            g,
            lists: (0..=depth).map(|_| MoveList::default()).collect(),
            states: (0..=depth).map(|_| st.clone()).collect(),
            scratch: st.clone(),
        }
    }

    /// Leaves `depth` decisions below `st`.
    pub fn count(&mut self, st: &State, depth: usize) -> u64 {
        self.states[depth].clone_from(st);
        self.rec(depth)
    }

    /// The legal moves at `st` (terminal nodes have none).
    pub fn actions(&mut self, st: &State) -> MoveList {
        let mut l = MoveList::default();
        self.g.legal_moves(st, &mut l, &mut self.scratch);
        if let Status::Over(_) = self.g.status(st, &l, &[], false) {
            l.clear();
        }
        l
    }

    fn rec(&mut self, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let g = self.g;
        let mut list = std::mem::take(&mut self.lists[depth]);
        g.legal_moves(&self.states[depth], &mut list, &mut self.scratch);
        let n = if let Status::Over(_) = g.status(&self.states[depth], &list, &[], false) {
            0
        } else if depth == 1 {
            list.len() as u64
        } else {
            let mut total = 0;
            for i in 0..list.moves.len() {
                let m = list.moves[i];
                let (lo, hi) = self.states.split_at_mut(depth);
                lo[depth - 1].clone_from(&hi[0]);
                g.apply(&mut lo[depth - 1], &m, list.effects_of(&m));
                total += self.rec(depth - 1);
            }
            total
        };
        self.lists[depth] = list;
        n
    }
}
