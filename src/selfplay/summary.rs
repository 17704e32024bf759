//! The summary of a run's games, from what each game's record holds (so `interp stats`
//! over the records of a run's shards prints what the whole run printed): per colour, per
//! decider with the Elo difference, endings by rule name, capped games apart, lengths.
//! Its last line is exactly `white-wins W black-wins B draws D`.

use super::{Score, Searched};
use std::fmt::Write as _;

/// How a game ended, as the summary counts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// By an end rule: its name, else `the rule `TEXT`` ([`crate::notation::Verdict::reason`]).
    Rule(String),
    /// Stopped at the move cap (counted as a draw).
    Capped,
}

/// One game as the summary counts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The game's number in the whole run, from 0.
    pub index: usize,
    /// Whether decider B played first.
    pub swapped: bool,
    /// The winner, None for a draw.
    pub winner: Option<u8>,
    /// Actions played.
    pub plies: usize,
    /// How it ended.
    pub end: End,
    /// Per player, in turn order, what its searching AI did (zero for other deciders and in
    /// records written before this was kept).
    pub search: Vec<Searched>,
}

impl Outcome {
    /// This game's win, draw or loss for decider A.
    pub fn for_a(&self) -> Score {
        let a = if self.swapped { 1 } else { 0 };
        match self.winner {
            None => Score { draws: 1, ..Score::default() },
            Some(w) if w == a => Score { wins: 1, ..Score::default() },
            Some(_) => Score { losses: 1, ..Score::default() },
        }
    }
}

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.wins += o.wins;
        self.draws += o.draws;
        self.losses += o.losses;
    }
}

/// What the summary says of the run as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunInfo {
    /// The game's name.
    pub game: String,
    /// The players' names, in turn order.
    pub players: Vec<String>,
    /// The run's seed.
    pub seed: u64,
    /// The ply cap.
    pub max_plies: usize,
    /// Deciders A (`--white`) and B (`--black`), with their budgets.
    pub deciders: [String; 2],
    /// The number of games of the whole run (all shards).
    pub total: usize,
    /// Whether the run plays colour-swapped pairs.
    pub pairs: bool,
    /// Whether searching AIs could agree a draw (None: records that do not say).
    pub agree: Option<bool>,
}

/// `1-3, 5, 7`: game numbers (from 0) shown from 1, runs of consecutive numbers joined.
fn ranges(indices: &[usize]) -> String {
    let mut parts: Vec<String> = vec![];
    let mut i = 0;
    while i < indices.len() {
        let mut j = i;
        while j + 1 < indices.len() && indices[j + 1] == indices[j] + 1 {
            j += 1;
        }
        parts.push(if j > i { format!("{}-{}", indices[i] + 1, indices[j] + 1) } else { (indices[i] + 1).to_string() });
        i = j + 1;
    }
    parts.join(", ")
}

/// The summary text of `games` (in any order: they are sorted by number).
pub fn summary(info: &RunInfo, games: &[Outcome]) -> String {
    let mut games = games.to_vec();
    games.sort_by_key(|o| o.index);
    let mut s = header(info, &games);
    s.push_str(&per_colour(info, &games));
    s.push_str(&endings(info, &games));
    if info.players.len() == 2 {
        s.push_str(&per_decider(info, &games));
        s.push_str(&speed(&games));
    }
    let wins = |p: u8| games.iter().filter(|o| o.winner == Some(p)).count();
    let d = games.iter().filter(|o| o.winner.is_none()).count();
    let _ = writeln!(s, "white-wins {} black-wins {} draws {d}", wins(0), wins(1));
    s
}

