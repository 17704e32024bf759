//! Loading game files: TOML (metadata, pieces, setup, options) with an embedded rules
//! text, following `extends` chains. Every problem is reported with its span.

use crate::diag::{Diag, LoadError, Sources};
use crate::syntax::ast::{Name, Rules, Span};
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A piece type as declared in TOML.
#[derive(Debug, Clone)]
pub struct PieceSpec {
    /// Letter.
    pub letter: Name,
    /// Full name.
    pub name: String,
    /// AI value.
    pub value: i32,
    /// Royal.
    pub royal: bool,
    /// Maximum per player.
    pub max: Option<u8>,
    /// AI bonus per rank advanced, in hundredths of a value unit.
    pub advance: i32,
    /// The type a captured piece of this type becomes in a reserve (`pocket`).
    pub demote: Option<Name>,
}

/// Everything a game file says, merged over its `extends` chain.
#[derive(Debug, Clone, Default)]
pub struct Spec {
    /// Display name.
    pub name: String,
    /// Players in turn order.
    pub players: Vec<Name>,
    /// Neutral factions: their pieces are moved by every player and are no player's friends.
    pub neutral: Vec<Name>,
    /// Whether setup cells may hold several pieces (stacks).
    pub stacks: bool,
    /// Letters per faction: (faction, piece letter, letter written in diagrams).
    pub letters: Vec<(Name, Name, Name)>,
    /// Piece types.
    pub pieces: Vec<PieceSpec>,
    /// Setup per player: (player, piece letter, cell).
    pub setup: Vec<(Name, Name, Name)>,
    /// Reserves: (player, letter, count).
    pub reserves: Vec<(Name, Name, i64)>,
    /// Declared options with defaults.
    pub options: Vec<(Name, i64)>,
    /// Position-string castling letters and their cells.
    pub castling: Vec<(Name, Vec<Name>)>,
    /// Variable shown as the halfmove clock.
    pub halfmove: Option<Name>,
    /// Variable shown as the fullmove number.
    pub fullmove: Option<Name>,
    /// Diagram glyphs for empty cells of zones: (zone, glyph).
    pub display_zones: Vec<(Name, Name)>,
    /// Picture fills of zones' cells: (zone, colour).
    pub display_fills: Vec<(Name, Name)>,
    /// Picture colours of factions' pieces: (faction, colour).
    pub display_factions: Vec<(Name, Name)>,
    /// Parsed rules texts, base first.
    pub rules: Vec<Rules>,
    /// The start of the game file itself (where file-level problems are reported).
    pub origin: Span,
}

/// The built-in pattern macros.
pub const PRELUDE: &str = include_str!("prelude.rules");

/// Loads a game file and everything it extends. Problems that still leave a usable spec
/// come back beside it (the compiler can then report its own problems too); a file that
/// cannot be read or parsed as TOML is an error.
pub fn load(path: &str) -> Result<(Spec, Sources, Vec<Diag>), LoadError> {
    let mut sources = Sources::default();
    let mut diags = vec![];
    let base = sources.add("<prelude>", PRELUDE.to_string());
    let prelude = crate::syntax::parse::parse(PRELUDE, base).expect("the prelude parses");
    let mut spec = load_into(Path::new(path), &mut sources, &mut diags, 0)?;
    spec.rules.insert(0, prelude);
    let top = sources.0.get(1).map(|s| s.base).unwrap_or(0);
    spec.origin = Span { start: top, end: top };
    if diags.iter().any(|d| d.message.starts_with("invalid TOML") || d.message.starts_with("syntax error")) {
        return Err(LoadError::Invalid(sources, diags));
    }
    Ok((spec, sources, diags))
}

