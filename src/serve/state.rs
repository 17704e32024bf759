//! The state object of the API: what the page shows of a session (see docs/SERVE.md).

use super::error::ApiError;
use super::label::action_json;
use super::session::{Session, side_name};
use crate::board::Cell;
use crate::engine::{State, Status};
use crate::ir::{Game, StepBody};
use crate::record::{Outcome, next_number};
use crate::render::{View, panel, svg_view};
use serde_json::{Value, json};

/// How a finished game ended.
pub struct Ended {
    /// `White wins`, `draw`.
    pub text: String,
    /// The rule or the resignation.
    pub reason: String,
    /// Both: `White wins (checkmate)`.
    pub describe: String,
}

/// The result, if the game is over (by its end rules or a resignation).
pub fn result(s: &Session) -> Result<Option<Ended>, ApiError> {
    let g = &s.g;
    if let Some((outcome, why)) = &s.setup.ended {
        let text = match outcome {
            Outcome::Win(w) => format!("{} wins", g.players[*w as usize % g.np()]),
            _ => "draw".to_string(),
        };
        // `black wins (white resigns)`; a reason that already says the result stands alone.
        let describe = if why.starts_with(&text) { why.clone() } else { format!("{text} ({why})") };
        return Ok(Some(Ended { text, reason: why.clone(), describe }));
    }
    Ok(g.verdict(&s.st, &s.hist)?.map(|v| Ended { text: v.result(g), reason: v.reason(g), describe: v.describe(g) }))
}

/// The state of session `id`: the board drawn turned (`flip`) or after the first `ply`
/// public actions (read-only), the actions a person may take now, the record and the rest.
pub fn state_json(s: &Session, id: &str, flip: bool, ply: Option<usize>) -> Result<Value, ApiError> {
    let g = &s.g;
    let length = s.public_len();
    let ply = match ply {
        Some(n) if n > length => {
            return Err(ApiError::BadRequest(format!("ply {n} is beyond the game's {length} public actions")));
        }
        Some(n) => n,
        None => length,
    };
    let shown = if ply < length { s.before[ply].0.clone() } else { s.shown() };
    let last = last_cells(s, ply);
    let result = result(s)?;
    // The picture's caption: the result once the game is over (not at a view of the past).
    let caption = match &result {
        Some(r) if ply == length => Some(format!("{}: {}", g.name, r.describe)),
        _ => None,
    };
    let svg = svg_view(g, &shown, caption.as_deref(), &View { flip, last: last.clone() });
    let actions = if result.is_some() || ply < length { vec![] } else { actions(s)? };
    let names = |cells: &[Cell]| -> Vec<String> { cells.iter().map(|&c| g.board.name(c).to_string()).collect() };
    let (can_undo, can_redo) = s.can_undo_redo();
    Ok(json!({
        "id": id,
        "game": {"id": s.setup.game_id, "name": g.name, "players": g.players},
        "sides": s.setup.sides.iter().map(|&x| side_name(x)).collect::<Vec<_>>(),
        "think_ms": s.setup.think_ms,
        "ply": ply,
        "length": length,
        "svg": svg,
        "turn": turn(s, result.is_some()),
        "actions": actions,
        "moves": moves(s, length),
        "last": names(&last),
        "check": names(&panel::checked(g, &shown)),
        "events": s.events,
        "result": result.map(|r| json!({"text": r.text, "reason": r.reason, "describe": r.describe})),
        "legend": legend(g),
        "panel": {
            "counters": panel::counters(g, &shown),
            "reserves": panel::reserves(g, &shown),
            "hands": hands_json(g, &shown),
            "tallies": panel::tallies(g, &shown),
        },
        "can_undo": can_undo,
        "can_redo": can_redo,
        "thinking": s.thinking,
    }))
}

/// The legal actions for a person to act now (none for a machine's turn), by notation.
fn actions(s: &Session) -> Result<Vec<Value>, ApiError> {
    if s.side() != crate::front::Side::Human {
        return Ok(vec![]);
    }
    let (list, status) = s.node()?;
    if matches!(status, Status::Over(_) | Status::Chance) {
        return Ok(vec![]);
    }
    let mut v: Vec<(String, Value)> =
        list.moves.iter().map(|m| (s.g.notation_in(&s.st, &list, m), action_json(&s.g, &s.st, &list, m))).collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(v.into_iter().map(|x| x.1).collect())
}

