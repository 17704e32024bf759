//! Pieces: their moves, attacks and promotions, the tallies that count their moves, and
//! the types captured pieces demote to.

use super::checker::Checker;
use crate::syntax::ast::PromoteWhere;

impl Checker<'_> {
    /// Every `piece` block: its type, its patterns, its promotion zones and types.
    pub(super) fn pieces(&mut self) {
        for pd in self.m.pieces.iter().copied() {
            if !self.piece(&pd.name) {
                continue;
            }
            pd.moves.iter().chain(&pd.attacks).for_each(|p| self.pattern(p));
            for pr in &pd.promotes {
                let zones_ok = pr.wheres.iter().fold(true, |ok, w| match w {
                    PromoteWhere::In(z) | PromoteWhere::From(z) => self.zone(z) && ok,
                    PromoteWhere::Stuck(_) => ok,
                });
                if zones_ok {
                    pr.to.iter().for_each(|n| {
                        self.piece(n);
                    });
                }
            }
        }
    }

    /// Every `tally`: its types and its pattern.
    pub(super) fn tallies(&mut self) {
        for t in self.m.tallies.iter().copied() {
            t.types.iter().for_each(|n| {
                self.piece(n);
            });
            self.pattern(&t.when);
        }
    }

    /// `[pieces.X] demote = "T"`: T is a piece type.
    pub(super) fn demotions(&mut self) {
        for p in &self.spec.pieces {
            if let Some(d) = &p.demote
                && (self.d.type_index(&p.letter.text).is_none() || self.d.type_index(&d.text).is_none())
            {
                self.unknown_piece(d);
            }
        }
    }
}
