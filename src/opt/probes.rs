//! Attack probes: a capturing program that is a slide or a fixed path of steps is
//! reversed, so attack detection walks back from the target instead of running the
//! program forwards from every possible attacker.

use crate::ir::limits::LOOP_CAP;
use crate::ir::{Expr, Game, Op, Probe, ProbeStep};

/// Finds the reversed forms of the capturing programs, and moves the attack programs that
/// have them from the game's forward attacks to its probes (merging the kinds of equal
/// probes).
pub fn run(g: &mut Game) {
    if !g.custodians.is_empty() {
        // Custodian rules may capture around any landing: no program reverses.
        return;
    }
    for prog in g.programs.iter_mut().filter(|p| p.captures) {
        prog.probes = reverse(&prog.ops, &g.exprs, &g.turn_tables);
    }
    for p in 0..g.np() {
        let forward = std::mem::take(&mut g.forward_attacks[p]);
        for (pi, kinds) in forward {
            let Some(list) = &g.programs[pi.index()].probes else {
                g.forward_attacks[p].push((pi, kinds));
                continue;
            };
            for pr in list {
                match g.probes[p].iter_mut().find(|(q, _)| q == pr) {
                    Some((_, ks)) => ks.iter_mut().zip(&kinds).for_each(|(a, b)| *a |= *b),
                    None => g.probes[p].push((pr.clone(), kinds.clone())),
                }
            }
        }
    }
}

/// The reversed forms of a program: a slide, or fixed paths of steps.
fn reverse(ops: &[Op], exprs: &[Expr], turns: &[Vec<Vec<u8>>]) -> Option<Vec<Probe>> {
    let (origin, i) = match ops.first() {
        Some(Op::Test(t)) => (Some(*t), 1),
        _ => (None, 0),
    };
    if let Some(Op::Ray(dirs, max, fin)) = ops.get(i) {
        // A bound in 0..=LOOP_CAP fits a u16.
        let max = match max {
            None => LOOP_CAP as u16,
            Some(e) => exprs[e.index()].constant()?.clamp(0, LOOP_CAP) as u16,
        };
        return Some(dirs.iter().map(|&d| Probe { steps: vec![(d, Some(*fin))], ray: Some(max), origin }).collect());
    }
    let paths = paths(&ops[i..], turns)?;
    if paths.iter().any(|p| p.is_empty()) {
        return None;
    }
    Some(paths.into_iter().map(|steps| Probe { steps, ray: None, origin }).collect())
}

/// Every path of a straight-line program of steps, turns and tests up to `Emit`: the
/// directions, each with the test on the cell reached, if any.
fn paths(ops: &[Op], turns: &[Vec<Vec<u8>>]) -> Option<Vec<Vec<ProbeStep>>> {
    let mut paths: Vec<Vec<ProbeStep>> = vec![vec![]];
    for op in ops {
        match op {
            Op::Step(ds) => {
                paths = paths.iter().flat_map(|p| ds.iter().map(move |&d| extended(p, d))).collect();
            }
            Op::Turn(tb) => {
                let mut next = vec![];
                for p in &paths {
                    let last = p.last()?.0;
                    next.extend(turns[tb.index()][last as usize].iter().map(|&d| extended(p, d)));
                }
                paths = next;
            }
            Op::Test(t) => {
                for p in paths.iter_mut() {
                    let last = p.last_mut()?;
                    if last.1.is_some() {
                        return None;
                    }
                    last.1 = Some(*t);
                }
            }
            Op::Emit => break,
            _ => return None,
        }
    }
    Some(paths)
}

/// A path one step longer, with no test yet on the new cell.
fn extended(p: &[ProbeStep], d: u8) -> Vec<ProbeStep> {
    let mut q = p.to_vec();
    q.push((d, None));
    q
}
