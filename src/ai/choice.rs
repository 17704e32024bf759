//! Decisions: [`Choice`], the random player, chance draws, and the searching AI's root
//! (iterative deepening over the root moves).

use crate::ai::limits::{Budget, Limits};
use crate::ai::order::tactical_key;
use crate::ai::rng::Rng;
use crate::ai::score::{INF, MATE, MATE_BOUND};
use crate::ai::skill::{depth_cap, noise};
use crate::ai::tt::Bound;
use crate::ai::{Ai, Info};
use crate::engine::{Effect, Move, MoveList, State};
use crate::ir::Game;
use std::time::Instant;

/// Deepest iteration of the search, in plies.
const MAX_DEPTH: u32 = 64;
/// Half the width of the first aspiration window around the last iteration's score, in
/// hundredths of a value unit.
const ASPIRATION: i32 = 50;
/// Iterations from this depth on are searched with an aspiration window.
const ASPIRATION_DEPTH: u32 = 4;

/// The AI's decision: a legal move of the position it was asked about, with its effects.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The move (from the position's legal move list).
    pub mv: Move,
    /// Its effects, to pass to [`Game::apply`].
    pub effects: Vec<Effect>,
    /// Its notation.
    pub notation: String,
    /// Score from the mover's point of view (centi-units of material; ±[`MATE`](crate::ai::MATE)
    /// near a forced end).
    pub score: i32,
    /// Depth of the last completed iteration (0: no iteration completed).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation: the line the search expects, from this move on (at least
    /// the move itself).
    pub pv: Vec<Move>,
}

impl Choice {
    /// The choice of move `m` of `list` at `st`.
    pub fn of(g: &Game, st: &State, list: &MoveList, m: &Move) -> Self {
        Choice {
            mv: *m,
            effects: list.effects_of(m).to_vec(),
            notation: g.notation_in(st, list, m),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![*m],
        }
    }

    /// Applies the chosen move to the position it was chosen for.
    pub fn apply(&self, g: &Game, st: &mut State) {
        g.apply(st, &self.mv, &self.effects);
    }
}

/// Draws a chance outcome by its probability.
pub fn sample_chance(g: &Game, st: &State, list: &MoveList, rng: &mut Rng) -> Move {
    let probs = g.chance_probs(st, list);
    let x = rng.unit();
    let mut acc = 0.0;
    for (i, p) in probs.iter().enumerate() {
        acc += p;
        if x < acc {
            return list.moves[i];
        }
    }
    *list.moves.last().expect("a chance node has outcomes")
}

/// A uniformly random legal move (None when the game is over or there is no move).
pub fn random_move(g: &Game, st: &State, history: &[u64], rng: &mut Rng) -> Option<Choice> {
    let (list, _) = g.node(st, history, true);
    if list.is_empty() {
        return None;
    }
    let m = list.moves[rng.below(list.len())];
    Some(Choice::of(g, st, &list, &m))
}

/// The root's outcome of one iteration: the best move (index in the root list) and its
/// score, if a move was searched fully; and every fully searched move's score.
struct Iteration {
    best: Option<(usize, i32)>,
    scores: Vec<(usize, i32)>,
}

/// The best root move found so far: index in the root list, score, depth of the last
/// iteration that counts, and the principal variation.
struct RootBest {
    index: usize,
    score: i32,
    depth: u32,
    pv: Vec<Move>,
}

