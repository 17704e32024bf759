//! The board builder: the cells and links of a generator, edited (remove, cell, link,
//! colour), then frozen into a [`Board`]'s dense tables.

use super::limits::MAX_COORD;
use super::{Board, BuildError, Cell, CellInfo, DirInfo, FORK, NONE, Shape};
use std::collections::HashMap;

/// A board being built: cells by builder index (`None` once removed), directions, and
/// links as (from, direction, to) builder indices.
#[derive(Default)]
pub struct Builder {
    pub(super) cells: Vec<Option<CellInfo>>,
    pub(super) dirs: Vec<DirInfo>,
    pub(super) links: Vec<(usize, u8, usize)>,
    pub(super) by_name: HashMap<String, usize>,
    /// Hex board: cells are named by rank when finished and added by axial coordinates.
    pub(super) hex_names: bool,
}

impl Builder {
    pub(super) fn add(&mut self, info: CellInfo) -> usize {
        let i = self.cells.len();
        self.by_name.insert(info.name.clone(), i);
        self.cells.push(Some(info));
        i
    }

    /// The live cell of this name.
    pub fn find(&self, name: &str) -> Result<usize, BuildError> {
        self.by_name
            .get(name)
            .copied()
            .filter(|&i| self.cells[i].is_some())
            .ok_or_else(|| BuildError::UnknownCell(name.to_string()))
    }

    /// The direction of this name.
    pub fn dir(&self, name: &str) -> Result<u8, BuildError> {
        self.dirs.iter().position(|x| x.name == name).map(|i| i as u8).ok_or_else(|| BuildError::UnknownDirection {
            name: name.to_string(),
            known: self.dirs.iter().map(|d| d.name.clone()).collect(),
        })
    }

    /// Removes the live cell of this name.
    pub fn remove(&mut self, name: &str) -> Result<(), BuildError> {
        let i = self.find(name)?;
        self.cells[i] = None;
        self.by_name.remove(name);
        Ok(())
    }

    /// Adds a cell: on a hex board by whole axial coordinates and no name, on other boards
    /// with a new name at drawing position (x, y), shaped like the board's first cell.
    pub fn add_cell(&mut self, name: Option<&str>, x: f64, y: f64) -> Result<(), BuildError> {
        if !(-MAX_COORD..=MAX_COORD).contains(&x) || !(-MAX_COORD..=MAX_COORD).contains(&y) {
            // The message spells MAX_COORD.
            return Err(BuildError::BadSize("cell coordinates lie between -1000000 and 1000000"));
        }
        if self.hex_names {
            if name.is_some() {
                return Err(BuildError::HexCellNamed);
            }
            if x.fract() != 0.0 || y.fract() != 0.0 {
                return Err(BuildError::FractionalAxial);
            }
            self.add_hex(x as i64, y as i64);
            return Ok(());
        }
        let Some(n) = name else { return Err(BuildError::CellNeedsName) };
        if self.by_name.contains_key(n) {
            return Err(BuildError::DuplicateCell(n.to_string()));
        }
        let shape = self.cells.iter().flatten().next().map(|c| c.shape).unwrap_or(Shape::Square);
        self.add(CellInfo {
            name: n.to_string(),
            x,
            y,
            shape,
            rank: y.round() as i64,
            file: None,
            colour: 0,
            vars: vec![("file", x.round() as i64 + 1), ("rank", y.round() as i64)],
        });
        Ok(())
    }

    /// Links cell `from` to cell `to` along direction `dir` (builder indices from
    /// [`Builder::find`] and [`Builder::dir`]).
    pub fn link(&mut self, from: usize, dir: u8, to: usize) {
        self.links.push((from, dir, to));
    }

