//! Conditions, per player: keywords, piece types, zones, cells, registers, options,
//! counters, comparisons and tallies.

use super::Lowerer;
use crate::board::Cell;
use crate::check::builtins;
use crate::ir::limits::{MAX_KINDS, byte_below, faction_byte, saturating_byte};
use crate::ir::{self, CmpOp, CondId, Who, ZoneId};
use crate::syntax::ast::{self, Name};

impl Lowerer<'_> {
    /// Lowers a condition as player `p` sees it.
    pub(super) fn cond(&mut self, c: &ast::Cond, p: u8) -> ir::Cond {
        match c {
            ast::Cond::Or(v) => ir::Cond::Or(v.iter().map(|x| self.cond(x, p)).collect()),
            ast::Cond::And(v) => ir::Cond::And(v.iter().map(|x| self.cond(x, p)).collect()),
            ast::Cond::Not(x) => ir::Cond::Not(Box::new(self.cond(x, p))),
            ast::Cond::Cmp(ast::Expr::Name(n), op, b) if self.d.tally_names.contains(&n.text) => {
                let i = self.d.tally_names.iter().position(|x| *x == n.text).unwrap_or(0);
                match self.expr(b).constant() {
                    // Each tally at least doubles the piece states, which the kinds bound.
                    Some(v) => ir::Cond::Tally(byte_below(i, MAX_KINDS), *op, v),
                    None => ir::Cond::True,
                }
            }
            ast::Cond::Cmp(a, op, b) => ir::Cond::Cmp(self.expr(a), *op, self.expr(b)),
            ast::Cond::Func(n, args) => self.cond_func(n, args),
            ast::Cond::FuncIn(_, words, zone) => self.can_move(words, Some(zone)),
            ast::Cond::Along(_, dirs, x) => ir::Cond::Along(self.dirs(&dirs.text, p), Box::new(self.cond(x, p))),
            ast::Cond::Name(n) if n.text == "stuck" => match &self.stuck {
                Some(zones) => ir::Cond::Zone(zones[p as usize]),
                None => {
                    self.expect(false, "checking keeps `stuck` in drop rules");
                    ir::Cond::Not(Box::new(ir::Cond::True))
                }
            },
            ast::Cond::Name(n) => keyword(&n.text).unwrap_or_else(|| self.cond_name(n, p)),
        }
    }

    /// The id of a condition as player `p` sees it.
    pub(super) fn cond_id(&mut self, c: &ast::Cond, p: u8) -> CondId {
        let cc = self.cond(c, p);
        self.t.cond(cc)
    }

    /// The ids of a condition as each player sees it.
    pub(super) fn cond_ids(&mut self, c: &ast::Cond) -> Vec<CondId> {
        (0..self.np()).map(|p| self.cond_id(c, p)).collect()
    }

    fn cond_func(&mut self, n: &Name, args: &[ast::Expr]) -> ir::Cond {
        match n.text.as_str() {
            "repetition" => {
                let k = args.first().and_then(|e| self.expr(e).constant()).unwrap_or(3);
                ir::Cond::Repetition(k.clamp(1, 255) as u8)
            }
            "can-capture" => {
                let mut mask = 0u64;
                for a in args {
                    if let ast::Expr::Name(x) = a
                        && let Some(t) = self.d.type_index(&x.text)
                    {
                        mask |= 1 << t;
                    }
                }
                ir::Cond::CanCapture(mask)
            }
            "check" => ir::Cond::CheckOf(self.check_player(args)),
            "dropped" => {
                let mask = args.iter().fold(0u64, |m, a| match a {
                    ast::Expr::Name(x) => self.d.type_index(&x.text).map_or(m, |t| m | 1 << t),
                    _ => m,
                });
                ir::Cond::Dropped(mask)
            }
            "can-move" => {
                let words: Vec<Name> = args
                    .iter()
                    .filter_map(|a| match a {
                        ast::Expr::Name(x) => Some(x.clone()),
                        _ => None,
                    })
                    .collect();
                self.can_move(&words, None)
            }
            "sees" => {
                let mask = |e: Option<&ast::Expr>| match e {
                    Some(ast::Expr::Name(x)) => self.d.type_index(&x.text).map_or(0, |t| 1u64 << t),
                    _ => 0,
                };
                let dirs = match args.get(1) {
                    Some(ast::Expr::Name(d)) => self.dirs(&d.text, 0),
                    _ => vec![],
                };
                ir::Cond::Sees(mask(args.first()), dirs, mask(args.get(2)))
            }
            "threatens" => {
                let mask = args.iter().fold(0u64, |m, a| match a {
                    ast::Expr::Name(x) => self.d.type_index(&x.text).map_or(m, |t| m | 1 << t),
                    _ => m,
                });
                ir::Cond::Threatens(mask)
            }
            _ => ir::Cond::True,
        }
    }

    /// Whose check `check(...)` asks about: a player, the others, or the player in context.
    fn check_player(&self, args: &[ast::Expr]) -> Who {
        let Some(ast::Expr::Name(x)) = args.first() else {
            self.expect(false, "checking makes check(...) name a player");
            return Who::Me;
        };
        if let Some(i) = self.d.players.iter().position(|p| *p == x.text) {
            return Who::Player(faction_byte(i));
        }
        match x.text.as_str() {
            "opponent" => Who::Others,
            "me" | "mover" => Who::Me,
            _ => {
                self.expect(false, "checking resolves the player of check(...)");
                Who::Me
            }
        }
    }

    /// `can-move(TYPES [in ZONE])`: the types' mask and each player's part of the zone.
    fn can_move(&self, words: &[Name], zone: Option<&Name>) -> ir::Cond {
        let mask = words.iter().filter_map(|w| self.d.type_index(&w.text)).fold(0u64, |m, t| m | 1 << t);
        let zones = match zone {
            Some(z) => {
                (0..self.np()).filter_map(|p| self.found(self.d.zone_for(z, p), "checking resolves zones")).collect()
            }
            None => vec![],
        };
        ir::Cond::CanMove(mask, zones)
    }

    /// A declared name: a piece type, a zone, a cell, a register, an option or a counter.
    fn cond_name(&mut self, n: &Name, p: u8) -> ir::Cond {
        let t = n.text.as_str();
        if let Some(ti) = self.d.type_index(t) {
            ir::Cond::Type(1 << ti)
        } else if let Some(z) = self.d.zone_for(n, p) {
            ir::Cond::Zone(z)
        } else if let Some(cell) = self.board.cell(t) {
            ir::Cond::Zone(self.cell_zone(cell))
        } else if let Some(r) = self.d.registers.iter().position(|x| x == t) {
            ir::Cond::Reg(saturating_byte(r))
        } else if let Some((_, v)) = self.d.options.iter().find(|(o, _)| o == t) {
            if *v != 0 { ir::Cond::True } else { ir::Cond::Not(Box::new(ir::Cond::True)) }
        } else if let Some((slot, per)) = self.d.var(t) {
            ir::Cond::Cmp(ir::Expr::Var(slot, per, Who::Me), CmpOp::Ne, ir::Expr::Int(0))
        } else {
            self.expect(false, "checking resolves every name in a condition");
            ir::Cond::True
        }
    }

    /// The zone set holding just one cell, added if new.
    fn cell_zone(&mut self, cell: Cell) -> ZoneId {
        let mut set = vec![false; self.board.len()];
        set[cell as usize] = true;
        self.zone_set(set)
    }
}

