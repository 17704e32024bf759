//! Self-play: games between the AI and/or a random player, with a summary.
//!
//! `game` plays one game; `plan` says which games a run (or one shard of it) plays, with
//! which seed and colours; `run` plays them, in parallel with `--jobs`, while `progress`
//! reports on stderr; `summary` sums the games up (per colour, per decider with `elo`,
//! endings by rule name, capped games apart); `records` writes them as game records and
//! reads them back for `interp stats`.

mod elo;
mod game;
mod plan;
mod progress;
mod records;
mod run;
mod summary;

pub use elo::{Elo, Score, elo_of};
pub use game::{Ending, GameRun, Played, Searched, game_seed, play_game, play_game_watched};
pub use plan::{Shard, ShardError, Slot, plan, run_games};
pub use records::{StatsError, capped_termination, game_record, merge, read_outcome};
pub use run::{Finished, run};
pub use summary::{End, Outcome, RunInfo, summary};

use crate::ai::Limits;
use crate::ir::SearchKind;

/// Who makes a side's decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The searching AI, with the game's search.
    Ai,
    /// The searching AI, with the given search.
    Search(SearchKind),
    /// A uniformly random legal move.
    Random,
}

impl Player {
    /// Parses `ai`, `random`, `alphabeta` or `mcts`.
    pub fn parse(s: &str) -> Option<Player> {
        match s {
            "ai" => Some(Player::Ai),
            "random" => Some(Player::Random),
            "alphabeta" => Some(Player::Search(SearchKind::AlphaBeta)),
            "mcts" => Some(Player::Search(SearchKind::Mcts)),
            _ => None,
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Player::Ai => "ai",
            Player::Search(SearchKind::AlphaBeta) => "alphabeta",
            Player::Search(SearchKind::Mcts) => "mcts",
            Player::Random => "random",
        }
    }

    /// The decider with `search` for the game's search (`--ai`): an `ai` decider becomes
    /// one with that search; the others stay.
    pub fn with_search(self, search: Option<SearchKind>) -> Player {
        match (self, search) {
            (Player::Ai, Some(kind)) => Player::Search(kind),
            (p, _) => p,
        }
    }

    /// `ai (200 nodes per move)`, `random`: the decider with its budget, as summaries and
    /// records name it.
    pub fn describe(self, limits: Limits) -> String {
        match self {
            Player::Random => "random".to_string(),
            Player::Ai | Player::Search(_) => {
                let mut parts = vec![];
                if let Some(t) = limits.time_ms {
                    parts.push(format!("{t} ms"));
                }
                if let Some(k) = limits.nodes {
                    parts.push(format!("{k} nodes"));
                }
                format!("{} ({} per move)", self.name(), parts.join(", "))
            }
        }
    }
}

/// Self-play settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// Number of seeds: games, or colour-swapped pairs with `pairs`.
    pub games: usize,
    /// The two deciders: A (`--white`, the first player) and B (`--black`, every other
    /// player); with `pairs`, the second game of each pair swaps them.
    pub deciders: [Player; 2],
    /// Budget per AI decision.
    pub limits: Limits,
    /// Seed of the whole run.
    pub seed: u64,
    /// Ply cap per game.
    pub max_plies: usize,
    /// Whether searching AIs may agree a draw (see [`play_game_watched`]).
    pub agree: bool,
    /// Report progress on stderr (a bar on a terminal, plain lines otherwise).
    pub progress: bool,
    /// Play every seed twice, the second time with the deciders swapped.
    pub pairs: bool,
    /// Games played at once (threads).
    pub jobs: usize,
    /// Play only this shard's games.
    pub shard: Option<Shard>,
}

impl Config {
    /// One decider per player for a game (`swapped`: B plays first, A the others).
    pub fn players(&self, np: usize, swapped: bool) -> Vec<Player> {
        let [a, b] = if swapped { [self.deciders[1], self.deciders[0]] } else { self.deciders };
        (0..np).map(|p| if p == 0 { a } else { b }).collect()
    }

    /// What the summary says of the run as a whole (`g` for its names).
    pub fn info(&self, g: &crate::ir::Game) -> RunInfo {
        RunInfo {
            game: g.name.clone(),
            players: g.players.clone(),
            seed: self.seed,
            max_plies: self.max_plies,
            deciders: self.deciders.map(|d| d.describe(self.limits)),
            total: run_games(self.games, self.pairs),
            pairs: self.pairs,
            agree: Some(self.agree),
        }
    }
}
