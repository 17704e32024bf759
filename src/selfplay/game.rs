//! One game of self-play: the deciders move in turn, the environment rolls the dice, until
//! the rules say the game is over, the players agree a draw (when every player is a
//! searching AI content with one, see [`Ai::content_with_draw`]) or the ply cap stops it.

use super::Player;
use crate::ai::{Ai, Choice, Limits, Rng, random_move, sample_chance};
use crate::engine::Status;
use crate::engine::{MoveList, PatternOverrun, State, take_overrun};
use crate::ir::Game;
use crate::notation::Verdict;
use crate::record::DRAW_AGREED;

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The rules said the game is over: the winner and the deciding end rule.
    Over(Verdict),
    /// Every player's AI was content with a draw, and they agreed one.
    Agreed,
    /// The ply cap was reached (counted as a draw).
    MoveCap,
}

impl Ending {
    /// The deciding rule's name (else `the rule `TEXT``); None for a capped game.
    pub fn reason(&self, g: &Game) -> Option<String> {
        match self {
            Ending::Over(v) => Some(v.reason(g)),
            Ending::Agreed => Some(DRAW_AGREED.to_string()),
            Ending::MoveCap => None,
        }
    }
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct Played {
    /// The winner, None for a draw (move-cap games included).
    pub winner: Option<u8>,
    /// Number of actions played (decisions and chance outcomes).
    pub plies: usize,
    /// How it ended.
    pub ending: Ending,
    /// The actions played.
    pub moves: Vec<String>,
    /// A pattern run that went over its budget and stopped the game (its result is then
    /// unknown: the run stops, see [`super::run`]).
    pub overrun: Option<PatternOverrun>,
    /// Per player, what its searching AI did over the game (none for other deciders).
    pub search: Vec<Searched>,
}

/// What an AI's searches came to over a game: nodes searched and time spent.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Searched {
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent searching, in milliseconds.
    pub millis: u64,
}

impl Searched {
    /// Nodes per second (None without time to divide by).
    pub fn nps(&self) -> Option<u64> {
        (self.millis > 0).then(|| self.nodes * 1000 / self.millis)
    }
}

impl std::ops::AddAssign for Searched {
    fn add_assign(&mut self, o: Searched) {
        self.nodes += o.nodes;
        self.millis += o.millis;
    }
}

/// How one game is run: its seed, its ply cap, and whether AIs may agree a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameRun {
    /// The game's seed (its AIs' tie-breaks and the dice).
    pub seed: u64,
    /// The ply cap.
    pub max_plies: usize,
    /// Whether the game ends drawn when every player is a searching AI content with a
    /// draw.
    pub agree: bool,
}

/// A seed for one game and side, derived from the run's seed.
pub fn game_seed(seed: u64, game: usize, side: u64) -> u64 {
    Rng::new(seed ^ (game as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ side.wrapping_mul(0xd1b5_4a32_d192_ed03))
        .next_u64()
}

/// Plays one game from `start` (whose earlier positions have keys `history`); `players`
/// has one entry per player. The players never agree a draw here (see
/// [`play_game_watched`]).
pub fn play_game(
    g: &Game,
    start: &State,
    history: &[u64],
    players: impl AsRef<[Player]>,
    limits: Limits,
    seed: u64,
    max_plies: usize,
) -> Played {
    let run = GameRun { seed, max_plies, agree: false };
    play_game_watched(g, start, history, players.as_ref(), limits, run, &mut |_| {})
}

/// The AI's choice at `st`, its nodes and time added to `searched`.
fn timed_choice(ai: &mut Ai, st: &State, hist: &[u64], limits: Limits, searched: &mut Searched) -> Option<Choice> {
    let started = std::time::Instant::now();
    let c = ai.choose(st, hist, limits);
    let millis = started.elapsed().as_millis() as u64;
    *searched += Searched { nodes: c.as_ref().map_or(0, |c| c.nodes), millis };
    c
}

/// One AI per player of a game with seed `seed` (the search a [`Player::Search`] names).
fn game_ais<'a>(g: &'a Game, players: &[Player], seed: u64) -> Vec<Ai<'a>> {
    (0..g.np())
        .map(|p| {
            let mut ai = Ai::new(g, seed ^ (p as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
            if let Some(Player::Search(kind)) = players.get(p) {
                ai.set_search(*kind);
            }
            ai
        })
        .collect()
}

/// [`play_game`] that calls `watch` with the number of actions played after each one,
/// run as `run` says.
pub fn play_game_watched(
    g: &Game,
    start: &State,
    history: &[u64],
    players: &[Player],
    limits: Limits,
    run: GameRun,
    watch: &mut dyn FnMut(usize),
) -> Played {
    let GameRun { seed, max_plies, agree } = run;
    let agree = agree && players.iter().all(|p| matches!(p, Player::Ai | Player::Search(_)));
    let mut st = start.clone();
    let mut hist = history.to_vec();
    let mut ais = game_ais(g, players, seed);
    let mut rng = Rng::new(seed);
    let mut list = MoveList::default();
    let mut scratch = st.clone();
    let mut moves = vec![];
    let mut search = vec![Searched::default(); g.np()];
    let end = |moves: Vec<String>, search: &[Searched], winner, ending, overrun| Played {
        winner,
        plies: moves.len(),
        ending,
        moves,
        overrun,
        search: search.to_vec(),
    };
    // The overrun record is per thread, and a game runs on one thread from start to end.
    take_overrun();
    loop {
        let (status, rule) = g.judge_node_into(&st, &hist, true, &mut list, &mut scratch);
        if let Some(e) = take_overrun() {
            return end(moves, &search, None, Ending::MoveCap, Some(e));
        }
        if let Status::Over(winner) = status {
            return end(moves, &search, winner, Ending::Over(Verdict { winner, rule }), None);
        }
        if agree && ais.iter().all(Ai::content_with_draw) {
            return end(moves, &search, None, Ending::Agreed, None);
        }
        if moves.len() >= max_plies {
            return end(moves, &search, None, Ending::MoveCap, None);
        }
        let me = st.to_move as usize;
        let choice = if status == Status::Chance {
            // The environment rolls the dice, whoever the players are.
            let m = sample_chance(g, &st, &list, &mut rng);
            Some(Choice::of(g, &st, &list, &m))
        } else {
            match players[me] {
                Player::Ai | Player::Search(_) => timed_choice(&mut ais[me], &st, &hist, limits, &mut search[me]),
                Player::Random => random_move(g, &st, &hist, &mut rng),
            }
        };
        if let Some(e) = take_overrun() {
            return end(moves, &search, None, Ending::MoveCap, Some(e));
        }
        let Some(c) = choice else {
            // Cannot happen (the status said a decision is due); end the game as stuck.
            return end(moves, &search, None, Ending::Over(Verdict { winner: None, rule: None }), None);
        };
        hist.push(g.position_key(&st));
        c.apply(g, &mut st);
        moves.push(c.notation);
        watch(moves.len());
    }
}
