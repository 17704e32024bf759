//! What `play` draws: the board as the players see it, with the last move marked and the
//! side a person asked for at the bottom (`flip`).

use super::{Line, Session};
use crate::board::Cell;
use crate::render::{Style, View, show_view};

impl<'g, L: Iterator<Item = Line>> Session<'g, L> {
    /// The board, legend, state and turn as the players see them.
    pub(super) fn board(&self) -> String {
        let view = View { flip: self.flip, last: self.last_cells() };
        show_view(self.g, &self.shown(), &self.hist, &view, Style::for_stdout())
    }

    /// The cells of the last action that marks cells (a move's from and to, a drop's
    /// cell), skipping hidden choices and chance, which mark none.
    fn last_cells(&self) -> Vec<Cell> {
        let g = self.g;
        // `undo` holds the position before each of the last `undo.len()` actions.
        let offset = self.record.len().saturating_sub(self.undo.len());
        for (i, (before, _)) in self.undo.iter().enumerate().rev() {
            let Some(action) = self.record.get(offset + i) else { continue };
            let list = g.actions(before);
            if let Some(m) = g.find_move(before, &list, action) {
                let cells = View::cells_of(g, before, &m);
                if !cells.is_empty() {
                    return cells;
                }
            }
        }
        vec![]
    }

    /// `flip`: turns the board round (it is drawn again at the prompt).
    pub(super) fn flip(&mut self) {
        self.flip = !self.flip;
    }
}
