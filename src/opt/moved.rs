//! Which piece types' moved flags matter: those whose own move programs test `unmoved`,
//! and those named next to `unmoved` in a test (or in an entry rule's condition, where a
//! lone `unmoved` is about any type). The others' flags are ignored when
//! positions are compared for repetition and in position strings. This decides what a
//! repeated position is, so it always runs.

use crate::ir::{Cond, Game, Op};

/// Sets `tracks_moved`.
pub fn run(g: &mut Game) {
    let (np, nt) = (g.np(), g.types.len());
    let mut tracks = vec![false; nt];
    for t in 0..nt {
        for p in 0..np {
            for &pi in &g.moves_of[t * np + p] {
                for op in &g.program(pi).ops {
                    let id = match op {
                        Op::Test(id) | Op::Ray(_, _, id) | Op::Leap(_, id) => *id,
                        _ => continue,
                    };
                    let (mut mask, mut own) = (0u64, false);
                    unmoved_types(g.cond(id), &mut mask, &mut own);
                    tracks[t] |= own;
                    for (u, tm) in tracks.iter_mut().enumerate() {
                        *tm |= mask & (1 << u) != 0;
                    }
                }
            }
        }
    }
    // An entry rule's condition tests the piece leaving a cell, whatever its type.
    for id in g.entries.iter().flat_map(|e| e.cond.iter()) {
        let (mut mask, mut own) = (0u64, false);
        unmoved_types(g.cond(*id), &mut mask, &mut own);
        for (u, tm) in tracks.iter_mut().enumerate() {
            *tm |= own || mask & (1 << u) != 0;
        }
    }
    g.tracks_moved = tracks;
}

/// Collects the types named next to `unmoved` in a conjunction (`mask`), and whether
/// `unmoved` stands alone (the moving type's own flag: `own`).
fn unmoved_types(c: &Cond, mask: &mut u64, own: &mut bool) {
    match c {
        Cond::Unmoved => *own = true,
        Cond::And(v) => {
            let types = v.iter().map(|x| if let Cond::Type(m) = x { *m } else { 0 }).fold(0, |a, b| a | b);
            if v.iter().any(|x| matches!(x, Cond::Unmoved)) && types != 0 {
                *mask |= types;
            } else {
                v.iter().for_each(|x| unmoved_types(x, mask, own));
            }
        }
        Cond::Or(v) => v.iter().for_each(|x| unmoved_types(x, mask, own)),
        Cond::Not(x) => unmoved_types(x, mask, own),
        _ => {}
    }
}
