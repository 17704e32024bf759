//! Attack detection tables, derived once from the reversed attack probes of a game:
//! leap tables (fixed paths with no tests), slide probes, and the cells whose change can
//! expose a royal piece (for the fast legality filter).

use crate::board::{Cell, NONE};
use crate::game::{C, Game, Probe};

/// Precomputed attack data.
#[derive(Debug, Clone, Default)]
pub struct Tables {
    /// Kind sets (one bool per kind) referenced by index.
    pub kindsets: Vec<Vec<bool>>,
    /// Per attacking player, per target cell: attacker cells and the kinds that attack from there.
    pub leaps: Vec<Vec<Vec<(Cell, u16)>>>,
    /// Per attacking player: slides with a trivial landing test: direction, reach, kind set, origin test.
    pub rays: Vec<Vec<(u8, u16, u16, u16)>>,
    /// Per attacking player: other probes (tests on the way or at the landing cell).
    pub general: Vec<Vec<(Probe, u16)>>,
    /// Per victim player and royal cell: bitset of cells whose change can expose it,
    /// or empty when the fast legality filter does not apply to this game.
    pub sensitive: Vec<Vec<Vec<u64>>>,
}

/// Whether a landing test holds for any cell holding an enemy piece.
fn trivial(c: &C) -> bool {
    match c {
        C::True | C::Enemy => true,
        C::Not(x) => matches!(**x, C::Friend | C::Empty),
        C::And(v) => v.iter().all(trivial),
        C::Or(v) => v.iter().any(trivial),
        _ => false,
    }
}

/// Whether a condition depends only on the cells' contents (not on counters, registers…).
fn board_local(c: &C) -> bool {
    match c {
        C::True | C::Empty | C::Enemy | C::Friend | C::Type(_) | C::Unmoved | C::Zone(_) => true,
        C::And(v) | C::Or(v) => v.iter().all(board_local),
        C::Not(x) => board_local(x),
        _ => false,
    }
}

fn first_reg(c: &C) -> Option<u8> {
    match c {
        C::Reg(r) => Some(*r),
        C::And(v) => v.iter().find_map(first_reg),
        _ => None,
    }
}

/// The register a program needs set before it can do anything, if any.
pub fn gate(g: &Game, prog: u16) -> Option<u8> {
    g.programs[prog as usize].ops.iter().find_map(|o| match o {
        crate::game::Op::Test(t) => first_reg(&g.conds[*t as usize]),
        _ => None,
    })
}

/// Builds the tables of a compiled game.
pub fn build(g: &Game) -> Tables {
    let np = g.np();
    let n = g.board.len();
    let mut t = Tables::default();
    let kindset = |t: &mut Tables, ks: &Vec<bool>| -> u16 {
        match t.kindsets.iter().position(|x| x == ks) {
            Some(i) => i as u16,
            None => {
                t.kindsets.push(ks.clone());
                (t.kindsets.len() - 1) as u16
            }
        }
    };
    for p in 0..np {
        let mut leaps: Vec<Vec<(Cell, u16)>> = vec![vec![]; n];
        let mut rays = vec![];
        let mut general = vec![];
        for (probe, kinds) in &g.probes[p] {
            let ks = kindset(&mut t, kinds);
            let fin = probe.steps.last().unwrap().1;
            let fin_trivial = fin == u16::MAX || trivial(&g.conds[fin as usize]);
            if let (Some(max), true) = (probe.ray, fin_trivial) {
                rays.push((probe.steps[0].0, max, ks, probe.origin));
            } else if probe.ray.is_none()
                && fin_trivial
                && probe.origin == u16::MAX
                && probe.steps[..probe.steps.len() - 1].iter().all(|s| s.1 == u16::MAX)
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
        t.leaps.push(leaps);
        t.rays.push(rays);
        t.general.push(general);
    }
    // The fast legality filter needs every attack to be a reversible probe with board-local
    // tests, and non-reversible programs to wait for a register a quiet move leaves unset.
    let forward_ok = g.forward_attacks.iter().flatten().all(|(prog, _)| gate(g, *prog).is_some());
    let local = g.probes.iter().flatten().all(|(pr, _)| {
        pr.steps.iter().all(|s| s.1 == u16::MAX || board_local(&g.conds[s.1 as usize]))
            && (pr.origin == u16::MAX || board_local(&g.conds[pr.origin as usize]))
    });
    if g.has_royal && forward_ok && local {
        let words = n.div_ceil(64);
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
            t.sensitive.push(per_cell);
        }
    }
    t
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
    if let Some(max) = probe.ray {
        let d = probe.steps[0].0;
        let mut frontier = vec![r];
        for _ in 0..max {
            let mut next = vec![];
            for &c in &frontier {
                for &s in g.board.sources(c, d) {
                    if bits[s as usize / 64] & (1 << (s % 64)) == 0 {
                        set(bits, s);
                        next.push(s);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            frontier = next;
        }
        return;
    }
    let mut frontier = vec![r];
    for i in (0..probe.steps.len()).rev() {
        let d = probe.steps[i].0;
        let mut next = vec![];
        for &c in &frontier {
            for &s in g.board.sources(c, d) {
                if i > 0 && probe.steps[i - 1].1 != u16::MAX {
                    set(bits, s);
                }
                next.push(s);
            }
        }
        frontier = next;
    }
}

impl Tables {
    /// Whether the fast legality filter applies.
    pub fn filter(&self) -> bool {
        !self.sensitive.is_empty()
    }

    /// Whether a cell can expose `victim`'s royal piece on `r`.
    #[inline]
    pub fn is_sensitive(&self, victim: u8, r: Cell, c: Cell) -> bool {
        r == NONE || self.sensitive[victim as usize][r as usize][c as usize / 64] & (1 << (c % 64)) != 0
    }
}
