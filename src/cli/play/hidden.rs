//! Hidden choices in `play`: while they are pending the players see the board as it was
//! before the first of them, and only the actions before it are shown or saved; when the
//! last is made they are revealed with what they did.

use super::{Line, Session};
use crate::engine::State;

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
        match &self.public {
            Some((p, _)) => {
                let mut d = p.clone();
                d.to_move = self.st.to_move;
                d.phase = self.st.phase;
                d
            }
            None => self.st.clone(),
        }
    }

    /// When the current position is inside a run of hidden choices: the position before
    /// the first of them and the number of actions before it.
    pub(super) fn hidden_start(&self) -> Option<(State, usize)> {
        if !self.hidden_step() {
            return None;
        }
        let hidden = |s: &State| self.g.pending_step(s).is_some_and(|d| d.hidden);
        let first = self.undo.iter().rposition(|u| !hidden(&u.0)).map_or(0, |i| i + 1);
        let st = self.undo.get(first).map_or_else(|| self.st.clone(), |u| u.0.clone());
        Some((st, first))
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
