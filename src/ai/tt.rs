//! The transposition table: what earlier searches found about a position, by its key
//! ([`Game::state_key`](crate::ir::Game::state_key)): a score with its bound and depth,
//! and the best move, to search first.

use crate::ai::score::MATE_BOUND;
use crate::engine::Move;

/// Size of the table when the caller sets none, in MiB.
pub const DEFAULT_HASH_MB: usize = 16;
/// The largest table, in MiB (a protocol's `Hash` option is clamped to it).
pub const MAX_HASH_MB: usize = 65_536;

/// How a stored score bounds the position's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value itself (searched inside the window).
    Exact,
    /// At least the score (a cutoff).
    Lower,
    /// At most the score (no move beat alpha).
    Upper,
}

/// One stored search result.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry {
    key: u64,
    /// The best move found (to search first); None when none was better than alpha.
    pub(super) mv: Option<Move>,
    /// Score from the view of the player to move, mate scores relative to this node.
    score: i32,
    /// Depth searched, in plies.
    pub(super) depth: u8,
    pub(super) bound: Bound,
    /// The search (`Table::new_search`) that stored it.
    age: u8,
}

impl Entry {
    /// The stored score seen from `ply` plies below the root.
    pub(super) fn score(&self, ply: usize) -> i32 {
        from_tt(self.score, ply)
    }

    /// The score when it settles the window (alpha, beta) at `depth` or less: an exact
    /// value, a lower bound at least beta, or an upper bound at most alpha.
    pub(super) fn cutoff(&self, depth: u32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        if (self.depth as u32) < depth {
            return None;
        }
        let s = self.score(ply);
        match self.bound {
            Bound::Exact => Some(s),
            Bound::Lower if s >= beta => Some(s),
            Bound::Upper if s <= alpha => Some(s),
            _ => None,
        }
    }
}

/// A fixed-size table of [`Entry`]s indexed by key, one entry per slot; a new result
/// replaces an entry of an older search, of another position or of no greater depth.
/// Its memory is taken at the first search ([`Table::ready`]), not when it is made.
#[derive(Debug)]
pub(super) struct Table {
    slots: Vec<Option<Entry>>,
    /// Slots wanted (the size asked for).
    wanted: usize,
    age: u8,
}

impl Table {
    /// A table of about `mb` MiB (at least one slot; at most [`MAX_HASH_MB`]).
    pub(super) fn new(mb: usize) -> Self {
        let n = (mb.min(MAX_HASH_MB) << 20) / std::mem::size_of::<Option<Entry>>();
        Table { slots: vec![], wanted: n.max(1), age: 0 }
    }

    /// Takes the table's memory if it has not yet (before a search).
    pub(super) fn ready(&mut self) {
        if self.slots.len() != self.wanted {
            self.slots = vec![None; self.wanted];
        }
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.age = 0;
    }

    /// Marks the start of a new decision: entries stored before become replaceable.
    pub(super) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The slot of `key` (the table is [`Table::ready`]).
    fn slot(&self, key: u64) -> usize {
        ((key as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry stored for `key`, if any.
    pub(super) fn probe(&self, key: u64) -> Option<&Entry> {
        if self.slots.is_empty() {
            return None;
        }
        self.slots[self.slot(key)].as_ref().filter(|e| e.key == key)
    }

    /// Stores a result for `key` found `ply` plies below the root.
    pub(super) fn store(&mut self, key: u64, ply: usize, depth: u32, score: i32, bound: Bound, mv: Option<Move>) {
        self.ready();
        let i = self.slot(key);
        let age = self.age;
        if let Some(old) = &self.slots[i]
            && old.age == age
            && old.key != key
            && old.depth as u32 > depth
        {
            return; // keep the deeper result of this search
        }
        let mv = mv.or_else(|| self.slots[i].filter(|e| e.key == key).and_then(|e| e.mv));
        let depth = depth.min(u8::MAX as u32) as u8;
        self.slots[i] = Some(Entry { key, mv, score: to_tt(score, ply), depth, bound, age });
    }
}

/// A score to store: forced ends counted from this node rather than from the root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score read `ply` plies below the root.
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let mut t = Table::new(1);
        let key = 0x1234_5678_9abc_def0;
        // A mate found 5 plies below the root, at a node 2 plies deep: 3 plies from it.
        t.store(key, 2, 4, crate::ai::MATE - 5, Bound::Exact, None);
        let e = t.probe(key).expect("stored");
        assert_eq!(e.score(2), crate::ai::MATE - 5);
        // Reached again 4 plies deep, the same mate is 7 plies from the root.
        assert_eq!(e.score(4), crate::ai::MATE - 7);
    }

    #[test]
    fn a_bound_settles_only_its_side_of_the_window() {
        let mut t = Table::new(1);
        t.store(7, 0, 3, 50, Bound::Lower, None);
        let e = *t.probe(7).unwrap();
        assert_eq!(e.cutoff(3, 0, 40, 0), Some(50));
        assert_eq!(e.cutoff(3, 0, 60, 0), None);
        assert_eq!(e.cutoff(4, 0, 40, 0), None, "too shallow");
        t.clear();
        assert!(t.probe(7).is_none());
    }
}