    /// Sets every live cell's colour class to `f` of its generator coordinates, in cell
    /// order; stops at the first error.
    pub fn recolour<E>(&mut self, mut f: impl FnMut(&[(&'static str, i64)]) -> Result<i64, E>) -> Result<(), E> {
        for c in self.cells.iter_mut().flatten() {
            c.colour = f(&c.vars)?;
        }
        Ok(())
    }

    /// `number colour K`: the live cells of colour `k` are renamed 1, 2, 3, ... in reading
    /// order (top row first, each left to right), the others removed; false when no cell
    /// has that colour (nothing changes).
    pub fn number(&mut self, k: i64) -> bool {
        let mut keep: Vec<usize> =
            (0..self.cells.len()).filter(|&i| self.cells[i].as_ref().is_some_and(|c| c.colour == k)).collect();
        if keep.is_empty() {
            return false;
        }
        let key = |i: &usize| self.cells[*i].as_ref().map(|c| (-c.rank, c.x)).unwrap_or((0, 0.0));
        keep.sort_by(|a, b| {
            let (ka, kb) = (key(a), key(b));
            ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
        });
        for c in &mut self.cells {
            if c.as_ref().is_some_and(|c| c.colour != k) {
                *c = None;
            }
        }
        self.by_name.clear();
        for (n, &i) in keep.iter().enumerate() {
            let name = (n + 1).to_string();
            if let Some(c) = self.cells[i].as_mut() {
                c.name = name.clone();
            }
            self.by_name.insert(name, i);
        }
        true
    }

    /// Freezes the board: hex cells named and linked, live cells given dense indices, and
    /// the link tables and rows built.
    pub fn finish(mut self) -> Result<Board, BuildError> {
        if self.hex_names {
            self.settle_hex();
        }
        let mut remap = vec![NONE; self.cells.len()];
        let mut cells = vec![];
        for (i, c) in self.cells.into_iter().enumerate() {
            if let Some(c) = c {
                remap[i] = cells.len() as Cell;
                cells.push(c);
            }
        }
        if cells.len() >= FORK as usize {
            return Err(BuildError::TooLarge);
        }
        let links = Links::new(&self.links, &remap, cells.len(), self.dirs.len());
        let rows = rows(&cells);
        let by_name = cells.iter().enumerate().map(|(i, c)| (c.name.clone(), i as Cell)).collect();
        let Links { next, forks, prev, prev1 } = links;
        let (back_at, back) = lines_back(&prev1, cells.len(), self.dirs.len());
        Ok(Board { cells, dirs: self.dirs, next, forks, prev, prev1, back_at, back, rows, by_name })
    }
}

/// The most cells [`Board::line_back`]'s lines may hold together (beyond it, the rest are
/// walked link by link).
const MAX_LINE_CELLS: usize = 1 << 22;

/// [`Board::line_back`]'s table: per cell × direction, the range of its line in the second
/// vector, or `u32::MAX` when a fork or a cycle comes first (`prev1`: the single sources).
fn lines_back(prev1: &[Cell], n: usize, nd: usize) -> (Vec<(u32, u32)>, Vec<Cell>) {
    let mut at = vec![(u32::MAX, 0); n * nd];
    let mut cells = vec![];
    for c in 0..n {
        for d in 0..nd {
            let start = cells.len();
            let mut s = prev1[c * nd + d];
            while s != NONE && s < FORK && cells.len() - start < n && cells.len() < MAX_LINE_CELLS {
                cells.push(s);
                s = prev1[s as usize * nd + d];
            }
            if s == NONE {
                at[c * nd + d] = (start as u32, (cells.len() - start) as u32);
            } else {
                cells.truncate(start);
            }
        }
    }
    (at, cells)
}

/// The dense link tables of a [`Board`], indexed by cell × direction.
struct Links {
    next: Vec<Cell>,
    forks: Vec<Vec<Cell>>,
    prev: Vec<Vec<Cell>>,
    prev1: Vec<Cell>,
}

impl Links {
    /// The tables of the links between live cells (`remap`: builder index to dense cell),
    /// each link once, targets and sources in ascending order.
    fn new(links: &[(usize, u8, usize)], remap: &[Cell], n: usize, nd: usize) -> Links {
        let mut edges: Vec<(Cell, u8, Cell)> = links
            .iter()
            .map(|&(a, d, b)| (remap[a], d, remap[b]))
            .filter(|&(a, _, b)| a != NONE && b != NONE)
            .collect();
        edges.sort();
        edges.dedup();
        let mut lists: Vec<Vec<Cell>> = vec![vec![]; n * nd];
        let mut prev: Vec<Vec<Cell>> = vec![vec![]; n * nd];
        for (a, d, b) in edges {
            lists[a as usize * nd + d as usize].push(b);
            prev[b as usize * nd + d as usize].push(a);
        }
        let mut next = vec![NONE; n * nd];
        let mut forks = vec![];
        for (i, l) in lists.iter().enumerate() {
            match l.len() {
                0 => {}
                1 => next[i] = l[0],
                _ => {
                    next[i] = FORK + forks.len() as Cell;
                    forks.push(l.clone());
                }
            }
        }
        let prev1 = prev
            .iter()
            .map(|l| match l.len() {
                0 => NONE,
                1 => l[0],
                _ => FORK,
            })
            .collect();
        Links { next, forks, prev, prev1 }
    }
}

/// Rows for diagrams and position strings: by rank (top row first, except on triangle
/// boards), each left to right.
fn rows(cells: &[CellInfo]) -> Vec<Vec<Cell>> {
    let mut ranks: Vec<i64> = cells.iter().map(|c| c.rank).collect();
    ranks.sort();
    ranks.dedup();
    let top_first = cells.first().map(|c| c.shape != Shape::TriUp && c.shape != Shape::TriDown).unwrap_or(true);
    if top_first {
        ranks.reverse();
    }
    ranks
        .iter()
        .map(|r| {
            let mut v: Vec<Cell> = (0..cells.len() as Cell).filter(|&c| cells[c as usize].rank == *r).collect();
            v.sort_by(|&a, &b| cells[a as usize].x.total_cmp(&cells[b as usize].x));
            v
        })
        .collect()
}
