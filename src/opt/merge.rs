//! Joined tables: a run of two or more of a piece's programs that are each one table (a
//! leap table or guarded paths, perhaps after a test of the origin) becomes one table of
//! guarded paths, which move generation walks in one go instead of starting each program
//! (a piece with a step, a double step and diagonal captures, say). The moves and their
//! order stay the same; only [`Game::gen_of`] changes, so every other reader of a piece's
//! programs sees them as written.

use crate::board::Cell;
use crate::ir::{
    CondId, CondTables, Game, LeapTableId, Op, PathNode, PathTable, PathTableId, Program, ProgramId, Quick, Shape,
};

/// Joins the runs of every piece's generation list.
pub fn run(g: &mut Game) {
    for slot in 0..g.gen_of.len() {
        let mut out = vec![];
        let mut run: Vec<(ProgramId, Table)> = vec![];
        for p in g.gen_of[slot].clone() {
            match table(g.program(p)) {
                Some(t) => run.push((p, t)),
                None => {
                    flush(g, &mut run, &mut out);
                    out.push(p);
                }
            }
        }
        flush(g, &mut run, &mut out);
        g.gen_of[slot] = out;
    }
}

/// A joined table is kept when it has at most this many nodes per origin for every two
/// program starts it saves: a leap walked as nodes is slower than the leap's own loop, so
/// only short tables gain. Measured in instructions, searching: three programs of one
/// or two cells each (8.1 nodes an origin) gain 3.7%; two programs at 4.8 nodes an origin
/// lose 1.3%, and runs of leaps to many cells (10 to 32 nodes an origin) up to 6%.
const NODES_PER_TWO_STARTS: usize = 9;

/// A program that is one table: its test of the origin, if any, and the table.
#[derive(Clone, Copy)]
enum Table {
    Leap(Option<CondId>, LeapTableId, CondId),
    Paths(Option<CondId>, PathTableId),
}

/// The table a program is, if it is one and runs whatever the registers hold.
fn table(p: &Program) -> Option<Table> {
    if p.waits.is_some() || p.by_bound.is_some() || p.gate.is_some() {
        return None;
    }
    match p.ops[..] {
        [Op::Leap(t, fin)] => Some(Table::Leap(None, t, fin)),
        [Op::Test(c), Op::Leap(t, fin)] => Some(Table::Leap(Some(c), t, fin)),
        [Op::Paths(t)] => Some(Table::Paths(None, t)),
        [Op::Test(c), Op::Paths(t)] => Some(Table::Paths(Some(c), t)),
        _ => None,
    }
}

/// Appends a run to `out`: its programs as they are when it has fewer than two, else one
/// new program over their joined table.
fn flush(g: &mut Game, run: &mut Vec<(ProgramId, Table)>, out: &mut Vec<ProgramId>) {
    if run.len() < 2 {
        out.extend(run.drain(..).map(|(p, _)| p));
        return;
    }
    let tables: Vec<Table> = run.iter().map(|&(_, t)| t).collect();
    let worth = |t: &PathTable| 2 * t.nodes.len() <= NODES_PER_TWO_STARTS * (run.len() - 1) * g.board.len();
    let Some(joined) = join(g, &tables).filter(worth) else {
        out.extend(run.drain(..).map(|(p, _)| p));
        return;
    };
    let progs: Vec<&Program> = run.iter().map(|&(p, _)| g.program(p)).collect();
    let ops = vec![Op::Paths(PathTableId::new(g.path_tables.len()))];
    let program = Program {
        quick: Quick::of(&ops),
        ops,
        has_effects: progs.iter().any(|p| p.has_effects),
        captures: progs.iter().any(|p| p.captures),
        probes: None,
        memo: false,
        gate: None,
        waits: None,
        by_bound: None,
    };
    g.path_tables.push(joined);
    g.programs.push(program);
    out.push(ProgramId::new(g.programs.len() - 1));
    run.clear();
}

/// The tables one after the other, per origin; None if the joined table would not fit
/// its indices.
fn join(g: &Game, tables: &[Table]) -> Option<PathTable> {
    let mut t = PathTable { start: vec![0], ..Default::default() };
    for origin in 0..g.board.len() as Cell {
        for &table in tables {
            append(g, table, origin, &mut t)?;
        }
        t.start.push(u32::try_from(t.nodes.len()).ok()?);
    }
    Some(t)
}

/// Appends one table's paths from `origin`, behind the test of the origin if it has one
/// (its failure skips them all).
fn append(g: &Game, table: Table, origin: Cell, t: &mut PathTable) -> Option<()> {
    let walk = CondTables::code(Shape::Walk);
    let (test, at) = match table {
        Table::Leap(c, ..) | Table::Paths(c, _) => (c, t.nodes.len()),
    };
    if let Some(cond) = test {
        t.nodes.push(PathNode::Test { cell: origin, cond, shape: walk, stepped: false, skip: 0 });
    }
    match table {
        Table::Leap(_, leap, fin) => {
            for &to in &g.leap_table(leap)[origin as usize] {
                let skip = u32::try_from(t.nodes.len() + 2).ok()?;
                t.nodes.push(PathNode::Test { cell: to, cond: fin, shape: walk, stepped: true, skip });
                t.nodes.push(PathNode::Emit { to, marked: false, first: 0, count: 0 });
            }
        }
        Table::Paths(_, id) => {
            let from = g.path_table(id);
            let range = from.range(origin);
            let base = u32::try_from(t.nodes.len()).ok()? as i64 - range.start as i64;
            for node in &from.nodes[range] {
                t.nodes.push(match *node {
                    PathNode::Test { cell, cond, shape, stepped, skip } => {
                        let skip = u32::try_from(skip as i64 + base).ok()?;
                        PathNode::Test { cell, cond, shape, stepped, skip }
                    }
                    PathNode::Emit { to, marked, first, count } => {
                        let effects = &from.effects[first as usize..][..count as usize];
                        let first = u32::try_from(t.effects.len()).ok()?;
                        t.effects.extend_from_slice(effects);
                        PathNode::Emit { to, marked, first, count }
                    }
                });
            }
        }
    }
    if test.is_some() {
        let end = u32::try_from(t.nodes.len()).ok()?;
        if let PathNode::Test { skip, .. } = &mut t.nodes[at] {
            *skip = end;
        }
    }
    Some(())
}
