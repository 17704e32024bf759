//! The search below the root: negamax with alpha-beta and principal variation search, the
//! transposition table, null-move pruning, late-move reductions and check extensions,
//! expectation over chance outcomes, and a quiescence search over captures and promotions.

use crate::ai::Ai;
use crate::ai::order::{MoveOrder, enemy_value_taken, is_quiet_key, is_tactical, sort_best_first, tactical_key};
use crate::ai::score::{INF, MATE_BOUND, terminal_score};
use crate::ai::tt::Bound;
use crate::engine::Early;
use crate::engine::Status;
use crate::engine::repetition::KeyParts;
use crate::engine::{Move, MoveList, State};

/// Plies of captures the quiescence search follows at most.
const MAX_QUIESCENCE_DEPTH: usize = 8;
/// Moves searched at full depth before late-move reductions start.
const FULL_DEPTH_MOVES: usize = 3;
/// Depth from which late moves are reduced.
const REDUCTION_DEPTH: u32 = 3;
/// Depth from which null moves are tried.
const NULL_MOVE_DEPTH: u32 = 3;

impl Ai<'_> {
    /// The buffers of `ply` filled with the actions at `st`, and its status (repetition
    /// judged against the game and the search path; no actions when it is over).
    fn node(&mut self, st: &State, ply: usize, key: &KeyParts) -> (MoveList, MoveOrder, Status) {
        let (mut list, order) = self.plies.take_moves(ply);
        self.killers.reach(ply);
        let status = self.g.node_into_keyed(st, &self.path, key, &mut list, &mut self.scratch);
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
            self.negamax(child, depth, alpha, beta, ply, true)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply, true)
        }
    }

    /// A later child of `st` in principal variation search: searched with a null window,
    /// then again with the full window when it beats alpha (a reduced or pruned line may
    /// have hidden a refutation: a narrower window would take its bound for a value).
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
            return self.child_value(st, child, depth, alpha, beta, ply);
        }
        score
    }

    /// A late quiet child: searched `reduction` plies shallower with a null window first,
    /// then as [`Ai::scout_child`] when it beats alpha all the same.
    #[allow(clippy::too_many_arguments)]
    fn reduced_child(
        &mut self,
        st: &State,
        child: &State,
        depth: u32,
        reduction: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if reduction > 0 {
            let score = self.child_value(st, child, depth - reduction, alpha, alpha + 1, ply);
            if self.budget.exhausted() || score <= alpha {
                return score;
            }
        }
        self.scout_child(st, child, depth, alpha, beta, ply)
    }

    /// The value of `st` for its player to move, searched `depth` plies deep (then
    /// quiescence) with the window (alpha, beta); 0 once the budget has run out. `null_ok`:
    /// whether a null move may be tried here (not right after one).
    fn negamax(&mut self, st: &State, depth: u32, alpha: i32, beta: i32, ply: usize, null_ok: bool) -> i32 {
        if self.g.is_chance(st) {
            return self.expectation(st, depth, ply);
        }
        if depth == 0 {
            return self.quiesce(st, alpha, beta, ply, 0);
        }
        if self.budget.count_node() {
            return 0;
        }
        let parts = self.g.key_parts(st);
        let key = parts.whole();
        // What can be known without the moves first: an end by a rule that needs none (a
        // repetition), a stored result, a null move that refutes.
        let early = self.g.judge_early(st, &self.path, true, Some(&parts));
        if let Early::Ends(Status::Over(winner)) = early {
            return terminal_score(st, winner, ply);
        }
        if let Some(v) = self.cycle_score(st, &parts) {
            return v;
        }
        let tt = self.tt.probe(key).copied();
        // A stored value is the position's without the path; a path-bound end may hold.
        if early == Early::Open
            && let Some(v) = tt.and_then(|e| e.cutoff(depth, alpha, beta, ply))
        {
            return v;
        }
        let in_check = st.pending().is_none() && self.g.in_check(st, st.to_move);
        // Check extension: a position in check is searched a ply deeper (within bounds).
        let depth = if in_check && ply < 2 * self.root_depth as usize + 4 { depth + 1 } else { depth };
        if null_ok && !in_check && depth >= NULL_MOVE_DEPTH && self.null_move_refutes(st, &parts, depth, beta, ply) {
            return beta;
        }
        let (list, mut order, status) = self.node(st, ply, &parts);
        if let Status::Over(winner) = status {
            self.plies.put_moves(ply, list, order);
            return terminal_score(st, winner, ply);
        }
        self.enter(&parts);
        self.order_moves(st, &list, &mut order, tt.and_then(|e| e.mv), ply);
        let (best, best_move) = self.search_moves(st, &list, &order, depth, alpha, beta, ply, in_check);
        self.leave();
        if !self.budget.exhausted() {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, ply, depth, best, bound, best_move);
        }
        self.plies.put_moves(ply, list, order);
        best
    }

    /// Fills `order` with the moves of `list` best first: the transposition table's move,
    /// captures and promotions, killer moves, then quiet moves by their history.
    fn order_moves(&mut self, st: &State, list: &MoveList, order: &mut MoveOrder, tt_move: Option<Move>, ply: usize) {
        order.clear();
        for (i, m) in list.moves.iter().enumerate() {
            let key = crate::ai::order::search_key(self.g, st, list, m, &self.killers, &self.history, ply, tt_move);
            order.push((key, i as u32));
        }
        sort_best_first(order);
    }

    /// The moves of a node searched in `order` (principal variation search, late quiet
    /// moves reduced): the best score (-INF when the budget ran out first) and the move
    /// that reached it, if it beat alpha.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        st: &State,
        list: &MoveList,
        order: &MoveOrder,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
    ) -> (i32, Option<Move>) {
        let g = self.g;
        let mut best = -INF;
        let mut best_move = None;
        // On the principal variation (a window wider than null) moves keep their depth.
        let pv_node = beta > alpha + 1;
        let mut child = self.plies.take_state(ply + 1);
        for (n, &(key, i)) in order.iter().enumerate() {
            let m = list.moves[i as usize];
            child.clone_from(st);
            g.apply(&mut child, &m, list.effects_of(&m));
            let quiet = is_quiet_key(key);
            let score = if n == 0 {
                self.child_value(st, &child, depth - 1, alpha, beta, ply + 1)
            } else {
                let late = !pv_node && n >= FULL_DEPTH_MOVES && depth >= REDUCTION_DEPTH && quiet && !in_check;
                let r = if !late {
                    0
                } else if n >= 3 * FULL_DEPTH_MOVES && depth >= 5 {
                    2
                } else {
                    1
                };
                self.reduced_child(st, &child, depth - 1, r, alpha, beta, ply + 1)
            };
            if self.budget.exhausted() {
                break;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                best_move = Some(m);
            }
            if alpha >= beta {
                if quiet {
                    // A quiet move that refutes: remember it at this ply and everywhere.
                    self.killers.remember(ply, m);
                    self.history.reward(st.to_move, &m, depth);
                }
                break;
            }
        }
        self.plies.put_state(ply + 1, child);
        (best, best_move)
    }

    /// Null-move pruning: whether letting the opponent move twice (the player to move
    /// passes) still leaves a score of at least `beta`, searched `depth` less a reduction.
    /// Tried only where the game allows it (see [`Ai::null_move_allowed`]) and the position
    /// already looks good enough.
    fn null_move_refutes(&mut self, st: &State, parts: &KeyParts, depth: u32, beta: i32, ply: usize) -> bool {
        if beta.abs() >= MATE_BOUND || !self.null_move_allowed(st) || self.evaluate(st) < beta {
            return false;
        }
        let mut child = self.plies.take_state(ply + 1);
        child.clone_from(st);
        self.g.apply(&mut child, &Move::Pass, &[]);
        let reduction = 2 + depth / 6;
        let d = depth.saturating_sub(1 + reduction);
        self.enter(parts);
        let score = -self.negamax(&child, d, -beta, -beta + 1, ply + 1, false);
        self.leave();
        self.plies.put_state(ply + 1, child);
        !self.budget.exhausted() && score >= beta
    }

    /// A chance node's value for its player to move: the outcomes' values weighted by
    /// their probabilities (searched with full windows; chance uses no depth).
    fn expectation(&mut self, st: &State, depth: u32, ply: usize) -> i32 {
        let g = self.g;
        let (list, order, _) = self.node(st, ply, &self.g.key_parts(st));
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
    /// the evaluation as it stands, or better by following captures and promotions
    /// (`qdepth` plies of them so far); in check, by every move (so a mate is seen). Where
    /// the evaluation already reaches beta out of check, only the end rules that need no
    /// moves are judged (the moves are not generated).
    fn quiesce(&mut self, st: &State, alpha: i32, beta: i32, ply: usize, qdepth: usize) -> i32 {
        if self.budget.count_node() {
            return 0;
        }
        if st.pending().is_some() {
            // Inside a turn (chance included): no quiescence; the evaluation as it stands.
            return self.evaluate(st);
        }
        let parts = self.g.key_parts(st);
        if qdepth == 0
            && let Some(v) = self.cycle_score(st, &parts)
        {
            return v;
        }
        let stand_pat = self.evaluate(st);
        // In check, standing pat is no option: every move is searched (a mate is seen).
        let in_check = qdepth < MAX_QUIESCENCE_DEPTH && self.g.in_check(st, st.to_move);
        if !in_check && (stand_pat >= beta || qdepth >= MAX_QUIESCENCE_DEPTH) {
            return match self.g.judge_without_moves(st, &self.path, true, Some(&parts)) {
                Some(Status::Over(winner)) => terminal_score(st, winner, ply),
                _ => stand_pat,
            };
        }
        let (list, mut order, status) = self.node(st, ply, &parts);
        if let Status::Over(winner) = status {
            self.plies.put_moves(ply, list, order);
            return terminal_score(st, winner, ply);
        }
        let floor = if in_check { -INF } else { stand_pat };
        order.clear();
        for (i, m) in list.moves.iter().enumerate() {
            if in_check || is_tactical(self.g, st, &list, m) {
                order.push((tactical_key(self.g, st, &list, m), i as u32));
            }
        }
        sort_best_first(&mut order);
        let best = if order.is_empty() {
            stand_pat
        } else {
            // Out of check, captures that cannot reach alpha are skipped (delta pruning).
            let delta = (!in_check).then_some(stand_pat);
            self.quiesce_moves(st, &list, &order, &parts, alpha.max(floor), beta, ply, (qdepth, delta))
        };
        self.plies.put_moves(ply, list, order);
        best.max(floor)
    }

    /// Delta pruning: whether a capture in quiescence cannot raise `alpha` from the
    /// node's evaluation `stand_pat` even with two of the least pieces besides what it
    /// takes (not a promotion).
    fn hopeless_capture(&self, st: &State, list: &MoveList, m: &Move, stand_pat: i32, alpha: i32) -> bool {
        let Move::Piece(p) = m else { return false };
        if p.promo.is_some() || alpha.abs() >= MATE_BOUND {
            return false;
        }
        let (g, values) = (self.g, self.eval.values());
        let worth = |k: crate::ir::Kind| values[g.kind_type[k as usize] as usize];
        let taken = enemy_value_taken(g, st, p.from, p.to, list.effects_of(m), worth).unwrap_or(0);
        stand_pat + taken + 2 * self.least_value < alpha
    }

    /// The tactical moves of a quiescence node, in `order`: the best score. `qdepth`: the
    /// plies of quiescence so far, with the node's evaluation when captures that cannot
    /// reach alpha may be skipped.
    #[allow(clippy::too_many_arguments)]
    fn quiesce_moves(
        &mut self,
        st: &State,
        list: &MoveList,
        order: &MoveOrder,
        parts: &KeyParts,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        (qdepth, delta): (usize, Option<i32>),
    ) -> i32 {
        let g = self.g;
        self.enter(parts);
        let mut best = -INF;
        let mut child = self.plies.take_state(ply + 1);
        for &(_, i) in order.iter() {
            let m = list.moves[i as usize];
            if delta.is_some_and(|sp| self.hopeless_capture(st, list, &m, sp, alpha)) {
                continue;
            }
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
        self.leave();
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delta_pruning_skips_only_captures_that_cannot_reach_alpha() {
        let g = crate::open(concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.toml"), &[]).expect("chess loads");
        let ai = Ai::new(&g, 1);
        // White's e4 pawn may take the black pawn on d5, or the queen on f5.
        let st = g.parse_position("4k3/8/8/3p1q2/4P3/8/8/4K3 w - - 0 1").expect("a position");
        let list = g.actions(&st);
        let find = |n: &str| *list.moves.iter().find(|m| g.notation_in(&st, &list, m) == n).expect(n);
        let (pawn, queen) = (find("e4-d5"), find("e4-f5"));
        let margin = 2 * ai.least_value;
        // Far below alpha, taking a pawn cannot get there; taking the queen can.
        assert!(ai.hopeless_capture(&st, &list, &pawn, -2000, -2000 + 130 + margin + 400));
        assert!(!ai.hopeless_capture(&st, &list, &queen, -2000, -2000 + 130 + margin + 400));
        // Within reach of alpha, the pawn capture is searched.
        assert!(!ai.hopeless_capture(&st, &list, &pawn, 0, 100));
    }
}
