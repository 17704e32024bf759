//! Hidden choices and chance in a game in progress, as every front end keeps them: the
//! position the players see while choices are hidden, where a run of hidden choices
//! began, and the key under which a chance outcome drawn once is remembered.

use crate::engine::State;
use crate::ir::Game;

/// The position as the players see it: while hidden choices are pending (`public`: the
/// board before the first of them), that board with the current player and decision step.
pub fn public_view(public: Option<&(State, usize)>, st: &State) -> State {
    match public {
        Some((p, _)) => {
            // The board and counters before the hidden choices; whose decision it is and
            // at which step, now (so the position string reads back to the same choice).
            let mut d = p.clone();
            d.to_move = st.to_move;
            d.phase = st.phase;
            d.pend = st.pend;
            d.pend_n = st.pend_n;
            d.pend_player = st.pend_player;
            d.setup_done = st.setup_done;
            d
        }
        None => st.clone(),
    }
}

/// When `st` is inside a run of hidden choices: the position before the first of them and
/// the number of actions before it; `before` holds the position before each action played
/// (with whether a person decided there), the last ones at least.
pub fn hidden_start(g: &Game, before: &[(State, bool)], st: &State) -> Option<(State, usize)> {
    if !g.pending_step(st).is_some_and(|s| s.hidden) {
        return None;
    }
    let hidden = |s: &State| g.pending_step(s).is_some_and(|d| d.hidden);
    let first = before.iter().rposition(|u| !hidden(&u.0)).map_or(0, |i| i + 1);
    let at = before.get(first).map_or_else(|| st.clone(), |u| u.0.clone());
    Some((at, first))
}

/// Where a chance outcome drawn at `st` (after `played` actions) is remembered, so that
/// the node met again after an undo draws the same: each setup step by its number, any
/// other node by its position and the actions before it.
pub fn chance_key(g: &Game, st: &State, played: usize) -> (u64, usize) {
    if (st.setup_done as usize) < g.setup_steps.len() {
        (u64::MAX, st.setup_done as usize)
    } else {
        (g.position_key(st), played)
    }
}
