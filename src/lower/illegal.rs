//! Legality judged after the move: `illegal` rules.

use super::Lowerer;
use crate::ir::{Cond, Game, IllegalRule};

impl Lowerer<'_> {
    /// `illegal ["NAME"] if COND`: the condition (the mover in context) and whether it
    /// reads only check.
    pub(super) fn illegals(&mut self, g: &mut Game) {
        for r in &self.m.illegals {
            let cc = self.cond(&r.cond, 0);
            let checks_only = checks_only(&cc);
            let promo_only = promo_only(&cc);
            let drops_only = drops_only(&cc);
            let cond = self.t.cond(cc);
            let name = r.name.as_ref().map(|n| n.text.clone());
            g.illegals.push(IllegalRule { cond, name, text: r.text.clone(), checks_only, promo_only, drops_only });
        }
    }
}

/// Whether a condition can hold only after a move that promoted its piece.
fn promo_only(c: &Cond) -> bool {
    match c {
        Cond::Promoted => true,
        Cond::And(v) => v.iter().any(promo_only),
        _ => false,
    }
}

/// Whether a condition reads nothing but whose royal pieces are attacked, and constants.
fn checks_only(c: &Cond) -> bool {
    match c {
        Cond::True | Cond::Check | Cond::CheckOf(_) => true,
        Cond::And(v) | Cond::Or(v) => v.iter().all(checks_only),
        Cond::Not(x) => checks_only(x),
        Cond::Cmp(a, _, b) => a.constant().is_some() && b.constant().is_some(),
        _ => false,
    }
}

/// The types whose drops a condition requires (`dropped(...)`, alone or in a conjunction);
/// 0 when it may hold after any move.
fn drops_only(c: &Cond) -> u64 {
    match c {
        Cond::Dropped(mask) => *mask,
        Cond::And(v) => v.iter().map(drops_only).filter(|&m| m != 0).fold(0, |a, m| if a == 0 { m } else { a & m }),
        _ => 0,
    }
}
