//! Goal terms read from the end rules: a piece type that must reach a zone (scored by its
//! distance there in its own moves), pieces whose count must not fall to a number (kept
//! as a stake that grows as they get fewer), and per-player counters that must reach a
//! number (scored by how far they still are).

use crate::ai::eval::graph::{FAR, MoveGraph, distances_to};
use crate::engine::state::State;
use crate::ir::{CmpOp, Cond, Expr, Game, Outcome, Who};

/// Distances at or beyond this are not counted (the piece is as far as it can be).
const NO_GOAL: u8 = u8::MAX;

/// The goals of a game's end rules, with their sizes in hundredths.
#[derive(Debug, Clone, Default)]
pub(super) struct Goals {
    /// Cells of the board (the stride of the zone goals' tables).
    cells: usize,
    /// Per zone goal: +1 when reaching it wins for the pieces' owner, -1 when it loses;
    /// and per (kind * cells + cell) the distance of that piece to the zone.
    zones: Vec<(i64, Vec<u8>)>,
    /// Per count goal: +1 when the owner wants to keep the pieces, -1 when it wants to be
    /// rid of them; their types (mask); the count at which the rule ends the game.
    counts: Vec<(i64, u64, i64)>,
    /// Per counter goal: +1 when the owner wins by bringing it to the number, -1 when it
    /// loses so; the counter's first slot; the number; whether it is reached going up.
    counters: Vec<(i64, usize, i64, bool)>,
    /// The size of a goal one move (or step) away.
    near: i64,
    /// The size of a stake of pieces that must not all be lost.
    stake: i64,
}

/// One comparison of an end rule read as a goal.
enum Goal {
    /// Pieces of the types (mask) in each player's cells of a zone.
    Zone(Who, u64, Vec<Vec<crate::board::Cell>>),
    /// The number of pieces of the types (mask) falls to this number.
    Count(Who, u64, i64),
    /// A per-player counter (first slot) reaches a number, going up (true), down (false),
    /// or either (`==`: None).
    Counter(Who, usize, i64, Option<bool>),
}

impl Goals {
    /// The goals of `g`'s win and loss rules; `values` (per type, hundredths) set their size.
    pub(super) fn new(g: &Game, graph: &MoveGraph, values: &[i32], weight: u16) -> Self {
        let mut worths: Vec<i64> = values.iter().filter(|&&v| v > 0).map(|&v| v as i64).collect();
        worths.sort_unstable();
        let median = worths.get(worths.len() / 2).copied().unwrap_or(100).max(100);
        let top = worths.last().copied().unwrap_or(100).max(100);
        let w = weight as i64;
        let mut goals =
            Goals { cells: g.board.len(), near: median * 3 / 2 * w / 100, stake: top * w / 100, ..Default::default() };
        if w == 0 {
            return goals;
        }
        for end in g.ends.iter().filter(|e| !e.automatic) {
            let outcome = match end.outcome {
                Outcome::Win => 1,
                Outcome::Loss => -1,
                _ => continue,
            };
            let mut found = vec![];
            collect(g.cond(end.cond), &mut found);
            for goal in found {
                goals.add(g, graph, outcome, goal);
            }
        }
        goals
    }

    /// Adds a goal of a rule whose outcome (+1 win, -1 loss) is the mover's (once: a win
    /// rule and the loss rule that mirrors it are one goal).
    fn add(&mut self, g: &Game, graph: &MoveGraph, outcome: i64, goal: Goal) {
        let who = |w: Who| match w {
            Who::Me => Some(1),
            Who::Others => Some(-1),
            _ => None,
        };
        match goal {
            Goal::Zone(w, mask, cells) => {
                let Some(s) = who(w) else { return };
                let goal = (outcome * s, zone_distances(g, graph, mask, &cells));
                if !self.zones.contains(&goal) {
                    self.zones.push(goal);
                }
            }
            // The rule holds when they are gone: their owner gains (or loses) by keeping them.
            Goal::Count(w, mask, floor) => {
                let Some(s) = who(w) else { return };
                // Only a count that starts above the number falls to it.
                let start = g.initial();
                let n: i64 = (0..g.types.len())
                    .filter(|t| mask & (1 << t) != 0)
                    .map(|t| (0..g.np()).map(|p| start.counts[t * g.nf() + p] as i64).min().unwrap_or(0))
                    .sum();
                let goal = (-outcome * s, mask, floor);
                if n > floor && !self.counts.contains(&goal) {
                    self.counts.push(goal);
                }
            }
            Goal::Counter(w, slot, target, up) => {
                let Some(s) = who(w) else { return };
                // `==`: reached from the side the counter starts on.
                let up = up.unwrap_or_else(|| g.init_vars.get(slot).is_some_and(|&x| x < target));
                let goal = (outcome * s, slot, target, up);
                if !self.counters.contains(&goal) {
                    self.counters.push(goal);
                }
            }
        }
    }

    /// Whether the game has any goal term.
    pub(super) fn is_empty(&self) -> bool {
        self.zones.is_empty() && self.counts.is_empty() && self.counters.is_empty()
    }

