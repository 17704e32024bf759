//! Patterns, conditions and expressions.

use super::{Ctx, P, Rule, first};
use crate::diag::{Diag, SyntaxCode};
use crate::syntax::ast::*;

impl Ctx {
    pub(super) fn pattern(self, p: P) -> Result<Pattern, Diag> {
        let sp = self.span(&p);
        match p.as_rule() {
            Rule::pattern => {
                let mut alts = self.patterns(p)?;
                if alts.len() == 1 { Ok(alts.pop().unwrap()) } else { Ok(Pattern::Alt(alts, sp)) }
            }
            Rule::seq => {
                let mut items = self.patterns(p)?;
                if items.len() == 1 { Ok(items.pop().unwrap()) } else { Ok(Pattern::Seq(items, sp)) }
            }
            Rule::postfix => self.postfix(p, sp),
            Rule::group => self.pattern(first(p)),
            Rule::test => Ok(Pattern::Test(self.cond(first(p))?, sp)),
            Rule::mark => Ok(Pattern::Mark(self.inner_name(p))),
            Rule::turn => turn(p.as_str(), sp),
            Rule::call => self.call(p),
            Rule::dir_ref => Ok(Pattern::Dir(self.inner_name(p))),
            r => unreachable!("pattern {r:?}"),
        }
    }

    fn patterns(self, p: P) -> Result<Vec<Pattern>, Diag> {
        super::nesting::check_parts(&p, self.span(&p))?;
        p.into_inner().map(|q| self.pattern(q)).collect()
    }

    /// An atom with an optional quantifier.
    fn postfix(self, p: P, sp: Span) -> Result<Pattern, Diag> {
        let mut it = p.into_inner();
        let a = self.pattern(it.next().unwrap())?;
        let Some(q) = it.next() else { return Ok(a) };
        let greedy = it.next().is_some();
        let q = first(q);
        let qs = self.span(&q);
        let zero = Expr::Int(0, qs);
        let one = Expr::Int(1, qs);
        let (min, max) = match q.as_rule() {
            Rule::star => (zero, None),
            Rule::plus => (one, None),
            Rule::opt => (zero, Some(one)),
            _ => self.range(q)?,
        };
        Ok(Pattern::Repeat(Box::new(a), min, max, sp, greedy))
    }

    /// `{N}`, `{N,}` or `{N, M}`.
    fn range(self, q: P) -> Result<(Expr, Option<Expr>), Diag> {
        let mut i = q.into_inner();
        let lo = self.expr(i.next().unwrap())?;
        Ok(match i.next() {
            None => (lo.clone(), Some(lo)),
            Some(_comma) => match i.next() {
                None => (lo, None),
                Some(hi) => (lo, Some(self.expr(hi)?)),
            },
        })
    }

    /// `NAME(ARG, ...)`
    fn call(self, p: P) -> Result<Pattern, Diag> {
        let mut it = p.into_inner();
        let cn = it.next().unwrap();
        let text = cn.as_str().trim_end_matches('(').to_string();
        let mut nsp = self.span(&cn);
        nsp.end -= 1;
        let mut args = vec![];
        for a in it {
            let a = first(a);
            args.push(match a.as_rule() {
                Rule::mark => Arg::Mark(self.inner_name(a)),
                Rule::int => {
                    let s = self.span(&a);
                    Arg::Int(self.int(a)?, s)
                }
                _ => Arg::Pattern(self.pattern(a)?),
            });
        }
        Ok(Pattern::Call(Name { text, span: nsp }, args))
    }

    pub(super) fn cond(self, p: P) -> Result<Cond, Diag> {
        match p.as_rule() {
            Rule::cond => {
                let mut v = self.conds(p)?;
                if v.len() == 1 { Ok(v.pop().unwrap()) } else { Ok(Cond::Or(v)) }
            }
            Rule::cand => {
                let mut v = self.conds(p)?;
                if v.len() == 1 { Ok(v.pop().unwrap()) } else { Ok(Cond::And(v)) }
            }
            Rule::cnot => self.cnot(p),
            Rule::compare => self.compare(p),
            Rule::cfunc => {
                let mut it = p.into_inner();
                let n = self.name(it.next().unwrap());
                Ok(Cond::Func(n, it.map(|q| self.expr(q)).collect::<Result<_, _>>()?))
            }
            Rule::cfunc_in => {
                let (n, words, zone) = self.words_in(p);
                Ok(Cond::FuncIn(n, words, zone.unwrap()))
            }
            Rule::cfunc_along => {
                let mut it = p.into_inner();
                let (word, dirs) = (self.name(it.next().unwrap()), self.name(it.next().unwrap()));
                Ok(Cond::Along(word, dirs, Box::new(self.cond(it.next().unwrap())?)))
            }
            Rule::cname => Ok(Cond::Name(self.inner_name(p))),
            r => unreachable!("cond {r:?}"),
        }
    }

