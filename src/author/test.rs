//! Running a game's test cases (`interp test`): each case's start is reached and every
//! expectation checked; the outcome is a typed report ([`GameReport`]), which
//! [`render`] turns into text for the author.

use super::cases::{self, Case, CasesError, Located};
use crate::engine::{MoveList, PatternOverrun, Perft, PerftError, State, Status, take_overrun};
use crate::ir::Game;
use crate::notation::near::edit_distance;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Which cases to run.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Also run the cases marked `slow`.
    pub slow: bool,
    /// Only the case with this number (when it is one), or those whose title contains it.
    pub only: Option<String>,
}

impl Filter {
    fn selects(&self, c: &Located) -> bool {
        match &self.only {
            None => true,
            Some(t) => match t.trim().parse::<usize>() {
                Ok(n) => n == c.number,
                Err(_) => c.title().contains(t.as_str()),
            },
        }
    }
}

/// Why a game's cases could not be run at all.
#[derive(Debug, thiserror::Error)]
pub enum TestError {
    /// The cases could not be read.
    #[error(transparent)]
    Cases(#[from] CasesError),
    /// The game file does not load.
    #[error("{path} does not load:\n{message}")]
    Load {
        /// The game file.
        path: String,
        /// The loader's diagnostics.
        message: String,
    },
}

/// The outcome of one game's cases.
#[derive(Debug, Clone)]
pub struct GameReport {
    /// The game file.
    pub game: String,
    /// The cases run, in order.
    pub cases: Vec<CaseReport>,
    /// Slow cases left out (run them with `--slow`).
    pub slow_skipped: usize,
}

impl GameReport {
    /// How many cases failed.
    pub fn failed(&self) -> usize {
        self.cases.iter().filter(|c| !c.passed()).count()
    }
}

/// The outcome of one case.
#[derive(Debug, Clone)]
pub struct CaseReport {
    /// Its number in the game's cases.
    pub number: usize,
    /// Its title.
    pub title: String,
    /// Where it is written: `FILE:LINE`.
    pub at: String,
    /// What it checks, in short (`perft 1..4, actions, result`).
    pub checks: String,
    /// The checks that held, one line each (for `--verbose`).
    pub held: Vec<String>,
    /// What differed; empty when the case passed.
    pub failures: Vec<Failure>,
}

impl CaseReport {
    /// Whether every check held.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// One branch of a perft divide: an action and the leaves below it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    /// The action.
    pub action: String,
    /// Leaves below it.
    pub count: u64,
}

/// One branch whose count is not the expected one (None: no such action there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BranchDiff {
    /// The action.
    pub action: String,
    /// The count the case expects.
    pub expected: Option<u64>,
    /// The count the rules give.
    pub got: Option<u64>,
}

/// One thing that differed in a case.
#[derive(Debug, Clone)]
pub enum Failure {
    /// The game does not load with the case's options.
    Options(String),
    /// The start could not be reached (bad position string, illegal action, record).
    Start(String),
    /// The case itself is malformed (e.g. a `result` that names no player).
    Malformed(String),
    /// A perft count differs; `divide` is each action's count at that depth.
    Perft {
        /// The depth.
        depth: usize,
        /// The count expected.
        expected: u64,
        /// The count found.
        got: u64,
        /// The divide at that depth (empty when the case's `divide` shows the branches).
        divide: Vec<Branch>,
    },
    /// Branches of the case's `divide` that differ.
    Divide {
        /// The depth.
        depth: usize,
        /// The differing branches.
        branches: Vec<BranchDiff>,
    },
    /// The legal actions are not the expected ones.
    Actions {
        /// Expected but not legal.
        missing: Vec<String>,
        /// Legal but not expected.
        extra: Vec<String>,
    },
    /// The result differs.
    Result {
        /// As the case says.
        expected: String,
        /// As the rules give it.
        got: String,
    },
    /// The end rule that decided differs (`got` None: no rule decided).
    Rule {
        /// As the case says.
        expected: String,
        /// The deciding rule's text.
        got: Option<String>,
    },
    /// An action that should be legal is not; `near` are legal actions like it.
    NotLegal {
        /// The action.
        action: String,
        /// Similar legal actions.
        near: Vec<String>,
    },
    /// An action that should be illegal is legal.
    NotIllegal {
        /// The action.
        action: String,
    },
    /// A pattern run went over its budget: the checks after it were not made.
    Pattern(PatternOverrun),
}