fn load_into(path: &Path, sources: &mut Sources, diags: &mut Vec<Diag>, depth: usize) -> Result<Spec, LoadError> {
    let text =
        std::fs::read_to_string(path).map_err(|e| LoadError::Io { path: path.display().to_string(), source: e })?;
    let base = sources.add(&path.display().to_string(), text.clone());
    let sp = |r: std::ops::Range<usize>| Span { start: base + r.start, end: base + r.end };
    let table = match DeTable::parse(&text) {
        Ok(t) => t,
        Err(e) => {
            let r = e.span().unwrap_or(0..0);
            diags.push(Diag::legacy(
                sp(r),
                format!("invalid TOML: {}", e.message()),
                "check the TOML syntax near here",
            ));
            return Ok(Spec::default());
        }
    };
    let table = table.into_inner();
    let mut spec = Spec::default();
    let mut rules_text: Option<(String, usize)> = None;
    for (k, v) in table.iter() {
        match k.get_ref().as_ref() {
            "game" => {
                let Some(t) = want_table(v, sp(k.span()), "game", diags) else { continue };
                for (gk, gv) in t.iter() {
                    let ks = sp(gk.span());
                    match gk.get_ref().as_ref() {
                        "name" => {
                            if let Some(s) = want_str(gv, &sp, diags) {
                                spec.name = s.text;
                            }
                        }
                        "players" => spec.players = want_names(gv, &sp, diags),
                        "neutral" => spec.neutral = want_names(gv, &sp, diags),
                        "stacks" => spec.stacks = want_bool(gv, &sp, diags).unwrap_or(false),
                        "extends" => {
                            if let Some(s) = want_str(gv, &sp, diags) {
                                if depth > 8 {
                                    diags.push(Diag::legacy(
                                        s.span,
                                        "extends chain too long",
                                        "check for a file extending itself",
                                    ));
                                    continue;
                                }
                                let p: PathBuf = path.parent().unwrap_or(Path::new(".")).join(&s.text);
                                if !p.exists() {
                                    diags.push(Diag::legacy(
                                        s.span,
                                        format!("cannot find `{}`", p.display()),
                                        "the path is relative to this file",
                                    ));
                                    continue;
                                }
                                let parent = load_into(&p, sources, diags, depth + 1)?;
                                spec = merge(parent, spec);
                            }
                        }
                        "rules" => {
                            if let DeValue::String(s) = gv.get_ref() {
                                let r = gv.span();
                                let raw = &text[r.clone()];
                                let mut off = if raw.starts_with("'''") || raw.starts_with("\"\"\"") { 3 } else { 1 };
                                if raw[off..].starts_with("\r\n") {
                                    off += 2;
                                } else if raw[off..].starts_with('\n') {
                                    off += 1;
                                }
                                rules_text = Some((s.to_string(), base + r.start + off));
                            } else {
                                diags.push(type_err(gv, &sp, "a string (use '''...''' for the rules text)"));
                            }
                        }
                        other => diags.push(Diag::legacy(
                            ks,
                            format!("unknown key `{other}` in [game]"),
                            "known keys: name, players, neutral, stacks, extends, rules",
                        )),
                    }
                }
            }
            "pieces" => {
                let Some(t) = want_table(v, sp(k.span()), "pieces", diags) else { continue };
                for (pk, pv) in t.iter() {
                    let letter = Name { text: pk.get_ref().to_string(), span: sp(pk.span()) };
                    if letter.text.chars().count() != 1 || !letter.text.chars().all(|c| c.is_ascii_uppercase()) {
                        diags.push(Diag::legacy(
                            letter.span,
                            format!("piece letter `{}` must be one upper-case letter", letter.text),
                            "write e.g. [pieces.K]",
                        ));
                        continue;
                    }
                    let Some(pt) = want_table(pv, letter.span, "a piece", diags) else { continue };
                    let mut ps = PieceSpec {
                        name: letter.text.clone(),
                        letter,
                        value: 1,
                        royal: false,
                        max: None,
                        advance: 0,
                        demote: None,
                    };
                    for (fk, fv) in pt.iter() {
                        match fk.get_ref().as_ref() {
                            "name" => {
                                if let Some(s) = want_str(fv, &sp, diags) {
                                    ps.name = s.text;
                                }
                            }
                            "value" => ps.value = want_int(fv, &sp, diags).unwrap_or(1) as i32,
                            "royal" => ps.royal = want_bool(fv, &sp, diags).unwrap_or(false),
                            "max" => ps.max = want_int(fv, &sp, diags).map(|v| v.clamp(0, 255) as u8),
                            "advance" => ps.advance = want_int(fv, &sp, diags).unwrap_or(0).clamp(-1000, 1000) as i32,
                            "demote" => ps.demote = want_str(fv, &sp, diags),
                            other => diags.push(Diag::legacy(
                                sp(fk.span()),
                                format!("unknown key `{other}` for a piece"),
                                "known keys: name, value, royal, max, advance, demote",
                            )),
                        }
                    }
                    spec.pieces.retain(|p| p.letter.text != ps.letter.text);
                    spec.pieces.push(ps);
                }
            }
            "setup" | "reserve" => {
                let setup = k.get_ref().as_ref() == "setup";
                let Some(t) = want_table(v, sp(k.span()), k.get_ref(), diags) else { continue };
                for (pk, pv) in t.iter() {
                    let player = Name { text: pk.get_ref().to_string(), span: sp(pk.span()) };
                    let Some(pt) = want_table(pv, player.span, "a player's pieces", diags) else { continue };
                    if setup {
                        spec.setup.retain(|(p, _, _)| p.text != player.text);
                    } else {
                        spec.reserves.retain(|(p, _, _)| p.text != player.text);
                    }
                    for (lk, lv) in pt.iter() {
                        let letter = Name { text: lk.get_ref().to_string(), span: sp(lk.span()) };
                        if setup {
                            for cell in want_names(lv, &sp, diags) {
                                spec.setup.push((player.clone(), letter.clone(), cell));
                            }
                        } else if let Some(n) = want_int(lv, &sp, diags) {
                            spec.reserves.push((player.clone(), letter, n));
                        }
                    }
                }
            }
            "letters" => {
                let Some(t) = want_table(v, sp(k.span()), "letters", diags) else { continue };
                for (fk, fv) in t.iter() {
                    let faction = Name { text: fk.get_ref().to_string(), span: sp(fk.span()) };
                    let Some(ft) = want_table(fv, faction.span, "a faction's letters", diags) else { continue };
                    spec.letters.retain(|(f, _, _)| f.text != faction.text);
                    for (lk, lv) in ft.iter() {
                        let piece = Name { text: lk.get_ref().to_string(), span: sp(lk.span()) };
                        if let Some(l) = want_str(lv, &sp, diags) {
                            if l.text.chars().count() != 1 || !l.text.chars().all(|c| c.is_ascii_alphabetic()) {
                                diags.push(Diag::legacy(
                                    l.span,
                                    "a letter must be one ASCII letter",
                                    "write e.g. T = \"X\"",
                                ));
                                continue;
                            }
                            spec.letters.push((faction.clone(), piece, l));
                        }
                    }
                }
            }
            "options" => {
                let Some(t) = want_table(v, sp(k.span()), "options", diags) else { continue };
                for (ok, ov) in t.iter() {
                    let n = Name { text: ok.get_ref().to_string(), span: sp(ok.span()) };
                    let val = match ov.get_ref() {
                        DeValue::Boolean(b) => *b as i64,
                        DeValue::Integer(_) => want_int(ov, &sp, diags).unwrap_or(0),
                        _ => {
                            diags.push(type_err(ov, &sp, "a boolean or an integer"));
                            continue;
                        }
                    };
                    spec.options.retain(|(o, _)| o.text != n.text);
                    spec.options.push((n, val));
                }
            }
            "display" => {
                let Some(t) = want_table(v, sp(k.span()), "display", diags) else { continue };
                for (dk, dv) in t.iter() {
                    match dk.get_ref().as_ref() {
                        "zones" => {
                            let Some(zt) = want_table(dv, sp(dk.span()), "zones", diags) else { continue };
                            spec.display_zones.clear();
                            for (zk, zv) in zt.iter() {
                                let z = Name { text: zk.get_ref().to_string(), span: sp(zk.span()) };
                                if let Some(glyph) = want_str(zv, &sp, diags) {
                                    if glyph.text.chars().count() != 1 {
                                        diags.push(Diag::legacy(
                                            glyph.span,
                                            "a glyph is one character",
                                            "write e.g. sea = \"~\"",
                                        ));
                                        continue;
                                    }
                                    spec.display_zones.push((z, glyph));
                                }
                            }
                        }
                        key @ ("fills" | "factions") => {
                            let Some(zt) = want_table(dv, sp(dk.span()), key, diags) else { continue };
                            let mut v = vec![];
                            for (zk, zv) in zt.iter() {
                                let z = Name { text: zk.get_ref().to_string(), span: sp(zk.span()) };
                                if let Some(col) = want_str(zv, &sp, diags) {
                                    let ok = col.text.len() == 7
                                        && col.text.starts_with('#')
                                        && col.text[1..].chars().all(|c| c.is_ascii_hexdigit());
                                    if !ok {
                                        diags.push(Diag::legacy(
                                            col.span,
                                            "a colour is written #rrggbb",
                                            "write e.g. \"#5dade2\"",
                                        ));
                                        continue;
                                    }
                                    v.push((z, col));
                                }
                            }
                            if key == "fills" {
                                spec.display_fills = v;
                            } else {
                                spec.display_factions = v;
                            }
                        }
                        other => diags.push(Diag::legacy(
                            sp(dk.span()),
                            format!("unknown key `{other}` in [display]"),
                            "known keys: zones, fills, factions",
                        )),
                    }
                }
            }
            "fen" => {
                let Some(t) = want_table(v, sp(k.span()), "fen", diags) else { continue };
                for (fk, fv) in t.iter() {
                    match fk.get_ref().as_ref() {
                        "castling" => {
                            let Some(ct) = want_table(fv, sp(fk.span()), "castling", diags) else { continue };
                            spec.castling.clear();
                            for (lk, lv) in ct.iter() {
                                let n = Name { text: lk.get_ref().to_string(), span: sp(lk.span()) };
                                spec.castling.push((n, want_names(lv, &sp, diags)));
                            }
                        }
                        "halfmove" => spec.halfmove = want_str(fv, &sp, diags),
                        "fullmove" => spec.fullmove = want_str(fv, &sp, diags),
                        other => diags.push(Diag::legacy(
                            sp(fk.span()),
                            format!("unknown key `{other}` in [fen]"),
                            "known keys: castling, halfmove, fullmove",
                        )),
                    }
                }
            }
            other => diags.push(Diag::legacy(
                sp(k.span()),
                format!("unknown table `{other}`"),
                "known tables: game, pieces, setup, reserve, letters, options, fen, display",
            )),
        }
    }
    if let Some((rt, shift)) = rules_text {
        match crate::syntax::parse::parse(&rt, shift) {
            Ok(r) => spec.rules.push(r),
            Err(d) => diags.push(d),
        }
    }
    Ok(spec)
}

