//! Conditions and integer expressions, compiled: evaluated at a cell for a player.

pub use crate::vocab::CmpOp;

use crate::board::Cell;
use crate::ir::{CondId, Game, Kind, Slot, ZoneId};

/// A condition, compiled: evaluated at a cursor cell for a player.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Cond {
    /// Always true.
    True,
    /// The cell is empty (the moving piece's origin counts as empty).
    Empty,
    /// The cell holds a piece of another player.
    Enemy,
    /// The cell holds a piece of the player.
    Friend,
    /// The occupant's type is in the mask.
    Type(u64),
    /// The occupant has never moved.
    Unmoved,
    /// The cell is in a zone.
    Zone(ZoneId),
    /// The cell equals a register.
    Reg(u8),
    /// The cell is the moving piece's origin.
    Origin,
    /// The cell is attacked by another player.
    Attacked,
    /// All of.
    And(Vec<Cond>),
    /// Any of.
    Or(Vec<Cond>),
    /// The cell holds a piece of a neutral faction.
    Neutral,
    /// The cell holds two or more pieces (a stack).
    Stacked,
    /// The cell's piece has a type that the moving piece's type beats (`beats`).
    Beaten,
    /// Some player can move a piece whose type beats the type of a piece not of that player.
    CanBeat,
    /// Not.
    Not(Box<Cond>),
    /// Comparison.
    Cmp(Expr, CmpOp, Expr),
    /// The player to move has no legal action (end rules only).
    NoMoves,
    /// The player to move has a royal piece under attack.
    Check,
    /// The position occurred this many times (end rules only).
    Repetition(u8),
    /// The player to move has a legal move capturing a piece of these types (end rules only).
    CanCapture(u64),
    /// The occupant's tally compared with a number.
    Tally(u8, CmpOp, i64),
    /// A royal piece of a player is attacked: the player in context (`Me`), any other
    /// player (`Others`), or a player by index.
    CheckOf(Who),
    /// The player to move has a legal move of a piece of these types, landing in its part
    /// of the zone when one is given (per player; end rules only).
    CanMove(u64, Vec<ZoneId>),
    /// `sees(X, DIRS, Y)`: some piece of a type in the first mask has, along one of the
    /// (absolute) directions, a piece of a type in the second mask as the nearest piece.
    Sees(u64, Vec<u8>, u64),
    /// `threatens(X)`: a piece of a type in the mask, standing on the cell for the player
    /// in context, would attack a piece of another player.
    Threatens(u64),
    /// `promoted`: the move just made promoted its piece (after the move: `illegal` rules
    /// and triggers).
    Promoted,
    /// `along(DIRS, COND)`: the condition holds on some cell reached from the cell by
    /// repeated steps along one of the (absolute) directions, to the edge or a fork.
    Along(Vec<u8>, Box<Cond>),
    /// The move judged (by an `illegal` rule) is a drop of a type in the mask.
    Dropped(u64),
}

/// Whose value a per-player variable or count refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Who {
    /// The player in context (mover in patterns and triggers, player to move in ends).
    Me,
    /// Every other player.
    Others,
    /// Everyone (every faction).
    All,
    /// The neutral factions.
    Neutral,
    /// A player by index.
    Player(u8),
}

/// An integer expression, compiled.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Expr {
    /// Literal.
    Int(i64),
    /// A variable's first slot, whether it is per player, and whose values count.
    Var(Slot, bool, Who),
    /// Number of pieces of a player set and type mask.
    Count(Who, u64),
    /// Number of pieces of a player set and type mask standing in a zone: per player, the
    /// cells of its part (a neutral faction's pieces count in the player in context's part).
    CountIn(Who, u64, Vec<Vec<Cell>>),
    /// Maximum.
    Max(Box<Expr>, Box<Expr>),
    /// Minimum.
    Min(Box<Expr>, Box<Expr>),
    /// Sum.
    Add(Box<Expr>, Box<Expr>),
    /// Difference.
    Sub(Box<Expr>, Box<Expr>),
    /// The index of the player in context.
    MePlayer,
    /// Pieces removed by the move that scheduled the current decision.
    Removed,
}

impl Expr {
    /// The value of an expression that does not depend on the position, if it is one.
    pub fn constant(&self) -> Option<i64> {
        match self {
            Expr::Int(v) => Some(*v),
            Expr::Add(a, b) => Some(a.constant()? + b.constant()?),
            Expr::Sub(a, b) => Some(a.constant()? - b.constant()?),
            Expr::Max(a, b) => Some(a.constant()?.max(b.constant()?)),
            Expr::Min(a, b) => Some(a.constant()?.min(b.constant()?)),
            _ => None,
        }
    }
}

/// How the engine tests each condition, chosen at load by `opt::conds`: the commonest
/// tests directly, the other conditions that read only a cell and its occupant as bit
/// tables over (player, cell, kind), so that testing one is a lookup; conditions that also
/// compare numbers as one such table per value of those comparisons, which are evaluated
/// only where the tables disagree; the rest by walking the condition.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CondTables {
    /// Per condition: how it is tested, coded by [`CondTables::code`].
    pub at: Vec<u32>,
    /// Kinds per cell (a table's row length, in bits).
    pub nk: usize,
    /// Words per player.
    pub words: usize,
    /// The tables.
    pub bits: Vec<u64>,
    /// The guarded tables, indexed by [`Shape::Guarded`].
    pub guards: Vec<Guard>,
}

/// A condition tested by tables guarded by its parts that read more than the occupant: one
/// table (per player) for each combination of those parts' values, the `i`-th part giving
/// bit `i` of the combination's index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guard {
    /// The word of `bits` where the first table starts; the tables follow one another.
    pub off: u32,
    /// The parts, evaluated where the tables disagree.
    pub parts: Vec<Cond>,
}

