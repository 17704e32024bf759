//! Declarations: the board's players and factions, options, orientation, piece types,
//! zones, counters and reserves, registers, follow-ups, tallies and the piece-state
//! layout — everything a rule refers to by name, resolved once for the whole game.

use crate::board::Board;
use crate::check::merged::Merged;
use crate::diag::{CheckCode, Diag, Span};
use crate::ir::limits::{
    MAX_DIR_SET_NESTING, MAX_KINDS, MAX_PIECE_TYPES, MAX_REGISTERS_WITH_LONG, MAX_TALLY, type_byte,
};
use crate::ir::{PieceType, Slot, Var, ZoneId};
use crate::load::{MAX_OPTION, Spec};
use crate::syntax::ast::{self, Name};

/// The game's declared names and what they stand for.
pub struct Decls {
    /// Player names in turn order.
    pub players: Vec<String>,
    /// The players, then the neutral factions.
    pub factions: Vec<String>,
    /// Per player: rotation in degrees and mirror flag applied to directions.
    pub orient: Vec<(i64, bool)>,
    /// Piece types in declaration order.
    pub types: Vec<PieceType>,
    /// Zone cell sets (one bool per cell).
    pub zone_sets: Vec<Vec<bool>>,
    /// Zone names and their set per player.
    pub zones: Vec<(String, Vec<ZoneId>)>,
    /// Counters and reserves.
    pub vars: Vec<Var>,
    /// Number of variable slots.
    pub nslots: usize,
    /// Follow-up step names (`then(NAME)` refers to them by index).
    pub followup_names: Vec<String>,
    /// Tally names.
    pub tally_names: Vec<String>,
    /// Types with a reserve and their first slot.
    pub reserves: Vec<(u8, Slot)>,
    /// Options with their values in force.
    pub options: Vec<(String, i64)>,
    /// Register names.
    pub registers: Vec<String>,
    /// Per register: kept through the next turn.
    pub long_regs: Vec<bool>,
    /// Per tally: its stride in the piece-state index and its largest value.
    pub tally_layout: Vec<(u16, u16)>,
    /// The memory of promotion in the piece-state index: its stride and the number of
    /// types remembered (`[pieces.X] remember`); None when no type remembers.
    pub origin_layout: Option<(u16, u16)>,
    /// Piece states per (type, owner).
    pub nstates: usize,
    /// Problems found so far (declaration problems that do not stop checking).
    pub errs: Vec<Diag>,
}

impl Decls {
    pub fn type_index(&self, s: &str) -> Option<usize> {
        let mut ch = s.chars();
        let l = ch.next()?;
        if ch.next().is_some() {
            return None;
        }
        self.types.iter().position(|t| t.letter == l)
    }

    pub fn piece_hint(&self) -> String {
        format!("declared pieces: {}", self.types.iter().map(|t| t.letter.to_string()).collect::<Vec<_>>().join(" "))
    }

    pub fn zone_hint(&self) -> String {
        let z: Vec<&str> = self.zones.iter().map(|z| z.0.as_str()).collect();
        if z.is_empty() {
            "declare it with `zone NAME = ...`".into()
        } else {
            format!("declared zones: {}", z.join(", "))
        }
    }

    pub fn zone_for(&self, n: &Name, p: u8) -> Option<ZoneId> {
        self.zones.iter().find(|(z, _)| *z == n.text).map(|(_, ids)| ids[p as usize])
    }

    pub fn var(&self, name: &str) -> Option<(Slot, bool)> {
        self.vars.iter().find(|v| v.name == name).map(|v| (v.slot, v.per_player))
    }
}

struct Declarer<'a> {
    m: &'a Merged<'a>,
    board: &'a Board,
    d: Decls,
}

