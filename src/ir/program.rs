//! Movement programs: the pattern machine's instructions, and attack probes.

use crate::board::Cell;
use crate::ir::{CondId, ExprId, LeapTableId, PathTableId, StepId, TurnTableId};
use std::fmt;

/// An instruction of a movement program.
#[derive(Clone)]
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
    /// The move is written `FROM-MARK` instead of `FROM-TO` (a distinct action).
    Written(u8),
    /// Start a counted loop.
    LoopInit(u8),
    /// Loop head: counter, min, max (None: unbounded), exit.
    LoopTest(u8, ExprId, Option<ExprId>, u32),
    /// Count one iteration.
    LoopInc(u8),
    /// A greedy loop's head (`X+!`), as `LoopTest`, except that above the minimum the path
    /// leaves the loop only where no path through the body reaches its `LoopInc` again.
    LoopMax(u8, ExprId, Option<ExprId>, u32),
    /// Effect: the move passes through the cursor's cell (for its notation under
    /// `captures distinct`).
    Via,
    /// A whole slide: along each direction, at most `max` cells (None: the loop cap), emit
    /// where the final test holds, stop at the first occupied cell.
    Ray(Vec<u8>, Option<ExprId>, CondId),
    /// A fixed-path leap: emit each cell of a precomputed table (per origin) where the test holds.
    Leap(LeapTableId, CondId),
    /// Guarded paths: emit the landing of each path of a precomputed table (per origin)
    /// whose tests all hold (and whose landing is empty when the path lands on a mark).
    Paths(PathTableId),
    /// The move promotes its piece to one of these types (one move per type), instead of
    /// the piece's `promote ... in ZONE` rules; such a move may land on its own origin.
    Promote(Vec<u8>),
    /// Land at the cursor: emit a move.
    Emit,
}

/// A loop's or slide's bound as `check --dump` has always shown it: an absent bound as
/// 65535 (the sentinel the IR once used), a present one as its expression id.
struct DumpBound(Option<ExprId>);

impl fmt::Debug for DumpBound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            None => f.write_str("65535"),
            Some(e) => e.fmt(f),
        }
    }
}

/// As derived, but for absent bounds (see [`DumpBound`]).
impl fmt::Debug for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Op::Step(d) => f.debug_tuple("Step").field(d).finish(),
            Op::Turn(t) => f.debug_tuple("Turn").field(t).finish(),
            Op::Test(c) => f.debug_tuple("Test").field(c).finish(),
            Op::Split(t) => f.debug_tuple("Split").field(t).finish(),
            Op::Jmp(t) => f.debug_tuple("Jmp").field(t).finish(),
            Op::Mark(m) => f.debug_tuple("Mark").field(m).finish(),
            Op::SetReg(r) => f.debug_tuple("SetReg").field(r).finish(),
            Op::Then(s) => f.debug_tuple("Then").field(s).finish(),
            Op::Remove(d) => f.debug_tuple("Remove").field(d).finish(),
            Op::Carry(a, b) => f.debug_tuple("Carry").field(a).field(b).finish(),
            Op::Land(m) => f.debug_tuple("Land").field(m).finish(),
            Op::Written(m) => f.debug_tuple("Written").field(m).finish(),
            Op::LoopInit(s) => f.debug_tuple("LoopInit").field(s).finish(),
            Op::LoopTest(s, lo, hi, exit) => {
                f.debug_tuple("LoopTest").field(s).field(lo).field(&DumpBound(*hi)).field(exit).finish()
            }
            Op::LoopInc(s) => f.debug_tuple("LoopInc").field(s).finish(),
            Op::LoopMax(s, lo, hi, exit) => {
                f.debug_tuple("LoopMax").field(s).field(lo).field(&DumpBound(*hi)).field(exit).finish()
            }
            Op::Via => f.write_str("Via"),
            Op::Ray(d, max, fin) => f.debug_tuple("Ray").field(d).field(&DumpBound(*max)).field(fin).finish(),
            Op::Leap(t, fin) => f.debug_tuple("Leap").field(t).field(fin).finish(),
            Op::Paths(t) => f.debug_tuple("Paths").field(t).finish(),
            Op::Promote(t) => f.debug_tuple("Promote").field(t).finish(),
            Op::Emit => f.write_str("Emit"),
        }
    }
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
    /// For an attack program with a condition (`attack PATTERN if COND`): its index in
    /// [`crate::ir::Game::attack_gates`].
    pub gate: Option<u8>,
    /// A register that every path tests, needing it set, before it can do anything else
    /// (`[empty & mark]`): move generation skips the program while it is unset.
    pub waits: Option<u8>,
    /// Path tables for the values a repetition's bound most often takes (see
    /// [`BoundTables`]); the general form runs for the others.
    pub by_bound: Option<BoundTables>,
    /// How it runs: [`Quick::of`] its instructions (kept by whoever changes them).
    pub quick: Quick,
}

