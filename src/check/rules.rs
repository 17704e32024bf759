//! Drop rules (`drop TYPES if COND`) and obligations (`require TYPES if COND`).

use super::builtins::Places;
use super::checker::Checker;
use crate::diag::CheckCode;
use crate::syntax::ast::{MoveClass, Name};

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
            self.cond(cond, Places::DROP);
        }
    }

    /// Every `require`: its class (piece types, or `capture`), and its condition judged
    /// like a trigger's.
    pub(super) fn requires(&mut self) {
        self.captures_once();
        for r in self.m.requires.iter().copied() {
            if let MoveClass::Types(names) = &r.class {
                for n in names {
                    self.required_type(n);
                }
            }
            if let Some(cond) = &r.cond {
                self.cond(cond, Places::TRIGGER);
            }
        }
    }

    /// `captures distinct` is said once for the whole game (the files it extends included).
    fn captures_once(&mut self) {
        for (_, span) in self.m.captures.iter().skip(1).copied() {
            self.err(
                CheckCode::CapturesTwice,
                *span,
                "`captures distinct` is declared again",
                "say once which capture sequences are one move: `captures distinct` or `captures distinct by path`",
            );
        }
    }

    /// A name in `require`'s list of types: a piece type; a lower-case word is reported
    /// with the classes of moves `require` also knows.
    fn required_type(&mut self, n: &Name) {
        if self.d.type_index(&n.text).is_some() {
            return;
        }
        if n.text.starts_with(|c: char| c.is_ascii_lowercase()) {
            let hint = format!("{}; `require capture` keeps the moves that take a piece", self.d.piece_hint());
            self.err(CheckCode::UnknownPiece, n.span, format!("unknown piece `{}`", n.text), hint);
        } else {
            self.unknown_piece(n);
        }
    }
}
