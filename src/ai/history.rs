//! The history heuristic: quiet moves that caused cutoffs anywhere in the search, by what
//! they do (origin and landing, or the type dropped and where), so that they are tried
//! early in other positions too.

use crate::engine::Move;

/// Slots of the table (a power of two); moves are hashed into it.
const SLOTS: usize = 1 << 16;
/// Scores are kept below this (halved when one reaches it), so they stay below the
/// killer moves' ordering keys.
pub(super) const HISTORY_MAX: i32 = 60_000;

/// Cutoff counts of quiet moves, weighted by the depth squared, per player.
#[derive(Debug, Clone)]
pub(super) struct History {
    table: Vec<i32>,
}

impl Default for History {
    fn default() -> Self {
        History { table: vec![0; SLOTS * 2] }
    }
}

/// The slot of `m` played by `player` (two tables: even and odd players).
fn slot(player: u8, m: &Move) -> Option<usize> {
    let (a, b) = match *m {
        Move::Piece(p) => (p.from as u64, p.to as u64 | (p.promo.map_or(0, |t| t as u64 + 1) << 16)),
        Move::Drop { ty, to } => (0xffff_0000 | ty as u64, to as u64),
        _ => return None,
    };
    let h = (a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b).wrapping_mul(0xff51_afd7_ed55_8ccd);
    Some((h >> 48) as usize % SLOTS + SLOTS * (player as usize & 1))
}

impl History {
    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.table.iter_mut().for_each(|v| *v = 0);
    }

    /// Ages the scores before a new decision, so that the last ones weigh most.
    pub(super) fn age(&mut self) {
        self.table.iter_mut().for_each(|v| *v /= 8);
    }

    /// The ordering score of quiet move `m` of `player` (0 to below [`HISTORY_MAX`]).
    pub(super) fn score(&self, player: u8, m: &Move) -> i32 {
        slot(player, m).map_or(0, |i| self.table[i])
    }

    /// Rewards `m`, a quiet move of `player` that caused a cutoff `depth` plies deep.
    pub(super) fn reward(&mut self, player: u8, m: &Move, depth: u32) {
        let Some(i) = slot(player, m) else { return };
        let d = depth.min(32) as i32;
        self.table[i] += d * d;
        if self.table[i] >= HISTORY_MAX {
            self.table.iter_mut().for_each(|v| *v /= 2);
        }
    }
}