    fn conds(self, p: P) -> Result<Vec<Cond>, Diag> {
        super::nesting::check_parts(&p, self.span(&p))?;
        p.into_inner().map(|q| self.cond(q)).collect()
    }

    /// `!...COND`
    fn cnot(self, p: P) -> Result<Cond, Diag> {
        let mut nots = 0;
        let mut inner = None;
        for q in p.into_inner() {
            if q.as_rule() == Rule::not_op {
                nots += 1;
            } else {
                inner = Some(self.cond(q)?);
            }
        }
        // `!!c` is `c`: an odd count is one negation (a long run nests nothing).
        let c = inner.unwrap();
        Ok(if nots % 2 == 1 { Cond::Not(Box::new(c)) } else { c })
    }

    /// `EXPR OP EXPR`
    fn compare(self, p: P) -> Result<Cond, Diag> {
        let mut it = p.into_inner();
        let a = self.expr(it.next().unwrap())?;
        let op = match it.next().unwrap().as_str() {
            "==" => CmpOp::Eq,
            "!=" => CmpOp::Ne,
            "<" => CmpOp::Lt,
            "<=" => CmpOp::Le,
            ">" => CmpOp::Gt,
            _ => CmpOp::Ge,
        };
        let b = self.expr(it.next().unwrap())?;
        Ok(Cond::Cmp(a, op, b))
    }

    pub(super) fn expr(self, p: P) -> Result<Expr, Diag> {
        match p.as_rule() {
            Rule::expr => {
                let mut it = p.into_inner();
                let mut acc = self.expr(it.next().unwrap())?;
                let mut terms = 1;
                while let Some(op) = it.next() {
                    terms += 1;
                    if terms > super::nesting::MAX_NESTING {
                        return Err(super::nesting::too_long(self.span(&op)));
                    }
                    let rhs = self.expr(it.next().unwrap())?;
                    acc = Expr::Add(Box::new(acc), Box::new(rhs), op.as_str() == "-");
                }
                Ok(acc)
            }
            Rule::int => {
                let s = self.span(&p);
                Ok(Expr::Int(self.int(p)?, s))
            }
            Rule::ename => Ok(Expr::Name(self.inner_name(p))),
            Rule::efunc => self.efunc(p),
            r => unreachable!("expr {r:?}"),
        }
    }

    /// The first word, the other words and the zone of `in ZONE` (if any) of a pair made
    /// of names and an optional `sel_zone`.
    fn words_in(self, p: P) -> (Name, Vec<Name>, Option<Name>) {
        let mut words = vec![];
        let mut zone = None;
        for q in p.into_inner() {
            if q.as_rule() == Rule::sel_zone {
                zone = Some(self.inner_name(q));
            } else {
                words.push(self.name(q));
            }
        }
        let head = words.remove(0);
        (head, words, zone)
    }

    /// `NAME(SELECTOR, ...)`
    fn efunc(self, p: P) -> Result<Expr, Diag> {
        let mut it = p.into_inner();
        let n = self.name(it.next().unwrap());
        let mut args = vec![];
        for s in it {
            let inner = first(s);
            args.push(if inner.as_rule() == Rule::sel_words {
                match self.words_in(inner) {
                    (w, mut words, Some(zone)) => {
                        words.insert(0, w);
                        Selector::In(words, zone)
                    }
                    (w, mut words, None) => {
                        words.insert(0, w);
                        Selector::Words(words)
                    }
                }
            } else {
                Selector::Expr(self.expr(inner)?)
            });
        }
        Ok(Expr::Func(n, args))
    }
}

/// A turn such as `+45`, `-90`, `+-45` or `±45`.
fn turn(s: &str, sp: Span) -> Result<Pattern, Diag> {
    let (signs, digits): (&[i64], &str) = if let Some(d) = s.strip_prefix("+-") {
        (&[1, -1], d)
    } else if let Some(d) = s.strip_prefix('±') {
        (&[1, -1], d)
    } else if let Some(d) = s.strip_prefix('+') {
        (&[1], d)
    } else {
        (&[-1], &s[1..])
    };
    let a: i64 = digits
        .parse()
        .map_err(|_| Diag::new(SyntaxCode::AngleOutOfRange, sp, "angle out of range", "write an angle in degrees"))?;
    Ok(Pattern::Turn(signs.iter().map(|s| s * a).collect(), sp))
}
