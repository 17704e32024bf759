//! Kinds of problems of the rules text's syntax (E1xx).

/// A syntax problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum SyntaxCode {
    /// The text does not follow the grammar.
    Syntax = 1,
}

impl SyntaxCode {
    /// Every kind.
    pub const ALL: &[SyntaxCode] = &[SyntaxCode::Syntax];

    /// The explanation shown by `interp explain`.
    pub fn explain(self) -> &'static str {
        match self {
            SyntaxCode::Syntax => {
                "The rules text does not follow the grammar of the rules language: a statement \
                 is misspelt, a bracket is missing, or a word stands where another was expected. \
                 The message says what was expected at the place shown."
            }
        }
    }
}