/// The programs that are one table or slide from the origin, perhaps after a test of the
/// origin: they run without the pattern machine's set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quick {
    /// `[Leap]`.
    Leap(LeapTableId, CondId),
    /// `[Paths]`.
    Paths(PathTableId),
    /// `[Ray]` (read from the instruction).
    Ray,
    /// `[Test, Leap]`.
    TestLeap(CondId, LeapTableId, CondId),
    /// `[Test, Paths]`.
    TestPaths(CondId, PathTableId),
    /// The machine, after a lead of this many tests and one-direction steps from the
    /// origin, walked first without its set-up: a test that fails or a step off the board
    /// ends the run there (a move that first looks for a row of empty cells, say).
    Lead(u8),
    /// Anything else: the machine.
    Machine,
}

impl Quick {
    /// How a program of these instructions runs.
    pub fn of(ops: &[Op]) -> Quick {
        match *ops {
            [Op::Leap(t, fin)] => Quick::Leap(t, fin),
            [Op::Paths(t)] => Quick::Paths(t),
            [Op::Ray(..)] => Quick::Ray,
            [Op::Test(c), Op::Leap(t, fin)] => Quick::TestLeap(c, t, fin),
            [Op::Test(c), Op::Paths(t)] => Quick::TestPaths(c, t),
            _ => match lead(ops) {
                0 => Quick::Machine,
                n => Quick::Lead(n),
            },
        }
    }
}

/// How many of `ops`' first instructions are tests and steps along one direction, when
/// they take at least one step (else 0).
fn lead(ops: &[Op]) -> u8 {
    let n = ops
        .iter()
        .take(u8::MAX as usize)
        .take_while(|o| matches!(o, Op::Test(_)) || matches!(o, Op::Step(d) if d.len() == 1))
        .count();
    let steps = ops[..n].iter().any(|o| matches!(o, Op::Step(_)));
    if steps { n as u8 } else { 0 }
}

/// A program whose repetition bound is an expression (`{0, max(1, pawns) - 1}`), as path
/// tables for the bound's first values: when the expression is worth `v` and `v` is below
/// `tables.len()`, the run is the program's leading tests of its origin, then table `v`.
#[derive(Debug, Clone)]
pub struct BoundTables {
    /// The bound.
    pub expr: ExprId,
    /// How many leading tests of the origin come before the tables' part.
    pub tests: usize,
    /// Per value from 0.
    pub tables: Vec<PathTableId>,
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
    /// The attack's condition, as an index in [`crate::ir::Game::attack_gates`], if any.
    pub gate: Option<u8>,
}

/// The paths of a program whose paths are all known at load (no effects but registers set,
/// no repetitions bounded by anything but numbers), enumerated per origin (a leap whose leg
/// must be empty, a barrier beside a diagonal step, a two-cell step marking the cell it
/// passes): see [`Op::Paths`]. Each origin's paths are kept in the order the pattern
/// machine takes them, as a list of nodes in which a path shares the tests it begins with
/// with the path before it: a test that fails skips every path that shares it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct PathTable {
    /// Per origin cell `c`: its nodes are `nodes[start[c]..start[c + 1]]`.
    pub start: Vec<u32>,
    /// The nodes.
    pub nodes: Vec<PathNode>,
    /// What paths do on their way (registers set, pieces removed), each path's in a run
    /// (see [`PathNode::Emit`]).
    pub effects: Vec<PathEffect>,
}

/// What a path of a [`PathTable`] does on its way, its cells known at load.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PathEffect {
    /// A register set to a cell.
    SetReg(u8, Cell),
    /// The piece on a cell removed (`remove`).
    Remove(Cell),
    /// The piece on the first cell moved to the second (`carry`).
    Carry(Cell, Cell),
}

/// A node of a [`PathTable`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PathNode {
    /// A test on the way: when it fails, go on at node `skip`, past the paths that share
    /// it.
    Test {
        /// The cell tested.
        cell: Cell,
        /// The condition.
        cond: CondId,
        /// How it is tested ([`crate::ir::CondTables::code`]; walked until the condition
        /// tables are made).
        shape: u32,
        /// Whether the piece has left its origin there (the origin then counts as empty).
        stepped: bool,
        /// Where the paths that do not share this test begin.
        skip: u32,
    },
    /// The end of a path: the move lands on `to`, which must be empty when it is a mark
    /// (`land(@m)`), after the effects `effects[first..first + count]` of the table.
    Emit {
        /// The landing.
        to: Cell,
        /// Whether the landing is a mark.
        marked: bool,
        /// The path's first effect in the table's `effects`.
        first: u32,
        /// How many it has.
        count: u8,
    },
}

impl PathTable {
    /// The range of `origin`'s nodes in `nodes`.
    #[inline]
    pub fn range(&self, origin: Cell) -> std::ops::Range<usize> {
        let c = origin as usize;
        self.start[c] as usize..self.start[c + 1] as usize
    }
}
