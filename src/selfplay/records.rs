//! A run's games as game records (`selfplay --records`), and records read back as the
//! summary's outcomes (`interp stats`).
//!
//! Each record carries the record format's own tags (the game file, the deciders as the
//! players, the result and its termination: the deciding rule, an agreed draw, or the move
//! cap) and the run's: `Round` (the game's number in the run, from 1), `Seed`, `MoveCap`, `RunGames`
//! (the games of the whole run, every shard), `Pairs`, `DeciderA`, `DeciderB` and
//! `PlayerNames` (the game's names of its players, separated by `, `), `AgreedDraws` (`yes`
//! when searching AIs could agree a draw, `no` under `--no-agreed-draws`); `SearchNodes` and
//! `SearchMillis` (per player, separated by spaces: the nodes its AI searched and the
//! milliseconds it spent, 0 for a decider that does not search).

use super::{Config, End, Ending, Finished, Outcome, RunInfo, Searched};
use crate::ir::Game;
use crate::record::{DRAW_AGREED, GameRecord, Header, Outcome as Result_, ReplayError};

const ROUND: &str = "Round";
const SEED: &str = "Seed";
const MOVE_CAP: &str = "MoveCap";
const RUN_GAMES: &str = "RunGames";
const PAIRS: &str = "Pairs";
const DECIDER_A: &str = "DeciderA";
const DECIDER_B: &str = "DeciderB";
const PLAYER_NAMES: &str = "PlayerNames";
const AGREED_DRAWS: &str = "AgreedDraws";
const SEARCH_NODES: &str = "SearchNodes";
const SEARCH_MILLIS: &str = "SearchMillis";

/// The `Termination` of a game stopped at the move cap.
pub fn capped_termination(max_plies: usize) -> String {
    format!("capped at {max_plies} plies (counted as a draw)")
}

/// The record of one game of the run; `base` gives the game file, options and start (its
/// players are set here: the game's deciders, with their budgets).
pub fn game_record(g: &Game, cfg: &Config, base: &Header, f: &Finished) -> Result<GameRecord, ReplayError> {
    let mut h = base.clone();
    h.players = cfg.players(g.np(), f.slot.swapped).iter().map(|p| p.describe(cfg.limits)).collect();
    let mut rec = GameRecord::of_game(g, &h, &f.played.moves)?;
    match f.played.ending {
        Ending::MoveCap => rec.set_outcome(Result_::Draw, Some(&capped_termination(cfg.max_plies))),
        Ending::Agreed => rec.set_outcome(Result_::Draw, Some(DRAW_AGREED)),
        Ending::Over(_) => {}
    }
    let info = cfg.info(g);
    let yes_no = if info.pairs { "yes" } else { "no" };
    for (tag, value) in [
        (ROUND, (f.slot.index + 1).to_string()),
        (SEED, info.seed.to_string()),
        (MOVE_CAP, info.max_plies.to_string()),
        (RUN_GAMES, info.total.to_string()),
        (PAIRS, yes_no.to_string()),
        (DECIDER_A, info.deciders[0].clone()),
        (DECIDER_B, info.deciders[1].clone()),
        (PLAYER_NAMES, info.players.join(", ")),
        (AGREED_DRAWS, if info.agree == Some(false) { "no" } else { "yes" }.to_string()),
        (SEARCH_NODES, f.played.search.iter().map(|s| s.nodes.to_string()).collect::<Vec<_>>().join(" ")),
        (SEARCH_MILLIS, f.played.search.iter().map(|s| s.millis.to_string()).collect::<Vec<_>>().join(" ")),
    ] {
        rec.set_tag(tag, &value);
    }
    Ok(rec)
}

