//! Coordinates around a text picture, from the cells' names alone: file letters over and
//! under the columns and rank numbers beside the rows where every cell of a row is named
//! by its column's file and its rank; elsewhere each row is labelled with the names of its
//! first and last cells (all its names when they do not count up or down along the row).

use super::layout::Layout;
use crate::board::{Board, CellInfo};
use std::collections::HashMap;

/// The labels of a laid-out picture.
pub(super) struct Coords {
    /// File labels: (column of the cells' centre, label).
    pub files: Vec<(usize, String)>,
    /// Per row: the label on its left.
    pub left: Vec<String>,
    /// Per row: the label on its right.
    pub right: Vec<String>,
    /// A key to rows labelled with names (`each row runs … (a7 b7 c7 … g7)`), when a row of
    /// three or more cells is: the names between its labels are not written.
    pub key: Option<String>,
}

/// The file of a cell named by file and rank (`a1`), else None.
fn grid_file(c: &CellInfo) -> Option<&str> {
    let f = c.file.as_deref()?;
    (c.name.strip_prefix(f)? == c.rank.to_string()).then_some(f)
}

/// The labels of `lay` (cells `w` columns wide) on `b`.
pub(super) fn coords(b: &Board, lay: &Layout, w: usize) -> Coords {
    let files = grid_files(b, lay, w);
    let mut c = Coords { files: vec![], left: vec![], right: vec![], key: None };
    let mut used: Vec<(usize, String)> = vec![];
    for row in &lay.rows {
        let grid = files.is_some() && row.iter().all(|&(cell, _)| grid_file(&b.cells[cell as usize]).is_some());
        if grid {
            let rank = b.cells[row[0].0 as usize].rank.to_string();
            c.left.push(rank.clone());
            c.right.push(rank);
            for &(cell, col) in row {
                used.push((col + w / 2, grid_file(&b.cells[cell as usize]).unwrap_or("").to_string()));
            }
            continue;
        }
        let names: Vec<&str> = row.iter().map(|&(cell, _)| b.name(cell)).collect();
        c.left.push(names.first().unwrap_or(&"").to_string());
        // One cell: its name once; several: the last one's, or all when they do not count along.
        c.right.push(match names.len() {
            0 | 1 => String::new(),
            n if counts_along(&names) => {
                if n >= 3 && c.key.is_none() {
                    let more = if n > 3 { format!(" … {}", names[n - 1]) } else { String::new() };
                    let e = format!("{}{more}", names[..3].join(" "));
                    c.key = Some(format!(
                        "cells: each row runs from its left label to its right label, cell by cell ({e})"
                    ));
                }
                names.last().unwrap_or(&"").to_string()
            }
            _ => names.join(" "),
        });
    }
    used.sort();
    used.dedup();
    c.files = used;
    c
}

/// The file letter of each column when the cells named by file and rank agree on them (one
/// file per column and one column per file); None otherwise, and the rows get names.
fn grid_files(b: &Board, lay: &Layout, w: usize) -> Option<HashMap<usize, String>> {
    let mut by_col: HashMap<usize, String> = HashMap::new();
    let mut by_file: HashMap<String, usize> = HashMap::new();
    for &(cell, col) in lay.rows.iter().flatten() {
        let Some(f) = grid_file(&b.cells[cell as usize]) else { continue };
        let centre = col + w / 2;
        if by_col.entry(centre).or_insert_with(|| f.to_string()) != f
            || *by_file.entry(f.to_string()).or_insert(centre) != centre
        {
            return None;
        }
    }
    (!by_col.is_empty()).then_some(by_col)
}

/// A name split into its letters and the number after them (`bc10` → ("bc", 10)).
fn split(name: &str) -> Option<(&str, i64)> {
    let i = name.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = name.split_at(i);
    Some((letters, digits.parse().ok()?))
}

/// Whether a row's names, left to right, count by one from the first to the last: the same
/// letter and consecutive numbers (`B1 B2 B3`), or consecutive single letters and the same
/// number (`a6 b6 … f6`), either way. Rows of one or two cells always do: both are named.
pub(super) fn counts_along(names: &[&str]) -> bool {
    if names.len() <= 2 {
        return true;
    }
    let Some(parts) = names.iter().map(|n| split(n)).collect::<Option<Vec<_>>>() else { return false };
    let steps = |f: &dyn Fn(&(&str, i64)) -> i64| -> Option<i64> {
        let d = f(&parts[1]) - f(&parts[0]);
        (d.abs() == 1 && parts.windows(2).all(|p| f(&p[1]) - f(&p[0]) == d)).then_some(d)
    };
    let letter = |p: &(&str, i64)| -> i64 {
        let mut ch = p.0.chars();
        match (ch.next(), ch.next()) {
            (Some(c), None) => c as i64,
            _ => i64::MIN / 2,
        }
    };
    let same_letters = parts.iter().all(|p| p.0 == parts[0].0);
    let same_number = parts.iter().all(|p| p.1 == parts[0].1);
    (same_letters && steps(&|p| p.1).is_some()) || (same_number && steps(&letter).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_that_count_along() {
        assert!(counts_along(&["B1", "B2", "B3"]));
        assert!(counts_along(&["f6", "e6", "d6", "c6", "b6", "a6"]));
        assert!(counts_along(&["bc0", "cd0"]));
        assert!(!counts_along(&["a1", "b1", "d1"]));
        assert!(!counts_along(&["x", "y", "z"]));
        assert!(!counts_along(&["bc1", "cd1", "de1"]));
    }
}
