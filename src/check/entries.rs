//! Entries from reserves with a move (`drop TYPES at WHERE [COND]`).

use super::builtins::{self, Kind, Places};
use super::checker::Checker;
use crate::diag::CheckCode;

impl Checker<'_> {
    /// Every entry rule: its types have reserves, WHERE is `from` or `vacated`, its condition
    /// is judged on cells; and no other rule of the game makes moves choose a cell.
    pub(super) fn entries(&mut self) {
        for e in self.m.entries.iter().copied() {
            for n in &e.types {
                match self.d.type_index(&n.text) {
                    Some(i) if self.d.reserves.iter().any(|(t, _)| *t as usize == i) => {}
                    Some(_) => self.err(
                        CheckCode::NoReserve,
                        n.span,
                        format!("`{}` has no reserve to enter from", n.text),
                        "declare one in [reserve.PLAYER] (it may start at 0)",
                    ),
                    None => self.unknown_piece(n),
                }
            }
            if builtins::find(Kind::EntryCell, &e.at.text).is_none() {
                self.err(
                    CheckCode::BadEntryCell,
                    e.at.span,
                    format!("a piece cannot enter `at {}`", e.at.text),
                    format!("write `at {}`", builtins::usages(Kind::EntryCell, "` or `at ")),
                );
            }
            self.cond(&e.cond, Places::PATTERN);
            let choosing = if !self.m.pushes.is_empty() {
                Some("name a piece to push (`push`)")
            } else if self.m.custodians.iter().any(|c| c.choose.is_some()) {
                Some("name its victim (`custodian ... choose`)")
            } else {
                None
            };
            if let Some(what) = choosing {
                self.err(
                    CheckCode::EntryWithChoice,
                    e.span,
                    format!("a move cannot both bring in a piece from the reserve and {what}"),
                    "leave out this `drop ... at` rule or the rule that makes moves choose",
                );
            }
        }
    }
}
