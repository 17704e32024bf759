//! The cells every attack towards a royal piece looks at, for the fast filter of
//! `illegal` rules about check: a move that changes none of them (and no royal piece)
//! leaves every royal piece attacked or not as before.

use crate::board::Cell;
use crate::ir::limits::MAX_TABLE_CELLS;
use crate::ir::{Cond, Expr, Game, Op, Probe, Stmt, Who};

/// Per victim player and royal cell, the bitset of cells that other players' probes
/// towards that cell look at (their attackers' cells and every cell on the way, a slide's
/// whole line); empty when the filter does not apply: no `illegal` rule reads only check,
/// or a move can change attacks in ways the table does not see (attacks run forwards
/// without waiting for a register cleared every move, tests beyond the board's contents,
/// effects after the move: triggers that change the board, custodian captures, pushes,
/// tallies).
pub fn build(g: &Game) -> Vec<Vec<Vec<u64>>> {
    if !applies(g) {
        return vec![];
    }
    let (np, n) = (g.np(), g.board.len());
    let words = n.div_ceil(64);
    (0..np)
        .map(|v| {
            (0..n as Cell)
                .map(|r| {
                    let mut bits = vec![0u64; words];
                    for p in (0..np).filter(|&p| p != v) {
                        for (probe, _) in &g.probes[p] {
                            mark(g, probe, r, &mut bits);
                        }
                    }
                    bits
                })
                .collect()
        })
        .collect()
}

/// Whether the table can decide moves for this game.
fn applies(g: &Game) -> bool {
    let wanted = g.illegals.iter().any(|r| r.checks_only);
    let forward_ok = g.forward_attacks.iter().flatten().all(|(prog, _)| {
        super::attack::gate(g, *prog).is_some_and(|r| !g.long_regs.get(r as usize).copied().unwrap_or(true))
    });
    let local = g.probes.iter().flatten().all(|(pr, _)| {
        pr.steps.iter().all(|s| s.1.is_none_or(|t| board_local(g.cond(t))))
            && pr.origin.is_none_or(|t| board_local(g.cond(t)))
    });
    let board_stmts = g
        .triggers
        .iter()
        .flat_map(|t| &t.stmts)
        .any(|s| matches!(s, Stmt::Drop(..) | Stmt::Change(_) | Stmt::RemoveAt(_) | Stmt::Reset(_)));
    wanted
        && g.has_royal
        && forward_ok
        && local
        && !board_stmts
        && g.custodians.is_empty()
        && g.pushes.is_empty()
        // A conditional attack's condition may read cells the table does not hold.
        && g.attack_gates.is_empty()
        && g.tallies.is_empty()
        && g.board.len() <= MAX_TABLE_CELLS
}

/// Whether a condition depends only on the cells' contents.
fn board_local(c: &Cond) -> bool {
    match c {
        Cond::True | Cond::Empty | Cond::Enemy | Cond::Friend | Cond::Type(_) | Cond::Unmoved | Cond::Zone(_) => true,
        Cond::And(v) | Cond::Or(v) => v.iter().all(board_local),
        Cond::Not(x) => board_local(x),
        _ => false,
    }
}