    /// The goal terms for `me`, in hundredths.
    pub(super) fn score(&self, g: &Game, st: &State, me: u8) -> i64 {
        let np = g.np();
        let mut s = 0;
        for (sign, dist) in &self.zones {
            for p in 0..np {
                let d = nearest(g, st, dist, self.cells, p);
                if d != NO_GOAL {
                    let v = sign * self.near / (d as i64).max(1) * if d == 0 { 2 } else { 1 };
                    s += if p == me as usize { v } else { -v };
                }
            }
        }
        for &(sign, mask, floor) in &self.counts {
            for p in 0..np {
                let n: i64 =
                    (0..g.types.len()).filter(|t| mask & (1 << t) != 0).map(|t| st.counts[t * g.nf() + p] as i64).sum();
                let left = (n - floor).clamp(0, 16);
                let v = sign * (self.stake - (self.stake >> left));
                s += if p == me as usize { v } else { -v };
            }
        }
        for &(sign, slot, target, up) in &self.counters {
            for p in 0..np {
                let x = st.vars[slot + p];
                let d = if up { target - x } else { x - target }.max(0);
                let v = sign * self.near / d.max(1) * if d == 0 { 2 } else { 1 };
                s += if p == me as usize { v } else { -v };
            }
        }
        s
    }
}

/// The nearest of player `p`'s pieces to a zone (by its table), or [`NO_GOAL`].
fn nearest(g: &Game, st: &State, dist: &[u8], cells: usize, p: usize) -> u8 {
    let mut best = NO_GOAL;
    for (c, &k) in st.board.iter().enumerate() {
        if k != 0 && g.kind_owner[k as usize] as usize == p {
            best = best.min(dist[k as usize * cells + c]);
        }
    }
    best
}

/// Per (kind * cells + cell): the moves a piece of a type in `mask` needs to reach its
/// owner's cells of a zone ([`NO_GOAL`] for other kinds and where it never gets there).
fn zone_distances(g: &Game, graph: &MoveGraph, mask: u64, cells: &[Vec<crate::board::Cell>]) -> Vec<u8> {
    let n = g.board.len();
    let mut out = vec![NO_GOAL; g.kind_type.len() * n];
    for k in 1..g.kind_type.len() {
        let (t, p) = (g.kind_type[k] as usize, g.kind_owner[k] as usize);
        let Some(zone) = cells.get(p) else { continue };
        if mask & (1 << t) == 0 || p >= g.np() {
            continue;
        }
        let dist = distances_to(graph.of(g, t, p), |c| zone.contains(&(c as crate::board::Cell)));
        for (o, d) in out[k * n..(k + 1) * n].iter_mut().zip(dist) {
            *o = if d == FAR { NO_GOAL } else { d.min(NO_GOAL as u32 - 1) as u8 };
        }
    }
    out
}

/// The comparisons of a condition that read as goals: those it needs (the condition, or
/// the parts of a conjunction; not alternatives, nor anything under a negation).
fn collect(c: &Cond, out: &mut Vec<Goal>) {
    match c {
        Cond::And(v) => v.iter().for_each(|c| collect(c, out)),
        Cond::Cmp(a, op, b) => {
            if let Some(k) = b.constant() {
                out.extend(goal_of(a, *op, k));
            } else if let Some(k) = a.constant() {
                out.extend(goal_of(b, flip(*op), k));
            }
        }
        _ => {}
    }
}

/// `e OP k` as a goal, if it is one.
fn goal_of(e: &Expr, op: CmpOp, k: i64) -> Option<Goal> {
    match (e, op) {
        (Expr::CountIn(w, mask, cells), CmpOp::Gt) if k == 0 => Some(Goal::Zone(*w, *mask, cells.clone())),
        (Expr::CountIn(w, mask, cells), CmpOp::Ge) if k == 1 => Some(Goal::Zone(*w, *mask, cells.clone())),
        (Expr::Count(w, mask), CmpOp::Eq | CmpOp::Le) => Some(Goal::Count(*w, *mask, k)),
        (Expr::Count(w, mask), CmpOp::Lt) => Some(Goal::Count(*w, *mask, k - 1)),
        (Expr::Var(slot, true, w), CmpOp::Eq) => Some(Goal::Counter(*w, slot.at(0), k, None)),
        (Expr::Var(slot, true, w), CmpOp::Le) => Some(Goal::Counter(*w, slot.at(0), k, Some(false))),
        (Expr::Var(slot, true, w), CmpOp::Lt) => Some(Goal::Counter(*w, slot.at(0), k - 1, Some(false))),
        (Expr::Var(slot, true, w), CmpOp::Ge) => Some(Goal::Counter(*w, slot.at(0), k, Some(true))),
        (Expr::Var(slot, true, w), CmpOp::Gt) => Some(Goal::Counter(*w, slot.at(0), k + 1, Some(true))),
        _ => None,
    }
}

/// `k OP e` as `e OP' k`.
fn flip(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Gt,
        CmpOp::Le => CmpOp::Ge,
        CmpOp::Gt => CmpOp::Lt,
        CmpOp::Ge => CmpOp::Le,
        o => o,
    }
}
