//! Each legal action for the page: its notation, the cells it starts from and lands on,
//! the reserve piece it drops, and a label in words from the game's data that tells apart
//! actions sharing their cells (a promotion's type, a pushed piece or a victim with its
//! name and cell, a piece taken from a stack, a decision's step and choice).

use crate::board::Cell;
use crate::engine::{ChosenAs, Move, MoveList, PieceMove, State};
use crate::ir::{Game, StepBody};
use serde_json::{Value, json};

/// The JSON of action `m` of `list` at `st`.
pub fn action_json(g: &Game, st: &State, list: &MoveList, m: &Move) -> Value {
    let cell = |c: Cell| Value::String(g.board.name(c).to_string());
    let text = g.notation_in(st, list, m);
    let (from, to, drop) = match *m {
        Move::Piece(p) => (cell(p.from), cell(p.to), Value::Null),
        Move::Drop { ty, to } => {
            let t = &g.types[ty as usize];
            (Value::Null, cell(to), json!({"letter": t.letter.to_string(), "name": t.name}))
        }
        Move::Choose(c) => (Value::Null, cell(c), Value::Null),
        Move::Outcome(_) | Move::Chance(_) | Move::Pass => (Value::Null, Value::Null, Value::Null),
    };
    json!({"text": text, "from": from, "to": to, "drop": drop, "label": label(g, st, m)})
}

/// The type name of the piece on cell `c` (the top one of a stack), or `piece`.
fn type_on(g: &Game, st: &State, c: Cell) -> String {
    match g.pieces_at(st, c).next() {
        Some(k) if k != 0 => g.types[g.kind_type[k as usize] as usize].name.clone(),
        _ => "piece".to_string(),
    }
}

/// The words of action `m` at `st`.
pub fn label(g: &Game, st: &State, m: &Move) -> String {
    let step = g.pending_step(st);
    let words = match *m {
        Move::Piece(p) => piece_words(g, st, &p),
        Move::Drop { ty, to } => format!("drop a {} on {}", g.types[ty as usize].name, g.board.name(to)),
        Move::Choose(c) => g.board.name(c).to_string(),
        Move::Pass => "pass".to_string(),
        Move::Outcome(i) | Move::Chance(i) => match step.map(|s| &s.body) {
            Some(StepBody::Outcomes(outs)) => outs.get(i as usize).map_or_else(|| "?".to_string(), |o| o.0.clone()),
            _ => "?".to_string(),
        },
    };
    match step {
        Some(s) => format!("{}: {words}", s.name),
        None => words,
    }
}

/// `promote to TYPE`, `push the TYPE on CELL`, `capture the TYPE on CELL`, `take the TYPE
/// from the stack`, else `TYPE FROM to TO`: what a piece move does besides moving, each
/// type named by the game file.
fn piece_words(g: &Game, st: &State, p: &PieceMove) -> String {
    let mut parts = vec![];
    if p.stack != 0 {
        parts.push(format!("take the {} from the stack", g.types[g.kind_type[p.stack as usize] as usize].name));
    }
    if let Some(t) = p.promo {
        parts.push(format!("promote to {}", g.types[t as usize].name));
    }
    if let Some(c) = p.chosen {
        let what = format!("the {} on {}", type_on(g, st, c.cell), g.board.name(c.cell));
        parts.push(match c.how {
            ChosenAs::Victim => format!("capture {what}"),
            ChosenAs::Pushed => format!("push {what}"),
            ChosenAs::Entry(t) => format!("a {} enters on {}", g.types[t as usize].name, g.board.name(c.cell)),
            ChosenAs::Written => {
                let mover = type_on(g, st, p.from);
                format!("{mover} {} to {}, with {what}", g.board.name(p.from), g.board.name(p.to))
            }
        });
    }
    if parts.is_empty() {
        let mover = if p.stack != 0 {
            g.types[g.kind_type[p.stack as usize] as usize].name.clone()
        } else {
            type_on(g, st, p.from)
        };
        return format!("{mover} {} to {}", g.board.name(p.from), g.board.name(p.to));
    }
    parts.join(", ")
}
