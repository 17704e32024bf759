//! Target `record`: the text of a saved game, for a shipped game.

use super::common;
use interp::record;

/// Byte 0 chooses a shipped game, the rest is a saved game's text: read by `start_of`,
/// and as a file by `load_record`. A record that loads must save (`save_text`) as one
/// that loads again to the same position.
pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    if let Ok(text) = std::str::from_utf8(rest) {
        let _ = record::start_of(text);
    }
    let shipped = common::game(pick);
    let file = common::scratch("record.txt");
    std::fs::write(&file, rest).expect("the scratch file can be written");
    let file = file.to_string_lossy();
    let Ok((st, _, moves, fen)) = record::load_record(&shipped.game, &shipped.path, &file) else { return };
    let bytes = std::fs::read(&shipped.path).expect("the game file reads");
    let saved = record::save_text(&shipped.path, &bytes, &moves, fen.as_deref());
    std::fs::write(&*file, &saved).expect("the scratch file can be written");
    let again = record::load_record(&shipped.game, &shipped.path, &file)
        .unwrap_or_else(|e| panic!("a record saved from a loaded one does not load: {e}\n{saved}"));
    let g = &shipped.game;
    assert_eq!(g.position_string(&st), g.position_string(&again.0), "the saved record replays to another position");
}
