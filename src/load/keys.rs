//! The keys of each TOML table, one list per table: the list drives both the match that
//! reads a key and the "known keys" hint for a key it does not know.

/// A table's keys: each key's name and what it stands for.
pub(super) type Keys<K> = &'static [(&'static str, K)];

/// What `name` stands for in `keys`.
pub(super) fn lookup<K: Copy>(keys: Keys<K>, name: &str) -> Option<K> {
    keys.iter().find(|(n, _)| *n == name).map(|&(_, k)| k)
}

/// The key names for a hint: `a, b, c`.
pub(super) fn known<K>(keys: Keys<K>) -> String {
    keys.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// The top-level tables of a game file.
#[derive(Clone, Copy)]
pub(super) enum Table {
    Game,
    Pieces,
    Setup,
    Reserve,
    Letters,
    Options,
    Fen,
    Display,
    /// `[ai]`: how the AI plays the game.
    Ai,
    /// `[[case]]`: test cases, read by `interp test` (crate::author), not by the loader.
    Case,
}

/// The top-level tables, in the order the hint lists them.
pub(super) const TABLES: Keys<Table> = &[
    ("game", Table::Game),
    ("pieces", Table::Pieces),
    ("setup", Table::Setup),
    ("reserve", Table::Reserve),
    ("letters", Table::Letters),
    ("options", Table::Options),
    ("fen", Table::Fen),
    ("display", Table::Display),
    ("ai", Table::Ai),
    ("case", Table::Case),
];

/// The keys of `[game]`.
#[derive(Clone, Copy)]
pub(super) enum GameKey {
    Name,
    Description,
    Players,
    Neutral,
    Stacks,
    Extends,
    Rules,
}

/// The keys of `[game]`.
pub(super) const GAME_KEYS: Keys<GameKey> = &[
    ("name", GameKey::Name),
    ("description", GameKey::Description),
    ("players", GameKey::Players),
    ("neutral", GameKey::Neutral),
    ("stacks", GameKey::Stacks),
    ("extends", GameKey::Extends),
    ("rules", GameKey::Rules),
];

/// The keys of a `[pieces.X]` table.
#[derive(Clone, Copy)]
pub(super) enum PieceKey {
    Name,
    Value,
    Royal,
    Max,
    Advance,
    Demote,
    Remember,
    Description,
    Glyph,
}

/// The keys of a `[pieces.X]` table.
pub(super) const PIECE_KEYS: Keys<PieceKey> = &[
    ("name", PieceKey::Name),
    ("value", PieceKey::Value),
    ("royal", PieceKey::Royal),
    ("max", PieceKey::Max),
    ("advance", PieceKey::Advance),
    ("demote", PieceKey::Demote),
    ("remember", PieceKey::Remember),
    ("description", PieceKey::Description),
    ("glyph", PieceKey::Glyph),
];

/// The keys of `[display]`.
#[derive(Clone, Copy)]
pub(super) enum DisplayKey {
    Zones,
    Fills,
    Factions,
}

/// The keys of `[display]`.
pub(super) const DISPLAY_KEYS: Keys<DisplayKey> =
    &[("zones", DisplayKey::Zones), ("fills", DisplayKey::Fills), ("factions", DisplayKey::Factions)];

/// The keys of `[fen]`.
#[derive(Clone, Copy)]
pub(super) enum FenKey {
    Castling,
    Halfmove,
    Fullmove,
    Counter,
    Pocket,
    BaseMark,
    PromotedMark,
    PocketOrder,
    Gates,
    CastlingFiles,
}

/// The keys of `[fen]`.
pub(super) const FEN_KEYS: Keys<FenKey> = &[
    ("castling", FenKey::Castling),
    ("halfmove", FenKey::Halfmove),
    ("fullmove", FenKey::Fullmove),
    ("counter", FenKey::Counter),
    ("pocket", FenKey::Pocket),
    ("base-mark", FenKey::BaseMark),
    ("promoted-mark", FenKey::PromotedMark),
    ("pocket-order", FenKey::PocketOrder),
    ("gates", FenKey::Gates),
    ("castling-files", FenKey::CastlingFiles),
];

/// The keys of `[fen] castling-files`.
#[derive(Clone, Copy)]
pub(super) enum FilesKey {
    Pieces,
    With,
    Zone,
    Outer,
}

/// The keys of `[fen] castling-files`.
pub(super) const FILES_KEYS: Keys<FilesKey> =
    &[("pieces", FilesKey::Pieces), ("with", FilesKey::With), ("zone", FilesKey::Zone), ("outer", FilesKey::Outer)];

/// The keys of `[ai]`.
#[derive(Clone, Copy)]
pub(super) enum AiKey {
    /// `search = "alphabeta" | "mcts"`.
    Search,
    /// A weight of the evaluation, in percent.
    Weight,
}

/// The keys of `[ai]`: the search, then the evaluation's weights.
pub(super) const AI_KEYS: Keys<AiKey> = &[
    ("search", AiKey::Search),
    ("material", AiKey::Weight),
    ("reserve", AiKey::Weight),
    ("centre", AiKey::Weight),
    ("advance", AiKey::Weight),
    ("goal", AiKey::Weight),
    ("hunt", AiKey::Weight),
];