/// Marks every cell a probe looks at on its way to `r`, attacker cells included.
fn mark(g: &Game, probe: &Probe, r: Cell, bits: &mut [u64]) {
    let mut set = |c: Cell| bits[c as usize / 64] |= 1 << (c % 64);
    let mut frontier = vec![r];
    if let Some(max) = probe.ray {
        let d = probe.steps[0].0;
        let mut seen = vec![r];
        for _ in 0..max {
            let mut next = vec![];
            for &c in &frontier {
                for &s in g.board.sources(c, d) {
                    if !seen.contains(&s) {
                        seen.push(s);
                        set(s);
                        next.push(s);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            frontier = next;
        }
        return;
    }
    for i in (0..probe.steps.len()).rev() {
        let d = probe.steps[i].0;
        let mut next: Vec<Cell> = vec![];
        for &c in &frontier {
            for &s in g.board.sources(c, d) {
                set(s);
                if !next.contains(&s) {
                    next.push(s);
                }
            }
        }
        frontier = next;
    }
}

/// Whether the triggers only set counters (and pockets) that no attack reads: then a move
/// played only to test royal safety can leave them out.
pub fn idle_triggers(g: &Game) -> bool {
    let counters_only = g.triggers.iter().flat_map(|t| &t.stmts).all(|s| matches!(s, Stmt::Assign(..) | Stmt::Pocket));
    let probes_ok = g.probes.iter().flatten().all(|(pr, _)| {
        pr.steps.iter().all(|s| s.1.is_none_or(|t| !cond_reads_vars(g.cond(t))))
            && pr.origin.is_none_or(|t| !cond_reads_vars(g.cond(t)))
    });
    let forward_ok = g.forward_attacks.iter().flatten().all(|(prog, _)| {
        g.program(*prog).ops.iter().all(|op| match op {
            Op::Test(c) | Op::Leap(_, c) => !cond_reads_vars(g.cond(*c)),
            Op::Ray(_, e, c) => e.is_none_or(|e| !expr_reads_vars(g.expr(e))) && !cond_reads_vars(g.cond(*c)),
            Op::LoopTest(_, lo, hi, _) | Op::LoopMax(_, lo, hi, _) => {
                !expr_reads_vars(g.expr(*lo)) && hi.is_none_or(|e| !expr_reads_vars(g.expr(e)))
            }
            _ => true,
        })
    });
    counters_only && probes_ok && forward_ok
}

/// Whether a condition reads a counter.
fn cond_reads_vars(c: &Cond) -> bool {
    match c {
        Cond::Cmp(a, _, b) => expr_reads_vars(a) || expr_reads_vars(b),
        Cond::And(v) | Cond::Or(v) => v.iter().any(cond_reads_vars),
        Cond::Not(x) => cond_reads_vars(x),
        _ => false,
    }
}

/// Whether an expression reads a counter.
fn expr_reads_vars(e: &Expr) -> bool {
    match e {
        Expr::Var(..) => true,
        Expr::Max(a, b) | Expr::Min(a, b) | Expr::Add(a, b) | Expr::Sub(a, b) => {
            expr_reads_vars(a) || expr_reads_vars(b)
        }
        _ => false,
    }
}

/// The lines of the other player's slides through each cell, per victim and royal cell
/// (see [`crate::ir::AttackTables::ray_cells`]); empty when the gives-check test does not
/// apply.
pub fn ray_cells(g: &Game) -> Vec<Vec<Vec<u32>>> {
    let t = &g.attack;
    let gives_check_only =
        !g.illegals.is_empty() && g.illegals.iter().all(|r| matches!(g.cond(r.cond), Cond::CheckOf(Who::Others)));
    let plain = t.general.iter().all(|v| v.is_empty())
        && g.forward_attacks.iter().all(|v| v.is_empty())
        && t.rays.iter().all(|v| v.len() <= 32);
    if t.touch.is_empty() || g.np() != 2 || !gives_check_only || !plain {
        return vec![];
    }
    let n = g.board.len();
    (0..2)
        .map(|v| {
            let rays = &t.rays[1 - v];
            (0..n as Cell)
                .map(|r| {
                    let mut masks = vec![0u32; n];
                    for (i, &(d, max, _, _)) in rays.iter().enumerate() {
                        let mut frontier = vec![r];
                        for _ in 0..max {
                            let mut next = vec![];
                            for &c in &frontier {
                                for &s in g.board.sources(c, d) {
                                    if masks[s as usize] & (1 << i) == 0 && s != r {
                                        masks[s as usize] |= 1 << i;
                                        next.push(s);
                                    }
                                }
                            }
                            if next.is_empty() {
                                break;
                            }
                            frontier = next;
                        }
                    }
                    masks
                })
                .collect()
        })
        .collect()
}
