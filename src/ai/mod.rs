//! A generic game-playing AI that needs nothing but the compiled [`Game`]:
//! iterative-deepening alpha-beta (negamax) with a capture-only quiescence search over
//! `legal_moves` / `apply` (copy-make), material evaluation from the piece types' `value`,
//! terminal scores from `status`, a time and a node budget, capture-first move ordering,
//! killer moves, and a seeded random tie-break so a seed reproduces a game.
//!
//! Also a uniformly random player, for testing and self-play.

use crate::engine::ANY_TYPE;
use crate::engine::Status;
use crate::engine::state::{Effect, Move, MoveList, State};
use crate::ir::Game;
use std::time::{Duration, Instant};

/// A small, fast, seedable PRNG (xorshift64*), so no crate is needed and seeds reproduce.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value, zero included).
    pub fn new(seed: u64) -> Self {
        // splitmix64 scrambles the seed, so nearby seeds give unrelated streams.
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        Rng(if z == 0 { 0x2545_f491_4f6c_dd1d } else { z })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A uniform integer in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// How much the AI may spend on one decision. Whichever limit is hit first stops the search;
/// with neither, the search stops at `depth` (or its maximum depth).
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// Wall-clock budget in milliseconds.
    pub time_ms: Option<u64>,
    /// Budget in searched nodes (deterministic, unlike time).
    pub nodes: Option<u64>,
    /// Maximum iteration depth in plies.
    pub depth: Option<u32>,
}

impl Limits {
    /// A time budget only.
    pub fn time(ms: u64) -> Self {
        Limits { time_ms: Some(ms), ..Limits::default() }
    }

    /// A node budget only.
    pub fn nodes(n: u64) -> Self {
        Limits { nodes: Some(n), ..Limits::default() }
    }
}

/// The AI's decision: a legal move of the position it was asked about, with its effects.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The move (from the position's legal move list).
    pub mv: Move,
    /// Its effects, to pass to [`Game::apply`].
    pub effects: Vec<Effect>,
    /// Its notation.
    pub notation: String,
    /// Score from the mover's point of view (centi-units of material; ±[`MATE`] near a forced end).
    pub score: i32,
    /// Depth of the last completed iteration (0: no iteration completed).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

impl Choice {
    /// The choice of move `m` of `list` at `st`.
    pub fn of(g: &Game, st: &State, list: &MoveList, m: &Move) -> Self {
        Choice {
            mv: *m,
            effects: list.effects_of(m).to_vec(),
            notation: g.notation(st, m),
            score: 0,
            depth: 0,
            nodes: 0,
        }
    }

    /// Applies the chosen move to the position it was chosen for.
    pub fn apply(&self, g: &Game, st: &mut State) {
        g.apply(st, &self.mv, &self.effects);
    }
}

/// Score of a won game at the root; a win found `ply` plies deep scores `MATE - ply`.
pub const MATE: i32 = 1_000_000;
const INF: i32 = MATE + 1;
/// Scores beyond this are forced game ends.
const MATE_BOUND: i32 = MATE - 10_000;
const MAX_DEPTH: u32 = 64;
const MAX_QDEPTH: usize = 8;
/// Nodes between clock checks.
const CHECK_EVERY: u64 = 16;

/// A score for people: material in value units, or a forced win or loss in N plies.
pub fn describe_score(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("wins in {} plies", MATE - score)
    } else if score <= -MATE_BOUND {
        format!("loses in {} plies", MATE + score)
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    }
}

/// Draws a chance outcome by its probability.
pub fn sample_chance(g: &Game, st: &State, list: &MoveList, rng: &mut Rng) -> Move {
    let probs = g.chance_probs(st, list);
    let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let mut acc = 0.0;
    for (i, p) in probs.iter().enumerate() {
        acc += p;
        if x < acc {
            return list.moves[i];
        }
    }
    *list.moves.last().expect("a chance node has outcomes")
}