/// The game, the games played, seed, cap and who decided for each colour.
fn header(info: &RunInfo, games: &[Outcome]) -> String {
    let n = games.len();
    let mut s = String::new();
    let pairs = if info.pairs { " in colour-swapped pairs" } else { "" };
    let agree = if info.agree == Some(false) { ", no agreed draws" } else { "" };
    let _ =
        writeln!(s, "{}: {n} games{pairs}, seed {}, move cap {} plies{agree}", info.game, info.seed, info.max_plies);
    let indices: Vec<usize> = games.iter().map(|o| o.index).collect();
    if indices != (0..info.total).collect::<Vec<_>>() {
        let which = if indices.is_empty() { "none".to_string() } else { ranges(&indices) };
        let _ = writeln!(s, "games played: {which} of the run's {} (numbered from 1)", info.total);
    }
    let [a, b] = &info.deciders;
    if info.pairs {
        let _ = writeln!(s, "{}", deciders(info));
        let _ = writeln!(s, "{}: A in odd-numbered games, B in even-numbered ones", side(info, 0));
        let _ = writeln!(s, "{}: B in odd-numbered games, A in even-numbered ones", side(info, 1));
    } else {
        let _ = writeln!(s, "{}: {a}", side(info, 0));
        // A one-player game has no second player: its line names decider B all the same.
        let _ = writeln!(s, "{}: {b}", side(info, 1));
    }
    s
}

/// `white`, `black`, then the game's name of the player when it differs (`white (Red)`).
fn side(info: &RunInfo, p: usize) -> String {
    let label = if p == 0 { "white" } else { "black" };
    match info.players.get(p) {
        Some(name) if name != label => format!("{label} ({name})"),
        _ => label.to_string(),
    }
}

