//! The games a server offers: the shipped catalogue and the files given on the command
//! line, each loaded once, when first asked for, and shared by every session.

use super::error::ApiError;
use crate::ir::Game;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// A loaded game file: the game and the file's bytes (for the record's fingerprint).
#[derive(Debug)]
pub struct Loaded {
    /// The compiled game.
    pub game: Arc<Game>,
    /// The game file's bytes.
    pub bytes: Vec<u8>,
}

/// One game the server offers.
#[derive(Debug)]
pub struct Entry {
    /// The id in URLs: the file stem (`-2`, `-3`… on a clash).
    pub id: String,
    /// The game file.
    pub path: PathBuf,
    /// The game, once loaded (or why it does not load).
    loaded: OnceLock<Result<Loaded, String>>,
}

impl Entry {
    /// The game, loaded on first use; a game that does not load gives 400 bad-game.
    pub fn load(&self) -> Result<&Loaded, ApiError> {
        self.loaded.get_or_init(|| load_file(&self.path, &[])).as_ref().map_err(|e| ApiError::BadGame(e.clone()))
    }

    /// The game file's path as records name it.
    pub fn path_text(&self) -> String {
        self.path.display().to_string()
    }
}

/// Loads a game file with options; the error as text.
pub fn load_file(path: &Path, options: &[String]) -> Result<Loaded, String> {
    let text = path.to_string_lossy();
    let game = crate::open(&text, options).map_err(|e| format!("{text} does not load: {e}"))?;
    let bytes = crate::files::read_bytes(path).map_err(|e| e.to_string())?;
    Ok(Loaded { game: Arc::new(game), bytes })
}

/// The games of a server, in order.
#[derive(Debug, Default)]
pub struct Games {
    /// Every entry: the catalogue's, then the command line's.
    pub entries: Vec<Entry>,
}

impl Games {
    /// The catalogue's games (file order) and `extra` files (already resolved paths); a
    /// file given twice, or given and in the catalogue, is offered once.
    pub fn new(extra: &[String]) -> Games {
        let mut games = Games::default();
        for f in crate::front::games::catalogue() {
            games.add(f.path);
        }
        for path in extra {
            games.add(PathBuf::from(path));
        }
        games
    }

    /// Adds a game file under its stem (made unique), unless it is offered already.
    fn add(&mut self, path: PathBuf) {
        let real = path.canonicalize().ok();
        if real.is_some() && self.entries.iter().any(|e| e.path.canonicalize().ok() == real) {
            return;
        }
        let stem = path.file_stem().map_or_else(|| "game".to_string(), |s| s.to_string_lossy().to_string());
        let mut id = stem.clone();
        let mut n = 1;
        while self.entries.iter().any(|e| e.id == id) {
            n += 1;
            id = format!("{stem}-{n}");
        }
        self.entries.push(Entry { id, path, loaded: OnceLock::new() });
    }

    /// The game with this id; 404 unknown-game otherwise.
    pub fn get(&self, id: &str) -> Result<&Entry, ApiError> {
        self.entries.iter().find(|e| e.id == id).ok_or_else(|| ApiError::UnknownGame(short(id)))
    }

    /// The game a record names by its `Game` tag: the same file, else the same stem.
    pub fn for_record(&self, game_path: &str) -> Option<&Entry> {
        let p = Path::new(game_path);
        let real = p.canonicalize().ok();
        let stem = p.file_stem().map(|s| s.to_string_lossy().to_string());
        let same_file = self.entries.iter().find(|e| real.is_some() && e.path.canonicalize().ok() == real);
        same_file.or_else(|| {
            self.entries
                .iter()
                .find(|e| stem.is_some() && e.path.file_stem().map(|s| s.to_string_lossy().to_string()) == stem)
        })
    }

    /// `GET /api/games`: each game's id, name, first sentence and players (or its error).
    pub fn list_json(&self) -> serde_json::Value {
        let games: Vec<serde_json::Value> = self
            .entries
            .iter()
            .map(|e| match e.load() {
                Ok(l) => serde_json::json!({
                    "id": e.id,
                    "name": l.game.name,
                    "summary": crate::front::games::first_sentence(&l.game.description),
                    "players": l.game.players,
                }),
                Err(err) => serde_json::json!({"id": e.id, "name": e.id, "summary": "", "players": [], "error": err.to_string()}),
            })
            .collect();
        serde_json::json!({ "games": games })
    }
}

/// A client's text cut short for an error message (at most 80 characters, no control
/// characters).
pub fn short(s: &str) -> String {
    let mut out: String = s.chars().filter(|c| !c.is_control()).take(80).collect();
    if s.chars().count() > 80 {
        out.push('…');
    }
    out
}
