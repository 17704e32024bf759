//! Exploring both games along the same lines, in a fixed order: the start and a
//! breadth-first sweep of the first plies, the cases' positions (and one ply from each),
//! random playouts, then AI playouts — until the plan, the position budget or the time
//! budget ends. Every node is compared once; its differences go to their groups.

use super::compare::{Node, Pair};
use super::{Cut, Group, Line, Report, Root, Settings, Signature};
use crate::ai::{Ai, Limits, Rng, sample_chance};
use crate::author::cases::Located;
use crate::engine::take_overrun;
use crate::ir::Game;
use crate::selfplay::game_seed;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::{BTreeMap, HashSet};
use std::time::{Duration, Instant};

/// The share of the position budget the breadth-first sweep may use (the rest is kept
/// for the cases and the playouts).
const SWEEP_SHARE: f64 = 0.75;

/// The exploration's state: what was compared, the groups, the budgets.
pub struct Explorer<'a> {
    old: &'a Game,
    new: &'a Game,
    settings: &'a Settings,
    seen: HashSet<(u64, u64)>,
    groups: BTreeMap<Signature, Group>,
    deadline: Option<Instant>,
    cut: Option<Cut>,
    bar: ProgressBar,
    phase: String,
    depth: usize,
    sweep_partial: bool,
    cases: (usize, usize),
    games: (usize, usize),
}

impl<'a> Explorer<'a> {
    /// An explorer of two games; the time budget starts now.
    pub fn new(old: &'a Game, new: &'a Game, settings: &'a Settings) -> Self {
        // A budget too large for the clock is no budget.
        let deadline = settings
            .time
            .and_then(|s| Duration::try_from_secs_f64(s.max(0.0)).ok())
            .and_then(|d| Instant::now().checked_add(d));
        Explorer {
            old,
            new,
            settings,
            seen: HashSet::new(),
            groups: BTreeMap::new(),
            deadline,
            cut: None,
            bar: progress_bar(settings),
            phase: String::new(),
            depth: 0,
            sweep_partial: false,
            cases: (0, 0),
            games: (0, 0),
        }
    }

    /// When the time budget ends (None: no time budget).
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Explores in order: the sweep, the cases, random then AI playouts.
    pub fn run(&mut self, cases: &[Located]) {
        self.bar.set_length((1 + cases.len() + self.settings.games + self.settings.ai_games) as u64);
        self.sweep();
        self.bar.inc(1);
        for c in cases {
            if self.cut.is_none() {
                self.case(c);
            }
            self.bar.inc(1);
        }
        for i in 0..self.settings.games {
            if self.cut.is_none() {
                self.playout(i, false);
            }
            self.bar.inc(1);
        }
        for i in 0..self.settings.ai_games {
            if self.cut.is_none() {
                self.playout(i, true);
            }
            self.bar.inc(1);
        }
        self.bar.finish_and_clear();
    }

    /// The report of what was explored (groups unordered, lines not shortened yet).
    pub fn finish(self) -> Report {
        Report {
            positions: self.seen.len(),
            depth: self.depth,
            sweep_partial: self.sweep_partial,
            cases: self.cases,
            games: self.games,
            cut: self.cut,
            groups: self.groups.into_values().collect(),
        }
    }

    /// Whether a budget ran out (and records which).
    fn out_of_budget(&mut self, positions: usize) -> bool {
        if self.cut.is_some() {
            return true;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.cut = Some(Cut::Time);
        } else if self.seen.len() >= positions {
            self.cut = Some(Cut::Positions);
        }
        self.cut.is_some()
    }

    /// Compares the node a line reaches (once per position) and files its differences;
    /// gives the node's comparison whether it was new or not.
    fn visit(&mut self, line: &Line, p: &Pair) -> Node {
        let node = Node::of(self.old, self.new, p);
        if let Some(e) = take_overrun() {
            // The node's lists are incomplete: nothing of it is filed, and exploring stops.
            self.cut.get_or_insert(Cut::Pattern(e));
            return node;
        }
        if self.seen.insert(p.key(self.old, self.new)) {
            for (sig, _) in node.differences(self.old, self.new, p) {
                self.file(sig, line);
            }
            if self.seen.len().is_multiple_of(256) {
                self.show_progress();
            }
        }
        node
    }

    /// What the bar says: the phase and the positions compared so far.
    fn show_progress(&self) {
        self.bar.set_message(format!("{}: {} positions", self.phase, self.seen.len()));
    }

    /// Starts a phase of the exploration (for the progress bar).
    fn start_phase(&mut self, phase: String) {
        self.phase = phase;
        self.show_progress();
    }

    /// Counts a difference in its group, keeping the group's shortest line.
    fn file(&mut self, sig: Signature, line: &Line) {
        let g = self.groups.entry(sig.clone()).or_insert_with(|| Group {
            signature: sig,
            line: line.clone(),
            positions: 0,
        });
        g.positions += 1;
        if line.rank() < g.line.rank() {
            g.line = line.clone();
        }
    }

