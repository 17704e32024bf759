//! The prompt's words for the decision at hand, from the game's data: an ordinary turn,
//! a push's escape (who pushed which piece, and where it may go), a setup or in-turn
//! choice (what is chosen, whether it stays hidden, the choices).

use crate::engine::{MoveList, State};
use crate::front::input::actions_at;
use crate::ir::{Game, StepBody, Stmt};

/// What the person to move is asked, one or more lines (the last says where the actions and commands are listed).
pub(super) fn prompt(g: &Game, st: &State, list: &MoveList, last: Option<&str>) -> String {
    let me = &g.players[st.to_move as usize];
    let all = g.notations(st, list);
    let example = all.first().cloned().unwrap_or_default();
    let commands = "`moves` lists them, `help` the commands";
    let Some(ds) = g.pending_step(st) else {
        let check: Vec<String> = g.check_events(st).iter().map(|e| e.describe(g)).collect();
        let check = if check.is_empty() { String::new() } else { format!("{}; ", check.join("; ")) };
        return format!("{me} to move ({check}an action like {example}; {commands})");
    };
    let setup = if (st.setup_done as usize) < g.setup_steps.len() && st.pend_n == 0 {
        format!("setup, step {} of {}: ", st.setup_done as usize + 1, g.setup_steps.len())
    } else {
        String::new()
    };
    let what = match &ds.body {
        StepBody::Relocate(_, stmts) => escape(g, st, list, last, stmts.iter().any(|s| matches!(s, Stmt::RemoveAt(_)))),
        StepBody::Choose(_, stmts) => {
            let shown: Vec<&str> = all.iter().map(|n| n.split_once(':').map_or(n.as_str(), |x| x.1)).collect();
            format!("{me} chooses a cell for `{}`{}: {}", ds.name, effect(g, stmts), shown.join(" "))
        }
        StepBody::Outcomes(outs) => {
            let starts = outs.iter().any(|o| o.2.iter().any(|s| matches!(s, Stmt::Start(_))));
            let names: Vec<&str> = outs.iter().map(|o| o.0.as_str()).collect();
            let about = if starts { " (who takes the first turn)" } else { "" };
            format!("{me} decides `{}`{about}: {}", ds.name, names.join(" or "))
        }
    };
    let hidden = if ds.hidden {
        "\nthis choice is hidden: the other players do not see it until every hidden choice is made"
    } else {
        ""
    };
    let short = if matches!(ds.body, StepBody::Relocate(..)) {
        String::new()
    } else {
        format!(", or just the part after `{}:`", ds.name)
    };
    format!("{setup}{what}{hidden}\n{me} to decide (an action like {example}{short}; {commands})")
}

/// What the chosen cell's piece undergoes, from the step's statements.
fn effect(g: &Game, stmts: &[Stmt]) -> String {
    let words: Vec<String> = stmts
        .iter()
        .filter_map(|s| match s {
            Stmt::Change(t) => Some(format!("the piece there becomes a {}", g.types[*t as usize].name)),
            Stmt::RemoveAt(true) => Some("the piece there is removed".to_string()),
            _ => None,
        })
        .collect();
    if words.is_empty() { String::new() } else { format!(" ({})", words.join(", ")) }
}

/// After a push: who pushed which piece with which action, and where it may escape.
fn escape(g: &Game, st: &State, list: &MoveList, last: Option<&str>, crush: bool) -> String {
    let me = &g.players[st.to_move as usize];
    let pusher = &g.players[st.pend_player as usize % g.np()];
    let cell = st.pend;
    let Some(k) = g.pieces_at(st, cell).next() else { return format!("{me} decides where a pushed piece goes") };
    let piece = g.piece_name(k);
    let how = last.map_or(String::new(), |a| format!(" (with {a})"));
    let to = actions_at(g, st, list, cell);
    let crush = if crush { " (with nowhere to go it would have been crushed)" } else { "" };
    format!(
        "{pusher} pushed {piece} on {}{how}: {me} moves it away now, to one of: {}{crush}",
        g.board.name(cell),
        to.join(" ")
    )
}
