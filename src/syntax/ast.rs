//! Abstract syntax of the rules DSL, with byte spans into the source text.

pub use crate::diag::Span;
pub use crate::vocab::{AssignOp, CmpOp, Event, Outcome};

/// A name with the place it was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Name {
    /// The text.
    pub text: String,
    /// Where it stands.
    pub span: Span,
}

/// One parsed rules text.
#[derive(Debug, Clone, Default)]
pub struct Rules {
    /// Board declarations (a game has exactly one after merging).
    pub boards: Vec<BoardDecl>,
    /// Named direction sets.
    pub dirs: Vec<(Name, Vec<Name>)>,
    /// Player orientations: rotation in degrees, and whether directions are first mirrored
    /// top to bottom (`flip`).
    pub orients: Vec<(Name, i64, bool)>,
    /// Zones.
    pub zones: Vec<ZoneDecl>,
    /// Piece movement blocks.
    pub pieces: Vec<PieceDecl>,
    /// Pattern macros.
    pub defines: Vec<Define>,
    /// Counters and clocks.
    pub counters: Vec<CounterDecl>,
    /// Cell registers, and whether each is long (kept through the next turn).
    pub registers: Vec<(Name, bool)>,
    /// The `beats` relation between piece types: (winner, loser).
    pub beats: Vec<(Name, Name)>,
    /// Push rules: directions, condition, follow-up name.
    pub pushes: Vec<(Name, Cond, Name)>,
    /// Effects triggered by events.
    pub triggers: Vec<Trigger>,
    /// Game-end rules, in order.
    pub ends: Vec<EndRule>,
    /// Custodian capture rules.
    pub custodians: Vec<Custodian>,
    /// Decision steps before the first turn, in order (the last `setup` block wins).
    pub setup: Option<Vec<Step>>,
    /// Decisions that moves schedule with `then(NAME)`.
    pub followups: Vec<Step>,
    /// Obligations (`require CLASS [if COND]`), in order.
    pub requires: Vec<Require>,
    /// Drops from reserves: (piece types, where).
    pub drops: Vec<(Vec<Name>, Cond)>,
    /// Per-piece counts.
    pub tallies: Vec<Tally>,
    /// Passes: `pass [if COND]` (None: always), where each stands, and its source text
    /// (whitespace collapsed).
    pub passes: Vec<(Option<Cond>, Span, String)>,
    /// Legality judged on the position after the move: `illegal ["NAME"] if COND`.
    pub illegals: Vec<IllegalRule>,
    /// Entries from reserves with a move (`drop TYPES at WHERE [COND]`).
    pub entries: Vec<Entry>,
    /// `captures distinct [by path]`: whether it was declared `by path`, and where.
    pub captures: Vec<(bool, Span)>,
}

/// `illegal ["NAME"] if COND`: a move after which COND holds for the mover is not legal.
#[derive(Debug, Clone)]
pub struct IllegalRule {
    /// The name shown when a front end says why a move is refused (without its quotes).
    pub name: Option<Name>,
    /// The condition, judged after the move with the mover in context.
    pub cond: Cond,
    /// The condition's source text, whitespace collapsed.
    pub text: String,
    /// Where it stands.
    pub span: Span,
}

/// `drop TYPES at WHERE [COND]`: with a move, a piece of one of the types may enter from
/// the mover's reserve on a cell the move empties, where the condition held before the move.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The piece types that may enter.
    pub types: Vec<Name>,
    /// Which emptied cells: `from` (the mover's origin) or `vacated` (any cell its pieces leave).
    pub at: Name,
    /// Where, judged on the cell before the move.
    pub cond: Cond,
    /// The whole statement.
    pub span: Span,
}

/// `require CLASS [if COND]`: while the condition holds (always without one), only the
/// player to move's legal moves of the class are kept, if it has any.
#[derive(Debug, Clone)]
pub struct Require {
    /// The moves kept.
    pub class: MoveClass,
    /// When the obligation applies (None: always).
    pub cond: Option<Cond>,
    /// Its source text, whitespace collapsed (how the rulebook names it).
    pub text: String,
    /// Where it stands.
    pub span: Span,
}

/// A class of moves an obligation keeps.
#[derive(Debug, Clone)]
pub enum MoveClass {
    /// Moves (and drops) of pieces of these types.
    Types(Vec<Name>),
    /// `most captures [by value]`: the moves that take the most pieces (by value: the
    /// highest sum of the taken pieces' values); the span is the words'.
    Most(bool, Span),
    /// `capture`: moves that take a piece; the span is the word's.
    Capture(Span),
    /// `drop`: drops from the reserve (a placement phase); the span is the word's.
    Drop(Span),
}

/// `tally NAME max N for TYPES when PATTERN`.
#[derive(Debug, Clone)]
pub struct Tally {
    /// Name.
    pub name: Name,
    /// Largest value.
    pub max: i64,
    /// Piece types that carry it.
    pub types: Vec<Name>,
    /// The event counted: the pattern matches from the piece's cell.
    pub when: Pattern,
}

