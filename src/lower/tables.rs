//! The tables that programs and rules refer to by index, each entry stored once.

use crate::board::DirInfo;
use crate::ir::{Cond, CondId, Expr, ExprId, TurnTableId};
use std::collections::HashMap;

/// Interned conditions, expressions and turn tables.
#[derive(Default)]
pub(super) struct Tables {
    /// Conditions by id.
    pub conds: Vec<Cond>,
    cond_ids: HashMap<Cond, CondId>,
    /// Expressions by id.
    pub exprs: Vec<Expr>,
    /// Turn tables: for each last direction, the next directions.
    pub turn_tables: Vec<Vec<Vec<u8>>>,
}

impl Tables {
    /// The id of a condition.
    pub fn cond(&mut self, c: Cond) -> CondId {
        if let Some(&i) = self.cond_ids.get(&c) {
            return i;
        }
        let i = CondId::new(self.conds.len());
        self.cond_ids.insert(c.clone(), i);
        self.conds.push(c);
        i
    }

    /// The id of an expression.
    pub fn expr(&mut self, e: Expr) -> ExprId {
        if let Some(i) = self.exprs.iter().position(|x| *x == e) {
            return ExprId::new(i);
        }
        self.exprs.push(e);
        ExprId::new(self.exprs.len() - 1)
    }

    /// The id of the turn table that turns each direction by any of `angles` (degrees).
    pub fn turn(&mut self, dirs: &[DirInfo], angles: &[i64]) -> TurnTableId {
        let table: Vec<Vec<u8>> = (0..dirs.len()).map(|d| turned(dirs, d, angles)).collect();
        if let Some(i) = self.turn_tables.iter().position(|t| *t == table) {
            return TurnTableId::new(i);
        }
        self.turn_tables.push(table);
        TurnTableId::new(self.turn_tables.len() - 1)
    }
}

/// Direction `d` turned by each of `angles`; a direction without an angle turns only by 0.
/// (Direction indices are bytes: a board has at most `limits::MAX_DIRS`.)
fn turned(dirs: &[DirInfo], d: usize, angles: &[i64]) -> Vec<u8> {
    let mut v = vec![];
    for &a in angles {
        let t = match dirs[d].angle {
            Some(base) => {
                let want = (base + a).rem_euclid(360);
                dirs.iter().position(|x| x.angle == Some(want)).map(|i| i as u8)
            }
            None => (a.rem_euclid(360) == 0).then_some(d as u8),
        };
        if let Some(t) = t
            && !v.contains(&t)
        {
            v.push(t);
        }
    }
    v
}
