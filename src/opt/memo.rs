//! Memoised repetitions: a program with loops and no effects may skip machine states it
//! has already explored (the same state always leads to the same landings), which keeps
//! long chains polynomial.

use crate::ir::{Game, Op};

/// Marks the programs whose runs are memoised.
pub fn run(g: &mut Game) {
    for p in &mut g.programs {
        // A greedy loop asks whether its body can run again from a state, which a skipped
        // state would not answer.
        let greedy = p.ops.iter().any(|o| matches!(o, Op::LoopMax(..)));
        p.memo = !p.has_effects && !greedy && p.ops.iter().any(|o| matches!(o, Op::LoopTest(..)));
    }
}
