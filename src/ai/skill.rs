//! Settings of the search that come from the game or the caller: where the game allows
//! null moves, and the strength levels below full strength.

use crate::ai::Ai;
use crate::engine::State;
use crate::ir::Game;

/// The strongest level of [`Ai::set_skill`] (the default): no depth cap, no noise.
pub const MAX_SKILL: u8 = 20;

/// The deepest iteration at `skill` (below [`MAX_SKILL`]): level 0 searches one ply,
/// every two levels one ply more.
pub(super) fn depth_cap(skill: u8) -> Option<u32> {
    (skill < MAX_SKILL).then(|| 1 + skill as u32 / 2)
}

/// The most a root move's score is moved at random at `skill`, in hundredths of a value
/// unit: two units at level 0, nothing at full strength.
pub(super) fn noise(skill: u8) -> i32 {
    (MAX_SKILL - skill.min(MAX_SKILL)) as i32 * 10
}

/// Where a game allows null moves (passing the turn to test whether the position is good
/// enough anyway): two players taking ordinary turns, the mover not in check and owning
/// some piece that is neither royal, nor one that promotes (a pawn), nor worthless; this
/// keeps it away from endings where passing would be a help (zugzwang).
#[derive(Debug, Clone, Default)]
pub(super) struct NullMove {
    /// Whether the game has two players.
    two_players: bool,
    /// Piece types that count (a bit per type).
    material: u64,
}

impl NullMove {
    /// The null-move rules of a game.
    pub(super) fn new(g: &Game) -> Self {
        let np = g.np();
        let promotes = |t: usize| (0..np).any(|p| g.promotions.get(t * np + p).is_some_and(|v| !v.is_empty()));
        let material = g
            .types
            .iter()
            .enumerate()
            .filter(|&(t, ty)| t < 64 && !ty.royal && ty.value > 0 && !promotes(t))
            .fold(0u64, |m, (t, _)| m | 1 << t);
        NullMove { two_players: np == 2, material }
    }
}

impl Ai<'_> {
    /// Whether a null move may be tried at `st` (the mover is known not to be in check).
    pub(super) fn null_move_allowed(&self, st: &State) -> bool {
        let (g, nm) = (self.g, &self.null_move);
        if !nm.two_players || nm.material == 0 || st.pending().is_some() {
            return false;
        }
        let nf = g.nf();
        (0..g.types.len())
            .filter(|&t| nm.material & (1 << t) != 0)
            .any(|t| st.counts.get(t * nf + st.to_move as usize).is_some_and(|&n| n > 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_cap_depth_and_add_noise_below_full_strength() {
        assert_eq!(depth_cap(0), Some(1));
        assert_eq!(depth_cap(19), Some(10));
        assert_eq!(depth_cap(MAX_SKILL), None);
        assert_eq!(noise(0), 200);
        assert_eq!(noise(MAX_SKILL), 0);
    }
}
