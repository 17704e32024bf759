//! Piece-square tables, one row per piece kind: what a piece is worth on each cell for its
//! owner (material, centrality, advancement towards promotion), weighted as the game asks.

use crate::ai::eval::graph::{FAR, MoveGraph, distances_to};
use crate::ai::eval::values::standing_cells;
use crate::ir::{Game, Weights};

/// Share of a piece's value that centrality moves: a piece on a cell with twice its mean
/// landings gains a tenth of its value.
const CENTRE_SHARE: f64 = 0.1;
/// Share of a promotion's gain a piece one move from the zone has (a quarter of it at two
/// moves, and so on by the square of the distance plus one).
const ADVANCE_SHARE: f64 = 0.5;

/// Per (kind * cells + cell): the piece's worth there for its owner, in hundredths (0 for
/// the empty kind and for neutral pieces).
pub(super) fn kind_tables(g: &Game, graph: &MoveGraph, values: &[i32], w: &Weights) -> Vec<i32> {
    let n = g.board.len();
    let rows: Vec<Vec<i32>> =
        (0..g.types.len() * g.np()).map(|i| type_row(g, graph, values, w, i / g.np(), i % g.np())).collect();
    let mut table = vec![0; g.kind_type.len() * n];
    for k in 1..g.kind_type.len() {
        let owner = g.kind_owner[k] as usize;
        if owner < g.np() {
            let row = &rows[g.kind_type[k] as usize * g.np() + owner];
            table[k * n..(k + 1) * n].copy_from_slice(row);
        }
    }
    table
}

/// The row of type `t` for player `p`.
fn type_row(g: &Game, graph: &MoveGraph, values: &[i32], w: &Weights, t: usize, p: usize) -> Vec<i32> {
    let material = values[t] as f64 * w.material as f64 / 100.0;
    let centre = centrality(g, graph, values[t], t, p);
    let advance = advancement(g, graph, values, t, p);
    (0..g.board.len())
        .map(|c| {
            let extra = centre[c] * w.centre as f64 + advance[c] * w.advance as f64;
            (material + extra / 100.0).round() as i32
        })
        .collect()
}

/// Per cell: how much more (or less) the piece reaches there than on average, as a share
/// of its value (nothing for royal pieces, which are kept safe, not central).
fn centrality(g: &Game, graph: &MoveGraph, value: i32, t: usize, p: usize) -> Vec<f64> {
    let dests = graph.of(g, t, p);
    let cells = standing_cells(g, graph, t, p);
    if g.types[t].royal || cells.is_empty() {
        return vec![0.0; g.board.len()];
    }
    let mean = cells.iter().map(|&c| dests[c as usize].len() as f64).sum::<f64>() / cells.len() as f64;
    if mean == 0.0 {
        return vec![0.0; g.board.len()];
    }
    dests.iter().map(|d| (d.len() as f64 - mean) / mean * value as f64 * CENTRE_SHARE).collect()
}

/// Per cell: the piece's progress. With the file's `advance` bonus, that bonus per rank
/// gone from its side's edge; else its share of the best promotion's gain by the number of
/// its own moves to the promotion zone.
fn advancement(g: &Game, graph: &MoveGraph, values: &[i32], t: usize, p: usize) -> Vec<f64> {
    let per_rank = g.types[t].advance;
    if per_rank != 0 {
        return rank_progress(g, p).into_iter().map(|r| (r * per_rank as i64) as f64).collect();
    }
    let mut best = vec![0.0; g.board.len()];
    for pr in &g.promotions[t * g.np() + p] {
        let gain = pr.to.iter().map(|&to| values[to as usize]).max().unwrap_or(0) - values[t];
        if gain <= 0 {
            continue;
        }
        let zone = g.zone(pr.zone);
        let from = pr.from.map(|z| g.zone(z));
        let dist = distances_to(graph.of(g, t, p), |c| zone[c] || from.is_some_and(|f| f[c]));
        for (b, &d) in best.iter_mut().zip(&dist) {
            if d != FAR {
                *b = f64::max(*b, gain as f64 * ADVANCE_SHARE / ((d + 1) * (d + 1)) as f64);
            }
        }
    }
    best
}

/// Per cell: the ranks it lies from player `p`'s edge of the board (the first player's
/// edge is the lowest rank, the others' the highest).
fn rank_progress(g: &Game, p: usize) -> Vec<i64> {
    let ranks = g.board.cells.iter().map(|c| c.rank);
    let (lo, hi) = (ranks.clone().min().unwrap_or(0), ranks.max().unwrap_or(0));
    g.board.cells.iter().map(|c| if p == 0 { c.rank - lo } else { hi - c.rank }).collect()
}
