//! End rules: `end { OUTCOME if COND ... }`.

use super::builtins::Places;
use super::checker::Checker;

impl Checker<'_> {
    /// Every end rule's condition, where the end-only built-ins are allowed.
    pub(super) fn ends(&mut self) {
        for e in self.m.ends.iter().copied() {
            self.cond(&e.cond, Places::END);
        }
    }
}
