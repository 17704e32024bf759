//! Comparing an example game with Fairy-Stockfish: replaying the nodes of
//! tests/data/fairy/*.txt (made by tests/reference/fairy_positions.py) and checking
//! interp's perft against the engine's count at each.
//!
//! (Include it with `#[path = "common/fairy.rs"] mod fairy;` beside `mod common;`).
#![allow(dead_code)]

use interp::engine::{Perft, State};
use interp::ir::Game;

/// One sampled node of a data file.
pub struct Node {
    /// Line number in the file (1-based).
    pub line: usize,
    /// `startpos` or the engine's position string of the start.
    pub start: String,
    /// The engine's moves from the start, in UCI coordinates.
    pub moves: Vec<String>,
    /// The engine's position string at the node.
    pub fen: String,
    /// Perft depth and the engine's count.
    pub depth: usize,
    pub count: u64,
}

/// The nodes of a data file's text (`#` lines are comments).
pub fn nodes(data: &str) -> Vec<Node> {
    let mut out = vec![];
    for (i, l) in data.lines().enumerate() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = l.split('\t').collect();
        assert_eq!(f.len(), 5, "line {}: five tab-separated fields", i + 1);
        out.push(Node {
            line: i + 1,
            start: f[0].to_string(),
            moves: f[1].split_whitespace().map(str::to_string).collect(),
            fen: f[2].to_string(),
            depth: f[3].parse().unwrap(),
            count: f[4].parse().unwrap(),
        });
    }
    out
}

/// How interp writes an action, in UCI coordinates: dashes dropped, a promotion `=Q` as
/// `q`, drops as they are (`P@e4`). Games with other special actions map those themselves.
pub fn uci_plain(_g: &Game, _st: &State, notation: &str) -> String {
    let mut s = notation.replace('-', "");
    if let Some(i) = s.find('=') {
        let promo = s[i + 1..].to_ascii_lowercase();
        s.truncate(i);
        s.push_str(&promo);
    }
    s
}

/// The shogi family's UCI spelling: a promotion is written with `+` after the move
/// (`b2-h8=H` is `b2h8+`), whatever the promoted type; the rest as [`uci_plain`].
pub fn uci_plus(g: &Game, st: &State, notation: &str) -> String {
    match notation.split_once('=') {
        Some((mv, _)) => format!("{}+", uci_plain(g, st, mv)),
        None => uci_plain(g, st, notation),
    }
}

/// The start of a node: the game's setup, or the engine's position string read by interp.
pub fn start(g: &Game, node: &Node) -> State {
    if node.start == "startpos" {
        g.initial()
    } else {
        g.parse_position(&node.start).unwrap_or_else(|e| panic!("line {}: start `{}`: {e}", node.line, node.start))
    }
}

/// Plays a node's UCI moves from its start: each is the legal action whose `uci` mapping
/// equals it (exactly one).
pub fn replay(g: &Game, node: &Node, uci: &dyn Fn(&Game, &State, &str) -> String) -> State {
    let mut st = start(g, node);
    for (i, u) in node.moves.iter().enumerate() {
        let list = g.actions(&st);
        let names = g.notations(&st, &list);
        let hits: Vec<usize> = (0..names.len()).filter(|&j| uci(g, &st, &names[j]) == *u).collect();
        assert!(
            hits.len() == 1,
            "line {}: move {} `{u}` matches {} of interp's actions at {}; interp has: {}",
            node.line,
            i + 1,
            hits.len(),
            g.position_string(&st),
            names.iter().map(|n| uci(g, &st, n)).collect::<Vec<_>>().join(" ")
        );
        let m = g.find_move(&st, &list, &names[hits[0]]).expect("a listed action is found");
        g.apply(&mut st, &m, list.effects_of(&m));
    }
    st
}

/// interp's perft at `st` with its per-action split (for failure messages).
pub fn split(g: &Game, st: &State, depth: usize, uci: &dyn Fn(&Game, &State, &str) -> String) -> (u64, String) {
    let mut p = Perft::new(g, st, depth.max(1));
    let total = p.count(st, depth);
    let list = p.actions(st);
    let names = g.notations(st, &list);
    let mut parts = vec![];
    for n in &names {
        let m = g.find_move(st, &list, n).unwrap();
        let mut after = st.clone();
        g.apply(&mut after, &m, list.effects_of(&m));
        let c = if depth > 1 { Perft::new(g, &after, depth - 1).count(&after, depth - 1) } else { 1 };
        parts.push(format!("{}: {c}", uci(g, st, n)));
    }
    parts.sort();
    (total, parts.join("\n"))
}

/// Every node of `data` reached by replaying its moves: interp's perft must equal the
/// engine's count. Returns the number of nodes checked.
pub fn check_moves(g: &Game, data: &str, uci: &dyn Fn(&Game, &State, &str) -> String) -> usize {
    let all = nodes(data);
    for node in &all {
        let st = replay(g, node, uci);
        check_node(g, node, &st, uci, "after the moves");
    }
    all.len()
}

/// Every node of `data` read from the engine's position string: interp's perft must equal
/// the engine's count. Returns the number of nodes checked.
pub fn check_fens(g: &Game, data: &str, uci: &dyn Fn(&Game, &State, &str) -> String) -> usize {
    let all = nodes(data);
    for node in &all {
        let st = g.parse_position(&node.fen).unwrap_or_else(|e| panic!("line {}: `{}`: {e}", node.line, node.fen));
        check_node(g, node, &st, uci, "from the position string");
    }
    all.len()
}

fn check_node(g: &Game, node: &Node, st: &State, uci: &dyn Fn(&Game, &State, &str) -> String, how: &str) {
    let n = Perft::new(g, st, node.depth.max(1)).count(st, node.depth);
    if n != node.count {
        let (_, parts) = split(g, st, node.depth, uci);
        panic!(
            "line {} ({how}): perft({}) is {n}, Fairy-Stockfish says {}\nengine FEN: {}\ninterp: {}\nmoves: {}\ninterp's split:\n{parts}",
            node.line,
            node.depth,
            node.count,
            node.fen,
            g.position_string(st),
            node.moves.join(" ")
        );
    }
}
