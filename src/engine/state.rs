//! The position: data only. Applying actions is in `apply` (copy-make: the caller
//! clones, then applies).

use std::cell::RefCell;

use crate::board::{Cell, NONE};
use crate::ir::{Kind, StepId};

// Front ends import the action types from here too.

/// A position: board, player to move, variables, registers and piece counts.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Kind per cell (0 = empty).
    pub board: Vec<Kind>,
    /// Player to move.
    pub to_move: u8,
    /// Variable slots.
    pub vars: Vec<i64>,
    /// Cell registers (cleared every turn).
    pub regs: Vec<Cell>,
    /// Piece counts per (type * players + owner).
    pub counts: Vec<u8>,
    /// Cell of each player's royal piece when it has exactly one, else NONE.
    pub royal: Vec<Cell>,
    /// 0 during ordinary turns; otherwise 1 + the index of the pending decision step
    /// (read it with [`State::pending`]). A bare number, as the repetition hash and the
    /// front ends read it.
    pub phase: u16,
    /// The pending step's cell.
    pub pend: Cell,
    /// Pieces removed by the move that scheduled the pending step.
    pub pend_n: u8,
    /// The player whose turn scheduled the pending step.
    pub pend_player: u8,
    /// How many setup steps are done.
    pub setup_done: u8,
    /// Who takes the first turn after the setup.
    pub first: u8,
    /// Pieces of stacks besides the one on `board`: (cell, kind), sorted. Empty in games
    /// without stacks.
    pub stacks: Vec<(Cell, Kind)>,
    /// Long registers set during the current turn (bit per register: hence
    /// `ir::limits::MAX_REGISTERS_WITH_LONG`).
    pub fresh: u32,
}

impl Default for State {
    fn default() -> Self {
        State {
            board: vec![],
            to_move: 0,
            vars: vec![],
            regs: vec![],
            counts: vec![],
            royal: vec![],
            phase: 0,
            pend: NONE,
            pend_n: 0,
            pend_player: 0,
            setup_done: 0,
            first: 0,
            stacks: vec![],
            fresh: 0,
        }
    }
}

impl Clone for State {
    fn clone(&self) -> Self {
        State {
            board: self.board.clone(),
            to_move: self.to_move,
            vars: self.vars.clone(),
            regs: self.regs.clone(),
            counts: self.counts.clone(),
            royal: self.royal.clone(),
            phase: self.phase,
            pend: self.pend,
            pend_n: self.pend_n,
            pend_player: self.pend_player,
            setup_done: self.setup_done,
            first: self.first,
            stacks: self.stacks.clone(),
            fresh: self.fresh,
        }
    }

    /// Copies field by field, reusing the allocations (the engine's copy-make relies on it).
    fn clone_from(&mut self, o: &Self) {
        self.board.clone_from(&o.board);
        self.to_move = o.to_move;
        self.vars.clone_from(&o.vars);
        self.regs.clone_from(&o.regs);
        self.counts.clone_from(&o.counts);
        self.royal.clone_from(&o.royal);
        self.phase = o.phase;
        self.pend = o.pend;
        self.pend_n = o.pend_n;
        self.pend_player = o.pend_player;
        self.setup_done = o.setup_done;
        self.first = o.first;
        self.stacks.clone_from(&o.stacks);
        self.fresh = o.fresh;
    }
}

impl State {
    /// The index of the pending decision step, when a turn (or the setup) waits on one.
    #[inline]
    pub fn pending(&self) -> Option<StepId> {
        (self.phase != 0).then(|| StepId::new(self.phase as usize - 1))
    }

    /// Makes `step` the pending decision step (None: back to ordinary turns).
    #[inline]
    pub fn set_pending(&mut self, step: Option<StepId>) {
        // Step ids are below `MAX_TABLE_ENTRIES`, so 1 + the index fits.
        self.phase = step.map_or(0, |s| s.index() as u16 + 1);
    }
}

/// Position buffers kept per thread for the engine's scratch copies (a push rule's
/// position after the move, a stack piece's view), so a generator made for every node does
/// not allocate them again.
const POOL_SIZE: usize = 8;

thread_local! {
    static POOL: RefCell<Vec<State>> = const { RefCell::new(Vec::new()) };
}

impl State {
    /// A copy of `from` in a buffer from this thread's pool (give it back with
    /// [`State::give`]).
    pub fn copy_pooled(from: &State) -> State {
        let mut s = POOL.with_borrow_mut(|p| p.pop()).unwrap_or_default();
        s.clone_from(from);
        s
    }

    /// Gives a buffer back to this thread's pool.
    pub fn give(self) {
        POOL.with_borrow_mut(|p| {
            if p.len() < POOL_SIZE {
                p.push(self);
            }
        });
    }
}
