//! The top-level statements (one function each), except the board and decisions.

use super::{Ctx, P, Rule, first};
use crate::diag::Diag;
use crate::syntax::ast::*;

impl Ctx {
    /// Adds one top-level statement to `rules`.
    pub(super) fn item(self, item: P, rules: &mut Rules) -> Result<(), Diag> {
        match item.as_rule() {
            Rule::board => rules.boards.push(self.board(item)?),
            Rule::dirs => rules.dirs.push(self.dirs(item)),
            Rule::orient => rules.orients.push(self.orient(item)?),
            Rule::zone => rules.zones.push(self.zone(item)?),
            Rule::piece => rules.pieces.push(self.piece(item)?),
            Rule::define => rules.defines.push(self.define(item)?),
            Rule::counter => rules.counters.push(self.counter(item)?),
            Rule::register => rules.registers.push(self.register(item)),
            Rule::beats => rules.beats.extend(self.beats(item)),
            Rule::push_rule => rules.pushes.push(self.push_rule(item)?),
            Rule::trigger => rules.triggers.push(self.trigger(item)?),
            Rule::end => rules.ends.extend(self.end(item)?),
            Rule::custodian => rules.custodians.push(self.custodian(item)?),
            Rule::setup => rules.setup = Some(self.setup(item)?),
            Rule::followup => rules.followups.push(self.step(first(item))?),
            Rule::tally => rules.tallies.push(self.tally(item)?),
            Rule::drop_rule if item.clone().into_inner().any(|q| q.as_rule() == Rule::drop_at) => {
                rules.entries.push(self.entry_rule(item)?)
            }
            Rule::drop_rule => rules.drops.push(self.drop_rule(item)?),
            Rule::require => rules.requires.push(self.require(item)?),
            Rule::illegal_rule => rules.illegals.push(self.illegal_rule(item)?),
            Rule::pass_rule => rules.passes.push(self.pass_rule(item)?),
            Rule::captures_rule => {
                let by_path = item.clone().into_inner().any(|q| q.as_rule() == Rule::path_kw);
                rules.captures.push((by_path, self.span(&item)));
            }
            Rule::EOI => {}
            r => unreachable!("unexpected item {r:?}"),
        }
        Ok(())
    }

    /// `dirs NAME = D...`
    fn dirs(self, p: P) -> (Name, Vec<Name>) {
        let mut it = p.into_inner();
        let n = self.name(it.next().unwrap());
        (n, it.map(|q| self.name(q)).collect())
    }

    /// `orient PLAYER (flip | DEGREES)`
    fn orient(self, p: P) -> Result<(Name, i64, bool), Diag> {
        let mut it = p.into_inner();
        let n = self.name(it.next().unwrap());
        let v = it.next().unwrap();
        if v.as_rule() == Rule::flip_kw { Ok((n, 0, true)) } else { Ok((n, self.int(v)?, false)) }
    }

    /// `zone NAME = CELLS` or `zone NAME: P = CELLS, ...`
    fn zone(self, p: P) -> Result<ZoneDecl, Diag> {
        let mut it = p.into_inner();
        let n = self.name(it.next().unwrap());
        let body = it.next().unwrap();
        let mut parts = vec![];
        if body.as_rule() == Rule::zone_players {
            for zp in body.into_inner() {
                let mut i = zp.into_inner();
                let pl = self.name(i.next().unwrap());
                parts.push((Some(pl), self.cellset(i.next().unwrap())?));
            }
        } else {
            parts.push((None, self.cellset(body)?));
        }
        Ok(ZoneDecl { name: n, parts })
    }

    fn cellset(self, p: P) -> Result<Vec<CellItem>, Diag> {
        let mut v = vec![];
        for item in p.into_inner() {
            let inner = first(item);
            let sp = self.span(&inner);
            v.push(match inner.as_rule() {
                Rule::rank_sel => CellItem::Rank(self.int(first(inner))?, sp),
                Rule::file_sel => CellItem::File(self.inner_name(inner)),
                Rule::colour_sel => CellItem::Colour(self.int(first(inner))?, sp),
                _ => CellItem::Name(self.name(inner)),
            });
        }
        Ok(v)
    }