/// The game files under `dir` (recursively, sorted), leaving out `*.tests.toml`.
pub fn game_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = vec![];
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d)? {
            let p = e?.path();
            let name = p.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
            if p.is_dir() {
                todo.push(p);
            } else if name.ends_with(".toml") && !name.ends_with(".tests.toml") {
                out.push(p);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Runs the cases of the game at `path` that `filter` selects.
pub fn run_game(path: &Path, filter: &Filter) -> Result<GameReport, TestError> {
    let name = path.display().to_string();
    let all = cases::load(path)?;
    let mut games = Games::default();
    games.get(&name, &[]).map_err(|message| TestError::Load { path: name.clone(), message })?;
    let mut report = GameReport { game: name.clone(), cases: vec![], slow_skipped: 0 };
    for c in all.iter().filter(|c| filter.selects(c)) {
        if c.case.slow && !filter.slow {
            report.slow_skipped += 1;
            continue;
        }
        report.cases.push(run_case(c, games.get(&name, &c.case.options)));
    }
    Ok(report)
}

/// The game opened once per distinct list of options.
#[derive(Default)]
struct Games(Vec<(Vec<String>, Result<Game, String>)>);

impl Games {
    fn get(&mut self, path: &str, options: &[String]) -> Result<&Game, String> {
        let i = match self.0.iter().position(|(o, _)| o == options) {
            Some(i) => i,
            None => {
                let g = crate::open(path, options).map_err(|e| e.to_string());
                self.0.push((options.to_vec(), g));
                self.0.len() - 1
            }
        };
        self.0[i].1.as_ref().map_err(|e| e.clone())
    }
}

/// Runs one case in its game (or reports why the game did not open).
fn run_case(c: &Located, game: Result<&Game, String>) -> CaseReport {
    let mut r = CaseReport {
        number: c.number,
        title: c.title(),
        at: format!("{}:{}", c.file.display(), c.line),
        checks: summary(c),
        held: vec![],
        failures: vec![],
    };
    let g = match game {
        Ok(g) => g,
        Err(e) => {
            r.failures.push(Failure::Options(format!("options [{}]: {e}", c.case.options.join(", "))));
            return r;
        }
    };
    match c.reach(g) {
        Ok(at) => Checker { g, st: &at.state, hist: &at.history, report: &mut r }.all(c),
        Err(e) => r.failures.push(Failure::Start(e.to_string())),
    }
    r
}

/// What a case checks, in short: `perft 1..4, actions, result`.
fn summary(c: &Located) -> String {
    let c = &c.case;
    let mut parts = vec![];
    match c.perft.len() {
        0 => {}
        1 => parts.push("perft 1".to_string()),
        n => parts.push(format!("perft 1..{n}")),
    }
    if !c.divide.is_empty() {
        parts.push("divide".into());
    }
    let mut word = |on: bool, w: &str| {
        if on {
            parts.push(w.to_string());
        }
    };
    word(c.actions.is_some(), "actions");
    word(c.result.is_some(), "result");
    word(c.rule.is_some(), "rule");
    word(!c.legal.is_empty(), "legal");
    word(!c.illegal.is_empty(), "illegal");
    if parts.is_empty() { "start only".into() } else { parts.join(", ") }
}

/// Checks a case's expectations at the position it reached.
struct Checker<'a> {
    g: &'a Game,
    st: &'a State,
    hist: &'a [u64],
    report: &'a mut CaseReport,
}

impl Checker<'_> {
    /// Every check of the case; a pattern overrun stops them and is the case's failure.
    fn all(&mut self, c: &Located) {
        take_overrun();
        if let Err(e) = self.checks(&c.case).and_then(|()| take_overrun().map_or(Ok(()), Err)) {
            self.fail(Failure::Pattern(e));
        }
    }

    fn checks(&mut self, c: &Case) -> Result<(), PatternOverrun> {
        let own = (!c.divide.is_empty()).then(|| c.divide_depth.unwrap_or(c.perft.len()));
        // No divide where the case's own `divide`, or its `actions` at depth 1, show more.
        self.perft(&c.perft, |d| Some(d) == own || (d == 1 && c.actions.is_some()))?;
        if let Some(depth) = own {
            self.divide(&c.divide, depth)?;
        }
        if let Some(want) = &c.actions {
            self.actions(want)?;
        }
        if let Some(want) = &c.result {
            self.result(want);
        }
        if let Some(want) = &c.rule {
            self.rule(want);
        }
        self.legal(&c.legal, &c.illegal)
    }

    fn fail(&mut self, f: Failure) {
        self.report.failures.push(f);
    }

    fn held(&mut self, line: String) {
        self.report.held.push(line);
    }

    /// perft(1..n); at the first depth that differs, the divide there (unless `shown`
    /// says another check shows the difference at that depth).
    fn perft(&mut self, want: &[u64], shown: impl Fn(usize) -> bool) -> Result<(), PatternOverrun> {
        for (i, &expected) in want.iter().enumerate() {
            let depth = i + 1;
            let got = match Perft::new(self.g, self.st, depth).try_count(self.st, depth) {
                Ok(n) => n,
                Err(e) => {
                    self.fail(too_deep(e)?);
                    return Ok(());
                }
            };
            if got == expected {
                self.held(format!("perft({depth}) = {got}"));
                continue;
            }
            let divide = match shown(depth) {
                true => vec![],
                false => divide(self.g, self.st, depth).or_else(|e| too_deep(e).map(|_| vec![]))?,
            };
            self.fail(Failure::Perft { depth, expected, got, divide });
            return Ok(());
        }
        Ok(())
    }

    fn divide(&mut self, want: &BTreeMap<String, u64>, depth: usize) -> Result<(), PatternOverrun> {
        if depth == 0 {
            self.fail(Failure::Malformed("`divide` needs `divide-depth` (or `perft`) of at least 1".into()));
            return Ok(());
        }
        let got: BTreeMap<String, u64> = match divide(self.g, self.st, depth) {
            Ok(rows) => rows.into_iter().map(|b| (b.action, b.count)).collect(),
            Err(e) => {
                self.fail(too_deep(e)?);
                return Ok(());
            }
        };
        let branches: Vec<BranchDiff> = want
            .iter()
            .filter(|(a, n)| got.get(*a) != Some(n))
            .map(|(a, n)| BranchDiff { action: a.clone(), expected: Some(*n), got: got.get(a).copied() })
            .collect();
        if branches.is_empty() {
            self.held(format!("divide at depth {depth}: {} branches as expected", want.len()));
        } else {
            self.fail(Failure::Divide { depth, branches });
        }
        Ok(())
    }

    fn actions(&mut self, want: &[String]) -> Result<(), PatternOverrun> {
        let got: BTreeSet<String> = self.g.notations(self.st, &self.g.checked_actions(self.st)?).into_iter().collect();
        let want: BTreeSet<String> = want.iter().cloned().collect();
        if got == want {
            self.held(format!("actions: the {} expected", got.len()));
            return Ok(());
        }
        let missing = want.difference(&got).cloned().collect();
        let extra = got.difference(&want).cloned().collect();
        self.fail(Failure::Actions { missing, extra });
        Ok(())
    }

    /// The status with automatic rules on, and the end rule that decided it.
    fn judged(&self) -> (Status, Option<usize>) {
        let (mut list, mut scratch) = (MoveList::default(), self.st.clone());
        self.g.has_legal_action(self.st, &mut list, &mut scratch);
        self.g.judge(self.st, &list, self.hist, true)
    }

    fn result(&mut self, want: &str) {
        let Some(expected) = canonical_result(self.g, want) else {
            let players = self.g.players.join(", ");
            let msg = format!("`result = \"{want}\"`: expected ongoing, draw, or PLAYER wins (players: {players})");
            return self.fail(Failure::Malformed(msg));
        };
        let got = result_text(self.g, self.judged().0);
        if got == expected {
            self.held(format!("result: {got}"));
        } else {
            self.fail(Failure::Result { expected, got });
        }
    }

    /// The deciding end rule, named by its text or its name.
    fn rule(&mut self, want: &str) {
        let decided = self.judged().1.map(|i| &self.g.ends[i]);
        let got = decided.map(|e| e.text.clone());
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        let named = decided.and_then(|e| e.name.as_deref()).is_some_and(|n| squeeze(n) == squeeze(want));
        if named || got.as_deref().map(squeeze) == Some(squeeze(want)) {
            self.held(format!("rule: {}", got.unwrap_or_default()));
        } else {
            self.fail(Failure::Rule { expected: want.to_string(), got });
        }
    }

    fn legal(&mut self, legal: &[String], illegal: &[String]) -> Result<(), PatternOverrun> {
        if legal.is_empty() && illegal.is_empty() {
            return Ok(());
        }
        let list = self.g.checked_actions(self.st)?;
        let names = self.g.notations(self.st, &list);
        for a in legal {
            if names.contains(a) {
                self.held(format!("legal: {a}"));
            } else {
                self.fail(Failure::NotLegal { action: a.clone(), near: near(a, &names) });
            }
        }
        for a in illegal {
            if names.contains(a) {
                self.fail(Failure::NotIllegal { action: a.clone() });
            } else {
                self.held(format!("illegal: {a}"));
            }
        }
        Ok(())
    }
}