/// How a condition is tested (see [`CondTables`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// `[empty]`.
    Empty,
    /// `[!empty]`.
    Occupied,
    /// `[enemy]`.
    Enemy,
    /// `[!friend]`.
    NotFriend,
    /// A table at this word of `bits`.
    Table(u32),
    /// Tables guarded by parts read apart: this entry of `guards`.
    Guarded(u32),
    /// Two tables at this word of `bits` (then per player), for a condition whose one part
    /// beyond the occupant is whether register `.1` holds the cell: the first for a cell
    /// the register is not on, the second for the cell it is on.
    OnReg(u32, u8),
    /// Walked.
    Walk,
}

impl CondTables {
    /// A shape's code in `at`: a tag in the low three bits, a table's offset above them
    /// (above a register's index for [`Shape::OnReg`]).
    pub fn code(s: Shape) -> u32 {
        match s {
            Shape::Table(off) => off << 3,
            Shape::Empty => 1,
            Shape::Occupied => 2,
            Shape::Enemy => 3,
            Shape::NotFriend => 4,
            Shape::Walk => 5,
            Shape::Guarded(i) => i << 3 | 6,
            Shape::OnReg(off, r) => (off << 8 | r as u32) << 3 | 7,
        }
    }

    /// How condition `id` is tested.
    #[inline]
    pub fn shape(&self, id: CondId) -> Shape {
        Self::decode(self.at.get(id.index()).map_or(5, |&x| x))
    }

    /// The shape of a code made by [`CondTables::code`].
    #[inline(always)]
    pub fn decode(x: u32) -> Shape {
        match x & 7 {
            0 => Shape::Table(x >> 3),
            1 => Shape::Empty,
            2 => Shape::Occupied,
            3 => Shape::Enemy,
            4 => Shape::NotFriend,
            6 => Shape::Guarded(x >> 3),
            7 => Shape::OnReg(x >> 11, (x >> 3) as u8),
            _ => Shape::Walk,
        }
    }

    /// Table lookup: whether the condition whose table starts at word `off` holds for
    /// player `me` at cell `c` holding `k`.
    #[inline]
    pub fn get(&self, off: u32, me: u8, c: Cell, k: Kind) -> bool {
        let i = c as usize * self.nk + k as usize;
        self.bits[off as usize + me as usize * self.words + i / 64] >> (i % 64) & 1 != 0
    }

    /// [`Shape::OnReg`]'s test: whether the condition holds for player `me` (of `np`) at
    /// cell `c` holding `k`, the register on the cell or not (`on`, read only where the two
    /// tables disagree).
    #[inline]
    pub fn on_reg(&self, off: u32, np: usize, me: u8, c: Cell, k: Kind, on: impl FnOnce() -> bool) -> bool {
        let i = c as usize * self.nk + k as usize;
        let first = off as usize + me as usize * self.words + i / 64;
        let (off_reg, on_reg) = (self.bits[first] >> (i % 64) & 1, self.bits[first + np * self.words] >> (i % 64) & 1);
        if off_reg == on_reg { off_reg != 0 } else { on() == (on_reg != 0) }
    }

    /// The guarded tables' answers for player `me` at cell `c` holding `k`, a bit per
    /// combination of the parts' values (of `np` players' tables).
    #[inline]
    pub fn guarded(&self, guard: &Guard, np: usize, me: u8, c: Cell, k: Kind) -> u32 {
        let i = c as usize * self.nk + k as usize;
        let (per, first) = (np * self.words, guard.off as usize + me as usize * self.words + i / 64);
        let bit = |v: usize| (self.bits[first + v * per] >> (i % 64) & 1) as u32;
        (0..1 << guard.parts.len()).fold(0, |a, v| a | bit(v) << v)
    }
}

impl Game {
    /// A leaf condition that reads only the cell `c` and its occupant `k` (0: empty), for
    /// player `me`: `empty`, `enemy`, `friend`, types, `unmoved`, zones, `neutral`, tallies.
    /// False for every other condition. The engine's evaluator and the tables both read it.
    #[inline]
    pub fn occupant_leaf(&self, cond: &Cond, me: u8, c: Cell, k: Kind) -> bool {
        let owner = || self.kind_owner[k as usize];
        match cond {
            Cond::Empty => k == 0,
            Cond::Enemy => k != 0 && owner() != me,
            Cond::Friend => k != 0 && owner() == me,
            Cond::Type(mask) => k != 0 && mask & (1 << self.kind_type[k as usize]) != 0,
            Cond::Unmoved => k != 0 && !self.kind_moved[k as usize],
            Cond::Zone(z) => self.zone(*z)[c as usize],
            Cond::Neutral => k != 0 && self.is_neutral(owner()),
            Cond::Tally(i, op, v) => k != 0 && op.holds(self.tally(k, *i as usize).0 as i64, *v),
            _ => false,
        }
    }

    /// Whether a condition is built of [`Game::occupant_leaf`]'s leaves alone (with
    /// `true`, and, or, not).
    pub fn reads_occupant_only(cond: &Cond) -> bool {
        match cond {
            Cond::True
            | Cond::Empty
            | Cond::Enemy
            | Cond::Friend
            | Cond::Type(_)
            | Cond::Unmoved
            | Cond::Zone(_)
            | Cond::Neutral
            | Cond::Tally(..) => true,
            Cond::And(v) | Cond::Or(v) => v.iter().all(Game::reads_occupant_only),
            Cond::Not(x) => Game::reads_occupant_only(x),
            _ => false,
        }
    }
}
