//! The position API every front end and test uses: the legal actions at a node together
//! with who acts there (a player, chance) or the result.

use crate::engine::action::MoveList;
use crate::engine::budget::{PatternOverrun, take_overrun};
use crate::engine::repetition::KeyParts;
use crate::engine::state::State;
use crate::engine::status::Status;
use crate::ir::Game;

impl Game {
    /// The legal actions at a node and its status. `history` holds the position keys of
    /// earlier positions (for repetition); `automatic` applies the automatic draw rules
    /// (repetition, clocks), which perft leaves out. A finished game has no actions.
    pub fn node(&self, st: &State, history: &[u64], automatic: bool) -> (MoveList, Status) {
        let mut list = MoveList::default();
        let mut scratch = st.clone();
        let status = self.node_into(st, history, automatic, &mut list, &mut scratch);
        (list, status)
    }

    /// [`Game::node`] into reused buffers.
    pub fn node_into(
        &self,
        st: &State,
        history: &[u64],
        automatic: bool,
        out: &mut MoveList,
        scratch: &mut State,
    ) -> Status {
        self.judge_node_into(st, history, automatic, out, scratch).0
    }

    /// [`Game::node_into`] with the automatic rules, and the position's key parts when the
    /// caller has them already (see [`Game::judge_keyed`]).
    pub fn node_into_keyed(
        &self,
        st: &State,
        history: &[u64],
        key: &KeyParts,
        out: &mut MoveList,
        scratch: &mut State,
    ) -> Status {
        self.legal_moves(st, out, scratch);
        let status = self.judge_keyed(st, out, history, true, Some(key)).0;
        if let Status::Over(_) = status {
            out.clear();
        }
        status
    }

    /// [`Game::node_into`] with the index in [`Game::ends`] of the end rule that decided
    /// (see [`Game::judge`]).
    pub fn judge_node_into(
        &self,
        st: &State,
        history: &[u64],
        automatic: bool,
        out: &mut MoveList,
        scratch: &mut State,
    ) -> (Status, Option<usize>) {
        self.legal_moves(st, out, scratch);
        let judged = self.judge(st, out, history, automatic);
        if let Status::Over(_) = judged.0 {
            out.clear();
        }
        judged
    }

    /// Whether the player to move has a legal action, whatever the end rules say (a
    /// finished game may have ended by a rule while actions remained).
    pub fn has_legal_action(&self, st: &State, out: &mut MoveList, scratch: &mut State) -> bool {
        self.legal_moves(st, out, scratch);
        !out.is_empty()
    }

    /// The legal actions at a node, without the automatic draw rules (none when it is over).
    pub fn actions(&self, st: &State) -> MoveList {
        self.node(st, &[], false).0
    }

    /// [`Game::node`], or the error of a pattern run that went over its budget (the list
    /// would be incomplete). Front ends that show or play actions use this one.
    pub fn checked_node(
        &self,
        st: &State,
        history: &[u64],
        automatic: bool,
    ) -> Result<(MoveList, Status), PatternOverrun> {
        take_overrun();
        let node = self.node(st, history, automatic);
        take_overrun().map_or(Ok(node), Err)
    }

    /// [`Game::actions`], or the error of a pattern run that went over its budget.
    pub fn checked_actions(&self, st: &State) -> Result<MoveList, PatternOverrun> {
        self.checked_node(st, &[], false).map(|(list, _)| list)
    }
}
