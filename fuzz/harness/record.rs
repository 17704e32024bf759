//! Target `record`: the text of a game record, for a shipped game.

use super::common;
use interp::record;

/// Byte 0 chooses a shipped game, the rest is a record's text: read by `parse_records`
/// and `start_of`, and as a file by `load_record`. What reads must write (`to_text`) as
/// text that reads back the same; a record that loads must save as one that loads again
/// to the same position.
pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    if let Ok(text) = std::str::from_utf8(rest) {
        let _ = record::start_of(text);
        if let Ok(games) = record::parse_records(text) {
            let again = record::parse_records(&record::records_text(&games))
                .unwrap_or_else(|e| panic!("a written record does not read: {e}"));
            let canonical = record::records_text(&again);
            assert_eq!(record::records_text(&games), canonical, "writing what was read changes it");
        }
    }
    let shipped = common::game(pick);
    let file = common::scratch("record.txt");
    std::fs::write(&file, rest).expect("the scratch file can be written");
    let file = file.to_string_lossy();
    let Ok((st, _, moves, fen)) = record::load_record(&shipped.game, &shipped.path, &file) else { return };
    let bytes = std::fs::read(&shipped.path).expect("the game file reads");
    let mut header = record::Header::new(&shipped.path, &bytes, &[], vec![]);
    header.start = fen;
    let saved = record::GameRecord::of_game(&shipped.game, &header, &moves)
        .unwrap_or_else(|e| panic!("a loaded record does not replay: {e}"))
        .to_text();
    std::fs::write(&*file, &saved).expect("the scratch file can be written");
    let again = record::load_record(&shipped.game, &shipped.path, &file)
        .unwrap_or_else(|e| panic!("a record saved from a loaded one does not load: {e}\n{saved}"));
    let g = &shipped.game;
    if again.2.len() < moves.len() {
        // Hidden choices not yet revealed are never written.
        assert_eq!(again.2[..], moves[..again.2.len()], "the saved record holds other actions");
        return;
    }
    assert_eq!(g.position_string(&st), g.position_string(&again.0), "the saved record replays to another position");
}
