//! The board generators' limits. Their error messages ([`crate::board::BuildError::BadSize`])
//! spell the numbers: keep them in step.

/// A square board has at most this many files.
pub const MAX_FILES: usize = 40;
/// A square board spans at most this many ranks beyond its first (`ranks = [lo, hi]` with
/// `hi - lo` at most this).
pub const MAX_RANK_SPAN: i64 = 40;
/// A triangle board has at most this many rows (named A to Z).
pub const MAX_TRIANGLE_ROWS: i64 = 26;
/// A hex board has at most this radius.
pub const MAX_HEX_RADIUS: i64 = 12;
/// Directions of a board: the generators give at most this many (eight on a square
/// board), so a direction index is a byte.
pub const MAX_DIRS: usize = 8;
/// Ranks of a square board lie within `-MAX_RANK..=MAX_RANK`, so arithmetic on them
/// (colours, distances) cannot overflow.
pub const MAX_RANK: i64 = 1_000_000;
/// Coordinates of an added cell (`cell NAME at (x, y)`) lie within `-MAX_COORD..=MAX_COORD`.
pub const MAX_COORD: f64 = 1_000_000.0;
