//! The search below the root: negamax with alpha-beta and principal variation search,
//! expectation over chance outcomes, and a capture-only quiescence search.

use crate::ai::Ai;
use crate::ai::order::{MoveOrder, PROMOTION_KEY, is_tactical, search_key, sort_best_first, tactical_key};
use crate::ai::score::{INF, terminal_score};
use crate::engine::Status;
use crate::engine::{MoveList, State};

/// Plies of captures the quiescence search follows at most.
const MAX_QUIESCENCE_DEPTH: usize = 8;

impl Ai<'_> {
    /// The buffers of `ply` filled with the actions at `st`, and its status (repetition
    /// judged against the game and the search path; no actions when it is over).
    fn node(&mut self, st: &State, ply: usize) -> (MoveList, MoveOrder, Status) {
        let (mut list, order) = self.plies.take_moves(ply);
        self.killers.reach(ply);
        let status = self.g.node_into(st, &self.path, true, &mut list, &mut self.scratch);
        (list, order, status)
    }

    /// The value of `child` from the view of the player to move at `st`, searched with the
    /// window (alpha, beta) in that view (the child may belong to the same player).
    pub(super) fn child_value(
        &mut self,
        st: &State,
        child: &State,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if child.to_move == st.to_move {
            self.negamax(child, depth, alpha, beta, ply)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply)
        }
    }

    /// A later child of `st` in principal variation search: searched with a null window,
    /// then again with (score, beta) when it beats alpha.
    pub(super) fn scout_child(
        &mut self,
        st: &State,
        child: &State,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let score = self.child_value(st, child, depth, alpha, alpha + 1, ply);
        if !self.budget.exhausted() && score > alpha && score < beta {
            return self.child_value(st, child, depth, score, beta, ply);
        }
        score
    }

    /// The value of `st` for its player to move, searched `depth` plies deep (then
    /// quiescence) with the window (alpha, beta); 0 once the budget has run out.
    fn negamax(&mut self, st: &State, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.g.is_chance(st) {
            return self.expectation(st, depth, ply);
        }
        if depth == 0 {
            return self.quiesce(st, alpha, beta, ply, 0);
        }
        if self.budget.count_node() {
            return 0;
        }
        let g = self.g;
        let (list, mut order, status) = self.node(st, ply);
        if let Status::Over(winner) = status {
            self.plies.put_moves(ply, list, order);
            return terminal_score(st, winner, ply);
        }
        order.clear();
        for (i, m) in list.moves.iter().enumerate() {
            order.push((search_key(g, st, &list, m, &self.killers, ply), i as u32));
        }
        sort_best_first(&mut order);
        self.path.push(g.position_key(st));
        let mut best = -INF;
        let mut child = self.plies.take_state(ply + 1);
        for (n, &(key, i)) in order.iter().enumerate() {
            let m = list.moves[i as usize];
            child.clone_from(st);
            g.apply(&mut child, &m, list.effects_of(&m));
            let score = if n == 0 {
                self.child_value(st, &child, depth - 1, alpha, beta, ply + 1)
            } else {
                self.scout_child(st, &child, depth - 1, alpha, beta, ply + 1)
            };
            if self.budget.exhausted() {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                if key < PROMOTION_KEY {
                    // A quiet move that refutes: remember it at this ply.
                    self.killers.remember(ply, m);
                }
                break;
            }
        }
        self.plies.put_state(ply + 1, child);
        self.path.pop();
        self.plies.put_moves(ply, list, order);
        best
    }

    /// A chance node's value for its player to move: the outcomes' values weighted by
    /// their probabilities (searched with full windows; chance uses no depth).
    fn expectation(&mut self, st: &State, depth: u32, ply: usize) -> i32 {
        let g = self.g;
        let (list, order, _) = self.node(st, ply);
        let probs = g.chance_probs(st, &list);
        let mut child = self.plies.take_state(ply + 1);
        let mut sum = 0.0;
        for (i, m) in list.moves.iter().enumerate() {
            child.clone_from(st);
            g.apply(&mut child, m, list.effects_of(m));
            let v = self.child_value(st, &child, depth, -INF, INF, ply + 1);
            if self.budget.exhausted() {
                break;
            }
            sum += probs[i] * v as f64;
        }
        self.plies.put_state(ply + 1, child);
        self.plies.put_moves(ply, list, order);
        sum.round() as i32
    }

    /// The value of `st` for its player to move once the main search's depth is spent:
    /// the material as it stands, or better by following captures and promotions
    /// (`qdepth` plies of them so far).
    fn quiesce(&mut self, st: &State, mut alpha: i32, beta: i32, ply: usize, qdepth: usize) -> i32 {
        if self.budget.count_node() {
            return 0;
        }
        if st.pending().is_some() {
            // Inside a turn (chance included): no quiescence; the material as it stands.
            return self.eval.score(self.g, st, st.to_move);
        }
        let (list, mut order, status) = self.node(st, ply);
        if let Status::Over(winner) = status {
            self.plies.put_moves(ply, list, order);
            return terminal_score(st, winner, ply);
        }
        let stand_pat = self.eval.score(self.g, st, st.to_move);
        if stand_pat >= beta || qdepth >= MAX_QUIESCENCE_DEPTH {
            self.plies.put_moves(ply, list, order);
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        order.clear();
        for (i, m) in list.moves.iter().enumerate() {
            if is_tactical(self.g, st, &list, m) {
                order.push((tactical_key(self.g, st, &list, m), i as u32));
            }
        }
        sort_best_first(&mut order);
        let mut best = stand_pat;
        if !order.is_empty() {
            let g = self.g;
            self.path.push(g.position_key(st));
            let mut child = self.plies.take_state(ply + 1);
            for &(_, i) in order.iter() {
                let m = list.moves[i as usize];
                child.clone_from(st);
                g.apply(&mut child, &m, list.effects_of(&m));
                let score = if child.to_move == st.to_move {
                    self.quiesce(&child, alpha, beta, ply + 1, qdepth + 1)
                } else {
                    -self.quiesce(&child, -beta, -alpha, ply + 1, qdepth + 1)
                };
                if self.budget.exhausted() {
                    break;
                }
                best = best.max(score);
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
            self.plies.put_state(ply + 1, child);
            self.path.pop();
        }
        self.plies.put_moves(ply, list, order);
        best
    }
}