/// Overlays a child file on its parent.
fn merge(mut parent: Spec, child: Spec) -> Spec {
    if !child.name.is_empty() {
        parent.name = child.name;
    }
    if !child.players.is_empty() {
        parent.players = child.players;
    }
    if !child.neutral.is_empty() {
        parent.neutral = child.neutral;
    }
    parent.stacks |= child.stacks;
    let lf: Vec<String> = child.letters.iter().map(|(f, _, _)| f.text.clone()).collect();
    parent.letters.retain(|(f, _, _)| !lf.contains(&f.text));
    parent.letters.extend(child.letters);
    for p in child.pieces {
        parent.pieces.retain(|q| q.letter.text != p.letter.text);
        parent.pieces.push(p);
    }
    let players: Vec<String> = child.setup.iter().map(|(p, _, _)| p.text.clone()).collect();
    parent.setup.retain(|(p, _, _)| !players.contains(&p.text));
    parent.setup.extend(child.setup);
    let rplayers: Vec<String> = child.reserves.iter().map(|(p, _, _)| p.text.clone()).collect();
    parent.reserves.retain(|(p, _, _)| !rplayers.contains(&p.text));
    parent.reserves.extend(child.reserves);
    for o in child.options {
        parent.options.retain(|(q, _)| q.text != o.0.text);
        parent.options.push(o);
    }
    if !child.castling.is_empty() {
        parent.castling = child.castling;
    }
    parent.halfmove = child.halfmove.or(parent.halfmove);
    parent.fullmove = child.fullmove.or(parent.fullmove);
    if !child.display_zones.is_empty() {
        parent.display_zones = child.display_zones;
    }
    if !child.display_fills.is_empty() {
        parent.display_fills = child.display_fills;
    }
    if !child.display_factions.is_empty() {
        parent.display_factions = child.display_factions;
    }
    parent.rules.extend(child.rules);
    parent
}

