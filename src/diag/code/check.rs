//! Kinds of problems found by the checker: names and rules (E4xx).

/// A problem found by the checker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum CheckCode {
    /// A piece letter names no declared piece type.
    UnknownPiece = 1,
}

impl CheckCode {
    /// Every kind.
    pub const ALL: &[CheckCode] = &[CheckCode::UnknownPiece];

    /// The explanation shown by `interp explain`.
    pub fn explain(self) -> &'static str {
        match self {
            CheckCode::UnknownPiece => {
                "A piece letter is used that no `[pieces.X]` table declares. Piece types are \
                 named by their letter (upper case) everywhere in the rules; the hint lists \
                 the declared ones."
            }
        }
    }
}
