//! One game's record as data: its tag pairs, its movetext (move numbers, actions in the
//! game's own notation, comments) and its result.

/// FNV-1a (64 bit) of a byte string: the game file's fingerprint in records.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The names of the tags a record writes itself (a player's tag never takes one of them).
pub const KNOWN_TAGS: [&str; 10] =
    ["Game", "GameName", "GameHash", "Variant", "Date", "Time", "FEN", "Result", "Termination", "Plies"];

/// A move number of the movetext: `12.` before the first player's turn, `12...` before
/// another player's when the numbering starts there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number of the full turn (1 for the first).
    pub n: u32,
    /// Written `n...`: a later player's part of the turn.
    pub later: bool,
}

impl std::fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}.{}", self.n, if self.later { ".." } else { "" })
    }
}

/// One token of the movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Token {
    /// A move number (`3.`, `3...`): for the reader only; replay counts turns itself.
    Number(MoveNumber),
    /// An action in the game's notation: a move, a step of a turn, a chance outcome, a
    /// setup choice.
    Action(String),
    /// A `{comment}` (its text holds no `}`).
    Comment(String),
}

/// The `Termination` of a game drawn by agreement (a draw offered and accepted).
pub const DRAW_AGREED: &str = "draw agreed";

/// How a recorded game ended, as its result token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The player with this index won: `1-0`, `0-1` (with more players, `0-1-0`: 1 for the
    /// winner's place).
    Win(u8),
    /// A draw: `1/2-1/2` (with N players, `1/N` in each place).
    Draw,
    /// Not finished (or not known): `*`.
    Unfinished,
}

impl Outcome {
    /// The result token for a game of `players` players.
    pub fn token(&self, players: usize) -> String {
        let places = players.max(2);
        match self {
            Outcome::Unfinished => "*".to_string(),
            Outcome::Draw => vec![format!("1/{places}"); places].join("-"),
            Outcome::Win(w) => {
                (0..places).map(|p| if p == *w as usize { "1" } else { "0" }).collect::<Vec<_>>().join("-")
            }
        }
    }

    /// Reads a result token with its number of places (2 for `1-0`); None if it is not one.
    pub fn parse(token: &str) -> Option<(Outcome, usize)> {
        if token == "*" {
            return Some((Outcome::Unfinished, 2));
        }
        let parts: Vec<&str> = token.split('-').collect();
        let n = parts.len();
        if n < 2 || n > u8::MAX as usize {
            return None;
        }
        if parts.iter().all(|p| *p == format!("1/{n}")) {
            return Some((Outcome::Draw, n));
        }
        let ones: Vec<usize> = (0..n).filter(|&i| parts[i] == "1").collect();
        let zeros = parts.iter().filter(|p| **p == "0").count();
        match ones[..] {
            [w] if zeros == n - 1 => Some((Outcome::Win(w as u8), n)),
            _ => None,
        }
    }
}

/// One game's record: tag pairs in their order, the movetext and the result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The tag pairs (name, value), in the order written.
    pub tags: Vec<(String, String)>,
    /// The movetext, in order.
    pub moves: Vec<Token>,
    /// The result, also the movetext's last token.
    pub result: Outcome,
    /// The result token's number of places (the game's players; 2 for `*`).
    pub places: usize,
}

impl GameRecord {
    /// The value of the tag `name`, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` (in its place if present, else at the end).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// Removes the tag `name`, if present.
    pub fn remove_tag(&mut self, name: &str) {
        self.tags.retain(|(n, _)| n != name);
    }

    /// The actions of the movetext, in order.
    pub fn actions(&self) -> Vec<String> {
        self.moves
            .iter()
            .filter_map(|t| match t {
                Token::Action(a) => Some(a.clone()),
                _ => None,
            })
            .collect()
    }

    /// The game file's path as the record gives it (`Game`).
    pub fn game_path(&self) -> Option<&str> {
        self.tag("Game")
    }

    /// The game file's fingerprint (`GameHash`), if present and hexadecimal.
    pub fn hash(&self) -> Option<u64> {
        self.tag("GameHash").and_then(|h| u64::from_str_radix(h, 16).ok())
    }

    /// The starting position string (`FEN`); None when the game started from the setup.
    pub fn start(&self) -> Option<&str> {
        self.tag("FEN")
    }

    /// The game options used (`Variant`, separated by spaces).
    pub fn options(&self) -> Vec<String> {
        self.tag("Variant").map_or(vec![], |v| v.split_whitespace().map(String::from).collect())
    }

    /// Sets the result, its `Result` tag and its `Termination` tag (removed when None).
    pub fn set_outcome(&mut self, outcome: Outcome, termination: Option<&str>) {
        self.result = outcome;
        self.set_tag("Result", &outcome.token(self.places));
        self.remove_tag("Termination");
        if let Some(t) = termination {
            let at = self.tags.iter().position(|(n, _)| n == "Result").map_or(self.tags.len(), |i| i + 1);
            self.tags.insert(at, ("Termination".to_string(), t.to_string()));
        }
    }

    /// Adds a `{comment}` after the movetext so far (a `}` in it becomes `)`).
    pub fn comment(&mut self, text: &str) {
        let text = text.replace('}', ")");
        self.moves.push(Token::Comment(text.split_whitespace().collect::<Vec<_>>().join(" ")));
    }
}

#[cfg(test)]
mod tests {
    use super::Outcome;

    #[test]
    fn result_tokens_read_back() {
        for (o, n, t) in [
            (Outcome::Win(0), 2, "1-0"),
            (Outcome::Win(1), 2, "0-1"),
            (Outcome::Draw, 2, "1/2-1/2"),
            (Outcome::Unfinished, 2, "*"),
            (Outcome::Win(2), 3, "0-0-1"),
            (Outcome::Draw, 3, "1/3-1/3-1/3"),
        ] {
            assert_eq!(o.token(n), t);
            assert_eq!(Outcome::parse(t), Some((o, n)));
        }
        for bad in ["1-1", "0-0", "1/2-1/3", "1", "", "2-0", "1-0-"] {
            assert_eq!(Outcome::parse(bad), None, "{bad}");
        }
    }
}