/// Each action's perft count `depth - 1` below it, sorted by action (as `perft --divide`),
/// or why there is no count (too deep, or a pattern run over its budget).
pub fn divide(g: &Game, st: &State, depth: usize) -> Result<Vec<Branch>, PerftError> {
    let mut pf = Perft::new(g, st, depth.max(1));
    let list = g.checked_actions(st)?;
    let mut rows = vec![];
    for m in &list.moves {
        let mut s = st.clone();
        g.apply(&mut s, m, list.effects_of(m));
        let count = pf.try_count(&s, depth.saturating_sub(1))?;
        rows.push(Branch { action: g.notation_in(st, &list, m), count });
    }
    rows.sort_by(|a, b| a.action.cmp(&b.action));
    Ok(rows)
}

/// A perft that is too deep as the case's failure; a pattern overrun stays an error (it
/// stops the case's checks).
fn too_deep(e: PerftError) -> Result<Failure, PatternOverrun> {
    match e {
        PerftError::Pattern(e) => Err(e),
        e @ PerftError::TooDeep { .. } => Ok(Failure::Malformed(format!("`perft`/`divide-depth`: {e}"))),
    }
}

/// A status as cases write results: `ongoing`, `draw`, `PLAYER wins`.
pub fn result_text(g: &Game, s: Status) -> String {
    match s {
        Status::Decision(_) | Status::Chance => "ongoing".into(),
        Status::Over(None) => "draw".into(),
        Status::Over(Some(w)) => format!("{} wins", g.players[w as usize]),
    }
}

