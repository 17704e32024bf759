//! What a person typed as an action, read forgivingly: any case, with or without `-`,
//! `=` and `/`, a setup choice without its step name; and when it is no legal action, a
//! reply that says why (not a cell, no piece there, another side's piece, a piece with
//! no moves, a target out of reach, the royal piece left attacked) with near misses.

use crate::board::Cell;
use crate::engine::{Move, MoveList, State};
use crate::ir::{Game, Kind};
use crate::notation::near::edit_distance;

/// What the typed text comes to.
pub enum Reading {
    /// Exactly one legal action.
    Play(Move),
    /// Not one legal action: what to tell the person.
    Refuse(String),
}

/// The text folded for matching: lower case, without `-`, `=`, `/` and spaces (so `b1c3h`
/// reads as `b1-c3/H`).
pub fn fold(s: &str) -> String {
    s.chars().filter(|c| !matches!(c, '-' | '=' | '/') && !c.is_whitespace()).flat_map(char::to_lowercase).collect()
}

/// A notation without its suffix (`=Q` promotion, `>B1` push, `xc5` victim choice).
fn base<'a>(g: &Game, n: &'a str) -> &'a str {
    let mut end = n.find(['=', '>']).unwrap_or(n.len());
    if let Some(i) = n[..end].rfind('x')
        && i > 0
        && g.board.cell(&n[i + 1..end]).is_some()
    {
        end = i;
    }
    &n[..end]
}

/// The cell with this name, in any case.
pub fn cell_named(g: &Game, s: &str) -> Option<Cell> {
    g.board.cell(s).or_else(|| (0..g.board.len() as Cell).find(|&c| g.board.name(c).eq_ignore_ascii_case(s)))
}

/// Reads `input` against the legal actions `list` at `st`.
pub fn read(g: &Game, st: &State, list: &MoveList, input: &str) -> Reading {
    if let Some(m) = g.find_move(st, list, input) {
        return Reading::Play(m);
    }
    let typed = fold(input);
    let named: Vec<(Move, String)> = list.moves.iter().map(|m| (*m, g.notation_in(st, list, m))).collect();
    let pick = |f: &dyn Fn(&str) -> bool| -> Vec<&(Move, String)> { named.iter().filter(|(_, n)| f(n)).collect() };
    // `h5xf7`: a capture mark between the cells, where the notation has none.
    let unmarked = cells(g, input).2.strip_prefix('x').map(|to| format!("{}{to}", cells(g, input).0));
    let rules: [&dyn Fn(&str) -> bool; 4] = [
        &|n| fold(n) == typed,
        &|n| !n.contains('x') && unmarked.as_deref().is_some_and(|u| fold(n) == fold(u)),
        &|n| n.split_once(':').is_some_and(|(_, rest)| fold(rest) == typed),
        &|n| fold(base(g, n)) == typed,
    ];
    for rule in rules {
        let found = pick(rule);
        match found.len() {
            0 => continue,
            1 => return Reading::Play(found[0].0),
            _ => {
                let mut all: Vec<&str> = found.iter().map(|(_, n)| n.as_str()).collect();
                all.sort();
                return Reading::Refuse(format!("`{input}` could be any of: {}; type one of them", all.join(" ")));
            }
        }
    }
    Reading::Refuse(format!("illegal action `{input}`: {}", why(g, st, list, input)))
}

/// The legal actions that start from (or choose, or drop onto) cell `c`.
pub fn actions_at(g: &Game, st: &State, list: &MoveList, c: Cell) -> Vec<String> {
    let mut v: Vec<String> = list
        .moves
        .iter()
        .filter(|m| match m {
            Move::Piece(p) => p.from == c,
            Move::Drop { to, .. } | Move::Choose(to) => *to == c,
            _ => false,
        })
        .map(|m| g.notation_in(st, list, m))
        .collect();
    v.sort();
    v
}

/// The legal actions grouped by where they start: `white's Knight on b1: b1-a3 b1-c3`.
pub fn grouped(g: &Game, st: &State, list: &MoveList) -> Vec<String> {
    let mut groups: Vec<(String, Vec<String>)> = vec![];
    for m in &list.moves {
        let head = match m {
            Move::Piece(p) => {
                let k = if p.stack != 0 { p.stack } else { st.board[p.from as usize] };
                format!("{} on {}", g.piece_name(k), g.board.name(p.from))
            }
            Move::Drop { .. } => "from the reserve".to_string(),
            _ => "choices".to_string(),
        };
        let n = g.notation_in(st, list, m);
        match groups.iter_mut().find(|x| x.0 == head) {
            Some(x) => x.1.push(n),
            None => groups.push((head, vec![n])),
        }
    }
    groups.sort();
    groups
        .into_iter()
        .map(|(h, mut v)| {
            v.sort();
            format!("{h}: {}", v.join(" "))
        })
        .collect()
}

