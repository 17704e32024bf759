//! The rules of a compiled game besides movement: piece types, promotions, custodian and
//! push rules, triggers and their statements, decision steps, end rules, variables.

use crate::board::Cell;
use crate::ir::{CondId, Expr, ExprId, ProgramId, Slot, StepId, ZoneId};
pub use crate::vocab::{AssignOp, Event, Outcome};

/// One piece type from the game file.
#[derive(Debug, Clone)]
pub struct PieceType {
    /// Letter used in notation (upper case).
    pub letter: char,
    /// Full name.
    pub name: String,
    /// Value for the AI's evaluation (1 unless the file gives one).
    pub value: i32,
    /// Whether the file gave `value` (else the AI derives one from how the piece moves).
    pub value_given: bool,
    /// Royal: a move may not leave it attacked; `check` refers to it.
    pub royal: bool,
    /// At most this many of the type per player through promotion.
    pub max: Option<u8>,
    /// AI bonus per rank advanced towards the opponent, in hundredths of a value unit.
    pub advance: i32,
    /// The type a captured piece becomes in a reserve (`pocket`): its declared base type
    /// (`[pieces.X] demote`); None: its own type.
    pub demote: Option<u8>,
    /// A piece promoted from this type remembers it (`[pieces.X] remember`).
    pub remember: bool,
    /// How it moves, in words (the game file's `description`; may be empty).
    pub description: String,
    /// The symbols pictures draw for it (the game file's `glyph`): none (the board letter),
    /// one for every faction, or one per faction in faction order.
    pub glyphs: Vec<String>,
}

/// A custodian capture rule, compiled (directions are absolute, the same for every player).
#[derive(Debug, Clone)]
pub struct CustodianRule {
    /// Directions from the landing cell to victims and around them.
    pub dirs: Vec<u8>,
    /// Colour class needing this many of the mover's pieces; None: the cell beyond.
    pub colour: Option<u8>,
    /// The mover picks one victim (written `xCELL`).
    pub choose: bool,
    /// Per landing cell `c`, its flanks `flanks[flanks_at[c]..flanks_at[c + 1]]`: one per
    /// direction of `dirs` that leads to one cell, in that order.
    pub flanks: Vec<Flank>,
    /// See `flanks`.
    pub flanks_at: Vec<u32>,
    /// The cells a colour rule counts for each flank (see [`Flank::beside`]).
    pub beside: Vec<Cell>,
    /// On boards of up to 128 cells (else empty): per landing cell, its flanks' victim
    /// cells as a set (see [`cell_bit`]).
    pub reach: Vec<u128>,
    /// On boards of up to 128 cells where no flank counts a cell twice (else empty): per
    /// flank, its cells as sets.
    pub flank_sets: Vec<FlankSets>,
}

/// A [`Flank`]'s cells as sets of a board of up to 128 cells.
#[derive(Debug, Clone, Copy)]
pub struct FlankSets {
    /// The victim's cell.
    pub victim: u128,
    /// The cell beyond (empty for NONE).
    pub beyond: u128,
    /// The `beside` cells.
    pub beside: u128,
}

/// Cell `c` as a one-cell set of a board of up to 128 cells (the empty set for NONE and
/// any cell beyond).
#[inline(always)]
pub fn cell_bit(c: Cell) -> u128 {
    CELL_BITS.get(c as usize).copied().unwrap_or(0)
}

