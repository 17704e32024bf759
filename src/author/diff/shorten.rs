//! Shortening a group's line: greedily delete single actions and pairs of consecutive
//! actions while the line stays playable in both games and its last node still shows a
//! difference of the group; repeat until no deletion works.

use super::compare::{Node, Pair};
use super::{Group, Line, Signature};
use crate::ir::Game;
use std::time::Instant;

/// Shortens every group's line; false when the deadline stopped it (the lines found so
/// far stay, each still showing its group).
pub fn all(old: &Game, new: &Game, groups: &mut [Group], deadline: Option<Instant>) -> bool {
    for g in groups.iter_mut() {
        let Some(line) = shorten(old, new, &g.signature, &g.line, deadline) else { return false };
        g.line = line;
    }
    true
}

/// Whether the last node of `p` shows a difference with this signature.
fn shows(old: &Game, new: &Game, sig: &Signature, p: &Pair) -> bool {
    Node::of(old, new, p).differences(old, new, p).iter().any(|(s, _)| s == sig)
}

/// The pairs after each prefix of a line (`out[i]`: after `actions[..i]`), from `from`.
fn prefixes(old: &Game, new: &Game, line: &Line, mut out: Vec<Pair>, from: usize) -> Option<Vec<Pair>> {
    out.truncate(from + 1);
    for a in &line.actions[from..] {
        let mut p = out.last()?.clone();
        if !p.play(old, new, a) {
            return None;
        }
        out.push(p);
    }
    Some(out)
}

/// One line shortened (None when the deadline came first).
fn shorten(old: &Game, new: &Game, sig: &Signature, line: &Line, deadline: Option<Instant>) -> Option<Line> {
    let mut line = line.clone();
    let root = Pair::root(old, new, &line.root)?;
    let mut at = prefixes(old, new, &line, vec![root], 0)?;
    loop {
        let mut changed = false;
        let mut i = 0;
        while i < line.actions.len() {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            match try_delete(old, new, sig, &line, &at, i) {
                Some(shorter) => {
                    line = shorter;
                    at = prefixes(old, new, &line, at, i)?;
                    changed = true;
                }
                None => i += 1,
            }
        }
        if !changed {
            return Some(line);
        }
    }
}

/// The line without the action at `i` or without the actions `i` and `i + 1`, whichever
/// works first (the single deletion is tried first).
fn try_delete(old: &Game, new: &Game, sig: &Signature, line: &Line, at: &[Pair], i: usize) -> Option<Line> {
    for k in [1, 2] {
        if i + k > line.actions.len() {
            continue;
        }
        let mut p = at[i].clone();
        if line.actions[i + k..].iter().all(|a| p.play(old, new, a)) && shows(old, new, sig, &p) {
            let mut shorter = line.clone();
            shorter.actions.drain(i..i + k);
            return Some(shorter);
        }
    }
    None
}
