//! One reader per TOML table of a game file: `[game]` (with `extends` and the rules text),
//! `[pieces.X]`, `[setup.P]`, `[reserve.P]`, `[letters.F]`, `[options]`, `[fen]`, `[display]`,
//! `[ai]`.

use super::keys::*;
use super::merge::merge;
use super::value::{MAX_ADVANCE, MAX_OPTION, MAX_PER_TYPE, MAX_PIECE_VALUE, MAX_RESERVE};
use super::{AiEntry, AiValue, FilesSpec, GlyphSpec, PieceSpec, Reader, load_into};
use crate::diag::{Decoded, Diag, LoadCode, LoadError};
use crate::files::FileError;
use crate::syntax::ast::Name;
use std::path::Path;
use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

impl Reader<'_> {
    /// Reads every top-level table, in file order.
    pub(super) fn tables(&mut self, table: &DeTable) -> Result<(), LoadError> {
        for (k, v) in table.iter() {
            let name = k.get_ref().as_ref();
            let at = self.span(k.span());
            let Some(which) = lookup(TABLES, name) else {
                self.diags.push(Diag::new(
                    LoadCode::UnknownTable,
                    at,
                    format!("unknown table `{name}`"),
                    format!("known tables: {}", known(TABLES)),
                ));
                continue;
            };
            if let Table::Case = which {
                continue;
            }
            let Some(t) = self.want_table(v, at, name) else { continue };
            match which {
                Table::Game => self.game(t)?,
                Table::Pieces => self.pieces(t),
                Table::Setup => self.setup(t),
                Table::Reserve => self.reserve(t),
                Table::Letters => self.letters(t),
                Table::Options => self.options(t),
                Table::Fen => self.fen(t),
                Table::Display => self.display(t),
                Table::Ai => self.ai(t),
                Table::Case => {}
            }
        }
        Ok(())
    }

    /// Reports a key `keys` does not have; `place` says where (`in [game]`).
    fn unknown_key<K>(&mut self, k: &Spanned<DeString>, place: &str, keys: Keys<K>) {
        let at = self.span(k.span());
        let msg = format!("unknown key `{}` {place}", k.get_ref());
        self.diags.push(Diag::new(LoadCode::UnknownKey, at, msg, format!("known keys: {}", known(keys))));
    }

    /// Runs `each` on every sub-table of `t` (`[setup.white]`...), in order, with its name.
    fn each_subtable<'i>(&mut self, t: &DeTable<'i>, what: &str, mut each: impl FnMut(&mut Self, Name, &DeTable<'i>)) {
        for (k, v) in t.iter() {
            let name = self.key_name(k);
            if let Some(sub) = self.want_table(v, name.span, what) {
                each(self, name, sub);
            }
        }
    }

    /// `[game]`
    fn game(&mut self, t: &DeTable) -> Result<(), LoadError> {
        for (k, v) in t.iter() {
            match lookup(GAME_KEYS, k.get_ref()) {
                Some(GameKey::Name) => {
                    if let Some(s) = self.want_str(v) {
                        self.spec.name = s.text;
                    }
                }
                Some(GameKey::Description) => {
                    if let Some(s) = self.want_str(v) {
                        self.spec.description = s.text;
                    }
                }
                Some(GameKey::Players) => self.spec.players = self.want_names(v),
                Some(GameKey::Neutral) => self.spec.neutral = self.want_names(v),
                Some(GameKey::Stacks) => self.spec.stacks = self.want_bool(v).unwrap_or(false),
                Some(GameKey::Extends) => self.extends(v)?,
                Some(GameKey::Rules) => self.rules_text(v),
                None => self.unknown_key(k, "in [game]", GAME_KEYS),
            }
        }
        Ok(())
    }

    /// `extends = "FILE"`: reads the file and overlays what this file said so far on it.
    fn extends(&mut self, v: &Spanned<DeValue>) -> Result<(), LoadError> {
        let Some(s) = self.want_str(v) else { return Ok(()) };
        if self.depth > 8 {
            let d = Diag::new(
                LoadCode::ExtendsTooDeep,
                s.span,
                "extends chain too long",
                "check for a file extending itself",
            );
            self.diags.push(d);
            return Ok(());
        }
        let p = self.path.parent().unwrap_or(Path::new(".")).join(&s.text);
        let text = match crate::files::read_text(&p) {
            Ok(t) => t,
            Err(FileError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
                let msg = format!("cannot find `{}`", p.display());
                self.diags.push(Diag::new(LoadCode::ExtendsNotFound, s.span, msg, "the path is relative to this file"));
                return Ok(());
            }
            Err(e) => {
                let msg = format!("cannot extend `{}`: {e}", s.text);
                let hint = "name a game file (a regular UTF-8 file)";
                self.diags.push(Diag::new(LoadCode::ExtendsUnreadable, s.span, msg, hint));
                return Ok(());
            }
        };
        let parent = load_into(&p, text, self.sources, self.diags, self.depth + 1)?;
        self.spec = merge(parent, std::mem::take(&mut self.spec));
        Ok(())
    }

    /// `rules = '''...'''`: kept with the place its first line starts, parsed last.
    fn rules_text(&mut self, v: &Spanned<DeValue>) {
        let DeValue::String(s) = v.get_ref() else {
            self.diags.push(self.type_err(v, "a string (use '''...''' for the rules text)"));
            return;
        };
        let r = v.span();
        let raw = &self.text[r.clone()];
        let mut off = if raw.starts_with("'''") || raw.starts_with("\"\"\"") { 3 } else { 1 };
        if raw[off..].starts_with("\r\n") {
            off += 2;
        } else if raw[off..].starts_with('\n') {
            off += 1;
        }
        let shift = self.base + r.start + off;
        if raw.starts_with('"') {
            let close = if off > 1 { 3 } else { 1 };
            let body = raw.get(off..raw.len().saturating_sub(close)).unwrap_or_default();
            if let Some(raw_at) = super::escapes::raw_offsets(body, s) {
                let raw = raw_at.into_iter().map(|i| shift + i).collect();
                self.sources.add_decoded(Decoded { start: shift, raw });
            }
        }
        self.rules_text = Some((s.to_string(), shift));
    }

    /// `[pieces.X]`, every X.
    fn pieces(&mut self, t: &DeTable) {
        for (k, v) in t.iter() {
            let letter = self.key_name(k);
            if letter.text.chars().count() != 1 || !letter.text.chars().all(|c| c.is_ascii_uppercase()) {
                let msg = format!("piece letter `{}` must be one upper-case letter", letter.text);
                self.diags.push(Diag::new(LoadCode::BadPieceLetter, letter.span, msg, "write e.g. [pieces.K]"));
                continue;
            }
            let Some(pt) = self.want_table(v, letter.span, "a piece") else { continue };
            let ps = self.piece(letter, pt);
            // A piece redefined (over a file this one extends) keeps its place among the types.
            match self.spec.pieces.iter().position(|p| p.letter.text == ps.letter.text) {
                Some(at) => self.spec.pieces[at] = ps,
                None => self.spec.pieces.push(ps),
            }
        }
    }

    /// One `[pieces.X]` table.
    fn piece(&mut self, letter: Name, t: &DeTable) -> PieceSpec {
        let mut ps = PieceSpec {
            name: letter.text.clone(),
            letter,
            value: 1,
            value_given: false,
            royal: false,
            max: None,
            advance: 0,
            demote: None,
            remember: None,
            description: String::new(),
            glyph: None,
        };
        for (k, v) in t.iter() {
            match lookup(PIECE_KEYS, k.get_ref()) {
                Some(PieceKey::Name) => {
                    if let Some(s) = self.want_str(v) {
                        ps.name = s.text;
                    }
                }
                Some(PieceKey::Value) => {
                    let range = -MAX_PIECE_VALUE..=MAX_PIECE_VALUE;
                    ps.value = self.want_int_in(v, range, "a piece's value").unwrap_or(1) as i32;
                    ps.value_given = true;
                }
                Some(PieceKey::Royal) => ps.royal = self.want_bool(v).unwrap_or(false),
                Some(PieceKey::Max) => {
                    ps.max = self.want_int_in(v, 0..=MAX_PER_TYPE, "a piece's maximum").map(|v| v as u8)
                }
                Some(PieceKey::Advance) => {
                    let range = -MAX_ADVANCE..=MAX_ADVANCE;
                    ps.advance = self.want_int_in(v, range, "a piece's advance bonus").unwrap_or(0) as i32;
                }
                Some(PieceKey::Demote) => ps.demote = self.want_str(v),
                Some(PieceKey::Remember) => {
                    ps.remember = self.want_bool(v).unwrap_or(false).then(|| self.span(v.span()))
                }
                Some(PieceKey::Description) => {
                    if let Some(s) = self.want_str(v) {
                        ps.description = s.text;
                    }
                }
                Some(PieceKey::Glyph) => ps.glyph = self.glyph(v),
                None => self.unknown_key(k, "for a piece", PIECE_KEYS),
            }
        }
        ps
    }

    /// `glyph = "★"` or `glyph = ["▲", "▼"]` in `[pieces.X]` (the symbols are checked
    /// against the factions later).
    fn glyph(&mut self, v: &Spanned<DeValue>) -> Option<GlyphSpec> {
        match v.get_ref() {
            DeValue::String(_) => self.want_str(v).map(GlyphSpec::One),
            DeValue::Array(a) => {
                let symbols: Vec<Option<Name>> = a.iter().map(|x| self.want_str(x)).collect();
                let symbols: Option<Vec<Name>> = symbols.into_iter().collect();
                Some(GlyphSpec::PerFaction(symbols?, self.span(v.span())))
            }
            _ => {
                self.diags.push(self.type_err(v, "a string or an array of strings (one per faction)"));
                None
            }
        }
    }

    /// `[setup.P]`, every player P: letter = cells.
    fn setup(&mut self, t: &DeTable) {
        self.each_subtable(t, "a player's pieces", |r, player, pt| {
            r.spec.setup.retain(|(p, _, _)| p.text != player.text);
            for (k, v) in pt.iter() {
                let letter = r.key_name(k);
                for cell in r.want_names(v) {
                    r.spec.setup.push((player.clone(), letter.clone(), cell));
                }
            }
        });
    }

    /// `[reserve.P]`, every player P: letter = count.
    fn reserve(&mut self, t: &DeTable) {
        self.each_subtable(t, "a player's pieces", |r, player, pt| {
            r.spec.reserves.retain(|(p, _, _)| p.text != player.text);
            for (k, v) in pt.iter() {
                let letter = r.key_name(k);
                if let Some(n) = r.want_int_in(v, 0..=MAX_RESERVE, "a reserve count") {
                    r.spec.reserves.push((player.clone(), letter, n));
                }
            }
        });
    }

    /// `[letters.F]`, every faction F: piece letter = diagram letter.
    fn letters(&mut self, t: &DeTable) {
        self.each_subtable(t, "a faction's letters", |r, faction, ft| {
            r.spec.letters.retain(|(f, _, _)| f.text != faction.text);
            for (k, v) in ft.iter() {
                let piece = r.key_name(k);
                let Some(l) = r.want_str(v) else { continue };
                if l.text.chars().count() != 1 || !l.text.chars().all(|c| c.is_ascii_alphabetic()) {
                    let d = Diag::new(
                        LoadCode::BadLetter,
                        l.span,
                        "a letter must be one ASCII letter",
                        "write e.g. T = \"X\"",
                    );
                    r.diags.push(d);
                    continue;
                }
                r.spec.letters.push((faction.clone(), piece, l));
            }
        });
    }

    /// `[ai]`: `search = "NAME"` and weights (integers); what they say is checked later.
    fn ai(&mut self, t: &DeTable) {
        for (k, v) in t.iter() {
            let key = self.key_name(k);
            let value = match lookup(AI_KEYS, k.get_ref()) {
                Some(AiKey::Search) => self.want_str(v).map(AiValue::Text),
                Some(AiKey::Weight) => self.want_int(v).map(|n| AiValue::Number(n, self.span(v.span()))),
                None => {
                    self.unknown_key(k, "in [ai]", AI_KEYS);
                    None
                }
            };
            if let Some(value) = value {
                self.spec.ai.retain(|e| e.key.text != key.text);
                self.spec.ai.push(AiEntry { key, value });
            }
        }
    }

    /// `[options]`: name = boolean or integer default.
    fn options(&mut self, t: &DeTable) {
        for (k, v) in t.iter() {
            let n = self.key_name(k);
            let val = match v.get_ref() {
                DeValue::Boolean(b) => *b as i64,
                DeValue::Integer(_) => self.want_int_in(v, -MAX_OPTION..=MAX_OPTION, "an option's value").unwrap_or(0),
                _ => {
                    self.diags.push(self.type_err(v, "a boolean or an integer"));
                    continue;
                }
            };
            self.spec.options.retain(|(o, _)| o.text != n.text);
            self.spec.options.push((n, val));
        }
    }

    /// `[fen]`
    fn fen(&mut self, t: &DeTable) {
        for (k, v) in t.iter() {
            match lookup(FEN_KEYS, k.get_ref()) {
                Some(FenKey::Castling) => self.castling(k, v),
                Some(FenKey::Halfmove) => self.spec.halfmove = self.want_str(v),
                Some(FenKey::Fullmove) => self.spec.fullmove = self.want_str(v),
                Some(FenKey::Counter) => self.spec.fen_counter = self.want_str(v),
                Some(FenKey::Pocket) => self.spec.pocket = self.want_bool(v),
                Some(FenKey::BaseMark) => self.spec.base_mark = self.want_str(v),
                Some(FenKey::PromotedMark) => self.spec.promoted_mark = self.want_str(v),
                Some(FenKey::PocketOrder) => self.spec.pocket_order = self.want_str(v),
                Some(FenKey::Gates) => self.spec.unmoved_gates = self.letter_cells(k, v, "gates"),
                Some(FenKey::CastlingFiles) => self.castling_files(k, v),
                None => self.unknown_key(k, "in [fen]", FEN_KEYS),
            }
        }
    }

    /// `castling = { LETTER = CELLS, ... }` in `[fen]`.
    fn castling(&mut self, k: &Spanned<DeString>, v: &Spanned<DeValue>) {
        let Some(ct) = self.want_table(v, self.span(k.span()), "castling") else { return };
        self.spec.unmoved_letters.clear();
        for (lk, lv) in ct.iter() {
            let n = self.key_name(lk);
            let cells = self.want_names(lv);
            self.spec.unmoved_letters.push((n, cells));
        }
    }

    /// `LETTER = CELLS` entries of a `[fen]` table (`gates`).
    fn letter_cells(&mut self, k: &Spanned<DeString>, v: &Spanned<DeValue>, what: &str) -> Vec<(Name, Vec<Name>)> {
        let Some(t) = self.want_table(v, self.span(k.span()), what) else { return vec![] };
        t.iter().map(|(lk, lv)| (self.key_name(lk), self.want_names(lv))).collect()
    }

    /// `castling-files = { pieces = ..., with = ..., zone = ..., outer = ... }` in `[fen]`.
    fn castling_files(&mut self, k: &Spanned<DeString>, v: &Spanned<DeValue>) {
        let at = self.span(k.span());
        let Some(t) = self.want_table(v, at, "castling-files") else { return };
        let mut f = FilesSpec { at, pieces: vec![], with: vec![], zone: None, outer: None };
        for (fk, fv) in t.iter() {
            match lookup(FILES_KEYS, fk.get_ref()) {
                Some(FilesKey::Pieces) => f.pieces = self.want_names(fv),
                Some(FilesKey::With) => f.with = self.want_names(fv),
                Some(FilesKey::Zone) => f.zone = self.want_str(fv),
                Some(FilesKey::Outer) => f.outer = self.want_str(fv),
                None => self.unknown_key(fk, "in castling-files", FILES_KEYS),
            }
        }
        self.spec.castling_files = Some(f);
    }

    /// `[display]`
    fn display(&mut self, t: &DeTable) {
        for (k, v) in t.iter() {
            let key = k.get_ref().as_ref();
            let Some(which) = lookup(DISPLAY_KEYS, key) else {
                self.unknown_key(k, "in [display]", DISPLAY_KEYS);
                continue;
            };
            let Some(sub) = self.want_table(v, self.span(k.span()), key) else { continue };
            match which {
                DisplayKey::Zones => self.display_zones(sub),
                DisplayKey::Fills => self.spec.display_fills = self.colours(sub),
                DisplayKey::Factions => self.spec.display_factions = self.colours(sub),
            }
        }
    }

    /// `zones = { ZONE = "GLYPH", ... }` in `[display]`.
    fn display_zones(&mut self, t: &DeTable) {
        self.spec.display_zones.clear();
        for (k, v) in t.iter() {
            let z = self.key_name(k);
            let Some(glyph) = self.want_str(v) else { continue };
            if glyph.text.chars().count() != 1 {
                let d = Diag::new(LoadCode::BadGlyph, glyph.span, "a glyph is one character", "write e.g. sea = \"~\"");
                self.diags.push(d);
                continue;
            }
            self.spec.display_zones.push((z, glyph));
        }
    }

    /// `{ NAME = "#rrggbb", ... }` in `[display]` (fills, factions).
    fn colours(&mut self, t: &DeTable) -> Vec<(Name, Name)> {
        let mut out = vec![];
        for (k, v) in t.iter() {
            let z = self.key_name(k);
            let Some(col) = self.want_str(v) else { continue };
            let ok = col.text.len() == 7
                && col.text.starts_with('#')
                && col.text[1..].chars().all(|c| c.is_ascii_hexdigit());
            if !ok {
                let d =
                    Diag::new(LoadCode::BadColour, col.span, "a colour is written #rrggbb", "write e.g. \"#5dade2\"");
                self.diags.push(d);
                continue;
            }
            out.push((z, col));
        }
        out
    }
}
