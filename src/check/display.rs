//! How pieces and zones are shown: `[letters.FACTION]` and the `[display]` table.

use super::checker::Checker;
use crate::diag::CheckCode;

/// The most characters a piece's glyph may have (a symbol, or two letters).
const MAX_GLYPH_CHARS: usize = 2;

impl Checker<'_> {
    /// The board letter of every faction's every type (faction-major): upper case for the
    /// first player, lower case for the others, unless `[letters.FACTION]` gives one.
    fn board_letters(&self) -> Vec<char> {
        let nt = self.d.types.len();
        let mut letters = vec![];
        for f in 0..self.d.factions.len() {
            letters.extend(self.d.types.iter().map(|t| if f == 0 { t.letter } else { t.letter.to_ascii_lowercase() }));
        }
        for (f, piece, l) in &self.spec.letters {
            if let (Some(fi), Some(ti)) =
                (self.d.factions.iter().position(|x| *x == f.text), self.d.type_index(&piece.text))
            {
                letters[fi * nt + ti] = l.text.chars().next().unwrap_or(' ');
            }
        }
        letters
    }

    /// Every `[letters.FACTION]` entry, then: no two factions' pieces share a letter.
    pub(super) fn letters(&mut self) {
        for (f, piece, _) in &self.spec.letters {
            match (self.d.factions.iter().position(|x| *x == f.text), self.d.type_index(&piece.text)) {
                (Some(_), Some(_)) => {}
                (None, _) => {
                    let h = self.factions_hint();
                    self.err(CheckCode::UnknownFaction, f.span, format!("unknown faction `{}`", f.text), h);
                }
                (_, None) => self.unknown_piece(piece),
            }
        }
        let letters = self.board_letters();
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
        self.distinct_glyphs();
    }

    /// No two piece types of one faction are drawn with the same symbol (a glyph, or the
    /// board letter of a type without one): pictures tell the types apart by it alone.
    fn distinct_glyphs(&mut self) {
        let (nt, letters) = (self.d.types.len(), self.board_letters());
        for (f, faction) in self.d.factions.iter().enumerate() {
            let mut seen: Vec<(String, &str)> = vec![];
            for p in &self.spec.pieces {
                let Some(t) = self.d.type_index(&p.letter.text) else { continue };
                let glyph = p.glyph.as_ref().map(|g| g.symbols()).and_then(|s| s.get(if s.len() == 1 { 0 } else { f }));
                let symbol = glyph.map_or(letters[f * nt + t].to_string(), |n| n.text.clone());
                if let Some((_, other)) = seen.iter().find(|(s, _)| *s == symbol) {
                    let msg = format!("`{}` and `{other}` of {faction} are both drawn as {symbol:?}", p.letter.text);
                    let span = glyph.map_or(p.letter.span, |n| n.span);
                    self.err(CheckCode::DuplicateGlyph, span, msg, "give each piece type its own glyph");
                    return;
                }
                seen.push((symbol, &p.letter.text));
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
