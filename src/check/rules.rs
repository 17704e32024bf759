//! Drop rules (`drop TYPES if COND`) and obligations (`require TYPES if COND`).

use super::builtins::Places;
use super::checker::Checker;
use crate::diag::CheckCode;

impl Checker<'_> {
    /// Every drop rule: its types have reserves; its condition is judged on cells.
    pub(super) fn drops(&mut self) {
        for (names, cond) in self.m.drops.iter().copied() {
            for n in names {
                match self.d.type_index(&n.text) {
                    Some(i) if self.d.reserves.iter().any(|(t, _)| *t as usize == i) => {}
                    Some(_) => self.err(
                        CheckCode::NoReserve,
                        n.span,
                        format!("`{}` has no reserve to drop from", n.text),
                        "declare one in [reserve.PLAYER] (it may start at 0)",
                    ),
                    None => self.unknown_piece(n),
                }
            }
            self.cond(cond, Places::PATTERN);
        }
    }

    /// Every `require`: its types, and its condition judged like a trigger's.
    pub(super) fn requires(&mut self) {
        for (names, cond) in self.m.requires.iter().copied() {
            names.iter().for_each(|n| {
                self.piece(n);
            });
            self.cond(cond, Places::TRIGGER);
        }
    }
}
