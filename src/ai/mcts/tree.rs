//! The search tree: nodes in one arena, children contiguous, their moves' effects in a
//! second arena; visit counts, summed rewards, and proven results (MCTS-Solver).

use crate::engine::{Effect, Move, MoveList};

/// What is known for certain about a node's game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Proof {
    /// Nothing yet.
    Open,
    /// The game ends with this winner (None: a draw) under best play, `plies` plies on.
    Over {
        /// The winner, or None for a draw.
        winner: Option<u8>,
        /// Plies from the node to the end.
        plies: u16,
    },
}

/// A node: the action leading to it from its parent, who acts there, its statistics.
#[derive(Debug, Clone)]
pub(super) struct Node {
    /// The action from the parent (meaningless at the root).
    pub mv: Move,
    /// First effect of `mv` in [`Tree::effects`].
    pub eff: u32,
    /// Number of effects of `mv`.
    pub neff: u32,
    /// First child in [`Tree::nodes`] (children are contiguous).
    pub first: u32,
    /// Number of children (0 until expanded, or when the game is over here).
    pub len: u32,
    /// Whether the node's actions have been generated.
    pub expanded: bool,
    /// Whether chance acts here (its children are drawn by `prob`, not chosen).
    pub chance: bool,
    /// The player to move at the node (the one who chooses among its children).
    pub actor: u8,
    /// The player who chose the action into this node (the parent's actor).
    pub chooser: u8,
    /// The probability of this outcome, when the parent is a chance node.
    pub prob: f32,
    /// Playouts through the node.
    pub visits: u32,
    /// Their summed rewards (0 to 1 each) for `chooser`.
    pub value: f64,
    /// The implicit minimax value for `chooser` (0 to 1): the squashed evaluation at a
    /// leaf, the best child's for the actor above (the outcomes' average at chance).
    pub minimax: f32,
    /// The proven result, if any.
    pub proof: Proof,
}

impl Node {
    /// A node reached by `mv` (effects at `eff`), chosen by `chooser`.
    fn new(mv: Move, eff: u32, neff: u32, chooser: u8, prob: f32) -> Self {
        Node {
            mv,
            eff,
            neff,
            first: 0,
            len: 0,
            expanded: false,
            chance: false,
            actor: chooser,
            chooser,
            prob,
            visits: 0,
            value: 0.0,
            minimax: 0.5,
            proof: Proof::Open,
        }
    }

    /// The mean reward for the chooser (0.5 before any visit).
    pub fn mean(&self) -> f64 {
        if self.visits == 0 { 0.5 } else { self.value / self.visits as f64 }
    }

    /// The value for the chooser that selection uses: the mean reward mixed with the
    /// implicit minimax value (`weight` of it).
    pub fn blended(&self, weight: f64) -> f64 {
        (1.0 - weight) * self.mean() + weight * self.minimax as f64
    }

    /// The indices of the children.
    pub fn children(&self) -> std::ops::Range<usize> {
        self.first as usize..(self.first + self.len) as usize
    }
}

/// The tree of one decision, its buffers kept from decision to decision.
#[derive(Debug, Default)]
pub(super) struct Tree {
    /// Nodes; the root is node 0.
    pub nodes: Vec<Node>,
    /// Effects of the nodes' actions.
    pub effects: Vec<Effect>,
}

impl Tree {
    /// Empties the tree and makes a root for `actor` (not expanded).
    pub fn reset(&mut self, actor: u8) {
        self.nodes.clear();
        self.effects.clear();
        let mut root = Node::new(Move::Pass, 0, 0, actor, 1.0);
        root.actor = actor;
        self.nodes.push(root);
    }

    /// The effects of node `i`'s action.
    pub fn effects_of(&self, i: usize) -> &[Effect] {
        let n = &self.nodes[i];
        &self.effects[n.eff as usize..(n.eff + n.neff) as usize]
    }

    /// Expands node `i`, where `actor` moves, with the actions of `list` in the order
    /// `order` (indices into `list`), and `probs` for a chance node (empty otherwise).
    pub fn expand(&mut self, i: usize, actor: u8, list: &MoveList, order: &[u32], probs: &[f64]) {
        let first = self.nodes.len() as u32;
        for &k in order {
            let m = list.moves[k as usize];
            let effects = list.effects_of(&m);
            let eff = self.effects.len() as u32;
            self.effects.extend_from_slice(effects);
            let prob = probs.get(k as usize).copied().unwrap_or(1.0) as f32;
            self.nodes.push(Node::new(m, eff, effects.len() as u32, actor, prob));
        }
        let n = &mut self.nodes[i];
        n.expanded = true;
        n.chance = !probs.is_empty();
        n.actor = actor;
        n.first = first;
        n.len = order.len() as u32;
    }

    /// Marks node `i` as a finished game.
    pub fn finish(&mut self, i: usize, winner: Option<u8>) {
        let n = &mut self.nodes[i];
        n.expanded = true;
        n.minimax = match winner {
            None => 0.5,
            Some(w) => f32::from(u8::from(w == n.chooser)),
        };
        n.proof = Proof::Over { winner, plies: 0 };
    }

