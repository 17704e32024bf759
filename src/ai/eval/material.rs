//! Plain material (board and reserves, with the pieces' `advance` bonus), in the file's
//! values: what the front ends weigh when they judge a draw offer.

use crate::ai::score::MATE_BOUND;
use crate::engine::state::State;
use crate::ir::{Game, Kind};

/// Material balance from `me`'s point of view: the sum of its pieces' values (board and reserve)
/// minus everyone else's, in hundredths of a value unit.
pub fn material(g: &Game, st: &State, me: u8) -> i32 {
    let mut s = (piece_count_value(g, st, me) + reserve_value(g, st, me)) * 100;
    // Pieces with an `advance` bonus score for each rank they have gone towards the
    // opponent (the first player upwards, the others downwards).
    if g.types.iter().any(|t| t.advance != 0) {
        s += advancement(g, st, me);
    }
    s.clamp(-(MATE_BOUND as i64) / 2, MATE_BOUND as i64 / 2) as i32
}

/// The value of a piece kind's type (0 for an empty cell).
pub(crate) fn piece_value(g: &Game, k: Kind) -> i32 {
    if k == 0 { 0 } else { g.types[g.kind_type[k as usize] as usize].value }
}

/// How a piece of `owner` counts for `me`: +1 when it is `me`'s, -1 otherwise.
fn sign(owner: usize, me: u8) -> i64 {
    if owner == me as usize { 1 } else { -1 }
}

/// The pieces in play (by the piece counts), valued for `me`, in value units.
fn piece_count_value(g: &Game, st: &State, me: u8) -> i64 {
    let mut s = 0;
    for (t, ty) in g.types.iter().enumerate() {
        for p in 0..g.np() {
            let n = st.counts.get(t * g.nf() + p).copied().unwrap_or(0) as i64;
            s += sign(p, me) * n * ty.value as i64;
        }
    }
    s
}

/// The pieces in the reserves, valued for `me`, in value units.
fn reserve_value(g: &Game, st: &State, me: u8) -> i64 {
    let mut s = 0;
    for &(t, slot) in &g.reserves {
        let v = g.types[t as usize].value as i64;
        for p in 0..g.np() {
            let n = st.vars.get(slot.at(p)).copied().unwrap_or(0).clamp(0, 1000);
            s += sign(p, me) * n * v;
        }
    }
    s
}

/// The advancement bonus for `me`: each piece's `advance` times the ranks it has gone
/// from its side's edge of the board, in hundredths.
fn advancement(g: &Game, st: &State, me: u8) -> i64 {
    let (lo, hi) = g.board.cells.iter().fold((i64::MAX, i64::MIN), |(a, b), c| (a.min(c.rank), b.max(c.rank)));
    let mut s = 0;
    for (c, &k) in st.board.iter().enumerate() {
        if k == 0 {
            continue;
        }
        let adv = g.types[g.kind_type[k as usize] as usize].advance as i64;
        if adv == 0 {
            continue;
        }
        let owner = g.kind_owner[k as usize];
        let rank = g.board.cells[c].rank;
        let progress = if owner == 0 { rank - lo } else { hi - rank };
        s += sign(owner as usize, me) * adv * progress;
    }
    s
}
