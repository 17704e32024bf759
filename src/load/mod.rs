//! Loading game files: TOML (metadata, pieces, setup, options) with an embedded rules
//! text, following `extends` chains. Every problem is reported with its span. One reader
//! function per TOML table (`tables`), the keys of each table in one list (`keys`),
//! typed values (`value`) and the overlay of a file on the one it extends (`merge`).

mod escapes;
mod keys;
mod merge;
mod tables;
mod value;

pub use value::{MAX_ADVANCE, MAX_OPTION, MAX_PER_TYPE, MAX_PIECE_VALUE, MAX_RESERVE};

use crate::diag::{Diag, LoadCode, LoadError, Sources};
use crate::syntax::ast::{Name, Rules, Span};
use std::path::Path;
use toml::de::DeTable;

/// A piece type as declared in TOML.
#[derive(Debug, Clone)]
pub struct PieceSpec {
    /// Letter.
    pub letter: Name,
    /// Full name.
    pub name: String,
    /// AI value.
    pub value: i32,
    /// Whether the file gave the value (else the AI derives one).
    pub value_given: bool,
    /// Royal.
    pub royal: bool,
    /// Maximum per player.
    pub max: Option<u8>,
    /// AI bonus per rank advanced, in hundredths of a value unit.
    pub advance: i32,
    /// The type a captured piece of this type becomes in a reserve (`pocket`): its
    /// declared base type.
    pub demote: Option<Name>,
    /// `remember = true`: a piece promoted from this type remembers it (where it was
    /// given, for diagnostics).
    pub remember: Option<Span>,
    /// How the piece moves, in words (`description`).
    pub description: String,
    /// The symbol pictures draw for the piece (`glyph`), if given.
    pub glyph: Option<GlyphSpec>,
}

/// A piece type's `glyph`: one symbol for every faction, or a list of one per faction.
#[derive(Debug, Clone)]
pub enum GlyphSpec {
    /// `glyph = "★"`: the same symbol for every faction.
    One(Name),
    /// `glyph = ["▲", "▼"]`: one per faction, in faction order; the span is the list's.
    PerFaction(Vec<Name>, Span),
}

impl GlyphSpec {
    /// Every symbol given, in order.
    pub fn symbols(&self) -> &[Name] {
        match self {
            GlyphSpec::One(n) => std::slice::from_ref(n),
            GlyphSpec::PerFaction(v, _) => v,
        }
    }
}

/// Everything a game file says, merged over its `extends` chain.
#[derive(Debug, Clone, Default)]
pub struct Spec {
    /// Display name.
    pub name: String,
    /// What the game is and the rulings it follows, in words (`[game] description`).
    pub description: String,
    /// Players in turn order.
    pub players: Vec<Name>,
    /// Neutral factions: their pieces are moved by every player and are no player's friends.
    pub neutral: Vec<Name>,
    /// Whether setup cells may hold several pieces (stacks).
    pub stacks: bool,
    /// Letters per faction: (faction, piece letter, letter written in diagrams).
    pub letters: Vec<(Name, Name, Name)>,
    /// Piece types.
    pub pieces: Vec<PieceSpec>,
    /// Setup per player: (player, piece letter, cell).
    pub setup: Vec<(Name, Name, Name)>,
    /// Reserves: (player, letter, count).
    pub reserves: Vec<(Name, Name, i64)>,
    /// Declared options with defaults.
    pub options: Vec<(Name, i64)>,
    /// Position-string letters standing for unmoved pieces (the `[fen]` table's
    /// `castling` key): each letter and the cells whose pieces must be unmoved.
    pub unmoved_letters: Vec<(Name, Vec<Name>)>,
    /// The `[fen]` table's `castling-files`: unmoved pieces written by their file letters.
    pub castling_files: Option<FilesSpec>,
    /// Variable shown as the halfmove clock.
    pub halfmove: Option<Name>,
    /// Variable shown as the fullmove number.
    pub fullmove: Option<Name>,
    /// A per-player counter shown as one field `V1+V2` after the registers (the `[fen]`
    /// table's `counter` key: Fairy-Stockfish's check counts).
    pub fen_counter: Option<Name>,
    /// Whether the reserves are shown as a pocket after the rows (`[fen] pocket`), when given.
    pub pocket: Option<bool>,
    /// The mark written before a base type's letter for a type with a declared base
    /// (`[fen] base-mark = "+"`: `+S`), when given.
    pub base_mark: Option<Name>,
    /// The mark written after the letter of a piece that remembers a promotion
    /// (`[fen] promoted-mark = "~"`: `Q~`), when given.
    pub promoted_mark: Option<Name>,
    /// The order of the types in the pocket (`[fen] pocket-order = "QRBNP"`), when given.
    pub pocket_order: Option<Name>,
    /// Letters for unmoved pieces written only while their owner holds a reserve piece
    /// (`[fen] gates`), with their cells.
    pub unmoved_gates: Vec<(Name, Vec<Name>)>,
    /// Diagram glyphs for empty cells of zones: (zone, glyph).
    pub display_zones: Vec<(Name, Name)>,
    /// Picture fills of zones' cells: (zone, colour).
    pub display_fills: Vec<(Name, Name)>,
    /// Picture colours of factions' pieces: (faction, colour).
    pub display_factions: Vec<(Name, Name)>,
    /// The `[ai]` table's entries, in file order (a file's entry replaces its parent's).
    pub ai: Vec<AiEntry>,
    /// Parsed rules texts, base first.
    pub rules: Vec<Rules>,
    /// The start of the game file itself (where file-level problems are reported).
    pub origin: Span,
}

