//! Passing and conditional attacks: `pass [if COND]`, `on pass` triggers, the conditions
//! of `attack PATTERN if COND`, and the condition function `sees(X, DIRS, Y)`.

use super::builtins::Places;
use super::checker::Checker;
use crate::diag::CheckCode;
use crate::syntax::ast::{Cond, Event, Expr, Name};

impl Checker<'_> {
    /// Every `pass` rule's condition (judged like a `require`'s), the conditions of
    /// conditional attacks, and `on pass` triggers.
    pub(super) fn passes(&mut self) {
        for (cond, _, _) in self.m.passes.iter().copied() {
            if let Some(c) = cond {
                self.cond(c, Places::TRIGGER);
            }
        }
        for pd in self.m.pieces.iter().copied() {
            for c in pd.attack_ifs.iter().flatten() {
                self.cond(c, Places::TRIGGER);
                if let Some(n) = asks_attacks(c) {
                    self.err(
                        CheckCode::AttackIfAsksAttacks,
                        n.span,
                        format!("an attack's condition may not ask about attacks (`{}`)", n.text),
                        "test the board, counters or sees(...) instead",
                    );
                }
            }
        }
        for t in self.m.triggers.iter().copied() {
            if t.event == Event::Pass
                && let Some(n) = t.types.first()
            {
                self.err(
                    CheckCode::PassTypes,
                    n.span,
                    format!("`on pass {}`: a pass moves no piece", n.text),
                    "leave the piece types out: on pass { ... }",
                );
            }
        }
    }

    /// `sees(X, DIRS, Y)`: a piece letter, a direction or set, a piece letter.
    pub(super) fn sees(&mut self, n: &Name, args: &[Expr]) {
        let names: Vec<&Name> = args
            .iter()
            .filter_map(|a| match a {
                Expr::Name(x) => Some(x),
                _ => None,
            })
            .collect();
        if args.len() != 3 || names.len() != 3 {
            self.err(
                CheckCode::BadSees,
                n.span,
                "`sees` takes a piece letter, a direction and a piece letter",
                "write e.g. sees(K, file, K)",
            );
            return;
        }
        self.piece(names[0]);
        self.direction(names[1]);
        self.piece(names[2]);
    }
}

/// The first built-in attack question in a condition: `check`, `attacked` (or a function
/// of that name), `threatens(...)`.
fn asks_attacks(c: &Cond) -> Option<&Name> {
    match c {
        Cond::Or(v) | Cond::And(v) => v.iter().find_map(asks_attacks),
        Cond::Not(x) => asks_attacks(x),
        Cond::Name(n) | Cond::Func(n, _) if n.text == "check" || n.text == "attacked" => Some(n),
        Cond::Func(n, _) if n.text == "threatens" => Some(n),
        _ => None,
    }
}
