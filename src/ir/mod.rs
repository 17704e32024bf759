//! The compiled game: dense tables the engine runs on, built by the checker and
//! specialised by the optimiser. Nothing here refers to the syntax of game files.

mod ai;
mod attack;
mod cond;
mod ids;
mod kind;
pub mod limits;
mod program;
mod rules;

pub use ai::{AiSettings, SearchKind, Weights};
pub use attack::{AttackTables, LineBits, RayProbe};
pub use cond::{CmpOp, Cond, CondTables, Expr, Guard, Shape, Who};
pub use ids::{CondId, ExprId, LeapTableId, PathTableId, ProgramId, Slot, StepId, TurnTableId, ZoneId};
pub use kind::Kind;
pub use program::{BoundTables, Op, PathEffect, PathNode, PathTable, Probe, ProbeStep, Program, Quick};
pub use rules::*;

use crate::board::{Board, Cell};

/// A compiled game.
#[derive(Debug, Clone)]
pub struct Game {
    /// Display name.
    pub name: String,
    /// What the game is and the rulings it follows, in words (may be empty).
    pub description: String,
    /// Path of the game file.
    pub path: String,
    /// The board.
    pub board: Board,
    /// How the AI plays this game (the `[ai]` table).
    pub ai: AiSettings,
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
    pub moves_of: Vec<Vec<ProgramId>>,
    /// Per (type * players + player): the programs move generation runs, the same moves
    /// in the same order as `moves_of` (runs of tables joined into one by the optimiser).
    pub gen_of: Vec<Vec<ProgramId>>,
    /// Per (type * players + player): promotions.
    pub promotions: Vec<Vec<Promotion>>,
    /// Per (type * players + player): the cells below [`limits::MAX_TABLE_CELLS`] where a
    /// landing promotes (its promotions' landing zones), as a set.
    pub promote_cells: Vec<[u64; limits::CELL_WORDS]>,
    /// Zone bitsets, one bool per cell.
    pub zone_sets: Vec<Vec<bool>>,
    /// Zone names and bitset index per player.
    pub zones: Vec<(String, Vec<ZoneId>)>,
    /// Leap tables: per origin cell, the landing cells of a fixed path of steps.
    pub leap_tables: Vec<Vec<Vec<Cell>>>,
    /// Path tables: per origin cell, the guarded paths of a program (see [`PathTable`]).
    pub path_tables: Vec<PathTable>,
    /// Turn tables: for each last direction, the next directions.
    pub turn_tables: Vec<Vec<Vec<u8>>>,
    /// Conditions.
    pub conds: Vec<Cond>,
    /// The conditions that read only a cell and its occupant, as tables.
    pub cond_tables: CondTables,
    /// Expressions.
    pub exprs: Vec<Expr>,
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
    pub forward_attacks: Vec<Vec<(ProgramId, Vec<bool>)>>,
    /// Whether any type is royal.
    pub has_royal: bool,
    /// Initial board.
    pub setup: Vec<Kind>,
    /// Initial stacks beyond the board's pieces (as the engine's `State::stacks`).
    pub setup_stacks: Vec<(Cell, Kind)>,
    /// Initial variable values.
    pub init_vars: Vec<i64>,
    /// Position-string mapping.
    pub fen: FenMap,
    /// Options and values in force.
    pub options: Vec<(String, i64)>,
    /// The options the game file declares, with their defaults (as the file gives them).
    pub option_defaults: Vec<(String, i64)>,
    /// Types that have a reserve: (type, slot base).
    pub reserves: Vec<(u8, Slot)>,
    /// Per type: whether its moved flag matters to any rule (and so to repetition).
    pub tracks_moved: Vec<bool>,
    /// Per-piece counts.
    pub tallies: Vec<TallyRule>,
    /// States per (type, owner): the moved flag and the tallies' values and flags.
    pub nstates: usize,
    /// Per kind: its state index.
    pub kind_state: Vec<u16>,
    /// The memory of promotion: the types remembered (`[pieces.X] remember`), in type
    /// order, and the stride of their field in the state index (0: no type remembers).
    pub origins: Vec<u8>,
    /// See `origins`.
    pub origin_stride: u16,
    /// Per kind: the type the piece was promoted from, or `u8::MAX` (empty when no type
    /// remembers).
    pub kind_origin: Vec<u8>,
    /// Per (type * players + player): attack programs (when given, used instead of moves).
    pub attacks_of: Vec<Vec<ProgramId>>,
    /// Drops from reserves: the types (mask) and, per player, where (a condition).
    pub drops: Vec<(u64, Vec<CondId>)>,
    /// Obligations, in order: while its condition holds for the player to move, only the
    /// legal moves of an obligation's class are kept, if there are any.
    pub requires: Vec<Obligation>,
    /// `captures distinct [by path]`: None when not declared (two paths of a piece to one
    /// cell are one action), else whether the cells passed through (`via`) tell moves apart
    /// too (true) or only the set of pieces taken (false).
    pub identity: Option<bool>,
    /// Passes: the player to move may pass while one of these conditions holds.
    pub passes: Vec<CondId>,
    /// The source text of each pass rule (`pass if !check`), for the rulebook.
    pub pass_texts: Vec<String>,
    /// Conditions of conditional attacks (`attack PATTERN if COND`), with the attacking
    /// player; a program's or probe's `gate` indexes this list.
    pub attack_gates: Vec<(CondId, u8)>,
    /// Decision steps (setup and follow-ups).
    pub steps: Vec<DecisionStep>,
    /// The setup: step indices in order.
    pub setup_steps: Vec<StepId>,
    /// Custodian capture rules applied to every move.
    pub custodians: Vec<CustodianRule>,
    /// Diagram glyphs for empty cells of zones (first player's view): (zone set, glyph).
    pub display_zones: Vec<(ZoneId, char)>,
    /// Picture fills of zones' cells (first player's view): (zone set, #rrggbb).
    pub display_fills: Vec<(ZoneId, String)>,
    /// Picture colour of each faction's pieces (#rrggbb), when the game gives one.
    pub faction_colours: Vec<Option<String>>,
    /// Attack tables derived from the probes.
    pub attack: AttackTables,
    /// Legality judged after the move (`illegal` rules), in order.
    pub illegals: Vec<IllegalRule>,
    /// Entries from reserves with a move (`drop TYPES at WHERE [COND]`).
    pub entries: Vec<EntryRule>,
    /// The position keys' terms of the pieces, per cell and kind, made at the first key
    /// (see `Game::key_parts`; empty when the board and kinds are too many for a table).
    pub key_terms: std::sync::OnceLock<Vec<u64>>,
}
