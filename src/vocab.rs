//! The words the rules language and the compiled game share: comparison and assignment
//! operators, trigger events and end-rule outcomes. A leaf: both the syntax and the IR
//! use these types, neither owns them.

/// A comparison operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// ==
    Eq,
    /// !=
    Ne,
    /// <
    Lt,
    /// <=
    Le,
    /// >
    Gt,
    /// >=
    Ge,
}

impl CmpOp {
    /// Compares two values.
    #[inline]
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
}

/// What a trigger listens to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A piece moved (of one of the listed types, if any).
    Move,
    /// A piece (of one of the listed types) was captured.
    Capture,
    /// Any completed turn.
    Turn,
    /// The player to move passed (`pass`).
    Pass,
    /// A piece (of one of the listed types, if any) was dropped from a reserve.
    Drop,
}

/// How a statement changes a variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    /// =
    Set,
    /// +=
    Add,
    /// -=
    Sub,
}

/// Results of end rules, for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The player to move wins.
    Win,
    /// The player to move loses.
    Loss,
    /// Draw.
    Draw,
}
