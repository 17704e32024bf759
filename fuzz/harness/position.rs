//! Target `position`: a position string for a shipped game.

use super::common;

/// The first byte chooses a shipped game, the rest is a position string. One that
/// parses must write a position string that reads back to the same string; its node is
/// judged and one action (chosen by the input's length) is played and round-tripped
/// (see [`common::round_trip_after_read`]).
pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let g = &common::game(pick).game;
    let Ok(mut st) = g.parse_position(text) else { return };
    common::round_trip(g, &st);
    let mut hist = vec![];
    if common::step(g, &mut st, &mut hist, data.len() as u8) {
        common::round_trip_after_read(g, &st);
    }
}
