//! `selfplay`: machine games from a position, their summary and (with `--records`) their
//! game records.

use super::args::SelfplayArgs;
use super::run::limits;
use super::start::with_start;
use crate::selfplay::{Config, Finished, Player, run, summary};

/// `selfplay`: plays the run (or its shard) and prints the summary; a pattern overrun
/// stops the run with exit status 2.
pub(super) fn selfplay(a: &SelfplayArgs) -> i32 {
    let (Some(first), Some(others)) = (Player::parse(&a.white), Player::parse(&a.black)) else {
        eprintln!("--white and --black take `ai` or `random`");
        return 2;
    };
    with_start(&a.start, |g, st, hist| {
        if a.pairs && g.np() != 2 {
            eprintln!("--pairs swaps the two players' deciders; {} has {} players", a.start.game, g.np());
            return 2;
        }
        let cfg = Config {
            games: a.games,
            deciders: [first, others],
            limits: limits(a.think, a.nodes, 100),
            seed: a.seed,
            max_plies: a.max_plies,
            progress: !a.quiet,
            pairs: a.pairs,
            jobs: a.jobs,
            shard: a.shard,
        };
        let games = run(g, st, hist, &cfg);
        if let Some(e) = games.last().and_then(|r| r.played.overrun.as_ref()) {
            eprintln!("error: selfplay stopped in game {}: {e}", games.last().map_or(0, |f| f.slot.index + 1));
            return 2;
        }
        let outcomes: Vec<_> = games.iter().map(|f: &Finished| f.outcome(g)).collect();
        print!("{}", summary(&cfg.info(g), &outcomes));
        0
    })
}
