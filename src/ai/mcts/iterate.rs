//! One iteration of the tree search: select down the tree by UCT (chance by its
//! probabilities), expand the leaf reached, play out at random from one of its children,
//! and add the reward to every node on the way, settling proofs where they change.

use super::tree::Proof;
use super::{EVAL_SCALE, EXPLORATION, MAX_TREE_NODES, Mcts, PLAYOUT_PLIES};
use crate::ai::{Ai, sample_chance};
use crate::engine::{State, Status};

/// What expanding a leaf found.
enum Leaf {
    /// The game is over there (the reward is set).
    Over,
    /// Its children are in the tree.
    Expanded,
    /// The tree is full: play out from the leaf itself.
    Full,
}

impl Mcts {
    /// Runs one iteration from `root` (the keys of the positions before it are the first
    /// `history` entries of the AI's path); false when the budget ran out during it (its
    /// result is then dropped).
    pub(super) fn iterate(&mut self, ai: &mut Ai, root: &State, history: usize) -> bool {
        let g = ai.g;
        self.st.clone_from(root);
        ai.path.truncate(history);
        self.visited.clear();
        self.visited.push(0);
        let mut i = 0;
        loop {
            if let Proof::Over { winner, .. } = self.tree.nodes[i].proof {
                // A settled node costs no generation; it counts as a node all the same,
                // so a node budget bounds a search whose leaves are all settled.
                if ai.budget.count_node() {
                    return false;
                }
                self.set_result(winner);
                break;
            }
            let fresh = !self.tree.nodes[i].expanded;
            if fresh {
                match self.expand(ai, i) {
                    None => return false,
                    Some(Leaf::Over) => break,
                    Some(Leaf::Full) => {
                        self.set_leaf_minimax(ai, i);
                        if !self.playout(ai) {
                            return false;
                        }
                        break;
                    }
                    Some(Leaf::Expanded) => {}
                }
            }
            let c = self.select(ai, i);
            ai.path.push(g.position_key(&self.st));
            g.apply(&mut self.st, &self.tree.nodes[c].mv, self.tree.effects_of(c));
            self.visited.push(c as u32);
            i = c;
            if fresh {
                self.set_leaf_minimax(ai, c);
                if !self.playout(ai) {
                    return false;
                }
                break;
            }
        }
        self.depth = self.depth.max(self.visited.len() as u32 - 1);
        self.back_up();
        true
    }

    /// Generates the actions at leaf `i` (the iteration's position) and adds them as its
    /// children in a random order; None when the budget has run out.
    fn expand(&mut self, ai: &mut Ai, i: usize) -> Option<Leaf> {
        if ai.budget.count_node() {
            return None;
        }
        let g = ai.g;
        let status = g.node_into(&self.st, &ai.path, true, &mut self.list, &mut ai.scratch);
        if let Status::Over(winner) = status {
            self.tree.finish(i, winner);
            self.set_result(winner);
            return Some(Leaf::Over);
        }
        if self.tree.nodes.len() + self.list.len() > MAX_TREE_NODES {
            return Some(Leaf::Full);
        }
        self.order.clear();
        self.order.extend(0..self.list.len() as u32);
        ai.rng.shuffle(&mut self.order);
        let probs = if status == Status::Chance { g.chance_probs(&self.st, &self.list) } else { vec![] };
        self.tree.expand(i, self.st.to_move, &self.list, &self.order, &probs);
        Some(Leaf::Expanded)
    }

