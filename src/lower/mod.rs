//! Lowering: a checked game becomes the dense tables the engine runs on ([`Game`]), per
//! player. Checking has resolved every name, so nothing here fails: a lookup that checking
//! guarantees falls back to something harmless.

mod cond;
mod display;
mod expr;
mod illegal;
mod pattern;
mod pieces;
mod rules;
mod setup;
mod steps;
mod stmt;
mod stuck;
mod tables;

use crate::board::Board;
use crate::check::merged::Merged;
use crate::check::{Checked, Decls};
use crate::ir::Game;
use std::cell::Cell;
use tables::Tables;

/// Lowers a checked game; `path` names its file. The result is unoptimised: slides are
/// loops, leaps are paths, and every capturing attack program is run forwards (see
/// `opt::optimise`).
pub fn lower(checked: Checked<'_>, path: &str) -> Game {
    lower_counting_gaps(checked, path).0
}

/// [`lower`], also counting the gaps met: lookups that checking should have guaranteed
/// but did not (each fell back to something harmless). A complete checker leaves none;
/// the tests hold it to that.
#[doc(hidden)]
pub fn lower_counting_gaps(checked: Checked<'_>, path: &str) -> (Game, u32) {
    let Checked { spec, merged, board, decls } = checked;
    let mut g = pieces::skeleton(spec, &board, &decls, path);
    let mut l = Lowerer { m: &merged, board: &board, d: decls, t: Tables::default(), gaps: Cell::new(0), stuck: None };
    l.pieces(&mut g);
    pieces::attack_programs(&mut g);
    l.tallies(&mut g);
    l.steps(&mut g);
    l.demotions(spec);
    l.beats(&mut g);
    l.drops(&mut g);
    l.entries(&mut g);
    l.requires(&mut g);
    l.illegals(&mut g);
    l.passes(&mut g);
    l.triggers(&mut g);
    l.ends(&mut g);
    l.pushes(&mut g);
    l.custodians(&mut g);
    l.setup(spec, &mut g);
    l.reserves(spec, &mut g);
    l.fen(spec, &mut g);
    l.letters(spec, &mut g);
    l.display(spec, &mut g);
    let gaps = l.gaps.get();
    l.finish(&mut g);
    (g, gaps)
}

/// What lowering works with: the merged rules, the board, the declarations (whose zone
/// sets grow as cells are named in conditions) and the interned tables.
struct Lowerer<'a> {
    m: &'a Merged<'a>,
    board: &'a Board,
    d: Decls,
    t: Tables,
    /// Lookups that failed although checking should have made them succeed.
    gaps: Cell<u32>,
    /// While a drop rule's condition is lowered for one type: the zone of the cells where
    /// that type could never move, per player (what `stuck` means there).
    stuck: Option<Vec<crate::ir::ZoneId>>,
}

impl Lowerer<'_> {
    /// Notes whether a lookup that checking guarantees succeeded; a failure is a gap in
    /// the checker (counted, and fatal in debug builds).
    fn expect(&self, ok: bool, what: &str) {
        if !ok {
            self.gaps.set(self.gaps.get() + 1);
            debug_assert!(false, "{what}");
        }
    }

    /// A lookup that checking guarantees, passed through [`Lowerer::expect`].
    fn found<T>(&self, x: Option<T>, what: &str) -> Option<T> {
        self.expect(x.is_some(), what);
        x
    }

    /// Number of players.
    fn np(&self) -> u8 {
        crate::ir::limits::faction_byte(self.d.players.len())
    }

    /// Hands the declarations and interned tables over to the game.
    fn finish(self, g: &mut Game) {
        let (d, t) = (self.d, self.t);
        g.has_royal = d.types.iter().any(|t| t.royal);
        g.tracks_moved = vec![true; d.types.len()];
        g.types = d.types;
        g.zone_sets = d.zone_sets;
        g.zones = d.zones;
        g.vars = d.vars;
        g.nslots = d.nslots;
        g.options = d.options;
        g.reserves = d.reserves;
        g.conds = t.conds;
        g.exprs = t.exprs;
        g.turn_tables = t.turn_tables;
        g.promote_cells = g.promotions.iter().map(|ps| pieces::promote_cells(g, ps)).collect();
        g.gen_of = g.moves_of.clone();
    }
}