/// Wins of each player, draws, and the lengths.
fn per_colour(info: &RunInfo, games: &[Outcome]) -> String {
    let n = games.len();
    let pct = |k: usize| if n == 0 { 0.0 } else { 100.0 * k as f64 / n as f64 };
    let mut s = String::new();
    for p in 0..info.players.len().max(2) {
        let k = games.iter().filter(|o| o.winner == Some(p as u8)).count();
        let who = if p < 2 { side(info, p) } else { info.players[p].clone() };
        let _ = writeln!(s, "{who} wins: {k} ({:.1}%)", pct(k));
    }
    let d = games.iter().filter(|o| o.winner.is_none()).count();
    let _ = writeln!(s, "draws: {d} ({:.1}%)", pct(d));
    let lens: Vec<f64> = games.iter().map(|o| o.plies as f64).collect();
    let mean = if n == 0 { 0.0 } else { lens.iter().sum::<f64>() / n as f64 };
    let sd = if n < 2 { 0.0 } else { (lens.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt() };
    let (min, max) =
        (games.iter().map(|o| o.plies).min().unwrap_or(0), games.iter().map(|o| o.plies).max().unwrap_or(0));
    let _ = writeln!(s, "length (plies): mean {mean:.1}, sd {sd:.1}, min {min}, max {max}");
    s
}

/// Endings by rule name (most frequent first, then by name), and the capped games apart.
fn endings(info: &RunInfo, games: &[Outcome]) -> String {
    let mut counts: Vec<(String, usize)> = vec![];
    for o in games {
        if let End::Rule(r) = &o.end {
            match counts.iter_mut().find(|(name, _)| name == r) {
                Some(c) => c.1 += 1,
                None => counts.push((r.clone(), 1)),
            }
        }
    }
    counts.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
    let list: Vec<String> = counts.iter().map(|(r, k)| format!("{r} {k}")).collect();
    let capped = games.iter().filter(|o| o.end == End::Capped).count();
    let mut s = String::new();
    let _ = writeln!(s, "endings: {}", if list.is_empty() { "none by a rule".to_string() } else { list.join(", ") });
    let _ = writeln!(s, "capped at {} plies: {capped} (counted as draws)", info.max_plies);
    s
}

/// Decider A's score against B, and the Elo difference it implies.
fn per_decider(info: &RunInfo, games: &[Outcome]) -> String {
    let mut score = Score::default();
    for o in games {
        score += o.for_a();
    }
    let n = score.games();
    let pct = if n == 0 { 0.0 } else { 100.0 * score.points() / n as f64 };
    let mut s = String::new();
    if !info.pairs {
        let _ = writeln!(s, "{}", deciders(info));
    }
    let _ = writeln!(
        s,
        "score A-B: {}-{} ({pct:.1}% for A: {} won, {} drawn, {} lost)",
        half(score.points()),
        half(n as f64 - score.points()),
        score.wins,
        score.draws,
        score.losses
    );
    let _ = writeln!(s, "Elo difference A-B: {}", score.describe_elo());
    s
}

/// Each searching decider's nodes per second over the run (`search speed: A 152300
/// nodes/s, B 148900 nodes/s`); nothing when neither searched.
fn speed(games: &[Outcome]) -> String {
    let mut by = [Searched::default(); 2];
    for o in games {
        for (p, sp) in o.search.iter().enumerate().take(2) {
            by[if o.swapped { 1 - p } else { p }] += *sp;
        }
    }
    let parts: Vec<String> = ["A", "B"]
        .iter()
        .zip(by)
        .filter_map(|(d, sp)| sp.nps().filter(|_| sp.nodes > 0).map(|n| format!("{d} {n} nodes/s")))
        .collect();
    if parts.is_empty() { String::new() } else { format!("search speed: {}\n", parts.join(", ")) }
}

/// `A = ai (200 nodes per move) (--white), B = random (--black)`.
fn deciders(info: &RunInfo) -> String {
    let [a, b] = &info.deciders;
    format!("A = {a} (--white), B = {b} (--black)")
}

/// `7.5`, `3`: a number of points.
fn half(x: f64) -> String {
    if x.fract() == 0.0 { format!("{x:.0}") } else { format!("{x:.1}") }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(pairs: bool, total: usize) -> RunInfo {
        RunInfo {
            game: "G".into(),
            players: vec!["white".into(), "black".into()],
            seed: 3,
            max_plies: 50,
            deciders: ["ai (10 nodes per move)".into(), "random".into()],
            total,
            pairs,
            agree: Some(true),
        }
    }

    fn game(index: usize, swapped: bool, winner: Option<u8>, end: End) -> Outcome {
        Outcome { index, swapped, winner, plies: 10 + index, end, search: vec![] }
    }

    #[test]
    fn counts_endings_by_rule_and_capped_games_apart() {
        let mate = || End::Rule("checkmate".into());
        let games = [
            game(0, false, Some(0), mate()),
            game(1, true, Some(0), mate()),
            game(2, false, None, End::Rule("the rule `draw if repetition(3)`".into())),
            game(3, true, None, End::Capped),
        ];
        let s = summary(&info(true, 4), &games);
        assert!(s.contains("endings: checkmate 2, the rule `draw if repetition(3)` 1\n"), "{s}");
        assert!(s.contains("capped at 50 plies: 1 (counted as draws)\n"), "{s}");
        // A won game 0 as white and lost game 1 (B was white); two draws.
        assert!(s.contains("score A-B: 2-2 (50.0% for A: 1 won, 2 drawn, 1 lost)\n"), "{s}");
        assert!(
            s.contains("A = ai (10 nodes per move) (--white), B = random (--black)\nwhite: A in odd-numbered"),
            "{s}"
        );
        assert!(!s.contains("games played"), "{s}");
        assert!(s.ends_with("white-wins 2 black-wins 0 draws 2\n"), "{s}");
    }

    #[test]
    fn a_part_of_the_run_says_which_games() {
        let games = [game(4, false, Some(1), End::Capped), game(0, false, Some(0), End::Capped)];
        let s = summary(&info(false, 6), &games);
        assert!(s.contains("games played: 1, 5 of the run's 6 (numbered from 1)\n"), "{s}");
        assert_eq!(ranges(&[0, 1, 2, 4, 6, 7]), "1-3, 5, 7-8");
    }
}
