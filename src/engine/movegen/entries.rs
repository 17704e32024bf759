//! Entries from reserves with a move (`drop TYPES at WHERE [COND]`): after a move is added,
//! one more action per piece type that may enter on each cell the move empties.

use super::Gen;
use crate::board::{Cell, NONE};
use crate::engine::action::{Chosen, ChosenAs, Effect, Move, PieceMove};
use crate::ir::limits::MAX_EFFECTS;

impl Gen<'_> {
    /// The move just added (the last of the list), once more for each entry: a type of an
    /// entry rule with a piece in the mover's reserve, on a cell the move empties where the
    /// rule's condition holds before the move.
    pub(super) fn add_entries(&mut self, from: Cell, to: Cell) {
        let (g, st, me) = (self.cx.g, self.cx.st, self.cx.me);
        let Some(&Move::Piece(plain)) = self.out.moves.last() else { return };
        let (cells, n) = self.emptied(from, to);
        let first = self.out.moves.len();
        for rule in &g.entries {
            for &c in &cells[..if rule.vacated { n } else { n.min(1) }] {
                if c == NONE || !self.cx.test(rule.cond[me as usize], c, false) {
                    continue;
                }
                for &(t, slot) in &rule.types {
                    let chosen = Some(Chosen { cell: c, how: ChosenAs::Entry(t) });
                    let dup = |m: &Move| matches!(m, Move::Piece(p) if p.chosen == chosen);
                    if st.vars[slot.at(me as usize)] > 0 && !self.out.moves[first..].iter().any(dup) {
                        self.out.moves.push(Move::Piece(PieceMove { chosen, ..plain }));
                    }
                }
            }
        }
    }

    /// The cells the move from `from` to `to` empties, origin first (NONE when it does
    /// not end empty), then the cells of the pieces it carries, with their number.
    fn emptied(&self, from: Cell, to: Cell) -> ([Cell; 1 + MAX_EFFECTS], usize) {
        let effects = &self.effects[..self.neffects];
        let filled = |c: Cell| {
            c == to
                || effects.iter().any(|e| matches!(*e, Effect::Carry(_, b) if b == c))
                || self.cx.st.stacks.iter().any(|&(x, _)| x == c)
        };
        let mut cells = [NONE; 1 + MAX_EFFECTS];
        cells[0] = if self.stack == 0 && !filled(from) { from } else { NONE };
        let mut n = 1;
        for e in effects {
            if let Effect::Carry(a, _) = *e
                && a != from
                && !filled(a)
                && !cells[..n].contains(&a)
            {
                cells[n] = a;
                n += 1;
            }
        }
        (cells, n)
    }
}