    /// `piece NAME { move ... attack ... promote ... }`
    fn piece(self, p: P) -> Result<PieceDecl, Diag> {
        let mut it = p.into_inner();
        let n = self.name(it.next().unwrap());
        let mut moves = vec![];
        let mut attacks = vec![];
        let mut attack_ifs = vec![];
        let mut promotes = vec![];
        for s in it {
            match s.as_rule() {
                Rule::move_stmt => moves.push(self.pattern(first(s))?),
                Rule::attack_stmt => {
                    let mut parts = s.into_inner();
                    attacks.push(self.pattern(parts.next().unwrap())?);
                    attack_ifs.push(parts.next().map(|c| self.cond(c)).transpose()?);
                }
                _ => promotes.push(self.promote(s)),
            }
        }
        Ok(PieceDecl { name: n, moves, attacks, attack_ifs, promotes })
    }

    /// `promote [optional] WHERE (or WHERE)* to TYPES`
    fn promote(self, s: P) -> Promote {
        let mut optional = false;
        let mut wheres = vec![];
        let mut to = vec![];
        for q in s.into_inner() {
            match q.as_rule() {
                Rule::optional_kw | Rule::or_kw => optional |= q.as_rule() == Rule::optional_kw,
                Rule::promo_in => wheres.push(PromoteWhere::In(self.name(first(q)))),
                Rule::promo_from => wheres.push(PromoteWhere::From(self.name(q.into_inner().nth(1).unwrap()))),
                Rule::stuck_kw => wheres.push(PromoteWhere::Stuck(self.name(q))),
                _ => to.push(self.name(q)),
            }
        }
        Promote { optional, wheres, to }
    }

    /// `define NAME[(PARAMS)] = PATTERN`
    fn define(self, p: P) -> Result<Define, Diag> {
        let mut it = p.into_inner();
        let n = self.name(it.next().unwrap());
        let mut params = vec![];
        let mut body = it.next().unwrap();
        if body.as_rule() == Rule::params {
            params = self.names(body);
            body = it.next().unwrap();
        }
        Ok(Define { name: n, params, body: self.pattern(body)? })
    }