fn type_err(v: &Spanned<DeValue>, sp: &dyn Fn(std::ops::Range<usize>) -> Span, want: &str) -> Diag {
    Diag::legacy(
        sp(v.span()),
        format!("expected {want}, found {}", v.get_ref().type_str()),
        format!("write {want} here"),
    )
}

fn want_table<'a, 'i>(
    v: &'a Spanned<DeValue<'i>>,
    at: Span,
    what: &str,
    diags: &mut Vec<Diag>,
) -> Option<&'a DeTable<'i>> {
    match v.get_ref() {
        DeValue::Table(t) => Some(t),
        other => {
            diags.push(Diag::legacy(
                at,
                format!("`{what}` must be a table, found {}", other.type_str()),
                "write it as [section] or { key = value }",
            ));
            None
        }
    }
}

fn want_str(v: &Spanned<DeValue>, sp: &dyn Fn(std::ops::Range<usize>) -> Span, diags: &mut Vec<Diag>) -> Option<Name> {
    match v.get_ref() {
        DeValue::String(s) => Some(Name { text: s.to_string(), span: sp(v.span()) }),
        _ => {
            diags.push(type_err(v, sp, "a string"));
            None
        }
    }
}

fn want_int(v: &Spanned<DeValue>, sp: &dyn Fn(std::ops::Range<usize>) -> Span, diags: &mut Vec<Diag>) -> Option<i64> {
    match v.get_ref() {
        DeValue::Integer(i) => match i64::from_str_radix(&i.as_str().replace('_', ""), i.radix()) {
            Ok(n) => Some(n),
            Err(_) => {
                diags.push(Diag::legacy(sp(v.span()), "integer out of range", "use a smaller number"));
                None
            }
        },
        _ => {
            diags.push(type_err(v, sp, "an integer"));
            None
        }
    }
}