/// One entry of the `[ai]` table.
#[derive(Debug, Clone)]
pub struct AiEntry {
    /// The key, where it stands.
    pub key: Name,
    /// Its value.
    pub value: AiValue,
}

/// The value of an `[ai]` entry, as the file wrote it.
#[derive(Debug, Clone)]
pub enum AiValue {
    /// A string (`search = "mcts"`).
    Text(Name),
    /// An integer (a weight), and where it stands.
    Number(i64, Span),
}

/// `[fen] castling-files = { pieces = "R", with = "K", zone = "back", outer = "KQ" }`:
/// the unmoved `pieces` in a player's part of `zone`, beside an unmoved `with` piece there,
/// written by their file letters (Shredder-FEN); `outer`'s two letters also read as the
/// outermost such piece from the last and from the first file (X-FEN).
#[derive(Debug, Clone)]
pub struct FilesSpec {
    /// Where the key stands.
    pub at: Span,
    /// The types written by file.
    pub pieces: Vec<Name>,
    /// The types that must be unmoved beside them.
    pub with: Vec<Name>,
    /// The (per-player) zone they stand in.
    pub zone: Option<Name>,
    /// The two letters for the outermost pieces (from the last file, from the first).
    pub outer: Option<Name>,
}

/// The built-in pattern macros.
pub const PRELUDE: &str = include_str!("prelude.rules");

/// Loads a game file and everything it extends. Problems that still leave a usable spec
/// come back beside it (the compiler can then report its own problems too); a file that
/// cannot be read or parsed as TOML is an error.
pub fn load(path: &str) -> Result<(Spec, Sources, Vec<Diag>), LoadError> {
    let mut sources = Sources::default();
    let mut diags = vec![];
    let base = sources.add("<prelude>", PRELUDE.to_string());
    let prelude = crate::syntax::parse::parse(PRELUDE, base).expect("the prelude parses");
    let text = crate::files::read_text(Path::new(path)).map_err(|e| LoadError::Unreadable(e.to_string()))?;
    let mut spec = load_into(Path::new(path), text, &mut sources, &mut diags, 0)?;
    spec.rules.insert(0, prelude);
    let top = sources.0.get(1).map(|s| s.base).unwrap_or(0);
    spec.origin = Span { start: top, end: top };
    if diags.iter().any(|d| d.code.is_fatal()) {
        return Err(LoadError::Invalid(sources, diags));
    }
    Ok((spec, sources, diags))
}

/// Reads one file's `text` (`depth` files down an `extends` chain) and the files it extends.
fn load_into(
    path: &Path,
    text: String,
    sources: &mut Sources,
    diags: &mut Vec<Diag>,
    depth: usize,
) -> Result<Spec, LoadError> {
    let base = sources.add(&path.display().to_string(), text.clone());
    let table = match DeTable::parse(&text) {
        Ok(t) => t,
        Err(e) => {
            let r = e.span().unwrap_or(0..0);
            diags.push(Diag::new(
                LoadCode::InvalidToml,
                Span { start: base + r.start, end: base + r.end },
                format!("invalid TOML: {}", e.message()),
                "check the TOML syntax near here",
            ));
            return Ok(Spec::default());
        }
    };
    let mut file = Reader { path, text: &text, base, depth, sources, diags, spec: Spec::default(), rules_text: None };
    file.tables(table.get_ref())?;
    Ok(file.finish())
}

/// One game file being read: its text and place in the span space, where problems go,
/// and the spec read so far.
struct Reader<'a> {
    path: &'a Path,
    text: &'a str,
    base: usize,
    depth: usize,
    sources: &'a mut Sources,
    diags: &'a mut Vec<Diag>,
    spec: Spec,
    /// The rules text and where it starts in the span space; parsed last.
    rules_text: Option<(String, usize)>,
}

impl Reader<'_> {
    /// Parses the rules text (after everything it extends) and returns the spec.
    fn finish(mut self) -> Spec {
        if let Some((rt, shift)) = self.rules_text.take() {
            match crate::syntax::parse::parse(&rt, shift) {
                Ok(r) => self.spec.rules.push(r),
                Err(d) => self.diags.push(d),
            }
        }
        self.spec
    }
}
