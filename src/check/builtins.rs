//! The built-in names of the rules language, in one table: what each is, where the checker
//! accepts it and what it means. The checker's lookups and the hint lists of its
//! diagnostics come from here; docs/LANGUAGE.md lists the same names (a test compares).

/// What a built-in name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A condition word: `[empty]`.
    Condition,
    /// A condition function: `repetition(3)`.
    CondFunction,
    /// A name in an expression: `me`.
    ExprName,
    /// A function in an expression: `max(a, b)`.
    ExprFunction,
    /// A side word inside `count(...)`.
    CountWord,
    /// Who takes a decision step.
    Agent,
    /// An action in a pattern: `remove(here)`.
    Action,
    /// The cell of a `remove` statement.
    RemoveCell,
    /// The cell of a `drop` statement.
    DropCell,
    /// Whose check `check(...)` asks about (besides player names).
    CheckWord,
    /// The cells of a `drop TYPES at WHERE [COND]` rule (entries with a move).
    EntryCell,
}

impl Kind {
    /// Every kind, in table order.
    pub const ALL: &[Kind] = &[
        Kind::Condition,
        Kind::CondFunction,
        Kind::ExprName,
        Kind::ExprFunction,
        Kind::CountWord,
        Kind::Agent,
        Kind::Action,
        Kind::RemoveCell,
        Kind::DropCell,
        Kind::CheckWord,
        Kind::EntryCell,
    ];

    /// The kind's tag in docs/LANGUAGE.md (`<!-- builtins: TAG -->` before its table).
    pub fn tag(self) -> &'static str {
        match self {
            Kind::Condition => "condition",
            Kind::CondFunction => "condition-function",
            Kind::ExprName => "expression-name",
            Kind::ExprFunction => "expression-function",
            Kind::CountWord => "count-word",
            Kind::Agent => "agent",
            Kind::Action => "action",
            Kind::RemoveCell => "remove-cell",
            Kind::DropCell => "drop-cell",
            Kind::CheckWord => "check-word",
            Kind::EntryCell => "entry-cell",
        }
    }
}

/// A set of places where a name may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Places(u8);

impl Places {
    /// Move patterns, and the cell conditions of `choose`, `drop` and `push` (judged as
    /// pattern tests).
    pub const PATTERN: Places = Places(1);
    /// Triggers and `require`.
    pub const TRIGGER: Places = Places(2);
    /// End rules.
    pub const END: Places = Places(4);
    /// Decision steps (`setup`, `followup`).
    pub const STEP: Places = Places(8);
    /// The conditions of `illegal` rules (judged after the move).
    pub const ILLEGAL: Places = Places(16);
    /// The cell conditions of `drop TYPES [COND]` rules (judged as pattern tests, for the
    /// type dropped).
    pub const DROP: Places = Places(32);
    /// Everywhere.
    pub const ANYWHERE: Places = Places(63);
    /// The statements of triggers and steps.
    pub const STATEMENT: Places = Places(2 | 8);

    /// Whether `place` is one of these.
    pub fn has(self, place: Places) -> bool {
        self.0 & place.0 == place.0
    }
}

/// One built-in name.
#[derive(Debug)]
pub struct Builtin {
    /// The name as written.
    pub name: &'static str,
    /// What it is.
    pub kind: Kind,
    /// Where the checker accepts it.
    pub places: Places,
    /// How it is written, as hints show it (`repetition(N)`).
    pub usage: &'static str,
    /// Number of arguments a function or action takes (lowest, highest).
    pub args: (usize, usize),
    /// Whether the hint of an unknown name of its kind lists it.
    pub hinted: bool,
    /// What it means, in one line.
    pub about: &'static str,
}

const fn b(name: &'static str, kind: Kind, places: Places, about: &'static str) -> Builtin {
    Builtin { name, kind, places, usage: name, args: (0, 0), hinted: true, about }
}

const fn f(name: &'static str, kind: Kind, places: Places, usage: &'static str, args: (usize, usize)) -> Builtin {
    Builtin { name, kind, places, usage, args, hinted: true, about: "" }
}

const fn about(mut x: Builtin, about: &'static str) -> Builtin {
    x.about = about;
    x
}

const fn unhinted(mut x: Builtin) -> Builtin {
    x.hinted = false;
    x
}

use Kind::*;
const ANY: Places = Places::ANYWHERE;
const ALL_ARGS: (usize, usize) = (0, usize::MAX);

