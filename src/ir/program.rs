//! Movement programs: the pattern machine's instructions, and attack probes.

/// An instruction of a movement program.
#[derive(Debug, Clone)]
pub enum Op {
    /// Step along any of these absolute directions (branching; forks branch too).
    Step(Vec<u8>),
    /// Step along a direction derived from the previous one: `table[last]` lists them.
    Turn(u16),
    /// Continue only if the condition holds at the cursor.
    Test(u16),
    /// Explore the next instruction, then the target.
    Split(u32),
    /// Jump.
    Jmp(u32),
    /// Save the cursor in a mark slot.
    Mark(u8),
    /// Effect: set a register to the cursor.
    SetReg(u8),
    /// Effect: after the move, a decision step follows (its cell: the cursor).
    Then(u16),
    /// Effect: remove the piece one step from the cursor along a direction (or at the cursor).
    Remove(Option<u8>),
    /// Effect: move the piece at the first mark (or the cursor) to the second mark.
    Carry(Option<u8>, u8),
    /// The moving piece lands on a mark instead of the cursor.
    Land(u8),
    /// Start a counted loop.
    LoopInit(u8),
    /// Loop head: slot, min, max (expression ids; u16::MAX = unbounded), exit.
    LoopTest(u8, u16, u16, u32),
    /// Count one iteration.
    LoopInc(u8),
    /// A whole slide: along each direction, emit where `final` holds, stop at the first occupied cell.
    Ray(Vec<u8>, u16, u16),
    /// A fixed-path leap: emit each cell of a precomputed table (per origin) where the test holds.
    Leap(u16, u16),
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

/// A reversible attack shape: a fixed path of steps or a slide.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Probe {
    /// Directions from the attacker to the target, with the test on each cell after the step
    /// (the last one is the final test).
    pub steps: Vec<(u8, u16)>,
    /// A slide along one direction (steps has one entry), with this many cells at most.
    pub ray: Option<u16>,
    /// Test at the attacker's own cell (u16::MAX = none).
    pub origin: u16,
}
