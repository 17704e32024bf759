//! The board as `show` and `play` draw it: three columns a cell, coordinates around it
//! (see [`super::coords`]), an optional flipped view, the last move's cells in brackets
//! and a royal piece in check between `!`s.

use super::coords::{Coords, coords};
use super::layout::layout;
use super::panel::checked;
use super::text::{Classes, Style, ansi_glyph, plain_glyph, stacked};
use crate::board::Cell;
use crate::engine::Move;
use crate::engine::state::State;
use crate::ir::Game;

/// Columns a cell takes: a mark, the letter, a mark (or `+` on a stack).
const CELL: usize = 3;
/// ANSI colour (256-colour index) of the last move's brackets: yellow.
const LAST_FG: u8 = 226;
/// ANSI background of a royal piece in check: red.
const CHECK_BG: u8 = 160;

/// How a position is drawn: from which side, and what is marked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct View {
    /// Turned half a turn: the other player's side at the bottom.
    pub flip: bool,
    /// The cells of the last move (origin and landing cell, a drop's cell), drawn in
    /// brackets: `[P]`.
    pub last: Vec<Cell>,
}

impl View {
    /// The cells a move played at `before` marks: a piece move's origin and landing cell, a
    /// drop's cell, a cell chosen in the open (a hidden choice marks nothing, nor do
    /// decisions between outcomes and chance).
    pub fn cells_of(g: &Game, before: &State, m: &Move) -> Vec<Cell> {
        match *m {
            Move::Piece(p) => vec![p.from, p.to],
            Move::Drop { to, .. } => vec![to],
            Move::Choose(c) if g.pending_step(before).is_some_and(|s| !s.hidden) => vec![c],
            _ => vec![],
        }
    }

    /// The view after `actions` played from `start`: the last action that marks cells is
    /// the last move. Actions that are not legal end the walk (the caller checks them).
    pub fn after_line<'a>(g: &Game, start: &State, actions: impl IntoIterator<Item = &'a str>) -> View {
        let mut st = start.clone();
        let mut last = vec![];
        for a in actions {
            let list = g.actions(&st);
            let Some(m) = g.find_move(&st, &list, a) else { break };
            let cells = View::cells_of(g, &st, &m);
            if !cells.is_empty() {
                last = cells;
            }
            g.apply(&mut st, &m, list.effects_of(&m));
        }
        View { flip: false, last }
    }
}

/// The board of `st` drawn with `view`: file letters over and under grid columns, row
/// labels on both sides, the cells, the last move's cells in brackets and a royal piece in
/// check between `!`s (in ANSI colour: yellow brackets and a red cell).
pub fn picture(g: &Game, st: &State, view: &View, style: Style) -> String {
    let lay = layout(&g.board, view.flip, CELL);
    let labels = coords(&g.board, &lay, CELL);
    let classes = Classes::of(g);
    let check = checked(g, st);
    let lw = labels.left.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut out = files_line(&labels, lw, lay.width);
    for (i, row) in lay.rows.iter().enumerate() {
        let mut line = format!(" {:>lw$} ", labels.left[i]);
        let mut col = 0;
        for &(c, at) in row {
            line.push_str(&" ".repeat(at - col));
            col = at + CELL;
            let (open, close) = if check.contains(&c) {
                ('!', '!')
            } else if view.last.contains(&c) {
                ('[', ']')
            } else {
                (' ', ' ')
            };
            let close = if stacked(st, c) { '+' } else { close };
            match style {
                Style::Plain => line.extend([open, plain_glyph(g, st, &classes, c), close]),
                Style::Ansi => line.push_str(&ansi_cell(ansi_glyph(g, st, &classes, c), open, close)),
            }
        }
        line.push_str(&" ".repeat(lay.width - col));
        line.push(' ');
        line.push_str(&labels.right[i]);
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&files_line(&labels, lw, lay.width));
    if let Some(key) = &labels.key {
        out.push_str(key);
        out.push('\n');
    }
    out
}

/// A cell in ANSI colour: its letter between its marks on its background; the last move's
/// brackets in yellow, a royal piece in check on red.
fn ansi_cell((fg, ch, bg): (u8, char, u8), open: char, close: char) -> String {
    let bg = if open == '!' { CHECK_BG } else { bg };
    let paint = |c: u8| format!("\x1b[1;38;5;{c};48;5;{bg}m");
    if open != '[' {
        return format!("{}{open}{ch}{close}\x1b[0m", paint(fg));
    }
    let close = if close == ']' { format!("{}]", paint(LAST_FG)) } else { close.to_string() };
    format!("{}[{}{ch}{close}\x1b[0m", paint(LAST_FG), paint(fg))
}

/// The file letters at their columns' centres (empty when no row is a grid row).
fn files_line(labels: &Coords, lw: usize, width: usize) -> String {
    if labels.files.is_empty() {
        return String::new();
    }
    let mut chars = vec![' '; lw + 2 + width + 8];
    for (col, f) in &labels.files {
        for (j, ch) in f.chars().enumerate() {
            if let Some(slot) = chars.get_mut(lw + 2 + col + j) {
                *slot = ch;
            }
        }
    }
    let line: String = chars.into_iter().collect();
    format!("{}\n", line.trim_end())
}
