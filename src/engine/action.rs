//! Actions: what can be done at a node (a piece move, a drop, a decision, a chance
//! outcome), the side effects a movement pattern records, and the list holding both.

use crate::board::Cell;
use crate::engine::state::State;
use crate::ir::{Game, Kind, StepId};

/// A side effect recorded by a movement pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Effect {
    /// Remove the piece on a cell (a capture).
    Remove(Cell),
    /// Move the piece on the first cell to the second.
    Carry(Cell, Cell),
    /// Set a register.
    SetReg(u8, Cell),
    /// A decision step follows the move, about a cell.
    Then(StepId, Cell),
    /// The move passes through a cell (`via(here)`): nothing happens, the notation may
    /// write it.
    Via(Cell),
}

/// How the extra cell a mover chose is written in notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChosenAs {
    /// `xCELL`: a victim the mover picks among several (custodian capture with a choice).
    Victim,
    /// `>CELL`: a piece the move pushes (a push rule's follow-up step is about it).
    Pushed,
    /// `/X` (`/X@CELL` on a cell other than the origin): a piece of type X enters from the
    /// mover's reserve on the cell, which the move empties (`drop TYPES at WHERE [COND]`).
    Entry(u8),
    /// `FROM-CELL`: the move is written with this cell in place of its landing cell (a
    /// pattern's `written(@m)`), so it is an action of its own.
    Written,
}

/// A cell the mover chose besides the landing cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chosen {
    /// The cell.
    pub cell: Cell,
    /// What it is.
    pub how: ChosenAs,
}

/// A move of a piece on the board: origin, landing, promotion, and effects in an arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PieceMove {
    /// Origin.
    pub from: Cell,
    /// Landing cell.
    pub to: Cell,
    /// The type the piece promotes to.
    pub promo: Option<u8>,
    /// A cell the mover chose in addition (shown in notation).
    pub chosen: Option<Chosen>,
    /// The kind of the piece taken out of a stack on `from` (0: the cell's only piece).
    pub stack: Kind,
    /// Number of effects.
    pub neff: u8,
    /// First effect in the list's arena.
    pub eff: u32,
}

impl PieceMove {
    /// The cell the notation writes after the origin: the landing cell, or the cell a
    /// `written(@m)` action names.
    #[inline]
    pub fn shown(&self) -> Cell {
        match self.chosen {
            Some(c) if c.how == ChosenAs::Written => c.cell,
            _ => self.to,
        }
    }

    /// The extra cell the notation adds (`xCELL`, `>CELL`), if any.
    #[inline]
    pub fn extra(&self) -> Option<Cell> {
        self.chosen.filter(|c| c.how != ChosenAs::Written).map(|c| c.cell)
    }
}

/// An action at a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves (in a turn, or at a follow-up step that moves a piece).
    Piece(PieceMove),
    /// A piece of type `ty` comes from the mover's reserve onto the empty cell `to`.
    Drop {
        /// Type index.
        ty: u8,
        /// The cell.
        to: Cell,
    },
    /// A cell chosen at a decision step (a setup step or a follow-up `choose`).
    Choose(Cell),
    /// A player's decision: the index of the step's outcome.
    Outcome(u16),
    /// A chance outcome: the index of the step's outcome.
    Chance(u16),
    /// The player to move passes (a `pass` rule allows it): nothing moves, the turn ends.
    Pass,
}

impl Move {
    /// The piece move, if this is one.
    #[inline]
    pub fn piece(&self) -> Option<&PieceMove> {
        match self {
            Move::Piece(p) => Some(p),
            _ => None,
        }
    }
}

/// Moves and the arena of their effects.
#[derive(Debug, Clone, Default)]
pub struct MoveList {
    /// Moves.
    pub moves: Vec<Move>,
    /// Effects, indexed by `PieceMove::eff`.
    pub effects: Vec<Effect>,
}

impl MoveList {
    /// Removes everything, keeping the allocations.
    pub fn clear(&mut self) {
        self.moves.clear();
        self.effects.clear();
    }

    /// The effects of a move (none for actions other than piece moves).
    #[inline]
    pub fn effects_of(&self, m: &Move) -> &[Effect] {
        match m {
            Move::Piece(p) => &self.effects[p.eff as usize..p.eff as usize + p.neff as usize],
            _ => &[],
        }
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// No moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Every piece type, as a type mask for [`Game::is_capture`].
pub const ANY_TYPE: u64 = u64::MAX;

impl Game {
    /// Whether action `m` with its `effects`, played at `st`, takes a piece of a type in
    /// `types` (a bit per type index; [`ANY_TYPE`] for any). What counts: a piece move
    /// landing on an occupied cell other than its origin that holds a piece of another
    /// faction (a friendly piece there is one the move's own effects carry away), and
    /// every `Remove` effect on an occupied cell
    /// (pattern captures such as en passant, custodian victims, `remove` steps), whoever
    /// owns the piece. Pieces are judged as they stand before the move. Drops, decisions
    /// and chance outcomes take nothing; a promotion is not a capture. This is what the
    /// `can-capture` end condition tests.
    pub fn is_capture(&self, st: &State, m: &Move, effects: &[Effect], types: u64) -> bool {
        let Move::Piece(p) = m else { return false };
        let of_types = |k: Kind| k != 0 && types & (1 << self.kind_type[k as usize]) != 0;
        let landed = st.board[p.to as usize];
        let mover = if p.stack != 0 { p.stack } else { st.board[p.from as usize] };
        (p.to != p.from && of_types(landed) && self.kind_owner[landed as usize] != self.kind_owner[mover as usize])
            || effects.iter().any(|e| matches!(*e, Effect::Remove(x) if of_types(st.board[x as usize])))
    }
}

// Actions are copied around the search: keep them as small as the old one-struct form.
const _: () = assert!(std::mem::size_of::<Move>() == 16);
