//! Attack probes: a capturing program that is a slide or a fixed path of steps is
//! reversed, so attack detection walks back from the target instead of running the
//! program forwards from every possible attacker.

use std::collections::HashMap;

use super::budget::{Budget, PROBE_STEPS_PER_GAME, PROBE_STEPS_PER_PROGRAM};
use crate::ir::limits::LOOP_CAP;
use crate::ir::{Expr, Game, Op, Probe, ProbeStep};

/// Finds the reversed forms of the capturing programs, and moves the attack programs that
/// have them from the game's forward attacks to its probes (merging the kinds of equal
/// probes). A program with more probe steps than the budget allows stays a forward attack.
pub fn run(g: &mut Game) {
    if !g.custodians.is_empty() {
        // Custodian rules may capture around any landing: no program reverses.
        return;
    }
    let mut budget = Budget::new(PROBE_STEPS_PER_PROGRAM, PROBE_STEPS_PER_GAME);
    for prog in g.programs.iter_mut().filter(|p| p.captures) {
        prog.probes = reverse(&prog.ops, &g.exprs, &g.turn_tables, budget.for_program());
        if let Some(list) = &mut prog.probes {
            list.iter_mut().for_each(|p| p.gate = prog.gate);
        }
        let steps = prog.probes.iter().flatten().map(|p| p.steps.len() as u64).sum();
        budget.spend(steps);
    }
    for p in 0..g.np() {
        let forward = std::mem::take(&mut g.forward_attacks[p]);
        let mut index: HashMap<Probe, usize> = HashMap::new();
        for (pi, kinds) in forward {
            let Some(list) = &g.programs[pi.index()].probes else {
                g.forward_attacks[p].push((pi, kinds));
                continue;
            };
            for pr in list {
                match index.get(pr) {
                    Some(&i) => g.probes[p][i].1.iter_mut().zip(&kinds).for_each(|(a, b)| *a |= *b),
                    None => {
                        index.insert(pr.clone(), g.probes[p].len());
                        g.probes[p].push((pr.clone(), kinds.clone()));
                    }
                }
            }
        }
    }
}

/// The reversed forms of a program: a slide, or fixed paths of steps of at most `budget`
/// steps in all.
fn reverse(ops: &[Op], exprs: &[Expr], turns: &[Vec<Vec<u8>>], budget: u64) -> Option<Vec<Probe>> {
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
        return Some(
            dirs.iter().map(|&d| Probe { steps: vec![(d, Some(*fin))], ray: Some(max), origin, gate: None }).collect(),
        );
    }
    if path_steps(&ops[i..], turns) > budget {
        return None;
    }
    let paths = paths(&ops[i..], turns)?;
    if paths.iter().any(|p| p.is_empty()) {
        return None;
    }
    Some(paths.into_iter().map(|steps| Probe { steps, ray: None, origin, gate: None }).collect())
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

/// How many steps the paths of a straight-line program have in all (paths times their
/// length, saturating), counted per last direction without listing the paths.
fn path_steps(ops: &[Op], turns: &[Vec<Vec<u8>>]) -> u64 {
    // Paths ending in each direction; before the first step, one path in direction 0.
    let mut ending: Vec<u64> = vec![1];
    let mut len = 0u64;
    for op in ops {
        let mut next: Vec<u64> = vec![];
        let mut add = |d: u8, n: u64| {
            if next.len() <= d as usize {
                next.resize(d as usize + 1, 0);
            }
            next[d as usize] = next[d as usize].saturating_add(n);
        };
        match op {
            Op::Step(ds) => {
                let all = ending.iter().fold(0u64, |a, &b| a.saturating_add(b));
                ds.iter().for_each(|&d| add(d, all));
            }
            Op::Turn(tb) => {
                for (last, &n) in ending.iter().enumerate() {
                    let to = turns[tb.index()].get(last).map_or(&[][..], |v| &v[..]);
                    to.iter().for_each(|&d| add(d, n));
                }
            }
            Op::Emit => break,
            _ => continue,
        }
        ending = next;
        len += 1;
    }
    ending.iter().fold(0u64, |a, &b| a.saturating_add(b)).saturating_mul(len)
}

/// A path one step longer, with no test yet on the new cell.
fn extended(p: &[ProbeStep], d: u8) -> Vec<ProbeStep> {
    let mut q = p.to_vec();
    q.push((d, None));
    q
}
