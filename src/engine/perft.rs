//! Perft: counting the leaves of the decision tree, with buffers reused per depth.

use crate::engine::Status;
use crate::engine::action::MoveList;
use crate::engine::budget::{self, PatternOverrun};
use crate::engine::state::State;
use crate::ir::Game;

/// Why a perft count has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PerftError {
    /// The depth is beyond [`Perft::MAX_DEPTH`] or the buffers made by [`Perft::new`].
    #[error("perft depth {depth} is more than {max}, the deepest this search was made for")]
    TooDeep {
        /// The depth asked for.
        depth: usize,
        /// The deepest allowed.
        max: usize,
    },
    /// A pattern run went over its budget: the counts would be wrong.
    #[error(transparent)]
    Pattern(#[from] PatternOverrun),
}

/// Perft with reusable buffers per depth.
pub struct Perft<'a> {
    g: &'a Game,
    lists: Vec<MoveList>,
    states: Vec<State>,
    scratch: State,
}

impl<'a> Perft<'a> {
    /// The deepest search: 64 decisions, far beyond any count that can finish (the
    /// buffers and the recursion are sized by it, never by a larger request).
    pub const MAX_DEPTH: usize = 64;

    /// Buffers for a search up to `depth`, clamped to [`Perft::MAX_DEPTH`] (a deeper
    /// [`Perft::try_count`] is then a [`PerftError::TooDeep`]).
    pub fn new(g: &'a Game, st: &State, depth: usize) -> Self {
        let depth = depth.min(Self::MAX_DEPTH);
        Perft {
            g,
            lists: (0..=depth).map(|_| MoveList::default()).collect(),
            states: (0..=depth).map(|_| st.clone()).collect(),
            scratch: st.clone(),
        }
    }

    /// Leaves `depth` decisions below `st`, or why there is no count: a depth beyond the
    /// buffers, or a pattern run over its budget (see [`crate::engine::budget`]).
    pub fn try_count(&mut self, st: &State, depth: usize) -> Result<u64, PerftError> {
        let max = self.states.len() - 1;
        if depth > max {
            return Err(PerftError::TooDeep { depth, max });
        }
        budget::take_overrun();
        self.states[depth].clone_from(st);
        let n = self.rec(depth);
        budget::take_overrun().map_or(Ok(n), |e| Err(e.into()))
    }

    /// [`Perft::try_count`] for callers that have checked the depth and run games known to
    /// stay within the pattern budget (tests).
    ///
    /// # Panics
    /// When `try_count` gives an error.
    pub fn count(&mut self, st: &State, depth: usize) -> u64 {
        self.try_count(st, depth).unwrap_or_else(|e| panic!("{e}"))
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
        if depth >= 2 && budget::overran() {
            // The count is lost: stop without generating more (checked above the leaves'
            // parents only, so that the common case pays nothing per leaf).
            return 0;
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
