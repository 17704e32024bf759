//! Target `rules`: a shipped game whose rules text is replaced by the input, so every
//! input is valid TOML and mutations land in the rules language (the `game_file` target
//! spends most inputs on TOML errors).

use super::{common, game_file};

/// Byte 0 chooses a shipped game, the rest replaces the text of its `rules = '''…'''`
/// (an input holding `'''` is skipped: it would end the TOML string); the file, with
/// `extends` made absolute, then runs as in [`game_file::run`].
pub fn run(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(rules) = std::str::from_utf8(rest) else { return };
    if rules.contains("'''") {
        return;
    }
    let shipped = common::game(pick);
    let text = std::fs::read_to_string(&shipped.path).expect("a shipped game reads");
    let dir = std::path::Path::new(&shipped.path).parent().expect("a game file has a folder");
    let text = text.replace("extends = \"", &format!("extends = \"{}/", dir.display()));
    let Some((head, tail)) = text.split_once("rules = '''") else { return };
    let after = tail.split_once("'''").map_or("", |(_, after)| after);
    game_file::run(format!("{head}rules = '''{rules}'''{after}").as_bytes());
}
