//! Boards: cells, directions and links, built as a petgraph graph by a generator
//! and edits, then frozen into dense tables for the engine.

use crate::diag::Diag;
use crate::syntax::ast::{BoardDecl, BoardStmt, Expr, Generator, Name, Span};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use std::collections::HashMap;

/// Dense cell index.
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
    /// The link graph: node weight = cell, edge weight = direction.
    pub graph: DiGraph<Cell, u8>,
    next: Vec<Cell>,
    forks: Vec<Vec<Cell>>,
    prev: Vec<Vec<Cell>>,
    prev1: Vec<Cell>,
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

    /// The single cell that reaches `c` along `d`, NONE if there is none, or a value
    /// for which [`Board::is_fork`] holds when there are several (use [`Board::sources`]).
    #[inline]
    pub fn source_raw(&self, c: Cell, d: u8) -> Cell {
        self.prev1[c as usize * self.dirs.len() + d as usize]
    }

    /// Builds a board from its declaration.
    pub fn build(decl: &BoardDecl) -> Result<Board, Vec<Diag>> {
        let mut b = Builder::default();
        b.generate(&decl.generator, decl.span).map_err(|d| vec![d])?;
        let mut errs = vec![];
        for s in &decl.stmts {
            if let Err(e) = b.apply(s) {
                errs.push(e);
            }
        }
        if !errs.is_empty() {
            return Err(errs);
        }
        b.finish().map_err(|d| vec![d])
    }
}

#[derive(Default)]
struct Builder {
    cells: Vec<Option<CellInfo>>,
    dirs: Vec<DirInfo>,
    links: Vec<(usize, u8, usize)>,
    by_name: HashMap<String, usize>,
    colour: Option<(Expr, i64)>,
    hex_names: bool,
}

fn letters(a: &Name, b: &Name) -> Result<Vec<String>, Diag> {
    let (ca, cb) = (a.text.chars().next(), b.text.chars().next());
    match (ca, cb) {
        (Some(x), Some(y)) if a.text.len() == 1 && b.text.len() == 1 && x <= y => {
            Ok((x..=y).map(|c| c.to_string()).collect())
        }
        _ => Err(Diag::legacy(
            Span { start: a.span.start, end: b.span.end },
            "bad file range",
            "write single letters in order, e.g. `files a..h`",
        )),
    }
}

impl Builder {
    fn add(&mut self, info: CellInfo) -> usize {
        let i = self.cells.len();
        self.by_name.insert(info.name.clone(), i);
        self.cells.push(Some(info));
        i
    }

    fn dir_list(&mut self, v: &[(&str, Option<i64>)]) {
        self.dirs = v.iter().map(|(n, a)| DirInfo { name: n.to_string(), angle: *a }).collect();
    }

