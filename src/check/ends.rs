//! End rules: `end { OUTCOME ["NAME"] if COND ... }`: each condition, where the end-only
//! built-ins are allowed, and each name (not empty, on one line, and not shared by a draw
//! and a rule that decides a winner).

use super::builtins::Places;
use super::checker::Checker;
use crate::diag::CheckCode;
use crate::vocab::Outcome;

impl Checker<'_> {
    /// Every end rule's condition and name.
    pub(super) fn ends(&mut self) {
        for e in self.m.ends.iter().copied() {
            self.cond(&e.cond, Places::END);
        }
        self.end_names();
    }

    /// The names of the end rules: each says in a few words why a game ended, in `play`,
    /// `show`, records and selfplay's counts of endings by name.
    fn end_names(&mut self) {
        let ends = self.m.ends.clone();
        for (i, e) in ends.iter().enumerate() {
            let Some(name) = &e.name else { continue };
            if name.text.trim().is_empty() {
                self.err(
                    CheckCode::EmptyEndName,
                    name.span,
                    "an end rule with an empty name",
                    format!("name it (`{} \"checkmate\" if …`) or leave the quotes out", outcome_word(e.outcome)),
                );
            } else if name.text.contains(['\n', '\r']) {
                self.err(
                    CheckCode::MultilineEndName,
                    name.span,
                    format!("the end rule's name `{}` runs over several lines", name.text.replace(['\n', '\r'], " ")),
                    "a name is a few words on one line (reports print it inside a sentence)",
                );
            } else if let Some(earlier) = ends[..i].iter().find(|d| {
                d.name.as_ref().is_some_and(|n| n.text == name.text)
                    && (d.outcome == Outcome::Draw) != (e.outcome == Outcome::Draw)
            }) {
                let line = |o: Outcome| if o == Outcome::Draw { "a draw" } else { "a win or loss" };
                self.err(
                    CheckCode::EndNameOutcomes,
                    name.span,
                    format!(
                        "the end rule `{}` is named `{}` like the earlier rule `{}`, but one gives {} and the other {}",
                        e.text,
                        name.text,
                        earlier.text,
                        line(earlier.outcome),
                        line(e.outcome)
                    ),
                    "give them different names: a game's result is reported with its rule's name, and endings are counted by name",
                );
            }
        }
    }
}

/// The word of an outcome in the rules language.
fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Loss => "loss",
        Outcome::Draw => "draw",
    }
}
