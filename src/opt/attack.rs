//! Attack detection tables, derived once from the reversed attack probes of a game:
//! leap tables (fixed paths with no tests), slide probes, and the cells whose change can
//! expose a royal piece (for the fast legality filter).

use super::lines::{self, STATE_BUDGET};
use crate::board::Cell;
use crate::ir::limits::{CELL_WORDS, MAX_LINE_BITS, MAX_TABLE_CELLS, saturating_u16};
use crate::ir::{AttackTables, Cond, Game, LineBits, Op, Probe, ProgramId, RayProbe};

/// The machine states (instruction, cell, last direction) a walk of one program has
/// visited, stamped by walk so that one table serves every origin.
struct Visited {
    stamps: Vec<u32>,
    stamp: u32,
    cells: usize,
    dirs: usize,
}

impl Visited {
    fn new(g: &Game, prog: ProgramId) -> Self {
        let (cells, dirs) = (g.board.len(), g.board.dirs.len().max(1));
        let ops = g.program(prog).ops.len();
        Visited { stamps: vec![0; ops * cells * dirs], stamp: 0, cells, dirs }
    }

    /// Starts a new walk: nothing visited.
    fn clear(&mut self) {
        self.stamp += 1;
    }

    /// Marks a state visited; false if it already was in this walk.
    fn insert(&mut self, pc: usize, c: Cell, last: u8) -> bool {
        let i = (pc * self.cells + c as usize) * self.dirs + last as usize;
        let fresh = self.stamps[i] != self.stamp;
        self.stamps[i] = self.stamp;
        fresh
    }
}

/// Every cell a program's cursor can visit or remove from an origin, ignoring all tests.
fn reach_of(g: &Game, prog: ProgramId, origin: Cell, seen: &mut Visited) -> [u64; CELL_WORDS] {
    let ops = &g.program(prog).ops;
    let mut bits = [0u64; CELL_WORDS];
    seen.clear();
    let mut stack = vec![(0usize, origin, 0u8)];
    let set = |bits: &mut [u64; CELL_WORDS], c: Cell| bits[c as usize / 64] |= 1 << (c % 64);
    while let Some((pc, c, last)) = stack.pop() {
        if pc >= ops.len() || !seen.insert(pc, c, last) {
            continue;
        }
        set(&mut bits, c);
        match &ops[pc] {
            Op::Step(ds) => {
                for &d in ds {
                    for &t in g.board.targets(c, d) {
                        stack.push((pc + 1, t, d));
                    }
                }
            }
            Op::Turn(tb) => {
                for &d in &g.turn_table(*tb)[last as usize] {
                    for &t in g.board.targets(c, d) {
                        stack.push((pc + 1, t, d));
                    }
                }
            }
            Op::Split(t) => {
                stack.push((pc + 1, c, last));
                stack.push((*t as usize, c, last));
            }
            Op::Jmp(t) => stack.push((*t as usize, c, last)),
            Op::LoopTest(_, _, _, exit) | Op::LoopMax(_, _, _, exit) => {
                stack.push((pc + 1, c, last));
                stack.push((*exit as usize, c, last));
            }
            Op::Remove(Some(d)) => {
                for &t in g.board.targets(c, *d) {
                    set(&mut bits, t);
                }
                stack.push((pc + 1, c, last));
            }
            Op::Ray(ds, _, _) => {
                for &d in ds {
                    let mut front = vec![c];
                    while let Some(x) = front.pop() {
                        for &t in g.board.targets(x, d) {
                            if bits[t as usize / 64] & (1 << (t % 64)) == 0 {
                                set(&mut bits, t);
                                front.push(t);
                            }
                        }
                    }
                }
            }
            Op::Leap(tb, _) => {
                for &t in &g.leap_table(*tb)[c as usize] {
                    set(&mut bits, t);
                }
            }
            Op::Emit => {}
            _ => stack.push((pc + 1, c, last)),
        }
    }
    bits
}