fn want_bool(v: &Spanned<DeValue>, sp: &dyn Fn(std::ops::Range<usize>) -> Span, diags: &mut Vec<Diag>) -> Option<bool> {
    match v.get_ref() {
        DeValue::Boolean(b) => Some(*b),
        _ => {
            diags.push(type_err(v, sp, "true or false"));
            None
        }
    }
}

/// A list of names: an array of strings, or one string of space-separated words.
/// Spans point at the words inside the string when the string has no escapes.
fn want_names(v: &Spanned<DeValue>, sp: &dyn Fn(std::ops::Range<usize>) -> Span, diags: &mut Vec<Diag>) -> Vec<Name> {
    match v.get_ref() {
        DeValue::String(s) => {
            let r = v.span();
            let mut out = vec![];
            let mut pos = 0;
            for w in s.split_whitespace() {
                let i = s[pos..].find(w).map(|i| i + pos).unwrap_or(0);
                pos = i + w.len();
                let start = r.start + 1 + i;
                out.push(Name { text: w.to_string(), span: sp(start..start + w.len()) });
            }
            out
        }
        DeValue::Array(a) => a.iter().flat_map(|x| want_names(x, sp, diags)).collect(),
        _ => {
            diags.push(type_err(v, sp, "a string of names or an array of strings"));
            vec![]
        }
    }
}
