//! A decider's score and the Elo difference it implies, with a 95% interval.
//!
//! The score `s` is (wins + draws / 2) / games; the Elo difference is the usual logistic
//! `-400 log10(1/s - 1)`. Its interval comes from the score's standard error (the spread
//! of the per-game points 1, ½, 0 around `s`, over √games): `s ± 1.96 SE`, each end turned
//! into Elo. A score of 0% or 100% has no finite estimate; an end of the interval at or
//! beyond 0% or 100% is infinite; results without spread (every game drawn) give no interval.

/// Wins, draws and losses of one decider.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    /// Games won.
    pub wins: usize,
    /// Games drawn (capped games included).
    pub draws: usize,
    /// Games lost.
    pub losses: usize,
}

/// An Elo difference and its 95% interval (any of them may be infinite).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    /// The estimate.
    pub diff: f64,
    /// The low end of the 95% interval.
    pub low: f64,
    /// The high end of the 95% interval.
    pub high: f64,
}

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_985;

/// The Elo difference of a score fraction in [0, 1] (±∞ at the ends).
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// `+190.8`, `-inf`.
fn signed(x: f64) -> String {
    // An even score gives -0.0; it reads as +0.0.
    let x = if x == 0.0 { 0.0 } else { x };
    if x.is_infinite() { if x > 0.0 { "+inf".into() } else { "-inf".into() } } else { format!("{x:+.1}") }
}

impl Score {
    /// The number of games.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// The Elo difference and its interval; None without games.
    pub fn elo(&self) -> Option<Elo> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let s = self.points() / n;
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let se = (var / n).sqrt();
        Some(Elo { diff: elo_of(s), low: elo_of(s - Z95 * se), high: elo_of(s + Z95 * se) })
    }

    /// `+190.8, 95% interval +29.3 to +542.8`; `+inf (every game won: no finite estimate,
    /// interval n/a)`; `+0.0 (every game drawn: interval n/a)`; `n/a (no games)`.
    pub fn describe_elo(&self) -> String {
        match self.elo() {
            None => "n/a (no games)".into(),
            Some(e) if e.diff.is_infinite() => {
                let all = if e.diff > 0.0 { "won" } else { "lost" };
                format!("{} (every game {all}: no finite estimate, interval n/a)", signed(e.diff))
            }
            // Every game drawn: the results have no spread to make an interval from.
            Some(e) if self.draws == self.games() => format!("{} (every game drawn: interval n/a)", signed(e.diff)),
            Some(e) => format!("{}, 95% interval {} to {}", signed(e.diff), signed(e.low), signed(e.high)),
        }
    }

    /// `+190.8`, `+inf`, `n/a`: the estimate alone, for the progress report.
    pub fn short_elo(&self) -> String {
        self.elo().map_or("n/a".into(), |e| signed(e.diff))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        // 75% is 3:1 odds: 400 log10 3 = 190.85 Elo.
        assert!((elo_of(0.75) - 190.848).abs() < 1e-3, "{}", elo_of(0.75));
        assert!((elo_of(0.25) + 190.848).abs() < 1e-3);
        assert_eq!(elo_of(0.5), 0.0);
        assert_eq!(elo_of(1.0), f64::INFINITY);
        assert_eq!(elo_of(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn interval_of_a_known_score() {
        // 6 wins, 3 draws, 1 loss: s = 0.75; per-game variance (6·0.0625 + 3·0.0625 +
        // 0.5625) / 10 = 0.1125, SE = √(0.1125 / 10) = 0.10607; 0.75 ± 0.20789.
        let s = Score { wins: 6, draws: 3, losses: 1 };
        let e = s.elo().unwrap();
        assert!((e.diff - 190.848).abs() < 1e-3);
        assert!((e.low - elo_of(0.75 - 0.207_895)).abs() < 0.05, "{e:?}");
        assert!((e.high - elo_of(0.75 + 0.207_895)).abs() < 0.05, "{e:?}");
        assert!((e.low - 29.3).abs() < 0.1 && (e.high - 542.8).abs() < 0.1, "{e:?}");
        assert_eq!(s.describe_elo(), format!("+190.8, 95% interval {:+.1} to {:+.1}", e.low, e.high));
    }

    #[test]
    fn extreme_scores_say_so() {
        let all = Score { wins: 4, draws: 0, losses: 0 };
        assert_eq!(all.describe_elo(), "+inf (every game won: no finite estimate, interval n/a)");
        let none = Score { wins: 0, draws: 0, losses: 3 };
        assert_eq!(none.describe_elo(), "-inf (every game lost: no finite estimate, interval n/a)");
        assert_eq!(Score::default().describe_elo(), "n/a (no games)");
        assert_eq!(Score { wins: 0, draws: 5, losses: 0 }.describe_elo(), "+0.0 (every game drawn: interval n/a)");
        // 9 wins and a loss: the interval's top passes 100%.
        assert!(Score { wins: 9, draws: 0, losses: 1 }.describe_elo().ends_with("to +inf"));
    }
}
