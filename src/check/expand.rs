//! Macro expansion: `define`d patterns and the prelude's macros substituted into the
//! patterns that call them, with a budget against runaway recursion.

use crate::check::merged::Merged;
use crate::diag::{CheckCode, Diag};
use crate::ir::limits::{MAX_EXPANSION_DEPTH, MAX_EXPANSION_NODES};
use crate::syntax::ast::{Arg, Expr, Name, Pattern, Selector};

/// Expands every macro call in a pattern. A call the macros do not define stays a call
/// (an action such as `remove(S)`, or an unknown name reported later); runaway
/// recursion is reported in `errs` and expands to nothing.
pub fn expand(m: &Merged, p: &Pattern, errs: &mut Vec<Diag>) -> Pattern {
    let mut x = Expander { m, errs, budget: 0 };
    x.expand_at(p, &Env::default(), 0)
}

/// Macro arguments bound while expanding.
#[derive(Clone, Default)]
struct Env {
    patterns: Vec<(String, Pattern)>,
    ints: Vec<(String, i64)>,
    marks: Vec<(String, String)>,
}

struct Expander<'a, 'e> {
    m: &'a Merged<'a>,
    errs: &'e mut Vec<Diag>,
    budget: usize,
}

impl Expander<'_, '_> {
    fn expand_at(&mut self, p: &Pattern, env: &Env, depth: usize) -> Pattern {
        self.budget += 1;
        if self.budget > MAX_EXPANSION_NODES || depth > MAX_EXPANSION_DEPTH {
            if self.budget <= MAX_EXPANSION_NODES {
                self.errs.push(Diag::new(
                    CheckCode::MacroRecursion,
                    p.span(),
                    "macro expansion too deep",
                    "a define may not call itself, directly or through others",
                ));
            }
            self.budget = 2 * MAX_EXPANSION_NODES;
            return Pattern::Seq(vec![], p.span());
        }
        match p {
            Pattern::Alt(v, s) => Pattern::Alt(v.iter().map(|x| self.expand_at(x, env, depth)).collect(), *s),
            Pattern::Seq(v, s) => {
                let mut out = vec![];
                for x in v {
                    match self.expand_at(x, env, depth) {
                        Pattern::Seq(inner, _) => out.extend(inner),
                        y => out.push(y),
                    }
                }
                Pattern::Seq(out, *s)
            }
            Pattern::Repeat(b, lo, hi, s, greedy) => {
                let hi = hi.as_ref().map(|h| subst_expr(h, env));
                Pattern::Repeat(Box::new(self.expand_at(b, env, depth)), subst_expr(lo, env), hi, *s, *greedy)
            }
            Pattern::Dir(n) => match env.patterns.iter().rev().find(|(k, _)| *k == n.text) {
                Some((_, q)) => q.clone(),
                None => match self.m.defines.get(&(n.text.clone(), 0)) {
                    // A define without parameters is used by its bare name.
                    Some(def) => {
                        let body = def.body.clone();
                        self.expand_at(&body, &Env::default(), depth + 1)
                    }
                    None => p.clone(),
                },
            },
            Pattern::Mark(n) => match env.marks.iter().rev().find(|(k, _)| *k == n.text) {
                Some((_, m)) => Pattern::Mark(Name { text: m.clone(), span: n.span }),
                None => p.clone(),
            },
            Pattern::Call(n, args) => {
                let args: Vec<Arg> = args
                    .iter()
                    .map(|a| match a {
                        Arg::Pattern(q) => Arg::Pattern(self.expand_at(q, env, depth)),
                        Arg::Mark(m) => match env.marks.iter().rev().find(|(k, _)| *k == m.text) {
                            Some((_, x)) => Arg::Mark(Name { text: x.clone(), span: m.span }),
                            None => a.clone(),
                        },
                        Arg::Int(..) => a.clone(),
                    })
                    .collect();
                if let Some(def) = self.m.defines.get(&(n.text.clone(), args.len())) {
                    let mut inner = Env::default();
                    for (param, a) in def.params.iter().zip(&args) {
                        match a {
                            Arg::Pattern(q) => {
                                // A single-word argument may also be used as a number or mark name.
                                inner.patterns.push((param.text.clone(), q.clone()));
                            }
                            Arg::Int(v, _) => inner.ints.push((param.text.clone(), *v)),
                            Arg::Mark(m) => inner.marks.push((param.text.clone(), m.text.clone())),
                        }
                    }
                    let body = def.body.clone();
                    self.expand_at(&body, &inner, depth + 1)
                } else {
                    Pattern::Call(n.clone(), args)
                }
            }
            Pattern::Turn(..) | Pattern::Test(..) => p.clone(),
        }
    }
}

fn subst_expr(e: &Expr, env: &Env) -> Expr {
    match e {
        Expr::Name(n) => {
            if let Some((_, v)) = env.ints.iter().rev().find(|(k, _)| *k == n.text) {
                return Expr::Int(*v, n.span);
            }
            if let Some((_, Pattern::Dir(d))) = env.patterns.iter().rev().find(|(k, _)| *k == n.text) {
                return Expr::Name(d.clone());
            }
            e.clone()
        }
        Expr::Add(a, b, neg) => Expr::Add(Box::new(subst_expr(a, env)), Box::new(subst_expr(b, env)), *neg),
        Expr::Func(n, args) => Expr::Func(
            n.clone(),
            args.iter()
                .map(|s| match s {
                    Selector::Expr(x) => Selector::Expr(subst_expr(x, env)),
                    w => w.clone(),
                })
                .collect(),
        ),
        Expr::Int(..) => e.clone(),
    }
}
