//! Hidden choices in `play`: while they are pending the players see the board as it was
//! before the first of them, and only the actions before it are shown or saved; when the
//! last is made they are revealed with what they did.

use super::{Line, Session};
use crate::engine::State;
use crate::front::{hidden_start, public_view};

impl<'g, L: Iterator<Item = Line>> Session<'g, L> {
    /// Once hidden choices are all made, says what they were and what they did.
    pub(super) fn reveal(&mut self) {
        if self.public.is_none() || self.hidden_step() {
            return;
        }
        let Some((before, n)) = self.public.take() else { return };
        println!("hidden choices revealed: {}", self.record[n..].join(" "));
        for e in self.g.changes(&before, &self.st) {
            println!("  {}", e.describe(self.g));
        }
    }

    /// The position as the players see it (the public board while choices are hidden).
    pub(super) fn shown(&self) -> State {
        public_view(self.public.as_ref(), &self.st)
    }

    /// When the current position is inside a run of hidden choices: the position before
    /// the first of them and the number of actions before it.
    pub(super) fn hidden_start(&self) -> Option<(State, usize)> {
        hidden_start(self.g, &self.undo, &self.st)
    }

    /// The actions that may be shown or saved: while hidden choices are pending, those
    /// before the first of them.
    pub(super) fn public_record(&self) -> &[String] {
        let n = self.public.as_ref().map_or(self.record.len(), |p| p.1);
        &self.record[..n.min(self.record.len())]
    }

    /// What a save leaves out while hidden choices are pending.
    pub(super) fn hidden_note(&self) -> String {
        let left = self.record.len() - self.public_record().len();
        match left {
            0 => String::new(),
            1 => " (not the hidden choice still pending)".to_string(),
            _ => format!(" (not the {left} hidden choices still pending)"),
        }
    }
}
