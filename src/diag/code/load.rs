//! Kinds of problems of a game file's TOML (E2xx).

/// A problem of the TOML part of a game file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum LoadCode {
    /// The file is not valid TOML.
    InvalidToml = 1,
    /// A top-level table the format does not have.
    UnknownTable = 2,
    /// A key a table does not have.
    UnknownKey = 3,
    /// A value that must be a table is not.
    NotATable = 4,
    /// A value of the wrong type.
    WrongType = 5,
    /// An integer that does not fit in 64 bits.
    IntegerOutOfRange = 6,
    /// `extends` goes too deep (a file extends itself, directly or not).
    ExtendsTooDeep = 7,
    /// The file named by `extends` does not exist.
    ExtendsNotFound = 8,
    /// A `[pieces.X]` table whose name is not one upper-case letter.
    BadPieceLetter = 9,
    /// A diagram letter in `[letters.F]` that is not one ASCII letter.
    BadLetter = 10,
    /// A glyph in `[display] zones` that is not one character.
    BadGlyph = 11,
    /// A colour in `[display]` not written `#rrggbb`.
    BadColour = 12,
    /// The file named by `extends` exists but cannot be read as a game file.
    ExtendsUnreadable = 13,
    /// A number outside the range its key allows.
    ValueOutOfRange = 14,
}

impl LoadCode {
    /// Every kind.
    pub const ALL: &[LoadCode] = &[
        LoadCode::InvalidToml,
        LoadCode::UnknownTable,
        LoadCode::UnknownKey,
        LoadCode::NotATable,
        LoadCode::WrongType,
        LoadCode::IntegerOutOfRange,
        LoadCode::ExtendsTooDeep,
        LoadCode::ExtendsNotFound,
        LoadCode::BadPieceLetter,
        LoadCode::BadLetter,
        LoadCode::BadGlyph,
        LoadCode::BadColour,
        LoadCode::ExtendsUnreadable,
        LoadCode::ValueOutOfRange,
    ];

    /// The explanation shown by `interp explain`.
    pub fn explain(self) -> &'static str {
        match self {
            LoadCode::InvalidToml => {
                "The game file is not valid TOML (an unclosed string, a missing `=`, a table \
                 declared twice...), so nothing in it can be checked. Fix the place shown first."
            }
            LoadCode::UnknownTable => {
                "A game file has the tables [game], [pieces.X], [setup.P], [reserve.P], \
                 [letters.F], [options], [fen], [display] and [ai]; this one is none of them. It is \
                 most often a misspelt table name."
            }
            LoadCode::UnknownKey => {
                "A table holds a key it does not have, most often a misspelt one. The hint \
                 lists the keys the table knows."
            }
            LoadCode::NotATable => {
                "This value must be a table of keys, written as a `[section]` or inline as \
                 `{ key = value }`, but it is a single value."
            }
            LoadCode::WrongType => {
                "The value has the wrong type for its key, e.g. a string where a number is \
                 wanted. The message names the type expected and the type found."
            }
            LoadCode::IntegerOutOfRange => {
                "An integer in the TOML is too large to be stored (integers are 64-bit). \
                 Values such as piece values and counts are small numbers."
            }
            LoadCode::ExtendsTooDeep => {
                "Following `extends` from file to file went more than eight files deep, which \
                 means a file extends itself, directly or through others. Break the loop."
            }
            LoadCode::ExtendsNotFound => {
                "The file named by `extends` does not exist. Its path is relative to the \
                 directory of the file that names it."
            }
            LoadCode::BadPieceLetter => {
                "Piece types are named by one upper-case letter, the table's name in \
                 `[pieces.X]`; the letter is what the rules text and the setup use."
            }
            LoadCode::BadLetter => {
                "A `[letters.FACTION]` entry maps a piece type to the letter that faction's \
                 pieces of that type are written with, which must be one ASCII letter."
            }
            LoadCode::BadGlyph => {
                "A `[display] zones` entry gives the character drawn on a zone's empty cells \
                 in diagrams; it must be exactly one character."
            }
            LoadCode::BadColour => {
                "Colours in `[display]` (zone fills and faction colours for pictures) are \
                 written as `#` and six hexadecimal digits, e.g. \"#5dade2\"."
            }
            LoadCode::ExtendsUnreadable => {
                "The file named by `extends` exists but is not a game file that can be read: \
                 it is a directory, a FIFO or a device, it is larger than the size cap, or it \
                 is not UTF-8 text. The message says which."
            }
            LoadCode::ValueOutOfRange => {
                "A number in the TOML is outside the range its key allows: piece values, \
                 advance bonuses, maxima per type, reserve counts and option values each have \
                 a range (the message gives it) that keeps every later computation exact."
            }
        }
    }
}
