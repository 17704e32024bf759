//! The search's buffers, one set per ply, reused from node to node and from decision to
//! decision so the search allocates only while it first grows.

use crate::ai::order::MoveOrder;
use crate::engine::{MoveList, State};

/// Per ply: a move list, the order to search it in, and a child position.
#[derive(Debug, Default)]
pub(super) struct Plies {
    lists: Vec<MoveList>,
    orders: Vec<MoveOrder>,
    states: Vec<State>,
}

impl Plies {
    /// The child-position buffer of `ply` (to hand back with [`Plies::put_state`]).
    pub(super) fn take_state(&mut self, ply: usize) -> State {
        while self.states.len() <= ply {
            self.states.push(State::default());
        }
        std::mem::take(&mut self.states[ply])
    }

    /// Hands back the child-position buffer of `ply`.
    pub(super) fn put_state(&mut self, ply: usize, st: State) {
        self.states[ply] = st;
    }

    /// The move list and move order buffers of `ply` (to hand back with [`Plies::put_moves`]).
    pub(super) fn take_moves(&mut self, ply: usize) -> (MoveList, MoveOrder) {
        while self.lists.len() <= ply {
            self.lists.push(MoveList::default());
            self.orders.push(vec![]);
        }
        (std::mem::take(&mut self.lists[ply]), std::mem::take(&mut self.orders[ply]))
    }

    /// Hands back the move list and move order buffers of `ply`.
    pub(super) fn put_moves(&mut self, ply: usize, list: MoveList, order: MoveOrder) {
        self.lists[ply] = list;
        self.orders[ply] = order;
    }
}
