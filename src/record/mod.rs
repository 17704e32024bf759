//! Game records, PGN-like, for every game: tag pairs (the game file and its fingerprint,
//! players, date, result and the rule that ended the game), then the movetext in the
//! game's own notation with move numbers, ending with the result. `save`, the autosave and
//! `play --record` write them; `--load` reads them; a file may hold several games.
//!
//! ```text
//! [Game "games/chess.toml"]
//! [GameName "Chess"]
//! [GameHash "43c359029eae24fd"]
//! [White "human"]
//! [Black "human"]
//! [Date "2026.12.01"]
//! [Time "14:42:25"]
//! [Result "0-1"]
//! [Termination "the rule `loss if no-moves & check`"]
//! [Plies "4"]
//!
//! 1. f2-f3 e7-e5 2. g2-g4 d8-h4 0-1
//! ```

mod build;
mod data;
mod file;
mod legacy;
mod read;
mod replay;
mod write;

pub use build::{Header, Recorder, next_number, player_tags, stamp, valid_tag_name};
pub use data::{DRAW_AGREED, GameRecord, KNOWN_TAGS, MoveNumber, Outcome, Token, fnv1a64};
pub use file::{
    Loaded, ReadError, WriteError, load, load_record, may_write, read_record, read_records, start_of, write_atomic,
};
pub use legacy::LegacyError;
pub use read::{RecordError, RecordErrorKind, parse_records};
pub use replay::{
    OtherVersion, Place, Replay, ReplayError, near_misses, other_version, replay, replay_actions, revealed,
};
pub use write::{quote, records_text};
