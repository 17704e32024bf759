//! Movement programs: the pattern machine's instructions, and attack probes.

use crate::ir::{CondId, ExprId, LeapTableId, StepId, TurnTableId};

/// An instruction of a movement program.
#[derive(Debug, Clone)]
pub enum Op {
    /// Step along any of these absolute directions (branching; forks branch too).
    Step(Vec<u8>),
    /// Step along a direction derived from the previous one: `table[last]` lists them.
    Turn(TurnTableId),
    /// Continue only if the condition holds at the cursor.
    Test(CondId),
    /// Explore the next instruction, then the target.
    Split(u32),
    /// Jump.
    Jmp(u32),
    /// Save the cursor in a mark slot.
    Mark(u8),
    /// Effect: set a register to the cursor.
    SetReg(u8),
    /// Effect: after the move, a decision step follows (its cell: the cursor).
    Then(StepId),
    /// Effect: remove the piece one step from the cursor along a direction (or at the cursor).
    Remove(Option<u8>),
    /// Effect: move the piece at the first mark (or the cursor) to the second mark.
    Carry(Option<u8>, u8),
    /// The moving piece lands on a mark instead of the cursor.
    Land(u8),
    /// Start a counted loop.
    LoopInit(u8),
    /// Loop head: counter, min, max (None: unbounded), exit.
    LoopTest(u8, ExprId, Option<ExprId>, u32),
    /// Count one iteration.
    LoopInc(u8),
    /// A whole slide: along each direction, at most `max` cells (None: the loop cap), emit
    /// where the final test holds, stop at the first occupied cell.
    Ray(Vec<u8>, Option<ExprId>, CondId),
    /// A fixed-path leap: emit each cell of a precomputed table (per origin) where the test holds.
    Leap(LeapTableId, CondId),
    /// Land at the cursor: emit a move.
    Emit,
}

/// A movement program for one piece type and player.
#[derive(Debug, Clone)]
pub struct Program {
    /// Instructions.
    pub ops: Vec<Op>,
    /// Whether it contains effects or marks (castling, en passant…).
    pub has_effects: bool,
    /// Whether its final test can hold an enemy (it can capture by landing).
    pub captures: bool,
    /// Reversed forms for attack detection, when it is a fixed path or a slide.
    pub probes: Option<Vec<Probe>>,
    /// Repetitions without effects: states already explored in a run are skipped (the
    /// same state always leads to the same landings), which keeps long chains polynomial.
    pub memo: bool,
}

/// A step of a probe: a direction and the test on the cell reached, if any.
pub type ProbeStep = (u8, Option<CondId>);

/// A reversible attack shape: a fixed path of steps or a slide.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Probe {
    /// Directions from the attacker to the target, with the test on each cell after the step
    /// (the last one is the final test; None: no test).
    pub steps: Vec<ProbeStep>,
    /// A slide along one direction (steps has one entry), with this many cells at most.
    pub ray: Option<u16>,
    /// Test at the attacker's own cell, if any.
    pub origin: Option<CondId>,
}
