//! Target `action`: action strings, at positions reached by legal play.

use super::common;

/// Byte 0 chooses a shipped game, byte 1 (mod 16) how many plies to play first, each
/// chosen by the next bytes; the rest is text: lines of actions played up to the first
/// illegal one, then (after the last newline) an action string. An action the string
/// names must write a notation that names it again; then the string is played as a line
/// of space-separated actions. Nothing may panic.
pub fn run(data: &[u8]) {
    let [pick, plies, rest @ ..] = data else { return };
    let g = &common::game(*pick).game;
    let (choices, tail) = rest.split_at((*plies as usize % 16).min(rest.len()));
    let mut st = g.initial();
    let mut hist = vec![];
    for &c in choices {
        if !common::step(g, &mut st, &mut hist, c) {
            break;
        }
    }
    let Ok(text) = std::str::from_utf8(tail) else { return };
    let (before, text) = text.rsplit_once('\n').unwrap_or(("", text));
    let _ = g.play_line(&mut st, &mut hist, before.split_whitespace());
    let list = g.actions(&st);
    if let Some(m) = g.find_move(&st, &list, text) {
        let back = g.notation(&st, &m);
        assert_eq!(
            g.find_move(&st, &list, &back),
            Some(m),
            "`{text}` names an action whose notation `{back}` does not"
        );
    }
    if g.play_line(&mut st, &mut hist, text.split_whitespace()).is_ok() {
        common::round_trip(g, &st);
    }
}
