//! The rules beside movement: tallies, drops, obligations, triggers, end rules, push and
//! custodian rules.

use super::Lowerer;
use crate::board::{Cell, NONE};
use crate::ir::limits::{MAX_TALLY, byte_below, faction_byte};
use crate::ir::{
    Cond, CustodianRule, EndRule, EntryRule, Expr, Flank, FlankSets, Game, MoveClass, Obligation, PushRule, StepId,
    TallyRule, Trigger, Var, cell_bit,
};
use crate::syntax::ast::{self, Name};

impl Lowerer<'_> {
    /// The mask of the named piece types.
    fn type_mask(&self, names: &[Name]) -> u64 {
        names
            .iter()
            .filter_map(|n| self.found(self.d.type_index(&n.text), "checking resolves every piece"))
            .fold(0, |m, t| m | 1 << t)
    }

    /// Tallies: the counted pattern, per player, and the tally's place in the piece state.
    pub(super) fn tallies(&mut self, g: &mut Game) {
        for (i, t) in self.m.tallies.iter().enumerate() {
            let types = self.type_mask(&t.types);
            let progs = (0..self.np()).map(|p| self.add_program(g, &t.when, p)).collect();
            let (stride, max) = self.d.tally_layout[i];
            let max = byte_below(max as usize, MAX_TALLY as usize + 1);
            let span = max as u16 + 1;
            let by_kind = (g.kind_state.iter())
                .map(|&s| {
                    let field = (s / stride.max(1)) % (2 * span);
                    (field % span) as u8 | if field >= span { 0x80 } else { 0 }
                })
                .collect();
            let carries = (0..g.kind_type.len()).map(|k| k != 0 && types & (1 << g.kind_type[k]) != 0).collect();
            g.tallies.push(TallyRule {
                name: t.name.text.clone(),
                max,
                types,
                stride,
                progs,
                by_kind,
                carries,
                origins: vec![],
            });
        }
    }

    /// Drops from reserves: the types that have a reserve, and where, per player.
    pub(super) fn drops(&mut self, g: &mut Game) {
        for (names, cond) in &self.m.drops {
            let with_reserve: Vec<Name> = names
                .iter()
                .filter(|n| {
                    self.d.type_index(&n.text).is_some_and(|i| self.d.reserves.iter().any(|r| r.0 as usize == i))
                })
                .cloned()
                .collect();
            let mask = self.type_mask(&with_reserve);
            if !mentions_stuck(cond) {
                let ids = self.cond_ids(cond);
                g.drops.push((mask, ids));
                continue;
            }
            // `stuck` depends on the type dropped: one rule per type.
            for t in (0..64).filter(|t| mask & (1 << t) != 0) {
                let zones = (0..self.np()).map(|p| self.stuck_zone(g, t, p)).collect();
                self.stuck = Some(zones);
                let ids = self.cond_ids(cond);
                self.stuck = None;
                g.drops.push((1 << t, ids));
            }
        }
    }

    /// Entries with a move: the types with their reserves' slots, which cells, and where,
    /// per player.
    pub(super) fn entries(&mut self, g: &mut Game) {
        for e in &self.m.entries {
            let types = e
                .types
                .iter()
                .filter_map(|n| {
                    let t = self.found(self.d.type_index(&n.text), "checking resolves every piece")?;
                    let r = self.d.reserves.iter().find(|r| r.0 as usize == t);
                    let slot = self.found(r, "checking gives every entering type a reserve")?.1;
                    Some((byte_below(t, 64), slot))
                })
                .collect();
            let cond = self.cond_ids(&e.cond);
            g.entries.push(EntryRule { types, vacated: e.at.text == "vacated", cond });
        }
    }

    /// Obligations: while the condition holds (always without one), only moves of the
    /// class.
    pub(super) fn requires(&mut self, g: &mut Game) {
        g.identity = self.m.captures.first().map(|(by_path, _)| *by_path);
        for r in &self.m.requires {
            let class = match &r.class {
                ast::MoveClass::Types(names) => MoveClass::Types(self.type_mask(names)),
                ast::MoveClass::Capture(_) => MoveClass::Capture,
                ast::MoveClass::Drop(_) => MoveClass::Drop,
                ast::MoveClass::Most(by_value, _) => MoveClass::Most { by_value: *by_value },
            };
            let cond = r.cond.as_ref().map(|c| self.cond_id(c, 0));
            g.requires.push(Obligation { class, cond, text: r.text.clone() });
        }
    }

    /// Passes: when the player to move may pass (no condition: always).
    pub(super) fn passes(&mut self, g: &mut Game) {
        for (cond, _, text) in &self.m.passes {
            let id = match cond {
                Some(c) => self.cond_id(c, 0),
                None => self.t.cond(Cond::True),
            };
            g.passes.push(id);
            g.pass_texts.push(text.clone());
        }
    }

    /// Triggers: event, types, player, condition and statements.
    pub(super) fn triggers(&mut self, g: &mut Game) {
        for t in &self.m.triggers {
            let types = self.type_mask(&t.types);
            let by = t.by.as_ref().and_then(|n| g.players.iter().position(|q| *q == n.text)).map(faction_byte);
            let cond = t.cond.as_ref().map(|x| self.cond_id(x, 0));
            let stmts = self.stmts(&t.stmts);
            g.triggers.push(Trigger { event: t.event, types, by, cond, stmts });
        }
    }

    /// End rules: automatic when they count repetitions or read a clock; some need the
    /// legal moves.
    pub(super) fn ends(&mut self, g: &mut Game) {
        for e in &self.m.ends {
            let cc = self.cond(&e.cond, 0);
            let automatic =
                e.auto || mentions(&cc, &|x| matches!(x, Cond::Repetition(_))) || mentions_clock(&cc, &self.d.vars);
            let needs_moves = mentions(&cc, &|x| matches!(x, Cond::NoMoves | Cond::CanCapture(_) | Cond::CanMove(..)));
            let cond = self.t.cond(cc);
            g.ends.push(EndRule {
                outcome: e.outcome,
                cond,
                automatic,
                needs_moves,
                text: e.text.clone(),
                name: e.name.as_ref().map(|n| n.text.clone()),
            });
        }
    }

    /// Push rules: directions from the landing cell, the condition per player, the follow-up.
    pub(super) fn pushes(&mut self, g: &mut Game) {
        for (d, cond, step) in &self.m.pushes {
            let dirs = self.dirs(&d.text, 0);
            let follow = self.d.followup_names.iter().position(|x| *x == step.text);
            let Some(si) = self.found(follow, "checking resolves every follow-up") else { continue };
            let cond = self.cond_ids(cond);
            g.pushes.push(PushRule { dirs, cond, step: StepId::new(si), before: false });
        }
    }

    /// Custodian rules: directions, colour class, and whether the mover chooses a victim.
    pub(super) fn custodians(&self, g: &mut Game) {
        for cu in &self.m.custodians {
            let dirs = self.dirs(&cu.dirs.text, 0);
            let option = |o: &Name| self.d.options.iter().find(|(n, _)| *n == o.text).map(|(_, v)| *v);
            let choose = cu.choose.as_ref().and_then(option).is_some_and(|v| v != 0);
            let colour = cu.colour.map(|n| n.clamp(1, 255) as u8);
            let b = self.board;
            let cells = 0..b.len() as Cell;
            let near = |c: Cell, d: u8| one(b.targets(c, d));
            let colour_of = |c: Cell| b.cells[c as usize].colour;
            let (mut flanks, mut flanks_at, mut beside) = (vec![], vec![0], vec![]);
            for c in cells {
                for &d in &dirs {
                    let victim = near(c, d);
                    if victim == NONE {
                        continue;
                    }
                    let lo = beside.len() as u32;
                    let ring = dirs.iter().flat_map(|&d| b.targets(victim, d));
                    beside.extend(ring.filter(|&&x| colour_of(x) == colour_of(c)));
                    let beyond = near(victim, d);
                    flanks.push(Flank { victim, beyond, beside: (lo, beside.len() as u32) });
                }
                flanks_at.push(flanks.len() as u32);
            }
            let (mut reach, mut flank_sets) = (vec![], vec![]);
            let distinct = |f: &Flank| {
                let cells = &beside[f.beside.0 as usize..f.beside.1 as usize];
                cells.iter().enumerate().all(|(i, c)| !cells[..i].contains(c))
            };
            if b.len() <= 128 && flanks.iter().all(distinct) {
                let set = |cells: &[Cell]| cells.iter().fold(0, |s, &c| s | cell_bit(c));
                let sets = |f: &Flank| FlankSets {
                    victim: cell_bit(f.victim),
                    beyond: cell_bit(f.beyond),
                    beside: set(&beside[f.beside.0 as usize..f.beside.1 as usize]),
                };
                flank_sets = flanks.iter().map(sets).collect();
                reach = flanks_at
                    .windows(2)
                    .map(|w| flanks[w[0] as usize..w[1] as usize].iter().fold(0, |s, f| s | cell_bit(f.victim)))
                    .collect();
            }
            g.custodians.push(CustodianRule { dirs, colour, choose, flanks, flanks_at, beside, reach, flank_sets });
        }
    }
}