/// Whose turn it is, at which step, and a sentence for the person.
fn turn(s: &Session, over: bool) -> Value {
    let g = &s.g;
    if over {
        return json!({"kind": "over", "player": null, "name": null, "side": null, "step": null, "hidden": false,
                      "prompt": "the game is over"});
    }
    let p = s.mover();
    let step = g.pending_step(&s.st);
    let side = side_name(s.side());
    json!({
        "kind": "player",
        "player": p,
        "name": g.players[p],
        "side": side,
        "step": step.map(|d| d.name.clone()),
        "hidden": step.is_some_and(|d| d.hidden),
        "prompt": prompt(g, &s.st, side),
    })
}

/// `PLAYER to move`, `PLAYER chooses a cell for `STEP` (hidden from the other players…)`.
fn prompt(g: &Game, st: &State, side: &str) -> String {
    let me = &g.players[st.to_move as usize % g.np()];
    let by = if side == "human" { String::new() } else { format!(" ({side})") };
    let Some(ds) = g.pending_step(st) else {
        return match panel::check_line(g, st) {
            Some(c) => format!("{me}{by} to move ({c})"),
            None => format!("{me}{by} to move"),
        };
    };
    let what = match ds.body {
        StepBody::Choose(..) => format!("chooses a cell for `{}`", ds.name),
        StepBody::Outcomes(..) => format!("decides `{}`", ds.name),
        StepBody::Relocate(..) => format!("moves the piece on {} away (`{}`)", g.board.name(st.pend), ds.name),
    };
    let hidden = if ds.hidden { " (hidden from the other players until every hidden choice is made)" } else { "" };
    format!("{me}{by} {what}{hidden}")
}

/// The public record with move numbers as the record writer numbers them.
fn moves(s: &Session, length: usize) -> Vec<Value> {
    let g = &s.g;
    let mut last = None;
    (0..length)
        .map(|i| {
            let before = &s.before[i].0;
            let number = match next_number(last, g, before) {
                Some(n) => {
                    last = Some(n.n);
                    n.to_string()
                }
                None => String::new(),
            };
            let player = if g.is_chance(before) { "chance" } else { &g.players[before.to_move as usize % g.np()] };
            json!({"number": number, "player": player, "text": s.record[i]})
        })
        .collect()
}

/// The cells of the last of the first `n` actions that marks cells.
fn last_cells(s: &Session, n: usize) -> Vec<Cell> {
    let g = &s.g;
    for i in (0..n).rev() {
        let before = &s.before[i].0;
        let list = g.actions(before);
        if let Some(m) = g.find_move(before, &list, &s.record[i]) {
            let cells = View::cells_of(g, before, &m);
            if !cells.is_empty() {
                return cells;
            }
        }
    }
    vec![]
}

/// Every piece type of every faction: its glyph, letter, name, owner and description.
fn legend(g: &Game) -> Vec<Value> {
    let mut v = vec![];
    for f in 0..g.nf() {
        for (t, ty) in g.types.iter().enumerate() {
            let k = g.kind(t as u8, f as u8, false);
            v.push(json!({
                "glyph": g.glyph(k),
                "letter": g.kind_char(k).to_string(),
                "name": ty.name,
                "player": g.factions[f],
                "description": ty.description,
            }));
        }
    }
    v
}

/// Each player's hand (or reserve) as data: `{"word": "hands", "players": [{"player":
/// "white", "pieces": [{"letter": "P", "name": "Pawn", "glyph": "♟", "count": 2}]}]}`, the
/// pieces held in the order of the game's reserves; null for a game without reserves.
fn hands_json(g: &Game, st: &State) -> Value {
    if g.reserves.is_empty() {
        return Value::Null;
    }
    let players: Vec<Value> = (0..g.np())
        .map(|p| {
            let pieces: Vec<Value> = g
                .hand_order()
                .filter(|(_, slot)| st.vars[slot.at(p)] > 0)
                .map(|&(t, slot)| {
                    let ty = &g.types[t as usize];
                    let k = g.kind(t, crate::ir::limits::faction_byte(p), false);
                    json!({"letter": ty.letter.to_string(), "name": ty.name, "glyph": g.glyph(k), "count": st.vars[slot.at(p)]})
                })
                .collect();
            json!({"player": g.players[p], "pieces": pieces})
        })
        .collect();
    json!({"word": if g.has_hands() { "hands" } else { "reserves" }, "players": players})
}