    /// `(counter | clock) NAME [per-player] = N`
    fn counter(self, p: P) -> Result<CounterDecl, Diag> {
        let mut clock = false;
        let mut per_player = false;
        let mut n = None;
        let mut init = 0;
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::clock_kw => clock = true,
                Rule::per_player => per_player = true,
                Rule::ident => n = Some(self.name(q)),
                Rule::int => init = self.int(q)?,
                _ => {}
            }
        }
        Ok(CounterDecl { name: n.unwrap(), per_player, clock, init })
    }

    /// `register NAME [long]`
    fn register(self, p: P) -> (Name, bool) {
        let mut it = p.into_inner();
        let n = self.name(it.next().unwrap());
        (n, it.next().is_some())
    }

    /// `beats A > B, ...`
    fn beats(self, p: P) -> Vec<(Name, Name)> {
        let mut v = vec![];
        for pair in p.into_inner() {
            let mut it = pair.into_inner();
            let a = self.name(it.next().unwrap());
            let b = self.name(it.next().unwrap());
            v.push((a, b));
        }
        v
    }

    /// `push DIRS [COND] then NAME`
    fn push_rule(self, p: P) -> Result<(Name, Cond, Name), Diag> {
        let mut it = p.into_inner();
        let dirs = self.name(it.next().unwrap());
        let c = self.cond(first(it.next().unwrap()))?;
        let step = self.name(it.next().unwrap());
        Ok((dirs, c, step))
    }

    /// `end { (win | loss | draw) ["NAME"] [auto] if COND ... }`
    fn end(self, p: P) -> Result<Vec<EndRule>, Diag> {
        let mut v = vec![];
        for r in p.into_inner() {
            let sp = self.span(&r);
            let (raw, at) = (r.as_str(), r.as_span().start());
            let mut it = r.into_inner();
            let outcome = match it.next().unwrap().as_str() {
                "win" => Outcome::Win,
                "loss" => Outcome::Loss,
                _ => Outcome::Draw,
            };
            let mut next = it.next().unwrap();
            let mut unnamed = raw.to_string();
            let name = (next.as_rule() == Rule::string).then(|| {
                let (s, e) = (next.as_span().start() - at, next.as_span().end() - at);
                unnamed = format!("{}{}", &raw[..s], &raw[e..]);
                let quoted = next.as_str();
                Name { text: quoted[1..quoted.len() - 1].to_string(), span: self.span(&next) }
            });
            if name.is_some() {
                next = it.next().unwrap();
            }
            let auto = next.as_rule() == Rule::auto_kw;
            if auto {
                next = it.next().unwrap();
            }
            let cond = self.cond(next)?;
            // The text is the rule without its name (test cases name rules by either);
            // pest counts the skipped comments after a rule as part of it: drop them.
            let code = unnamed.lines().map(|l| l.split('#').next().unwrap_or("")).collect::<Vec<_>>().join("\n");
            let text = code.split_whitespace().collect::<Vec<_>>().join(" ");
            v.push(EndRule { outcome, name, cond, auto, text, span: sp });
        }
        Ok(v)
    }

    /// `custodian DIRS by (colour N | line) [choose if OPTION]`
    fn custodian(self, p: P) -> Result<Custodian, Diag> {
        let mut it = p.into_inner();
        let dirs = self.name(it.next().unwrap());
        let class = it.next().unwrap();
        let colour = match class.as_rule() {
            Rule::class_colour => Some(self.int(first(class))?),
            _ => None,
        };
        let choose = it.next().map(|c| self.inner_name(c));
        Ok(Custodian { dirs, colour, choose })
    }

    /// `tally NAME max N for TYPES when PATTERN`
    fn tally(self, p: P) -> Result<Tally, Diag> {
        let mut it = p.into_inner();
        let n = self.name(it.next().unwrap());
        let max = self.int(it.next().unwrap())?;
        let mut types = vec![];
        let mut when = None;
        for q in it {
            match q.as_rule() {
                Rule::ident => types.push(self.name(q)),
                _ => when = Some(self.pattern(q)?),
            }
        }
        Ok(Tally { name: n, max, types, when: when.unwrap() })
    }

    /// `drop TYPES [COND]`
    fn drop_rule(self, p: P) -> Result<(Vec<Name>, Cond), Diag> {
        let mut names = vec![];
        let mut c = None;
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::ident => names.push(self.name(q)),
                _ => c = Some(self.cond(first(q))?),
            }
        }
        Ok((names, c.unwrap()))
    }

    /// `drop TYPES at WHERE [COND]`
    fn entry_rule(self, p: P) -> Result<Entry, Diag> {
        let span = self.span(&p);
        let (mut types, mut at, mut cond) = (vec![], None, None);
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::ident => types.push(self.name(q)),
                Rule::drop_at => at = Some(self.name(first(q))),
                _ => cond = Some(self.cond(first(q))?),
            }
        }
        Ok(Entry { types, at: at.unwrap(), cond: cond.unwrap(), span })
    }

    /// `pass [if COND]`
    fn pass_rule(self, p: P) -> Result<(Option<Cond>, Span, String), Diag> {
        let sp = self.span(&p);
        // The text without the comments that may follow it.
        let code = p.as_str().lines().map(|l| l.split('#').next().unwrap_or(""));
        let text = code.flat_map(str::split_whitespace).collect::<Vec<_>>().join(" ");
        let c = p.into_inner().find(|q| q.as_rule() == Rule::cond).map(|q| self.cond(q)).transpose()?;
        Ok((c, sp, text))
    }

    /// `require CLASS [if COND]`
    fn require(self, p: P) -> Result<Require, Diag> {
        let span = self.span(&p);
        let text = p.as_str().split_whitespace().collect::<Vec<_>>().join(" ");
        let (mut names, mut class, mut cond) = (vec![], None, None);
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::ident => names.push(self.name(q)),
                Rule::move_class => {
                    let sp = self.span(&q);
                    let inner = first(q);
                    class = Some(match inner.as_rule() {
                        Rule::drop_kw => MoveClass::Drop(sp),
                        Rule::most_captures => {
                            MoveClass::Most(inner.into_inner().any(|r| r.as_rule() == Rule::by_value), sp)
                        }
                        _ => MoveClass::Capture(sp),
                    });
                }
                _ => cond = Some(self.cond(q)?),
            }
        }
        let class = class.unwrap_or(MoveClass::Types(names));
        Ok(Require { class, cond, text, span })
    }

    /// `illegal ["NAME"] if COND`
    fn illegal_rule(self, p: P) -> Result<IllegalRule, Diag> {
        let span = self.span(&p);
        let mut name = None;
        let mut cond = None;
        let mut text = String::new();
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::string => {
                    let quoted = q.as_str();
                    name = Some(Name { text: quoted[1..quoted.len() - 1].to_string(), span: self.span(&q) });
                }
                _ => {
                    text = q.as_str().split_whitespace().collect::<Vec<_>>().join(" ");
                    cond = Some(self.cond(q)?);
                }
            }
        }
        Ok(IllegalRule { name, cond: cond.unwrap(), text, span })
    }
}