/// The legal moves at a node and its status (with the automatic draw rules and `history`).
pub fn legal_and_status(g: &Game, st: &State, history: &[u64], out: &mut MoveList, scratch: &mut State) -> Status {
    g.legal_moves(st, out, scratch);
    g.status(st, out, history, true)
}

/// Material balance from `me`'s point of view: the sum of its pieces' values (board and reserve)
/// minus everyone else's, in hundredths of a value unit.
pub fn material(g: &Game, st: &State, me: u8) -> i32 {
    let np = g.np();
    let mut s: i64 = 0;
    for (t, ty) in g.types.iter().enumerate() {
        for p in 0..np {
            let n = st.counts.get(t * g.nf() + p).copied().unwrap_or(0) as i64;
            let sign = if p == me as usize { 1 } else { -1 };
            s += sign * n * ty.value as i64;
        }
    }
    for &(t, slot) in &g.reserves {
        let v = g.types[t as usize].value as i64;
        for p in 0..np {
            let n = st.vars.get(slot as usize + p).copied().unwrap_or(0).clamp(0, 1000);
            let sign = if p == me as usize { 1 } else { -1 };
            s += sign * n * v;
        }
    }
    s *= 100;
    // Pieces with an `advance` bonus score for each rank they have gone towards the
    // opponent (the first player upwards, the others downwards).
    if g.types.iter().any(|t| t.advance != 0) {
        let (lo, hi) = g.board.cells.iter().fold((i64::MAX, i64::MIN), |(a, b), c| (a.min(c.rank), b.max(c.rank)));
        for (c, &k) in st.board.iter().enumerate() {
            if k == 0 {
                continue;
            }
            let adv = g.types[g.kind_type[k as usize] as usize].advance as i64;
            if adv == 0 {
                continue;
            }
            let owner = g.kind_owner[k as usize];
            let rank = g.board.cells[c].rank;
            let progress = if owner == 0 { rank - lo } else { hi - rank };
            s += if owner == me { adv * progress } else { -adv * progress };
        }
    }
    s.clamp(-(MATE_BOUND as i64) / 2, MATE_BOUND as i64 / 2) as i32
}

/// A uniformly random legal move (None when the game is over or there is no move).
pub fn random_move(g: &Game, st: &State, history: &[u64], rng: &mut Rng) -> Option<Choice> {
    let mut list = MoveList::default();
    let mut scratch = st.clone();
    if let Status::Over(_) = legal_and_status(g, st, history, &mut list, &mut scratch) {
        return None;
    }
    if list.is_empty() {
        return None;
    }
    let m = list.moves[rng.below(list.len())];
    Some(Choice::of(g, st, &list, &m))
}

/// The searching AI. Keep one per player to reuse its buffers.
pub struct Ai<'a> {
    g: &'a Game,
    rng: Rng,
    /// Per ply: move lists, child states, move orders.
    lists: Vec<MoveList>,
    states: Vec<State>,
    orders: Vec<Vec<(i32, u32)>>,
    killers: Vec<[Option<Move>; 2]>,
    scratch: State,
    /// Position keys of the game so far, then of the search path.
    path: Vec<u64>,
    nodes: u64,
    deadline: Option<Instant>,
    node_limit: u64,
    aborted: bool,
}

fn blank_state() -> State {
    State::default()
}

impl<'a> Ai<'a> {
    /// An AI for a game, with a seed for its tie-breaks.
    pub fn new(g: &'a Game, seed: u64) -> Self {
        Ai {
            g,
            rng: Rng::new(seed),
            lists: vec![],
            states: vec![],
            orders: vec![],
            killers: vec![],
            scratch: blank_state(),
            path: vec![],
            nodes: 0,
            deadline: None,
            node_limit: u64::MAX,
            aborted: false,
        }
    }

