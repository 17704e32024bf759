//! The report's text: what was explored, then each group of differences with its
//! shortest line, what differs at the end of that line, and a diagram of it.

use super::compare::{Node, Pair, View};
use super::signature::Change;
use super::{Cut, Group, Line, Report, Root, Settings, Signature};
use crate::ir::Game;
use crate::render::{Style, diagram};

/// Actions listed per side of an example at most.
const SHOWN: usize = 8;

/// The report for someone who has not seen the tool before. `names` are the two files
/// as the user gave them.
pub fn text(old: &Game, new: &Game, names: (&str, &str), r: &Report, s: &Settings) -> String {
    let mut out = format!(
        "Compared {} (old) and {} (new): {} explored ({}).\n",
        names.0,
        names.1,
        positions(r.positions),
        explored(r, s)
    );
    match &r.cut {
        Some(Cut::Pattern(e)) => out.push_str(&format!("Stopped early: {e}; differences may remain.\n")),
        Some(Cut::Time) => out.push_str(&format!(
            "Stopped early: the time budget ({} s, --time) ran out; differences may remain.\n",
            s.time.unwrap_or(0.0)
        )),
        Some(Cut::Positions) => out.push_str(&format!(
            "Stopped early: the position budget ({}, --positions) ran out; differences may remain.\n",
            s.positions
        )),
        None => {}
    }
    if r.groups.is_empty() {
        out.push_str(&format!("No difference in {} explored.\n", positions(r.positions)));
        return out;
    }
    let n = r.groups.len();
    out.push_str(&format!("{n} difference{}:\n", if n == 1 { "" } else { "s" }));
    for (i, g) in r.groups.iter().enumerate() {
        out.push_str(&group(old, new, i + 1, g));
    }
    out
}

/// `1 position`, `12 positions`.
fn positions(n: usize) -> String {
    format!("{n} position{}", if n == 1 { "" } else { "s" })
}

/// What the exploration covered: `start, 3 plies breadth-first, 4 cases, …`.
fn explored(r: &Report, s: &Settings) -> String {
    let plural = |n: usize, one: &str| match (n, one) {
        (1, _) => format!("1 {one}"),
        (_, "ply") => format!("{n} plies"),
        _ => format!("{n} {one}s"),
    };
    let mut parts = vec!["start".to_string(), format!("{} breadth-first", plural(r.depth, "ply"))];
    if r.sweep_partial {
        parts[1].push_str(&format!(" and part of ply {} (its share of --positions)", r.depth + 1));
    } else if r.depth < s.depth {
        parts[1].push_str(&format!(" (of {})", s.depth));
    }
    let mut cases = plural(r.cases.0, "case");
    if r.cases.1 > 0 {
        cases.push_str(&format!(" ({} not reachable in both games or needing other options)", r.cases.1));
    }
    parts.push(cases);
    parts.push(plural(r.games.0, "random game"));
    parts.push(plural(r.games.1, "AI game"));
    parts.join(", ")
}

/// One group: its title and count, its line, what differs there, the diagram.
fn group(old: &Game, new: &Game, number: usize, g: &Group) -> String {
    let mut out =
        format!("{number}. {}, in {}; first {}\n", g.signature.title(), positions(g.positions), where_(&g.line));
    let Some(p) = Pair::reach(old, new, &g.line) else {
        out.push_str("   (its line no longer plays in both games)\n");
        return out;
    };
    let node = Node::of(old, new, &p);
    out.push_str(&format!("   {}\n", detail(old, new, &p, &node, &g.signature)));
    for row in diagram(old, &p.old.st, Style::Plain).lines() {
        out.push_str(&format!("   {row}\n"));
    }
    out
}

/// Where a line leads: `at the start`, `after 1 action: e2-d3`, or from a case.
fn where_(line: &Line) -> String {
    let n = line.actions.len();
    let from = match &line.root {
        Root::Start => String::new(),
        Root::Case { case, .. } => format!("in case `{case}` (from its position string) "),
    };
    if n == 0 {
        return if from.is_empty() { "at the start".into() } else { from.trim_end().into() };
    }
    let what = if n == 1 { "action" } else { "actions" };
    format!("{from}after {n} {what}: {}", line.actions.join(" "))
}

/// What differs at the node: who acts and the actions removed and added, or the two
/// results and rules.
fn detail(old: &Game, new: &Game, p: &Pair, node: &Node, sig: &Signature) -> String {
    match sig {
        Signature::Action { .. } | Signature::Reshaped { .. } => {
            let diffs = node.differences(old, new, p);
            let mine: Vec<&String> = diffs.iter().filter(|(s, _)| s == sig).flat_map(|(_, v)| v).collect();
            let list = |change| {
                let all = node.changed(old, new, p, change).into_iter().map(|m| m.action);
                shortened(&all.filter(|a| mine.contains(&a)).collect::<Vec<_>>())
            };
            format!("{}; removed: {}; added: {}", acting(&node.old), list(Change::Removed), list(Change::Added))
        }
        Signature::Acting { .. } => format!("old: {}; new: {}", acting(&node.old), acting(&node.new)),
        Signature::Result { .. } | Signature::Rule { .. } => {
            format!("old: {}; new: {}", result(&node.old), result(&node.new))
        }
    }
}

/// `white to move`, `chance acts`.
fn acting(v: &View) -> String {
    match v.acting.as_str() {
        "" => "game over".into(),
        "chance" => "chance acts".into(),
        p => format!("{p} to move"),
    }
}

/// `ongoing (white to move)`, `white wins by rule `…``.
fn result(v: &View) -> String {
    match &v.rule {
        Some(r) => format!("{} by the rule `{r}`", v.result),
        None if v.ongoing() => format!("{} ({})", v.result, acting(v)),
        None => format!("{} (no rule: no legal action)", v.result),
    }
}

/// Up to [`SHOWN`] actions, then how many more; `(none)` for none.
fn shortened(v: &[String]) -> String {
    if v.is_empty() {
        return "(none)".into();
    }
    let mut s = v.iter().take(SHOWN).cloned().collect::<Vec<_>>().join(" ");
    if v.len() > SHOWN {
        s.push_str(&format!(" … and {} more", v.len() - SHOWN));
    }
    s
}
