//! Attack tables: derived once from the reversed attack probes of a game (by the
//! optimiser's attack pass) and read by the engine's attack tests.

use crate::board::Cell;
use crate::ir::limits::CELL_WORDS;
use crate::ir::{CondId, Probe};

/// A slide with a trivial landing test: direction, reach, kind set, origin test.
pub type RayProbe = (u8, u16, u16, Option<CondId>);

/// An origin, the kind set of the attackers that count there, and the cells a probe tests
/// on its paths from that origin to a target.
pub type ProbePath = (Cell, u16, [u64; CELL_WORDS]);

/// A slide's line back from a cell (its reach kept) as the bits of one word of a cell
/// bitset, and which way its cells are numbered going out: the first piece on it is then
/// the lowest or the highest bit of its cells that hold one.
#[derive(Debug, Clone, Copy, Default)]
pub struct LineBits {
    /// The word of the bitset the whole line lies in.
    pub word: u8,
    /// Whether the cells' numbers rise going out from the cell (else they fall).
    pub up: bool,
    /// The line's cells in that word.
    pub bits: u64,
}

/// Precomputed attack data.
#[derive(Debug, Clone, Default)]
pub struct AttackTables {
    /// Kind sets (one bool per kind) referenced by index.
    pub kindsets: Vec<Vec<bool>>,
    /// Per victim: whether every other player's attacks are steps and slides alone after a
    /// move without effects (no general probe; every forward program waits for a register
    /// that every turn starts without, which such a move leaves unset).
    pub plain_against: Vec<bool>,
    /// Whether every plain slide (of `rays`) has no origin test and a line without forks
    /// back from every cell, so that the walks for pins also tell whether a slide checks
    /// (see `AttackTables::pins_and_slides`).
    pub plain_lines: bool,
    /// Per kind set: the piece-count slots (type × factions + owner) of its kinds, so that
    /// a set none of whose pieces is on the board can be passed over.
    pub kindset_slots: Vec<Vec<u16>>,
    /// Per attacking player, per cell and slide of `rays` (`cell * slides + slide`): the
    /// slide's line back from the cell as bits, or None where it is not one word numbered
    /// one way. Empty unless [`AttackTables::plain_lines`], the board has at most
    /// `MAX_TABLE_CELLS` cells and the table at most `MAX_LINE_BITS` entries.
    pub line_bits: Vec<Vec<Option<LineBits>>>,
    /// `leaps` as bits, filled with `line_bits`: per attacking player, per target cell, a
    /// kind set, a word of a cell bitset and the cells in that word it attacks from.
    pub leap_bits: Vec<Vec<Vec<(u16, u8, u64)>>>,
    /// Per attacking player, per target cell: attacker cells and the kinds that attack from there.
    pub leaps: Vec<Vec<Vec<(Cell, u16)>>>,
    /// Per attacking player: slides with a trivial landing test: direction, reach, kind set, origin test.
    pub rays: Vec<Vec<RayProbe>>,
    /// Per attacking player: other probes (tests on the way or at the landing cell).
    pub general: Vec<Vec<(Probe, u16)>>,
    /// Per attacking player, per target cell: the indices in `general` of the probes that
    /// can reach it (a path back on the board, and tests of the zones on it that can
    /// hold); empty lists when the board is too large to tabulate.
    pub general_at: Vec<Vec<Vec<u16>>>,
    /// Per victim player and royal cell: bitset of cells whose change can expose it
    /// through a fixed path with tests, or empty when the fast legality filter does not
    /// apply to this game (slides are handled by [`Tables::pins`]).
    pub sensitive: Vec<Vec<Vec<u64>>>,
    /// Per attacking player: every slide (direction, reach, kind set), for pin detection.
    pub pin_rays: Vec<Vec<(u8, u16, u16)>>,
    /// Per attacking player: for each non-reversible program, the register it waits for.
    pub gates: Vec<Vec<Option<u8>>>,
    /// Per attacking player, per non-reversible program, per origin: the cells it can
    /// possibly land on or remove (empty when the board is too large to tabulate).
    pub reach: Vec<Vec<Vec<[u64; CELL_WORDS]>>>,
    /// The same inverted: per attacking player, per program, per target, the origins.
    pub reach_from: Vec<Vec<Vec<Vec<Cell>>>>,
    /// Per victim player and royal cell: bitset of every cell whose contents any other
    /// player's probe towards it looks at (slides' whole lines included), for the fast
    /// filter of `illegal` rules about check; empty when that filter does not apply.
    pub touch: Vec<Vec<Vec<u64>>>,
    /// Whether the triggers can be left out when a move is played only to see whether it
    /// leaves a royal piece attacked: they only set counters, which no attack reads.
    pub idle_triggers: bool,
    /// In a two-player game whose attacks are all leaps and slides, and whose `illegal`
    /// rules are all `check(opponent)`: per victim, royal cell and cell, a bit for each of
    /// the other player's slides (its index in `rays`) whose line from the royal cell
    /// holds the cell. A quiet move gives check only along the slides through its two
    /// cells, or by a leap from its landing cell. Empty when that does not apply.
    pub ray_cells: Vec<Vec<Vec<u32>>>,
    /// Per attacking player, per non-reversible program that waits for no register: per
    /// origin and target (`origin * cells + target`), the cells it looks at on its way
    /// from one to the other, for the fast legality filter (filled when it applies).
    pub forward_paths: Vec<Vec<Option<Vec<[u64; CELL_WORDS]>>>>,
    /// Per attacking player, per target cell: for the fixed-path probes with tests on the
    /// way, each origin and kind set with the cells tested on the paths from there (an
    /// attacker of the set on the origin makes them matter), for the fast legality filter.
    pub probe_paths: Vec<Vec<Vec<ProbePath>>>,
}