/// The condition a built-in condition word stands for (which words are built in is the
/// checker's table's to say).
fn keyword(t: &str) -> Option<ir::Cond> {
    builtins::find(builtins::Kind::Condition, t)?;
    Some(match t {
        "true" => ir::Cond::True,
        "false" => ir::Cond::Not(Box::new(ir::Cond::True)),
        "empty" => ir::Cond::Empty,
        "occupied" => ir::Cond::Not(Box::new(ir::Cond::Empty)),
        "enemy" => ir::Cond::Enemy,
        "friend" => ir::Cond::Friend,
        "unmoved" => ir::Cond::Unmoved,
        "origin" => ir::Cond::Origin,
        "attacked" => ir::Cond::Attacked,
        "check" => ir::Cond::Check,
        "neutral" => ir::Cond::Neutral,
        "stacked" => ir::Cond::Stacked,
        "beaten" => ir::Cond::Beaten,
        "can-beat" => ir::Cond::CanBeat,
        "no-moves" => ir::Cond::NoMoves,
        // Lowered by `Lowerer::cond` for the type dropped.
        "stuck" => ir::Cond::True,
        "promoted" => ir::Cond::Promoted,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::{builtins, keyword};

    #[test]
    fn every_built_in_condition_word_has_a_meaning() {
        for b in builtins::BUILTINS.iter().filter(|b| b.kind == builtins::Kind::Condition) {
            assert!(keyword(b.name).is_some(), "`{}` has no lowering", b.name);
        }
        assert!(keyword("zz").is_none());
    }
}
