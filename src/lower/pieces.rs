//! The game's frame and its pieces: kinds, movement and attack programs, promotions,
//! demotions, the `beats` relation, and which programs attack.

use super::Lowerer;
use crate::board::Board;
use crate::check::Decls;
use crate::ir::limits::{CELL_WORDS, MAX_KINDS, MAX_TABLE_CELLS, byte_below, faction_byte, type_byte};
use crate::ir::{FenMap, Game, Promotion};
use crate::load::Spec;
use crate::syntax::ast;

/// The game with its names and sizes filled in and every table still empty.
pub(super) fn skeleton(spec: &Spec, board: &Board, d: &Decls, path: &str) -> Game {
    let (np, nt) = (d.players.len(), d.types.len());
    Game {
        name: if spec.name.is_empty() { path.to_string() } else { spec.name.clone() },
        description: spec.description.clone(),
        path: path.to_string(),
        board: board.clone(),
        ai: crate::check::ai::settings(spec),
        players: d.players.clone(),
        factions: d.factions.clone(),
        letters: vec![],
        beats: vec![0; nt],
        pushes: vec![],
        long_regs: d.long_regs.clone(),
        types: vec![],
        kind_type: vec![],
        kind_owner: vec![],
        kind_moved: vec![],
        programs: vec![],
        moves_of: vec![vec![]; nt * np],
        promotions: vec![vec![]; nt * np],
        promote_cells: vec![],
        gen_of: vec![],
        zone_sets: vec![],
        zones: vec![],
        leap_tables: vec![],
        path_tables: vec![],
        turn_tables: vec![],
        conds: vec![],
        cond_tables: Default::default(),
        exprs: vec![],
        vars: vec![],
        nslots: 0,
        registers: d.registers.clone(),
        triggers: vec![],
        ends: vec![],
        probes: vec![vec![]; np],
        forward_attacks: vec![vec![]; np],
        has_royal: false,
        setup: vec![],
        setup_stacks: vec![],
        init_vars: vec![],
        fen: FenMap::default(),
        options: vec![],
        option_defaults: spec.options.iter().map(|(n, v)| (n.text.clone(), *v)).collect(),
        reserves: vec![],
        tracks_moved: vec![],
        tallies: vec![],
        nstates: d.nstates,
        kind_state: vec![],
        origins: d.types.iter().enumerate().filter(|(_, t)| t.remember).map(|(i, _)| type_byte(i)).collect(),
        origin_stride: d.origin_layout.map_or(0, |(s, _)| s),
        kind_origin: vec![],
        attacks_of: vec![vec![]; nt * np],
        drops: vec![],
        requires: vec![],
        identity: None,
        passes: vec![],
        pass_texts: vec![],
        attack_gates: vec![],
        steps: vec![],
        setup_steps: vec![],
        custodians: vec![],
        display_zones: vec![],
        display_fills: vec![],
        faction_colours: vec![],
        attack: Default::default(),
        key_terms: Default::default(),
        illegals: vec![],
        entries: vec![],
    }
}

/// Kinds: 0 is empty, then one per (type, faction, state).
fn kinds(g: &mut Game, nt: usize) {
    let (nf, ns) = (g.factions.len(), g.nstates);
    let nk = 1 + nt * nf * ns;
    g.kind_type = vec![0; nk];
    g.kind_owner = vec![0; nk];
    g.kind_moved = vec![false; nk];
    g.kind_state = vec![0; nk];
    for t in 0..nt {
        for f in 0..nf {
            for s in 0..ns {
                let k = 1 + (t * nf + f) * ns + s;
                g.kind_type[k] = type_byte(t);
                g.kind_owner[k] = faction_byte(f);
                g.kind_moved[k] = s % 2 == 1;
                g.kind_state[k] = u16::from(byte_below(s, MAX_KINDS));
            }
        }
    }
    if g.origin_stride != 0 {
        let stride = g.origin_stride as usize;
        g.kind_origin = (0..nk)
            .map(|k| match if k > 0 { g.kind_state[k] as usize / stride } else { 0 } {
                0 => u8::MAX,
                o => g.origins[o - 1],
            })
            .collect();
    }
}

