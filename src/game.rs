//! The compiled game: dense tables the engine runs on. Built by [`crate::compile`].

use crate::board::{Board, Cell};

/// Piece kind: 0 is empty; otherwise it encodes (type, owner, moved).
pub type Kind = u8;

/// One piece type from the game file.
#[derive(Debug, Clone)]
pub struct PieceType {
    /// Letter used in notation (upper case).
    pub letter: char,
    /// Full name.
    pub name: String,
    /// Value for the AI's evaluation.
    pub value: i32,
    /// Royal: a move may not leave it attacked; `check` refers to it.
    pub royal: bool,
    /// At most this many of the type per player through promotion.
    pub max: Option<u8>,
    /// AI bonus per rank advanced towards the opponent, in hundredths of a value unit.
    pub advance: i32,
    /// The type a captured piece becomes in a reserve (`pocket`); None: its own type.
    pub demote: Option<u8>,
}

/// A condition, compiled: evaluated at a cursor cell for a player.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum C {
    /// Always true.
    True,
    /// The cell is empty (the moving piece's origin counts as empty).
    Empty,
    /// The cell holds a piece of another player.
    Enemy,
    /// The cell holds a piece of the player.
    Friend,
    /// The occupant's type is in the mask.
    Type(u64),
    /// The occupant has never moved.
    Unmoved,
    /// The cell is in a zone (bitset index).
    Zone(u16),
    /// The cell equals a register.
    Reg(u8),
    /// The cell is the moving piece's origin.
    Origin,
    /// The cell is attacked by another player.
    Attacked,
    /// All of.
    And(Vec<C>),
    /// Any of.
    Or(Vec<C>),
    /// The cell holds a piece of a neutral faction.
    Neutral,
    /// The cell holds two or more pieces (a stack).
    Stacked,
    /// The cell's piece has a type that the moving piece's type beats (`beats`).
    Beaten,
    /// Some player can move a piece whose type beats the type of a piece not of that player.
    CanBeat,
    /// Not.
    Not(Box<C>),
    /// Comparison.
    Cmp(E, crate::dsl::ast::CmpOp, E),
    /// The player to move has no legal action (end rules only).
    NoMoves,
    /// The player to move has a royal piece under attack.
    Check,
    /// The position occurred this many times (end rules only).
    Repetition(u8),
    /// The player to move has a legal move capturing a piece of these types (end rules only).
    CanCapture(u64),
    /// The occupant's tally compared with a number.
    Tally(u8, crate::dsl::ast::CmpOp, i64),
}

/// Whose value a per-player variable or count refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Who {
    /// The player in context (mover in patterns and triggers, player to move in ends).
    Me,
    /// Every other player.
    Others,
    /// Everyone (every faction).
    All,
    /// The neutral factions.
    Neutral,
    /// A player by index.
    Player(u8),
}

/// An integer expression, compiled.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum E {
    /// Literal.
    Int(i64),
    /// A variable slot base and whether it is per player.
    Var(u16, bool, Who),
    /// Number of pieces of a player set and type mask.
    Count(Who, u64),
    /// Maximum.
    Max(Box<E>, Box<E>),
    /// Minimum.
    Min(Box<E>, Box<E>),
    /// Sum.
    Add(Box<E>, Box<E>),
    /// Difference.
    Sub(Box<E>, Box<E>),
    /// The index of the player in context.
    MePlayer,
    /// Pieces removed by the move that scheduled the current decision.
    Removed,
}

/// An instruction of a movement program.
#[derive(Debug, Clone)]
pub enum Op {
    /// Step along any of these absolute directions (branching; forks branch too).
    Step(Vec<u8>),
    /// Step along a direction derived from the previous one: `table[last]` lists them.
    Turn(u16),
    /// Continue only if the condition holds at the cursor.
    Test(u16),
    /// Explore the next instruction, then the target.
    Split(u32),
    /// Jump.
    Jmp(u32),
    /// Save the cursor in a mark slot.
    Mark(u8),
    /// Effect: set a register to the cursor.
    SetReg(u8),
    /// Effect: after the move, a decision step follows (its cell: the cursor).
    Then(u16),
    /// Effect: remove the piece one step from the cursor along a direction (or at the cursor).
    Remove(Option<u8>),
    /// Effect: move the piece at the first mark (or the cursor) to the second mark.
    Carry(Option<u8>, u8),
    /// The moving piece lands on a mark instead of the cursor.
    Land(u8),
    /// Start a counted loop.
    LoopInit(u8),
    /// Loop head: slot, min, max (expression ids; u16::MAX = unbounded), exit.
    LoopTest(u8, u16, u16, u32),
    /// Count one iteration.
    LoopInc(u8),
    /// A whole slide: along each direction, emit where `final` holds, stop at the first occupied cell.
    Ray(Vec<u8>, u16, u16),
    /// A fixed-path leap: emit each cell of a precomputed table (per origin) where the test holds.
    Leap(u16, u16),
    /// Land at the cursor: emit a move.
    Emit,
}