impl Ai<'_> {
    /// The AI's choice at `st`, whose earlier positions have the keys `history` (for
    /// repetition). None only when the game is over, there is no legal move, or a pattern
    /// run went over its budget at the root (the caller reads [`crate::engine::take_overrun`]:
    /// an overrun deeper only ends the search early); otherwise a legal move, returned within
    /// the budget (plus the time of one node).
    pub fn choose(&mut self, st: &State, history: &[u64], limits: Limits) -> Option<Choice> {
        if self.search == crate::ir::SearchKind::Mcts {
            return self.choose_mcts(st, history, limits);
        }
        let g = self.g;
        self.budget = Budget::new(limits, Instant::now(), self.stop.clone());
        self.scratch.clone_from(st);
        self.path.clear();
        self.path.extend_from_slice(history);
        self.searcher = st.to_move;
        self.progress.start(g, st, history);
        self.killers.forget();
        self.history.age();
        self.tt.ready();
        self.tt.new_search();

        let mut root = MoveList::default();
        g.node_into(st, history, true, &mut root, &mut self.scratch);
        if root.is_empty() || crate::engine::budget::overran() {
            return None; // over, or no legal move
        }
        if let Some(m) = self.unsearched_choice(st, &root) {
            return Some(Choice::of(g, st, &root, &m));
        }
        let mut order = self.root_order(st, &root);
        if root.len() == 1 {
            return Some(Choice::of(g, st, &root, &root.moves[order[0]]));
        }
        let cap = depth_cap(self.skill).unwrap_or(MAX_DEPTH);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).min(cap).clamp(1, MAX_DEPTH);
        let noise = self.root_noise(root.len());
        let best = self.deepen(st, &root, &mut order, max_depth, &noise);
        let mut choice = Choice::of(g, st, &root, &root.moves[best.index]);
        choice.score = best.score;
        choice.depth = best.depth;
        choice.nodes = self.budget.nodes();
        choice.pv = best.pv;
        self.progress.judged(best.score);
        Some(choice)
    }

    /// A move made without search: chance is not the AI's to choose (it draws it), and a
    /// hidden choice is made without looking at the position (the other side's hidden
    /// choices are part of it): uniformly at random.
    fn unsearched_choice(&mut self, st: &State, root: &MoveList) -> Option<Move> {
        if self.g.is_chance(st) {
            return Some(sample_chance(self.g, st, root, &mut self.rng));
        }
        if self.g.pending_step(st).is_some_and(|step| step.hidden) {
            return Some(root.moves[self.rng.below(root.len())]);
        }
        None
    }

    /// The first iteration's order of the root moves (indices into `root`): shuffled (the
    /// random tie-break: among equal scores the first searched wins), then captures and
    /// promotions first (a stable sort, so ties stay shuffled).
    fn root_order(&mut self, st: &State, root: &MoveList) -> Vec<usize> {
        let mut order: Vec<usize> = (0..root.len()).collect();
        self.rng.shuffle(&mut order);
        // Killer moves play no part at the root: none is ever recorded at ply 0.
        order.sort_by_key(|&i| -tactical_key(self.g, st, root, &root.moves[i]));
        order
    }

    /// Per root move, what the strength setting adds to its score (all 0 at full strength).
    fn root_noise(&mut self, n: usize) -> Vec<i32> {
        let amplitude = noise(self.skill) as u64;
        (0..n).map(|_| if amplitude == 0 { 0 } else { self.rng.below(amplitude as usize + 1) as i32 }).collect()
    }

    /// Iterative deepening from depth 1 to `max_depth` while the budget lasts: the best
    /// move found, with `order` reordered by each iteration's scores.
    fn deepen(&mut self, st: &State, root: &MoveList, order: &mut [usize], max_depth: u32, noise: &[i32]) -> RootBest {
        let parts = self.g.key_parts(st);
        let key = parts.whole();
        let mut best = RootBest { index: order[0], score: 0, depth: 0, pv: vec![root.moves[order[0]]] };
        for depth in 1..=max_depth {
            let started = Instant::now();
            self.root_depth = depth;
            self.enter(&parts);
            let guess = (depth >= ASPIRATION_DEPTH && best.depth > 0).then_some(best.score);
            let iteration = self.aspirated(st, root, order, depth, guess, noise);
            self.leave();
            let exhausted = self.budget.exhausted();
            // An interrupted iteration still counts when its first move (the previous
            // best) was searched fully: its best move is then at least as good.
            if let Some((i, score)) = iteration.best {
                best.index = i;
                best.score = score;
                best.depth = if exhausted { depth - 1 } else { depth };
                let m = root.moves[i];
                if !exhausted {
                    self.tt.store(key, 0, depth, score, Bound::Exact, Some(m));
                }
                best.pv = self.principal_variation(st, root, m, depth as usize);
                if !exhausted {
                    self.tell(depth, &best);
                }
            }
            if exhausted {
                break;
            }
            // Next iteration: best first, then the others by this iteration's scores.
            let mut score_of = vec![-INF; root.len()];
            for &(i, score) in &iteration.scores {
                score_of[i] = score;
            }
            score_of[best.index] = INF;
            order.sort_by_key(|&i| -score_of[i]);
            // A forced end seen within this iteration's depth is known; one claimed from
            // further away rests on stored values of other searches, whose lines may no
            // longer hold on this game's path: search on until the depth covers it.
            if best.score.abs() >= MATE_BOUND && (MATE - best.score.abs()) as u32 <= depth {
                break;
            }
            if !self.budget.room_for_another(started.elapsed()) {
                break;
            }
        }
        best
    }

    /// One iteration at `depth`, first with a window around `guess` (the last score, if
    /// any), widened and searched again while the score falls outside it.
    fn aspirated(
        &mut self,
        st: &State,
        root: &MoveList,
        order: &mut [usize],
        depth: u32,
        guess: Option<i32>,
        noise: &[i32],
    ) -> Iteration {
        let mut delta = ASPIRATION;
        let (mut lo, mut hi) = match guess {
            Some(g) if g.abs() < MATE_BOUND / 2 && noise.iter().all(|&n| n == 0) => (g - delta, g + delta),
            _ => (-INF, INF),
        };
        loop {
            let iteration = self.search_root(st, root, order, depth, lo, hi, noise);
            if self.budget.exhausted() {
                return iteration;
            }
            delta = delta.saturating_mul(4);
            let wide = delta > 200 * ASPIRATION;
            match iteration.best {
                Some((_, s)) if s > lo && s < hi => return iteration,
                Some((i, s)) if s >= hi => {
                    // Failed high: search the move that did first, with a higher ceiling.
                    if let Some(pos) = order.iter().position(|&j| j == i) {
                        order[..=pos].rotate_right(1);
                    }
                    hi = if wide { INF } else { s.saturating_add(delta).min(INF) };
                }
                _ => lo = if wide { -INF } else { lo.saturating_sub(delta).max(-INF) },
            }
        }
    }

    /// Tells the info sink, if any, about the iteration of `depth` just completed.
    fn tell(&mut self, depth: u32, best: &RootBest) {
        let nodes = self.budget.nodes();
        let time_ms = self.budget.elapsed_ms();
        if let Some(sink) = self.info.as_mut() {
            sink(&Info { depth, score: best.score, nodes, time_ms, pv: best.pv.clone() });
        }
    }

    /// One iteration at the root: the moves in `order`, searched `depth` plies deep within
    /// the window (lo, hi) (principal variation search: a full window for the first), until
    /// the budget runs out or a move fails high. With noise (a strength below full), every
    /// move is searched with a full window and judged by its score plus its noise.
    #[allow(clippy::too_many_arguments)]
    fn search_root(
        &mut self,
        st: &State,
        root: &MoveList,
        order: &[usize],
        depth: u32,
        lo: i32,
        hi: i32,
        noise: &[i32],
    ) -> Iteration {
        let g = self.g;
        let noisy = noise.iter().any(|&n| n != 0);
        let mut alpha = lo;
        let mut top = -INF;
        let mut iteration = Iteration { best: None, scores: Vec::with_capacity(order.len()) };
        let mut child = self.plies.take_state(1);
        for (n, &i) in order.iter().enumerate() {
            let m = root.moves[i];
            child.clone_from(st);
            g.apply(&mut child, &m, root.effects_of(&m));
            let score = if noisy {
                self.child_value(st, &child, depth - 1, -INF, INF, 1) + noise[i]
            } else if n == 0 {
                self.child_value(st, &child, depth - 1, alpha, hi, 1)
            } else {
                self.scout_child(st, &child, depth - 1, alpha, hi, 1)
            };
            if self.budget.exhausted() {
                break;
            }
            iteration.scores.push((i, score));
            if score > alpha.max(top) || (noisy && iteration.best.is_none()) {
                top = score;
                if !noisy {
                    alpha = score;
                }
                iteration.best = Some((i, score));
            }
            if alpha >= hi {
                break;
            }
        }
        self.plies.put_state(1, child);
        iteration
    }
}
