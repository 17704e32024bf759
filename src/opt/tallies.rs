//! Tally origins: the cells from which a tally's pattern can match at all, judged by the
//! tests of its own cell that the pattern begins with (`[far] …`), so that counting the
//! tallies after a turn runs the pattern only from those.

use super::conds::holds_given;
use crate::board::Cell;
use crate::ir::{Cond, Game, Kind, Op};

/// Fills every tally's `origins`.
pub fn run(g: &mut Game) {
    let (cells, np) = (g.board.len(), g.np());
    for i in 0..g.tallies.len() {
        let t = &g.tallies[i];
        let carriers: Vec<Kind> =
            (1..g.kind_type.len()).filter(|&k| t.types & (1 << g.kind_type[k]) != 0).map(|k| k as Kind).collect();
        let mut origins = vec![true; np * cells];
        for (p, &prog) in t.progs.iter().enumerate().take(np) {
            let tests = leading_tests(g, &g.program(prog).ops);
            if tests.is_empty() {
                continue;
            }
            for c in 0..cells {
                let holds = |k: &Kind| tests.iter().all(|x| holds_given(g, x, &[], 0, p as u8, c as Cell, *k));
                origins[p * cells + c] = carriers.iter().any(holds);
            }
        }
        g.tallies[i].origins = if origins.iter().all(|&b| b) { vec![] } else { origins };
    }
}

/// The tests of the origin a program begins with that read only the cell and its occupant.
fn leading_tests<'g>(g: &'g Game, ops: &[Op]) -> Vec<&'g Cond> {
    let tests = ops.iter().map_while(|o| if let Op::Test(c) = o { Some(g.cond(*c)) } else { None });
    tests.filter(|c| Game::reads_occupant_only(c)).collect()
}