/// A movement program for one piece type and player.
#[derive(Debug, Clone)]
pub struct Program {
    /// Instructions.
    pub ops: Vec<Op>,
    /// Whether it contains effects or marks (castling, en passant…).
    pub has_effects: bool,
    /// Whether its final test can hold an enemy (it can capture by landing).
    pub captures: bool,
    /// Reversed forms for attack detection, when it is a fixed path or a slide.
    pub probes: Option<Vec<Probe>>,
    /// Repetitions without effects: states already explored in a run are skipped (the
    /// same state always leads to the same landings), which keeps long chains polynomial.
    pub memo: bool,
}

/// A reversible attack shape: a fixed path of steps or a slide.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Probe {
    /// Directions from the attacker to the target, with the test on each cell after the step
    /// (the last one is the final test).
    pub steps: Vec<(u8, u16)>,
    /// A slide along one direction (steps has one entry), with this many cells at most.
    pub ray: Option<u16>,
    /// Test at the attacker's own cell (u16::MAX = none).
    pub origin: u16,
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
}

/// A push rule, compiled: after a turn's move, the mover must pick one piece next to the
/// landing cell where the condition holds; a follow-up decision about that cell follows.
#[derive(Debug, Clone)]
pub struct PushRule {
    /// Directions from the landing cell (absolute).
    pub dirs: Vec<u8>,
    /// Condition id per player, judged on the position after the move (the moved piece's
    /// cell as origin).
    pub cond: Vec<u16>,
    /// The follow-up step.
    pub step: u16,
}

/// Promotion on arrival in a zone.
#[derive(Debug, Clone)]
pub struct Promotion {
    /// Zone bitset.
    pub zone: u16,
    /// May decline.
    pub optional: bool,
    /// Target types.
    pub to: Vec<u8>,
}

/// What a trigger listens to.
pub use crate::dsl::ast::Event;

/// A trigger statement, compiled.
#[derive(Debug, Clone)]
pub enum Stmt {
    /// Assign to a variable (slot base, per player) an expression.
    Assign(u16, bool, crate::dsl::ast::AssignOp, E),
    /// Drop a piece of a type from the mover's reserve (variable slot base) onto from/to.
    Drop(u8, u16, bool),
    /// The chosen cell's piece becomes this type (same owner).
    Change(u8),
    /// Remove the piece on the chosen cell (true) or on the step's cell (false).
    RemoveAt(bool),
    /// Who takes the first turn after the setup.
    Start(E),
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
    pub progs: Vec<u16>,
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
    Var(u16),
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
    Choose(Vec<u16>, Vec<Stmt>),
    /// Named outcomes with weights (expression ids; chance only) and statements.
    Outcomes(Vec<(String, Option<u16>, Vec<Stmt>)>),
    /// The piece on the step's cell moves by these programs (per deciding player);
    /// the statements run when it cannot.
    Relocate(Vec<Vec<u16>>, Vec<Stmt>),
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
    /// Condition id.
    pub cond: Option<u16>,
    /// Statements.
    pub stmts: Vec<Stmt>,
}

/// A game-end rule, compiled.
#[derive(Debug, Clone)]
pub struct EndRule {
    /// Outcome for the player to move.
    pub outcome: crate::dsl::ast::Outcome,
    /// Condition id.
    pub cond: u16,
    /// Whether it is an automatic draw rule (repetition or clock), skipped in perft.
    pub automatic: bool,
    /// Whether it needs the list of legal moves.
    pub needs_moves: bool,
}

