//! The hand: which type a captured piece enters its captor's hand as, and the memory of
//! promotion that decides it (`[pieces.X] demote` and `remember`, LANGUAGE.md §8).

use crate::ir::{Game, Kind, Slot, Stmt};

impl Game {
    /// Whether the game has hands: reserves that captured pieces go to (`pocket`), rather
    /// than reserves only filled at the start. Front ends then call them hands.
    pub fn has_hands(&self) -> bool {
        !self.reserves.is_empty() && self.triggers.iter().any(|t| t.stmts.iter().any(|s| matches!(s, Stmt::Pocket)))
    }

    /// The reserves (type, first slot) in the order they are shown: `[fen] pocket-order`'s,
    /// then the others in the game's order.
    pub fn hand_order(&self) -> impl Iterator<Item = &(u8, Slot)> {
        self.fen.pocket_order.iter().filter_map(|&i| self.reserves.get(i))
    }

    /// The type a captured piece of kind `k` enters the captor's hand (reserve) as: the
    /// type it was promoted from when it remembers one (`[pieces.X] remember`), else its
    /// own type; then that type's declared base (`[pieces.X] demote`), if it has one.
    #[inline]
    pub fn hand_type(&self, k: Kind) -> u8 {
        let t = self.promoted_from(k).unwrap_or(self.kind_type[k as usize]);
        self.types[t as usize].demote.unwrap_or(t)
    }

    /// The type the piece of kind `k` was promoted from, when it remembers one.
    #[inline]
    pub fn promoted_from(&self, k: Kind) -> Option<u8> {
        self.kind_origin.get(k as usize).copied().filter(|&o| o != u8::MAX)
    }

    /// The kind `promoted` (a fresh kind of the promoted type) with the memory of the
    /// piece `mover` it was promoted from: what `mover` remembers, else `mover`'s type
    /// when that type is remembered; no memory otherwise.
    #[inline]
    pub(crate) fn with_promotion_memory(&self, promoted: Kind, mover: Kind) -> Kind {
        if self.origin_stride == 0 {
            return promoted;
        }
        let from = self.promoted_from(mover).unwrap_or(self.kind_type[mover as usize]);
        self.with_origin(promoted, Some(from))
    }

    /// The kind `k` remembering a promotion from type `from` (None, or a type no rule
    /// remembers: no memory).
    pub fn with_origin(&self, k: Kind, from: Option<u8>) -> Kind {
        if self.origin_stride == 0 || k == 0 {
            return k;
        }
        let stride = self.origin_stride as i32;
        let now = (self.kind_state[k as usize] as i32) / stride;
        let want = from.and_then(|t| self.origins.iter().position(|&o| o == t)).map_or(0, |i| i as i32 + 1);
        // Another state of the same type and owner: a kind like `k`.
        (k as i32 + (want - now) * stride) as Kind
    }
}