/// Whether a landing test holds for any cell holding an enemy piece.
fn trivial(c: &Cond) -> bool {
    match c {
        Cond::True | Cond::Enemy => true,
        Cond::Not(x) => matches!(**x, Cond::Friend | Cond::Empty),
        Cond::And(v) => v.iter().all(trivial),
        Cond::Or(v) => v.iter().any(trivial),
        _ => false,
    }
}

/// Whether a condition depends only on the cells' contents (not on counters, registers…).
fn board_local(c: &Cond) -> bool {
    match c {
        Cond::True
        | Cond::Empty
        | Cond::Enemy
        | Cond::Friend
        | Cond::Type(_)
        | Cond::Unmoved
        | Cond::Zone(_)
        | Cond::Tally(..) => true,
        Cond::And(v) | Cond::Or(v) => v.iter().all(board_local),
        Cond::Not(x) => board_local(x),
        _ => false,
    }
}

/// A register that the condition needs set to hold: a test of it, alone or as a conjunct.
fn first_reg(c: &Cond) -> Option<u8> {
    match c {
        Cond::Reg(r) => Some(*r),
        Cond::And(v) => v.iter().find_map(first_reg),
        _ => None,
    }
}

/// The register a program needs set before it can do anything, if any: one that a test
/// in the straight run of steps and tests it starts with needs (a register tested on one
/// alternative only does not count: the others do not wait for it).
pub fn gate(g: &Game, prog: ProgramId) -> Option<u8> {
    for op in &g.program(prog).ops {
        match op {
            Op::Test(c) => {
                if let Some(r) = first_reg(g.cond(*c)) {
                    return Some(r);
                }
            }
            Op::Step(_) | Op::Turn(_) | Op::Mark(_) => {}
            // Every landing of a leap or a slide passes its final test.
            Op::Leap(_, c) | Op::Ray(_, _, c) => return first_reg(g.cond(*c)),
            _ => return None,
        }
    }
    None
}

/// Builds the tables of a compiled game.
pub fn build(g: &Game) -> AttackTables {
    let mut t = AttackTables::default();
    for p in 0..g.np() {
        probe_tables(g, p, &mut t);
        t.gates.push(g.forward_attacks[p].iter().map(|(prog, _)| gate(g, *prog)).collect());
        reach_tables(g, p, &mut t);
    }
    (t.sensitive, t.forward_paths) = sensitive(g);
    if t.filter() {
        t.probe_paths = (0..g.np()).map(|p| probe_paths(g, p, &mut t)).collect();
    }
    t.kindset_slots = t.kindsets.iter().map(|ks| count_slots(g, ks)).collect();
    let lined = |&(d, _, _, origin): &RayProbe| {
        origin.is_none() && (0..g.board.len() as Cell).all(|c| g.board.line_back(c, d).is_some())
    };
    t.plain_lines = t.rays.iter().flatten().all(lined);
    let entries = t.rays.iter().map(Vec::len).sum::<usize>().saturating_mul(g.board.len());
    if t.plain_lines && g.board.len() <= MAX_TABLE_CELLS && entries <= MAX_LINE_BITS {
        t.line_bits = t
            .rays
            .iter()
            .map(|rays| (0..g.board.len() as Cell).flat_map(|c| rays.iter().map(move |r| line_bits(g, r, c))).collect())
            .collect();
        t.leap_bits = t.leaps.iter().map(|by_cell| by_cell.iter().map(|l| leap_bits(l)).collect()).collect();
    }
    let plain = |p: usize| {
        let off = |fi: usize| t.gates[p][fi].is_some_and(|r| !g.long_regs.get(r as usize).copied().unwrap_or(true));
        t.general[p].is_empty() && (0..g.forward_attacks[p].len()).all(off)
    };
    t.plain_against = (0..g.np()).map(|v| (0..g.np()).filter(|&p| p != v).all(plain)).collect();
    t
}

