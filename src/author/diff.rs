//! The semantic difference of two rule sets (`interp diff OLD NEW`): positions reached by
//! the same line of actions (notations) in both games are compared — the legal actions,
//! who acts, the result and the end rule that decided it — and the differences are
//! grouped by what changed, each group with the shortest line found that shows it.
//!
//! Modules: `compare` (one node in both games and its differences), `signature` (what a
//! difference is about, the key of its group), `explore` (the breadth-first sweep, the
//! cases, random and AI playouts, within the budgets), `shorten` (shortening the lines
//! found) and `report` (the text).

mod compare;
mod explore;
mod report;
mod shorten;
mod signature;

pub use report::text;
pub use signature::{Change, Chooses, Shape, Signature};

use crate::author::cases::Located;
use crate::engine::{PatternOverrun, take_overrun};
use crate::ir::Game;

/// How much to explore.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Plies of the breadth-first sweep from the start.
    pub depth: usize,
    /// Random playouts from the start.
    pub games: usize,
    /// AI playouts from the start.
    pub ai_games: usize,
    /// The AI's budget per decision, in searched nodes.
    pub ai_nodes: u64,
    /// Plies per playout at most.
    pub plies: usize,
    /// Seed of the playouts.
    pub seed: u64,
    /// Seconds of exploring at most (None: no time budget).
    pub time: Option<f64>,
    /// Positions compared at most.
    pub positions: usize,
    /// Draw a progress bar on stderr (only when it is a terminal).
    pub progress: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            depth: 3,
            games: 20,
            ai_games: 2,
            ai_nodes: 300,
            plies: 200,
            seed: 1,
            time: Some(30.0),
            positions: 50_000,
            progress: false,
        }
    }
}

/// Where a line of actions starts.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Root {
    /// The game's setup.
    Start,
    /// A case's position string (named by its case).
    Case {
        /// The case's title.
        case: String,
        /// Its position string.
        fen: String,
    },
}

/// A line of actions from a root, played in both games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// Where it starts.
    pub root: Root,
    /// The actions, in notation.
    pub actions: Vec<String>,
}

impl Line {
    /// Lines from the setup sort before lines from a case's position, then by length.
    fn rank(&self) -> (bool, usize) {
        (self.root != Root::Start, self.actions.len())
    }
}

/// One kind of difference, with where it shows first.
#[derive(Debug, Clone)]
pub struct Group {
    /// What differs.
    pub signature: Signature,
    /// The shortest line found that reaches a position showing it.
    pub line: Line,
    /// In how many of the positions explored it shows.
    pub positions: usize,
}

/// Why exploring stopped before its plan was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cut {
    /// A pattern run of either game went over its budget (the node's actions are unknown).
    Pattern(PatternOverrun),
    /// The time budget ran out.
    Time,
    /// The position budget ran out.
    Positions,
}

/// What was explored and what differs.
#[derive(Debug, Clone)]
pub struct Report {
    /// Distinct positions compared.
    pub positions: usize,
    /// Plies of the breadth-first sweep completed.
    pub depth: usize,
    /// The sweep stopped inside the next ply, at its share of the position budget.
    pub sweep_partial: bool,
    /// Cases compared (reachable in both games) and cases skipped.
    pub cases: (usize, usize),
    /// Random and AI playouts played.
    pub games: (usize, usize),
    /// Why exploring stopped early, if it did.
    pub cut: Option<Cut>,
    /// The differences, ordered by the length of their shortest line, then by name
    /// (changed rule texts with the same result last).
    pub groups: Vec<Group>,
}

/// Compares two games (loaded with the same options) from the start, at the positions of
/// `cases` (the old game's), along random and AI playouts.
pub fn compare(old: &Game, new: &Game, cases: &[Located], settings: &Settings) -> Report {
    take_overrun();
    let mut ex = explore::Explorer::new(old, new, settings);
    ex.run(cases);
    let deadline = ex.deadline();
    let mut report = ex.finish();
    // After an overrun the lines are left as found: replaying them could meet it again.
    let overran = matches!(report.cut, Some(Cut::Pattern(_)));
    if !overran && !shorten::all(old, new, &mut report.groups, deadline) {
        report.cut = Some(Cut::Time);
    }
    report.groups.sort_by(|a, b| {
        let key = |g: &Group| (g.signature.is_minor(), g.line.rank(), g.signature.title());
        key(a).cmp(&key(b))
    });
    report
}
