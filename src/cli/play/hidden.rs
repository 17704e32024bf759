//! Hidden choices in `play`: while they are pending the players see the board as it was
//! before the first of them, and only the actions before it are shown or saved; when the
//! last is made they are revealed with what they did.

use super::{Line, Session};
use crate::engine::State;
use crate::ir::Game;

/// The position as the players see it: while hidden choices are pending (`public`: the
/// board before the first of them), that board with the current player and phase.
pub fn public_view(public: Option<&(State, usize)>, st: &State) -> State {
    match public {
        Some((p, _)) => {
            let mut d = p.clone();
            d.to_move = st.to_move;
            d.phase = st.phase;
            d
        }
        None => st.clone(),
    }
}

/// When `st` is inside a run of hidden choices: the position before the first of them and
/// the number of actions before it; `before` holds the position before each action played
/// (with whether a person decided there), the last ones at least.
pub fn hidden_start(g: &Game, before: &[(State, bool)], st: &State) -> Option<(State, usize)> {
    if !g.pending_step(st).is_some_and(|s| s.hidden) {
        return None;
    }
    let hidden = |s: &State| g.pending_step(s).is_some_and(|d| d.hidden);
    let first = before.iter().rposition(|u| !hidden(&u.0)).map_or(0, |i| i + 1);
    let at = before.get(first).map_or_else(|| st.clone(), |u| u.0.clone());
    Some((at, first))
}

/// Where a chance outcome drawn at `st` (after `played` actions) is remembered, so that
/// the node met again after an undo draws the same: each setup step by its number, any
/// other node by its position and the actions before it.
pub fn chance_key(g: &Game, st: &State, played: usize) -> (u64, usize) {
    if (st.setup_done as usize) < g.setup_steps.len() {
        (u64::MAX, st.setup_done as usize)
    } else {
        (g.position_key(st), played)
    }
}

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