/// The typed text split into a first cell and the rest (`e2-e4`, `e2e4`, `T:D1-D2`).
fn cells(g: &Game, input: &str) -> (String, Option<Cell>, String) {
    let text = input.split_once(':').map_or(input, |(_, r)| r).trim();
    if let Some((a, b)) = text.split_once('-') {
        return (a.to_string(), cell_named(g, a.trim()), b.trim().to_string());
    }
    let t = fold(text);
    for i in (1..=t.len()).rev() {
        if t.is_char_boundary(i)
            && let Some(c) = cell_named(g, &t[..i])
        {
            return (t[..i].to_string(), Some(c), t[i..].to_string());
        }
    }
    (t.clone(), None, String::new())
}

/// The target cell `rest` names: a cell name, perhaps followed by a suffix that is no
/// cell name's start (a promotion letter, as in `e8q`, or a chosen cell after `>` or `x`,
/// as in `B2>B1` or `a9xc8`).
fn target(g: &Game, rest: &str) -> Option<Cell> {
    let t = fold(rest);
    let t = t.strip_prefix('x').filter(|r| cell_named(g, r).is_some()).unwrap_or(&t);
    (1..=t.len()).rev().filter(|&i| t.is_char_boundary(i)).find_map(|i| {
        let tail = &t[i..];
        let letter = tail.chars().count() <= 1 && tail.chars().all(char::is_alphabetic) || tail.starts_with(['>', 'x']);
        cell_named(g, &t[..i]).filter(|_| letter)
    })
}

/// Why `input` is no legal action.
fn why(g: &Game, st: &State, list: &MoveList, input: &str) -> String {
    let (first, from, rest) = cells(g, input);
    let Some(from) = from else {
        let cellish = first.chars().count() <= 4 && first.chars().any(|c| c.is_ascii_digit());
        let what = if cellish { not_a_cell(g, &first) } else { "neither an action nor a command (type `help`)".into() };
        return format!("{what}{}", suggest(g, st, list, input));
    };
    let me = st.to_move;
    let Some(k) = g.pieces_at(st, from).next() else {
        return format!("there is no piece on {}{}", g.board.name(from), suggest(g, st, list, input));
    };
    let owner = g.kind_owner[k as usize];
    if owner != me && !g.is_neutral(owner) {
        return format!(
            "the piece on {} is {}; {} is to move",
            g.board.name(from),
            g.piece_name(k),
            g.players[me as usize]
        );
    }
    let here = actions_at(g, st, list, from);
    let piece = format!("{} on {}", g.piece_name(k), g.board.name(from));
    let to = if rest.is_empty() { None } else { target(g, &rest) };
    let refused = g.refused_moves(st);
    let why = |to: Option<Cell>| {
        refused.iter().find(|r| {
            matches!(r.mv, Move::Piece(p) if p.from == from && to.is_none_or(|t| p.to == t))
                && (!r.exposed.is_empty() || r.rule.is_some())
        })
    };
    if let Some(to) = to
        && let Some(r) = why(Some(to))
    {
        return match &r.rule {
            Some(rule) if r.exposed.is_empty() => format!("that breaks the rule \"{rule}\""),
            _ => format!("that leaves your {} attacked", royal_cells(g, &r.exposed)),
        };
    }
    if here.is_empty() {
        return match why(None) {
            Some(r) => match &r.rule {
                Some(rule) if r.exposed.is_empty() => {
                    format!("{piece} cannot move: a move of it would break the rule \"{rule}\"")
                }
                _ => format!(
                    "{piece} cannot move: a move of it would leave your {} attacked",
                    royal_cells(g, &r.exposed)
                ),
            },
            None => format!("{piece} has no legal move"),
        };
    }
    match to {
        None if rest.is_empty() => format!("{piece} can play: {}", here.join(" ")),
        None => format!("{}; from that cell: {}", not_a_cell(g, &rest), here.join(" ")),
        Some(to) => {
            let there: Vec<&String> = here.iter().filter(|n| ends_on(g, n, to)).collect();
            if there.is_empty() {
                format!("{piece} cannot go to {}; from that cell: {}", g.board.name(to), here.join(" "))
            } else {
                let there: Vec<&str> = there.iter().map(|n| n.as_str()).collect();
                format!("from {} to {} the actions are: {}", g.board.name(from), g.board.name(to), there.join(" "))
            }
        }
    }
}