/// `cell_bit` by table: a 128-bit shift by a variable costs a dozen instructions.
static CELL_BITS: [u128; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// A cell next to a landing cell, where a custodian rule may take a piece.
#[derive(Debug, Clone, Copy)]
pub struct Flank {
    /// The cell.
    pub victim: Cell,
    /// The one cell beyond it in the same direction, or NONE (none, or a fork).
    pub beyond: Cell,
    /// `beside[beside.0..beside.1]` of the rule: every cell one step from the victim's cell
    /// along the rule's directions that has the landing cell's colour class, in order.
    pub beside: (u32, u32),
}

/// A push rule, compiled: after a turn's move, the mover must pick one piece next to the
/// landing cell where the condition holds; a follow-up decision about that cell follows.
#[derive(Debug, Clone)]
pub struct PushRule {
    /// Directions from the landing cell (absolute).
    pub dirs: Vec<u8>,
    /// Condition id per player, judged on the position after the move (the moved piece's
    /// cell as origin).
    pub cond: Vec<CondId>,
    /// The follow-up step.
    pub step: StepId,
    /// Whether the condition reads only the cell judged (its occupant, the occupant's
    /// stack, its zones) and the mover's type, so that it may be judged on the position
    /// before a plain move, as the cells around the landing cell but the origin are the same
    /// (the origin is seen as it will be: empty, or the rest of the stack the piece leaves).
    pub before: bool,
}

/// An entry rule, compiled: with a move, a piece of one of the types may enter from the
/// mover's reserve on a cell the move empties, where the condition held before the move.
#[derive(Debug, Clone)]
pub struct EntryRule {
    /// The types that may enter, each with its reserve's slot.
    pub types: Vec<(u8, Slot)>,
    /// Any cell the move's pieces leave (the origin and carried pieces' cells), not only the
    /// origin.
    pub vacated: bool,
    /// Condition id per player, judged on the cell before the move.
    pub cond: Vec<CondId>,
}

/// Promotion on arrival in a zone, or on a move that starts in one.
#[derive(Debug, Clone)]
pub struct Promotion {
    /// The cells where a move that lands there promotes (a zone, or for `promote ... or
    /// ...` and `stuck` a set of its own).
    pub zone: ZoneId,
    /// The cells where a move that starts there promotes (`from ZONE`), if any.
    pub from: Option<ZoneId>,
    /// Where it applies in words, for the rulebook, when it is not one `in ZONE`.
    pub wheres: Option<String>,
    /// May decline.
    pub optional: bool,
    /// Target types.
    pub to: Vec<u8>,
}

/// A trigger statement, compiled.
#[derive(Debug, Clone)]
pub enum Stmt {
    /// Assign to a variable (first slot, per player) an expression.
    Assign(Slot, bool, AssignOp, Expr),
    /// Drop a piece of a type from the mover's reserve (its first slot) onto from/to.
    Drop(u8, Slot, bool),
    /// The chosen cell's piece becomes this type (same owner).
    Change(u8),
    /// Remove the piece on the chosen cell (true) or on the step's cell (false).
    RemoveAt(bool),
    /// Who takes the first turn after the setup.
    Start(Expr),
    /// The chosen piece's tally counts 0 again.
    Reset(u8),
    /// The captured piece goes to the mover's reserve.
    Pocket,
}

/// A per-piece count, compiled.
#[derive(Debug, Clone)]
pub struct TallyRule {
    /// Name.
    pub name: String,
    /// Largest value.
    pub max: u8,
    /// Types that carry it (mask).
    pub types: u64,
    /// Position in the state index.
    pub stride: u16,
    /// Per player: the program whose match is counted.
    pub progs: Vec<ProgramId>,
    /// Per kind: the tally's value, with bit 7 set when its flag is (read with
    /// [`Game::tally`](crate::ir::Game::tally); decoded once at load, off the hot path's
    /// divisions).
    pub by_kind: Vec<u8>,
    /// Per kind: whether it is of a type that carries the tally.
    pub carries: Vec<bool>,
    /// Per player `p` and cell `c` (`p * cells + c`): whether a piece there may match, by
    /// the tests of its own cell that the pattern begins with (empty: everywhere).
    pub origins: Vec<bool>,
}

impl TallyRule {
    /// Whether the pattern, run for player `p`, may match from cell `c` (see `origins`).
    #[inline]
    pub fn may_start(&self, p: u8, c: usize, cells: usize) -> bool {
        self.origins.get(p as usize * cells + c).is_none_or(|&b| b)
    }
}

/// Who takes a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agent {
    /// Chance: outcomes by weight.
    Chance,
    /// The player whose turn it is.
    Mover,
    /// The next player after the mover.
    Opponent,
    /// A fixed player.
    Player(u8),
    /// The player whose index a counter holds.
    Var(Slot),
}