impl Lowerer<'_> {
    /// Kinds, then per piece type and player: move programs, attack programs, promotions.
    pub(super) fn pieces(&mut self, g: &mut Game) {
        let np = self.np();
        kinds(g, self.d.types.len());
        for pd in &self.m.pieces {
            let Some(t) = self.found(self.d.type_index(&pd.name.text), "checking resolves every piece") else {
                continue;
            };
            for p in 0..np {
                let at = t * np as usize + p as usize;
                for pat in &pd.moves {
                    let id = self.add_program(g, pat, p);
                    g.moves_of[at].push(id);
                }
                for (i, pat) in pd.attacks.iter().enumerate() {
                    let id = self.add_program(g, pat, p);
                    if let Some(Some(c)) = pd.attack_ifs.get(i) {
                        let cond = self.cond_id(c, p);
                        g.programs[id.index()].gate = Some(byte_below(g.attack_gates.len(), 64));
                        g.attack_gates.push((cond, p));
                    }
                    g.attacks_of[at].push(id);
                }
                for pr in &pd.promotes {
                    let to = pr
                        .to
                        .iter()
                        .filter_map(|n| self.found(self.d.type_index(&n.text), "checking resolves every piece"))
                        .map(type_byte)
                        .collect();
                    if let Some(promo) = self.promotion(g, pr, t, p, to) {
                        g.promotions[at].push(promo);
                    }
                }
            }
        }
    }

    /// A `promote` line for type `t` and player `p`: one `in ZONE` keeps the zone's own set;
    /// otherwise the landing cells (the `in` zones and, for `stuck`, where the type could
    /// never move) and the origins (the `from` zones) get sets of their own.
    fn promotion(&mut self, g: &Game, pr: &ast::Promote, t: usize, p: u8, to: Vec<u8>) -> Option<Promotion> {
        let optional = pr.optional;
        if let [ast::PromoteWhere::In(z)] = pr.wheres.as_slice() {
            let zone = self.found(self.d.zone_for(z, p), "checking resolves every zone")?;
            return Some(Promotion { zone, from: None, wheres: None, optional, to });
        }
        let n = self.board.len();
        let (mut land, mut start, mut any_from) = (vec![false; n], vec![false; n], false);
        let mut words = vec![];
        for w in &pr.wheres {
            let (cells, into_land) = match w {
                ast::PromoteWhere::In(z) => {
                    words.push(format!("arriving in the zone `{}`", z.text));
                    (self.found(self.d.zone_for(z, p), "checking resolves every zone")?, true)
                }
                ast::PromoteWhere::From(z) => {
                    words.push(format!("starting in the zone `{}`", z.text));
                    any_from = true;
                    (self.found(self.d.zone_for(z, p), "checking resolves every zone")?, false)
                }
                ast::PromoteWhere::Stuck(_) => {
                    words.push("landing where it could never move again".to_string());
                    (self.stuck_zone(g, t, p), true)
                }
            };
            let set = if into_land { &mut land } else { &mut start };
            set.iter_mut().zip(&self.d.zone_sets[cells.index()]).for_each(|(a, b)| *a |= *b);
        }
        let zone = self.zone_set(land);
        let from = any_from.then(|| self.zone_set(start));
        Some(Promotion { zone, from, wheres: Some(words.join(" or ")), optional, to })
    }

    /// Demotions: the type a captured piece becomes in a reserve (`pocket`).
    pub(super) fn demotions(&mut self, spec: &Spec) {
        for p in &spec.pieces {
            if let Some(d) = &p.demote
                && let (Some(t), Some(to)) = (self.d.type_index(&p.letter.text), self.d.type_index(&d.text))
            {
                self.d.types[t].demote = Some(type_byte(to));
            }
        }
    }

    /// `beats`: per type, the mask of types it beats.
    pub(super) fn beats(&self, g: &mut Game) {
        for (a, b) in &self.m.beats {
            if let (Some(x), Some(y)) = (self.d.type_index(&a.text), self.d.type_index(&b.text)) {
                g.beats[x] |= 1 << y;
            }
        }
    }
}

/// Per player, every program that can capture with the kinds that run it: a player
/// attacks with its own pieces and the neutral ones it may move, by a type's attack
/// programs when it has any, else by its moves. All run forwards until the optimiser
/// finds reversed forms.
pub(super) fn attack_programs(g: &mut Game) {
    let (np, nk, nt) = (g.np(), g.kind_type.len(), g.moves_of.len() / g.np());
    for t in 0..nt {
        for p in 0..np {
            let kinds: Vec<bool> = (0..nk)
                .map(|k| {
                    k != 0
                        && g.kind_type[k] as usize == t
                        && (g.kind_owner[k] as usize == p || g.kind_owner[k] as usize >= np)
                })
                .collect();
            let at = t * np + p;
            let progs = if g.attacks_of[at].is_empty() { &g.moves_of[at] } else { &g.attacks_of[at] };
            for &pi in progs {
                if g.program(pi).captures {
                    g.forward_attacks[p].push((pi, kinds.clone()));
                }
            }
        }
    }
}

/// The cells below [`MAX_TABLE_CELLS`] in the landing zone of one of `promos`, as a set
/// (once the zones are in `g`).
pub(super) fn promote_cells(g: &Game, promos: &[Promotion]) -> [u64; CELL_WORDS] {
    let mut set = [0u64; CELL_WORDS];
    for p in promos {
        for (c, _) in g.zone(p.zone).iter().enumerate().take(MAX_TABLE_CELLS).filter(|(_, on)| **on) {
            set[c / 64] |= 1 << (c % 64);
        }
    }
    set
}
