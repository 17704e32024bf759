//! The starting position: `[setup.PLAYER]` pieces, `[reserve.PLAYER]` counts and the
//! `[fen]` table's cells for unmoved-piece letters (`castling`) and move counters.

use super::checker::Checker;
use crate::diag::CheckCode;
use crate::ir::limits::MAX_PIECES;

impl Checker<'_> {
    /// Every setup piece: its faction, type and cell, one piece a cell unless stacks.
    pub(super) fn setup(&mut self) {
        let mut filled = vec![false; self.board.len()];
        for (pl, letter, cell) in &self.spec.setup {
            let p = self.d.factions.contains(&pl.text);
            let t = self.d.type_index(&letter.text).is_some();
            let cl = self.board.cell(&cell.text);
            if !p {
                let h = self.factions_hint();
                self.err(CheckCode::UnknownPlayer, pl.span, format!("unknown player `{}` in the setup", pl.text), h);
            }
            if !t {
                let h = self.d.piece_hint();
                self.err(
                    CheckCode::UnknownPiece,
                    letter.span,
                    format!("unknown piece `{}` in the setup", letter.text),
                    h,
                );
            }
            if cl.is_none() {
                self.err(
                    CheckCode::UnknownCell,
                    cell.span,
                    format!("unknown cell `{}` in the setup", cell.text),
                    "name a cell of the board",
                );
            }
            let Some(cl) = cl.filter(|_| p && t) else { continue };
            if !filled[cl as usize] {
                filled[cl as usize] = true;
            } else if !self.spec.stacks {
                self.err(
                    CheckCode::OccupiedCell,
                    cell.span,
                    format!("cell `{}` is already occupied", cell.text),
                    "each cell holds one piece (set `stacks = true` in [game] for starting stacks)",
                );
            }
        }
    }

    /// Every reserve count: a player's, of a piece type; the setup and the reserves
    /// together hold at most [`MAX_PIECES`] pieces.
    pub(super) fn reserves(&mut self) {
        let mut total = self.spec.setup.len() as i64;
        for (_, letter, n) in &self.spec.reserves {
            let before = total;
            total = total.saturating_add((*n).max(0));
            if before <= MAX_PIECES as i64 && total > MAX_PIECES as i64 {
                let msg = format!("the setup and the reserves hold {total} pieces or more; at most {MAX_PIECES} fit");
                self.err(CheckCode::ValueOutOfRange, letter.span, msg, "make the reserves smaller");
            }
        }
        if self.spec.setup.len() > MAX_PIECES {
            let at = self.spec.setup[MAX_PIECES].2.span;
            let msg = format!("the setup places {} pieces; at most {MAX_PIECES} fit", self.spec.setup.len());
            self.err(CheckCode::ValueOutOfRange, at, msg, "place fewer pieces");
        }
        for (pl, letter, _) in &self.spec.reserves {
            if !self.d.players.contains(&pl.text) || self.d.type_index(&letter.text).is_none() {
                self.err(
                    CheckCode::BadReserve,
                    pl.span,
                    "unknown player or piece in [reserve]",
                    "write [reserve.PLAYER] with PIECE = COUNT",
                );
            }
        }
    }

    /// `[fen]`: the unmoved-piece letters' (`castling`) cells are cells, the move counters
    /// per-game counters.
    pub(super) fn fen(&mut self) {
        for n in self.spec.unmoved_letters.iter().chain(&self.spec.unmoved_gates).flat_map(|(_, cells)| cells) {
            if self.board.cell(&n.text).is_none() {
                self.err(
                    CheckCode::UnknownCell,
                    n.span,
                    format!("unknown cell `{}`", n.text),
                    "name a cell of the board",
                );
            }
        }
        if let Some(n) = &self.spec.fen_counter
            && !matches!(self.d.var(&n.text), Some((_, true)))
        {
            self.err(
                CheckCode::UnknownCounter,
                n.span,
                format!("`{}` is not a per-player counter", n.text),
                "[fen] counter names a counter declared with `counter NAME per-player = N`",
            );
        }
        if let Some(f) = &self.spec.castling_files {
            self.castling_files(f);
        }
        for n in [&self.spec.halfmove, &self.spec.fullmove].into_iter().flatten() {
            if !matches!(self.d.var(&n.text), Some((_, false))) {
                self.err(
                    CheckCode::UnknownCounter,
                    n.span,
                    format!("unknown counter `{}`", n.text),
                    "name a counter declared in the rules",
                );
            }
        }
    }
}

impl Checker<'_> {
    /// `[fen] castling-files`: its types and zone are declared, the zone's cells have file
    /// letters, `outer` is two letters, and `castling` is not given too.
    fn castling_files(&mut self, f: &crate::load::FilesSpec) {
        if !self.spec.unmoved_letters.is_empty() {
            self.err(
                CheckCode::TwoCastlingForms,
                f.at,
                "[fen] has both `castling` and `castling-files`",
                "keep one: castling letters by cells, or by files",
            );
        }
        if f.pieces.is_empty() || f.with.is_empty() || f.zone.is_none() {
            self.err(
                CheckCode::BadCastlingFiles,
                f.at,
                "castling-files needs `pieces`, `with` and `zone`",
                "write e.g. castling-files = { pieces = \"R\", with = \"K\", zone = \"back\" }",
            );
        }
        for n in f.pieces.iter().chain(&f.with) {
            if self.d.type_index(&n.text).is_none() {
                let hint = self.d.piece_hint();
                self.err(CheckCode::UnknownPiece, n.span, format!("unknown piece `{}`", n.text), hint);
            }
        }
        if let Some(o) = &f.outer {
            let ch: Vec<char> = o.text.chars().collect();
            if ch.len() != 2 || !ch.iter().all(char::is_ascii_alphabetic) || ch[0].eq_ignore_ascii_case(&ch[1]) {
                self.err(
                    CheckCode::BadCastlingFiles,
                    o.span,
                    "`outer` is two different letters",
                    "write e.g. outer = \"KQ\" (from the last file, then from the first)",
                );
            }
        }
        let Some(z) = &f.zone else { return };
        if !self.d.zones.iter().any(|(name, _)| *name == z.text) {
            let hint = self.d.zone_hint();
            self.err(CheckCode::UnknownZone, z.span, format!("unknown zone `{}`", z.text), hint);
            return;
        }
        let board = self.board;
        let without = (0..self.d.players.len() as u8)
            .filter_map(|p| self.d.zone_for(z, p))
            .flat_map(|id| {
                let set = &self.d.zone_sets[id.index()];
                (0..board.len()).filter(move |&c| set[c])
            })
            .find(|&c| board.cells[c].file.is_none());
        if let Some(c) = without {
            self.err(
                CheckCode::FilesWithoutLetters,
                z.span,
                format!("cell `{}` of zone `{}` has no file letter", board.cells[c].name, z.text),
                "castling-files needs a zone of a square board's cells",
            );
        }
    }
}
