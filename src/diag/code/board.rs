//! Kinds of problems of a board declaration (E3xx).

/// A problem of the board declaration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum BoardCode {
    /// The generator's size is out of range.
    BadSize = 1,
}

impl BoardCode {
    /// Every kind.
    pub const ALL: &[BoardCode] = &[BoardCode::BadSize];

    /// The explanation shown by `interp explain`.
    pub fn explain(self) -> &'static str {
        match self {
            BoardCode::BadSize => {
                "A board generator was given a size it cannot build: square boards have at \
                 most 40 files and ranks in ascending order, triangles 1 to 26 rows, hex \
                 boards a radius of 0 to 12."
            }
        }
    }
}
