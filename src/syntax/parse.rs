//! Parses rules text into the [`ast`](super::ast) with pest.

use super::ast::*;
use crate::diag::Diag;
use pest::Parser;
use pest::iterators::Pair;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/rules.pest"]
struct RulesParser;

type P<'a> = Pair<'a, Rule>;

thread_local! {
    /// Added to every span: where the text being parsed starts in the shared span space.
    static SHIFT: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn span(p: &P) -> Span {
    let s = p.as_span();
    let k = SHIFT.with(|c| c.get());
    Span { start: s.start() + k, end: s.end() + k }
}

fn name(p: P) -> Name {
    Name { text: p.as_str().to_string(), span: span(&p) }
}

fn int(p: P) -> Result<i64, Diag> {
    p.as_str().parse().map_err(|_| Diag::legacy(span(&p), "number out of range", "use a smaller number"))
}

/// Parses one rules text; `shift` is added to every span (the text's place in the span space).
pub fn parse(text: &str, shift: usize) -> Result<Rules, Diag> {
    SHIFT.with(|c| c.set(shift));
    let mut pairs = RulesParser::parse(Rule::file, text).map_err(|e| {
        let mut d = pest_error(e);
        d.span.start += shift;
        d.span.end += shift;
        d
    })?;
    let file = pairs.next().expect("file rule");
    let mut rules = Rules::default();
    for item in file.into_inner() {
        match item.as_rule() {
            Rule::board => rules.boards.push(board(item)?),
            Rule::dirs => {
                let mut it = item.into_inner();
                let n = name(it.next().unwrap());
                rules.dirs.push((n, it.map(name).collect()));
            }
            Rule::orient => {
                let mut it = item.into_inner();
                let n = name(it.next().unwrap());
                let v = it.next().unwrap();
                if v.as_rule() == Rule::flip_kw {
                    rules.orients.push((n, 0, true));
                } else {
                    rules.orients.push((n, int(v)?, false));
                }
            }
            Rule::zone => rules.zones.push(zone(item)?),
            Rule::piece => rules.pieces.push(piece(item)?),
            Rule::define => {
                let mut it = item.into_inner();
                let n = name(it.next().unwrap());
                let mut params = vec![];
                let mut body = it.next().unwrap();
                if body.as_rule() == Rule::params {
                    params = body.into_inner().map(name).collect();
                    body = it.next().unwrap();
                }
                rules.defines.push(Define { name: n, params, body: pattern(body)? });
            }
            Rule::counter => {
                let mut clock = false;
                let mut per_player = false;
                let mut n = None;
                let mut init = 0;
                for p in item.into_inner() {
                    match p.as_rule() {
                        Rule::clock_kw => clock = true,
                        Rule::per_player => per_player = true,
                        Rule::ident => n = Some(name(p)),
                        Rule::int => init = int(p)?,
                        _ => {}
                    }
                }
                rules.counters.push(CounterDecl { name: n.unwrap(), per_player, clock, init });
            }
            Rule::register => {
                let mut it = item.into_inner();
                let n = name(it.next().unwrap());
                rules.registers.push((n, it.next().is_some()));
            }
            Rule::beats => {
                for pair in item.into_inner() {
                    let mut it = pair.into_inner();
                    let a = name(it.next().unwrap());
                    let b = name(it.next().unwrap());
                    rules.beats.push((a, b));
                }
            }
            Rule::push_rule => {
                let mut it = item.into_inner();
                let dirs = name(it.next().unwrap());
                let test = it.next().unwrap();
                let c = cond(test.into_inner().next().unwrap())?;
                let step = name(it.next().unwrap());
                rules.pushes.push((dirs, c, step));
            }
            Rule::trigger => rules.triggers.push(trigger(item)?),
            Rule::end => {
                for r in item.into_inner() {
                    let sp = span(&r);
                    let mut it = r.into_inner();
                    let outcome = match it.next().unwrap().as_str() {
                        "win" => Outcome::Win,
                        "loss" => Outcome::Loss,
                        _ => Outcome::Draw,
                    };
                    let mut next = it.next().unwrap();
                    let auto = next.as_rule() == Rule::auto_kw;
                    if auto {
                        next = it.next().unwrap();
                    }
                    let cond = cond(next)?;
                    rules.ends.push(EndRule { outcome, cond, auto, span: sp });
                }
            }
            Rule::custodian => {
                let mut it = item.into_inner();
                let dirs = name(it.next().unwrap());
                let class = it.next().unwrap();
                let colour = match class.as_rule() {
                    Rule::class_colour => Some(int(class.into_inner().next().unwrap())?),
                    _ => None,
                };
                let choose = it.next().map(|c| name(c.into_inner().next().unwrap()));
                rules.custodians.push(Custodian { dirs, colour, choose });
            }
            Rule::setup => {
                rules.setup = Some(item.into_inner().map(step).collect::<Result<_, _>>()?);
            }
            Rule::followup => rules.followups.push(step(item.into_inner().next().unwrap())?),
            Rule::tally => {
                let mut it = item.into_inner();
                let n = name(it.next().unwrap());
                let max = int(it.next().unwrap())?;
                let mut types = vec![];
                let mut when = None;
                for q in it {
                    match q.as_rule() {
                        Rule::ident => types.push(name(q)),
                        _ => when = Some(pattern(q)?),
                    }
                }
                rules.tallies.push(Tally { name: n, max, types, when: when.unwrap() });
            }
            Rule::drop_rule => {
                let mut names = vec![];
                let mut c = None;
                for q in item.into_inner() {
                    match q.as_rule() {
                        Rule::ident => names.push(name(q)),
                        _ => c = Some(cond(q.into_inner().next().unwrap())?),
                    }
                }
                rules.drops.push((names, c.unwrap()));
            }
            Rule::require => {
                let mut names = vec![];
                let mut c = None;
                for q in item.into_inner() {
                    match q.as_rule() {
                        Rule::ident => names.push(name(q)),
                        _ => c = Some(cond(q)?),
                    }
                }
                rules.requires.push((names, c.unwrap()));
            }
            Rule::EOI => {}
            r => unreachable!("unexpected item {r:?}"),
        }
    }
    Ok(rules)
}

fn pest_error(e: pest::error::Error<Rule>) -> Diag {
    let (start, end) = match e.location {
        pest::error::InputLocation::Pos(p) => (p, p),
        pest::error::InputLocation::Span((a, b)) => (a, b),
    };
    let msg = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<String> = positives.iter().map(describe).collect();
            names.sort();
            names.dedup();
            if names.is_empty() {
                "syntax error".to_string()
            } else {
                format!("syntax error: expected {}", names.join(", "))
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    Diag::legacy(Span { start, end }, msg, "see docs/LANGUAGE.md for the syntax of each statement")
}

fn describe(r: &Rule) -> String {
    match r {
        Rule::ident | Rule::dir_ref | Rule::cname | Rule::ename => "a name".into(),
        Rule::int | Rule::number => "a number".into(),
        Rule::pattern | Rule::seq | Rule::postfix => "a pattern".into(),
        Rule::cond | Rule::cand | Rule::cnot => "a condition".into(),
        Rule::expr => "an expression".into(),
        Rule::EOI => "a statement (board, dirs, zone, piece, define, counter, register, on, end)".into(),
        other => format!("{other:?}").replace('_', " "),
    }
}

fn board(p: P) -> Result<BoardDecl, Diag> {
    let sp = span(&p);
    let mut it = p.into_inner();
    let g = it.next().unwrap().into_inner().next().unwrap();
    let generator = match g.as_rule() {
        Rule::gen_square => {
            let mut i = g.into_inner();
            let f0 = name(i.next().unwrap());
            let f1 = name(i.next().unwrap());
            let r0 = int(i.next().unwrap())?;
            let r1 = int(i.next().unwrap())?;
            Generator::Square { files: (f0, f1), ranks: (r0, r1) }
        }
        Rule::gen_triangle => Generator::Triangle { rows: int(g.into_inner().next().unwrap())? },
        _ => Generator::Hex { radius: int(g.into_inner().next().unwrap())? },
    };
    let mut stmts = vec![];
    for s in it {
        let ssp = span(&s);
        stmts.push(match s.as_rule() {
            Rule::remove_stmt => BoardStmt::Remove(s.into_inner().map(name).collect()),
            Rule::cell_stmt => {
                let mut n = None;
                let mut c = (0.0, 0.0);
                for q in s.into_inner() {
                    if q.as_rule() == Rule::ident {
                        n = Some(name(q));
                    } else {
                        let v: Vec<f64> = q.into_inner().map(|x| x.as_str().parse().unwrap_or(0.0)).collect();
                        c = (v[0], v[1]);
                    }
                }
                BoardStmt::Cell(n, c, ssp)
            }
            Rule::link_stmt => {
                let mut i = s.into_inner();
                let a = name(i.next().unwrap());
                let d = name(i.next().unwrap());
                BoardStmt::Link(a, d, i.map(name).collect())
            }
            _ => {
                let mut i = s.into_inner();
                let e = expr(i.next().unwrap())?;
                BoardStmt::Colour(e, int(i.next().unwrap())?)
            }
        });
    }
    Ok(BoardDecl { generator, stmts, span: sp })
}

fn cellset(p: P) -> Result<Vec<CellItem>, Diag> {
    let mut v = vec![];
    for item in p.into_inner() {
        let inner = item.into_inner().next().unwrap();
        let sp = span(&inner);
        v.push(match inner.as_rule() {
            Rule::rank_sel => CellItem::Rank(int(inner.into_inner().next().unwrap())?, sp),
            Rule::file_sel => CellItem::File(name(inner.into_inner().next().unwrap())),
            Rule::colour_sel => CellItem::Colour(int(inner.into_inner().next().unwrap())?, sp),
            _ => CellItem::Name(name(inner)),
        });
    }
    Ok(v)
}

fn zone(p: P) -> Result<ZoneDecl, Diag> {
    let mut it = p.into_inner();
    let n = name(it.next().unwrap());
    let body = it.next().unwrap();
    let mut parts = vec![];
    if body.as_rule() == Rule::zone_players {
        for zp in body.into_inner() {
            let mut i = zp.into_inner();
            let pl = name(i.next().unwrap());
            parts.push((Some(pl), cellset(i.next().unwrap())?));
        }
    } else {
        parts.push((None, cellset(body)?));
    }
    Ok(ZoneDecl { name: n, parts })
}

fn piece(p: P) -> Result<PieceDecl, Diag> {
    let mut it = p.into_inner();
    let n = name(it.next().unwrap());
    let mut moves = vec![];
    let mut attacks = vec![];
    let mut promotes = vec![];
    for s in it {
        match s.as_rule() {
            Rule::move_stmt => moves.push(pattern(s.into_inner().next().unwrap())?),
            Rule::attack_stmt => attacks.push(pattern(s.into_inner().next().unwrap())?),
            _ => {
                let mut optional = false;
                let mut names = vec![];
                for q in s.into_inner() {
                    match q.as_rule() {
                        Rule::optional_kw => optional = true,
                        _ => names.push(name(q)),
                    }
                }
                let zone = names.remove(0);
                promotes.push(Promote { optional, zone, to: names });
            }
        }
    }
    Ok(PieceDecl { name: n, moves, attacks, promotes })
}

fn pattern(p: P) -> Result<Pattern, Diag> {
    let sp = span(&p);
    match p.as_rule() {
        Rule::pattern => {
            let mut alts: Vec<Pattern> = p.into_inner().map(pattern).collect::<Result<_, _>>()?;
            if alts.len() == 1 { Ok(alts.pop().unwrap()) } else { Ok(Pattern::Alt(alts, sp)) }
        }
        Rule::seq => {
            let mut items: Vec<Pattern> = p.into_inner().map(pattern).collect::<Result<_, _>>()?;
            if items.len() == 1 { Ok(items.pop().unwrap()) } else { Ok(Pattern::Seq(items, sp)) }
        }
        Rule::postfix => {
            let mut it = p.into_inner();
            let a = pattern(it.next().unwrap())?;
            match it.next() {
                None => Ok(a),
                Some(q) => {
                    let q = q.into_inner().next().unwrap();
                    let qs = span(&q);
                    let zero = Expr::Int(0, qs);
                    let one = Expr::Int(1, qs);
                    let (min, max) = match q.as_rule() {
                        Rule::star => (zero, None),
                        Rule::plus => (one, None),
                        Rule::opt => (zero, Some(one)),
                        _ => {
                            let mut i = q.into_inner();
                            let lo = expr(i.next().unwrap())?;
                            match i.next() {
                                None => (lo.clone(), Some(lo)),
                                Some(_comma) => match i.next() {
                                    None => (lo, None),
                                    Some(hi) => (lo, Some(expr(hi)?)),
                                },
                            }
                        }
                    };
                    Ok(Pattern::Repeat(Box::new(a), min, max, sp))
                }
            }
        }
        Rule::group => pattern(p.into_inner().next().unwrap()),
        Rule::test => Ok(Pattern::Test(cond(p.into_inner().next().unwrap())?, sp)),
        Rule::mark => Ok(Pattern::Mark(name(p.into_inner().next().unwrap()))),
        Rule::turn => {
            let s = p.as_str();
            let (signs, digits): (&[i64], &str) = if let Some(d) = s.strip_prefix("+-") {
                (&[1, -1], d)
            } else if let Some(d) = s.strip_prefix('±') {
                (&[1, -1], d)
            } else if let Some(d) = s.strip_prefix('+') {
                (&[1], d)
            } else {
                (&[-1], &s[1..])
            };
            let a: i64 =
                digits.parse().map_err(|_| Diag::legacy(sp, "angle out of range", "write an angle in degrees"))?;
            Ok(Pattern::Turn(signs.iter().map(|s| s * a).collect(), sp))
        }
        Rule::call => {
            let mut it = p.into_inner();
            let cn = it.next().unwrap();
            let text = cn.as_str().trim_end_matches('(').to_string();
            let mut nsp = span(&cn);
            nsp.end -= 1;
            let mut args = vec![];
            for a in it {
                let a = a.into_inner().next().unwrap();
                args.push(match a.as_rule() {
                    Rule::mark => Arg::Mark(name(a.into_inner().next().unwrap())),
                    Rule::int => {
                        let s = span(&a);
                        Arg::Int(int(a)?, s)
                    }
                    _ => Arg::Pattern(pattern(a)?),
                });
            }
            Ok(Pattern::Call(Name { text, span: nsp }, args))
        }
        Rule::dir_ref => Ok(Pattern::Dir(name(p.into_inner().next().unwrap()))),
        r => unreachable!("pattern {r:?}"),
    }
}

fn cond(p: P) -> Result<Cond, Diag> {
    match p.as_rule() {
        Rule::cond => {
            let mut v: Vec<Cond> = p.into_inner().map(cond).collect::<Result<_, _>>()?;
            if v.len() == 1 { Ok(v.pop().unwrap()) } else { Ok(Cond::Or(v)) }
        }
        Rule::cand => {
            let mut v: Vec<Cond> = p.into_inner().map(cond).collect::<Result<_, _>>()?;
            if v.len() == 1 { Ok(v.pop().unwrap()) } else { Ok(Cond::And(v)) }
        }
        Rule::cnot => {
            let mut nots = 0;
            let mut inner = None;
            for q in p.into_inner() {
                if q.as_rule() == Rule::not_op {
                    nots += 1;
                } else {
                    inner = Some(cond(q)?);
                }
            }
            let mut c = inner.unwrap();
            for _ in 0..nots {
                c = Cond::Not(Box::new(c));
            }
            Ok(c)
        }
        Rule::compare => {
            let mut it = p.into_inner();
            let a = expr(it.next().unwrap())?;
            let op = match it.next().unwrap().as_str() {
                "==" => CmpOp::Eq,
                "!=" => CmpOp::Ne,
                "<" => CmpOp::Lt,
                "<=" => CmpOp::Le,
                ">" => CmpOp::Gt,
                _ => CmpOp::Ge,
            };
            let b = expr(it.next().unwrap())?;
            Ok(Cond::Cmp(a, op, b))
        }
        Rule::cfunc => {
            let mut it = p.into_inner();
            let n = name(it.next().unwrap());
            Ok(Cond::Func(n, it.map(expr).collect::<Result<_, _>>()?))
        }
        Rule::cname => Ok(Cond::Name(name(p.into_inner().next().unwrap()))),
        r => unreachable!("cond {r:?}"),
    }
}

fn expr(p: P) -> Result<Expr, Diag> {
    match p.as_rule() {
        Rule::expr => {
            let mut it = p.into_inner();
            let mut acc = expr(it.next().unwrap())?;
            while let Some(op) = it.next() {
                let rhs = expr(it.next().unwrap())?;
                acc = Expr::Add(Box::new(acc), Box::new(rhs), op.as_str() == "-");
            }
            Ok(acc)
        }
        Rule::int => {
            let s = span(&p);
            Ok(Expr::Int(int(p)?, s))
        }
        Rule::ename => Ok(Expr::Name(name(p.into_inner().next().unwrap()))),
        Rule::efunc => {
            let mut it = p.into_inner();
            let n = name(it.next().unwrap());
            let mut args = vec![];
            for s in it {
                let inner = s.into_inner().next().unwrap();
                args.push(if inner.as_rule() == Rule::sel_words {
                    Selector::Words(inner.into_inner().map(name).collect())
                } else {
                    Selector::Expr(expr(inner)?)
                });
            }
            Ok(Expr::Func(n, args))
        }
        r => unreachable!("expr {r:?}"),
    }
}

fn step(p: P) -> Result<Step, Diag> {
    let mut it = p.into_inner();
    let nm = name(it.next().unwrap());
    let agent = name(it.next().unwrap());
    let mut hidden = false;
    let mut b = it.next().unwrap();
    if b.as_rule() == Rule::hidden_kw {
        hidden = true;
        b = it.next().unwrap();
    }
    let body = match b.as_rule() {
        Rule::choose_body => {
            let mut i = b.into_inner();
            let t = i.next().unwrap();
            let c = cond(t.into_inner().next().unwrap())?;
            let stmts = match i.next() {
                Some(bl) => block(bl)?,
                None => vec![],
            };
            StepBody::Choose(c, stmts)
        }
        Rule::relocate_body => {
            let mut i = b.into_inner();
            let pat = pattern(i.next().unwrap())?;
            let stmts = match i.next() {
                Some(bl) => block(bl)?,
                None => vec![],
            };
            StepBody::Relocate(pat, stmts)
        }
        _ => {
            let mut outs = vec![];
            for o in b.into_inner() {
                let mut i = o.into_inner();
                let n = name(i.next().unwrap());
                let mut w = None;
                let mut stmts = vec![];
                for q in i {
                    match q.as_rule() {
                        Rule::expr => w = Some(expr(q)?),
                        _ => stmts = block(q)?,
                    }
                }
                outs.push((n, w, stmts));
            }
            StepBody::Outcomes(outs)
        }
    };
    Ok(Step { name: nm, agent, hidden, body })
}

fn block(p: P) -> Result<Vec<Stmt>, Diag> {
    p.into_inner().map(stmt).collect()
}

fn stmt(q: P) -> Result<Stmt, Diag> {
    Ok(match q.as_rule() {
        Rule::assign => {
            let mut i = q.into_inner();
            let n = name(i.next().unwrap());
            let op = match i.next().unwrap().as_str() {
                "+=" => AssignOp::Add,
                "-=" => AssignOp::Sub,
                _ => AssignOp::Set,
            };
            Stmt::Assign(n, op, expr(i.next().unwrap())?)
        }
        Rule::drop => {
            let mut i = q.into_inner();
            let t = name(i.next().unwrap());
            Stmt::Drop(t, name(i.next().unwrap()))
        }
        Rule::change => Stmt::Change(name(q.into_inner().next().unwrap())),
        Rule::remove_at => Stmt::RemoveAt(name(q.into_inner().next().unwrap())),
        Rule::reset => Stmt::Reset(name(q.into_inner().next().unwrap())),
        Rule::pocket => Stmt::Pocket,
        _ => Stmt::Start(expr(q.into_inner().next().unwrap())?),
    })
}

fn trigger(p: P) -> Result<Trigger, Diag> {
    let sp = span(&p);
    let mut event = Event::Turn;
    let mut types = vec![];
    let mut by = None;
    let mut cnd = None;
    let mut stmts = vec![];
    for q in p.into_inner() {
        match q.as_rule() {
            Rule::event => {
                event = match q.as_str() {
                    "move" => Event::Move,
                    "capture" => Event::Capture,
                    _ => Event::Turn,
                }
            }
            Rule::ident => types.push(name(q)),
            Rule::by_clause => by = Some(name(q.into_inner().next().unwrap())),
            Rule::if_clause => cnd = Some(cond(q.into_inner().next().unwrap())?),
            Rule::assign | Rule::drop | Rule::change | Rule::remove_at | Rule::start | Rule::reset | Rule::pocket => {
                stmts.push(stmt(q)?)
            }
            _ => {}
        }
    }
    Ok(Trigger { event, types, by, cond: cnd, stmts, span: sp })
}
