//! Saved games: the text `save FILE` writes in `play`, and reading it back (`--load`,
//! and test cases that start from a record).
//!
//! A record is `game PATH`, `hash HEX` (the game file's fingerprint), `moves …`, and
//! `fen F` when the game started from a position string.

use crate::engine::state::State;
use crate::ir::Game;

/// FNV-1a (64 bit) of a byte string: the game file's fingerprint in saved games.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The text of a saved game: `game PATH`, `hash HEX`, `moves …`, and `fen F` when the game
/// started from a position string.
pub fn save_text(game_path: &str, game_text: &[u8], moves: &[String], fen: Option<&str>) -> String {
    let mut s = format!("game {game_path}\nhash {:016x}\nmoves {}\n", fnv1a64(game_text), moves.join(" "));
    if let Some(f) = fen {
        s.push_str(&format!("fen {f}\n"));
    }
    s
}

/// A saved game's position: state, repetition history, the actions and the starting position string.
pub type Loaded = (State, Vec<u64>, Vec<String>, Option<String>);

/// The fields of a saved game's text.
struct Fields {
    /// The game file's path when it was saved.
    game: String,
    /// The game file's fingerprint, in hexadecimal.
    hash: String,
    /// The actions, separated by spaces.
    moves: String,
    /// The starting position string, if not the setup.
    fen: Option<String>,
}

/// Splits a saved game's text into its fields.
fn parse(text: &str) -> Result<Fields, String> {
    let mut lines = text.lines();
    let mut field = |name: &str| -> Result<String, String> {
        let line = lines.next().ok_or(format!("truncated: the `{name}` line is missing"))?;
        match line.strip_prefix(name) {
            Some(rest) if rest.is_empty() || rest.starts_with(' ') => Ok(rest.trim().to_string()),
            _ => Err(format!("expected a `{name} …` line, found `{line}`")),
        }
    };
    let game = field("game")?;
    let hash = field("hash")?;
    let moves = field("moves")?;
    let fen = match lines.next() {
        Some(l) if l.starts_with("fen ") => Some(l["fen ".len()..].trim().to_string()),
        Some(l) if !l.trim().is_empty() => return Err(format!("unexpected line `{l}`")),
        _ => None,
    };
    Ok(Fields { game, hash, moves, fen })
}

/// The start of a saved game's text: its position string (None for the setup) and its
/// actions, separated by spaces.
pub fn start_of(text: &str) -> Result<(Option<String>, String), String> {
    let f = parse(text)?;
    Ok((f.fen, f.moves))
}

/// Reads a saved game for `g` (loaded from `game_path`) and replays it.
pub fn load_record(g: &Game, game_path: &str, file: &str) -> Result<Loaded, String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let Fields { game: saved_path, hash, moves, fen } = parse(&text)?;
    let saved = u64::from_str_radix(&hash, 16).map_err(|_| format!("bad hash `{hash}`"))?;
    let bytes = std::fs::read(game_path).map_err(|e| format!("{game_path}: {e}"))?;
    let actual = fnv1a64(&bytes);
    if saved != actual {
        return Err(format!(
            "it was saved for another version of the game file ({saved_path}, hash {saved:016x}); {game_path} has hash {actual:016x}"
        ));
    }
    let mut st = match &fen {
        Some(f) => g.parse_position(f).map_err(|e| format!("bad position string: {e}"))?,
        None => g.initial(),
    };
    let mut hist = vec![];
    let record: Vec<String> = moves.split_whitespace().map(String::from).collect();
    g.play_line(&mut st, &mut hist, record.iter().map(String::as_str))
        .map_err(|(i, a)| format!("illegal action `{a}` at index {i} (0-based) of the saved moves"))?;
    Ok((st, hist, record, fen))
}
