//! The engine's settings a client may change: hash size, strength and the search, as UCI
//! `setoption` and XBoard `memory` / `option` set them.

use crate::ai::Ai;
use crate::ir::{Game, SearchKind};
use crate::protocol::ProtocolError;

/// The smallest and largest hash table, in megabytes.
pub const HASH_MB: (u64, u64) = (1, crate::ai::MAX_HASH_MB as u64);
/// The hash table's size unless the client sets it, in megabytes.
pub const DEFAULT_HASH_MB: u64 = crate::ai::DEFAULT_HASH_MB as u64;
/// The strongest skill level (0 is the weakest).
pub const MAX_SKILL: u8 = crate::ai::MAX_SKILL;

/// The engine's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineOptions {
    /// Transposition table size in megabytes.
    pub hash_mb: u64,
    /// Strength, 0 (weakest) to [`MAX_SKILL`].
    pub skill: u8,
    /// Which search plays.
    pub search: SearchKind,
}

impl EngineOptions {
    /// The defaults for `g`: its own choice of search, full strength.
    pub fn new(g: &Game) -> Self {
        EngineOptions { hash_mb: DEFAULT_HASH_MB, skill: MAX_SKILL, search: g.ai.search }
    }

    /// Sets option `name` (case-insensitive: `Hash`, `Skill Level`, `Search`) to `value`.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ProtocolError> {
        let bad = |why: String| ProtocolError::BadOption { name: name.to_string(), why };
        let number = |lo: u64, hi: u64| match value.trim().parse::<u64>() {
            Ok(n) if (lo..=hi).contains(&n) => Ok(n),
            _ => Err(bad(format!("`{value}` is not a whole number from {lo} to {hi}"))),
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => self.hash_mb = number(HASH_MB.0, HASH_MB.1)?,
            "skill level" => self.skill = number(0, u64::from(MAX_SKILL))? as u8,
            "search" => {
                self.search = search_kind(value).ok_or_else(|| bad(format!("`{value}` is not alphabeta or mcts")))?
            }
            _ => return Err(bad("no such option (the options are Hash, Skill Level and Search)".to_string())),
        }
        Ok(())
    }
}

/// The search named `s` (`alphabeta` or `mcts`, any case).
pub fn search_kind(s: &str) -> Option<SearchKind> {
    match s.trim().to_ascii_lowercase().as_str() {
        "alphabeta" => Some(SearchKind::AlphaBeta),
        "mcts" => Some(SearchKind::Mcts),
        _ => None,
    }
}

impl EngineOptions {
    /// Gives the settings to the AI (a new hash size empties its table).
    pub fn apply(&self, ai: &mut Ai) {
        ai.set_search(self.search);
        ai.set_skill(self.skill);
        ai.set_hash_mb(self.hash_mb as usize);
    }
}

/// The name of a search, as the options write it.
pub fn search_name(k: SearchKind) -> &'static str {
    match k {
        SearchKind::AlphaBeta => "alphabeta",
        SearchKind::Mcts => "mcts",
    }
}