    /// The start and the first `depth` plies, breadth-first, over the actions legal in
    /// both games.
    fn sweep(&mut self) {
        let (old, new) = (self.old, self.new);
        let cap = (self.settings.positions as f64 * SWEEP_SHARE) as usize;
        let Some(start) = Pair::root(old, new, &Root::Start) else { return };
        let mut layer = vec![(Line { root: Root::Start, actions: vec![] }, start)];
        self.start_phase("breadth-first sweep".into());
        for ply in 0..=self.settings.depth {
            let mut next = vec![];
            for (line, p) in &layer {
                if self.out_of_budget(self.settings.positions) {
                    return;
                }
                if self.seen.len() >= cap {
                    self.sweep_partial = true;
                    return;
                }
                let node = self.visit(line, p);
                if ply < self.settings.depth {
                    next.extend(children(old, new, line, p, &node));
                }
            }
            self.depth = ply;
            layer = next;
        }
    }

    /// A case's position, and one ply from it.
    fn case(&mut self, c: &Located) {
        let (old, new) = (self.old, self.new);
        let Some(line) = case_line(c) else {
            self.cases.1 += 1;
            return;
        };
        let Some(p) = Pair::reach(old, new, &line) else {
            self.cases.1 += 1;
            return;
        };
        self.cases.0 += 1;
        self.start_phase(format!("case {}", c.title()));
        let node = self.visit(&line, &p);
        for (l, q) in children(old, new, &line, &p, &node) {
            if self.out_of_budget(self.settings.positions) {
                return;
            }
            self.visit(&l, &q);
        }
    }

    /// One playout from the start: random (uniform over the actions legal in both
    /// games, chance by its probabilities) or the old game's AI (with a random action
    /// legal in both when its choice is not legal in the new game).
    fn playout(&mut self, i: usize, ai: bool) {
        let (old, new) = (self.old, self.new);
        let seed = game_seed(self.settings.seed, i, ai as u64);
        let mut rng = Rng::new(seed);
        let mut bot = Ai::new(old, seed);
        let limits = Limits { time_ms: None, nodes: Some(self.settings.ai_nodes), depth: None };
        let Some(mut p) = Pair::root(old, new, &Root::Start) else { return };
        let mut line = Line { root: Root::Start, actions: vec![] };
        self.start_phase(format!("{} game {}", if ai { "AI" } else { "random" }, i + 1));
        if ai {
            self.games.1 += 1
        } else {
            self.games.0 += 1
        }
        while !self.out_of_budget(self.settings.positions) {
            let node = self.visit(&line, &p);
            let common = node.common();
            if line.actions.len() >= self.settings.plies || common.is_empty() {
                return;
            }
            let pick = if old.is_chance(&p.old.st) {
                let m = sample_chance(old, &p.old.st, &node.old.list, &mut rng);
                old.notation(&p.old.st, &m)
            } else if ai {
                bot.choose(&p.old.st, &p.old.hist, limits).map(|c| c.notation).unwrap_or_default()
            } else {
                String::new()
            };
            let action = if common.contains(&pick) { pick } else { common[rng.below(common.len())].clone() };
            let Some(next) = p.follow(old, new, &node, &action) else { return };
            p = next;
            line.actions.push(action);
        }
    }
}

/// The children of a node (`p`'s, compared as `node`) over the actions legal in both
/// games.
fn children(old: &Game, new: &Game, line: &Line, p: &Pair, node: &Node) -> Vec<(Line, Pair)> {
    let mut out = vec![];
    for a in node.common() {
        if let Some(q) = p.follow(old, new, node, &a) {
            let mut l = line.clone();
            l.actions.push(a);
            out.push((l, q));
        }
    }
    out
}

/// A case's start as a line: from the setup (its moves, after a saved game's moves) or
/// from its position string. None when the case needs other game options, or its saved
/// game cannot be read.
fn case_line(c: &Located) -> Option<Line> {
    if !c.case.options.is_empty() {
        return None;
    }
    let mut actions: Vec<String> = vec![];
    let mut fen = c.case.fen.clone();
    if let Some(r) = &c.case.record {
        let path = c.file.parent().unwrap_or(std::path::Path::new(".")).join(r);
        let text = crate::files::read_text(&path).ok()?;
        let (f, moves) = crate::record::start_of(&text).ok()?;
        fen = f;
        actions.extend(moves.split_whitespace().map(String::from));
    }
    actions.extend(c.case.moves.split_whitespace().map(String::from));
    let root = match fen {
        Some(fen) => Root::Case { case: c.title(), fen },
        None => Root::Start,
    };
    Some(Line { root, actions })
}

/// A progress bar on stderr when asked for and stderr is a terminal; hidden otherwise.
fn progress_bar(settings: &Settings) -> ProgressBar {
    use std::io::IsTerminal;
    if !settings.progress || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(1), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{elapsed:>3} [{bar:30}] {pos}/{len} {wide_msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar
}
