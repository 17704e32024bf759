//! The lines under a text picture: the legend of the pieces and what the position holds
//! besides the board (counters, reserves, per-piece tallies, a royal piece in check), each
//! named as the game file names it. A game shows only the sections it has.

use crate::board::Cell;
use crate::engine::state::State;
use crate::ir::{Game, Var};

/// The longest legend line before the legend takes one line per faction.
const LEGEND_WIDTH: usize = 100;

/// The legend: each faction's letters and piece names (`white K King, Q Queen…`); a
/// faction whose letters are the first one's in lower case says just that.
pub fn legend(g: &Game) -> Vec<String> {
    let nt = g.types.len();
    let first: Vec<char> = g.letters[..nt].to_vec();
    let parts: Vec<String> = (0..g.nf())
        .map(|f| {
            let letters = &g.letters[f * nt..(f + 1) * nt];
            let who =
                if g.is_neutral(f as u8) { format!("{} (neutral)", g.factions[f]) } else { g.factions[f].clone() };
            if f > 0 && letters.iter().zip(&first).all(|(l, u)| l.is_lowercase() && l.to_ascii_uppercase() == *u) {
                return format!("{who} the same in lower case");
            }
            let names: Vec<String> = letters.iter().zip(&g.types).map(|(l, t)| format!("{l} {}", t.name)).collect();
            format!("{who} {}", names.join(", "))
        })
        .collect();
    // As many factions a line as fit.
    let mut lines: Vec<String> = vec![];
    for p in parts {
        match lines.last_mut() {
            Some(l) if l.chars().count() + 2 + p.chars().count() <= LEGEND_WIDTH => {
                l.push_str("; ");
                l.push_str(&p);
            }
            _ => lines.push(format!("{}{p}", if lines.is_empty() { "pieces: " } else { "        " })),
        }
    }
    lines
}

/// The values of a variable: one, or one per player (`white 0, black 2`).
fn values(g: &Game, st: &State, v: &Var) -> String {
    let (slot, names) = (v.slot, v.holds_player(g));
    let value = |x: i64| match usize::try_from(x).ok().and_then(|i| g.players.get(i)) {
        Some(p) if names => p.clone(),
        _ => x.to_string(),
    };
    if !v.per_player {
        return value(st.vars[slot.index()]);
    }
    let vals: Vec<String> =
        g.players.iter().enumerate().map(|(p, name)| format!("{name} {}", value(st.vars[slot.at(p)]))).collect();
    vals.join(", ")
}

/// `counters: pawns white 0, black 1; halfmove 3`: every variable but the reserves.
pub fn counters(g: &Game, st: &State) -> Option<String> {
    let items: Vec<String> = g
        .vars
        .iter()
        .filter(|v| !g.reserves.iter().any(|r| r.1 == v.slot))
        .map(|v| format!("{} {}", v.name, values(g, st, v)))
        .collect();
    (!items.is_empty()).then(|| format!("counters: {}", items.join("; ")))
}

/// `reserves: white 3 Pawn (P); black none`: the pieces each player holds in reserve, by
/// name, with the letter its drops are written with (`P@e4`); `hands: …` in a game whose
/// captured pieces go to the captor's reserve, its hand (`pocket`).
pub fn reserves(g: &Game, st: &State) -> Option<String> {
    if g.reserves.is_empty() {
        return None;
    }
    let per: Vec<String> = g
        .players
        .iter()
        .enumerate()
        .map(|(p, name)| {
            let held: Vec<String> = g
                .hand_order()
                .filter(|(_, slot)| st.vars[slot.at(p)] > 0)
                .map(|&(t, slot)| {
                    let ty = &g.types[t as usize];
                    format!("{} {} ({})", st.vars[slot.at(p)], ty.name, ty.letter)
                })
                .collect();
            format!("{name} {}", if held.is_empty() { "none".to_string() } else { held.join(", ") })
        })
        .collect();
    Some(format!("{}: {}", if g.has_hands() { "hands" } else { "reserves" }, per.join("; ")))
}

/// `white's Stone on c10`: a piece by owner, name and cell.
fn piece_at(g: &Game, st: &State, c: usize) -> String {
    let k = st.board[c] as usize;
    let owner = &g.factions[g.kind_owner[k] as usize];
    format!("{owner}'s {} on {}", g.types[g.kind_type[k] as usize].name, g.board.name(c as Cell))
}

/// One line per tally: `checks (per piece, at most 3): white's Stone on c10 = 2`, or
/// `0 on every piece`.
pub fn tallies(g: &Game, st: &State) -> Vec<String> {
    g.tallies
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let items: Vec<String> = (0..st.board.len())
                .filter(|&c| st.board[c] != 0 && t.types & (1 << g.kind_type[st.board[c] as usize]) != 0)
                .filter_map(|c| {
                    let v = g.tally(st.board[c], i).0;
                    (v > 0).then(|| format!("{} = {v}", piece_at(g, st, c)))
                })
                .collect();
            let shown = if items.is_empty() { "0 on every piece".to_string() } else { items.join(", ") };
            format!("{} (per piece, at most {}): {shown}", t.name, t.max)
        })
        .collect()
}

/// The cells of the royal pieces of the player to move that stand attacked.
pub fn checked(g: &Game, st: &State) -> Vec<Cell> {
    let p = st.to_move;
    if !g.has_royal || p as usize >= g.np() || !g.in_check(st, p) {
        return vec![];
    }
    (0..st.board.len() as Cell)
        .filter(|&c| {
            let k = st.board[c as usize] as usize;
            k != 0 && g.kind_owner[k] == p && g.types[g.kind_type[k] as usize].royal && g.attacked(st, c, p)
        })
        .collect()
}

/// `check: white's King on e1`, when the player to move has a royal piece attacked.
pub fn check_line(g: &Game, st: &State) -> Option<String> {
    let cells = checked(g, st);
    let pieces: Vec<String> = cells.iter().map(|&c| piece_at(g, st, c as usize)).collect();
    (!pieces.is_empty()).then(|| format!("check: {}", pieces.join(", ")))
}
