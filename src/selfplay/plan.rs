//! Which games a run plays: their numbers, seeds and colours, and how `--shard K/N`
//! splits them.
//!
//! A run has `games` seeds, numbered from 0. Without pairs, game `i` plays seed `i`; with
//! pairs, games `2i` and `2i + 1` both play seed `i`, the second with the deciders swapped.
//! Shard `K/N` plays the seeds `i` with `i mod N = K - 1` (both games of a pair stay in the
//! same shard), so the N shards together play every game of the run exactly once, each
//! with the seed and colours it has in the whole run.

use std::fmt;
use std::str::FromStr;

/// Shard `k` of `n` (1 ≤ k ≤ n).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard's number, from 1.
    pub k: usize,
    /// The number of shards.
    pub n: usize,
}

/// Why a `--shard` value is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not `K/N` with two whole numbers.
    #[error("`{0}` is not K/N (for example 2/8: the second of eight shards)")]
    Form(String),
    /// K is 0 or above N.
    #[error("shard {k}/{n}: K must be 1 to N")]
    Range {
        /// The shard's number.
        k: usize,
        /// The number of shards.
        n: usize,
    },
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let form = || ShardError::Form(s.to_string());
        let (k, n) = s.trim().split_once('/').ok_or_else(form)?;
        let (k, n): (usize, usize) = (k.trim().parse().map_err(|_| form())?, n.trim().parse().map_err(|_| form())?);
        if k == 0 || k > n {
            return Err(ShardError::Range { k, n });
        }
        Ok(Shard { k, n })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl Shard {
    /// Whether this shard plays seed `seed_index`.
    pub fn has(&self, seed_index: usize) -> bool {
        seed_index % self.n == self.k - 1
    }
}

/// One game of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// The game's number in the whole run, from 0.
    pub index: usize,
    /// The seed it plays (see [`super::game_seed`]).
    pub seed_index: usize,
    /// Whether decider B plays first (the second game of a pair).
    pub swapped: bool,
}

/// The number of games of a whole run of `games` seeds.
pub fn run_games(games: usize, pairs: bool) -> usize {
    if pairs { games * 2 } else { games }
}

/// The games a run (or its shard) plays, in game order.
pub fn plan(games: usize, pairs: bool, shard: Option<Shard>) -> Vec<Slot> {
    let per_seed = if pairs { 2 } else { 1 };
    (0..games)
        .filter(|&i| shard.is_none_or(|s| s.has(i)))
        .flat_map(|i| (0..per_seed).map(move |j| Slot { index: i * per_seed + j, seed_index: i, swapped: j == 1 }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_the_run_once() {
        for pairs in [false, true] {
            let whole = plan(7, pairs, None);
            assert_eq!(whole.len(), run_games(7, pairs));
            let mut parts: Vec<Slot> = (1..=3).flat_map(|k| plan(7, pairs, Some(Shard { k, n: 3 }))).collect();
            parts.sort_by_key(|s| s.index);
            assert_eq!(parts, whole);
        }
        let first = plan(3, true, Some(Shard { k: 1, n: 2 }));
        let games: Vec<(usize, usize, bool)> = first.iter().map(|s| (s.index, s.seed_index, s.swapped)).collect();
        assert_eq!(games, [(0, 0, false), (1, 0, true), (4, 2, false), (5, 2, true)]);
    }

    #[test]
    fn shard_values() {
        assert_eq!("2/8".parse::<Shard>(), Ok(Shard { k: 2, n: 8 }));
        assert_eq!("0/8".parse::<Shard>(), Err(ShardError::Range { k: 0, n: 8 }));
        assert_eq!("9/8".parse::<Shard>(), Err(ShardError::Range { k: 9, n: 8 }));
        assert!(matches!("2-8".parse::<Shard>(), Err(ShardError::Form(_))));
        assert_eq!(Shard { k: 2, n: 8 }.to_string(), "2/8");
    }
}