/// Why a record cannot be counted by `stats`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StatsError {
    /// A tag of selfplay's records is missing (the record was not written by `selfplay
    /// --records`).
    #[error("no [{0} …] tag: not a record of `selfplay --records`")]
    Missing(&'static str),
    /// A tag's value does not read.
    #[error("[{tag} \"{value}\"] does not read as {what}")]
    Bad {
        /// The tag.
        tag: &'static str,
        /// Its value.
        value: String,
        /// What was expected.
        what: &'static str,
    },
    /// The game has no result.
    #[error("the game is unfinished (result *)")]
    Unfinished,
    /// The record belongs to another run than the first record read.
    #[error("it is from another run than the first record ({0} differs)")]
    OtherRun(&'static str),
    /// The same game of the run was read twice.
    #[error("game {0} of the run was read before")]
    Twice(usize),
}

/// A tag's value, required.
fn tag<'a>(rec: &'a GameRecord, name: &'static str) -> Result<&'a str, StatsError> {
    rec.tag(name).ok_or(StatsError::Missing(name))
}

/// A tag's value as a number.
fn number<T: std::str::FromStr>(rec: &GameRecord, name: &'static str) -> Result<T, StatsError> {
    let v = tag(rec, name)?;
    v.parse().map_err(|_| StatsError::Bad { tag: name, value: v.to_string(), what: "a whole number" })
}

/// Per player, what its AI searched (empty when the record does not say).
fn searched(rec: &GameRecord) -> Result<Vec<Searched>, StatsError> {
    let list = |name: &'static str| -> Result<Vec<u64>, StatsError> {
        let Some(v) = rec.tag(name) else { return Ok(vec![]) };
        let bad = || StatsError::Bad { tag: name, value: v.to_string(), what: "whole numbers separated by spaces" };
        v.split_whitespace().map(|x| x.parse().map_err(|_| bad())).collect()
    };
    let (nodes, millis) = (list(SEARCH_NODES)?, list(SEARCH_MILLIS)?);
    Ok(nodes
        .iter()
        .zip(millis.iter().chain(std::iter::repeat(&0)))
        .map(|(&n, &m)| Searched { nodes: n, millis: m })
        .collect())
}

/// The run a record belongs to, and the game it holds.
pub fn read_outcome(rec: &GameRecord) -> Result<(RunInfo, Outcome), StatsError> {
    let pairs = match tag(rec, PAIRS)? {
        "yes" => true,
        "no" => false,
        v => return Err(StatsError::Bad { tag: PAIRS, value: v.to_string(), what: "yes or no" }),
    };
    let info = RunInfo {
        game: tag(rec, "GameName")?.to_string(),
        players: tag(rec, PLAYER_NAMES)?.split(", ").map(String::from).collect(),
        seed: number(rec, SEED)?,
        max_plies: number(rec, MOVE_CAP)?,
        deciders: [tag(rec, DECIDER_A)?.to_string(), tag(rec, DECIDER_B)?.to_string()],
        total: number(rec, RUN_GAMES)?,
        pairs,
        agree: match rec.tag(AGREED_DRAWS) {
            None => None,
            Some("yes") => Some(true),
            Some("no") => Some(false),
            Some(v) => return Err(StatsError::Bad { tag: AGREED_DRAWS, value: v.to_string(), what: "yes or no" }),
        },
    };
    let round: usize = number(rec, ROUND)?;
    if round == 0 || round > info.total {
        let value = round.to_string();
        return Err(StatsError::Bad { tag: ROUND, value, what: "a game of the run (1 to RunGames)" });
    }
    let winner = match rec.result {
        Result_::Win(w) => Some(w),
        Result_::Draw => None,
        Result_::Unfinished => return Err(StatsError::Unfinished),
    };
    let termination = tag(rec, "Termination")?;
    let end = if termination == capped_termination(info.max_plies) {
        End::Capped
    } else {
        End::Rule(termination.to_string())
    };
    let index = round - 1;
    let search = searched(rec)?;
    let outcome =
        Outcome { index, swapped: pairs && index % 2 == 1, winner, plies: number(rec, "Plies")?, end, search };
    Ok((info, outcome))
}

/// Adds a record's game to those of one run (`run` is set by the first record).
pub fn merge(run: &mut Option<RunInfo>, games: &mut Vec<Outcome>, rec: &GameRecord) -> Result<(), StatsError> {
    let (info, outcome) = read_outcome(rec)?;
    if let Some(first) = run.as_ref() {
        let differs = [
            (first.game != info.game, "GameName"),
            (first.seed != info.seed, SEED),
            (first.max_plies != info.max_plies, MOVE_CAP),
            (first.total != info.total, RUN_GAMES),
            (first.pairs != info.pairs, PAIRS),
            (first.deciders[0] != info.deciders[0], DECIDER_A),
            (first.deciders[1] != info.deciders[1], DECIDER_B),
            (first.players != info.players, PLAYER_NAMES),
            (first.agree != info.agree, AGREED_DRAWS),
        ];
        if let Some((_, which)) = differs.iter().find(|(d, _)| *d) {
            return Err(StatsError::OtherRun(which));
        }
    } else {
        *run = Some(info);
    }
    if games.iter().any(|o| o.index == outcome.index) {
        return Err(StatsError::Twice(outcome.index + 1));
    }
    games.push(outcome);
    Ok(())
}