/// A decision step: `NAME by AGENT [hidden]: BODY`.
#[derive(Debug, Clone)]
pub struct Step {
    /// Name (the notation prefix of its actions).
    pub name: Name,
    /// Who decides: `chance`, `mover`, `opponent`, a player, or a counter.
    pub agent: Name,
    /// The choice is not shown to other players.
    pub hidden: bool,
    /// What is decided.
    pub body: StepBody,
}

/// What a step decides.
#[derive(Debug, Clone)]
pub enum StepBody {
    /// A cell satisfying the test (actions `NAME:CELL`).
    Choose(Cond, Vec<Stmt>),
    /// One of named outcomes, with weights for chance (actions `NAME:OUTCOME`).
    Outcomes(Vec<(Name, Option<Expr>, Vec<Stmt>)>),
    /// The piece on the step's cell moves by the pattern; `else` runs when it cannot.
    Relocate(Pattern, Vec<Stmt>),
}

/// `custodian DIRS by colour N | by line [choose if OPTION]`.
#[derive(Debug, Clone)]
pub struct Custodian {
    /// Directions from the landing cell to a victim (and around it).
    pub dirs: Name,
    /// `Some(n)`: colour class needing n of the mover's pieces; `None`: the cell beyond.
    pub colour: Option<i64>,
    /// Option that makes the mover choose one victim.
    pub choose: Option<Name>,
}

/// `board GENERATOR { ... }`.
#[derive(Debug, Clone)]
pub struct BoardDecl {
    /// The generator.
    pub generator: Generator,
    /// Edits after generation.
    pub stmts: Vec<BoardStmt>,
    /// Where it stands.
    pub span: Span,
}

/// A board generator.
#[derive(Debug, Clone)]
pub enum Generator {
    /// Rectangular grid of squares, eight compass directions.
    Square { files: (Name, Name), ranks: (i64, i64) },
    /// Triangle of triangles with `rows` rows, edge adjacency (E, W, V).
    Triangle { rows: i64 },
    /// Hexagon of hexagons (axial coordinates), six neighbour directions.
    Hex { radius: i64 },
}

/// An edit of a generated board.
#[derive(Debug, Clone)]
pub enum BoardStmt {
    /// Remove cells.
    Remove(Vec<Name>),
    /// Add a named cell at drawing coordinates (square boards).
    Cell(Option<Name>, (f64, f64), Span),
    /// Add links `from DIR -> to...`.
    Link(Name, Name, Vec<Name>),
    /// Cell colours: `colour EXPR mod N`.
    Colour(Expr, i64),
    /// `number colour K`: the cells of colour K named 1, 2, ... in reading order, the
    /// others removed.
    Number(i64, Span),
}

/// `zone NAME = cells` or per player.
#[derive(Debug, Clone)]
pub struct ZoneDecl {
    /// Zone name.
    pub name: Name,
    /// `None` player means every player.
    pub parts: Vec<(Option<Name>, Vec<CellItem>)>,
}

/// One item of a cell set.
#[derive(Debug, Clone)]
pub enum CellItem {
    /// All cells of a rank (row label).
    Rank(i64, Span),
    /// All cells of a file.
    File(Name),
    /// All cells of a colour.
    Colour(i64, Span),
    /// A cell or a zone by name.
    Name(Name),
}

/// `piece X { ... }`.
#[derive(Debug, Clone)]
pub struct PieceDecl {
    /// The piece letter.
    pub name: Name,
    /// Movement patterns.
    pub moves: Vec<Pattern>,
    /// Attack patterns (used instead of the moves to decide what the piece attacks).
    pub attacks: Vec<Pattern>,
    /// Per attack pattern, its condition (`attack PATTERN if COND`), if any.
    pub attack_ifs: Vec<Option<Cond>>,
    /// Promotion rules.
    pub promotes: Vec<Promote>,
}

/// `promote [optional] WHERE (or WHERE)* to X Y`.
#[derive(Debug, Clone)]
pub struct Promote {
    /// May the mover decline.
    pub optional: bool,
    /// Where the promotion applies: any of these.
    pub wheres: Vec<PromoteWhere>,
    /// Choices.
    pub to: Vec<Name>,
}

/// Where a promotion applies: a part of a `promote` line.
#[derive(Debug, Clone)]
pub enum PromoteWhere {
    /// `in ZONE`: the move lands in the mover's part of the zone.
    In(Name),
    /// `from ZONE`: the move starts in the mover's part of the zone.
    From(Name),
    /// `stuck`: the unpromoted piece could make no move from the landing cell (the word).
    Stuck(Name),
}

/// `define NAME(PARAMS) = PATTERN`.
#[derive(Debug, Clone)]
pub struct Define {
    /// Macro name.
    pub name: Name,
    /// Parameter names.
    pub params: Vec<Name>,
    /// Body.
    pub body: Pattern,
}