/// A slide's line back from cell `c` as [`LineBits`], where one word holds the line and
/// its cells' numbers rise or fall going out.
fn line_bits(g: &Game, &(d, max, _, _): &RayProbe, c: Cell) -> Option<LineBits> {
    let line = g.board.line_back(c, d)?;
    let line = &line[..line.len().min(max as usize)];
    let Some(&first) = line.first() else { return Some(LineBits::default()) };
    let word = first as usize / 64;
    let up = line.len() < 2 || line[1] > first;
    let ordered = line.windows(2).all(|w| (w[1] > w[0]) == up);
    let bits = line.iter().fold(0u64, |b, &s| b | 1 << (s % 64));
    (ordered && line.iter().all(|&s| s as usize / 64 == word)).then_some(LineBits { word: word as u8, up, bits })
}

/// A cell's leap attackers grouped by kind set and word of a cell bitset.
fn leap_bits(leaps: &[(Cell, u16)]) -> Vec<(u16, u8, u64)> {
    let mut groups: Vec<(u16, u8, u64)> = Vec::new();
    for &(s, ks) in leaps {
        let (word, bit) = ((s as usize / 64) as u8, 1u64 << (s % 64));
        match groups.iter_mut().find(|g| g.0 == ks && g.1 == word) {
            Some(g) => g.2 |= bit,
            None => groups.push((ks, word, bit)),
        }
    }
    groups
}

/// The piece-count slots of the kinds of a kind set (type × factions + owner), once each.
fn count_slots(g: &Game, ks: &[bool]) -> Vec<u16> {
    let mut slots: Vec<u16> = (1..ks.len())
        .filter(|&k| ks[k])
        .map(|k| saturating_u16(g.kind_type[k] as usize * g.nf() + g.kind_owner[k] as usize))
        .collect();
    slots.sort_unstable();
    slots.dedup();
    slots
}

/// The index of a kind set in the tables, added if new.
fn kindset(t: &mut AttackTables, ks: &Vec<bool>) -> u16 {
    match t.kindsets.iter().position(|x| x == ks) {
        Some(i) => saturating_u16(i),
        None => {
            t.kindsets.push(ks.clone());
            saturating_u16(t.kindsets.len() - 1)
        }
    }
}

/// Player `p`'s probes sorted into leap tables (fixed paths with no tests), rays (slides
/// with a trivial landing test) and general probes; and every slide for pin detection.
fn probe_tables(g: &Game, p: usize, t: &mut AttackTables) {
    let n = g.board.len();
    let mut leaps: Vec<Vec<(Cell, u16)>> = vec![vec![]; n];
    let mut rays = vec![];
    let mut general = vec![];
    for (probe, kinds) in &g.probes[p] {
        let ks = kindset(t, kinds);
        let fin = probe.steps.last().unwrap().1;
        let fin_trivial = fin.is_none_or(|f| trivial(g.cond(f)));
        if probe.gate.is_some() {
            // A conditional attack is looked at only while its condition holds.
            general.push((probe.clone(), ks));
        } else if let (Some(max), true) = (probe.ray, fin_trivial) {
            rays.push((probe.steps[0].0, max, ks, probe.origin));
        } else if probe.ray.is_none()
            && fin_trivial
            && probe.origin.is_none()
            && probe.steps[..probe.steps.len() - 1].iter().all(|s| s.1.is_none())
        {
            for target in 0..n as Cell {
                for s in sources(g, probe, target) {
                    if !leaps[target as usize].contains(&(s, ks)) {
                        leaps[target as usize].push((s, ks));
                    }
                }
            }
        } else {
            general.push((probe.clone(), ks));
        }
    }
    let mut pin_rays: Vec<(u8, u16, u16)> = rays.iter().map(|&(d, m, ks, _)| (d, m, ks)).collect();
    for (pr, ks) in &general {
        if let Some(m) = pr.ray {
            pin_rays.push((pr.steps[0].0, m, *ks));
        }
    }
    t.pin_rays.push(pin_rays);
    t.leaps.push(leaps);
    t.rays.push(rays);
    t.general_at.push(if n <= MAX_TABLE_CELLS { general_at(g, &general) } else { vec![] });
    t.general.push(general);
}