/// A case's `result` in canonical form, or None when it is none of the forms.
fn canonical_result(g: &Game, text: &str) -> Option<String> {
    let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if t == "ongoing" || t == "draw" {
        return Some(t);
    }
    let player = t.strip_suffix(" wins").unwrap_or(&t);
    g.players.iter().find(|p| p.as_str() == player).map(|p| format!("{p} wins"))
}

/// Legal actions like `a` (a small edit away, or from the same cell), at most five.
fn near(a: &str, names: &[String]) -> Vec<String> {
    let head = |s: &str| s.split(['-', '@', 'x', '>']).next().unwrap_or("").to_string();
    let mut scored: Vec<(usize, &String)> =
        names.iter().map(|n| (edit_distance(a, n), n)).filter(|(d, n)| *d <= 2 || head(n) == head(a)).collect();
    scored.sort();
    scored.into_iter().take(5).map(|(_, n)| n.clone()).collect()
}

/// The report as text: a line per case (`ok`/`FAIL`), what differed below each failing
/// case, and a total line; `verbose` adds every check that held.
pub fn render(r: &GameReport, verbose: bool) -> String {
    if r.cases.is_empty() && r.slow_skipped == 0 {
        let side = cases::beside(Path::new(&r.game));
        return format!("{}: no cases run (cases are [[case]] tables in it or in {})\n", r.game, side.display());
    }
    let mut out = format!("{}: {} {}\n", r.game, r.cases.len(), plural(r.cases.len(), "case"));
    let w = r.cases.iter().map(|c| c.number.to_string().len()).max().unwrap_or(1);
    let pad = " ".repeat(w + 7);
    for c in &r.cases {
        if c.passed() {
            out.push_str(&format!("  ok    {:>w$} {} ({})\n", c.number, c.title, c.checks));
        } else {
            out.push_str(&format!("  FAIL  {:>w$} {} ({})\n", c.number, c.title, c.at));
            for line in c.failures.iter().flat_map(failure_lines) {
                for l in line.lines() {
                    out.push_str(&format!("{pad}{l}\n"));
                }
            }
        }
        if verbose {
            for h in &c.held {
                out.push_str(&format!("{pad}held: {h}\n"));
            }
        }
    }
    out.push_str(&format!("{}: {}\n", r.game, totals(r.cases.len() - r.failed(), r.failed(), r.slow_skipped)));
    out
}

