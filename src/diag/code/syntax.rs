//! Kinds of problems of the rules text's syntax (E1xx).

/// A syntax problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum SyntaxCode {
    /// The text does not follow the grammar.
    Syntax = 1,
    /// A whole number does not fit in 64 bits.
    NumberOutOfRange = 2,
    /// A turn's angle does not fit in 64 bits.
    AngleOutOfRange = 3,
    /// Brackets nest deeper than the parser allows.
    NestingTooDeep = 4,
    /// The parser gave up: the text needs more work than a rules text may take.
    TooComplex = 5,
}

impl SyntaxCode {
    /// Every kind.
    pub const ALL: &[SyntaxCode] = &[
        SyntaxCode::Syntax,
        SyntaxCode::NumberOutOfRange,
        SyntaxCode::AngleOutOfRange,
        SyntaxCode::NestingTooDeep,
        SyntaxCode::TooComplex,
    ];

    /// The explanation shown by `interp explain`.
    pub fn explain(self) -> &'static str {
        match self {
            SyntaxCode::Syntax => {
                "The rules text does not follow the grammar of the rules language: a statement \
                 is misspelt, a bracket is missing, or a word stands where another was expected. \
                 The message says what was expected at the place shown."
            }
            SyntaxCode::NumberOutOfRange => {
                "A number in the rules text is too large to be stored (whole numbers are 64-bit). \
                 The rules text that holds it is left out, so later problems may follow from it."
            }
            SyntaxCode::AngleOutOfRange => {
                "A turn such as `+45` or `+-90` has an angle too large to be stored. Angles are \
                 written in degrees; the turns a board supports are multiples of its directions' \
                 angles, so they are small."
            }
            SyntaxCode::NestingTooDeep => {
                "Brackets (`(`, `[` and `{`) in the rules text nest deeper than 64 levels, the \
                 most the parser takes (real rules nest a few levels). Often a bracket was \
                 opened and never closed; otherwise give inner parts a name with `define`. A sum \
                 (`a + b + ...`) may have at most 64 terms likewise."
            }
            SyntaxCode::TooComplex => {
                "The parser gave up on the rules text: it would take more work (or stack) than \
                 a rules text may, which happens when a long statement has to be tried many \
                 ways, e.g. after an unclosed bracket, or one pattern or condition has more than \
                 1000 parts (alternatives, steps, operands). Close brackets and split long \
                 statements."
            }
        }
    }
}
