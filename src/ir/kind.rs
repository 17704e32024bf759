//! The piece-kind layout: one byte per piece, encoding (type, owner faction, per-piece
//! state: the moved flag and tallies). This file is its one source of truth.

use crate::board::Cell;
use crate::ir::Game;
use crate::ir::limits::{faction_byte, kind_byte, type_byte};

/// Piece kind: 0 is empty; otherwise it encodes (type, owner, moved).
pub type Kind = u8;

impl Game {
    /// Number of players (fewer than `limits::MAX_KINDS`, as each has kinds: it fits a
    /// byte, the type of a player index).
    #[inline]
    pub fn np(&self) -> usize {
        self.players.len()
    }

    /// Number of factions (players and neutral factions).
    #[inline]
    pub fn nf(&self) -> usize {
        self.factions.len()
    }

    /// Whether a faction is neutral (moved by every player).
    #[inline]
    pub fn is_neutral(&self, faction: u8) -> bool {
        faction as usize >= self.players.len()
    }

    /// Kind for (type, owner faction, moved).
    #[inline]
    pub fn kind(&self, t: u8, owner: u8, moved: bool) -> Kind {
        kind_byte(1 + (t as usize * self.nf() + owner as usize) * self.nstates + moved as usize)
    }

    /// The same kind with the moved flag set.
    #[inline]
    pub fn moved(&self, k: Kind) -> Kind {
        if k == 0 { 0 } else { ((k - 1) | 1) + 1 }
    }

    /// The same kind with the moved flag cleared.
    #[inline]
    pub fn unmoved(&self, k: Kind) -> Kind {
        if k == 0 { 0 } else { ((k - 1) & !1) + 1 }
    }

    /// A tally's value and flag for a kind.
    #[inline]
    pub fn tally(&self, k: Kind, i: usize) -> (u8, bool) {
        // The value is at most the tally's max (`limits::MAX_TALLY`): below bit 7.
        let f = self.tallies[i].by_kind[k as usize];
        (f & 0x7f, f & 0x80 != 0)
    }

    /// The kind with a tally's value and flag replaced.
    pub fn with_tally(&self, k: Kind, i: usize, v: u8, flag: bool) -> Kind {
        let t = &self.tallies[i];
        let span = t.max as u16 + 1;
        let (old, was) = self.tally(k, i);
        let field = old as u16 + if was { span } else { 0 };
        let new = v.min(t.max) as u16 + if flag { span } else { 0 };
        // Another state of the same type and owner: a kind like `k`.
        (k as i32 + (new as i32 - field as i32) * t.stride as i32) as Kind
    }

    /// Letter of a kind as shown on boards: upper case for player 0, lower case for the
    /// others, unless the game gives a faction its own letters (`[letters.FACTION]`).
    pub fn kind_char(&self, k: Kind) -> char {
        let t = self.kind_type[k as usize] as usize;
        self.letters[self.kind_owner[k as usize] as usize * self.types.len() + t]
    }

    /// The symbol pictures draw for a kind (the SVG board, the browser page): the piece
    /// type's glyph when the game file gives one, else its board letter.
    pub fn glyph(&self, k: Kind) -> String {
        let glyphs = &self.types[self.kind_type[k as usize] as usize].glyphs;
        match glyphs.get(if glyphs.len() == 1 { 0 } else { self.kind_owner[k as usize] as usize }) {
            Some(s) => s.clone(),
            None => self.kind_char(k).to_string(),
        }
    }

    /// Kind from a board letter (unmoved), if the letter names a type.
    pub fn kind_of_char(&self, ch: char) -> Option<Kind> {
        let i = self.letters.iter().position(|&l| l == ch)?;
        let (f, t) = (i / self.types.len(), i % self.types.len());
        Some(self.kind(type_byte(t), faction_byte(f), false))
    }

    /// The kind an empty cell is imagined to hold when testing whether `attacker` attacks it:
    /// the next player's royal type if it has one, else its first type.
    pub fn ghost_kind(&self, attacker: u8) -> Kind {
        let victim = (attacker + 1) % self.np() as u8;
        let t = self.types.iter().position(|t| t.royal).unwrap_or(0);
        self.moved(self.kind(type_byte(t), victim, false))
    }

    /// Player index by name.
    pub fn player(&self, name: &str) -> Option<u8> {
        self.players.iter().position(|p| p == name).map(faction_byte)
    }

    /// Puts every stack in canonical order: the smallest kind on the board, the rest sorted.
    pub fn canonical_stacks(board: &mut [Kind], stacks: &mut Vec<(Cell, Kind)>) {
        let mut cells: Vec<Cell> = stacks.iter().map(|&(c, _)| c).collect();
        cells.sort_unstable();
        cells.dedup();
        for c in cells {
            let b = board[c as usize];
            if b != 0 {
                stacks.push((c, b));
            }
            stacks.sort_unstable();
            let i = stacks.iter().position(|(x, _)| *x == c).unwrap();
            board[c as usize] = stacks.remove(i).1;
        }
    }
}
