//! Conditions that read only the cell and its occupant (`[enemy & !K]`,
//! `[camp & hits < 3]`) become bit tables over (player, cell, kind): the pattern machine
//! then tests one with a lookup instead of walking it. The tables are filled from
//! [`Game::occupant_leaf`], which the engine's evaluator shares, so they cannot disagree.
//! A condition that also compares numbers (`[!friend & (!W | moved > 0)]`) gets a table
//! per value of those comparisons, which the engine evaluates only at a cell whose tables
//! disagree.

use std::collections::HashMap;

use crate::board::Cell;
use crate::ir::{Cond, CondTables, Game, Guard, Kind, Op, PathNode, Shape, ZoneId};

/// The most bits all tables may take together (so also the most evaluations at load; an
/// offset in words then fits the 29 bits a code gives it).
const MAX_BITS: usize = 1 << 23;

/// The most parts a condition's tables may read apart (so at most four tables per player).
const MAX_PARTS: usize = 2;

/// Builds `g.cond_tables`.
pub fn run(g: &mut Game) {
    let (cells, nk, np) = (g.board.len(), g.kind_type.len(), g.np());
    let words = (cells * nk).div_ceil(64);
    let mut t = CondTables { at: vec![CondTables::code(Shape::Walk); g.conds.len()], nk, words, ..Default::default() };
    let hot = tested_by_generators(g);
    for (id, cond) in g.conds.iter().enumerate() {
        if let Some(s) = direct(cond) {
            t.at[id] = CondTables::code(s);
            continue;
        }
        let mut parts = vec![];
        if !hot[id] || pure(cond) {
            continue;
        }
        let mut on_reg = None;
        if parts_of(cond, &mut parts).is_none() {
            let Some(part @ Cond::Reg(r)) = register_part(cond) else { continue };
            (parts, on_reg) = (vec![part], Some(*r));
        }
        let n = 1 << parts.len();
        if (t.bits.len() + words * np * n) * 64 > MAX_BITS {
            continue;
        }
        let off = u32::try_from(t.bits.len()).expect("the tables are below MAX_BITS");
        for v in 0..n {
            for me in 0..np as u8 {
                t.bits.extend(table(g, cond, &parts, v, me));
            }
        }
        t.at[id] = CondTables::code(if let Some(r) = on_reg {
            Shape::OnReg(off, r)
        } else if parts.is_empty() {
            Shape::Table(off)
        } else {
            t.guards.push(Guard { off, parts: parts.into_iter().cloned().collect() });
            Shape::Guarded(t.guards.len() as u32 - 1)
        });
    }
    g.cond_tables = t;
    // Path tables carry their tests' shapes.
    for table in &mut g.path_tables {
        for n in &mut table.nodes {
            if let PathNode::Test { cond, shape, .. } = n {
                *shape = g.cond_tables.at[cond.index()];
            }
        }
    }
}

/// The table of `cond` for player `me` with its `parts` taking the values of `v`'s bits.
fn table(g: &Game, cond: &Cond, parts: &[&Cond], v: usize, me: u8) -> Vec<u64> {
    let (cells, nk) = (g.board.len(), g.kind_type.len());
    let mut zones = vec![];
    zones_of(cond, &mut zones);
    // A cell's row depends on the cell only through the zones it is in.
    let mut rows: HashMap<Vec<bool>, Vec<bool>> = HashMap::new();
    let mut table = vec![0u64; (cells * nk).div_ceil(64)];
    for c in 0..cells {
        let among: Vec<bool> = zones.iter().map(|&z| g.zone(z)[c]).collect();
        let row = rows
            .entry(among)
            .or_insert_with(|| (0..nk).map(|k| holds_given(g, cond, parts, v, me, c as Cell, k as Kind)).collect());
        for (k, _) in row.iter().enumerate().filter(|(_, holds)| **holds) {
            let i = c * nk + k;
            table[i / 64] |= 1 << (i % 64);
        }
    }
    table
}

/// Whether `cond` holds for player `me` at `c` holding `k`, the `i`-th of `parts` taking
/// bit `i` of `v` (every other leaf reads only the cell and its occupant).
pub(super) fn holds_given(g: &Game, cond: &Cond, parts: &[&Cond], v: usize, me: u8, c: Cell, k: Kind) -> bool {
    if let Some(i) = parts.iter().position(|p| std::ptr::eq(*p, cond)) {
        return v >> i & 1 != 0;
    }
    match cond {
        Cond::True => true,
        Cond::And(x) => x.iter().all(|x| holds_given(g, x, parts, v, me, c, k)),
        Cond::Or(x) => x.iter().any(|x| holds_given(g, x, parts, v, me, c, k)),
        Cond::Not(x) => !holds_given(g, x, parts, v, me, c, k),
        leaf => g.occupant_leaf(leaf, me, c, k),
    }
}

/// Collects the largest subconditions of `cond` that read more than the cell and its
/// occupant; None when there are more than [`MAX_PARTS`] or one of them is not [`pure`].
fn parts_of<'c>(cond: &'c Cond, out: &mut Vec<&'c Cond>) -> Option<()> {
    if Game::reads_occupant_only(cond) {
        return Some(());
    }
    if pure(cond) {
        out.push(cond);
        return (out.len() <= MAX_PARTS).then_some(());
    }
    match cond {
        Cond::And(v) | Cond::Or(v) => v.iter().try_for_each(|x| parts_of(x, out)),
        Cond::Not(x) => parts_of(x, out),
        _ => None,
    }
}

/// The one leaf of `cond` that reads more than the cell and its occupant, when there is one
/// and it is a register ([`Shape::OnReg`]).
fn register_part(cond: &Cond) -> Option<&Cond> {
    fn leaves<'c>(c: &'c Cond, out: &mut Vec<&'c Cond>) {
        match c {
            Cond::And(v) | Cond::Or(v) => v.iter().for_each(|x| leaves(x, out)),
            Cond::Not(x) => leaves(x, out),
            leaf if !Game::reads_occupant_only(leaf) => out.push(leaf),
            _ => {}
        }
    }
    let mut out = vec![];
    leaves(cond, &mut out);
    match out[..] {
        [reg @ Cond::Reg(_)] => Some(reg),
        _ => None,
    }
}

/// A comparison of numbers (or several joined): it reads neither the cell nor a nested
/// search, so the engine may evaluate it only where it matters. (A register as such a part
/// measured no quicker than walked: it has a shape of its own, [`Shape::OnReg`].)
fn pure(cond: &Cond) -> bool {
    match cond {
        Cond::Cmp(..) => true,
        Cond::And(v) | Cond::Or(v) => v.iter().all(pure),
        Cond::Not(x) => pure(x),
        _ => false,
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
