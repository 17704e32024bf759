//! Scores: centi-units of material from the mover's point of view, with forced game ends
//! near ±[`MATE`].

use crate::engine::state::State;

/// Score of a won game at the root; a win found `ply` plies deep scores `MATE - ply`.
pub const MATE: i32 = 1_000_000;
/// Above every score: the open end of a search window.
pub(super) const INF: i32 = MATE + 1;
/// Scores beyond this are forced game ends.
pub(super) const MATE_BOUND: i32 = MATE - 10_000;

/// A score for people: material in value units, or a forced win or loss in N plies.
pub fn describe_score(score: i32) -> String {
    if score >= MATE_BOUND {
        format!("wins in {} plies", MATE - score)
    } else if score <= -MATE_BOUND {
        format!("loses in {} plies", MATE + score)
    } else {
        format!("{:+.2}", score as f64 / 100.0)
    }
}

/// The score of a finished game, `ply` plies deep, for the player to move at `st`
/// (`winner` None: a draw).
pub(super) fn terminal_score(st: &State, winner: Option<u8>, ply: usize) -> i32 {
    match winner {
        None => 0,
        Some(w) if w == st.to_move => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

/// Plies to the forced game end a score announces (None: not a forced end).
pub fn plies_to_end(score: i32) -> Option<i32> {
    (score.abs() >= MATE_BOUND).then(|| MATE - score.abs())
}
