//! Conditions that read only the cell and its occupant (`[enemy & !K]`,
//! `[camp & hits < 3]`) become bit tables over (player, cell, kind): the pattern machine
//! then tests one with a lookup instead of walking it. The tables are filled from
//! [`Game::occupant_holds`], which the engine's evaluator shares, so they cannot disagree.
//! And a program whose every path first tests a register that must be set
//! (`[empty & mark]`) is marked as waiting for it, so that move generation skips it while the
//! register is unset.

use std::collections::HashMap;

use crate::board::Cell;
use crate::ir::{Cond, CondTables, Game, Op, PathNode, ProgramId, Shape, ZoneId};

/// The most bits all tables may take together (so also the most evaluations at load; an
/// offset in words then fits the 29 bits a code gives it).
const MAX_BITS: usize = 1 << 23;

/// Builds `g.cond_tables`.
pub fn run(g: &mut Game) {
    let (cells, nk, np) = (g.board.len(), g.kind_type.len(), g.np());
    let words = (cells * nk).div_ceil(64);
    let mut t = CondTables { at: vec![CondTables::code(Shape::Walk); g.conds.len()], nk, words, bits: vec![] };
    let hot = tested_by_generators(g);
    for (id, cond) in g.conds.iter().enumerate() {
        if let Some(s) = direct(cond) {
            t.at[id] = CondTables::code(s);
            continue;
        }
        if !hot[id] || !Game::reads_occupant_only(cond) || (t.bits.len() + words * np) * 64 > MAX_BITS {
            continue;
        }
        let off = u32::try_from(t.bits.len()).expect("the tables are below MAX_BITS");
        t.at[id] = CondTables::code(Shape::Table(off));
        let mut zones = vec![];
        zones_of(cond, &mut zones);
        for me in 0..np as u8 {
            // A cell's row depends on the cell only through the zones it is in.
            let mut rows: HashMap<Vec<bool>, Vec<bool>> = HashMap::new();
            let mut table = vec![0u64; words];
            for c in 0..cells {
                let among: Vec<bool> = zones.iter().map(|&z| g.zone(z)[c]).collect();
                let row = rows
                    .entry(among)
                    .or_insert_with(|| (0..nk).map(|k| g.occupant_holds(cond, me, c as Cell, k as u8)).collect());
                for (k, _) in row.iter().enumerate().filter(|(_, holds)| **holds) {
                    let i = c * nk + k;
                    table[i / 64] |= 1 << (i % 64);
                }
            }
            t.bits.extend_from_slice(&table);
        }
    }
    g.cond_tables = t;
    for i in 0..g.programs.len() {
        g.programs[i].waits = super::attack::gate(g, ProgramId::new(i));
    }
}

/// Per condition: whether move generation tests it (in a program, a drop rule or a push
/// rule); the others are not worth a table.
fn tested_by_generators(g: &Game) -> Vec<bool> {
    let mut hot = vec![false; g.conds.len()];
    let ops = g.programs.iter().flat_map(|p| &p.ops);
    let in_ops = ops.flat_map(|op| match op {
        Op::Test(id) | Op::Ray(_, _, id) | Op::Leap(_, id) => vec![*id],
        Op::Paths(t) => (g.path_table(*t).nodes.iter())
            .filter_map(|n| if let PathNode::Test { cond, .. } = n { Some(*cond) } else { None })
            .collect(),
        _ => vec![],
    });
    let in_rules = g.drops.iter().flat_map(|(_, ids)| ids).chain(g.pushes.iter().flat_map(|p| &p.cond));
    for id in in_ops.chain(in_rules.copied()) {
        hot[id.index()] = true;
    }
    hot
}

/// The zones a condition reads.
fn zones_of(c: &Cond, out: &mut Vec<ZoneId>) {
    match c {
        Cond::Zone(z) => out.push(*z),
        Cond::And(v) | Cond::Or(v) => v.iter().for_each(|x| zones_of(x, out)),
        Cond::Not(x) => zones_of(x, out),
        _ => {}
    }
}

/// The commonest tests, which the engine makes directly (quicker than a lookup).
fn direct(c: &Cond) -> Option<Shape> {
    match c {
        Cond::Empty => Some(Shape::Empty),
        Cond::Enemy => Some(Shape::Enemy),
        Cond::Not(x) => match **x {
            Cond::Empty => Some(Shape::Occupied),
            Cond::Friend => Some(Shape::NotFriend),
            _ => None,
        },
        _ => None,
    }
}