/// A variable of the game state.
#[derive(Debug, Clone)]
pub struct Var {
    /// Name.
    pub name: String,
    /// First slot.
    pub slot: u16,
    /// One slot per player.
    pub per_player: bool,
    /// Not part of the position for repetition.
    pub clock: bool,
    /// Initial value.
    pub init: i64,
}

/// How the chess-style position string maps to state (castling letters, clocks).
#[derive(Debug, Clone, Default)]
pub struct FenMap {
    /// Castling letters and the cells whose pieces must be unmoved.
    pub castling: Vec<(char, Vec<Cell>)>,
    /// Variable shown as the halfmove clock.
    pub halfmove: Option<u16>,
    /// Variable shown as the fullmove number.
    pub fullmove: Option<u16>,
}

/// A compiled game.
#[derive(Debug, Clone)]
pub struct Game {
    /// Display name.
    pub name: String,
    /// Path of the game file.
    pub path: String,
    /// The board.
    pub board: Board,
    /// Player names; index 0 moves first.
    pub players: Vec<String>,
    /// Faction names: the players, then the neutral factions (moved by every player).
    pub factions: Vec<String>,
    /// Per (faction * types + type): the letter in diagrams and position strings.
    pub letters: Vec<char>,
    /// Per type: the mask of types it beats.
    pub beats: Vec<u64>,
    /// Push rules applied to every turn's move.
    pub pushes: Vec<PushRule>,
    /// Per register: kept through the whole next turn (cleared when that turn ends).
    pub long_regs: Vec<bool>,
    /// Whether the setup has stacks (several pieces on one cell).
    pub has_stacks: bool,
    /// Piece types.
    pub types: Vec<PieceType>,
    /// Per kind: type index.
    pub kind_type: Vec<u8>,
    /// Per kind: owner player.
    pub kind_owner: Vec<u8>,
    /// Per kind: has moved.
    pub kind_moved: Vec<bool>,
    /// Programs.
    pub programs: Vec<Program>,
    /// Per (type * players + player): program ids.
    pub moves_of: Vec<Vec<u16>>,
    /// Per (type * players + player): promotions.
    pub promotions: Vec<Vec<Promotion>>,
    /// Zone bitsets, one bool per cell.
    pub zone_sets: Vec<Vec<bool>>,
    /// Zone names and bitset index per player.
    pub zones: Vec<(String, Vec<u16>)>,
    /// Leap tables: per origin cell, the landing cells of a fixed path of steps.
    pub leap_tables: Vec<Vec<Vec<Cell>>>,
    /// Turn tables: for each last direction, the next directions.
    pub turn_tables: Vec<Vec<Vec<u8>>>,
    /// Conditions.
    pub conds: Vec<C>,
    /// Expressions.
    pub exprs: Vec<E>,
    /// Variables.
    pub vars: Vec<Var>,
    /// Number of variable slots.
    pub nslots: usize,
    /// Registers (names).
    pub registers: Vec<String>,
    /// Triggers in order.
    pub triggers: Vec<Trigger>,
    /// End rules in order.
    pub ends: Vec<EndRule>,
    /// Per attacking player: reverse probes and the kinds that attack through them.
    pub probes: Vec<Vec<(Probe, Vec<bool>)>>,
    /// Per attacking player: programs that cannot be reversed, with the kinds using them.
    pub forward_attacks: Vec<Vec<(u16, Vec<bool>)>>,
    /// Whether any type is royal.
    pub has_royal: bool,
    /// Initial board.
    pub setup: Vec<Kind>,
    /// Initial stacks beyond the board's pieces (see [`crate::state::State::stacks`]).
    pub setup_stacks: Vec<(Cell, Kind)>,
    /// Initial variable values.
    pub init_vars: Vec<i64>,
    /// Position-string mapping.
    pub fen: FenMap,
    /// Options and values in force.
    pub options: Vec<(String, i64)>,
    /// Types that have a reserve: (type, slot base).
    pub reserves: Vec<(u8, u16)>,
    /// Per type: whether its moved flag matters to any rule (and so to repetition).
    pub tracks_moved: Vec<bool>,
    /// Per-piece counts.
    pub tallies: Vec<TallyRule>,
    /// States per (type, owner): the moved flag and the tallies' values and flags.
    pub nstates: usize,
    /// Per kind: its state index.
    pub kind_state: Vec<u16>,
    /// Per (type * players + player): attack programs (when given, used instead of moves).
    pub attacks_of: Vec<Vec<u16>>,
    /// Drops from reserves: the types (mask) and, per player, where (condition id).
    pub drops: Vec<(u64, Vec<u16>)>,
    /// Obligations: while the condition (id) holds for the player to move, only moves of
    /// the types in the mask are legal, if there are any.
    pub requires: Vec<(u64, u16)>,
    /// Decision steps (setup and follow-ups).
    pub steps: Vec<DecisionStep>,
    /// The setup: step indices in order.
    pub setup_steps: Vec<u16>,
    /// Custodian capture rules applied to every move.
    pub custodians: Vec<CustodianRule>,
    /// Diagram glyphs for empty cells of zones (first player's view): (zone set, glyph).
    pub display_zones: Vec<(u16, char)>,
    /// Picture fills of zones' cells (first player's view): (zone set, #rrggbb).
    pub display_fills: Vec<(u16, String)>,
    /// Picture colour of each faction's pieces (#rrggbb), when the game gives one.
    pub faction_colours: Vec<Option<String>>,
    /// Attack tables derived from the probes.
    pub attack: crate::attack::Tables,
}

