//! How pieces and zones are shown: `[letters.FACTION]` and the `[display]` table.

use super::checker::Checker;
use crate::diag::CheckCode;

/// The most characters a piece's glyph may have (a symbol, or two letters).
const MAX_GLYPH_CHARS: usize = 2;

impl Checker<'_> {
    /// Every `[letters.FACTION]` entry, then: no two factions' pieces share a letter
    /// (upper case for the first player, lower case for the others, unless given).
    pub(super) fn letters(&mut self) {
        let nt = self.d.types.len();
        let mut letters = vec![];
        for f in 0..self.d.factions.len() {
            letters.extend(self.d.types.iter().map(|t| if f == 0 { t.letter } else { t.letter.to_ascii_lowercase() }));
        }
        for (f, piece, l) in &self.spec.letters {
            match (self.d.factions.iter().position(|x| *x == f.text), self.d.type_index(&piece.text)) {
                (Some(fi), Some(ti)) => letters[fi * nt + ti] = l.text.chars().next().unwrap_or(' '),
                (None, _) => {
                    let h = self.factions_hint();
                    self.err(CheckCode::UnknownFaction, f.span, format!("unknown faction `{}`", f.text), h);
                }
                (_, None) => self.unknown_piece(piece),
            }
        }
        if let Some(l) = letters.iter().enumerate().find(|(i, l)| letters[..*i].contains(l)).map(|x| x.1) {
            self.err(
                CheckCode::DuplicateLetter,
                self.spec.letters.first().map(|x| x.2.span).unwrap_or_default(),
                format!("letter `{l}` is used by two factions' pieces"),
                "give each faction's pieces their own letters in [letters.FACTION]",
            );
        }
    }

    /// Every `[pieces.X] glyph`: one or two visible characters each, and a list has one
    /// per faction.
    pub(super) fn glyphs(&mut self) {
        let nf = self.d.factions.len();
        for p in &self.spec.pieces {
            let Some(g) = &p.glyph else { continue };
            for s in g.symbols() {
                let n = s.text.chars().count();
                if n == 0 || n > MAX_GLYPH_CHARS || s.text.chars().any(|c| c.is_whitespace() || c.is_control()) {
                    let msg =
                        format!("the glyph {:?} of `{}` is not one or two visible characters", s.text, p.letter.text);
                    self.err(CheckCode::BadPieceGlyph, s.span, msg, "write one symbol, e.g. glyph = \"★\"");
                }
            }
            if let crate::load::GlyphSpec::PerFaction(list, span) = g
                && list.len() != nf
            {
                let msg = format!("`{}` has {} glyphs for {nf} factions", p.letter.text, list.len());
                let hint =
                    format!("give one per faction in order ({}), or one string for all", self.d.factions.join(", "));
                self.err(CheckCode::GlyphCount, *span, msg, hint);
            }
        }
    }

    /// `[display]`: zones shown and filled, factions' colours.
    pub(super) fn display(&mut self) {
        for z in self.spec.display_zones.iter().map(|x| &x.0).chain(self.spec.display_fills.iter().map(|x| &x.0)) {
            self.zone(z);
        }
        for (f, _) in &self.spec.display_factions {
            if !self.d.factions.contains(&f.text) {
                self.err(
                    CheckCode::UnknownFaction,
                    f.span,
                    format!("unknown faction `{}`", f.text),
                    format!("factions are {}", self.d.factions.join(", ")),
                );
            }
        }
    }
}