/// A movement pattern: a regular expression over steps, tests and actions.
#[derive(Debug, Clone)]
pub enum Pattern {
    /// Alternatives.
    Alt(Vec<Pattern>, Span),
    /// Sequence.
    Seq(Vec<Pattern>, Span),
    /// Repetition with bounds (`max` None = unbounded); the last field says whether it is
    /// greedy (`X+!`: it is left only where the body cannot run again).
    Repeat(Box<Pattern>, Expr, Option<Expr>, Span, bool),
    /// A step along a direction or direction set (or a macro parameter).
    Dir(Name),
    /// A step turned relative to the previous step: a set of angles.
    Turn(Vec<i64>, Span),
    /// A test of the current cell.
    Test(Cond, Span),
    /// Save the current cell in a mark or register.
    Mark(Name),
    /// A macro or built-in action call.
    Call(Name, Vec<Arg>),
}

/// An argument of a call.
#[derive(Debug, Clone)]
pub enum Arg {
    /// A mark name `@x`.
    Mark(Name),
    /// A number.
    Int(i64, Span),
    /// A pattern.
    Pattern(Pattern),
}

impl Pattern {
    /// The span of this pattern.
    pub fn span(&self) -> Span {
        match self {
            Pattern::Alt(_, s) | Pattern::Seq(_, s) | Pattern::Repeat(_, _, _, s, _) => *s,
            Pattern::Turn(_, s) | Pattern::Test(_, s) => *s,
            Pattern::Dir(n) | Pattern::Mark(n) | Pattern::Call(n, _) => n.span,
        }
    }
}

/// A boolean condition.
#[derive(Debug, Clone)]
pub enum Cond {
    /// Disjunction.
    Or(Vec<Cond>),
    /// Conjunction.
    And(Vec<Cond>),
    /// Negation.
    Not(Box<Cond>),
    /// A comparison of two expressions.
    Cmp(Expr, CmpOp, Expr),
    /// A named condition (empty, enemy, a piece letter, a zone, a register…).
    Name(Name),
    /// A function-like condition (`repetition(3)`, `can-capture(R)`, `check(opponent)`).
    Func(Name, Vec<Expr>),
    /// A function of words and a zone: `can-move(K in goal)`.
    FuncIn(Name, Vec<Name>, Name),
    /// `along(DIRS, COND)`: the word, the directions and the condition looked for.
    Along(Name, Name, Box<Cond>),
}

/// An integer expression.
#[derive(Debug, Clone)]
pub enum Expr {
    /// A literal.
    Int(i64, Span),
    /// A counter, coordinate or player name.
    Name(Name),
    /// A function: `max(a, b)`, `count(friend R)`.
    Func(Name, Vec<Selector>),
    /// Sum / difference.
    Add(Box<Expr>, Box<Expr>, bool),
}

/// A function argument: an expression or a list of words (`friend R`).
#[derive(Debug, Clone)]
pub enum Selector {
    /// An expression (a single word is parsed as a name expression).
    Expr(Expr),
    /// Several words.
    Words(Vec<Name>),
    /// Words and a zone: `friend K in hill` (`count` of the pieces standing in the zone).
    In(Vec<Name>, Name),
}

/// Counter declaration.
#[derive(Debug, Clone)]
pub struct CounterDecl {
    /// Name.
    pub name: Name,
    /// One value per player.
    pub per_player: bool,
    /// A clock: not part of the position for repetition.
    pub clock: bool,
    /// Initial value.
    pub init: i64,
}

/// `on EVENT TYPES [by PLAYER] [if COND] { STMTS }`.
#[derive(Debug, Clone)]
pub struct Trigger {
    /// Event.
    pub event: Event,
    /// Piece types filter (empty = all).
    pub types: Vec<Name>,
    /// Player filter.
    pub by: Option<Name>,
    /// Condition, evaluated before the statements.
    pub cond: Option<Cond>,
    /// Statements.
    pub stmts: Vec<Stmt>,
    /// Where it stands.
    pub span: Span,
}

/// A statement of a trigger.
#[derive(Debug, Clone)]
pub enum Stmt {
    /// `x = e`, `x += e`, `x -= e`.
    Assign(Name, AssignOp, Expr),
    /// `drop T at from|to`: a piece from the mover's reserve.
    Drop(Name, Name),
    /// `change T`: the chosen cell's piece becomes type T.
    Change(Name),
    /// `remove CELLREF`: remove the piece on `chosen` or `cell` (the step's cell).
    RemoveAt(Name),
    /// `start PLAYER`: who takes the first turn (setup).
    Start(Expr),
    /// `reset TALLY`: the piece on the chosen/step cell (or the moved piece) counts 0 again.
    Reset(Name),
    /// `pocket`: the captured piece goes to the mover's reserve.
    Pocket,
}

/// `RESULT ["NAME"] [auto] if COND`.
#[derive(Debug, Clone)]
pub struct EndRule {
    /// Result.
    pub outcome: Outcome,
    /// The name people are told when the rule ends a game (`loss "checkmate" if …`),
    /// without its quotes; its span covers them.
    pub name: Option<Name>,
    /// Condition.
    pub cond: Cond,
    /// Marked `auto`: an automatic draw rule, not applied inside perft.
    pub auto: bool,
    /// Its source text, whitespace collapsed (how reports and tests name the rule).
    pub text: String,
    /// Where it stands.
    pub span: Span,
}