impl Declarer<'_> {
    fn build_zones(&mut self) {
        let np = self.d.players.len();
        let zones: Vec<&ast::ZoneDecl> = self.m.zones.clone();
        for z in zones {
            let mut ids: Vec<Option<ZoneId>> = vec![None; np];
            for (who, items) in &z.parts {
                let targets: Vec<usize> = match who {
                    None => (0..np).collect(),
                    Some(n) => match self.d.players.iter().position(|p| *p == n.text) {
                        Some(p) => vec![p],
                        None => {
                            self.d.errs.push(Diag::new(
                                CheckCode::UnknownPlayer,
                                n.span,
                                format!("unknown player `{}`", n.text),
                                format!("players are {}", self.d.players.join(", ")),
                            ));
                            continue;
                        }
                    },
                };
                // A part's items mean the same cells for every player: problems once.
                for (i, p) in targets.into_iter().enumerate() {
                    let set = self.cellset(items, p, i == 0);
                    ids[p] = Some(ZoneId::new(self.d.zone_sets.len()));
                    self.d.zone_sets.push(set);
                }
            }
            // A player no part names gets an empty set.
            let ids = ids
                .into_iter()
                .map(|id| {
                    id.unwrap_or_else(|| {
                        self.d.zone_sets.push(vec![false; self.board.len()]);
                        ZoneId::new(self.d.zone_sets.len() - 1)
                    })
                })
                .collect();
            self.d.zones.retain(|(n, _)| *n != z.name.text);
            self.d.zones.push((z.name.text.clone(), ids));
        }
    }

    fn cellset(&mut self, items: &[ast::CellItem], p: usize, report: bool) -> Vec<bool> {
        let b = self.board;
        let mut set = vec![false; b.len()];
        let mut errs = vec![];
        for it in items {
            match it {
                ast::CellItem::Rank(r, sp) => {
                    let mut any = false;
                    for (i, c) in b.cells.iter().enumerate() {
                        if c.rank == *r {
                            set[i] = true;
                            any = true;
                        }
                    }
                    if !any {
                        errs.push(Diag::new(
                            CheckCode::UnknownRank,
                            *sp,
                            format!("the board has no rank {r}"),
                            "check the board's ranks",
                        ));
                    }
                }
                ast::CellItem::File(f) => {
                    let mut any = false;
                    for (i, c) in b.cells.iter().enumerate() {
                        if c.file.as_deref() == Some(f.text.as_str()) {
                            set[i] = true;
                            any = true;
                        }
                    }
                    if !any {
                        errs.push(Diag::new(
                            CheckCode::UnknownFile,
                            f.span,
                            format!("the board has no file {}", f.text),
                            "check the board's files",
                        ));
                    }
                }
                ast::CellItem::Colour(k, _) => {
                    for (i, c) in b.cells.iter().enumerate() {
                        if c.colour == *k {
                            set[i] = true;
                        }
                    }
                }
                ast::CellItem::Name(n) => {
                    if let Some(c) = b.cell(&n.text) {
                        set[c as usize] = true;
                    } else if let Some((_, ids)) = self.d.zones.iter().find(|(z, _)| *z == n.text) {
                        let other = &self.d.zone_sets[ids[p].index()];
                        for (i, v) in other.iter().enumerate() {
                            set[i] |= v;
                        }
                    } else {
                        errs.push(Diag::new(
                            CheckCode::UnknownCellOrZone,
                            n.span,
                            format!("unknown cell or zone `{}`", n.text),
                            "name a cell of the board or an earlier zone",
                        ));
                    }
                }
            }
        }
        if report {
            self.d.errs.extend(errs);
        }
        set
    }

    fn build_vars(&mut self, spec: &Spec) {
        let np = self.d.players.len();
        let counters: Vec<&ast::CounterDecl> = self.m.counters.clone();
        for c in counters {
            if !(-MAX_COUNTER_START..=MAX_COUNTER_START).contains(&c.init) {
                let lim = MAX_COUNTER_START;
                let msg = format!(
                    "counter `{}` starts at {}: a counter starts between -{lim} and {lim}",
                    c.name.text, c.init
                );
                self.d.errs.push(Diag::new(
                    CheckCode::ValueOutOfRange,
                    c.name.span,
                    msg,
                    "start it at a smaller number",
                ));
            }
            let slot = Slot::new(self.d.nslots);
            self.d.nslots += if c.per_player { np } else { 1 };
            self.d.vars.push(Var {
                name: c.name.text.clone(),
                slot,
                per_player: c.per_player,
                clock: c.clock,
                init: c.init,
            });
        }
        let mut seen = vec![];
        for (_, l, _) in &spec.reserves {
            if let Some(t) = self.d.type_index(&l.text) {
                if seen.contains(&t) {
                    continue;
                }
                seen.push(t);
                let slot = Slot::new(self.d.nslots);
                self.d.nslots += np;
                let name = format!("reserve-{}", l.text);
                self.d.vars.push(Var { name, slot, per_player: true, clock: false, init: 0 });
                self.d.reserves.push((type_byte(t), slot));
            }
        }
    }
}

