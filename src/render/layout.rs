//! Where each cell goes in a text picture: the rows in drawing order (turned half a turn
//! for the flipped view) and each cell's first column, from the cells' drawing positions.

use crate::board::{Board, Cell};

/// A text picture's cell positions.
pub(super) struct Layout {
    /// Rows top to bottom, each left to right: (cell, first column).
    pub rows: Vec<Vec<(Cell, usize)>>,
    /// Columns the cells take: one past the last cell's last column.
    pub width: usize,
}

/// The most columns a board's unit of drawing width may take: beyond it the picture
/// would not fit a terminal, and cells are rounded to the nearest column.
const MAX_PITCH: usize = 16;

/// Lays out `b`'s rows for cells `w` columns wide, none overlapping, at a whole number of
/// columns per unit of drawing width (so that half-offset rows, as on hex and triangle
/// boards, land on whole columns). `flip` turns the board half a turn: the last row on
/// top, each row right to left.
pub(super) fn layout(b: &Board, flip: bool, w: usize) -> Layout {
    let x = |c: Cell| if flip { -b.cells[c as usize].x } else { b.cells[c as usize].x };
    let rows: Vec<Vec<Cell>> =
        if flip { b.rows.iter().rev().map(|r| r.iter().rev().copied().collect()).collect() } else { b.rows.clone() };
    let minx = b.cells.iter().enumerate().map(|(c, _)| x(c as Cell)).fold(f64::INFINITY, f64::min);
    // The smallest distance between neighbours in a row sets how wide a unit is.
    let gap = rows
        .iter()
        .flat_map(|r| r.windows(2).map(|p| (x(p[1]) - x(p[0])).abs()))
        .filter(|d| *d > 1e-9)
        .fold(f64::INFINITY, f64::min);
    let gap = if gap.is_finite() { gap } else { 1.0 };
    let least = ((w as f64 / gap) - 1e-9).ceil().max(1.0) as usize;
    let whole =
        |p: usize| b.cells.iter().enumerate().all(|(c, _)| ((x(c as Cell) - minx) * p as f64).fract().abs() < 1e-6);
    let pitch = (least..=MAX_PITCH.max(least)).find(|&p| whole(p)).unwrap_or(least);
    let mut width = 0;
    let placed = rows
        .iter()
        .map(|r| {
            let mut next = 0;
            r.iter()
                .map(|&c| {
                    let col = (((x(c) - minx) * pitch as f64).round() as usize).max(next);
                    next = col + w;
                    width = width.max(next);
                    (c, col)
                })
                .collect()
        })
        .collect();
    Layout { rows: placed, width }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(file: &str) -> Board {
        crate::open(&format!("{}/games/{file}", env!("CARGO_MANIFEST_DIR")), &[]).unwrap().board
    }

    #[test]
    fn pitch_fits_cells_and_half_offsets() {
        // A square grid: three columns a cell.
        let l = layout(&board("chess.toml"), false, 3);
        assert_eq!(l.rows[0].iter().map(|p| p.1).collect::<Vec<_>>(), [0, 3, 6, 9, 12, 15, 18, 21]);
        // (Hex and triangle pitches: tests/board_view.rs, on the shipped boards.)
    }

    #[test]
    fn flipping_turns_the_board() {
        let b = board("chess.toml");
        let l = layout(&b, true, 3);
        assert_eq!(b.name(l.rows[0][0].0), "h1");
        assert_eq!(b.name(l.rows[7][7].0), "a8");
        assert_eq!(l.rows[0][0].1, 0);
    }
}
