//! Piece values derived from how each type moves: its mean number of landings on an empty
//! board over the cells it can stand on, discounted for the share of the board it can
//! never reach (a bishop keeps to its colour). The file's `value` overrides.

use crate::ai::eval::graph::{MoveGraph, reachable};
use crate::board::Cell;
use crate::ir::Game;

/// What a piece with no landings at all is worth, in hundredths (a value unit is 100).
const BASE: f64 = 120.0;
/// Hundredths per landing of a piece that can reach every cell: with `BASE`, a chess
/// knight (5.25 landings) comes to about 3 and a queen (22.75) to about 9.
const PER_LANDING: f64 = 34.0;

/// Per type: its value in hundredths (0 for royal types, which are never traded).
pub(super) fn piece_values(g: &Game, graph: &MoveGraph) -> Vec<i32> {
    (0..g.types.len())
        .map(|t| {
            let ty = &g.types[t];
            if ty.royal {
                0
            } else if ty.value_given {
                ty.value * 100
            } else {
                derived_value(g, graph, t)
            }
        })
        .collect()
}

/// The value of type `t` derived from its moves, averaged over the players.
pub(super) fn derived_value(g: &Game, graph: &MoveGraph, t: usize) -> i32 {
    let sum: f64 =
        (0..g.np()).map(|p| reach_weighted_mobility(g, graph.of(g, t, p), standing_cells(g, graph, t, p))).sum();
    (BASE + PER_LANDING * sum / g.np().max(1) as f64).round() as i32
}

/// The mean landings over `cells`, times the square root of the mean share of the board
/// reachable from them.
fn reach_weighted_mobility(g: &Game, dests: &[Vec<Cell>], cells: Vec<Cell>) -> f64 {
    if cells.is_empty() || g.board.is_empty() {
        return 0.0;
    }
    let n = cells.len() as f64;
    let landings: f64 = cells.iter().map(|&c| dests[c as usize].len() as f64).sum::<f64>() / n;
    let reach: f64 = cells
        .iter()
        .map(|&c| reachable(dests, [c]).iter().filter(|&&r| r).count() as f64 / g.board.len() as f64)
        .sum::<f64>()
        / n;
    landings * reach.sqrt()
}

/// The cells a piece of type `t` of player `p` can stand on: those it reaches from where it
/// starts, or, when it does not start on the board, those it can move from.
pub(super) fn standing_cells(g: &Game, graph: &MoveGraph, t: usize, p: usize) -> Vec<Cell> {
    let dests = graph.of(g, t, p);
    let starts: Vec<Cell> = g
        .setup
        .iter()
        .enumerate()
        .map(|(c, &k)| (c as Cell, k))
        .chain(g.setup_stacks.iter().copied())
        .filter(|&(_, k)| k != 0 && g.kind_type[k as usize] as usize == t && g.kind_owner[k as usize] as usize == p)
        .map(|(c, _)| c)
        .collect();
    if starts.is_empty() {
        return (0..dests.len()).filter(|&c| !dests[c].is_empty()).map(|c| c as Cell).collect();
    }
    let seen = reachable(dests, starts);
    (0..dests.len()).filter(|&c| seen[c]).map(|c| c as Cell).collect()
}
