//! The memo of a memoised run: the machine states (instruction and cursor) a run has
//! already explored, as packed keys in an open-addressing table that a generation count
//! clears at once. Tables are kept per thread, so a generator made for every node does not
//! allocate and grow one again.

use std::cell::RefCell;

/// A machine state packed into words (exact: no two states share a key).
pub(super) type Key = [u64; 4];

/// Tables kept per thread for the next generators.
const POOL_SIZE: usize = 8;
/// The smallest table (slots).
const MIN_SLOTS: usize = 256;

thread_local! {
    static POOL: RefCell<Vec<Memo>> = const { RefCell::new(Vec::new()) };
}

/// A set of packed machine states.
#[derive(Default)]
pub(super) struct Memo {
    /// Per slot: the generation it was written in, and its key.
    slots: Vec<(u32, Key)>,
    /// The current generation (a slot of another is empty).
    generation: u32,
    /// Keys of the current generation.
    len: usize,
}

impl Memo {
    /// A table from this thread's pool, or a new one.
    pub(super) fn take() -> Memo {
        POOL.with_borrow_mut(|p| p.pop()).unwrap_or_default()
    }

    /// Gives a table back to this thread's pool (the next run clears it).
    pub(super) fn give(self) {
        POOL.with_borrow_mut(|p| {
            if p.len() < POOL_SIZE {
                p.push(self);
            }
        });
    }

    /// Empties the set.
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.iter_mut().for_each(|s| s.0 = 0);
            self.generation = 1;
        }
    }

    /// Adds `key`: false when it was there already.
    pub(super) fn insert(&mut self, key: Key) -> bool {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash(&key) as usize & mask;
        loop {
            let s = &mut self.slots[i];
            if s.0 != self.generation {
                *s = (self.generation, key);
                self.len += 1;
                return true;
            }
            if s.1 == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table, keeping the current keys.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![(0, [0; 4]); size]);
        let generation = self.generation.max(1);
        self.generation = generation;
        self.len = 0;
        for (g, key) in old {
            if g == generation {
                self.insert(key);
            }
        }
    }
}

/// Mixes a key's words (multiply and rotate, as FxHash), the high bits folded down.
fn hash(key: &Key) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mut h = 0u64;
    for &w in key {
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    h ^ (h >> 29)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_again_until_cleared_and_kept_through_growth() {
        let mut m = Memo::default();
        let key = |i: u64| [i, i * 7, !i, i << 40];
        assert!((0..1000).all(|i| m.insert(key(i))), "new keys go in");
        assert!((0..1000).all(|i| !m.insert(key(i))), "and are found again after the table grew");
        m.clear();
        assert!(m.insert(key(5)) && !m.insert(key(5)), "a cleared table holds nothing old");
        assert!(m.insert(key(6)));
    }

    #[test]
    fn a_wrapped_generation_empties_the_slots() {
        let mut m = Memo::default();
        assert!(m.insert([1, 2, 3, 4]));
        assert_eq!(m.generation, 1);
        // Many clears later the count wraps round to 1, the generation of that old slot.
        m.generation = u32::MAX;
        m.clear();
        assert_eq!(m.generation, 1);
        assert!(m.insert([1, 2, 3, 4]), "a slot of an old generation reads as empty");
    }
}
