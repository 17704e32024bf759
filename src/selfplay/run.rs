//! Playing a run's games, one after another or on `jobs` threads (rayon), with the same
//! results either way: each game's seed comes from the run's seed and its number, its
//! deciders' state is its own, and the games come back in game order.

use super::progress::Progress;
use super::{Config, End, GameRun, Outcome, Played, Slot, game_seed, plan, play_game_watched};
use crate::engine::State;
use crate::ir::Game;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// One game of the run, played.
#[derive(Debug, Clone)]
pub struct Finished {
    /// Which game of the run it is.
    pub slot: Slot,
    /// How it went.
    pub played: Played,
}

impl Finished {
    /// The game as the summary counts it (`g` names its deciding rule).
    pub fn outcome(&self, g: &Game) -> Outcome {
        let end = self.played.ending.reason(g).map_or(End::Capped, End::Rule);
        Outcome {
            index: self.slot.index,
            swapped: self.slot.swapped,
            winner: self.played.winner,
            plies: self.played.plies,
            end,
            search: self.played.search.clone(),
        }
    }
}

/// Plays the configured games (the shard's, if one is set) from `start`, reporting
/// progress if asked. A game that a pattern overrun stopped stops the run: the games
/// before it are all played and returned, it last (it has the overrun), none after it.
pub fn run(g: &Game, start: &State, history: &[u64], cfg: &Config) -> Vec<Finished> {
    let slots = plan(cfg.games, cfg.pairs, cfg.shard);
    let progress = Progress::new(slots.len(), cfg.progress);
    // The position (in `slots`) of the first game that overran; later games are skipped.
    let first_overrun = AtomicUsize::new(usize::MAX);
    let play = |(pos, slot): (usize, &Slot)| -> Option<Finished> {
        if pos > first_overrun.load(Ordering::SeqCst) {
            return None;
        }
        let players = cfg.players(g.np(), slot.swapped);
        let seed = game_seed(cfg.seed, slot.seed_index, 0);
        let number = slot.index + 1;
        let mut watch = |plies| progress.ply(number, plies);
        let run = GameRun { seed, max_plies: cfg.max_plies, agree: cfg.agree };
        let played = play_game_watched(g, start, history, &players, cfg.limits, run, &mut watch);
        if played.overrun.is_some() {
            first_overrun.fetch_min(pos, Ordering::SeqCst);
        }
        let finished = Finished { slot: *slot, played };
        progress.done(number, finished.outcome(g).for_a());
        Some(finished)
    };
    let pool = (cfg.jobs > 1).then(|| rayon::ThreadPoolBuilder::new().num_threads(cfg.jobs).build().ok()).flatten();
    let results: Vec<Option<Finished>> = match pool {
        Some(pool) => pool.install(|| slots.par_iter().enumerate().map(play).collect()),
        None => slots.iter().enumerate().map(play).collect(),
    };
    progress.finish();
    let keep = first_overrun.load(Ordering::SeqCst).saturating_add(1);
    results.into_iter().take(keep).flatten().collect()
}
