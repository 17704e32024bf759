//! Self-play: N games between the AI and/or a random player, with a summary.

use crate::ai::{Ai, Choice, Limits, Rng, random_move, sample_chance};
use crate::engine::Status;
use crate::engine::{MoveList, PatternOverrun, State, take_overrun};
use crate::ir::Game;
use std::fmt::Write as _;
use std::io::Write as _;

/// Who makes a side's decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The searching AI.
    Ai,
    /// A uniformly random legal move.
    Random,
}

impl Player {
    /// Parses `ai` or `random`.
    pub fn parse(s: &str) -> Option<Player> {
        match s {
            "ai" => Some(Player::Ai),
            "random" => Some(Player::Random),
            _ => None,
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Player::Ai => "ai",
            Player::Random => "random",
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The player to move had no legal move while one of its royal pieces was attacked
    /// (checkmate, in chess).
    NoMovesRoyalAttacked,
    /// The player to move had no legal move and none of its royal pieces was attacked.
    NoMoves,
    /// An end rule of the game applied while moves remained (repetition, clocks, material…).
    Rule,
    /// The ply cap was reached (counted as a draw).
    MoveCap,
}

impl Ending {
    /// Every ending, in the summary's order.
    pub const ALL: [Ending; 4] = [Ending::NoMovesRoyalAttacked, Ending::NoMoves, Ending::Rule, Ending::MoveCap];

    /// Short name (the chess word for the first).
    pub fn name(self) -> &'static str {
        match self {
            Ending::NoMovesRoyalAttacked => "checkmate",
            Ending::NoMoves => "no-moves",
            Ending::Rule => "rule",
            Ending::MoveCap => "move-cap",
        }
    }
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct Record {
    /// The winner, None for a draw (move-cap games included).
    pub winner: Option<u8>,
    /// Number of decisions played.
    pub plies: usize,
    /// How it ended.
    pub ending: Ending,
    /// The actions played.
    pub moves: Vec<String>,
    /// A pattern run that went over its budget and stopped the game (its result is then
    /// unknown: the run stops, see [`run`]).
    pub overrun: Option<PatternOverrun>,
}

/// Self-play settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// Number of games.
    pub games: usize,
    /// Who decides for each player, one entry per player.
    pub players: Vec<Player>,
    /// Budget per AI decision.
    pub limits: Limits,
    /// Seed of the whole run.
    pub seed: u64,
    /// Ply cap per game.
    pub max_plies: usize,
    /// Draw a progress bar on stderr.
    pub progress: bool,
}

/// A seed for one game and side, derived from the run's seed.
pub fn game_seed(seed: u64, game: usize, side: u64) -> u64 {
    Rng::new(seed ^ (game as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ side.wrapping_mul(0xd1b5_4a32_d192_ed03))
        .next_u64()
}

/// Plays one game from `start` (whose earlier positions have keys `history`); `players`
/// has one entry per player.
pub fn play_game(
    g: &Game,
    start: &State,
    history: &[u64],
    players: impl AsRef<[Player]>,
    limits: Limits,
    seed: u64,
    max_plies: usize,
) -> Record {
    let players = players.as_ref();
    let mut st = start.clone();
    let mut hist = history.to_vec();
    let mut ais: Vec<Ai> =
        (0..g.np()).map(|p| Ai::new(g, seed ^ (p as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d))).collect();
    let mut rng = Rng::new(seed);
    let mut list = MoveList::default();
    let mut scratch = st.clone();
    let mut moves = vec![];
    take_overrun();
    loop {
        let status = g.node_into(&st, &hist, true, &mut list, &mut scratch);
        if let Some(e) = take_overrun() {
            return Record { winner: None, plies: moves.len(), ending: Ending::MoveCap, moves, overrun: Some(e) };
        }
        if let Status::Over(winner) = status {
            let ending = ending(g, &st, &mut list, &mut scratch);
            return Record { winner, plies: moves.len(), ending, moves, overrun: None };
        }
        if moves.len() >= max_plies {
            return Record { winner: None, plies: moves.len(), ending: Ending::MoveCap, moves, overrun: None };
        }
        let me = st.to_move as usize;
        let choice = if status == Status::Chance {
            // The environment rolls the dice, whoever the players are.
            let m = sample_chance(g, &st, &list, &mut rng);
            Some(Choice::of(g, &st, &list, &m))
        } else {
            match players[me] {
                Player::Ai => ais[me].choose(&st, &hist, limits),
                Player::Random => random_move(g, &st, &hist, &mut rng),
            }
        };
        if let Some(e) = take_overrun() {
            return Record { winner: None, plies: moves.len(), ending: Ending::MoveCap, moves, overrun: Some(e) };
        }
        let Some(c) = choice else {
            // Cannot happen (the status said a decision is due); end the game as stuck.
            return Record { winner: None, plies: moves.len(), ending: Ending::NoMoves, moves, overrun: None };
        };
        hist.push(g.position_key(&st));
        c.apply(g, &mut st);
        moves.push(c.notation);
    }
}

/// How a finished game ended: by an end rule while moves remained, or for want of moves
/// (with or without a royal piece attacked).
fn ending(g: &Game, st: &State, list: &mut MoveList, scratch: &mut State) -> Ending {
    if g.has_legal_action(st, list, scratch) {
        Ending::Rule
    } else if g.in_check(st, st.to_move) {
        Ending::NoMovesRoyalAttacked
    } else {
        Ending::NoMoves
    }
}

/// Plays the configured games from `start`, drawing a progress bar if asked; stops after
/// a game a pattern overrun stopped (the last record has it).
pub fn run(g: &Game, start: &State, history: &[u64], cfg: &Config) -> Vec<Record> {
    let mut out = vec![];
    let bar = |k: usize| {
        if cfg.progress {
            const W: usize = 30;
            let filled = (k * W).checked_div(cfg.games).unwrap_or(W);
            eprint!("\r[{}{}] {}/{}", "#".repeat(filled), " ".repeat(W - filled), k, cfg.games);
            let _ = std::io::stderr().flush();
        }
    };
    bar(0);
    for i in 0..cfg.games {
        let seed = game_seed(cfg.seed, i, 0);
        let record = play_game(g, start, history, &cfg.players, cfg.limits, seed, cfg.max_plies);
        let stop = record.overrun.is_some();
        out.push(record);
        bar(i + 1);
        if stop {
            break;
        }
    }
    if cfg.progress {
        eprintln!();
    }
    out
}

/// The summary text; its last line is exactly `white-wins W black-wins B draws D`.
pub fn summary(g: &Game, cfg: &Config, records: &[Record]) -> String {
    let n = records.len();
    let pct = |k: usize| if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 };
    let wins = |p: u8| records.iter().filter(|r| r.winner == Some(p)).count();
    let (w, b) = (wins(0), wins(1));
    let d = records.iter().filter(|r| r.winner.is_none()).count();
    let name = |p: usize| g.players.get(p).cloned().unwrap_or_else(|| format!("player {p}"));
    let budget = {
        let mut parts = vec![];
        if let Some(t) = cfg.limits.time_ms {
            parts.push(format!("{t} ms"));
        }
        if let Some(k) = cfg.limits.nodes {
            parts.push(format!("{k} nodes"));
        }
        parts.join(", ")
    };
    let who = |p: Player| match p {
        Player::Ai => format!("ai ({budget} per move)"),
        Player::Random => "random".to_string(),
    };
    let mut s = String::new();
    let _ = writeln!(s, "{}: {} games, seed {}, move cap {} plies", g.name, n, cfg.seed, cfg.max_plies);
    // Sides are `white` and `black` (first and second player); the game's names follow when they differ.
    let side =
        |label: &str, p: usize| if name(p) == label { label.to_string() } else { format!("{label} ({})", name(p)) };
    let (white, black) = (side("white", 0), side("black", 1));
    // The second line names the second player's decider (a one-player game has none: its
    // line repeats the first).
    let player = |p: usize| cfg.players.get(p).or(cfg.players.last()).copied().unwrap_or(Player::Ai);
    let _ = writeln!(s, "{white}: {}", who(player(0)));
    let _ = writeln!(s, "{black}: {}", who(player(1)));
    let _ = writeln!(s, "{white} wins: {} ({:.1}%)", w, pct(w));
    let _ = writeln!(s, "{black} wins: {} ({:.1}%)", b, pct(b));
    for p in 2..g.np() {
        let k = wins(p as u8);
        let _ = writeln!(s, "{} wins: {} ({:.1}%)", name(p), k, pct(k));
    }
    let _ = writeln!(s, "draws: {} ({:.1}%)", d, pct(d));
    let lens: Vec<f64> = records.iter().map(|r| r.plies as f64).collect();
    let mean = if n == 0 { 0.0 } else { lens.iter().sum::<f64>() / n as f64 };
    let sd = if n < 2 { 0.0 } else { (lens.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt() };
    let (min, max) =
        (records.iter().map(|r| r.plies).min().unwrap_or(0), records.iter().map(|r| r.plies).max().unwrap_or(0));
    let _ = writeln!(s, "length (plies): mean {mean:.1}, sd {sd:.1}, min {min}, max {max}");
    let ends: Vec<String> = Ending::ALL
        .iter()
        .map(|e| format!("{} {}", e.name(), records.iter().filter(|r| r.ending == *e).count()))
        .collect();
    let _ = writeln!(s, "endings: {}", ends.join(", "));
    let _ = writeln!(s, "white-wins {w} black-wins {b} draws {d}");
    s
}