/// Every built-in name. Within a kind, in the order hints list them.
pub const BUILTINS: &[Builtin] = &[
    b("empty", Condition, ANY, "the cell has no piece (the mover's origin counts as empty once left)"),
    b("occupied", Condition, ANY, "the cell has a piece"),
    b("enemy", Condition, ANY, "the cell holds a piece of another player"),
    b("friend", Condition, ANY, "the cell holds a piece of the player in context"),
    b("unmoved", Condition, ANY, "the cell holds a piece that has never moved"),
    b("origin", Condition, ANY, "the cell is the moving piece's origin (meaningful where a piece moves)"),
    b("attacked", Condition, ANY, "another player attacks the cell"),
    b("check", Condition, ANY, "a royal piece of the player in context is attacked"),
    b("no-moves", Condition, END_OR_ILLEGAL, "the player to move has no legal move"),
    b("neutral", Condition, ANY, "the cell holds a piece of a neutral faction"),
    b("stacked", Condition, ANY, "the cell holds a stack of two or more pieces"),
    b(
        "beaten",
        Condition,
        ANY,
        "the moving piece's type beats the cell's piece's type (meaningful where a piece moves)",
    ),
    b("can-beat", Condition, ANY, "some player can move a piece whose type beats another faction's piece"),
    b("promoted", Condition, ANY, "the move just made promoted its piece (in `illegal` rules)"),
    unhinted(b("stuck", Condition, Places::DROP, "the piece dropped could never move from the cell (drop rules)")),
    unhinted(b("true", Condition, ANY, "always")),
    unhinted(b("false", Condition, ANY, "never")),
    about(
        f("repetition", CondFunction, Places::END, "repetition(N)", ALL_ARGS),
        "this position has now occurred N times (default 3)",
    ),
    about(
        f("can-capture", CondFunction, Places::END, "can-capture(PIECES)", ALL_ARGS),
        "the player to move can capture a piece of one of these types",
    ),
    about(
        f("check", CondFunction, ANY, "check(PLAYER)", (1, 1)),
        "a royal piece of that player (opponent, me, mover or a player's name) is attacked",
    ),
    about(
        f("can-move", CondFunction, Places::END, "can-move(PIECES in ZONE)", ALL_ARGS),
        "the player to move has a legal move of one of these types (landing in the zone)",
    ),
    about(
        f("sees", CondFunction, ANY, "sees(X, DIRS, Y)", (3, 3)),
        "a piece of type X has a piece of type Y as the nearest piece along one of DIRS",
    ),
    about(
        f("threatens", CondFunction, ANY, "threatens(X)", ALL_ARGS),
        "a piece of type X standing on the cell would attack a piece of another player",
    ),
    about(
        f("along", CondFunction, ANY, "along(DIRS, COND)", (2, 2)),
        "COND holds on some cell along one of DIRS from the cell, to the edge of the board",
    ),
    about(
        f("dropped", CondFunction, Places::ILLEGAL, "dropped(PIECES)", ALL_ARGS),
        "the move judged is a drop of one of these types (`illegal` rules)",
    ),
    b("me", ExprName, ANY, "the index of the player in context"),
    b("removed", ExprName, ANY, "how many pieces the move that scheduled a follow-up removed"),
    about(f("max", ExprFunction, ANY, "max(a, b)", (2, 2)), "the larger of two expressions"),
    about(f("min", ExprFunction, ANY, "min(a, b)", (2, 2)), "the smaller of two expressions"),
    about(f("count", ExprFunction, ANY, "count(SIDE PIECES)", ALL_ARGS), "how many pieces of these types a side has"),
    about(f("enemy", ExprFunction, ANY, "enemy(COUNTER)", (1, 1)), "a per-player counter summed over the others"),
    about(f("friend", ExprFunction, ANY, "friend(COUNTER)", (1, 1)), "a per-player counter of the player in context"),
    b("friend", CountWord, ANY, "the player in context's pieces"),
    b("enemy", CountWord, ANY, "every other faction's pieces, neutral ones included"),
    b("all", CountWord, ANY, "every faction's pieces"),
    b("neutral", CountWord, ANY, "the neutral factions' pieces"),
    b("chance", Agent, Places::STEP, "an outcome drawn at random"),
    b("mover", Agent, Places::STEP, "the player whose turn scheduled the step"),
    b("opponent", Agent, Places::STEP, "the player after the mover"),
    about(f("remove", Action, Places::PATTERN, "remove(D)", (1, 1)), "removes the piece one step along D, or here"),
    about(
        f("promote", Action, Places::PATTERN, "promote(X)", ALL_ARGS),
        "the moving piece becomes X (one move per type listed); the move may stay on its cell",
    ),
    about(
        f("carry", Action, Places::PATTERN, "carry(@m), carry(@a, @b)", (1, 2)),
        "moves the piece on the cursor's cell (or on mark a) to a mark",
    ),
    about(f("land", Action, Places::PATTERN, "land(@m)", (1, 1)), "the moving piece lands on a mark"),
    about(
        f("written", Action, Places::PATTERN, "written(@m)", (1, 1)),
        "the move is written FROM-m, an action of its own",
    ),
    about(
        f("via", Action, Places::PATTERN, "via(here)", (1, 1)),
        "the move passes through the cursor's cell (written when needed, under `captures distinct`)",
    ),
    about(
        unhinted(f("then", Action, Places::PATTERN, "then(NAME)", (1, 1))),
        "the follow-up step NAME follows the move",
    ),
    b("chosen", RemoveCell, Places::STATEMENT, "the chosen cell"),
    b("cell", RemoveCell, Places::STATEMENT, "the step's cell"),
    b("from", DropCell, Places::STATEMENT, "the cell the mover left"),
    b("to", DropCell, Places::STATEMENT, "the cell the mover reached"),
    b("opponent", CheckWord, ANY, "any player other than the player in context"),
    b("me", CheckWord, ANY, "the player in context"),
    b("mover", CheckWord, NOT_END, "the player in context, who moves (not in end rules)"),
    b("from", EntryCell, Places::PATTERN, "the moving piece's origin"),
    b(
        "vacated",
        EntryCell,
        Places::PATTERN,
        "any cell the move's pieces leave: the mover's origin, a carried piece's cell",
    ),
];

/// Everywhere but end rules.
const NOT_END: Places = Places(1 | 2 | 8 | 16 | 32);

/// End rules and `illegal` rules (after the move: the player to move is the opponent).
const END_OR_ILLEGAL: Places = Places(4 | 16);

/// The built-in of a kind with a name.
pub fn find(kind: Kind, name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.kind == kind && b.name == name)
}

/// The built-ins of a kind that hints list, in order.
pub fn hinted(kind: Kind) -> impl Iterator<Item = &'static Builtin> {
    BUILTINS.iter().filter(move |b| b.kind == kind && b.hinted)
}

/// The usages of the hinted built-ins of a kind, joined by `sep`.
pub fn usages(kind: Kind, sep: &str) -> String {
    hinted(kind).map(|b| b.usage).collect::<Vec<_>>().join(sep)
}
