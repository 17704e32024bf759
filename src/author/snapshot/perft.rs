//! Perft within a budget: counts depth by depth while the next count is expected to
//! stay within the budget, so that a report costs about the same on every game.

use crate::engine::{PatternOverrun, Perft, PerftError, State};
use crate::ir::Game;

/// Deepest depth counted, whatever the budget (a line of forced actions could otherwise
/// go on forever).
pub const MAX_DEPTH: usize = 8;

/// perft(1), perft(2), … at `st`: depth d+1 is counted only when perft(d) times the last
/// growth factor (perft(d) / perft(d-1)) is at most `budget`, and never past
/// [`MAX_DEPTH`]. The counts are the engine's, so the list is deterministic. Depth 1 is
/// always counted. A pattern run over its budget gives no counts.
pub fn within(g: &Game, st: &State, budget: u64) -> Result<Vec<u64>, PatternOverrun> {
    let mut pf = Perft::new(g, st, MAX_DEPTH);
    let mut count = |depth: usize| match pf.try_count(st, depth) {
        Ok(n) => Ok(n),
        Err(PerftError::Pattern(e)) => Err(e),
        Err(e @ PerftError::TooDeep { .. }) => unreachable!("depths stop at MAX_DEPTH: {e}"),
    };
    let mut counts: Vec<u64> = vec![count(1)?];
    while counts.len() < MAX_DEPTH {
        let last = counts[counts.len() - 1];
        let before = if counts.len() > 1 { counts[counts.len() - 2] } else { 1 };
        if last == 0 || before == 0 {
            break;
        }
        let expected = last.saturating_mul(last).div_ceil(before);
        if expected > budget {
            break;
        }
        counts.push(count(counts.len() + 1)?);
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_depth_is_counted_while_its_expected_count_fits() {
        let g = crate::open(concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.toml"), &[]).unwrap();
        let st = g.initial();
        // Expected perft(2) = 20 * 20 / 1, perft(3) = 400 * 400 / 20, perft(4) = 8902² / 400.
        assert_eq!(within(&g, &st, 100).unwrap(), [20]);
        assert_eq!(within(&g, &st, 400).unwrap(), [20, 400]);
        assert_eq!(within(&g, &st, 50_000).unwrap(), [20, 400, 8902]);
    }
}
