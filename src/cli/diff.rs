//! `diff`: the semantic difference of two rule sets, printed as a report.

use super::args::DiffArgs;
use crate::author::cases;
use crate::author::diff::{Settings, compare, text};

/// `diff`: compares OLD and NEW (both opened with the same options), prints the report;
/// exit status 0 without difference, 1 with differences, 2 when a game does not load or
/// a flag is bad.
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
    let cases = match cases::load(std::path::Path::new(&a.old)) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("the cases of {} are not read: {e}", a.old);
            vec![]
        }
    };
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
    if report.groups.is_empty() { 0 } else { 1 }
}
