//! Kinds of problems of a game file's TOML (E2xx).

/// A problem of the TOML part of a game file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum LoadCode {
    /// The file is not valid TOML.
    InvalidToml = 1,
}

impl LoadCode {
    /// Every kind.
    pub const ALL: &[LoadCode] = &[LoadCode::InvalidToml];

    /// The explanation shown by `interp explain`.
    pub fn explain(self) -> &'static str {
        match self {
            LoadCode::InvalidToml => {
                "The game file is not valid TOML (an unclosed string, a missing `=`, a table \
                 declared twice...), so nothing in it can be checked. Fix the place shown first."
            }
        }
    }
}
