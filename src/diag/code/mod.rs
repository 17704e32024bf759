//! The kinds of diagnostics, one enum per pipeline stage, each kind with a stable code
//! (`E` + stage digit + number: E1xx syntax, E2xx load, E3xx board, E4xx check) and a
//! longer explanation (`interp explain CODE`). Codes are never reused or renumbered.

mod board;
mod check;
mod load;
mod syntax;

pub use board::BoardCode;
pub use check::CheckCode;
pub use load::LoadCode;
pub use syntax::SyntaxCode;

/// The kind of a diagnostic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    /// The rules text does not parse.
    Syntax(SyntaxCode),
    /// A game file's TOML is wrong.
    Load(LoadCode),
    /// The board declaration is wrong.
    Board(BoardCode),
    /// A name or a rule does not check.
    Check(CheckCode),
}

impl Code {
    /// The stable code, e.g. `E0401`.
    pub fn id(self) -> String {
        let (stage, n) = match self {
            Code::Syntax(c) => (1, c as u16),
            Code::Load(c) => (2, c as u16),
            Code::Board(c) => (3, c as u16),
            Code::Check(c) => (4, c as u16),
        };
        format!("E{stage}{n:02}")
    }

    /// What the kind means and how to fix it, in a few sentences.
    pub fn explain(self) -> &'static str {
        match self {
            Code::Syntax(c) => c.explain(),
            Code::Load(c) => c.explain(),
            Code::Board(c) => c.explain(),
            Code::Check(c) => c.explain(),
        }
    }

    /// Every kind, in code order.
    pub fn all() -> Vec<Code> {
        let mut v: Vec<Code> = SyntaxCode::ALL.iter().map(|&c| Code::Syntax(c)).collect();
        v.extend(LoadCode::ALL.iter().map(|&c| Code::Load(c)));
        v.extend(BoardCode::ALL.iter().map(|&c| Code::Board(c)));
        v.extend(CheckCode::ALL.iter().map(|&c| Code::Check(c)));
        v
    }

    /// The kind with a stable code, if there is one.
    pub fn parse(id: &str) -> Option<Code> {
        Code::all().into_iter().find(|c| c.id().eq_ignore_ascii_case(id))
    }

    /// Whether the problem stops loading at once (nothing after it can be checked): a
    /// rules text that does not parse (or is too deep or complex to), or a file that is
    /// not TOML.
    pub fn is_fatal(self) -> bool {
        matches!(
            self,
            Code::Syntax(SyntaxCode::Syntax | SyntaxCode::NestingTooDeep | SyntaxCode::TooComplex)
                | Code::Load(LoadCode::InvalidToml)
        )
    }
}

impl From<SyntaxCode> for Code {
    fn from(c: SyntaxCode) -> Self {
        Code::Syntax(c)
    }
}

impl From<LoadCode> for Code {
    fn from(c: LoadCode) -> Self {
        Code::Load(c)
    }
}

impl From<BoardCode> for Code {
    fn from(c: BoardCode) -> Self {
        Code::Board(c)
    }
}

impl From<CheckCode> for Code {
    fn from(c: CheckCode) -> Self {
        Code::Check(c)
    }
}

#[cfg(test)]
mod tests {
    use super::Code;

    #[test]
    fn codes_are_unique_and_explained() {
        let all = Code::all();
        let mut ids: Vec<String> = all.iter().map(|c| c.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), all.len(), "two kinds share a code");
        for c in all {
            assert!(c.explain().len() > 20, "{c:?} needs an explanation");
            assert_eq!(Code::parse(&c.id()), Some(c));
        }
    }
}