    /// The child of expanded node `i` to go down to: drawn by probability at a chance node;
    /// otherwise an unvisited child first, then the best by UCT, never a proven loss for
    /// the node's actor while another remains.
    fn select(&mut self, ai: &mut Ai, i: usize) -> usize {
        let node = &self.tree.nodes[i];
        if node.chance {
            let total: f64 = node.children().map(|c| self.tree.nodes[c].prob as f64).sum();
            let mut x = ai.rng.unit() * total;
            for c in node.children() {
                x -= self.tree.nodes[c].prob as f64;
                if x < 0.0 {
                    return c;
                }
            }
            return node.children().last().expect("an expanded chance node has outcomes");
        }
        let (actor, log_n) = (node.actor, (node.visits.max(1) as f64).ln());
        let mut best = (f64::NEG_INFINITY, node.first as usize);
        for c in node.children() {
            let child = &self.tree.nodes[c];
            if matches!(child.proof, Proof::Over { winner: Some(w), .. } if w != actor) {
                continue;
            }
            if child.visits == 0 {
                return c;
            }
            let uct = child.blended(self.minimax_weight) + EXPLORATION * (log_n / child.visits as f64).sqrt();
            if uct > best.0 {
                best = (uct, c);
            }
        }
        best.1
    }

    /// Plays at random from the iteration's position until the game ends or
    /// [`PLAYOUT_PLIES`] have been played, and sets the reward; false when the budget ran out.
    fn playout(&mut self, ai: &mut Ai) -> bool {
        let g = ai.g;
        for _ in 0..PLAYOUT_PLIES {
            if ai.budget.count_node() {
                return false;
            }
            let m = match g.node_into(&self.st, &ai.path, true, &mut self.list, &mut ai.scratch) {
                Status::Over(winner) => {
                    self.set_result(winner);
                    return true;
                }
                Status::Chance => sample_chance(g, &self.st, &self.list, &mut ai.rng),
                Status::Decision(_) => self.list.moves[ai.rng.below(self.list.len())],
            };
            ai.path.push(g.position_key(&self.st));
            g.apply(&mut self.st, &m, self.list.effects_of(&m));
        }
        self.set_evaluated(ai);
        true
    }

    /// The reward of a finished game: 1 for the winner, 0 for the others, ½ each in a draw.
    fn set_result(&mut self, winner: Option<u8>) {
        for (p, r) in self.reward.iter_mut().enumerate() {
            *r = match winner {
                None => 0.5,
                Some(w) => f64::from(w as usize == p),
            };
        }
    }

    /// Sets the implicit minimax value of leaf `i`, at the iteration's position: its
    /// chooser's evaluation, squashed.
    fn set_leaf_minimax(&mut self, ai: &Ai, i: usize) {
        if self.minimax_weight > 0.0 {
            let chooser = self.tree.nodes[i].chooser;
            self.tree.nodes[i].minimax = squash(ai.eval.score(ai.g, &self.st, chooser)) as f32;
        }
    }

    /// The reward of an unfinished playout: each player's evaluation, squashed to (0, 1).
    fn set_evaluated(&mut self, ai: &Ai) {
        for (p, r) in self.reward.iter_mut().enumerate() {
            *r = squash(ai.eval.score(ai.g, &self.st, p as u8));
        }
    }

    /// Adds the iteration's reward to the nodes it went through (each for the player who
    /// chose it) and carries a new proof up as far as it settles its ancestors.
    fn back_up(&mut self) {
        for &v in &self.visited {
            let n = &mut self.tree.nodes[v as usize];
            n.visits += 1;
            n.value += self.reward[n.chooser as usize];
        }
        if self.minimax_weight > 0.0 {
            for &v in self.visited.iter().rev().skip(1) {
                self.tree.update_minimax(v as usize);
            }
        }
        let leaf = *self.visited.last().expect("an iteration starts at the root") as usize;
        if self.tree.nodes[leaf].proof == Proof::Open {
            return;
        }
        for &v in self.visited.iter().rev().skip(1) {
            if !self.tree.update_proof(v as usize) {
                break;
            }
        }
    }
}

/// An evaluation squashed to (0, 1): 0.5 for even, about 0.73 for [`EVAL_SCALE`] better.
fn squash(score: i32) -> f64 {
    1.0 / (1.0 + (-(score as f64) / EVAL_SCALE).exp())
}
