//! Target `game_file`: bytes as a game file, through load, check, lowering and the
//! optimiser; a game that loads is played for a few plies.

use super::common;

/// Plies of the playout.
const PLIES: usize = 20;

/// Loads `data` as a game file. An error must render (its located diagnostics); a game
/// that loads plays up to [`PLIES`] actions, each chosen by a byte from the input's end
/// (where mutations seldom break the file), checking the position-string round trip
/// before and after every action.
pub fn run(data: &[u8]) {
    let path = common::scratch("game.toml");
    std::fs::write(&path, data).expect("the scratch file can be written");
    let loaded = interp::open(&path.to_string_lossy(), &[]);
    let g = match loaded {
        Ok(g) => g,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let mut st = g.initial();
    let mut hist = vec![];
    common::round_trip(&g, &st);
    for ply in 0..PLIES {
        let byte = data.len().checked_sub(ply + 1).map_or(0, |i| data[i]);
        if !common::step(&g, &mut st, &mut hist, byte) {
            break;
        }
        common::round_trip(&g, &st);
    }
}
