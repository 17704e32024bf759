//! Promotion by a move's own path (`promote(X)`, which may keep the piece on its cell),
//! the condition `threatens(X)`, the condition `promoted` of `illegal` rules, and the
//! placement obligation `require drop`.

use super::checker::Checker;
use super::expand;
use crate::diag::CheckCode;
use crate::syntax::ast::{Arg, Expr, MoveClass, Name, Pattern};

impl Checker<'_> {
    /// The arguments of `promote(X, ...)`: each a piece type.
    pub(super) fn promote_args(&mut self, n: &Name, args: &[Arg]) {
        for a in args {
            match a {
                Arg::Pattern(Pattern::Dir(x)) if x.text.starts_with(|c: char| c.is_ascii_uppercase()) => {
                    self.piece(x);
                }
                _ => self.err(
                    CheckCode::BadActionArgument,
                    n.span,
                    "promote needs piece letters",
                    "write e.g. promote(F) or promote(Q, R)",
                ),
            }
        }
    }

    /// `promote(...)` makes moves: an `attack` line, which makes none, may not hold it.
    pub(super) fn attack_promotes(&mut self) {
        for pd in self.m.pieces.iter().copied() {
            for pat in &pd.attacks {
                let pat = expand::expand(self.m, pat, &mut vec![]);
                if let Some(n) = promote_call(&pat) {
                    self.err(
                        CheckCode::PromoteInAttack,
                        n.span,
                        format!("`promote(...)` in an attack line of `{}`: attack lines make no moves", pd.name.text),
                        "write the promotion in a `move` line; attack lines say only what the piece attacks",
                    );
                }
            }
        }
    }

    /// `require drop` needs a `drop TYPES [COND]` rule to keep.
    pub(super) fn require_drops(&mut self) {
        for r in self.m.requires.iter().copied() {
            if let MoveClass::Drop(at) = r.class
                && self.m.drops.is_empty()
            {
                self.err(
                    CheckCode::RequireDropWithoutDrops,
                    at,
                    "`require drop` in a game without drops",
                    "declare what may be dropped where: `drop TYPES [COND]` with a [reserve.PLAYER] table",
                );
            }
        }
    }

    /// The condition word `promoted`: only `illegal` rules judge a move that was just made.
    pub(super) fn promoted_word(&mut self, n: &Name) {
        if !self.in_illegal {
            self.err(
                CheckCode::PromotedOutsideIllegal,
                n.span,
                "`promoted` outside an `illegal` rule: it tells whether the move just made promoted its piece",
                "use it in `illegal [\"NAME\"] if promoted & ...`",
            );
        }
    }

    /// The arguments of `threatens(X, ...)`: piece letters.
    pub(super) fn threatens_args(&mut self, n: &Name, args: &[Expr]) {
        let letters = !args.is_empty() && args.iter().all(|a| matches!(a, Expr::Name(_)));
        if !letters {
            self.err(
                CheckCode::BadThreatens,
                n.span,
                "`threatens(...)` takes piece letters",
                "write e.g. [!threatens(F)]: a piece of type F standing here would attack no enemy piece",
            );
            return;
        }
        for a in args {
            if let Expr::Name(x) = a {
                self.piece(x);
            }
        }
    }
}

/// The first `promote(...)` call of a pattern.
fn promote_call(p: &Pattern) -> Option<&Name> {
    match p {
        Pattern::Seq(v, _) | Pattern::Alt(v, _) => v.iter().find_map(promote_call),
        Pattern::Repeat(b, ..) => promote_call(b),
        Pattern::Call(n, _) if n.text == "promote" => Some(n),
        Pattern::Call(..) | Pattern::Test(..) | Pattern::Mark(_) | Pattern::Dir(_) | Pattern::Turn(..) => None,
    }
}