/// A decision step (setup or follow-up), compiled.
#[derive(Debug, Clone)]
pub struct DecisionStep {
    /// Name: the notation prefix of its actions.
    pub name: String,
    /// Who decides.
    pub agent: Agent,
    /// The choice is not shown to other players in `play`.
    pub hidden: bool,
    /// What is decided.
    pub body: StepBody,
}

/// What a decision step decides.
#[derive(Debug, Clone)]
pub enum StepBody {
    /// A cell where the condition (per deciding player) holds; then statements.
    Choose(Vec<CondId>, Vec<Stmt>),
    /// Named outcomes with weights (chance only) and statements.
    Outcomes(Vec<(String, Option<ExprId>, Vec<Stmt>)>),
    /// The piece on the step's cell moves by these programs (per deciding player);
    /// the statements run when it cannot.
    Relocate(Vec<Vec<ProgramId>>, Vec<Stmt>),
}

/// A trigger, compiled.
#[derive(Debug, Clone)]
pub struct Trigger {
    /// Event.
    pub event: Event,
    /// Types (mask; 0 = any).
    pub types: u64,
    /// Only moves by this player.
    pub by: Option<u8>,
    /// Condition.
    pub cond: Option<CondId>,
    /// Statements.
    pub stmts: Vec<Stmt>,
}

/// A game-end rule, compiled.
#[derive(Debug, Clone)]
pub struct EndRule {
    /// Outcome for the player to move.
    pub outcome: Outcome,
    /// Condition.
    pub cond: CondId,
    /// Whether it is an automatic draw rule (repetition or clock), skipped in perft.
    pub automatic: bool,
    /// Whether it needs the list of legal moves.
    pub needs_moves: bool,
    /// Its source text, whitespace collapsed: how reports and test cases name the rule.
    pub text: String,
    /// The name the author gave it (`loss "both towers lost" if …`), if any.
    pub name: Option<String>,
}

impl EndRule {
    /// How people are told about the rule: its name, else its source text.
    pub fn label(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.text)
    }
}

/// A variable of the game state.
#[derive(Debug, Clone)]
pub struct Var {
    /// Name.
    pub name: String,
    /// First slot.
    pub slot: Slot,
    /// One slot per player.
    pub per_player: bool,
    /// Not part of the position for repetition.
    pub clock: bool,
    /// Initial value.
    pub init: i64,
}

/// How the chess-style position string maps to state (letters for unmoved pieces, clocks).
#[derive(Debug, Clone, Default)]
pub struct FenMap {
    /// Letters standing for unmoved pieces (chess's castling rights: the `[fen]` table's
    /// `castling` key), each with the cells whose pieces must be unmoved.
    pub unmoved_letters: Vec<(char, Vec<Cell>)>,
    /// Unmoved pieces written by their file letters (the `[fen]` table's `castling-files`).
    pub files: Option<FileLetters>,
    /// Variable shown as the halfmove clock.
    pub halfmove: Option<Slot>,
    /// Variable shown as the fullmove number.
    pub fullmove: Option<Slot>,
    /// A per-player counter shown as one field, its values joined by `+`, after the
    /// registers.
    pub counter: Option<Slot>,
    /// The reserves are written as a pocket after the rows (`RNBQKBNR[HEhe]`), not as
    /// `reserve-X=` variables.
    pub pocket: bool,
    /// Letters of `unmoved_letters` written only while the owner of the piece starting on
    /// their first cell holds a piece in a reserve (`[fen] gates`).
    pub gate_letters: Vec<char>,
    /// The mark written before the base type's letter for the types with a declared base
    /// (`[fen] base-mark = "+"`: `+S`), with, per base type, the type written so (or
    /// `u8::MAX`).
    pub base_mark: Option<(char, Vec<u8>)>,
    /// The mark written after the letter of a piece that remembers a promotion
    /// (`[fen] promoted-mark = "~"`: `Q~`).
    pub promoted_mark: Option<char>,
    /// The reserves in the order the pocket writes them (`[fen] pocket-order`: the types
    /// listed first, then the others in the reserves' order), as indices into the game's
    /// reserves.
    pub pocket_order: Vec<usize>,
}

