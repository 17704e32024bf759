//! Games by name: the game files found under `./games` and under the `games` directory
//! of the source tree the program was built from (`interp list`), and the GAME argument
//! of every command resolved to a file (`interp play minichess`; the command line does
//! that for each of its commands).
//!
//! An argument that is an existing path, or that has a directory part, is a path. Any
//! other is a name: the file name without `.toml`, or the game's display name, compared
//! without case, accents, spaces or punctuation (`chess-no-castling`, `Chess without
//! castling`, `CHESS NO CASTLING`).

use crate::author::snapshot::game_files;
use crate::notation::near::edit_distance;
use std::path::{Path, PathBuf};

/// The directories searched for games by name, in order: `./games` (and the directories
/// below it, such as `./games/examples`), then the source tree's `games`.
pub fn roots() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = vec![];
    let mut seen: Vec<PathBuf> = vec![];
    for dir in [PathBuf::from("games"), Path::new(env!("CARGO_MANIFEST_DIR")).join("games")] {
        let Ok(real) = dir.canonicalize() else { continue };
        if !seen.contains(&real) {
            seen.push(real);
            out.push(dir);
        }
    }
    out
}

/// A game file found by name.
#[derive(Debug, Clone)]
pub struct Found {
    /// The name to type: the file name without `.toml`.
    pub name: String,
    /// Where it is.
    pub path: PathBuf,
}

/// Every game file of the [`roots`], one per name: the first root's wins, and within a
/// root the shallower file (`games/x.toml` before `games/examples/x.toml`). Sorted by name.
pub fn catalogue() -> Vec<Found> {
    let mut out: Vec<Found> = vec![];
    for root in roots() {
        let mut files = game_files(&root);
        files.sort_by_key(|p| (p.components().count(), p.clone()));
        for path in files {
            let name = path.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
            if !out.iter().any(|f| key(&f.name) == key(&name)) {
                out.push(Found { name, path });
            }
        }
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// Why a game argument names no game.
#[derive(Debug, thiserror::Error)]
#[error("no game named `{name}`, and no such file{}; `interp list` lists the games", suggestion(.close))]
pub struct Unknown {
    /// The name given.
    pub name: String,
    /// The names of the games closest to it.
    pub close: Vec<String>,
}

/// ` (did you mean a or b?)`, or nothing.
fn suggestion(close: &[String]) -> String {
    match close {
        [] => String::new(),
        [one] => format!(" (did you mean `{one}`?)"),
        [rest @ .., last] => {
            let quoted: Vec<String> = rest.iter().map(|n| format!("`{n}`")).collect();
            format!(" (did you mean {} or `{last}`?)", quoted.join(", "))
        }
    }
}

/// The file a game argument stands for (see the module documentation); a path is given
/// back as it is, even when it does not exist (the command reports that).
pub fn resolve(arg: &str) -> Result<String, Unknown> {
    if Path::new(arg).exists() || arg.contains('/') || arg.contains(std::path::MAIN_SEPARATOR) {
        return Ok(arg.to_string());
    }
    let lower = arg.to_lowercase();
    let name = lower.strip_suffix(".tests.toml").or_else(|| lower.strip_suffix(".toml")).unwrap_or(&lower);
    let wanted = key(name);
    let games = catalogue();
    if let Some(f) = games.iter().find(|f| key(&f.name) == wanted) {
        return Ok(f.path.display().to_string());
    }
    let titles: Vec<(String, &Found)> =
        games.iter().filter_map(|f| crate::open(&f.path.to_string_lossy(), &[]).ok().map(|g| (g.name, f))).collect();
    if let Some((_, f)) = titles.iter().find(|(t, _)| key(t) == wanted) {
        return Ok(f.path.display().to_string());
    }
    let mut close: Vec<(usize, String)> = vec![];
    for (title, f) in &titles {
        let d = edit_distance(&wanted, &key(&f.name)).min(edit_distance(&wanted, &key(title)));
        if d <= (wanted.chars().count() / 3).max(2) {
            close.push((d, f.name.clone()));
        }
    }
    close.sort();
    Err(Unknown { name: arg.to_string(), close: close.into_iter().map(|c| c.1).take(3).collect() })
}

/// A name as it is compared: lower case, accents removed, letters and digits only.
pub fn key(name: &str) -> String {
    name.to_lowercase().chars().filter_map(fold).collect()
}

/// A lower-case character without its accent; `None` for what is no letter or digit.
fn fold(c: char) -> Option<char> {
    const FOLDS: &[(&str, char)] = &[
        ("àáâãäåāăą", 'a'),
        ("çćĉčċ", 'c'),
        ("ďđ", 'd'),
        ("èéêëēĕėęě", 'e'),
        ("ĝğġģ", 'g'),
        ("ĥħ", 'h'),
        ("ìíîïĩīĭįı", 'i'),
        ("ĵ", 'j'),
        ("ķ", 'k'),
        ("ĺļľŀł", 'l'),
        ("ñńņňŉ", 'n'),
        ("òóôõöøōŏő", 'o'),
        ("ŕŗř", 'r'),
        ("śŝşšș", 's'),
        ("ţťŧț", 't'),
        ("ùúûüũūŭůűų", 'u'),
        ("ŵ", 'w'),
        ("ýÿŷ", 'y'),
        ("źżž", 'z'),
    ];
    if c.is_ascii_alphanumeric() {
        return Some(c);
    }
    FOLDS.iter().find(|(from, _)| from.contains(c)).map(|f| f.1).or(c.is_alphanumeric().then_some(c))
}

/// The description's first sentence, on one line.
pub fn first_sentence(text: &str) -> String {
    let one: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    leading_sentence(&one).to_string()
}

/// The text up to the first `. ` followed by a capital letter (all of it when there is none).
pub fn leading_sentence(text: &str) -> &str {
    let b = text.as_bytes();
    for (i, _) in text.match_indices(". ") {
        if b.get(i + 2).is_some_and(u8::is_ascii_uppercase) {
            return &text[..=i];
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::key;

    #[test]
    fn names_compare_without_case_accents_or_punctuation() {
        assert_eq!(key("Échecs Féeriques"), "echecsfeeriques");
        assert_eq!(key("Grid-43"), key("grid 43"));
    }
}
