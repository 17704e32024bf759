//! The reserves as a pocket in position strings (`[fen] pocket = true`): the letters of
//! the reserve pieces in brackets right after the rows, as Fairy-Stockfish writes a hand
//! (`RNBQKBNR[EHeh]`): the first player's in upper case, the others' in lower case, one
//! letter per piece. Also the marks rows write beside a piece's letter: a declared base
//! type's (`[fen] base-mark`, `+S`) and a remembered promotion's (`[fen] promoted-mark`,
//! `Q~`).

use crate::board::Cell;
use crate::engine::state::State;
use crate::ir::{Game, Kind};
use crate::notation::PositionError;

impl Game {
    /// `[LETTERS]`: every player's reserves, player by player, types in reserve order.
    pub(crate) fn pocket_string(&self, st: &State) -> String {
        let mut s = String::from("[");
        for p in 0..self.np() {
            for &(t, slot) in self.hand_order() {
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

/// The marks met so far while reading a row (`[fen] base-mark`, `promoted-mark`).
#[derive(Default)]
pub(crate) struct RowMarks {
    /// The base mark was just read: the next letter is a base type's.
    pub based: bool,
    /// Where the piece just read went (the promoted mark applies to it).
    pub last: Option<LastPiece>,
}

/// Where a piece read from a row went.
pub(crate) enum LastPiece {
    /// The board slot of a cell.
    Board(Cell),
    /// An entry of the state's stacks.
    Stacked(usize),
}

impl Game {
    /// Writes a piece of a row: its letter, or, for a type with a declared base under
    /// `[fen] base-mark`, the mark and the base's letter (`+S`); then, under `[fen]
    /// promoted-mark`, the mark if the piece remembers a promotion (`Q~`).
    pub(crate) fn push_piece(&self, s: &mut String, k: Kind) {
        let t = self.kind_type[k as usize] as usize;
        match (&self.fen.base_mark, self.types[t].demote) {
            (Some((m, _)), Some(b)) => {
                s.push(*m);
                s.push(self.kind_char(self.kind(b, self.kind_owner[k as usize], false)));
            }
            _ => s.push(self.kind_char(k)),
        }
        if let Some(m) = self.fen.promoted_mark
            && self.promoted_from(k).is_some()
        {
            s.push(m);
        }
    }

    /// Reads `ch` if it is a mark (Ok(true)): the base mark waits for its letter, the
    /// promoted mark gives the piece just read the memory of a promotion.
    pub(crate) fn read_mark(
        &self,
        st: &mut State,
        marks: &mut RowMarks,
        ch: char,
        row: usize,
    ) -> Result<bool, PositionError> {
        let bad = PositionError::BadMark { row, mark: ch };
        if self.fen.base_mark.as_ref().is_some_and(|(m, _)| *m == ch) {
            if marks.based {
                return Err(bad);
            }
            marks.based = true;
            marks.last = None;
            return Ok(true);
        }
        if self.fen.promoted_mark != Some(ch) {
            marks.last = None;
            return Ok(false);
        }
        let slot = match marks.last.take() {
            Some(LastPiece::Board(c)) => &mut st.board[c as usize],
            Some(LastPiece::Stacked(i)) => &mut st.stacks[i].1,
            None => return Err(bad),
        };
        let origin = self.origin_of_type(self.kind_type[*slot as usize]).ok_or(bad)?;
        *slot = self.with_origin(*slot, Some(origin));
        Ok(true)
    }

    /// The kind read for a letter: after the base mark, the type whose base the letter's
    /// type is (`+S`: the promoted Silver).
    pub(crate) fn marked_kind(&self, marks: &mut RowMarks, k: Kind, row: usize) -> Result<Kind, PositionError> {
        if !std::mem::take(&mut marks.based) {
            return Ok(k);
        }
        let Some((m, of)) = &self.fen.base_mark else { return Ok(k) };
        match of.get(self.kind_type[k as usize] as usize) {
            Some(&t) if t != u8::MAX => Ok(self.kind(t, self.kind_owner[k as usize], false)),
            _ => Err(PositionError::BadMark { row, mark: *m }),
        }
    }

    /// The type a piece of type `t` written with the promoted mark was promoted from: the
    /// first remembered type with a promotion to `t`.
    fn origin_of_type(&self, t: u8) -> Option<u8> {
        let np = self.np();
        self.origins
            .iter()
            .copied()
            .find(|&o| (0..np).any(|p| self.promotions[o as usize * np + p].iter().any(|pr| pr.to.contains(&t))))
    }
}
