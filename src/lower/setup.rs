//! The starting position: pieces and stacks on the board, counters and reserves, and the
//! position string's letters for unmoved pieces and its clocks.

use super::Lowerer;
use crate::board::Cell;
use crate::ir::limits::kind_byte;
use crate::ir::{FileLetters, Game};
use crate::load::Spec;

impl Lowerer<'_> {
    /// The starting board: one kind per cell, further pieces as stacks when the game has
    /// them (the smallest kind on the board, the rest sorted, as the state keeps them).
    pub(super) fn setup(&self, spec: &Spec, g: &mut Game) {
        let (nf, ns) = (self.d.factions.len(), self.d.nstates);
        g.setup = vec![0; self.board.len()];
        for (pl, letter, cell) in &spec.setup {
            let p = self.d.factions.iter().position(|q| *q == pl.text);
            let t = self.d.type_index(&letter.text);
            let placed = p.zip(t).zip(self.board.cell(&cell.text));
            let Some(((p, t), c)) = self.found(placed, "checking resolves every setup entry") else { continue };
            let k = kind_byte(1 + (t * nf + p) * ns);
            if g.setup[c as usize] == 0 {
                g.setup[c as usize] = k;
            } else if spec.stacks {
                g.setup_stacks.push((c, k));
            }
        }
        Game::canonical_stacks(&mut g.setup, &mut g.setup_stacks);
    }

    /// Starting values of counters, then of the reserves.
    pub(super) fn reserves(&self, spec: &Spec, g: &mut Game) {
        let np = self.d.players.len();
        g.init_vars = vec![0; self.d.nslots];
        for v in &self.d.vars {
            let n = if v.per_player { np } else { 1 };
            g.init_vars[v.slot.index()..v.slot.at(n)].fill(v.init);
        }
        for (pl, letter, n) in &spec.reserves {
            let p = self.d.players.iter().position(|q| *q == pl.text);
            let t = self.d.type_index(&letter.text);
            let slot = t.and_then(|t| self.d.reserves.iter().find(|(x, _)| *x as usize == t)).map(|r| r.1);
            if let (Some(p), Some(slot)) = (p, slot) {
                g.init_vars[slot.at(p)] = *n;
            }
        }
    }

    /// The position string's letters for unmoved pieces (with the cells that must be unmoved) and
    /// the counters shown as its clocks.
    pub(super) fn fen(&self, spec: &Spec, g: &mut Game) {
        for (l, cells) in spec.unmoved_letters.iter().chain(&spec.unmoved_gates) {
            let v = cells
                .iter()
                .filter_map(|n| self.found(self.board.cell(&n.text), "checking resolves every cell"))
                .collect();
            g.fen.unmoved_letters.push((l.text.chars().next().unwrap_or('-'), v));
        }
        g.fen.gate_letters = spec.unmoved_gates.iter().map(|(l, _)| l.text.chars().next().unwrap_or('-')).collect();
        // Written the first player's letters first (upper case), those of more cells first
        // (castling rights before single cells), else in the table's (alphabetical) order.
        g.fen.unmoved_letters.sort_by_key(|(l, cells)| (l.is_lowercase(), std::cmp::Reverse(cells.len())));
        let clock = |n: &Option<crate::syntax::ast::Name>| match n.as_ref().and_then(|n| self.d.var(&n.text)) {
            Some((s, false)) => Some(s),
            _ => None,
        };
        g.fen.halfmove = clock(&spec.halfmove);
        g.fen.fullmove = clock(&spec.fullmove);
        g.fen.counter = match spec.fen_counter.as_ref().and_then(|n| self.d.var(&n.text)) {
            Some((s, true)) => Some(s),
            _ => None,
        };
        g.fen.pocket = spec.pocket.unwrap_or(false);
        g.fen.base_mark = mark(&spec.base_mark).map(|m| (m, self.based_types()));
        g.fen.promoted_mark = mark(&spec.promoted_mark);
        g.fen.pocket_order = self.pocket_order(spec);
        g.fen.files = spec.castling_files.as_ref().map(|f| self.file_letters(f));
    }

    /// The reserves in pocket order: those `[fen] pocket-order` lists, in its order, then
    /// the others.
    fn pocket_order(&self, spec: &Spec) -> Vec<usize> {
        let listed = spec.pocket_order.as_ref().map_or(String::new(), |n| n.text.clone());
        let listed = listed
            .chars()
            .filter_map(|c| self.d.types.iter().position(|t| t.letter == c))
            .filter_map(|t| self.d.reserves.iter().position(|r| r.0 as usize == t));
        let mut order = vec![];
        for i in listed.chain(0..self.d.reserves.len()) {
            if !order.contains(&i) {
                order.push(i);
            }
        }
        order
    }

    /// Per type: the type whose declared base it is (`u8::MAX`: none), for `[fen] base-mark`.
    fn based_types(&self) -> Vec<u8> {
        let mut of = vec![u8::MAX; self.d.types.len()];
        for (t, ty) in self.d.types.iter().enumerate() {
            if let Some(b) = ty.demote {
                of[b as usize] = crate::ir::limits::type_byte(t);
            }
        }
        of
    }

    /// `[fen] castling-files`, resolved (checking has reported every unknown name).
    fn file_letters(&self, f: &crate::load::FilesSpec) -> FileLetters {
        let mask = |names: &[crate::syntax::ast::Name]| {
            names.iter().filter_map(|n| self.d.type_index(&n.text)).fold(0u64, |m, t| m | 1 << t)
        };
        let cells = (0..self.np())
            .map(|p| {
                let zone = f.zone.as_ref().and_then(|z| self.d.zone_for(z, p));
                let set = zone.map(|z| &self.d.zone_sets[z.index()]);
                (0..self.board.len() as Cell).filter(|&c| set.is_some_and(|s| s[c as usize])).collect()
            })
            .collect();
        let outer = f.outer.as_ref().and_then(|o| {
            let mut ch = o.text.chars().map(|c| c.to_ascii_uppercase());
            ch.next().zip(ch.next())
        });
        FileLetters { pieces: mask(&f.pieces), with: mask(&f.with), cells, outer }
    }
}

/// A `[fen]` mark's character (checking keeps it to one).
fn mark(n: &Option<crate::syntax::ast::Name>) -> Option<char> {
    n.as_ref().and_then(|n| n.text.chars().next())
}
