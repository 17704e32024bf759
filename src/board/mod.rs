//! Boards: cells, directions and links. A [`Builder`] starts from a generator
//! (`grid`: square, triangle, hex), takes edits (remove, cell, link, colour) and freezes
//! the result into a [`Board`]'s dense tables for the engine. Problems are [`BuildError`]s.

mod build;
mod error;
mod grid;
pub mod limits;

pub use build::Builder;
pub use error::BuildError;

use std::collections::HashMap;

/// Dense cell index. It stays a bare `u16` (unlike the compiled game's typed ids in
/// `ir::ids`): it is the hottest and most widespread index, used on every board access.
pub type Cell = u16;
/// "No cell".
pub const NONE: Cell = u16::MAX;
/// Links at or above this value index the fork table.
const FORK: Cell = 0x8000;

/// The drawn shape of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A square.
    Square,
    /// A triangle with its apex up.
    TriUp,
    /// A triangle with its apex down.
    TriDown,
    /// A pointy-top hexagon.
    Hex,
}

/// Everything known about one cell.
#[derive(Debug, Clone)]
pub struct CellInfo {
    /// Name used in notation.
    pub name: String,
    /// Drawing position (x right, y up, in cell units).
    pub x: f64,
    /// Drawing position.
    pub y: f64,
    /// Drawn shape.
    pub shape: Shape,
    /// Rank (row label) used by `rank N` and position strings.
    pub rank: i64,
    /// File letter for square boards.
    pub file: Option<String>,
    /// Colour class.
    pub colour: i64,
    /// Generator coordinates (file/rank, q/r, row/index) for colour formulas.
    pub vars: Vec<(&'static str, i64)>,
}

/// A direction label and its angle in degrees (None: no geometric angle).
#[derive(Debug, Clone)]
pub struct DirInfo {
    /// Name.
    pub name: String,
    /// Angle, counter-clockwise from east.
    pub angle: Option<i64>,
}

/// A finished board with dense link tables.
#[derive(Debug, Clone)]
pub struct Board {
    /// Cells by index.
    pub cells: Vec<CellInfo>,
    /// Direction labels by index.
    pub dirs: Vec<DirInfo>,
    next: Vec<Cell>,
    forks: Vec<Vec<Cell>>,
    prev: Vec<Vec<Cell>>,
    prev1: Vec<Cell>,
    /// Per cell × direction: the cells met walking back against the direction, one source
    /// at a time, to the edge, as a range of `back`; an empty range with `back_open` when
    /// the walk meets a fork or a cycle first (then it is walked link by link).
    back_at: Vec<(u32, u32)>,
    back: Vec<Cell>,
    /// Rows for diagrams and position strings: top row first, each left to right.
    pub rows: Vec<Vec<Cell>>,
    by_name: HashMap<String, Cell>,
}

impl Board {
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when the board has no cells.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Cell by name.
    pub fn cell(&self, name: &str) -> Option<Cell> {
        self.by_name.get(name).copied()
    }

    /// Name of a cell.
    pub fn name(&self, c: Cell) -> &str {
        &self.cells[c as usize].name
    }

    /// Direction index by name.
    pub fn dir(&self, name: &str) -> Option<u8> {
        self.dirs.iter().position(|d| d.name == name).map(|i| i as u8)
    }

    /// The targets of `c` along direction `d` (usually zero or one; more at forks).
    #[inline]
    pub fn targets(&self, c: Cell, d: u8) -> &[Cell] {
        let v = &self.next[c as usize * self.dirs.len() + d as usize];
        if *v == NONE {
            &[]
        } else if *v >= FORK {
            &self.forks[(*v - FORK) as usize]
        } else {
            std::slice::from_ref(v)
        }
    }

    /// The single target of `c` along `d`, or NONE; FORK-tagged when there are several.
    #[inline]
    pub fn next_raw(&self, c: Cell, d: u8) -> Cell {
        self.next[c as usize * self.dirs.len() + d as usize]
    }

    /// Whether a raw link value is a fork.
    #[inline]
    pub fn is_fork(v: Cell) -> bool {
        v != NONE && v >= FORK
    }

    /// Cells that reach `c` along `d`.
    #[inline]
    pub fn sources(&self, c: Cell, d: u8) -> &[Cell] {
        &self.prev[c as usize * self.dirs.len() + d as usize]
    }

    /// The cells that reach `c` along `d` one after another (the one reaching `c`, the one
    /// reaching that, …) to the edge of the board, when each has a single source; None
    /// when a fork or a cycle comes first.
    #[inline]
    pub fn line_back(&self, c: Cell, d: u8) -> Option<&[Cell]> {
        let (start, len) = self.back_at[c as usize * self.dirs.len() + d as usize];
        (start != u32::MAX).then(|| &self.back[start as usize..][..len as usize])
    }

    /// The single cell that reaches `c` along `d`, NONE if there is none, or a value
    /// for which [`Board::is_fork`] holds when there are several (use [`Board::sources`]).
    #[inline]
    pub fn source_raw(&self, c: Cell, d: u8) -> Cell {
        self.prev1[c as usize * self.dirs.len() + d as usize]
    }
}
