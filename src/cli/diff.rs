//! `diff`: the semantic difference of two rule sets, printed as a report.

use super::args::DiffArgs;
use crate::author::cases;
use crate::author::diff::{Settings, compare, text};

/// `diff`: compares OLD and NEW (both opened with the same options) at the positions it
/// explores and at the cases of both, prints the report;
/// exit status 0 without difference, 1 with differences, 2 when a game does not load, a
/// flag is bad or a pattern run went over its budget (exploring stopped; the report says so).
pub fn diff(a: &DiffArgs) -> i32 {
    if a.time.is_some_and(|t| t.is_nan() || t <= 0.0) {
        eprintln!("--time takes a positive number of seconds");
        return 2;
    }
    let open = |path: &str| {
        crate::open(path, &a.options).map_err(|e| {
            eprintln!("{e}");
            2
        })
    };
    let (old, new) = match (open(&a.old), open(&a.new)) {
        (Ok(o), Ok(n)) => (o, n),
        _ => return 2,
    };
    let cases = both_cases(&a.old, &a.new);
    let settings = Settings {
        depth: a.depth,
        games: a.games,
        ai_games: a.ai_games,
        plies: a.plies,
        seed: a.seed,
        time: a.time,
        positions: a.positions,
        progress: true,
        ..Settings::default()
    };
    let report = compare(&old, &new, &cases, &settings);
    print!("{}", text(&old, &new, (&a.old, &a.new), &report, &settings));
    if let Some(crate::author::diff::Cut::Pattern(e)) = &report.cut {
        eprintln!("error: {e}");
        return 2;
    }
    if report.groups.is_empty() { 0 } else { 1 }
}

/// The cases of OLD, then those of NEW that start elsewhere: a file that cannot be read
/// is left out with a warning.
fn both_cases(old: &str, new: &str) -> Vec<cases::Located> {
    let mut all: Vec<cases::Located> = vec![];
    for path in [old, new] {
        match cases::load(std::path::Path::new(path)) {
            Ok(found) => {
                for c in found {
                    if !all.iter().any(|a| same_start(&a.case, &c.case)) {
                        all.push(c);
                    }
                }
            }
            Err(e) => eprintln!("the cases of {path} are not read: {e}"),
        }
    }
    all
}

/// Whether two cases start at the same node.
fn same_start(a: &cases::Case, b: &cases::Case) -> bool {
    let moves = |c: &cases::Case| c.moves.split_whitespace().map(String::from).collect::<Vec<_>>();
    a.fen == b.fen && a.record == b.record && a.options == b.options && moves(a) == moves(b)
}
