//! English checkers (games/examples/checkers.toml) and international draughts
//! (games/examples/draughts.toml) against the independent reference of
//! tests/reference/draughts.py: its nodes deep into seeded random games
//! (tests/data/draughts/*.txt, format in tests/reference/README.md) replayed by moves and
//! read from their PDN FEN, interp's perft equal to the reference's count at each.
//!
//! The reference names a capture `FROMxTO:C1,C2,…` (origin, landing square, the captured
//! squares in ascending order); an interp action maps to that from its origin, its landing
//! cell and the cells its `Remove` effects name, so the mapping does not lean on interp's
//! own notation (which writes intermediate squares only where two captures need them).

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::engine::{Effect, Move, MoveList, Perft, State};
use interp::ir::Game;

fn checkers() -> &'static Game {
    game_once!("games/examples/checkers.toml")
}

fn draughts() -> &'static Game {
    game_once!("games/examples/draughts.toml")
}

fn data(name: &str) -> String {
    let p = common::repo_path(&format!("tests/data/draughts/{name}.txt"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The reference's name of action `m` of `list`.
fn token(g: &Game, list: &MoveList, m: &Move) -> String {
    let Move::Piece(p) = m else { panic!("draughts has piece moves only") };
    let num = |c: u16| g.board.name(c).parse::<u32>().expect("numbered squares");
    let mut taken: Vec<u32> = list
        .effects_of(m)
        .iter()
        .filter_map(|e| if let Effect::Remove(c) = e { Some(num(*c)) } else { None })
        .collect();
    taken.sort();
    taken.dedup();
    if taken.is_empty() {
        format!("{}-{}", num(p.from), num(p.to))
    } else {
        let list: Vec<String> = taken.iter().map(u32::to_string).collect();
        format!("{}x{}:{}", num(p.from), num(p.to), list.join(","))
    }
}

/// The tokens of every legal action at `st`, each once (two actions with one token would be
/// one move told apart twice).
fn tokens(g: &Game, st: &State) -> (MoveList, Vec<String>) {
    let list = g.actions(st);
    let names: Vec<String> = list.moves.iter().map(|m| token(g, &list, m)).collect();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "two actions are one move at {}: {names:?}", g.position_string(st));
    (list, names)
}

/// Replays a node's moves from the start.
fn replay(g: &Game, node: &fairy::Node) -> State {
    let mut st = g.initial();
    assert_eq!(node.start, "startpos", "line {}", node.line);
    for (i, t) in node.moves.iter().enumerate() {
        let (list, names) = tokens(g, &st);
        let Some(j) = names.iter().position(|n| n == t) else {
            panic!(
                "line {}: move {} `{t}` is none of interp's {names:?} at {}",
                node.line,
                i + 1,
                g.position_string(&st)
            )
        };
        let m = list.moves[j];
        g.apply(&mut st, &m, list.effects_of(&m));
    }
    st
}

/// interp's position string for a PDN FEN (`W:W31,K45:B1,2`): the squares in reading
/// order make the rows (`per_row` squares each); the first player's pieces upper case.
fn from_pdn(g: &Game, pdn: &str, per_row: usize) -> State {
    let n = g.board.cells.len();
    let mut sq = vec!['.'; n];
    let mut parts = pdn.split(':');
    let side = parts.next().unwrap();
    let first = g.players[0].chars().next().unwrap().to_ascii_uppercase();
    for part in parts {
        let mut chars = part.chars();
        let colour = chars.next().unwrap();
        let upper = colour == first;
        for item in chars.as_str().split(',').filter(|s| !s.is_empty()) {
            let (king, num) = item.strip_prefix('K').map_or((false, item), |r| (true, r));
            let i: usize = num.parse().unwrap();
            let c = if king { 'K' } else { 'M' };
            sq[i - 1] = if upper { c } else { c.to_ascii_lowercase() };
        }
    }
    let rows: Vec<String> = sq
        .chunks(per_row)
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    let fen = format!("{} {} - -", rows.join("/"), side.to_ascii_lowercase());
    g.parse_position(&fen).unwrap_or_else(|e| panic!("`{fen}` (from `{pdn}`): {e}"))
}

/// The first two fields of a position string: the squares and the player to move.
fn board_and_turn(s: &str) -> String {
    s.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

fn check(g: &Game, name: &str, per_row: usize) -> usize {
    let text = data(name);
    let nodes = fairy::nodes(&text);
    for node in &nodes {
        let by_moves = replay(g, node);
        let by_fen = from_pdn(g, &node.fen, per_row);
        // PDN has no draw counter: compare the squares and the player to move.
        assert_eq!(
            board_and_turn(&g.position_string(&by_moves)),
            board_and_turn(&g.position_string(&by_fen)),
            "line {}: the moves and the PDN FEN give one position",
            node.line
        );
        let n = Perft::new(g, &by_moves, node.depth.max(1)).count(&by_moves, node.depth);
        if n != node.count {
            let mut parts = vec![];
            let (list, names) = tokens(g, &by_moves);
            for (j, m) in list.moves.iter().enumerate() {
                let mut s = by_moves.clone();
                g.apply(&mut s, m, list.effects_of(m));
                let c = Perft::new(g, &s, node.depth.max(1)).count(&s, node.depth.saturating_sub(1));
                parts.push(format!("{}: {c}", names[j]));
            }
            parts.sort();
            panic!(
                "line {}: perft({}) is {n}, the reference says {}\nPDN: {}\nsplit:\n{}",
                node.line,
                node.depth,
                node.count,
                node.fen,
                parts.join("\n")
            );
        }
    }
    nodes.len()
}

#[test]
fn checkers_matches_the_reference_deep_into_games() {
    let n = check(checkers(), "checkers", 4);
    assert!(n >= 30, "{n} nodes");
}

#[test]
fn international_draughts_matches_the_reference_deep_into_games() {
    let n = check(draughts(), "international", 5);
    assert!(n >= 30, "{n} nodes");
}