    /// Brings node `i`'s proof up to date from its children's; true when it changed.
    pub fn update_proof(&mut self, i: usize) -> bool {
        let n = &self.nodes[i];
        if n.proof != Proof::Open || !n.expanded || n.len == 0 {
            return false;
        }
        let proof = if n.chance { self.chance_proof(i) } else { self.choice_proof(i) };
        self.nodes[i].proof = proof;
        proof != Proof::Open
    }

    /// A chooser's node is won as soon as one child wins for it (the quickest win), and
    /// otherwise settled once every child is: a draw if one draws, else the longest loss.
    fn choice_proof(&self, i: usize) -> Proof {
        let actor = self.nodes[i].actor;
        let (mut win, mut draw): (Option<u16>, Option<u16>) = (None, None);
        let mut loss: Option<(Option<u8>, u16)> = None;
        for c in self.nodes[i].children() {
            match self.nodes[c].proof {
                Proof::Open => {}
                Proof::Over { winner: Some(w), plies } if w == actor => {
                    win = Some(win.map_or(plies, |p| p.min(plies)));
                }
                Proof::Over { winner: None, plies } => draw = Some(draw.map_or(plies, |p| p.max(plies))),
                Proof::Over { winner, plies } => {
                    if loss.is_none_or(|(_, p)| plies > p) {
                        loss = Some((winner, plies));
                    }
                }
            }
        }
        if let Some(p) = win {
            return Proof::Over { winner: Some(actor), plies: p + 1 };
        }
        if self.nodes[i].children().any(|c| self.nodes[c].proof == Proof::Open) {
            return Proof::Open;
        }
        match (draw, loss) {
            (Some(p), _) => Proof::Over { winner: None, plies: p + 1 },
            (None, Some((winner, p))) => Proof::Over { winner, plies: p + 1 },
            (None, None) => Proof::Open,
        }
    }

    /// A chance node is settled when every outcome ends the same way.
    fn chance_proof(&self, i: usize) -> Proof {
        let mut result: Option<(Option<u8>, u16)> = None;
        for c in self.nodes[i].children() {
            let Proof::Over { winner, plies } = self.nodes[c].proof else { return Proof::Open };
            match result {
                Some((w, _)) if w != winner => return Proof::Open,
                Some((_, p)) if p >= plies => {}
                _ => result = Some((winner, plies)),
            }
        }
        result.map_or(Proof::Open, |(winner, p)| Proof::Over { winner, plies: p + 1 })
    }
}

impl Tree {
    /// Brings node `i`'s implicit minimax value up to date from its visited children's
    /// (two players: one's value is the other's complement).
    pub fn update_minimax(&mut self, i: usize) {
        let n = &self.nodes[i];
        let for_chooser = |c: &Node| if c.chooser == n.chooser { c.minimax } else { 1.0 - c.minimax };
        let visited = n.children().map(|c| &self.nodes[c]).filter(|c| c.visits > 0);
        let v = if n.chance {
            let (mut sum, mut weight) = (0.0f32, 0.0f32);
            for c in visited {
                sum += c.prob * for_chooser(c);
                weight += c.prob;
            }
            if weight <= 0.0 {
                return;
            }
            sum / weight
        } else {
            let Some(best) = visited.map(|c| c.minimax).reduce(f32::max) else { return };
            if n.actor == n.chooser { best } else { 1.0 - best }
        };
        self.nodes[i].minimax = v;
    }
}

#[cfg(test)]
mod tests {
    use super::{Proof, Tree};
    use crate::engine::{Move, MoveList};

    /// A root for player 0 with `n` children (passes), expanded.
    fn tree(n: usize) -> Tree {
        let mut t = Tree::default();
        t.reset(0);
        let list = MoveList { moves: vec![Move::Pass; n], effects: vec![] };
        let order: Vec<u32> = (0..n as u32).collect();
        t.expand(0, 0, &list, &order, &[]);
        t
    }

    #[test]
    fn a_winning_child_proves_the_parent_and_all_losses_settle_it() {
        let mut t = tree(2);
        t.finish(1, Some(1));
        assert!(!t.update_proof(0), "one loss and one open child: open");
        t.finish(2, Some(0));
        assert!(t.update_proof(0));
        assert_eq!(t.nodes[0].proof, Proof::Over { winner: Some(0), plies: 1 });
        let mut t = tree(2);
        t.finish(1, Some(1));
        t.finish(2, None);
        assert!(t.update_proof(0));
        assert_eq!(t.nodes[0].proof, Proof::Over { winner: None, plies: 1 }, "a draw beats a loss");
    }

    #[test]
    fn implicit_minimax_takes_the_actors_best_visited_child() {
        let mut t = tree(3);
        for (c, (v, visits)) in [(0.2, 1), (0.7, 1), (0.9, 0)].into_iter().enumerate() {
            t.nodes[c + 1].minimax = v;
            t.nodes[c + 1].visits = visits;
        }
        t.nodes[0].chooser = 1; // the opponent chose the move into the root
        t.update_minimax(0);
        // Player 0 picks 0.7 (the unvisited 0.9 does not count): 0.3 for player 1.
        assert!((t.nodes[0].minimax - 0.3).abs() < 1e-6, "{}", t.nodes[0].minimax);
    }
}
