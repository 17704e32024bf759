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

/// Steps one path of a pattern run may take (each nests a call of the pattern machine).
/// The shipped games' longest paths take a few dozen; repetitions nested four deep with
/// exact counts (`((((N S){64}){64}){64}){64}`) could ask for millions, and overflow the
/// stack.
pub const MAX_PATH_DEPTH: u32 = 1024;

/// A pattern run that went over [`PATTERN_BUDGET`], or took a path of more than
/// [`MAX_PATH_DEPTH`] steps: the piece, its pattern and the cell.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub struct PatternOverrun {
    /// The moving piece: its owner and type name (`White's Rook`).
    pub piece: String,
    /// Which pattern of the type: `move 2`, `attack 1`, or `program #N` (a condition's).
    pub pattern: String,
    /// The cell the run started from (or `a drop`).
    pub cell: String,
    /// The budget that was exceeded.
    pub budget: u32,
    /// What stopped the run.
    pub stop: Stop,
}

/// What stopped a pattern run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// It went over [`PATTERN_BUDGET`] branches.
    Branches,
    /// One of its paths went over [`MAX_PATH_DEPTH`] steps.
    Path,
    /// A test asked about attacks while attacks were being judged, more than
    /// [`MAX_ATTACK_NESTING`] times nested (`interp check` refuses the patterns that do,
    /// E449: this is the engine's own guard).
    Nesting,
}

impl PatternOverrun {
    fn message(&self) -> String {
        let (piece, pattern, cell) = (&self.piece, &self.pattern, &self.cell);
        match self.stop {
            Stop::Path => format!(
                "move generation stopped: the pattern of {piece} (its {pattern}) from {cell} went over \
                 {MAX_PATH_DEPTH} steps on one path; repetitions nested with large counts, such as \
                 `((N S){{64}}){{64}}`, make paths without practical end"
            ),
            Stop::Nesting => format!(
                "move generation stopped: a test of {piece} (its {pattern}) from {cell} asked about attacks \
                 while attacks were judged, {MAX_ATTACK_NESTING} times nested; a pattern that decides what \
                 a piece attacks may not test `check` or `attacked`"
            ),
            Stop::Branches => format!(
                "move generation stopped: the pattern of {piece} (its {pattern}) from {cell} took over {} \
                 branches; a repetition that can match without moving, such as `(any*)*`, branches without end",
                self.budget
            ),
        }
    }
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
    let e = describe(g, st, me, origin, Some(prog));
    OVERRUN.with(|o| *o.borrow_mut() = Some(e));
}

/// Records a run of `prog` from `origin` stopped on a path over [`MAX_PATH_DEPTH`] steps.
#[cold]
#[inline(never)]
pub(crate) fn report_deep(g: &Game, st: &State, me: u8, origin: Cell, prog: &Program) {
    if overran() {
        return;
    }
    let e = PatternOverrun { stop: Stop::Path, ..describe(g, st, me, origin, Some(prog)) };
    OVERRUN.with(|o| *o.borrow_mut() = Some(e));
}

/// Questions about attacks (`attacked`, `check`) asked while judging attacks may nest this
/// deep. A game `interp check` accepts nests them at most once (castling's tests of
/// attacks are in patterns that attack nothing).
pub const MAX_ATTACK_NESTING: u8 = 4;

thread_local! {
    static NESTING: std::cell::Cell<u8> = const { std::cell::Cell::new(0) };
}

/// Restores the nesting count when a question about attacks is answered (or unwinds).
struct Nested(u8);

impl Drop for Nested {
    fn drop(&mut self) {
        NESTING.set(self.0);
    }
}

/// Answers a question about attacks asked by a test of player `me`'s piece on `origin`
/// (`ask`), one level deeper in the nesting of such questions; past
/// [`MAX_ATTACK_NESTING`] levels the answer is false and the overrun is recorded.
pub(crate) fn nested(g: &Game, st: &State, me: u8, origin: Cell, ask: impl FnOnce() -> bool) -> bool {
    let n = NESTING.get();
    if n >= MAX_ATTACK_NESTING {
        report_nesting(g, st, me, origin);
        return false;
    }
    let _restore = Nested(n);
    NESTING.set(n + 1);
    ask()
}

#[cold]
#[inline(never)]
fn report_nesting(g: &Game, st: &State, me: u8, origin: Cell) {
    if overran() {
        return;
    }
    let e = PatternOverrun { stop: Stop::Nesting, ..describe(g, st, me, origin, None) };
    OVERRUN.with(|o| *o.borrow_mut() = Some(e));
}

fn describe(g: &Game, st: &State, me: u8, origin: Cell, prog: Option<&Program>) -> PatternOverrun {
    let id = prog.and_then(|prog| g.programs.iter().position(|p| std::ptr::eq(p, prog)));
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
    PatternOverrun { piece, pattern, cell, budget: PATTERN_BUDGET, stop: Stop::Branches }
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

#[cfg(test)]
mod tests {
    use super::{MAX_ATTACK_NESTING, Stop, nested, take_overrun};
    use crate::board::NONE;

    /// Questions about attacks nested past the bound are answered false and recorded; the
    /// count unwinds, so the next question is answered again.
    #[test]
    fn nested_questions_about_attacks_stop_at_the_bound() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.toml");
        let g = crate::open(path, &[]).unwrap();
        let st = g.initial();
        fn ask(g: &crate::ir::Game, st: &crate::engine::State, left: u8) -> bool {
            nested(g, st, 0, NONE, || left == 0 || ask(g, st, left - 1))
        }
        take_overrun();
        assert!(ask(&g, &st, MAX_ATTACK_NESTING - 1));
        assert!(take_overrun().is_none());
        assert!(!ask(&g, &st, MAX_ATTACK_NESTING));
        assert_eq!(take_overrun().map(|o| o.stop), Some(Stop::Nesting));
        assert!(ask(&g, &st, 0));
    }
}
