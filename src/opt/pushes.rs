//! Push rules judged before the move: a rule whose condition reads only the cell judged
//! and the mover's type (`[beaten & !friend & !stacked]`) gives the same answer on the
//! position before a plain move, where every cell around the landing cell but the origin
//! holds what it will hold after it (the engine sees the origin as empty, or as the rest of
//! the stack the piece leaves); it then need not make the move to judge it.

use crate::ir::{Cond, Game};

/// Marks the push rules whose conditions may be judged before the move.
pub fn run(g: &mut Game) {
    for i in 0..g.pushes.len() {
        let before = g.pushes[i].cond.iter().all(|&c| local(g.cond(c)));
        g.pushes[i].before = before;
    }
}

/// Whether a condition reads only the cell (its occupant, its stack, its zones) and the
/// type of the piece at the origin.
fn local(c: &Cond) -> bool {
    match c {
        Cond::Stacked | Cond::Beaten => true,
        Cond::And(v) | Cond::Or(v) => v.iter().all(local),
        Cond::Not(x) => local(x),
        leaf => Game::reads_occupant_only(leaf),
    }
}
