//! The principal variation: the line the search expects, read back from the
//! transposition table.

use crate::ai::Ai;
use crate::engine::{Move, MoveList, State, Status};

impl Ai<'_> {
    /// The expected line from `st` starting with `first` (a move of `root`, the actions at
    /// `st`): then the table's best move at each position while it is a legal action
    /// there, the game goes on and no position repeats, at most `max` moves in all.
    pub(super) fn principal_variation(&mut self, st: &State, root: &MoveList, first: Move, max: usize) -> Vec<Move> {
        let g = self.g;
        let mut pv = vec![first];
        let mut pos = st.clone();
        g.apply(&mut pos, &first, root.effects_of(&first));
        let mut seen = vec![g.state_key(st)];
        let mut list = MoveList::default();
        while pv.len() < max {
            let key = g.state_key(&pos);
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            let Some(m) = self.tt.probe(key).and_then(|e| e.mv) else { break };
            let status = g.node_into(&pos, &self.path, true, &mut list, &mut self.scratch);
            if matches!(status, Status::Over(_)) || !list.moves.contains(&m) {
                break;
            }
            g.apply(&mut pos, &m, list.effects_of(&m));
            pv.push(m);
        }
        pv
    }
}
