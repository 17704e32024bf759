//! A game's snapshot: a readable, deterministic report of what its rules do, kept in
//! insta's format so that `cargo test` and `interp snapshot` both notice when a rule
//! change alters the game's behaviour.
//!
//! The report's sections, always in this order: the game (players, board, piece types,
//! end rules), the start, each test case's position ([`crate::author::cases`]), and each
//! piece type's moves on an otherwise empty board ([`pieces`]). Where it is stored and how
//! the file reads is [`file`]'s business.

pub mod file;
mod perft;
mod pieces;
mod text;

use crate::author::cases::{Case, Located, StartError};
use crate::engine::{MoveList, PatternOverrun, State, Status, take_overrun};
use crate::ir::Game;
use crate::render::{Style, diagram};
use std::path::Path;
use text::{heading, paragraph, title, wrapped};

pub use file::{Location, Stored, game_files, is_game_file, locate, unified_diff};

/// Leaves perft may count at the start, over all depths (the next depth is counted only
/// while its expected count stays within it).
pub const START_BUDGET: u64 = 50_000;
/// Leaves perft may count at each case position.
pub const CASE_BUDGET: u64 = 5_000;

/// Why a game file's report could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The game does not load (its located diagnostics).
    #[error("{0}")]
    Load(String),
    /// Its test cases cannot be read.
    #[error(transparent)]
    Cases(#[from] crate::author::cases::CasesError),
    /// A pattern run went over its budget: the counts and actions would be wrong.
    #[error(transparent)]
    Pattern(#[from] PatternOverrun),
}

/// The report of a game file: the game opened without options, with its test cases.
pub fn report_of(path: &Path) -> Result<String, ReportError> {
    let g = crate::open(&path.to_string_lossy(), &[]).map_err(|e| ReportError::Load(e.to_string()))?;
    let cases = crate::author::cases::load(path)?;
    Ok(report(path, &g, &cases)?)
}

/// The report of what `g`'s rules do (`g` opened from `path` without options; a case with
/// options opens the file again with them). `cases` are the game's test cases. A pattern
/// run over its budget leaves no report.
pub fn report(path: &Path, g: &Game, cases: &[Located]) -> Result<String, PatternOverrun> {
    take_overrun();
    let mut out = header(g);
    out.push_str(&heading("The start"));
    let st = g.initial();
    out.push_str(&diagram(g, &st, Style::Plain));
    out.push_str(&position(g, &st, &[], START_BUDGET)?);
    for c in cases {
        out.push_str(&case_section(path, g, c)?);
    }
    out.push_str(&pieces::section(g));
    take_overrun().map_or(Ok(out), Err)
}

/// The game's name, players, board, piece types and end rules.
fn header(g: &Game) -> String {
    let mut out = title(&g.name);
    out.push_str(&format!("players: {}\n", g.players.join(", ")));
    if g.nf() > g.np() {
        out.push_str(&format!("neutral factions (moved by every player): {}\n", g.factions[g.np()..].join(", ")));
    }
    out.push_str(&format!("board: {} cells\n", g.board.len()));
    out.push_str("piece types (letter of each faction):\n");
    for (t, ty) in g.types.iter().enumerate() {
        let letters: Vec<String> =
            (0..g.nf()).map(|f| format!("{} {}", g.factions[f], g.letters[f * g.types.len() + t])).collect();
        let royal = if ty.royal { " (royal)" } else { "" };
        out.push_str(&format!("  {}{royal}: {}\n", ty.name, letters.join(", ")));
    }
    out.push_str("end rules, the first that holds decides:\n");
    for (i, e) in g.ends.iter().enumerate() {
        let name = e.name.as_ref().map(|n| format!("\"{n}\": ")).unwrap_or_default();
        out.push_str(&format!("  {}. {name}{}\n", i + 1, e.text));
    }
    if g.ends.is_empty() {
        out.push_str("  (none)\n");
    }
    out
}

/// A case's section: its title, then its position (or why it was left out).
fn case_section(path: &Path, g: &Game, c: &Located) -> Result<String, PatternOverrun> {
    let mut out = heading(&format!("Case {}: {}", c.number, c.title()));
    if c.case.name.is_some() {
        // Where it starts, as the title of an unnamed case says it.
        let unnamed = Located { case: Case { name: None, ..c.case.clone() }, ..c.clone() };
        out.push_str(&paragraph(&format!("from: {}", unnamed.title()), "  "));
    }
    if !c.case.options.is_empty() {
        out.push_str(&format!("options: {}\n", c.case.options.join(" ")));
    }
    if c.case.slow {
        out.push_str("(a slow case: left out of the report)\n");
        return Ok(out);
    }
    let opened;
    let g = if c.case.options.is_empty() {
        g
    } else {
        match crate::open(&path.to_string_lossy(), &c.case.options) {
            Ok(h) => {
                opened = h;
                &opened
            }
            Err(e) => return Ok(out + &format!("(the game does not open with these options: {e})\n")),
        }
    };
    match c.reach(g) {
        Ok(r) => out.push_str(&position(g, &r.state, &r.history, CASE_BUDGET)?),
        Err(StartError::Pattern(e)) => return Err(e),
        Err(e) => out.push_str(&format!("(its start cannot be reached: {e})\n")),
    }
    Ok(out)
}

/// A position's string, status, perft counts and legal actions.
fn position(g: &Game, st: &State, hist: &[u64], budget: u64) -> Result<String, PatternOverrun> {
    let mut out = format!("position: {}\n", g.position_string(st));
    let (list, status) = g.checked_node(st, hist, true)?;
    out.push_str(&status_line(g, st, hist, status));
    let counts = perft::within(g, st, budget)?;
    let shown: Vec<String> = counts.iter().enumerate().map(|(d, n)| format!("{}: {n}", d + 1)).collect();
    out.push_str(&format!("perft by depth: {}\n", shown.join(", ")));
    out.push_str(&format!("actions ({}):\n", list.len()));
    out.push_str(&wrapped(&g.notations(st, &list), "  "));
    Ok(out)
}

/// Who acts, or the result and the end rule that decided it (judged as `show` does: the
/// automatic draw rules apply).
fn status_line(g: &Game, st: &State, hist: &[u64], status: Status) -> String {
    match status {
        Status::Decision(p) => format!("to move: {}\n", g.players[p as usize]),
        Status::Chance => "to move: chance\n".into(),
        Status::Over(w) => {
            let winner = w.map_or("draw".to_string(), |p| format!("{} wins", g.players[p as usize]));
            // The end rules are judged on every legal action, as the game has them
            // before it ends.
            let (mut all, mut scratch) = (MoveList::default(), st.clone());
            g.has_legal_action(st, &mut all, &mut scratch);
            match g.judge(st, &all, hist, true).1 {
                Some(i) => format!("result: {winner}, by end rule {}: {}\n", i + 1, g.ends[i].text),
                None => format!("result: {winner} (no end rule covers a player without actions)\n"),
            }
        }
    }
}
