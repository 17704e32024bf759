//! The reserves as a pocket in position strings (`[fen] pocket = true`): the letters of
//! the reserve pieces in brackets right after the rows, as Fairy-Stockfish writes a hand
//! (`RNBQKBNR[EHeh]`): the first player's in upper case, the others' in lower case, one
//! letter per piece.

use crate::engine::state::State;
use crate::ir::Game;
use crate::notation::PositionError;

impl Game {
    /// `[LETTERS]`: every player's reserves, player by player, types in reserve order.
    pub(crate) fn pocket_string(&self, st: &State) -> String {
        let mut s = String::from("[");
        for p in 0..self.np() {
            for &(t, slot) in &self.reserves {
                let n = st.vars[slot.at(p)].max(0) as usize;
                let ch = self.kind_char(self.kind(t, crate::ir::limits::faction_byte(p), false));
                s.extend(std::iter::repeat_n(ch, n));
            }
        }
        s.push(']');
        s
    }

    /// Splits a rows field into the rows and the pocket's letters (None without brackets).
    pub(crate) fn split_pocket<'t>(&self, rows: &'t str) -> (&'t str, Option<&'t str>) {
        match rows.strip_suffix(']').and_then(|r| r.split_once('[')) {
            Some((rows, pocket)) if self.fen.pocket => (rows, Some(pocket)),
            _ => (rows, None),
        }
    }

    /// Sets the reserves to the pocket's letters (`-` or nothing: empty reserves).
    pub(crate) fn read_pocket(&self, st: &mut State, pocket: &str) -> Result<(), PositionError> {
        for &(_, slot) in &self.reserves {
            (0..self.np()).for_each(|p| st.vars[slot.at(p)] = 0);
        }
        for ch in pocket.chars().filter(|&c| c != '-') {
            let k = self.kind_of_char(ch).ok_or(PositionError::UnknownPocketPiece(ch))?;
            let (t, p) = (self.kind_type[k as usize], self.kind_owner[k as usize] as usize);
            let slot = self.reserves.iter().find(|r| r.0 == t).map(|r| r.1);
            match slot {
                Some(slot) if p < self.np() => st.vars[slot.at(p)] += 1,
                _ => return Err(PositionError::UnknownPocketPiece(ch)),
            }
        }
        Ok(())
    }

    /// Whether a letter for unmoved pieces is written: a `gates` letter only while the owner
    /// of the piece starting on its first cell holds a piece in a reserve.
    pub(crate) fn letter_shown(&self, st: &State, l: char, cells: &[crate::board::Cell]) -> bool {
        if !self.fen.gate_letters.contains(&l) {
            return true;
        }
        let Some(&c) = cells.first() else { return true };
        let owner = self.kind_owner[self.setup[c as usize] as usize] as usize;
        self.reserves.iter().any(|&(_, slot)| st.vars[slot.at(owner)] > 0)
    }

    /// Whether a variable slot holds a reserve (written in the pocket, not as a variable).
    pub(crate) fn in_pocket(&self, slot: crate::ir::Slot) -> bool {
        self.fen.pocket && self.reserves.iter().any(|r| r.1 == slot)
    }
}
