//! Who decides for a player in a game a front end runs.

/// Who decides for a player (at the terminal, on the page).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// A person (at the terminal or the page).
    Human,
    /// The searching AI.
    Ai,
    /// A uniformly random legal move.
    Random,
}

impl Side {
    /// Parses `human`, `ai` or `random`.
    pub fn parse(s: &str) -> Option<Side> {
        match s {
            "human" => Some(Side::Human),
            "ai" => Some(Side::Ai),
            "random" => Some(Side::Random),
            _ => None,
        }
    }
}
