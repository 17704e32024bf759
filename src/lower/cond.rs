//! Conditions, per player: keywords, piece types, zones, cells, registers, options,
//! counters, comparisons and tallies.

use super::Lowerer;
use crate::board::Cell;
use crate::ir::{C, CmpOp, E, Who};
use crate::syntax::ast::{Cond, Expr, Name};

impl Lowerer<'_> {
    /// Lowers a condition as player `p` sees it.
    pub(super) fn cond(&mut self, c: &Cond, p: u8) -> C {
        match c {
            Cond::Or(v) => C::Or(v.iter().map(|x| self.cond(x, p)).collect()),
            Cond::And(v) => C::And(v.iter().map(|x| self.cond(x, p)).collect()),
            Cond::Not(x) => C::Not(Box::new(self.cond(x, p))),
            Cond::Cmp(Expr::Name(n), op, b) if self.d.tally_names.contains(&n.text) => {
                let i = self.d.tally_names.iter().position(|x| *x == n.text).unwrap_or(0);
                match self.expr(b).constant() {
                    Some(v) => C::Tally(i as u8, (*op).into(), v),
                    None => C::True,
                }
            }
            Cond::Cmp(a, op, b) => C::Cmp(self.expr(a), (*op).into(), self.expr(b)),
            Cond::Func(n, args) => self.cond_func(n, args),
            Cond::Name(n) => keyword(&n.text).unwrap_or_else(|| self.cond_name(n, p)),
        }
    }

    /// The id of a condition as player `p` sees it.
    pub(super) fn cond_id(&mut self, c: &Cond, p: u8) -> u16 {
        let cc = self.cond(c, p);
        self.t.cond(cc)
    }

    /// The ids of a condition as each player sees it.
    pub(super) fn cond_ids(&mut self, c: &Cond) -> Vec<u16> {
        (0..self.np()).map(|p| self.cond_id(c, p)).collect()
    }

    fn cond_func(&mut self, n: &Name, args: &[Expr]) -> C {
        match n.text.as_str() {
            "repetition" => {
                let k = args.first().and_then(|e| self.expr(e).constant()).unwrap_or(3);
                C::Repetition(k.clamp(1, 255) as u8)
            }
            "can-capture" => {
                let mut mask = 0u64;
                for a in args {
                    if let Expr::Name(x) = a
                        && let Some(t) = self.d.type_index(&x.text)
                    {
                        mask |= 1 << t;
                    }
                }
                C::CanCapture(mask)
            }
            _ => C::True,
        }
    }

    /// A declared name: a piece type, a zone, a cell, a register, an option or a counter.
    fn cond_name(&mut self, n: &Name, p: u8) -> C {
        let t = n.text.as_str();
        if let Some(ti) = self.d.type_index(t) {
            C::Type(1 << ti)
        } else if let Some(z) = self.d.zone_for(n, p) {
            C::Zone(z)
        } else if let Some(cell) = self.board.cell(t) {
            C::Zone(self.cell_zone(cell))
        } else if let Some(r) = self.d.registers.iter().position(|x| x == t) {
            C::Reg(r as u8)
        } else if let Some((_, v)) = self.d.options.iter().find(|(o, _)| o == t) {
            if *v != 0 { C::True } else { C::Not(Box::new(C::True)) }
        } else if let Some((slot, per)) = self.d.var(t) {
            C::Cmp(E::Var(slot, per, Who::Me), CmpOp::Ne, E::Int(0))
        } else {
            self.expect(false, "checking resolves every name in a condition");
            C::True
        }
    }

    /// The zone set holding just one cell, added if new.
    fn cell_zone(&mut self, cell: Cell) -> u16 {
        let mut set = vec![false; self.board.len()];
        set[cell as usize] = true;
        let sets = &mut self.d.zone_sets;
        match sets.iter().position(|s| *s == set) {
            Some(i) => i as u16,
            None => {
                sets.push(set);
                (sets.len() - 1) as u16
            }
        }
    }
}

/// The condition a keyword stands for.
fn keyword(t: &str) -> Option<C> {
    Some(match t {
        "true" => C::True,
        "false" => C::Not(Box::new(C::True)),
        "empty" => C::Empty,
        "occupied" => C::Not(Box::new(C::Empty)),
        "enemy" => C::Enemy,
        "friend" => C::Friend,
        "unmoved" => C::Unmoved,
        "origin" => C::Origin,
        "attacked" => C::Attacked,
        "check" => C::Check,
        "neutral" => C::Neutral,
        "stacked" => C::Stacked,
        "beaten" => C::Beaten,
        "can-beat" => C::CanBeat,
        "no-moves" => C::NoMoves,
        _ => return None,
    })
}