/// Unmoved pieces written by their file letters (Shredder-FEN, X-FEN): the letters of the
/// files of a player's unmoved `pieces` in its part of a zone, while an unmoved `with`
/// piece of the player stands there too (upper case for the first player).
#[derive(Debug, Clone, Default)]
pub struct FileLetters {
    /// Type mask of the pieces written by their file.
    pub pieces: u64,
    /// Type mask of the pieces that must be unmoved beside them.
    pub with: u64,
    /// Each player's cells of the zone, in board order.
    pub cells: Vec<Vec<Cell>>,
    /// Upper-case letters read as the outermost piece from the last file and from the first.
    pub outer: Option<(char, char)>,
}

impl Var {
    /// Whether the variable's value is a player (some decision step is taken by the player
    /// whose index it holds): reports then say the player's name, not the number.
    pub fn holds_player(&self, g: &super::Game) -> bool {
        g.steps.iter().any(|s| s.agent == Agent::Var(self.slot))
    }
}

/// An obligation (`require CLASS [if COND]`), compiled: while `cond` holds for the player
/// to move (always when None), only its legal moves that rank highest under `class` are
/// kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Obligation {
    /// How the moves are ranked.
    pub class: MoveClass,
    /// When the obligation applies.
    pub cond: Option<CondId>,
    /// Its source text, whitespace collapsed (`require capture`).
    pub text: String,
}

/// How an obligation ranks legal moves. The moves of the highest rank are kept; when every
/// move ranks 0 (none is of the class) all of them are. A class that counts (a "most
/// captures" rule) fits the same scheme with ranks above 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveClass {
    /// Rank 1 for moves and drops of pieces of these types (a bit per type index).
    Types(u64),
    /// Rank 1 for moves that take a piece ([`crate::ir::Game::is_capture`]).
    Capture,
    /// Rank 1 for drops from the reserve (a placement phase: `require drop`).
    Drop,
    /// `most captures [by value]`: rank 1 + the number of pieces a move takes (or the sum of
    /// their types' values, at least 0), so the moves that take the most are kept.
    Most {
        /// Weigh each taken piece by its type's `value`.
        by_value: bool,
    },
}

impl MoveClass {
    /// The highest rank a move can have under this class (a move of that rank ends the
    /// search for the best one).
    pub fn top(self) -> u32 {
        match self {
            MoveClass::Types(_) | MoveClass::Capture | MoveClass::Drop => 1,
            MoveClass::Most { .. } => u32::MAX,
        }
    }
}

/// `illegal ["NAME"] if COND`, compiled: a move after which the condition holds for the
/// mover is not legal.
#[derive(Debug, Clone)]
pub struct IllegalRule {
    /// The condition, judged on the position after the move with the mover in context.
    pub cond: CondId,
    /// The name the author gave it, if any.
    pub name: Option<String>,
    /// The condition's source text, whitespace collapsed.
    pub text: String,
    /// The condition reads nothing but whose royal pieces are attacked (and constants):
    /// a move that changes no royal piece's attackers leaves it as it was before the move.
    pub checks_only: bool,
    /// The condition requires `promoted` (it is `promoted`, or `promoted & ...`): a move
    /// that promotes nothing never breaks it, and is not played out for it.
    pub promo_only: bool,
    /// The condition requires `dropped(...)` of these types (a mask; 0: any move): it holds
    /// after no other move.
    pub drops_only: u64,
}

impl IllegalRule {
    /// How people are told about the rule: its name, else its condition's text.
    pub fn label(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.text)
    }
}