impl Game {
    /// Number of players.
    #[inline]
    pub fn np(&self) -> usize {
        self.players.len()
    }

    /// Number of factions (players and neutral factions).
    #[inline]
    pub fn nf(&self) -> usize {
        self.factions.len()
    }

    /// Whether a faction is neutral (moved by every player).
    #[inline]
    pub fn is_neutral(&self, faction: u8) -> bool {
        faction as usize >= self.players.len()
    }

    /// Kind for (type, owner faction, moved).
    #[inline]
    pub fn kind(&self, t: u8, owner: u8, moved: bool) -> Kind {
        1 + ((t as usize * self.nf() + owner as usize) * self.nstates + moved as usize) as Kind
    }

    /// The same kind with the moved flag set.
    #[inline]
    pub fn moved(&self, k: Kind) -> Kind {
        if k == 0 { 0 } else { ((k - 1) | 1) + 1 }
    }

    /// The same kind with the moved flag cleared.
    #[inline]
    pub fn unmoved(&self, k: Kind) -> Kind {
        if k == 0 { 0 } else { ((k - 1) & !1) + 1 }
    }

    /// A tally's value and flag for a kind.
    pub fn tally(&self, k: Kind, i: usize) -> (u8, bool) {
        let t = &self.tallies[i];
        let span = t.max as u16 + 1;
        let field = (self.kind_state[k as usize] / t.stride) % (2 * span);
        ((field % span) as u8, field >= span)
    }

    /// The kind with a tally's value and flag replaced.
    pub fn with_tally(&self, k: Kind, i: usize, v: u8, flag: bool) -> Kind {
        let t = &self.tallies[i];
        let span = t.max as u16 + 1;
        let s = self.kind_state[k as usize];
        let field = (s / t.stride) % (2 * span);
        let new = v.min(t.max) as u16 + if flag { span } else { 0 };
        (k as i32 + (new as i32 - field as i32) * t.stride as i32) as Kind
    }

    /// Letter of a kind as shown on boards: upper case for player 0, lower case for the
    /// others, unless the game gives a faction its own letters (`[letters.FACTION]`).
    pub fn kind_char(&self, k: Kind) -> char {
        let t = self.kind_type[k as usize] as usize;
        self.letters[self.kind_owner[k as usize] as usize * self.types.len() + t]
    }

    /// Kind from a board letter (unmoved), if the letter names a type.
    pub fn kind_of_char(&self, ch: char) -> Option<Kind> {
        let i = self.letters.iter().position(|&l| l == ch)?;
        let (f, t) = (i / self.types.len(), i % self.types.len());
        Some(self.kind(t as u8, f as u8, false))
    }

    /// The kind an empty cell is imagined to hold when testing whether `attacker` attacks it:
    /// the next player's royal type if it has one, else its first type.
    pub fn ghost_kind(&self, attacker: u8) -> Kind {
        let victim = (attacker + 1) % self.np() as u8;
        let t = self.types.iter().position(|t| t.royal).unwrap_or(0);
        self.moved(self.kind(t as u8, victim, false))
    }

    /// Player index by name.
    pub fn player(&self, name: &str) -> Option<u8> {
        self.players.iter().position(|p| p == name).map(|i| i as u8)
    }
}
