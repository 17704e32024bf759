//! Monte Carlo tree search, the AI's second search (`SearchKind::Mcts`), for games whose
//! static evaluation gives no direction: UCT over the game's decision nodes (whoever acts
//! there: a player, the player answering inside a turn such as a push's defender, or
//! chance, whose outcomes are drawn by their probabilities, so a chance node's value is
//! the average of its outcomes'), random playouts cut after a number of plies and scored
//! by the [`crate::ai::Evaluator`] (or by the result when the game ends first), implicit
//! minimax values (the evaluation at the leaves, backed up as the best child's) blended
//! into selection, and proven results carried up the tree (a node with a winning child is
//! won, one whose children are all settled is settled), so a forced win or loss nearby is
//! seen for certain. The budget is the same [`crate::ai::Limits`]: every generated node counts, so
//! a node budget with a seed reproduces the search.
//!
//! The tree is kept from decision to decision: when the game reaches a position the tree
//! holds (the AI's move and the replies it searched), the search goes on from there.
//!
//! Modules: `tree` (the nodes and proofs), `iterate` (one selection, expansion, playout
//! and backup), `root` (the decision: budget, the chosen move, what it reports), `reuse`
//! (finding the new root in the last tree).

mod iterate;
mod reuse;
mod root;
mod tree;

use crate::engine::{MoveList, State};
use reuse::LastRoot;
use tree::Tree;

/// UCT's exploration constant (rewards are between 0 and 1).
const EXPLORATION: f64 = 0.9;
/// Plies a playout plays at most before the evaluation scores it.
const PLAYOUT_PLIES: usize = 2;
/// The evaluation's scale: a position `EVAL_SCALE` hundredths better scores about 0.73.
const EVAL_SCALE: f64 = 300.0;
/// Nodes the tree holds at most (about 100 bytes each); beyond, playouts start at leaves.
const MAX_TREE_NODES: usize = 2_000_000;
/// How much selection trusts the implicit minimax values against the mean rewards.
const MINIMAX_WEIGHT: f64 = 0.9;
/// With only a depth limit, the node budget per ply of depth.
const NODES_PER_DEPTH: u64 = 20_000;

/// The tree search's buffers, kept from decision to decision so that a search allocates
/// only while its tree grows.
#[derive(Debug, Default)]
pub(super) struct Mcts {
    /// The tree of the current decision.
    tree: Tree,
    /// The position of the current iteration (the root's, then played forward in place).
    st: State,
    /// The actions at the iteration's current node.
    list: MoveList,
    /// The order of new children (indices into `list`).
    order: Vec<u32>,
    /// The nodes the iteration went through, from the root.
    visited: Vec<u32>,
    /// The iteration's reward for each player (0: a loss, 1: a win).
    reward: Vec<f64>,
    /// The deepest node reached in this decision, in plies from the root.
    depth: u32,
    /// How much selection trusts the implicit minimax values (0 with more than two players).
    minimax_weight: f64,
    /// A position for trying actions without losing `st`.
    probe: State,
    /// The last decision's root, to find the next one in the tree.
    last: LastRoot,
    /// The arena the kept subtree is copied into.
    spare: Tree,
}
