//! Every limit the rules language imposes, in one place: the checker reports a game that
//! exceeds one (where it can be exceeded), lowering and the engine rely on it. The board
//! generators' own limits are in `board::limits`, re-exported here.

pub use crate::board::limits::*;

/// Most pieces a game may hold, counting the board, stacks and reserves: piece counts are
/// bytes. Moves and captures never add pieces (a reserve only gains what the board loses),
/// so a setup within it keeps every position within it.
pub const MAX_PIECES: usize = 255;
/// Piece types per game: a type mask is a `u64`.
pub const MAX_PIECE_TYPES: usize = 64;
/// Kinds, the empty one included: a kind is a byte (`ir::Kind`), one per (type, faction,
/// piece state).
pub const MAX_KINDS: usize = 255;
/// Setup steps per game (the state counts the ones done in a byte).
pub const MAX_SETUP_STEPS: usize = 250;
/// Registers per game when any of them is long (the state keeps a `u32` of long registers
/// set this turn).
pub const MAX_REGISTERS_WITH_LONG: usize = 32;
/// Marks one pattern may name (the pattern machine has this many mark slots).
pub const MAX_MARKS: usize = 4;
/// Repetitions nest at most this deep (the pattern machine has this many loop counters).
pub const MAX_LOOP_NESTING: usize = 4;
/// Effects one move may record; a path that would record more is dropped.
pub const MAX_EFFECTS: usize = 32;
/// A repetition without an upper bound (and any bound above this) stops after this many
/// iterations; a slide reaches this many cells at most.
pub const LOOP_CAP: i64 = 64;
/// A tally's largest value (larger maxima are clamped to it).
pub const MAX_TALLY: i64 = 15;
/// Pattern nodes one macro expansion may produce before it is reported as recursive.
pub const MAX_EXPANSION_NODES: usize = 10_000;
/// Macro calls nest at most this deep before the expansion is reported as recursive.
pub const MAX_EXPANSION_DEPTH: usize = 64;
/// Direction sets nest at most this deep (a deeper name resolves to no direction).
pub const MAX_DIR_SET_NESTING: usize = 16;
/// Custodian victims one move takes at most (more are left on the board).
pub const MAX_CUSTODIAN_VICTIMS: usize = 16;
/// Pieces one move may push at most (more are not offered).
pub const MAX_PUSHED: usize = 16;
/// Captured pieces one move reports to capture triggers at most.
pub const MAX_CAPTURED: usize = 16;
/// Attack reach tables and the fast legality filter exist only for boards of at most this
/// many cells (they keep a bit per cell in `[u64; 4]`).
pub const MAX_TABLE_CELLS: usize = 256;
/// Words of a bitset over [`MAX_TABLE_CELLS`] cells.
pub const CELL_WORDS: usize = MAX_TABLE_CELLS / 64;
/// Entries (a cell and a slide each, over every player) of the slides' lines kept as bits
/// for judging royal steps; a game with more walks its lines instead.
pub const MAX_LINE_BITS: usize = 1 << 18;
/// Entries of any table a typed id indexes (conditions, expressions, zones, programs…).
pub const MAX_TABLE_ENTRIES: usize = u16::MAX as usize;

// Narrowing conversions. Those that rely on a limit checking enforces keep a plain cast
// (debug builds check the bound); those nothing bounds saturate, exact for every value
// that fits.

/// A piece type's index as the compiled game stores it: a byte, as checking keeps types
/// to [`MAX_PIECE_TYPES`].
#[inline]
pub fn type_byte(i: usize) -> u8 {
    debug_assert!(i < MAX_PIECE_TYPES, "piece type {i}");
    i as u8
}

/// A faction's (or player's) index as a byte: every faction has kinds, and checking keeps
/// kinds to [`MAX_KINDS`].
#[inline]
pub fn faction_byte(i: usize) -> u8 {
    debug_assert!(i < MAX_KINDS, "faction {i}");
    i as u8
}

/// A kind from its index: checking keeps kinds to [`MAX_KINDS`].
#[inline]
pub fn kind_byte(i: usize) -> crate::ir::Kind {
    debug_assert!(i < MAX_KINDS, "kind {i}");
    i as crate::ir::Kind
}

/// An index below a limit of at most 256 (marks, loop counters, tallies, piece states),
/// as a byte.
#[inline]
pub fn byte_below(i: usize, limit: usize) -> u8 {
    debug_assert!(i < limit && limit <= 256, "index {i} of {limit}");
    i as u8
}

/// An index no limit bounds (registers, a step's outcomes), as a byte: saturating.
#[inline]
pub fn saturating_byte(i: usize) -> u8 {
    u8::try_from(i).unwrap_or(u8::MAX)
}

/// An index no limit bounds (attack tables' kind sets, a step's outcomes), as a `u16`:
/// saturating.
#[inline]
pub fn saturating_u16(i: usize) -> u16 {
    u16::try_from(i).unwrap_or(u16::MAX)
}
