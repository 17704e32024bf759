//! The load-time optimiser stays within its work budgets: a move of many chained steps
//! (`orth orth … orth`, whose paths multiply) loads at once, and plays as it does with
//! every optimiser pass off, where that completes.

mod common;

use std::time::{Duration, Instant};

use common::repo_path;
use interp::engine::Perft;
use interp::ir::Game;
use interp::opt::Passes;

const NO_PASSES: Passes = Passes {
    slides: false,
    probes: false,
    leaps: false,
    memo: false,
    conds: false,
    paths: false,
    tallies: false,
    pushes: false,
    merge: false,
};

/// Minichess whose rook also moves `steps` orthogonal steps in a row, written to a file.
fn chained_rook(steps: usize) -> std::path::PathBuf {
    let text = std::fs::read_to_string(repo_path("games/examples/minichess.toml")).unwrap();
    let chain = vec!["orth"; steps].join(" ");
    let old = "piece R { move slide(orth) }";
    assert!(text.contains(old), "minichess no longer has its rook line");
    let text = text.replace(old, &format!("piece R {{ move slide(orth)\n  move {chain} }}"));
    let dir = std::env::temp_dir().join(format!("interp-robust-opt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("rook-{steps}.toml"));
    std::fs::write(&path, text).unwrap();
    path
}

fn open(path: &std::path::Path, passes: &Passes) -> (Game, Duration) {
    let t = Instant::now();
    let g = interp::open_with(path.to_str().unwrap(), &[], passes).unwrap_or_else(|e| panic!("{e}"));
    (g, t.elapsed())
}

/// Perft counts at depths 1 and 2, or None if the engine stops on its pattern budget.
fn perfts(g: &Game) -> Option<Vec<u64>> {
    let st = g.initial();
    let mut p = Perft::new(g, &st, 2);
    (1..=2).map(|d| p.try_count(&st, d).ok()).collect()
}

fn loads_fast_and_plays_alike(steps: usize) {
    let path = chained_rook(steps);
    let (g, took) = open(&path, &Passes::default());
    // Well under a second on an idle machine; generous for a busy one.
    assert!(took < Duration::from_secs(5), "{steps} steps: loading took {took:?}");
    // Where both complete (the engine may stop on its pattern budget), they agree.
    let (plain, _) = open(&path, &NO_PASSES);
    if let (Some(fast), Some(slow)) = (perfts(&g), perfts(&plain)) {
        assert_eq!(fast, slow, "{steps} steps: perft with and without the optimiser");
    }
}

#[test]
fn eight_chained_steps() {
    loads_fast_and_plays_alike(8);
}

#[test]
fn twelve_chained_steps() {
    loads_fast_and_plays_alike(12);
}

#[test]
fn twenty_chained_steps() {
    loads_fast_and_plays_alike(20);
}

#[test]
fn six_chained_steps_compare_with_every_pass_off() {
    // Small enough for the unoptimised engine: the comparison must happen.
    let path = chained_rook(6);
    let (g, _) = open(&path, &Passes::default());
    let (plain, _) = open(&path, &NO_PASSES);
    assert_eq!(perfts(&g), perfts(&plain));
    assert!(perfts(&g).is_some());
}
