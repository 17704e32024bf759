//! Typed ids: each table of the compiled game is indexed by its own kind of id, so a
//! condition id cannot index the expressions. An id is two bytes. Conditions and
//! expressions are often optional (a probe step's test, a loop's bound): their ids keep
//! the index plus one, so that `Option<CondId>` and `Option<ExprId>` are two bytes too and
//! cost no more than the `u16::MAX` sentinels they replace. The other ids keep the bare
//! index (no arithmetic on lookup). The `Debug` form of every id is its index.
//!
//! Cells are not among them: `board::Cell` stays a bare `u16` with `board::NONE` for "no
//! cell", being the hottest and most widespread index of all (every board access).

use crate::board::Cell;
use crate::ir::limits::MAX_TABLE_ENTRIES;
use crate::ir::{Cond, DecisionStep, Expr, Game, PathTable, Program};
use std::num::NonZeroU16;

/// An id type: `optional` ones store the index plus one (a niche for `Option`), `plain`
/// ones the index.
macro_rules! id {
    (optional $(#[$doc:meta])* $name:ident) => {
        id!(@common $(#[$doc])* $name, NonZeroU16,
            |i: u16| NonZeroU16::MIN.saturating_add(i),
            |r: NonZeroU16| r.get() as usize - 1);
    };
    (plain $(#[$doc:meta])* $name:ident) => {
        id!(@common $(#[$doc])* $name, u16, |i: u16| i, |r: u16| r as usize);
    };
    (@common $(#[$doc:meta])* $name:ident, $repr:ty, $from:expr, $to:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name($repr);

        impl $name {
            /// The id of entry `i` of its table (tables hold fewer than
            /// [`MAX_TABLE_ENTRIES`] entries; debug builds check it).
            #[inline]
            pub fn new(i: usize) -> Self {
                debug_assert!(i < MAX_TABLE_ENTRIES, "table index {i} out of range");
                $name(($from)(u16::try_from(i).unwrap_or(u16::MAX)))
            }

            /// The entry's index in its table.
            #[inline(always)]
            pub fn index(self) -> usize {
                ($to)(self.0)
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", self.index())
            }
        }
    };
}

id!(
    optional
    /// A condition: an index into [`Game::conds`].
    CondId
);
id!(
    optional
    /// An integer expression: an index into [`Game::exprs`].
    ExprId
);
id!(
    plain
    /// A zone's cell set (one per zone and player, and one per single cell a condition
    /// names): an index into [`Game::zone_sets`].
    ZoneId
);
id!(
    plain
    /// A movement program (moves, attacks, tallies' counted patterns, relocations): an
    /// index into [`Game::programs`].
    ProgramId
);
id!(
    plain
    /// A decision step (follow-ups first, then the setup's steps): an index into
    /// [`Game::steps`].
    StepId
);
id!(
    plain
    /// A turn table (next directions per last direction): an index into
    /// [`Game::turn_tables`].
    TurnTableId
);
id!(
    plain
    /// A leap table (landing cells per origin): an index into [`Game::leap_tables`].
    LeapTableId
);
id!(
    plain
    /// A path table (guarded paths per origin): an index into [`Game::path_tables`].
    PathTableId
);
id!(
    plain
    /// The first variable slot of a counter or reserve in the state's `vars` (a per-player
    /// one has one slot per player from there).
    Slot
);

impl Slot {
    /// The index of the `i`-th slot from this one (player `i`'s, for a per-player variable).
    #[inline]
    pub fn at(self, i: usize) -> usize {
        self.index() + i
    }
}

impl Game {
    /// A condition by id.
    #[inline(always)]
    pub fn cond(&self, id: CondId) -> &Cond {
        &self.conds[id.index()]
    }

    /// An expression by id.
    #[inline(always)]
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.index()]
    }

    /// A zone's cell set by id (one bool per cell).
    #[inline(always)]
    pub fn zone(&self, id: ZoneId) -> &[bool] {
        &self.zone_sets[id.index()]
    }

    /// A program by id.
    #[inline(always)]
    pub fn program(&self, id: ProgramId) -> &Program {
        &self.programs[id.index()]
    }

    /// A decision step by id.
    #[inline(always)]
    pub fn step(&self, id: StepId) -> &DecisionStep {
        &self.steps[id.index()]
    }

    /// A turn table by id: per last direction, the next directions.
    #[inline(always)]
    pub fn turn_table(&self, id: TurnTableId) -> &[Vec<u8>] {
        &self.turn_tables[id.index()]
    }

    /// A leap table by id: per origin cell, the landing cells.
    #[inline(always)]
    pub fn leap_table(&self, id: LeapTableId) -> &[Vec<Cell>] {
        &self.leap_tables[id.index()]
    }

    /// A path table by id.
    #[inline(always)]
    pub fn path_table(&self, id: PathTableId) -> &PathTable {
        &self.path_tables[id.index()]
    }
}

// Optional ids cost nothing: they replace the `u16::MAX` sentinels of hot structs.
const _: () = assert!(std::mem::size_of::<Option<CondId>>() == 2 && std::mem::size_of::<Option<ExprId>>() == 2);