/// Whether notation `n` is a move to cell `to` (whatever its suffix).
fn ends_on(g: &Game, n: &str, to: Cell) -> bool {
    base(g, n).rsplit('-').next().is_some_and(|t| t == g.board.name(to))
}

/// `King on e1`: the royal pieces on these cells.
fn royal_cells(g: &Game, cells: &[(Cell, Kind)]) -> String {
    let name = |k: Kind| g.types[g.kind_type[k as usize] as usize].name.as_str();
    cells.iter().map(|&(c, k)| format!("{} on {}", name(k), g.board.name(c))).collect::<Vec<_>>().join(" and ")
}

/// `z9 is not a cell of this board; cells are named like a1, b1 … j10`.
pub fn not_a_cell(g: &Game, s: &str) -> String {
    let n = g.board.len() as Cell;
    let names: Vec<&str> = [0, 1, 2].into_iter().filter(|&c| c < n).map(|c| g.board.name(c)).collect();
    format!(
        "`{s}` is not a cell of this board; cells are named like {} … {} (type `moves` for the actions, `help` for the commands)",
        names.join(", "),
        g.board.name(n - 1)
    )
}

/// `; did you mean e2-e4?` for the legal actions closest to the typed text.
fn suggest(g: &Game, st: &State, list: &MoveList, input: &str) -> String {
    let typed = fold(input);
    let all = g.notations(st, list);
    let scored: Vec<(usize, &String)> = all.iter().map(|n| (edit_distance(&typed, &fold(n)), n)).collect();
    let Some(best) = scored.iter().map(|s| s.0).min() else { return String::new() };
    if best > 2 || best * 2 >= typed.chars().count() {
        return String::new();
    }
    let near: Vec<&str> = scored.iter().filter(|s| s.0 == best).take(6).map(|s| s.1.as_str()).collect();
    format!("; did you mean {}?", near.join(" or "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(file: &str) -> Game {
        crate::open(&format!("{}/games/{file}", env!("CARGO_MANIFEST_DIR")), &[]).unwrap()
    }

    /// What `input` comes to at the position `fen` (or the start): the action or the reply.
    fn reading(g: &Game, fen: Option<&str>, input: &str) -> Result<String, String> {
        let st = fen.map_or_else(|| g.initial(), |f| g.parse_position(f).unwrap());
        let list = g.actions(&st);
        match read(g, &st, &list, input) {
            Reading::Play(m) => Ok(g.notation(&st, &m)),
            Reading::Refuse(why) => Err(why),
        }
    }

    #[test]
    fn reads_any_case_with_or_without_dashes_and_a_capture_mark() {
        let g = game("chess.toml");
        for typed in ["e2-e4", "E2-E4", "e2e4", " E2E4 "] {
            assert_eq!(reading(&g, None, typed.trim()), Ok("e2-e4".to_string()), "{typed}");
        }
        let fen = Some("k7/4P3/8/8/8/8/1P1PP3/2B1K3 w - - 0 1");
        assert_eq!(reading(&g, fen, "e7e8q"), Ok("e7-e8=Q".to_string()));
        assert_eq!(reading(&g, fen, "e7-e8=n"), Ok("e7-e8=N".to_string()));
        let many = reading(&g, fen, "e7e8").unwrap_err();
        assert!(many.contains("could be any of: e7-e8=B e7-e8=N e7-e8=Q e7-e8=R"), "{many}");
        assert_eq!(reading(&g, Some("k7/8/8/8/8/8/1r6/K7 w - - 0 1"), "a1xb2"), Ok("a1-b2".to_string()));
        let near = reading(&g, None, "e9-e4").unwrap_err();
        assert!(near.contains("`e9` is not a cell of this board") && near.ends_with("did you mean e2-e4?"), "{near}");
        // (Stack prefixes, push suffixes and step choices: tests/play_session.rs.)
    }

    #[test]
    fn reads_a_gate_with_or_without_its_slash() {
        let g = game("examples/seirawan.toml");
        for typed in ["b1-c3/H", "b1c3h", "B1C3/h"] {
            assert_eq!(reading(&g, None, typed), Ok("b1-c3/H".to_string()), "{typed}");
        }
        assert_eq!(reading(&g, None, "b1c3"), Ok("b1-c3".to_string()));
    }

    #[test]
    fn folds_case_dashes_and_equals() {
        assert_eq!(fold(" E7-E8=q "), "e7e8q");
        assert_eq!(edit_distance("e2e5", "e2e4"), 1);
        assert_eq!(edit_distance("", "ab"), 2);
    }
}