/// Resolves the declarations of a game; `overrides` set options (`NAME` or `NAME=VALUE`).
/// Problems that leave the declarations usable are kept in [`Decls::errs`]; a problem
/// that stops checking returns the error list at once.
pub fn declare(spec: &Spec, m: &Merged, board: &Board, overrides: &[String]) -> Result<Decls, Vec<Diag>> {
    let mut errs: Vec<Diag> = vec![];
    let players: Vec<String> = spec.players.iter().map(|p| p.text.clone()).collect();
    let factions = factions(spec, &players, &mut errs);
    let nf = factions.len();
    // Every (type, faction) has an unmoved and a moved kind besides the empty one.
    if spec.pieces.is_empty() || spec.pieces.len() > MAX_PIECE_TYPES || 1 + spec.pieces.len() * nf * 2 > MAX_KINDS {
        return Err(vec![Diag::new(
            CheckCode::PieceCount,
            spec.origin,
            format!("a game needs 1 to {MAX_PIECE_TYPES} piece types"),
            "declare pieces as [pieces.X] tables",
        )]);
    }
    let options = options(spec, overrides, &mut errs);
    let orient = orientation(m, &players, &mut errs);
    let types = spec
        .pieces
        .iter()
        .map(|p| PieceType {
            letter: p.letter.text.chars().next().unwrap(),
            name: p.name.clone(),
            value: p.value,
            value_given: p.value_given,
            royal: p.royal,
            max: p.max,
            advance: p.advance,
            demote: None,
            remember: p.remember.is_some(),
            description: p.description.clone(),
            glyphs: p.glyph.iter().flat_map(|g| g.symbols().iter().map(|n| n.text.clone())).collect(),
        })
        .collect();
    let d = Decls {
        players,
        factions,
        orient,
        types,
        zone_sets: vec![],
        zones: vec![],
        vars: vec![],
        nslots: 0,
        followup_names: m.followups.iter().map(|f| f.name.text.clone()).collect(),
        tally_names: m.tallies.iter().map(|t| t.name.text.clone()).collect(),
        reserves: vec![],
        options,
        registers: m.registers.iter().map(|n| n.0.text.clone()).collect(),
        long_regs: m.registers.iter().map(|n| n.1).collect(),
        tally_layout: vec![],
        origin_layout: None,
        nstates: 0,
        errs,
    };
    let mut dc = Declarer { m, board, d };
    dc.build_zones();
    dc.build_vars(spec);
    let mut d = dc.d;
    if d.long_regs.len() > MAX_REGISTERS_WITH_LONG && d.long_regs.iter().any(|&l| l) {
        d.errs.push(Diag::new(
            CheckCode::TooManyRegisters,
            m.registers[0].0.span,
            "too many registers",
            format!("use at most {MAX_REGISTERS_WITH_LONG} with long registers"),
        ));
    }
    piece_states(&mut d, m)?;
    Ok(d)
}

fn factions(spec: &Spec, players: &[String], errs: &mut Vec<Diag>) -> Vec<String> {
    let mut factions = players.to_vec();
    for n in &spec.neutral {
        if factions.contains(&n.text) {
            errs.push(Diag::new(
                CheckCode::DuplicateFaction,
                n.span,
                format!("faction `{}` declared twice", n.text),
                "a neutral faction is not a player",
            ));
        } else {
            factions.push(n.text.clone());
        }
    }
    factions
}

/// A counter's start lies within `-MAX_COUNTER_START..=MAX_COUNTER_START`.
pub const MAX_COUNTER_START: i64 = 1_000_000_000;

/// Options: declared defaults, then command-line overrides.
fn options(spec: &Spec, overrides: &[String], errs: &mut Vec<Diag>) -> Vec<(String, i64)> {
    let mut options: Vec<(String, i64)> = spec.options.iter().map(|(n, v)| (n.text.clone(), *v)).collect();
    for o in overrides {
        let (k, v) = match o.split_once('=') {
            Some((k, v)) => (
                k,
                v.parse::<i64>().ok().filter(|n| n.abs() <= MAX_OPTION).or(match v {
                    "true" => Some(1),
                    "false" => Some(0),
                    _ => None,
                }),
            ),
            None => (o.as_str(), Some(1)),
        };
        match (options.iter_mut().find(|(n, _)| n == k), v) {
            (Some(slot), Some(v)) => slot.1 = v,
            (None, _) => {
                let names: Vec<&str> = options.iter().map(|(n, _)| n.as_str()).collect();
                let msg = format!("--option {o}: the game has no option `{k}`");
                let hint = if names.is_empty() {
                    "this game has no options".to_string()
                } else {
                    format!("options: {}", names.join(", "))
                };
                errs.push(Diag::new(CheckCode::UnknownOption, Span::NOWHERE, msg, hint));
            }
            (_, None) => errs.push(Diag::new(
                CheckCode::BadOptionValue,
                Span::NOWHERE,
                format!("--option {o}: bad value for option `{k}`"),
                "write NAME, NAME=NUMBER, NAME=true or NAME=false",
            )),
        }
    }
    options
}

