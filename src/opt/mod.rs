//! Load-time specialisation of the lowered game, as passes over its programs: slides
//! become single instructions, reversible attack programs become probes, fixed paths
//! become leap tables, long repetitions are memoised; then the moved flags that matter
//! are found, the attack tables built and the programs that wait for a register marked;
//! last, programs whose paths are all known at load become tables of guarded paths (a
//! piece's runs of tables joined into one) and tests of a cell's occupant (and of
//! numbers) become bit tables.

pub mod attack;
mod budget;
mod conds;
mod leap;
mod lines;
mod memo;
mod merge;
mod moved;
mod paths;
mod probes;
mod pushes;
mod slide;
mod tallies;
mod touch;

use crate::ir::{Game, ProgramId, Quick};

/// Which optional passes run. Each only speeds the game up: with any of them off, the
/// game plays the same. `Default` turns every pass on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Passes {
    /// A slide's generic loop (`D ([empty] same)* [fin]`) becomes one `Ray` instruction.
    pub slides: bool,
    /// Capturing programs that are slides or fixed paths are reversed into attack probes
    /// (walked back from the target) instead of being run forwards from every attacker.
    pub probes: bool,
    /// Fixed paths of steps with only a landing test become per-origin leap tables.
    pub leaps: bool,
    /// Repetitions without effects skip machine states already explored.
    pub memo: bool,
    /// Tests that read only the cell and its occupant become bit tables (guarded by the
    /// comparisons of numbers a test also makes).
    pub conds: bool,
    /// Programs without effects other than setting registers, and without repetitions
    /// bounded by anything but numbers, become tables of guarded paths per origin (and a
    /// repetition bounded by an expression gets tables for its first values).
    pub paths: bool,
    /// Tallies are counted only from the cells where their pattern's tests of its own cell
    /// can hold.
    pub tallies: bool,
    /// Push rules whose condition reads only the cell and the mover's type are judged on
    /// the position before the move (no copy of the position after it).
    pub pushes: bool,
    /// Runs of a piece's programs that are each one table (leaps, guarded paths) become
    /// one table for move generation.
    pub merge: bool,
}

impl Default for Passes {
    fn default() -> Self {
        Passes {
            slides: true,
            probes: true,
            leaps: true,
            memo: true,
            conds: true,
            paths: true,
            tallies: true,
            pushes: true,
            merge: true,
        }
    }
}

impl Passes {
    /// Every pass but the named one (`slides`, `probes`, `leaps`, `memo`, `conds`, `paths`,
    /// `tallies`, `pushes` or `merge`); None for another name.
    pub fn without(name: &str) -> Option<Passes> {
        let mut p = Passes::default();
        match name {
            "slides" => p.slides = false,
            "probes" => p.probes = false,
            "leaps" => p.leaps = false,
            "memo" => p.memo = false,
            "conds" => p.conds = false,
            "paths" => p.paths = false,
            "tallies" => p.tallies = false,
            "pushes" => p.pushes = false,
            "merge" => p.merge = false,
            _ => return None,
        }
        Some(p)
    }
}

/// Runs the passes in order (probes read slides and paths before leaps replace them),
/// then finds which moved flags matter and builds the attack tables, which the engine
/// always needs; the path tables and the condition tables come last, as the analyses
/// before them read the programs' general form.
pub fn optimise(game: &mut Game, passes: &Passes) {
    if passes.slides {
        slide::run(game);
    }
    if passes.probes {
        probes::run(game);
    }
    if passes.leaps {
        leap::run(game);
    }
    if passes.memo {
        memo::run(game);
    }
    moved::run(game);
    game.attack = attack::build(game);
    game.attack.touch = touch::build(game);
    game.attack.idle_triggers = touch::idle_triggers(game);
    game.attack.ray_cells = touch::ray_cells(game);
    // A program whose every path first needs a register set waits for it (generation skips
    // it while the register is unset).
    for i in 0..game.programs.len() {
        game.programs[i].waits = attack::gate(game, ProgramId::new(i));
    }
    // Last: the analyses above read the programs' general form.
    if passes.paths {
        paths::run(game);
    }
    if passes.merge {
        merge::run(game);
    }
    if passes.conds {
        conds::run(game);
    }
    if passes.tallies {
        tallies::run(game);
    }
    if passes.pushes {
        pushes::run(game);
    }
    for p in &mut game.programs {
        p.quick = Quick::of(&p.ops);
    }
}
