//! Keeping the tree from one decision to the next: when the new position was reached from
//! the last decision's root by actions the tree holds (the AI's own move, the replies, the
//! escapes and chance outcomes of the turn), the subtree below it becomes the new tree.

use super::Mcts;
use super::tree::Tree;
use crate::ai::Ai;
use crate::engine::State;

/// Plies from the last root to the new one the tree is searched for at most.
const MAX_REUSE_PLIES: usize = 8;

/// The last decision's root, kept so the next decision can find itself in the tree.
#[derive(Debug, Default)]
pub(super) struct LastRoot {
    /// Whether the tree belongs to the position below (false before the first search).
    valid: bool,
    /// The root's position.
    st: State,
    /// The keys of the positions before it.
    history: Vec<u64>,
}

impl Mcts {
    /// Remembers `st` (after `history`) as the root of the tree just searched.
    pub(super) fn keep_root(&mut self, st: &State, history: &[u64]) {
        self.last.valid = true;
        self.last.st.clone_from(st);
        self.last.history.clear();
        self.last.history.extend_from_slice(history);
    }

    /// Makes the node of the kept tree that `st` (after `history`) is the root of a new
    /// tree, when the game went there from the last root through the tree; true if so.
    pub(super) fn reuse(&mut self, ai: &Ai, st: &State, history: &[u64]) -> bool {
        let last = std::mem::take(&mut self.last);
        let found = self.find(ai, &last, st, history);
        self.last = last;
        match found {
            Some(i) if self.tree.nodes[i].expanded && self.tree.nodes[i].len > 0 => {
                let mut fresh = std::mem::take(&mut self.spare);
                self.tree.subtree_into(i, &mut fresh);
                self.spare = std::mem::replace(&mut self.tree, fresh);
                true
            }
            _ => false,
        }
    }

    /// The node reached from the last root by the positions of `history` after its own
    /// (each child's position checked by its key), then `st`.
    fn find(&mut self, ai: &Ai, last: &LastRoot, st: &State, history: &[u64]) -> Option<usize> {
        let n = last.history.len();
        if !last.valid || history.len() <= n || history.len() - n > MAX_REUSE_PLIES || history[..n] != last.history[..]
        {
            return None;
        }
        let g = ai.g;
        self.st.clone_from(&last.st);
        if g.position_key(&self.st) != history[n] {
            return None;
        }
        let mut i = 0;
        for (k, _) in history[n..].iter().enumerate() {
            let node = &self.tree.nodes[i];
            let next = history.get(n + k + 1);
            let mut hit = None;
            for c in node.children() {
                self.probe.clone_from(&self.st);
                g.apply(&mut self.probe, &self.tree.nodes[c].mv, self.tree.effects_of(c));
                let same = match next {
                    Some(&key) => g.position_key(&self.probe) == key,
                    None => self.probe == *st,
                };
                if same {
                    hit = Some(c);
                    break;
                }
            }
            i = hit?;
            std::mem::swap(&mut self.st, &mut self.probe);
        }
        Some(i)
    }
}

impl Tree {
    /// Copies the subtree below node `i` into `out` (emptied first), `i` becoming its root.
    pub(super) fn subtree_into(&self, i: usize, out: &mut Tree) {
        out.nodes.clear();
        out.effects.clear();
        out.nodes.push(self.nodes[i].clone());
        // Breadth first: the children of each copied node are copied together, so they
        // stay contiguous; `next` is the next copied node whose children to copy.
        let mut next = 0;
        while next < out.nodes.len() {
            let (first, len) = (out.nodes[next].first as usize, out.nodes[next].len as usize);
            out.nodes[next].first = out.nodes.len() as u32;
            for c in first..first + len {
                let mut node = self.nodes[c].clone();
                let eff = &self.effects[node.eff as usize..(node.eff + node.neff) as usize];
                node.eff = out.effects.len() as u32;
                out.effects.extend_from_slice(eff);
                out.nodes.push(node);
            }
            next += 1;
        }
    }
}
