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
    /// Per victim player and royal cell: bitset of cells whose change can expose it
    /// through a fixed path with tests, or empty when the fast legality filter does not
    /// apply to this game (slides are handled by [`Tables::pins`]).
    pub sensitive: Vec<Vec<Vec<u64>>>,
    /// Per attacking player: every slide (direction, reach, kind set), for pin detection.
    pub pin_rays: Vec<Vec<(u8, u16, u16)>>,
    /// Per attacking player: for each non-reversible program, the register it waits for.
    pub gates: Vec<Vec<Option<u8>>>,
    /// Per attacking player, per non-reversible program, per origin: the cells it can
    /// possibly land on or remove (empty when the board is too large to tabulate).
    pub reach: Vec<Vec<Vec<[u64; 4]>>>,
    /// The same inverted: per attacking player, per program, per target, the origins.
    pub reach_from: Vec<Vec<Vec<Vec<Cell>>>>,
}

/// Every cell a program's cursor can visit or remove from an origin, ignoring all tests.
fn reach_of(g: &Game, prog: u16, origin: Cell) -> [u64; 4] {
    use crate::game::Op;
    let ops = &g.programs[prog as usize].ops;
    let mut bits = [0u64; 4];
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![(0usize, origin, 0u8)];
    let set = |bits: &mut [u64; 4], c: Cell| bits[c as usize / 64] |= 1 << (c % 64);
    while let Some((pc, c, last)) = stack.pop() {
        if pc >= ops.len() || !seen.insert((pc, c, last)) {
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
                for &d in &g.turn_tables[*tb as usize][last as usize] {
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
            Op::LoopTest(_, _, _, exit) => {
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
                for &t in &g.leap_tables[*tb as usize][c as usize] {
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
        C::True | C::Empty | C::Enemy | C::Friend | C::Type(_) | C::Unmoved | C::Zone(_) | C::Tally(..) => true,
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
        let mut pin_rays: Vec<(u8, u16, u16)> = rays.iter().map(|&(d, m, ks, _)| (d, m, ks)).collect();
        for (pr, ks) in &general {
            if let Some(m) = pr.ray {
                pin_rays.push((pr.steps[0].0, m, *ks));
            }
        }
        t.pin_rays.push(pin_rays);
        t.leaps.push(leaps);
        t.rays.push(rays);
        t.general.push(general);
        t.gates.push(g.forward_attacks[p].iter().map(|(prog, _)| gate(g, *prog)).collect());
        if n <= 256 {
            let reach: Vec<Vec<[u64; 4]>> = g.forward_attacks[p]
                .iter()
                .map(|(prog, _)| (0..n as Cell).map(|o| reach_of(g, *prog, o)).collect())
                .collect();
            t.reach_from.push(
                reach
                    .iter()
                    .map(|per| {
                        (0..n)
                            .map(|c| {
                                (0..n).filter(|&o| per[o][c / 64] & (1 << (c % 64)) != 0).map(|o| o as Cell).collect()
                            })
                            .collect()
                    })
                    .collect(),
            );
            t.reach.push(reach);
        } else {
            t.reach.push(vec![]);
            t.reach_from.push(vec![]);
        }
    }
    // The fast legality filter needs every attack to be a reversible probe with board-local
    // tests, and non-reversible programs to wait for a register a quiet move leaves unset.
    let forward_ok = g.forward_attacks.iter().flatten().all(|(prog, _)| gate(g, *prog).is_some());
    let local = g.probes.iter().flatten().all(|(pr, _)| {
        pr.steps.iter().all(|s| s.1 == u16::MAX || board_local(&g.conds[s.1 as usize]))
            && (pr.origin == u16::MAX || board_local(&g.conds[pr.origin as usize]))
    });
    if g.has_royal && forward_ok && local && n <= 256 {
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

    /// Whether a cell can expose `victim`'s royal piece on `r` through a fixed path.
    #[inline]
    pub fn is_sensitive(&self, victim: u8, r: Cell, c: Cell) -> bool {
        r == NONE || self.sensitive[victim as usize][r as usize][c as usize / 64] & (1 << (c % 64)) != 0
    }

    /// The cells of `victim`'s pieces that shield its royal piece on `r` from an enemy slide.
    pub fn pins(&self, g: &Game, st: &crate::state::State, victim: u8, r: Cell) -> [u64; 4] {
        let mut bits = [0u64; 4];
        for p in 0..g.np() {
            if p == victim as usize {
                continue;
            }
            for &(d, max, ks) in &self.pin_rays[p] {
                self.pin_walk(g, st, victim, r, d, max, &self.kindsets[ks as usize], NONE, &mut bits);
            }
        }
        bits
    }

    #[allow(clippy::too_many_arguments)]
    fn pin_walk(
        &self,
        g: &Game,
        st: &crate::state::State,
        victim: u8,
        mut c: Cell,
        d: u8,
        mut left: u16,
        ks: &[bool],
        mut shield: Cell,
        bits: &mut [u64; 4],
    ) {
        while left > 0 {
            let s = match g.board.sources(c, d) {
                [s] => *s,
                srcs => {
                    for &s in srcs {
                        let mut sh = shield;
                        if Self::pin_visit(g, st, victim, s, ks, &mut sh, bits) {
                            self.pin_walk(g, st, victim, s, d, left - 1, ks, sh, bits);
                        }
                    }
                    return;
                }
            };
            if !Self::pin_visit(g, st, victim, s, ks, &mut shield, bits) {
                return;
            }
            c = s;
            left -= 1;
        }
    }

    /// One cell of a slide walked back from the royal piece: the victim's first piece
    /// becomes the shield; any other piece ends the walk, pinning the shield when it is one
    /// of the slide's attackers. Returns whether the walk goes on.
    fn pin_visit(
        g: &Game,
        st: &crate::state::State,
        victim: u8,
        s: Cell,
        ks: &[bool],
        shield: &mut Cell,
        bits: &mut [u64; 4],
    ) -> bool {
        let k = st.board[s as usize];
        if k == 0 {
            return true;
        }
        if *shield == NONE && g.kind_owner[k as usize] == victim {
            *shield = s;
            return true;
        }
        if *shield != NONE && ks[k as usize] {
            bits[*shield as usize / 64] |= 1 << (*shield % 64);
        }
        false
    }
}
