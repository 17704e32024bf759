//! How the game is shown: piece letters, zone glyphs and fills, faction colours.

use super::Lowerer;
use crate::ir::Game;
use crate::load::Spec;

impl Lowerer<'_> {
    /// Letters: upper case for the first faction, lower case for the others, unless given.
    pub(super) fn letters(&self, spec: &Spec, g: &mut Game) {
        let nt = self.d.types.len();
        for f in 0..self.d.factions.len() {
            for t in &self.d.types {
                g.letters.push(if f == 0 { t.letter } else { t.letter.to_ascii_lowercase() });
            }
        }
        for (f, piece, l) in &spec.letters {
            let fi = self.d.factions.iter().position(|x| *x == f.text);
            if let (Some(fi), Some(ti), Some(c)) = (fi, self.d.type_index(&piece.text), l.text.chars().next()) {
                g.letters[fi * nt + ti] = c;
            }
        }
    }

    /// Diagram glyphs and picture fills of zones (first player's view), faction colours.
    pub(super) fn display(&self, spec: &Spec, g: &mut Game) {
        for (z, glyph) in &spec.display_zones {
            if let Some(id) = self.d.zone_for(z, 0) {
                g.display_zones.push((id, glyph.text.chars().next().unwrap_or('.')));
            }
        }
        for (z, col) in &spec.display_fills {
            if let Some(id) = self.d.zone_for(z, 0) {
                g.display_fills.push((id, col.text.clone()));
            }
        }
        g.faction_colours = vec![None; self.d.factions.len()];
        for (f, col) in &spec.display_factions {
            if let Some(i) = self.d.factions.iter().position(|x| *x == f.text) {
                g.faction_colours[i] = Some(col.text.clone());
            }
        }
    }
}
