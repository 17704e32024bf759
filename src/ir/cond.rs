//! Conditions and integer expressions, compiled: evaluated at a cell for a player.

pub use crate::vocab::CmpOp;

use crate::board::Cell;
use crate::ir::{Slot, ZoneId};

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