/// Per player: how its directions are turned. By default the second of two players sees
/// the board mirrored top to bottom; more players are spread by rotation.
fn orientation(m: &Merged, players: &[String], errs: &mut Vec<Diag>) -> Vec<(i64, bool)> {
    let np = players.len();
    let mut orient = vec![];
    for (i, p) in players.iter().enumerate() {
        let default = if np == 2 { (0, i == 1) } else { ((360 / np as i64) * i as i64, false) };
        orient.push(m.orients.get(p).map(|x| (x.0, x.1)).unwrap_or(default));
    }
    // In the order they are written (the map's own order is arbitrary).
    let mut written: Vec<_> = m.orients.iter().collect();
    written.sort_by_key(|(_, (_, _, sp))| sp.start);
    for (n, (_, _, sp)) in written {
        if !players.contains(n) {
            errs.push(Diag::new(
                CheckCode::UnknownPlayer,
                *sp,
                format!("unknown player `{n}`"),
                format!("players are {}", players.join(", ")),
            ));
        }
    }
    orient
}

/// Per-piece states: the moved flag, then each tally's value and "matched last turn" flag,
/// then the type a piece was promoted from (0: none; only when some type remembers).
fn piece_states(d: &mut Decls, m: &Merged) -> Result<(), Vec<Diag>> {
    let mut stride = 2u16;
    for t in &m.tallies {
        // At most MAX_TALLY: fits a u16.
        let max = t.max.clamp(0, MAX_TALLY) as u16;
        d.tally_layout.push((stride, max));
        stride = stride.saturating_mul(2 * (max + 1));
    }
    // At most MAX_PIECE_TYPES: fits a u16.
    let remembered = d.types.iter().filter(|t| t.remember).count() as u16;
    if remembered > 0 {
        d.origin_layout = Some((stride, remembered));
        stride = stride.saturating_mul(remembered + 1);
    }
    d.nstates = stride as usize;
    if 1 + d.types.len() * d.factions.len() * d.nstates > MAX_KINDS {
        return Err(vec![Diag::new(
            CheckCode::TooManyStates,
            m.tallies.first().map(|t| t.name.span).unwrap_or_default(),
            "too many piece states",
            "use fewer piece types, players or smaller tallies",
        )]);
    }
    Ok(())
}

/// Absolute directions for a direction or direction-set name, turned by a player's
/// orientation; None when the name is neither (or the sets nest too deeply).
pub fn dirs(m: &Merged, board: &Board, orient: (i64, bool), name: &str) -> Option<Vec<u8>> {
    dirs_at(m, board, orient, name, 0)
}

fn dirs_at(m: &Merged, board: &Board, orient: (i64, bool), name: &str, depth: usize) -> Option<Vec<u8>> {
    if depth > MAX_DIR_SET_NESTING {
        return None;
    }
    if let Some(members) = m.dirs.get(name) {
        let mut out = vec![];
        for n in members.iter() {
            for d in dirs_at(m, board, orient, &n.text, depth + 1)? {
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
        return Some(out);
    }
    let d = board.dir(name)?;
    Some(vec![rotate(board, d, orient)])
}

/// A direction turned by an orientation (rotation in degrees, then mirror). (Direction
/// indices are bytes: a board has at most `limits::MAX_DIRS`.)
fn rotate(board: &Board, d: u8, (by, flip): (i64, bool)) -> u8 {
    let dirs = &board.dirs;
    match dirs[d as usize].angle {
        Some(a) => {
            let a = if flip { -a } else { a };
            let want = (a + by).rem_euclid(360);
            dirs.iter().position(|x| x.angle == Some(want)).map(|i| i as u8).unwrap_or(d)
        }
        None => d,
    }
}

/// The problem of a name that is no direction: lists the board's directions and sets.
pub fn unknown_dir(m: &Merged, board: &Board, n: &Name) -> Diag {
    let mut names: Vec<String> = board.dirs.iter().map(|d| d.name.clone()).collect();
    let mut sets: Vec<String> = m.dirs.keys().cloned().collect();
    sets.sort();
    names.extend(sets);
    Diag::new(
        CheckCode::UnknownDirection,
        n.span,
        format!("unknown direction `{}`", n.text),
        format!("directions and sets here: {}, same, back", names.join(" ")),
    )
}