/// `8 passed, 1 failed (1 slow case skipped; run with --slow)`.
pub fn totals(passed: usize, failed: usize, slow: usize) -> String {
    let mut s = format!("{passed} passed, {failed} failed");
    if slow > 0 {
        s.push_str(&format!(" ({slow} slow {} skipped; run with --slow)", plural(slow, "case")));
    }
    s
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 { word.to_string() } else { format!("{word}s") }
}

/// The lines telling what differed.
fn failure_lines(f: &Failure) -> Vec<String> {
    match f {
        Failure::Options(m) => vec![format!("the game does not load with {m}")],
        Failure::Start(m) => vec![format!("cannot reach the start: {m}")],
        Failure::Pattern(e) => vec![e.to_string()],
        Failure::Malformed(m) => vec![format!("malformed case: {m}")],
        Failure::Perft { depth, expected, got, divide } => perft_lines(*depth, *expected, *got, divide),
        Failure::Divide { depth, branches } => {
            let mut v = vec![format!("divide at depth {depth}: the branches that differ")];
            let show = |n: Option<u64>| n.map_or("no such action".to_string(), |n| n.to_string());
            v.extend(
                branches.iter().map(|b| format!("  {}: expected {}, got {}", b.action, show(b.expected), show(b.got))),
            );
            v
        }
        Failure::Actions { missing, extra } => {
            let mut v = vec!["actions differ (- expected but not legal, + legal but not expected):".to_string()];
            v.extend(missing.iter().map(|a| format!("  - {a}")));
            v.extend(extra.iter().map(|a| format!("  + {a}")));
            v
        }
        Failure::Result { expected, got } => vec![format!("result: expected {expected}, got {got}")],
        Failure::Rule { expected, got: Some(g) } => vec![format!("rule: expected `{expected}`, decided by `{g}`")],
        Failure::Rule { expected, got: None } => vec![format!("rule: expected `{expected}`, but no end rule decided")],
        Failure::NotLegal { action, near } if near.is_empty() => vec![format!("{action}: not legal here")],
        Failure::NotLegal { action, near } => {
            vec![format!("{action}: not legal here (legal actions like it: {})", near.join(" "))]
        }
        Failure::NotIllegal { action } => vec![format!("{action}: legal here, but the case says illegal")],
    }
}

fn perft_lines(depth: usize, expected: u64, got: u64, divide: &[Branch]) -> Vec<String> {
    let mut v = vec![format!("perft({depth}): expected {expected}, got {got}")];
    if !divide.is_empty() {
        v.push(format!("divide at depth {depth} (leaves below each action):"));
        v.extend(divide.iter().map(|b| format!("  {} {}", b.action, b.count)));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses_are_close_or_from_the_same_cell() {
        let names: Vec<String> = ["e2-e3", "e2-e4", "g1-f3", "d2-d4"].map(String::from).to_vec();
        assert_eq!(near("e2-e5", &names), ["e2-e3", "e2-e4"]);
        assert_eq!(near("e2e4", &names), ["e2-e4", "e2-e3"]);
        assert!(near("a7-a8", &names).is_empty());
    }

    #[test]
    fn totals_name_the_slow_cases_left_out() {
        assert_eq!(totals(3, 0, 0), "3 passed, 0 failed");
        assert_eq!(totals(8, 1, 1), "8 passed, 1 failed (1 slow case skipped; run with --slow)");
        assert_eq!(totals(0, 2, 3), "0 passed, 2 failed (3 slow cases skipped; run with --slow)");
    }
}
