//! Progress of a run on stderr: on a terminal, a bar with the games done, decider A's
//! running score and Elo, the plies of the games being played (so a long game shows
//! activity) and an ETA; otherwise plain lines, about every tenth of the run and at most
//! half a minute apart, naming the games being played when none ended meanwhile (never a
//! carriage return into a file); nothing when quiet.

use super::Score;
use indicatif::{HumanDuration, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How progress is shown.
enum Mode {
    /// A redrawn bar (stderr is a terminal).
    Bar(ProgressBar),
    /// A line now and then (stderr is a file or a pipe).
    Lines,
    /// Nothing.
    Off,
}

/// What the report knows so far.
#[derive(Default)]
struct Tally {
    /// Games finished.
    done: usize,
    /// Decider A's results.
    score: Score,
    /// The games being played (their number in the run, from 1) and their plies so far.
    live: BTreeMap<usize, usize>,
    /// When the last plain line was written.
    last_line: Option<Instant>,
}

/// The progress report of one run (shared by the threads playing its games).
pub struct Progress {
    mode: Mode,
    total: usize,
    started: Instant,
    tally: Mutex<Tally>,
}

/// The longest wait between two plain lines.
const LINE_EVERY: Duration = Duration::from_secs(30);

impl Progress {
    /// A report of `total` games; `shown` false for none.
    pub fn new(total: usize, shown: bool) -> Progress {
        let mode = if !shown {
            Mode::Off
        } else if std::io::stderr().is_terminal() {
            Mode::Bar(bar(total))
        } else {
            Mode::Lines
        };
        Progress { mode, total, started: Instant::now(), tally: Mutex::new(Tally::default()) }
    }

    /// Game `number` (from 1) has played `plies` actions.
    pub fn ply(&self, number: usize, plies: usize) {
        if let Mode::Off = self.mode {
            return;
        }
        let mut t = self.lock();
        t.live.insert(number, plies);
        match &self.mode {
            Mode::Bar(bar) => bar.set_message(message(&t)),
            // During a long game, a line after a long silence.
            _ => self.maybe_line(&mut t, false),
        }
    }

    /// Game `number` (from 1) ended with this result for decider A.
    pub fn done(&self, number: usize, result: Score) {
        let mut t = self.lock();
        t.live.remove(&number);
        t.done += 1;
        t.score += result;
        match &self.mode {
            Mode::Bar(bar) => {
                bar.set_position(t.done as u64);
                bar.set_message(message(&t));
            }
            Mode::Lines => self.maybe_line(&mut t, true),
            Mode::Off => {}
        }
    }

    /// Ends the report (the bar stays on screen with its last state).
    pub fn finish(&self) {
        if let Mode::Bar(bar) = &self.mode {
            bar.finish();
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Tally> {
        self.tally.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A plain line when a game ends (`ended`) at every tenth of the run and at its end,
    /// and after a long silence (then with the games being played).
    fn maybe_line(&self, t: &mut Tally, ended: bool) {
        let silent = t.last_line.unwrap_or(self.started).elapsed();
        if let Some(line) = plain_line(t, self.total, self.started.elapsed(), ended, silent) {
            t.last_line = Some(Instant::now());
            eprintln!("{line}");
        }
    }
}

/// The plain line due now, if any: `ended` when a game just ended, after `elapsed` of the
/// run and `silent` since the last line.
fn plain_line(t: &Tally, total: usize, elapsed: Duration, ended: bool, silent: Duration) -> Option<String> {
    let step = total.div_ceil(10).max(1);
    let due = ended && (t.done.is_multiple_of(step) || t.done == total);
    if !due && silent < LINE_EVERY {
        return None;
    }
    let secs = elapsed.as_secs_f64();
    let left = match t.done {
        0 => "ETA unknown".to_string(),
        d => format!("about {:.0} s left", secs / d as f64 * total.saturating_sub(d) as f64),
    };
    let live: Vec<String> = t.live.iter().take(4).map(|(g, p)| format!("game {g} at ply {p}")).collect();
    let playing = if ended || live.is_empty() { String::new() } else { format!(", playing {}", live.join(", ")) };
    Some(format!(
        "selfplay: {}/{total} games ({:.0}%), A {} (Elo {}), {secs:.0} s elapsed, {left}{playing}",
        t.done,
        100.0 * t.done as f64 / total.max(1) as f64,
        wdl(&t.score),
        t.score.short_elo()
    ))
}

/// `3-1-2`: wins, draws, losses.
fn wdl(s: &Score) -> String {
    format!("{}-{}-{}", s.wins, s.draws, s.losses)
}

/// The bar's message: A's score and Elo, then the games being played with their plies.
fn message(t: &Tally) -> String {
    let mut m = format!("A {} (W-D-L), Elo {}", wdl(&t.score), t.score.short_elo());
    let live: Vec<String> = t.live.iter().take(4).map(|(g, p)| format!("game {g} ply {p}")).collect();
    if !live.is_empty() {
        m.push_str(" | ");
        m.push_str(&live.join(", "));
    }
    m
}

/// The bar: a spinner that turns while games are played, games done of all, ETA, message.
fn bar(total: usize) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
    // indicatif's ETA says 0s before the first game ends: say `?` until then.
    let eta = |state: &ProgressState, w: &mut dyn std::fmt::Write| {
        let _ = if state.pos() == 0 { w.write_str("?") } else { write!(w, "{:#}", HumanDuration(state.eta())) };
    };
    let style =
        ProgressStyle::with_template("{spinner} [{bar:30}] {pos}/{len} games, ETA {eta_after_one} | {wide_msg}")
            .map(|s| s.with_key("eta_after_one", eta))
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> ");
    bar.set_style(style);
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_every_tenth_and_after_a_silence() {
        let mut t = Tally { done: 3, score: Score { wins: 2, draws: 1, losses: 0 }, ..Tally::default() };
        t.live.insert(5, 120);
        let (secs, quiet) = (Duration::from_secs(30), Duration::from_secs(1));
        // 3 of 30 games: a tenth; 4 of 30: not.
        let line = plain_line(&t, 30, secs, true, quiet).unwrap();
        assert_eq!(line, "selfplay: 3/30 games (10%), A 2-1-0 (Elo +279.6), 30 s elapsed, about 270 s left");
        t.done = 4;
        assert_eq!(plain_line(&t, 30, secs, true, quiet), None);
        assert_eq!(plain_line(&t, 30, secs, false, quiet), None, "no line for a ply");
        // Half a minute of silence in a long game: a line naming it.
        let line = plain_line(&t, 30, secs, false, LINE_EVERY).unwrap();
        assert!(line.ends_with(", playing game 5 at ply 120"), "{line}");
        t.done = 0;
        assert!(plain_line(&t, 30, secs, false, LINE_EVERY).unwrap().contains("ETA unknown"));
    }
}
