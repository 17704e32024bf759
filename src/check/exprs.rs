//! Expressions: names (counters, options, players, `me`, `removed`) and functions.

use super::builtins::{self, Kind};
use super::checker::Checker;
use crate::diag::CheckCode;
use crate::syntax::ast::{Expr, Name, Selector};

impl Checker<'_> {
    /// Checks an expression; returns whether lowering folds it to a constant (a mistake
    /// counts as the constant 0, so it is reported once).
    pub(super) fn expr(&mut self, e: &Expr) -> bool {
        match e {
            Expr::Int(..) => true,
            Expr::Add(a, b, _) => {
                let a = self.expr(a);
                let b = self.expr(b);
                a && b
            }
            Expr::Name(n) => self.expr_name(n),
            Expr::Func(n, args) => self.expr_func(n, args),
        }
    }

    /// A name in an expression, resolved as lowering does: counter, option, player,
    /// then the built-in names.
    fn expr_name(&mut self, n: &Name) -> bool {
        let t = n.text.as_str();
        if self.d.var(t).is_some() {
            false
        } else if self.d.options.iter().any(|(o, _)| o == t) || self.d.players.iter().any(|x| x == t) {
            true
        } else if builtins::find(Kind::ExprName, t).is_some() {
            false
        } else {
            self.err(
                CheckCode::UnknownName,
                n.span,
                format!("unknown name `{t}` in an expression"),
                "use a counter, an option, a player or a number",
            );
            true
        }
    }

    fn expr_func(&mut self, n: &Name, args: &[Selector]) -> bool {
        let known = builtins::find(Kind::ExprFunction, &n.text).filter(|b| (b.args.0..=b.args.1).contains(&args.len()));
        match known.map(|b| b.name) {
            Some("max" | "min") => {
                let a = self.selector(&args[0]);
                let b = self.selector(&args[1]);
                a && b
            }
            Some("count") => {
                self.count(args);
                false
            }
            Some(_) => self.counter_arg(n, &args[0]),
            None => {
                self.err(
                    CheckCode::UnknownFunction,
                    n.span,
                    format!("unknown function `{}`", n.text),
                    format!("known: {}", builtins::usages(Kind::ExprFunction, ", ")),
                );
                true
            }
        }
    }

    /// Reports `in ZONE` given to a function other than `count`.
    fn no_zone(&mut self, z: &Name) {
        self.err(
            CheckCode::ZoneNotTaken,
            z.span,
            format!("`in {}`: only count(...) and can-move(...) take a zone", z.text),
            "write the zone inside count(...): count(friend K in ZONE)",
        );
    }

    /// The argument of `enemy(...)` or `friend(...)`: a per-player counter.
    fn counter_arg(&mut self, n: &Name, arg: &Selector) -> bool {
        match arg {
            Selector::In(_, z) => {
                self.no_zone(z);
                true
            }
            Selector::Expr(Expr::Name(x)) => match self.d.var(&x.text) {
                Some((_, true)) => false,
                _ => {
                    self.err(
                        CheckCode::NotPerPlayerCounter,
                        x.span,
                        format!("`{}` is not a per-player counter", x.text),
                        "declare it with `counter NAME per-player = 0`",
                    );
                    true
                }
            },
            _ => {
                self.err(CheckCode::NotPerPlayerCounter, n.span, "expected a counter name", "write enemy(NAME)");
                true
            }
        }
    }

    fn selector(&mut self, s: &Selector) -> bool {
        match s {
            Selector::Expr(e) => self.expr(e),
            Selector::In(_, z) => {
                self.no_zone(z);
                true
            }
            Selector::Words(w) => {
                self.err(
                    CheckCode::ExpectedExpression,
                    w[0].span,
                    "expected an expression",
                    "write a number, a counter or a function",
                );
                true
            }
        }
    }

    /// The words of `count(...)`: sides and piece letters.
    fn count(&mut self, args: &[Selector]) {
        for s in args {
            if let Selector::In(_, z) = s {
                self.zone(z);
            }
        }
        let words = args.iter().flat_map(|s| match s {
            Selector::Words(w) | Selector::In(w, _) => w.iter().collect(),
            Selector::Expr(Expr::Name(x)) => vec![x],
            _ => vec![],
        });
        for w in words {
            let t = w.text.as_str();
            if builtins::find(Kind::CountWord, t).is_none()
                && !self.d.factions.iter().any(|x| x == t)
                && self.d.type_index(t).is_none()
            {
                self.err(
                    CheckCode::NotSideOrPiece,
                    w.span,
                    format!("`{t}` is not a side or piece"),
                    "write count(friend R), count(enemy), count(white K)",
                );
            }
        }
    }
}
