//! The budget on the work of one pattern run, and the error reported when a run exceeds it.
//!
//! A pattern whose repetitions nest or can match without moving (`(any*)*`) may branch
//! exponentially. Every run of a program may enter at most [`PATTERN_BUDGET`] branches;
//! a run that exceeds it stops, and the overrun is recorded for the calling thread. Move
//! generation itself keeps its signatures (the hot path pays a counter decrement): callers
//! that must not give silently wrong results clear the record with [`take_overrun`] before
//! and read it after (perft's [`crate::engine::Perft::try_count`],
//! [`crate::ir::Game::checked_node`] do).

use crate::board::{Cell, NONE};
use crate::engine::state::State;
use crate::ir::{Game, Program};
use std::cell::RefCell;

/// Branch entries one run of a program may make. No shipped game comes near it (their
/// largest runs enter a few hundred); a run over it would take over ~10 ms per piece.
pub const PATTERN_BUDGET: u32 = 1 << 20;

/// A pattern run that went over [`PATTERN_BUDGET`]: the piece, its pattern and the cell.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "move generation stopped: the pattern of {piece} (its {pattern}) from {cell} took over {budget} \
     branches; a repetition that can match without moving, such as `(any*)*`, branches without end"
)]
pub struct PatternOverrun {
    /// The moving piece: its owner and type name (`White's Rook`).
    pub piece: String,
    /// Which pattern of the type: `move 2`, `attack 1`, or `program #N` (a condition's).
    pub pattern: String,
    /// The cell the run started from (or `a drop`).
    pub cell: String,
    /// The budget that was exceeded.
    pub budget: u32,
}

thread_local! {
    static OVERRUN: RefCell<Option<PatternOverrun>> = const { RefCell::new(None) };
}

/// Takes (and clears) the first overrun recorded on this thread since the last call.
pub fn take_overrun() -> Option<PatternOverrun> {
    OVERRUN.with(|o| o.borrow_mut().take())
}

/// Whether an overrun is recorded on this thread.
pub fn overran() -> bool {
    OVERRUN.with(|o| o.borrow().is_some())
}

/// Records an overrun of `prog` run from `origin` (the first one since the last take wins).
#[cold]
#[inline(never)]
pub(crate) fn report(g: &Game, st: &State, me: u8, origin: Cell, prog: &Program) {
    if overran() {
        return;
    }
    let e = describe(g, st, me, origin, prog);
    OVERRUN.with(|o| *o.borrow_mut() = Some(e));
}

fn describe(g: &Game, st: &State, me: u8, origin: Cell, prog: &Program) -> PatternOverrun {
    let id = g.programs.iter().position(|p| std::ptr::eq(p, prog));
    let kind = if origin == NONE { 0 } else { st.board[origin as usize] };
    let (piece, pattern) = match (id, kind) {
        (Some(id), k) if k != 0 => {
            let (t, owner) = (g.kind_type[k as usize] as usize, g.kind_owner[k as usize] as usize);
            let at = t * g.players.len() + owner.min(g.players.len() - 1);
            let owner_name = g.factions.get(owner).map_or("?", String::as_str);
            (format!("{owner_name}'s {}", g.types[t].name), pattern_name(g, at, id))
        }
        (id, _) => {
            (format!("a piece of {}", g.players[me as usize]), id.map_or("pattern".into(), |i| format!("program #{i}")))
        }
    };
    let cell = if origin == NONE { "a drop".into() } else { g.board.name(origin).to_string() };
    PatternOverrun { piece, pattern, cell, budget: PATTERN_BUDGET }
}

/// `move N` or `attack N` (1-based) when program `id` is one of the type's; else `program #id`.
fn pattern_name(g: &Game, at: usize, id: usize) -> String {
    let find =
        |lists: &Vec<Vec<crate::ir::ProgramId>>| lists.get(at).and_then(|l| l.iter().position(|p| p.index() == id));
    if let Some(i) = find(&g.moves_of) {
        format!("move {}", i + 1)
    } else if let Some(i) = find(&g.attacks_of) {
        format!("attack {}", i + 1)
    } else {
        format!("program #{id}")
    }
}
