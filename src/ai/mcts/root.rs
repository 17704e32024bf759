//! The tree search's decision: its budget, the iterations, the move it picks (a proven
//! win, else the most visited) and what it reports (score, depth, nodes, the info sink).

use super::tree::{Node, Proof};
use super::{MINIMAX_WEIGHT, Mcts, NODES_PER_DEPTH};
use crate::ai::limits::{Budget, Limits};
use crate::ai::score::{MATE, MATE_BOUND};
use crate::ai::{Ai, Choice, Info, sample_chance};
use crate::engine::{Move, MoveList, State};
use std::time::Instant;

/// Iterations between the first two reports to the info sink (then twice as many each time).
const FIRST_REPORT: u64 = 1024;
/// Plies of the principal variation reported at most.
const PV_PLIES: usize = 12;

impl Ai<'_> {
    /// [`Ai::choose`] by Monte Carlo tree search.
    pub(in crate::ai) fn choose_mcts(&mut self, st: &State, history: &[u64], limits: Limits) -> Option<Choice> {
        let g = self.g;
        self.budget = Budget::new(mcts_limits(limits), Instant::now(), self.stop.clone());
        self.scratch.clone_from(st);
        let mut root = MoveList::default();
        g.node_into(st, history, true, &mut root, &mut self.scratch);
        if root.is_empty() || crate::engine::budget::overran() {
            return None; // over, or no legal move
        }
        if g.is_chance(st) {
            let m = sample_chance(g, st, &root, &mut self.rng);
            return Some(Choice::of(g, st, &root, &m));
        }
        let hidden = g.pending_step(st).is_some_and(|step| step.hidden);
        if hidden || root.len() == 1 {
            let m = root.moves[self.rng.below(root.len())];
            return Some(Choice::of(g, st, &root, &m));
        }
        let mut mcts = std::mem::take(&mut self.mcts);
        let best = mcts.search(self, st, history);
        self.mcts = mcts;
        let mut choice = Choice::of(g, st, &root, &best.0);
        (choice.score, choice.depth, choice.nodes) = (best.1, self.mcts.depth, self.budget.nodes());
        Some(choice)
    }
}

/// The budget of a tree search: a depth alone (the search has no iterations of depth)
/// becomes [`NODES_PER_DEPTH`] nodes per ply.
fn mcts_limits(limits: Limits) -> Limits {
    match limits {
        Limits { time_ms: None, nodes: None, depth: Some(d) } => Limits::nodes(NODES_PER_DEPTH * d.max(1) as u64),
        l => l,
    }
}

impl Mcts {
    /// Searches from `st` while the budget lasts (or until the root is settled) and
    /// returns the best move with its score.
    fn search(&mut self, ai: &mut Ai, st: &State, history: &[u64]) -> (Move, i32) {
        if !self.reuse(ai, st, history) {
            self.tree.reset(st.to_move);
        }
        self.minimax_weight = if ai.g.np() == 2 { MINIMAX_WEIGHT } else { 0.0 };
        self.reward.clear();
        self.reward.resize(ai.g.np(), 0.5);
        self.depth = 0;
        ai.path.clear();
        ai.path.extend_from_slice(history);
        let mut next_report = FIRST_REPORT;
        for n in 1.. {
            if !self.iterate(ai, st, history.len()) || self.tree.nodes[0].proof != Proof::Open {
                break;
            }
            if n == next_report {
                self.tell(ai);
                next_report *= 2;
            }
        }
        ai.path.truncate(history.len());
        self.keep_root(st, history);
        self.tell(ai);
        let best = self.best_child();
        (self.tree.nodes[best].mv, score(&self.tree.nodes[best]))
    }

    /// The root child to play: the quickest proven win, else the most visited child that
    /// is not a proven loss (ties: the better mean), else the slowest loss.
    fn best_child(&self) -> usize {
        let nodes = &self.tree.nodes;
        let me = nodes[0].actor;
        let children = nodes[0].children();
        let plies = |c: usize| match nodes[c].proof {
            Proof::Over { plies, .. } => plies,
            Proof::Open => 0,
        };
        let won = |c: &usize| matches!(nodes[*c].proof, Proof::Over { winner: Some(w), .. } if w == me);
        let lost = |c: &usize| matches!(nodes[*c].proof, Proof::Over { winner: Some(w), .. } if w != me);
        if let Some(c) = children.clone().filter(won).min_by_key(|&c| plies(c)) {
            return c;
        }
        let open = children.clone().filter(|c| !lost(c));
        let most = open.max_by(|&a, &b| {
            (nodes[a].visits, nodes[a].mean())
                .partial_cmp(&(nodes[b].visits, nodes[b].mean()))
                .expect("means are numbers")
        });
        most.unwrap_or_else(|| children.max_by_key(|&c| plies(c)).expect("the root has children"))
    }

    /// The principal variation: the most visited child, from the root down.
    fn pv(&self) -> Vec<Move> {
        let (nodes, mut pv, mut i) = (&self.tree.nodes, vec![], 0);
        while pv.len() < PV_PLIES && nodes[i].len > 0 {
            i = nodes[i].children().max_by_key(|&c| nodes[c].visits).expect("children");
            if nodes[i].visits == 0 {
                break;
            }
            pv.push(nodes[i].mv);
        }
        pv
    }

    /// Tells the AI's info sink, if any, how the search stands.
    fn tell(&self, ai: &mut Ai) {
        if ai.info.is_none() || self.tree.nodes[0].len == 0 {
            return;
        }
        let best = self.best_child();
        let info = Info {
            depth: self.depth,
            score: score(&self.tree.nodes[best]),
            nodes: ai.budget.nodes(),
            time_ms: ai.budget.elapsed_ms(),
            pv: self.pv(),
        };
        if let Some(sink) = ai.info.as_mut() {
            sink(&info);
        }
    }
}

/// A root child's score for the root's player, on the alpha-beta scale: a proven result
/// as a forced end, else its mean reward as a logistic rating difference (400 per tenfold odds).
fn score(n: &Node) -> i32 {
    match n.proof {
        Proof::Over { winner: None, .. } => 0,
        Proof::Over { winner: Some(w), plies } if w == n.chooser => MATE - (plies as i32 + 1),
        Proof::Over { plies, .. } => -(MATE - (plies as i32 + 1)),
        Proof::Open => {
            let q = n.mean().clamp(1e-6, 1.0 - 1e-6);
            let s = 400.0 * (q / (1.0 - q)).log10();
            (s.round() as i32).clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
        }
    }
}
