//! Integer expressions: counters, options, players, piece counts.

use super::Lowerer;
use crate::ir::limits::{MAX_PIECE_TYPES, faction_byte};
use crate::ir::{self, Who};
use crate::syntax::ast::{self, Name, Selector};

impl Lowerer<'_> {
    /// Lowers an expression (the same for every player: `me` is resolved when evaluated).
    pub(super) fn expr(&self, e: &ast::Expr) -> ir::Expr {
        match e {
            ast::Expr::Int(v, _) => ir::Expr::Int(*v),
            ast::Expr::Add(a, b, neg) => {
                let (a, b) = (Box::new(self.expr(a)), Box::new(self.expr(b)));
                if *neg { ir::Expr::Sub(a, b) } else { ir::Expr::Add(a, b) }
            }
            ast::Expr::Name(n) => self.expr_name(n),
            ast::Expr::Func(n, args) => self.expr_func(n, args),
        }
    }

    fn expr_name(&self, n: &Name) -> ir::Expr {
        if let Some((slot, per)) = self.d.var(&n.text) {
            ir::Expr::Var(slot, per, Who::Me)
        } else if let Some((_, v)) = self.d.options.iter().find(|(o, _)| *o == n.text) {
            ir::Expr::Int(*v)
        } else if let Some(i) = self.d.players.iter().position(|x| *x == n.text) {
            ir::Expr::Int(i as i64)
        } else if n.text == "me" {
            ir::Expr::MePlayer
        } else if n.text == "removed" {
            ir::Expr::Removed
        } else {
            self.expect(false, "checking resolves every name in an expression");
            ir::Expr::Int(0)
        }
    }

    fn expr_func(&self, n: &Name, args: &[Selector]) -> ir::Expr {
        match n.text.as_str() {
            "max" | "min" if args.len() == 2 => {
                let (x, y) = (Box::new(self.selector(&args[0])), Box::new(self.selector(&args[1])));
                if n.text == "max" { ir::Expr::Max(x, y) } else { ir::Expr::Min(x, y) }
            }
            "count" => self.count(args),
            "enemy" | "friend" if args.len() == 1 => match &args[0] {
                Selector::Expr(ast::Expr::Name(x)) => match self.d.var(&x.text) {
                    Some((slot, true)) => {
                        ir::Expr::Var(slot, true, if n.text == "enemy" { Who::Others } else { Who::Me })
                    }
                    _ => ir::Expr::Int(0),
                },
                _ => ir::Expr::Int(0),
            },
            _ => ir::Expr::Int(0),
        }
    }

    /// `count(SIDE PIECES)`: the side (friend, enemy, all, neutral or a faction) and the
    /// types (every type when none is named).
    fn count(&self, args: &[Selector]) -> ir::Expr {
        let words = args.iter().flat_map(|s| match s {
            Selector::Words(w) | Selector::In(w, _) => w.clone(),
            Selector::Expr(ast::Expr::Name(x)) => vec![x.clone()],
            _ => vec![],
        });
        let mut who = Who::All;
        let mut mask = 0u64;
        for w in words {
            match w.text.as_str() {
                "friend" => who = Who::Me,
                "enemy" => who = Who::Others,
                "all" => who = Who::All,
                "neutral" => who = Who::Neutral,
                t => {
                    if let Some(i) = self.d.factions.iter().position(|x| x == t) {
                        who = Who::Player(faction_byte(i));
                    } else if let Some(ti) = self.d.type_index(t) {
                        mask |= 1 << ti;
                    }
                }
            }
        }
        if mask == 0 {
            mask = if self.d.types.len() >= MAX_PIECE_TYPES { u64::MAX } else { (1u64 << self.d.types.len()) - 1 };
        }
        let zone = args.iter().find_map(|s| match s {
            Selector::In(_, z) => Some(z),
            _ => None,
        });
        match zone {
            Some(z) => ir::Expr::CountIn(who, mask, self.zone_cells(z)),
            None => ir::Expr::Count(who, mask),
        }
    }

    /// The cells of each player's part of a zone.
    fn zone_cells(&self, z: &Name) -> Vec<Vec<crate::board::Cell>> {
        (0..self.np())
            .map(|p| match self.found(self.d.zone_for(z, p), "checking resolves zones") {
                Some(id) => {
                    let set = &self.d.zone_sets[id.index()];
                    (0..set.len()).filter(|&c| set[c]).map(|c| c as crate::board::Cell).collect()
                }
                None => vec![],
            })
            .collect()
    }

    fn selector(&self, s: &Selector) -> ir::Expr {
        match s {
            Selector::Expr(e) => self.expr(e),
            Selector::Words(_) | Selector::In(..) => ir::Expr::Int(0),
        }
    }
}
