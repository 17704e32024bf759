//! The top-level statements of the rules language: one entry per alternative of the
//! grammar's `item` rule, in the grammar's order (a test holds the two together).

/// One kind of top-level statement.
#[derive(Debug, Clone, Copy)]
pub struct Statement {
    /// The word it starts with.
    pub keyword: &'static str,
    /// The grammar rule that parses it.
    pub rule: &'static str,
    /// What it declares, in a few words.
    pub about: &'static str,
}

const fn st(keyword: &'static str, rule: &'static str, about: &'static str) -> Statement {
    Statement { keyword, rule, about }
}

/// Every top-level statement, in the order of the grammar's `item` rule.
pub const STATEMENTS: &[Statement] = &[
    st("board", "board", "the board: a generator and edits"),
    st("dirs", "dirs", "a named set of directions"),
    st("orient", "orient", "how a player's directions are turned or mirrored"),
    st("zone", "zone", "a named set of cells, per player or shared"),
    st("piece", "piece", "a piece type's moves, attacks and promotions"),
    st("define", "define", "a pattern macro"),
    st("counter", "counter", "a counter or (`clock`) a clock with its start value"),
    st("register", "register", "a cell register"),
    st("on", "trigger", "effects run on a move, a capture or a turn"),
    st("end", "end", "the rules that end the game"),
    st("custodian", "custodian", "custodian captures after a move"),
    st("setup", "setup", "decisions before the first turn"),
    st("followup", "followup", "a decision a move schedules"),
    st("require", "require", "an obligation: only moves of a class (piece types, captures) while a condition holds"),
    st("tally", "tally", "a per-piece count"),
    st("beats", "beats", "a relation between piece types"),
    st("push", "push_rule", "pushes after a move"),
    st("drop", "drop_rule", "drops from reserves"),
    st("illegal", "illegal_rule", "moves after which a condition holds are not legal"),
    st("pass", "pass_rule", "when the player to move may pass"),
    st("captures", "captures_rule", "which capture sequences are one move: `captures distinct [by path]`"),
];

/// The statements' keywords as a list for messages: `board, dirs, ...`.
pub fn keyword_list() -> String {
    STATEMENTS.iter().map(|s| s.keyword).collect::<Vec<_>>().join(", ")
}