/// A condition's value at a cell when only zones (and cells) are known: None when it
/// depends on anything else.
fn zone_value(g: &Game, c: &Cond, cell: Cell) -> Option<bool> {
    match c {
        Cond::True => Some(true),
        Cond::Zone(z) => Some(g.zone(*z)[cell as usize]),
        Cond::Not(x) => zone_value(g, x, cell).map(|b| !b),
        Cond::And(v) => {
            let vals: Vec<Option<bool>> = v.iter().map(|x| zone_value(g, x, cell)).collect();
            if vals.contains(&Some(false)) {
                Some(false)
            } else if vals.iter().all(|x| *x == Some(true)) {
                Some(true)
            } else {
                None
            }
        }
        Cond::Or(v) => {
            let vals: Vec<Option<bool>> = v.iter().map(|x| zone_value(g, x, cell)).collect();
            if vals.contains(&Some(true)) {
                Some(true)
            } else if vals.iter().all(|x| *x == Some(false)) {
                Some(false)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Per target cell, the general probes that may hit it: a slide with a cell behind the
/// target, or a fixed path with an origin on the board; the landing test and (fixed
/// paths) the origin test not ruled out by the zones.
fn general_at(g: &Game, general: &[(Probe, u16)]) -> Vec<Vec<u16>> {
    let can = |t: Option<crate::ir::CondId>, c: Cell| t.is_none_or(|t| zone_value(g, g.cond(t), c) != Some(false));
    (0..g.board.len() as Cell)
        .map(|c| {
            (0..general.len())
                .filter(|&i| {
                    let pr = &general[i].0;
                    let (d, fin) = *pr.steps.last().unwrap();
                    if !can(fin, c) {
                        return false;
                    }
                    if pr.ray.is_some() {
                        return !g.board.sources(c, d).is_empty();
                    }
                    sources(g, pr, c).iter().any(|&s| can(pr.origin, s))
                })
                .map(saturating_u16)
                .collect()
        })
        .collect()
}

/// Per forward attack program of player `p`: the cells it can reach from each origin, and
/// inverted, the origins that can reach each cell (none when the board is too large).
fn reach_tables(g: &Game, p: usize, t: &mut AttackTables) {
    let n = g.board.len();
    if n > MAX_TABLE_CELLS {
        t.reach.push(vec![]);
        t.reach_from.push(vec![]);
        return;
    }
    let reach: Vec<Vec<[u64; CELL_WORDS]>> = g.forward_attacks[p]
        .iter()
        .map(|(prog, _)| {
            let mut seen = Visited::new(g, *prog);
            (0..n as Cell).map(|o| reach_of(g, *prog, o, &mut seen)).collect()
        })
        .collect();
    t.reach_from.push(
        reach
            .iter()
            .map(|per| {
                (0..n)
                    .map(|c| (0..n).filter(|&o| per[o][c / 64] & (1 << (c % 64)) != 0).map(|o| o as Cell).collect())
                    .collect()
            })
            .collect(),
    );
    t.reach.push(reach);
}

/// Per victim and royal cell, the cells whose change can expose it through a fixed path
/// with tests, or through a forward program's walk; empty when the fast legality filter
/// does not apply. It needs every attack to be a reversible probe with board-local tests,
/// or a forward program with board-local tests (its walks mark the cells on the way to
/// each target: a cannon's lines), or one that waits for a register a quiet move leaves
/// unset.
#[allow(clippy::type_complexity)]
fn sensitive(g: &Game) -> (Vec<Vec<Vec<u64>>>, Vec<Vec<Option<Vec<[u64; CELL_WORDS]>>>>) {
    let (np, n) = (g.np(), g.board.len());
    let local = g.probes.iter().flatten().all(|(pr, _)| {
        pr.steps.iter().all(|s| s.1.is_none_or(|t| board_local(g.cond(t))))
            && pr.origin.is_none_or(|t| board_local(g.cond(t)))
    });
    if !(g.has_royal && local && n <= MAX_TABLE_CELLS) {
        return (vec![], vec![]);
    }
    // Per attacking player, the paths of its forward programs that do not wait for a
    // register (the engine marks those of the attackers on the board).
    let mut budget = STATE_BUDGET;
    let mut forward: Vec<Vec<Option<Vec<[u64; CELL_WORDS]>>>> = vec![vec![]; np];
    for (p, list) in g.forward_attacks.iter().enumerate() {
        for (prog, _) in list {
            if gate(g, *prog).is_some() {
                forward[p].push(None);
                continue;
            }
            if !lines::board_local_program(g, *prog, &board_local) || n * n * (list.len() + 1) > 1 << 22 {
                return (vec![], vec![]);
            }
            match lines::forward_marks(g, *prog, &mut budget) {
                Some(m) => forward[p].push(Some(m)),
                None => return (vec![], vec![]),
            }
        }
    }
    let words = n.div_ceil(64);
    let mut out = vec![];
    for v in 0..np {
        let mut per_cell = vec![];
        for r in 0..n as Cell {
            let mut bits = vec![0u64; words];
            for p in (0..np).filter(|&p| p != v) {
                for (probe, _) in &g.probes[p] {
                    mark(g, probe, r, &mut bits);
                }
            }
            per_cell.push(bits);
        }
        out.push(per_cell);
    }
    (out, forward)
}

/// Per target cell, player `p`'s fixed-path probes with tests on the way: each origin and
/// kind set, with the cells tested on the paths from the origin to the target.
fn probe_paths(g: &Game, p: usize, t: &mut AttackTables) -> Vec<Vec<(Cell, u16, [u64; CELL_WORDS])>> {
    let n = g.board.len();
    let mut out = vec![vec![]; n];
    for (probe, kinds) in &g.probes[p] {
        if probe.ray.is_some() || probe.steps[..probe.steps.len() - 1].iter().all(|s| s.1.is_none()) {
            continue;
        }
        let ks = kindset(t, kinds);
        for r in 0..n as Cell {
            let list: &mut Vec<(Cell, u16, [u64; CELL_WORDS])> = &mut out[r as usize];
            path_cells(g, probe, probe.steps.len(), r, [0; CELL_WORDS], &mut |o, bits| match list
                .iter_mut()
                .find(|e| e.0 == o && e.1 == ks)
            {
                Some(e) => e.2.iter_mut().zip(bits).for_each(|(a, b)| *a |= b),
                None => list.push((o, ks, bits)),
            });
        }
    }
    out
}

/// Walks a fixed-path probe back from cell `c` over its first `i` steps, collecting the
/// cells with tests; calls `found` with each origin and its cells.
fn path_cells(
    g: &Game,
    probe: &Probe,
    i: usize,
    c: Cell,
    bits: [u64; CELL_WORDS],
    found: &mut dyn FnMut(Cell, [u64; CELL_WORDS]),
) {
    if i == 0 {
        return found(c, bits);
    }
    let d = probe.steps[i - 1].0;
    for &s in g.board.sources(c, d) {
        let mut b = bits;
        if i > 1 && probe.steps[i - 2].1.is_some() {
            b[s as usize / 64] |= 1 << (s % 64);
        }
        path_cells(g, probe, i - 1, s, b, found);
    }
}

/// Cells from which a fixed-path probe reaches `target`.
fn sources(g: &Game, probe: &Probe, target: Cell) -> Vec<Cell> {
    let mut frontier = vec![target];
    for i in (0..probe.steps.len()).rev() {
        let d = probe.steps[i].0;
        let mut next = vec![];
        for &c in &frontier {
            for &s in g.board.sources(c, d) {
                if !next.contains(&s) {
                    next.push(s);
                }
            }
        }
        frontier = next;
    }
    frontier
}

/// Marks the cells whose contents a probe looks at on its way to `r`.
fn mark(g: &Game, probe: &Probe, r: Cell, bits: &mut [u64]) {
    let set = |bits: &mut [u64], c: Cell| bits[c as usize / 64] |= 1 << (c % 64);
    if probe.ray.is_some() {
        // Slides are checked at run time by `pins`.
        return;
    }
    let mut frontier = vec![r];
    for i in (0..probe.steps.len()).rev() {
        let d = probe.steps[i].0;
        let mut next = vec![];
        for &c in &frontier {
            for &s in g.board.sources(c, d) {
                if i > 0 && probe.steps[i - 1].1.is_some() {
                    set(bits, s);
                }
                next.push(s);
            }
        }
        frontier = next;
    }
}
