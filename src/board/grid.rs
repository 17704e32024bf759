//! The generators: a square, triangle or hex board as a [`Builder`] to edit, and the
//! naming and linking of hex cells once the edits are done.

use super::limits::{MAX_DIRS, MAX_FILES, MAX_HEX_RADIUS, MAX_RANK, MAX_RANK_SPAN, MAX_TRIANGLE_ROWS};
use super::{BuildError, Builder, CellInfo, DirInfo, Shape};
use std::collections::HashMap;

const SQUARE_DIRS: &[(&str, Option<i64>)] = &[
    ("N", Some(90)),
    ("NE", Some(45)),
    ("E", Some(0)),
    ("SE", Some(315)),
    ("S", Some(270)),
    ("SW", Some(225)),
    ("W", Some(180)),
    ("NW", Some(135)),
];
/// File and rank steps of [`SQUARE_DIRS`].
const SQUARE_STEPS: [(i64, i64); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

const TRIANGLE_DIRS: &[(&str, Option<i64>)] = &[("E", Some(0)), ("W", Some(180)), ("V", None)];

const HEX_DIRS: &[(&str, Option<i64>)] =
    &[("E", Some(0)), ("NE", Some(60)), ("NW", Some(120)), ("W", Some(180)), ("SW", Some(240)), ("SE", Some(300))];
// A direction index is a byte (see MAX_DIRS).
const _: () = assert!(SQUARE_DIRS.len() <= MAX_DIRS && TRIANGLE_DIRS.len() <= MAX_DIRS && HEX_DIRS.len() <= MAX_DIRS);
/// Axial (q, r) steps of [`HEX_DIRS`].
const HEX_STEPS: [(i64, i64); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

fn dir_list(v: &[(&str, Option<i64>)]) -> Vec<DirInfo> {
    v.iter().map(|(n, a)| DirInfo { name: n.to_string(), angle: *a }).collect()
}

/// The files `first..=last`: single letters in order.
fn file_letters(first: &str, last: &str) -> Result<Vec<String>, BuildError> {
    match (first.chars().next(), last.chars().next()) {
        (Some(x), Some(y)) if first.len() == 1 && last.len() == 1 && x <= y => {
            Ok((x..=y).map(|c| c.to_string()).collect())
        }
        _ => Err(BuildError::BadFileRange),
    }
}

impl Builder {
    /// A square board: files `first..=last` (letters), ranks `ranks.0..=ranks.1`, eight
    /// directions N NE E SE S SW W NW.
    pub fn square(first: &str, last: &str, ranks: (i64, i64)) -> Result<Builder, BuildError> {
        let fl = file_letters(first, last)?;
        // Checked: ranks far apart (e.g. -5e18..5e18) would wrap the span in release builds.
        let span = ranks.1.checked_sub(ranks.0);
        if !span.is_some_and(|s| (0..=MAX_RANK_SPAN).contains(&s)) || fl.len() > MAX_FILES {
            // The message spells MAX_FILES and MAX_RANK_SPAN.
            return Err(BuildError::BadSize("ranks must be ascending, at most 40 files and ranks"));
        }
        if !(-MAX_RANK..=MAX_RANK).contains(&ranks.0) || !(-MAX_RANK..=MAX_RANK).contains(&ranks.1) {
            // The message spells MAX_RANK.
            return Err(BuildError::BadSize("ranks lie between -1000000 and 1000000"));
        }
        let mut b = Builder { dirs: dir_list(SQUARE_DIRS), ..Builder::default() };
        let mut at = HashMap::new();
        for r in ranks.0..=ranks.1 {
            for (fi, f) in fl.iter().enumerate() {
                let i = b.add(CellInfo {
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
        b.link_steps(&at, &SQUARE_STEPS);
        Ok(b)
    }

    /// A triangle board of `rows` rows (A, B, ...), row k holding 2k - 1 triangles;
    /// directions E, W and V (through the shared horizontal edge).
    pub fn triangle(rows: i64) -> Result<Builder, BuildError> {
        if !(1..=MAX_TRIANGLE_ROWS).contains(&rows) {
            // The message spells MAX_TRIANGLE_ROWS.
            return Err(BuildError::BadSize("a triangle board has 1 to 26 rows"));
        }
        let mut b = Builder { dirs: dir_list(TRIANGLE_DIRS), ..Builder::default() };
        let mut at = HashMap::new();
        for r in 0..rows {
            let letter = (b'A' + r as u8) as char;
            for i in 1..=(2 * r + 1) {
                let up = i % 2 == 1;
                let idx = b.add(CellInfo {
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
                b.links.push((c, 0, e));
            }
            if let Some(&w) = at.get(&(r, i - 1)) {
                b.links.push((c, 1, w));
            }
            let v = if i % 2 == 1 { (r + 1, i + 1) } else { (r - 1, i - 1) };
            if let Some(&t) = at.get(&v) {
                b.links.push((c, 2, t));
            }
        }
        Ok(b)
    }

    /// A hexagonal board of hexagons within `radius` of the centre; six directions. Cells
    /// are named and linked when the board is finished, after the edits.
    pub fn hex(radius: i64) -> Result<Builder, BuildError> {
        if !(0..=MAX_HEX_RADIUS).contains(&radius) {
            // The message spells MAX_HEX_RADIUS.
            return Err(BuildError::BadSize("a hex board has radius 0 to 12"));
        }
        let mut b = Builder { hex_names: true, ..Builder::default() };
        for r in -radius..=radius {
            for q in -radius..=radius {
                if (q + r).abs() <= radius {
                    b.add_hex(q, r);
                }
            }
        }
        Ok(b)
    }

    /// Links every cell of `at` (by grid position) to its neighbour along each step.
    fn link_steps(&mut self, at: &HashMap<(i64, i64), usize>, steps: &[(i64, i64)]) {
        for (&(x, y), &i) in at {
            for (d, (dx, dy)) in steps.iter().enumerate() {
                if let Some(&j) = at.get(&(x + dx, y + dy)) {
                    self.links.push((i, d as u8, j));
                }
            }
        }
    }

    /// Adds the hexagon at axial coordinates (q, r), named by them until the board is finished.
    pub(super) fn add_hex(&mut self, q: i64, r: i64) -> usize {
        if self.dirs.is_empty() {
            self.dirs = dir_list(HEX_DIRS);
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

    /// Names the live hex cells by rank from the bottom and letter from the left, and links
    /// them by axial offsets.
    pub(super) fn settle_hex(&mut self) {
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
        let at: HashMap<(i64, i64), usize> = live
            .iter()
            .map(|&i| {
                let c = self.cells[i].as_ref().unwrap();
                ((c.vars[0].1, c.vars[1].1), i)
            })
            .collect();
        self.link_steps(&at, &HEX_STEPS);
    }
}