/// Whether a condition or any part of it satisfies `f`.
fn mentions(c: &Cond, f: &dyn Fn(&Cond) -> bool) -> bool {
    f(c) || match c {
        Cond::And(v) | Cond::Or(v) => v.iter().any(|x| mentions(x, f)),
        Cond::Not(x) => mentions(x, f),
        _ => false,
    }
}

/// Whether a condition compares a clock counter.
fn mentions_clock(c: &Cond, vars: &[Var]) -> bool {
    fn clock(e: &Expr, vars: &[Var]) -> bool {
        match e {
            Expr::Var(s, _, _) => vars.iter().any(|v| v.slot == *s && v.clock),
            Expr::Max(a, b) | Expr::Min(a, b) | Expr::Add(a, b) | Expr::Sub(a, b) => clock(a, vars) || clock(b, vars),
            _ => false,
        }
    }
    mentions(c, &|x| matches!(x, Cond::Cmp(a, _, b) if clock(a, vars) || clock(b, vars)))
}

/// Whether a condition uses the word `stuck` (the dropped type's dead cells).
fn mentions_stuck(c: &ast::Cond) -> bool {
    match c {
        ast::Cond::Or(v) | ast::Cond::And(v) => v.iter().any(mentions_stuck),
        ast::Cond::Not(x) | ast::Cond::Along(_, _, x) => mentions_stuck(x),
        ast::Cond::Name(n) => n.text == "stuck",
        _ => false,
    }
}

/// The one cell of a link, or NONE (no cell, or a fork).
fn one(targets: &[Cell]) -> Cell {
    match targets {
        [c] => *c,
        _ => NONE,
    }
}