    /// The AI's choice at `st`, whose earlier positions have the keys `history` (for
    /// repetition). None only when the game is over or there is no legal move; otherwise a
    /// legal move, returned within the budget (plus the time of one node).
    pub fn choose(&mut self, st: &State, history: &[u64], limits: Limits) -> Option<Choice> {
        let g = self.g;
        let start = Instant::now();
        // Keep a tenth of the budget in reserve for unwinding and the caller.
        self.deadline = limits.time_ms.map(|ms| start + Duration::from_micros(ms * 900));
        self.node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        self.nodes = 0;
        self.aborted = false;
        self.scratch.clone_from(st);
        self.path.clear();
        self.path.extend_from_slice(history);
        for k in self.killers.iter_mut() {
            *k = [None, None];
        }

        let mut root = MoveList::default();
        if let Status::Over(_) = legal_and_status(g, st, history, &mut root, &mut self.scratch) {
            return None;
        }
        if root.is_empty() {
            return None;
        }
        // Chance is not the AI's to choose; a hidden choice is made without looking at the
        // position (the other side's hidden choices are part of it).
        if g.is_chance(st) {
            let m = sample_chance(g, st, &root, &mut self.rng);
            return Some(Choice::of(g, st, &root, &m));
        }
        if st.phase != 0 && g.steps[st.phase as usize - 1].hidden {
            let m = root.moves[self.rng.below(root.len())];
            return Some(Choice::of(g, st, &root, &m));
        }
        // Root order: shuffled (the random tie-break: among equal scores the first searched
        // wins), then captures and promotions first (stable, so ties stay shuffled).
        let mut order: Vec<usize> = (0..root.len()).collect();
        for i in (1..order.len()).rev() {
            let j = self.rng.below(i + 1);
            order.swap(i, j);
        }
        order.sort_by_key(|&i| -self.order_key(st, &root, &root.moves[i], 0));
        let mut best = Choice::of(g, st, &root, &root.moves[order[0]]);
        if root.len() == 1 {
            return Some(best);
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let key = g.position_key(st);
        for depth in 1..=max_depth {
            let t0 = Instant::now();
            let mut alpha = -INF;
            let mut iter_best: Option<(usize, i32)> = None;
            let mut scores: Vec<(usize, i32)> = Vec::with_capacity(order.len());
            self.path.push(key);
            for (n, &i) in order.iter().enumerate() {
                let m = root.moves[i];
                let mut child = self.take_state(1);
                child.clone_from(st);
                g.apply(&mut child, &m, root.effects_of(&m));
                // Principal variation search: a null window after the first move.
                let mut score;
                if n == 0 {
                    score = self.child_value(st, &child, depth - 1, alpha, INF, 1);
                } else {
                    score = self.child_value(st, &child, depth - 1, alpha, alpha + 1, 1);
                    if !self.aborted && score > alpha {
                        score = self.child_value(st, &child, depth - 1, score, INF, 1);
                    }
                }
                self.states[1] = child;
                if self.aborted {
                    break;
                }
                scores.push((i, score));
                if score > alpha {
                    alpha = score;
                    iter_best = Some((i, score));
                }
            }
            self.path.pop();
            // An interrupted iteration still counts when its first move (the previous
            // best) was searched fully: its best move is then at least as good.
            if let Some((i, score)) = iter_best {
                best = Choice::of(g, st, &root, &root.moves[i]);
                best.score = score;
                best.depth = if self.aborted { depth - 1 } else { depth };
            }
            if self.aborted {
                break;
            }
            // Next iteration: best first, then the others by this iteration's scores.
            let rank: std::collections::HashMap<usize, i32> = scores.iter().copied().collect();
            order.sort_by_key(|i| -rank.get(i).copied().unwrap_or(-INF));
            if best.score.abs() >= MATE_BOUND {
                break; // a forced end is known; deeper search cannot change it
            }
            let last_iter = t0.elapsed();
            if let Some(d) = self.deadline {
                // The next iteration usually costs several times the last one.
                let left = d.saturating_duration_since(Instant::now());
                if left < last_iter * 2 {
                    break;
                }
            }
            if self.nodes >= self.node_limit {
                break;
            }
        }
        best.nodes = self.nodes;
        Some(best)
    }

    fn take_state(&mut self, ply: usize) -> State {
        while self.states.len() <= ply {
            self.states.push(blank_state());
        }
        std::mem::replace(&mut self.states[ply], blank_state())
    }

    fn take_list(&mut self, ply: usize) -> (MoveList, Vec<(i32, u32)>) {
        while self.lists.len() <= ply {
            self.lists.push(MoveList::default());
            self.orders.push(vec![]);
            self.killers.push([None, None]);
        }
        (std::mem::take(&mut self.lists[ply]), std::mem::take(&mut self.orders[ply]))
    }

    fn put_list(&mut self, ply: usize, list: MoveList, order: Vec<(i32, u32)>) {
        self.lists[ply] = list;
        self.orders[ply] = order;
    }

    /// Counts a node; sets `aborted` when a budget runs out.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(CHECK_EVERY)
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn value_of(&self, k: u8) -> i32 {
        if k == 0 { 0 } else { self.g.types[self.g.kind_type[k as usize] as usize].value }
    }

    /// Ordering key: captures by victim value (most valuable first, cheapest attacker
    /// first), promotions, then killer moves, then the rest.
    fn order_key(&self, st: &State, list: &MoveList, m: &Move, ply: usize) -> i32 {
        let Move::Piece(p) = m else {
            return 0; // a drop or a decision
        };
        let me = st.to_move;
        let mut gain = 0;
        let mut capture = false;
        let victim = st.board[p.to as usize];
        if victim != 0 && p.to != p.from && self.g.kind_owner[victim as usize] != me {
            gain += self.value_of(victim);
            capture = true;
        }
        for e in list.effects_of(m) {
            if let Effect::Remove(c) = *e {
                let k = st.board[c as usize];
                if k != 0 && self.g.kind_owner[k as usize] != me {
                    gain += self.value_of(k);
                    capture = true;
                }
            }
        }
        let mut key = 0;
        if capture {
            key += 1_000_000 + gain * 1000 - self.value_of(st.board[p.from as usize]).min(999);
        }
        if let Some(t) = p.promo {
            key += 500_000 + self.g.types[t as usize].value * 1000;
        }
        if key == 0
            && let Some(k) = self.killers.get(ply)
        {
            if k[0] == Some(*m) {
                key = 200_000;
            } else if k[1] == Some(*m) {
                key = 100_000;
            }
        }
        key
    }

    /// Moves the quiescence search follows: captures and promotions.
    fn is_capture(&self, st: &State, list: &MoveList, m: &Move) -> bool {
        self.g.is_capture(st, m, list.effects_of(m), ANY_TYPE) || m.piece().is_some_and(|p| p.promo.is_some())
    }

    /// Terminal score from the point of view of the player to move at `st`.
    fn terminal(st: &State, winner: Option<u8>, ply: usize) -> i32 {
        match winner {
            None => 0,
            Some(w) if w == st.to_move => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The value of `child` from the view of the player to move at `st`, searched with the
    /// window (alpha, beta) in that view (the child may belong to the same player).
    fn child_value(&mut self, st: &State, child: &State, depth: u32, alpha: i32, beta: i32, ply: usize) -> i32 {
        if child.to_move == st.to_move {
            self.negamax(child, depth, alpha, beta, ply)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply)
        }
    }

    fn negamax(&mut self, st: &State, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.g.is_chance(st) {
            return self.expectation(st, depth, ply);
        }
        if depth == 0 {
            return self.quiesce(st, alpha, beta, ply, 0);
        }
        if self.tick() {
            return 0;
        }
        let g = self.g;
        let (mut list, mut order) = self.take_list(ply);
        let status = legal_and_status(g, st, &self.path, &mut list, &mut self.scratch);
        if let Status::Over(w) = status {
            self.put_list(ply, list, order);
            return Self::terminal(st, w, ply);
        }
        order.clear();
        for (i, m) in list.moves.iter().enumerate() {
            order.push((self.order_key(st, &list, m, ply), i as u32));
        }
        order.sort_by_key(|&(k, i)| (-k, i));
        let key = g.position_key(st);
        self.path.push(key);
        let mut best = -INF;
        let mut child = self.take_state(ply + 1);
        for (n, &(k, i)) in order.iter().enumerate() {
            let m = list.moves[i as usize];
            child.clone_from(st);
            g.apply(&mut child, &m, list.effects_of(&m));
            let mut score;
            if n == 0 {
                score = self.child_value(st, &child, depth - 1, alpha, beta, ply + 1);
            } else {
                score = self.child_value(st, &child, depth - 1, alpha, alpha + 1, ply + 1);
                if !self.aborted && score > alpha && score < beta {
                    score = self.child_value(st, &child, depth - 1, score, beta, ply + 1);
                }
            }
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if k < 500_000 {
                    // A quiet move that refutes: remember it at this ply.
                    let kl = &mut self.killers[ply];
                    if kl[0] != Some(m) {
                        kl[1] = kl[0];
                        kl[0] = Some(m);
                    }
                }
                break;
            }
        }
        self.states[ply + 1] = child;
        self.path.pop();
        self.put_list(ply, list, order);
        best
    }

    /// A chance node's value for its player to move: the outcomes' values weighted by
    /// their probabilities (searched with full windows; chance uses no depth).
    fn expectation(&mut self, st: &State, depth: u32, ply: usize) -> i32 {
        let g = self.g;
        let (mut list, order) = self.take_list(ply);
        g.legal_moves(st, &mut list, &mut self.scratch);
        let probs = g.chance_probs(st, &list);
        let mut child = self.take_state(ply + 1);
        let mut sum = 0.0;
        for (i, m) in list.moves.iter().enumerate() {
            child.clone_from(st);
            g.apply(&mut child, m, list.effects_of(m));
            let v = self.child_value(st, &child, depth, -INF, INF, ply + 1);
            if self.aborted {
                break;
            }
            sum += probs[i] * v as f64;
        }
        self.states[ply + 1] = child;
        self.put_list(ply, list, order);
        sum.round() as i32
    }

    fn quiesce(&mut self, st: &State, mut alpha: i32, beta: i32, ply: usize, qdepth: usize) -> i32 {
        if self.tick() {
            return 0;
        }
        if self.g.is_chance(st) || st.phase != 0 {
            // Inside a turn: no quiescence; the material as it stands.
            return material(self.g, st, st.to_move);
        }
        let g = self.g;
        let (mut list, mut order) = self.take_list(ply);
        let status = legal_and_status(g, st, &self.path, &mut list, &mut self.scratch);
        if let Status::Over(w) = status {
            self.put_list(ply, list, order);
            return Self::terminal(st, w, ply);
        }
        let stand = material(g, st, st.to_move);
        if stand >= beta || qdepth >= MAX_QDEPTH {
            self.put_list(ply, list, order);
            return stand;
        }
        if stand > alpha {
            alpha = stand;
        }
        order.clear();
        for (i, m) in list.moves.iter().enumerate() {
            if self.is_capture(st, &list, m) {
                order.push((self.order_key(st, &list, m, usize::MAX), i as u32));
            }
        }
        order.sort_by_key(|&(k, i)| (-k, i));
        let mut best = stand;
        if !order.is_empty() {
            let key = g.position_key(st);
            self.path.push(key);
            let mut child = self.take_state(ply + 1);
            for &(_, i) in order.iter() {
                let m = list.moves[i as usize];
                child.clone_from(st);
                g.apply(&mut child, &m, list.effects_of(&m));
                let score = if child.to_move == st.to_move {
                    self.quiesce(&child, alpha, beta, ply + 1, qdepth + 1)
                } else {
                    -self.quiesce(&child, -beta, -alpha, ply + 1, qdepth + 1)
                };
                if self.aborted {
                    break;
                }
                if score > best {
                    best = score;
                }
                if score > alpha {
                    alpha = score;
                }
                if alpha >= beta {
                    break;
                }
            }
            self.states[ply + 1] = child;
            self.path.pop();
        }
        self.put_list(ply, list, order);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn rng_is_seeded_and_bounded() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut c = Rng::new(0);
        for n in 1..50 {
            assert!(c.below(n) < n);
        }
    }
}
