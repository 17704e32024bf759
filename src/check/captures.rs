//! Captures beyond the pattern's own: `beats` (the relation of pushes and `can-beat`),
//! `push` and `custodian`.

use super::builtins::Places;
use super::checker::Checker;
use crate::diag::CheckCode;

impl Checker<'_> {
    /// Every `beats A > B`: two piece types (the first unknown one is reported).
    pub(super) fn beats(&mut self) {
        for (a, b) in self.m.beats.iter().copied() {
            if self.piece(a) {
                self.piece(b);
            }
        }
    }

    /// Every `push DIRS [COND] then NAME`.
    pub(super) fn pushes(&mut self) {
        for (d, cond, step) in self.m.pushes.iter().copied() {
            if self.direction(d) && self.followup(step) {
                self.cond(cond, Places::PATTERN);
            }
        }
    }

    /// Every `custodian DIRS ... [choose if OPTION]`.
    pub(super) fn custodians(&mut self) {
        for cu in self.m.custodians.iter().copied() {
            if !self.direction(&cu.dirs) {
                continue;
            }
            if let Some(o) = &cu.choose
                && !self.d.options.iter().any(|(n, _)| *n == o.text)
            {
                self.err(
                    CheckCode::UnknownOption,
                    o.span,
                    format!("unknown option `{}`", o.text),
                    "declare it in [options]",
                );
            }
        }
    }
}