    fn generate(&mut self, g: &Generator, span: Span) -> Result<(), Diag> {
        match g {
            Generator::Square { files, ranks } => {
                let fl = letters(&files.0, &files.1)?;
                if ranks.0 > ranks.1 || ranks.1 - ranks.0 > 40 || fl.len() > 40 {
                    return Err(Diag::legacy(
                        span,
                        "bad board size",
                        "ranks must be ascending, at most 40 files and ranks",
                    ));
                }
                self.dir_list(&[
                    ("N", Some(90)),
                    ("NE", Some(45)),
                    ("E", Some(0)),
                    ("SE", Some(315)),
                    ("S", Some(270)),
                    ("SW", Some(225)),
                    ("W", Some(180)),
                    ("NW", Some(135)),
                ]);
                let vecs = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
                let mut at = HashMap::new();
                for r in ranks.0..=ranks.1 {
                    for (fi, f) in fl.iter().enumerate() {
                        let i = self.add(CellInfo {
                            name: format!("{f}{r}"),
                            x: fi as f64,
                            y: r as f64,
                            shape: Shape::Square,
                            rank: r,
                            file: Some(f.clone()),
                            colour: (fi as i64 + 1 + r).rem_euclid(2),
                            vars: vec![("file", fi as i64 + 1), ("rank", r)],
                        });
                        at.insert((fi as i64, r), i);
                    }
                }
                for (&(x, y), &i) in &at {
                    for (d, (dx, dy)) in vecs.iter().enumerate() {
                        if let Some(&j) = at.get(&(x + dx, y + dy)) {
                            self.links.push((i, d as u8, j));
                        }
                    }
                }
            }
            Generator::Triangle { rows } => {
                if !(1..=26).contains(rows) {
                    return Err(Diag::legacy(span, "bad board size", "a triangle board has 1 to 26 rows"));
                }
                self.dir_list(&[("E", Some(0)), ("W", Some(180)), ("V", None)]);
                let mut at = HashMap::new();
                for r in 0..*rows {
                    let letter = (b'A' + r as u8) as char;
                    for i in 1..=(2 * r + 1) {
                        let up = i % 2 == 1;
                        let idx = self.add(CellInfo {
                            name: format!("{letter}{i}"),
                            x: (i - 1 - r) as f64 * 0.5,
                            y: -(r as f64),
                            shape: if up { Shape::TriUp } else { Shape::TriDown },
                            rank: r + 1,
                            file: None,
                            colour: if up { 0 } else { 1 },
                            vars: vec![("row", r + 1), ("index", i)],
                        });
                        at.insert((r, i), idx);
                    }
                }
                for (&(r, i), &c) in &at {
                    if let Some(&e) = at.get(&(r, i + 1)) {
                        self.links.push((c, 0, e));
                    }
                    if let Some(&w) = at.get(&(r, i - 1)) {
                        self.links.push((c, 1, w));
                    }
                    let v = if i % 2 == 1 { (r + 1, i + 1) } else { (r - 1, i - 1) };
                    if let Some(&t) = at.get(&v) {
                        self.links.push((c, 2, t));
                    }
                }
            }
            Generator::Hex { radius } => {
                if !(0..=12).contains(radius) {
                    return Err(Diag::legacy(span, "bad board size", "a hex board has radius 0 to 12"));
                }
                self.hex_names = true;
                let n = *radius;
                for r in -n..=n {
                    for q in -n..=n {
                        if (q + r).abs() <= n {
                            self.add_hex(q, r);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn add_hex(&mut self, q: i64, r: i64) -> usize {
        if self.dirs.is_empty() {
            self.dir_list(&[
                ("E", Some(0)),
                ("NE", Some(60)),
                ("NW", Some(120)),
                ("W", Some(180)),
                ("SW", Some(240)),
                ("SE", Some(300)),
            ]);
        }
        self.add(CellInfo {
            name: format!("({q},{r})"),
            x: q as f64 + r as f64 / 2.0,
            y: -(r as f64) * 0.866,
            shape: Shape::Hex,
            rank: -r,
            file: None,
            colour: (q - r).rem_euclid(3),
            vars: vec![("q", q), ("r", r)],
        })
    }

    fn find(&self, n: &Name) -> Result<usize, Diag> {
        self.by_name.get(&n.text).copied().filter(|&i| self.cells[i].is_some()).ok_or_else(|| {
            Diag::legacy(n.span, format!("unknown cell `{}`", n.text), "name a cell of the board (see `interp show`)")
        })
    }

    fn apply(&mut self, s: &BoardStmt) -> Result<(), Diag> {
        match s {
            BoardStmt::Remove(names) => {
                for n in names {
                    let i = self.find(n)?;
                    self.cells[i] = None;
                    self.by_name.remove(&n.text);
                }
            }
            BoardStmt::Cell(name, (x, y), span) => {
                if self.hex_names {
                    if name.is_some() {
                        return Err(Diag::legacy(
                            *span,
                            "hex cells are named by rank",
                            "write `cell (q, r)` with axial coordinates",
                        ));
                    }
                    if x.fract() != 0.0 || y.fract() != 0.0 {
                        return Err(Diag::legacy(
                            *span,
                            "axial coordinates must be whole numbers",
                            "write `cell (2, -4)`",
                        ));
                    }
                    self.add_hex(*x as i64, *y as i64);
                } else {
                    let Some(n) = name else {
                        return Err(Diag::legacy(*span, "this cell needs a name", "write `cell NAME at (x, y)`"));
                    };
                    if self.by_name.contains_key(&n.text) {
                        return Err(Diag::legacy(
                            n.span,
                            format!("cell `{}` exists already", n.text),
                            "choose another name",
                        ));
                    }
                    let shape = self.cells.iter().flatten().next().map(|c| c.shape).unwrap_or(Shape::Square);
                    self.add(CellInfo {
                        name: n.text.clone(),
                        x: *x,
                        y: *y,
                        shape,
                        rank: y.round() as i64,
                        file: None,
                        colour: 0,
                        vars: vec![("file", x.round() as i64 + 1), ("rank", y.round() as i64)],
                    });
                }
            }
            BoardStmt::Link(a, d, targets) => {
                let ia = self.find(a)?;
                let di = self.dirs.iter().position(|x| x.name == d.text).ok_or_else(|| {
                    Diag::legacy(
                        d.span,
                        format!("unknown direction `{}`", d.text),
                        format!(
                            "the board's directions are {}",
                            self.dirs.iter().map(|d| d.name.as_str()).collect::<Vec<_>>().join(" ")
                        ),
                    )
                })?;
                for t in targets {
                    let it = self.find(t)?;
                    self.links.push((ia, di as u8, it));
                }
            }
            BoardStmt::Colour(e, m) => self.colour = Some((e.clone(), *m)),
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Board, Diag> {
        if self.hex_names {
            // Hex cells are named by rank from the bottom and letter from the left.
            let live: Vec<usize> = (0..self.cells.len()).filter(|&i| self.cells[i].is_some()).collect();
            let max_r = live.iter().map(|&i| self.cells[i].as_ref().unwrap().vars[1].1).max().unwrap_or(0);
            let mut by_rank: HashMap<i64, Vec<usize>> = HashMap::new();
            for &i in &live {
                let c = self.cells[i].as_mut().unwrap();
                c.rank = max_r - c.vars[1].1 + 1;
                by_rank.entry(c.rank).or_default().push(i);
            }
            self.by_name.clear();
            for (rank, mut v) in by_rank {
                v.sort_by(|&a, &b| self.cells[a].as_ref().unwrap().x.total_cmp(&self.cells[b].as_ref().unwrap().x));
                for (k, i) in v.into_iter().enumerate() {
                    let c = self.cells[i].as_mut().unwrap();
                    c.name = format!("{}{}", (b'a' + k as u8) as char, rank);
                    self.by_name.insert(c.name.clone(), i);
                }
            }
            // Neighbour links by axial offsets.
            let at: HashMap<(i64, i64), usize> = live
                .iter()
                .map(|&i| {
                    let c = self.cells[i].as_ref().unwrap();
                    ((c.vars[0].1, c.vars[1].1), i)
                })
                .collect();
            let offs = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
            for (&(q, r), &i) in &at {
                for (d, (dq, dr)) in offs.iter().enumerate() {
                    if let Some(&j) = at.get(&(q + dq, r + dr)) {
                        self.links.push((i, d as u8, j));
                    }
                }
            }
        }
        if let Some((e, m)) = &self.colour {
            for c in self.cells.iter_mut().flatten() {
                c.colour = eval_coord(e, &c.vars)?.rem_euclid(*m);
            }
        }
        // Compact the live cells into dense indices and build the graph.
        let mut remap = vec![NONE; self.cells.len()];
        let mut cells = vec![];
        for (i, c) in self.cells.into_iter().enumerate() {
            if let Some(c) = c {
                remap[i] = cells.len() as Cell;
                cells.push(c);
            }
        }
        if cells.len() >= FORK as usize {
            return Err(Diag::legacy(Span::default(), "board too large", "use fewer cells"));
        }
        let mut graph: DiGraph<Cell, u8> = DiGraph::new();
        let nodes: Vec<NodeIndex> = (0..cells.len()).map(|i| graph.add_node(i as Cell)).collect();
        let mut seen = std::collections::HashSet::new();
        for (a, d, b) in self.links {
            let (a, b) = (remap[a], remap[b]);
            if a != NONE && b != NONE && seen.insert((a, d, b)) {
                graph.add_edge(nodes[a as usize], nodes[b as usize], d);
            }
        }
        let nd = self.dirs.len();
        let mut lists: Vec<Vec<Cell>> = vec![vec![]; cells.len() * nd];
        let mut prev: Vec<Vec<Cell>> = vec![vec![]; cells.len() * nd];
        let mut edges: Vec<_> =
            graph.edge_references().map(|e| (graph[e.source()], *e.weight(), graph[e.target()])).collect();
        edges.sort();
        for (a, d, b) in edges {
            lists[a as usize * nd + d as usize].push(b);
            prev[b as usize * nd + d as usize].push(a);
        }
        let mut next = vec![NONE; cells.len() * nd];
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
        let mut ranks: Vec<i64> = cells.iter().map(|c| c.rank).collect();
        ranks.sort();
        ranks.dedup();
        let top_first = cells.first().map(|c| c.shape != Shape::TriUp && c.shape != Shape::TriDown).unwrap_or(true);
        if top_first {
            ranks.reverse();
        }
        let rows = ranks
            .iter()
            .map(|r| {
                let mut v: Vec<Cell> = (0..cells.len() as Cell).filter(|&c| cells[c as usize].rank == *r).collect();
                v.sort_by(|&a, &b| cells[a as usize].x.total_cmp(&cells[b as usize].x));
                v
            })
            .collect();
        let by_name = cells.iter().enumerate().map(|(i, c)| (c.name.clone(), i as Cell)).collect();
        let prev1 = prev
            .iter()
            .map(|l| match l.len() {
                0 => NONE,
                1 => l[0],
                _ => FORK,
            })
            .collect();
        Ok(Board { cells, dirs: self.dirs, graph, next, forks, prev, prev1, rows, by_name })
    }
}

fn eval_coord(e: &Expr, vars: &[(&'static str, i64)]) -> Result<i64, Diag> {
    match e {
        Expr::Int(v, _) => Ok(*v),
        Expr::Name(n) => vars.iter().find(|(k, _)| *k == n.text).map(|(_, v)| *v).ok_or_else(|| {
            Diag::legacy(
                n.span,
                format!("unknown coordinate `{}`", n.text),
                format!("this board's coordinates are {}", vars.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")),
            )
        }),
        Expr::Add(a, b, neg) => {
            let (a, b) = (eval_coord(a, vars)?, eval_coord(b, vars)?);
            Ok(if *neg { a - b } else { a + b })
        }
        Expr::Func(n, _) => {
            Err(Diag::legacy(n.span, "functions are not allowed in a colour formula", "use coordinates, + and -"))
        }
    }
}
