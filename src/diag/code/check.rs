//! Kinds of problems found by the checker: names and rules (E4xx).

/// A problem found by the checker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u16)]
pub enum CheckCode {
    /// A piece letter names no declared piece type.
    UnknownPiece = 1,
    /// A zone name names no declared zone.
    UnknownZone = 2,
    /// A name used as a direction is no direction or set.
    UnknownDirection = 3,
    /// A name used as a counter names no declared counter.
    UnknownCounter = 4,
    /// A name used as a player is none of the game's players.
    UnknownPlayer = 5,
    /// A name used as a faction is no player or neutral faction.
    UnknownFaction = 6,
    /// A cell name names no cell of the board.
    UnknownCell = 7,
    /// A zone item is neither a cell nor an earlier zone.
    UnknownCellOrZone = 8,
    /// A zone names a rank the board does not have.
    UnknownRank = 9,
    /// A zone names a file the board does not have.
    UnknownFile = 10,
    /// A follow-up name names no declared follow-up step.
    UnknownFollowup = 11,
    /// A tally name names no declared tally.
    UnknownTally = 12,
    /// An option name names no declared option.
    UnknownOption = 13,
    /// An option is given a value that is no number or boolean.
    BadOptionValue = 14,
    /// A call in a pattern is no macro and no action.
    UnknownMacro = 15,
    /// A name used as a condition means nothing here.
    UnknownCondition = 16,
    /// An expression calls an unknown function.
    UnknownFunction = 17,
    /// A name in an expression means nothing.
    UnknownName = 18,
    /// A step's agent is no player, counter or built-in agent.
    UnknownAgent = 19,
    /// A statement names a cell it cannot refer to.
    UnknownCellRef = 20,
    /// A condition that only end rules can evaluate is used elsewhere.
    EndOnly = 21,
    /// A pattern sets more than 4 marks.
    TooManyMarks = 22,
    /// Repetitions nest more than 4 deep.
    NestingTooDeep = 23,
    /// A macro calls itself.
    MacroRecursion = 24,
    /// An action's argument is not what it takes.
    BadActionArgument = 25,
    /// A word in count(...) is no side and no piece.
    NotSideOrPiece = 26,
    /// enemy(...) or friend(...) is given no per-player counter.
    NotPerPlayerCounter = 27,
    /// Words stand where an expression is expected.
    ExpectedExpression = 28,
    /// A tally is compared with something that is not a number.
    TallyComparison = 29,
    /// A drop names a type without a reserve.
    NoReserve = 30,
    /// A drop statement cannot be carried out.
    BadDrop = 31,
    /// A [reserve] entry names an unknown player or piece.
    BadReserve = 32,
    /// Two factions' pieces share a letter.
    DuplicateLetter = 33,
    /// Two setup pieces stand on one cell.
    OccupiedCell = 34,
    /// A neutral faction has the name of a player or another faction.
    DuplicateFaction = 35,
    /// The rules declare no board.
    NoBoard = 36,
    /// The game has no players.
    NoPlayers = 37,
    /// The game has no piece types or too many.
    PieceCount = 38,
    /// The pieces have too many states.
    TooManyStates = 39,
    /// More than 32 registers with long registers.
    TooManyRegisters = 40,
    /// The setup has more than 250 steps.
    TooManySetupSteps = 41,
    /// A number in the rules text outside the range its place allows.
    ValueOutOfRange = 42,
    /// An end rule's name is empty (`loss "" if …`).
    EmptyEndName = 43,
    /// An end rule's name has a line break.
    MultilineEndName = 44,
    /// A draw and a rule that decides a winner share a name.
    EndNameOutcomes = 45,
    /// A piece's `glyph` is not one or two visible characters.
    BadPieceGlyph = 46,
    /// A piece's `glyph` list does not give one symbol per faction.
    GlyphCount = 47,
    /// Two piece types of one faction are drawn with the same symbol.
    DuplicateGlyph = 48,
    /// A pattern from which attacks are derived tests `check` or `attacked`.
    AttackLoop = 49,
    /// `check(...)` does not name whose check: a player, `opponent`, `me` or `mover`.
    BadCheckPlayer = 54,
    /// `check(mover)` in an end rule, where the player in context is the player to move.
    MoverInEndRule = 55,
    /// `in ZONE` given to a function that takes no zone.
    ZoneNotTaken = 56,
    /// An `illegal` rule's name is empty or runs over several lines.
    BadIllegalName = 57,
    /// An attack's condition (`attack PATTERN if COND`) asks about attacks.
    AttackIfAsksAttacks = 59,
    /// `sees(X, DIRS, Y)` written with other arguments.
    BadSees = 60,
    /// `on pass` with piece types, which a pass does not move.
    PassTypes = 61,
    /// `written(@m)` in a game whose moves may also choose a cell (custodian `choose`, `push`).
    WrittenWithChoice = 64,
    /// `[fen] castling-files` names a zone with cells that have no file letter.
    FilesWithoutLetters = 65,
    /// `[fen]` has both `castling` and `castling-files`.
    TwoCastlingForms = 66,
    /// `[fen] castling-files` lacks `pieces`, `with` or `zone`, or `outer` is not two letters.
    BadCastlingFiles = 67,
    /// `drop TYPES at WHERE [COND]` names a WHERE that is not `from` or `vacated`.
    BadEntryCell = 69,
    /// Entries with a move in a game whose moves already name a cell (push, custodian choice,
    /// `written`).
    EntryWithChoice = 70,
    /// `[fen] base-mark` with two types of one declared base (`+S` would name both).
    BaseMarkAmbiguous = 71,
    /// A `[fen]` mark (`base-mark`, `promoted-mark`) that is not one character free for it.
    BadFenMark = 72,
    /// `[pieces.X] remember = true` on a type that no `promote` line of its own promotes.
    RememberWithoutPromotion = 73,
    /// `[fen] promoted-mark` in a game where no type remembers its promotions.
    PromotedMarkUnused = 74,
    /// `[pieces.X] demote` names X itself or a type that has a base of its own.
    BaseChain = 75,
    /// A built-in that means something in one place only is used elsewhere (`stuck` outside
    /// a drop rule's condition, `dropped(...)` outside an `illegal` rule).
    OutOfPlace = 76,
    /// `no-moves` in an `illegal` rule does not follow `dropped(...)` in a conjunction.
    UnguardedNoMoves = 77,
    /// `promote(...)` in an `attack` line, which makes no moves.
    PromoteInAttack = 82,
    /// `require drop` in a game without `drop` rules.
    RequireDropWithoutDrops = 83,
    /// The condition `promoted` outside an `illegal` rule.
    PromotedOutsideIllegal = 84,
    /// `threatens(...)` with arguments that are not piece letters.
    BadThreatens = 85,
    /// `via(here)` in a game that does not declare `captures distinct`.
    ViaWithoutDistinct = 86,
    /// `number colour K` where no cell has colour K.
    NumberNoCells = 87,
    /// `captures distinct` declared more than once.
    CapturesTwice = 88,
    /// `[ai] search` names no search.
    UnknownSearch = 89,
    /// An `[ai]` weight outside 0 to 1000.
    AiWeightRange = 90,
    /// Every `[ai]` weight is 0 while the AI searches with the evaluation.
    AiWeightsAllZero = 91,
    /// An `[ai]` weight for a term the game does not have (`reserve` without reserves,
    /// `advance` where nothing promotes or has an advance bonus).
    AiNothingToWeigh = 92,
}

impl CheckCode {
    /// Every kind.
    pub const ALL: &[CheckCode] = &[
        CheckCode::UnknownPiece,
        CheckCode::UnknownZone,
        CheckCode::UnknownDirection,
        CheckCode::UnknownCounter,
        CheckCode::UnknownPlayer,
        CheckCode::UnknownFaction,
        CheckCode::UnknownCell,
        CheckCode::UnknownCellOrZone,
        CheckCode::UnknownRank,
        CheckCode::UnknownFile,
        CheckCode::UnknownFollowup,
        CheckCode::UnknownTally,
        CheckCode::UnknownOption,
        CheckCode::BadOptionValue,
        CheckCode::UnknownMacro,
        CheckCode::UnknownCondition,
        CheckCode::UnknownFunction,
        CheckCode::UnknownName,
        CheckCode::UnknownAgent,
        CheckCode::UnknownCellRef,
        CheckCode::EndOnly,
        CheckCode::TooManyMarks,
        CheckCode::NestingTooDeep,
        CheckCode::MacroRecursion,
        CheckCode::BadActionArgument,
        CheckCode::NotSideOrPiece,
        CheckCode::NotPerPlayerCounter,
        CheckCode::ExpectedExpression,
        CheckCode::TallyComparison,
        CheckCode::NoReserve,
        CheckCode::BadDrop,
        CheckCode::BadReserve,
        CheckCode::DuplicateLetter,
        CheckCode::OccupiedCell,
        CheckCode::DuplicateFaction,
        CheckCode::NoBoard,
        CheckCode::NoPlayers,
        CheckCode::PieceCount,
        CheckCode::TooManyStates,
        CheckCode::TooManyRegisters,
        CheckCode::TooManySetupSteps,
        CheckCode::ValueOutOfRange,
        CheckCode::EmptyEndName,
        CheckCode::MultilineEndName,
        CheckCode::EndNameOutcomes,
        CheckCode::BadPieceGlyph,
        CheckCode::GlyphCount,
        CheckCode::DuplicateGlyph,
        CheckCode::AttackLoop,
        CheckCode::BadCheckPlayer,
        CheckCode::MoverInEndRule,
        CheckCode::ZoneNotTaken,
        CheckCode::BadIllegalName,
        CheckCode::AttackIfAsksAttacks,
        CheckCode::BadSees,
        CheckCode::PassTypes,
        CheckCode::WrittenWithChoice,
        CheckCode::FilesWithoutLetters,
        CheckCode::TwoCastlingForms,
        CheckCode::BadCastlingFiles,
        CheckCode::BadEntryCell,
        CheckCode::EntryWithChoice,
        CheckCode::BaseMarkAmbiguous,
        CheckCode::BadFenMark,
        CheckCode::RememberWithoutPromotion,
        CheckCode::PromotedMarkUnused,
        CheckCode::BaseChain,
        CheckCode::OutOfPlace,
        CheckCode::UnguardedNoMoves,
        CheckCode::PromoteInAttack,
        CheckCode::RequireDropWithoutDrops,
        CheckCode::PromotedOutsideIllegal,
        CheckCode::BadThreatens,
        CheckCode::ViaWithoutDistinct,
        CheckCode::NumberNoCells,
        CheckCode::CapturesTwice,
        CheckCode::UnknownSearch,
        CheckCode::AiWeightRange,
        CheckCode::AiWeightsAllZero,
        CheckCode::AiNothingToWeigh,
    ];

    /// The explanation shown by `interp explain`.
    pub fn explain(self) -> &'static str {
        // Codes are ascending in `ALL` but may leave gaps (ranges kept for other work).
        let i = Self::ALL.iter().position(|&c| c == self).unwrap_or(0);
        EXPLANATIONS[i]
    }
}

/// The explanation of each kind, in code order.
const EXPLANATIONS: &[&str] = &[
    // UnknownPiece
    "A piece letter is used that no `[pieces.X]` table declares. Piece types are named by their \
     letter (upper case) everywhere in the rules; the hint lists the declared ones.",
    // UnknownZone
    "A zone is named (in `promote`, a test or `[display]`) that no `zone NAME = ...` declares. The \
     hint lists the declared zones.",
    // UnknownDirection
    "A pattern, `push` or `custodian` names a direction that the board does not define and no `dirs` \
     statement declares. `remove(D)` also needs a name standing for exactly one direction.",
    // UnknownCounter
    "An assignment or a `[fen]` field names a counter that no `counter` or `clock` statement \
     declares. `[fen]` counters must be per-game, not per-player.",
    // UnknownPlayer
    "A zone part, `orient`, `by PLAYER` or a setup table names a player that `players` in [game] \
     does not list.",
    // UnknownFaction
    "A `[letters.FACTION]` or `[display]` table names a faction that is neither a player nor \
     declared in `neutral`.",
    // UnknownCell
    "A setup or `[fen]` castling entry names a cell the board does not have. Cell names come from \
     the board's files and ranks or its `cell` statements.",
    // UnknownCellOrZone
    "A zone is built from cells, ranks, files, colours and zones declared before it; this item names \
     none of them.",
    // UnknownRank
    "A rank number in a zone declaration matches no cell of the board.",
    // UnknownFile
    "A file name in a zone declaration matches no cell of the board.",
    // UnknownFollowup
    "`then(NAME)` or `push ... then NAME` names a step that no `followup NAME by AGENT: ...` \
     declares.",
    // UnknownTally
    "`reset NAME` names a tally that no `tally NAME max N for TYPES when PATTERN` declares.",
    // UnknownOption
    "A command-line `--option` or a `custodian ... choose if OPTION` names an option that the game's \
     [options] table does not declare. The hint lists the game's options.",
    // BadOptionValue
    "Command-line options are written NAME, NAME=NUMBER, NAME=true or NAME=false.",
    // UnknownMacro
    "A call `NAME(...)` in a pattern matches neither a `define` with that many parameters nor one of \
     the actions (remove, carry, land, then). The hint lists the macros with their parameter counts.",
    // UnknownCondition
    "A condition name is not a built-in condition and names no piece type, zone, cell, register, \
     option or counter. The hint lists what is known here.",
    // UnknownFunction
    "Expressions know max(a, b), min(a, b), count(SIDE PIECES), enemy(COUNTER) and friend(COUNTER); \
     the call names none of them or has the wrong number of arguments.",
    // UnknownName
    "A name in an expression is no counter, option, player or built-in expression name (`me`, \
     `removed`).",
    // UnknownAgent
    "A decision step is taken by chance, mover, opponent, a player, or a per-game counter holding a \
     player index.",
    // UnknownCellRef
    "`remove` takes `chosen` (the chosen cell) or `cell` (the step's cell).",
    // EndOnly
    "`no-moves`, `repetition(N)` and `can-capture(...)` need the move list or the game's history, \
     which only end rules have. Move the condition into the `end { }` block.",
    // TooManyMarks
    "A pattern keeps at most 4 marks (`@m`) at once; registers set with `@r` do not count.",
    // NestingTooDeep
    "A repetition (`*`, `+`, `?`, `{m,n}`) may contain others at most 4 levels deep, counting \
     itself.",
    // MacroRecursion
    "A `define` may not call itself, directly or through other macros: its expansion would never \
     end.",
    // BadActionArgument
    "remove takes one direction or `here`, then a follow-up name, carry and land marks set earlier \
     in the pattern.",
    // NotSideOrPiece
    "count(...) takes a side (friend, enemy, neutral, all, a player or a faction) and piece letters.",
    // NotPerPlayerCounter
    "enemy(NAME) and friend(NAME) read a counter declared `per-player`; the argument must be its \
     name.",
    // ExpectedExpression
    "max and min take expressions: numbers, counters, options or functions.",
    // TallyComparison
    "A tally test compares the tally's name, on the left, with a number (or an option) on the right, \
     e.g. [checks >= 3].",
    // NoReserve
    "Pieces are dropped from a reserve: declare one for the type in [reserve.PLAYER] (it may start \
     at 0).",
    // BadDrop
    "A drop is written `drop T at from` or `drop T at to`, for a type T with a reserve.",
    // BadReserve
    "Reserves are declared as [reserve.PLAYER] tables with PIECE = COUNT entries.",
    // DuplicateLetter
    "Every piece of every faction needs its own letter in positions and notation; set them apart in \
     [letters.FACTION].",
    // OccupiedCell
    "A setup cell holds one piece unless `stacks = true` in [game] allows starting stacks.",
    // DuplicateFaction
    "Factions are the players and the `neutral` names, each once.",
    // NoBoard
    "Every game needs a `board` statement in its rules (or in a file it extends).",
    // NoPlayers
    "[game] must list the players in turn order, e.g. players = [\"white\", \"black\"].",
    // PieceCount
    "A game has 1 to 64 piece types, and at most 254 kinds of piece counting every faction.",
    // TooManyStates
    "Piece types times factions times the states of the moved flag and every tally must stay below \
     255; use fewer types or smaller tallies.",
    // TooManyRegisters
    "A game with registers kept through the next turn may declare at most 32 registers.",
    // TooManySetupSteps
    "A setup block may have at most 250 steps.",
    // ValueOutOfRange
    "A number in the rules text is outside the range its place allows: a counter starts \
     between -1000000000 and 1000000000, and `repetition(N)` counts 1 to 255 repetitions. \
     The ranges keep every later computation exact.",
    // EmptyEndName
    "An end rule's name (`loss \"checkmate\" if no-moves & check`) is what players are told \
     when the rule ends a game. `\"\"`, or a name of spaces only, tells them nothing: write a \
     few words, or leave the quotes out (the rule's text is reported instead).",
    // MultilineEndName
    "An end rule's name is printed inside one line of `play`, `show`, records and selfplay's \
     summary; a line break in it would split them. Write the name on one line.",
    // EndNameOutcomes
    "Two end rules have the same name, but one is a draw and the other decides a winner. A \
     game's result is reported with the name of the rule that decided it and selfplay counts \
     endings by name, so the two would be confused. Rules may share a name when both decide \
     a winner (`loss \"towers lost\" if ...` and `win \"towers lost\" if ...`: the same event seen \
     from either side) or both are draws.",
    // BadPieceGlyph
    "A piece's `glyph` is the symbol drawn in its disc in pictures and the browser page \
     (`glyph = \"★\"`): one or two characters, none of them a space or a control character. \
     Text diagrams and notation keep the board letter.",
    // GlyphCount
    "A piece's `glyph` is one string for every faction (`glyph = \"★\"`) or a list of one \
     string per faction, in faction order: the players, then the neutral factions \
     (`glyph = [\"▲\", \"▼\"]`). This list has a different number of entries.",
    // DuplicateGlyph
    "Pictures and the browser page tell a faction's piece types apart by the symbol in \
     their discs: a type's `glyph`, or its board letter when it has none. Two types of one \
     faction would be drawn alike; give each its own `glyph`.",
    // AttackLoop
    "Whether a cell is attacked (for `attacked`, `check` and the royal-piece rule) is judged by \
     running the other players' patterns that can capture: a type's `attack` lines, or its moves \
     when it has none. A test of `check` or `attacked` in such a pattern would ask the same \
     question about the other side, whose patterns ask it again, without end. Give the piece \
     `attack` lines that say what it attacks without the test; its moves may keep it (a pattern \
     that cannot capture, such as castling with `land` or a move onto `[empty]`, may test attacks).",
    // BadCheckPlayer
    "`check(PLAYER)` asks whether a royal piece of a player is attacked. Its one argument \
     is a player's name, `opponent` (any player other than the player in context: the \
     mover's opponents in triggers and `illegal` rules, the player to move's in end rules), \
     `me` or `mover` (the player in context). `check` alone is `check(me)`.",
    // MoverInEndRule
    "In an end rule the player in context is the player to move, not the player who just \
     moved, so `check(mover)` would not mean what it says. Write `check(me)` (or `check`) \
     for the player to move, `check(opponent)` for the others.",
    // ZoneNotTaken
    "`in ZONE` limits what a function counts or looks for to a zone: `count(enemy K in \
     hill)`, `can-move(K in goal)`. Other functions take no zone.",
    // BadIllegalName
    "An `illegal` rule's name (`illegal \"gives check\" if check(opponent)`) is what \
     players are told when they try a move it refuses: a few words on one line. Write \
     them, or leave the quotes out.",
    // AttackIfAsksAttacks
    "`attack PATTERN if COND`: the attack counts only while COND holds, judged at the \
     position in question (for a move's legality, the position before the move). COND may \
     not itself ask about attacks (`check`, `attacked`): deciding it would need the attack \
     it switches. Test the board, counters or `sees(...)` instead.",
    // BadSees
    "`sees(X, DIRS, Y)` holds when a piece of type X has a piece of type Y as the nearest \
     piece along one of the directions DIRS (a direction or a set, the board's own \
     directions): three arguments, a piece letter, a direction name and a piece letter, \
     e.g. `sees(K, file, K)` with `dirs file = N S`.",
    // PassTypes
    "`on pass { ... }` runs when the player to move passes. A pass moves no piece, so the \
     trigger takes no piece types (`on pass by white { ... }` limits it to one player).",
    // WrittenWithChoice
    "`written(@m)` makes a move's notation `FROM-m`. A move of a game with custodian captures \
     that let the mover choose a victim (`custodian ... choose if ...`) or with `push` rules \
     may name a chosen cell of its own (`xCELL`, `>CELL`), and one notation cannot hold both. \
     Leave `written` out of such a game.",
    // FilesWithoutLetters
    "`[fen] castling-files` writes castling pieces by their file letters, so every cell of its \
     zone needs one: use a square board (`board square files a..h ...`) and a zone of its cells.",
    // TwoCastlingForms
    "`[fen]` gives castling letters either as fixed cells (`castling = { K = \"e1 h1\", ... }`) or \
     by file (`castling-files = { ... }`), not both: the position string has one castling field.",
    // BadCastlingFiles
    "`[fen] castling-files = { pieces = \"R\", with = \"K\", zone = \"back\", outer = \"KQ\" }` needs \
     `pieces` (the types written by file), `with` (the types that must be unmoved beside them) \
     and `zone` (where they stand); `outer`, if given, is two letters (the outermost piece from \
     the last file, then from the first).",
    // BadEntryCell
    "`drop TYPES at WHERE [COND]` lets a piece from the mover's reserve enter, with a move, on \
     a cell the move empties. WHERE is `from` (the moving piece's origin) or `vacated` (the \
     origin or the cell of a piece the move carries, such as a castling rook).",
    // EntryWithChoice
    "A move with an entry from the reserve is written with the entering piece (`b1-c3/H`), in \
     the place where a pushed piece (`>CELL`), a chosen victim (`xCELL`) or the cell of \
     `written(@m)` is written. A game with `push`, `custodian ... choose` or `written` cannot \
     also have `drop TYPES at WHERE [COND]`.",
    // BaseMarkAmbiguous
    "With `[fen] base-mark = \"+\"`, a type with a declared base (`[pieces.T] demote = \"S\"`) \
     is written in position strings as the mark and its base's letter (`+S`), and `+S` is read \
     back as that type. Two types with the same base would both be written `+S`: give them \
     different bases, or leave `base-mark` out.",
    // BadFenMark
    "A `[fen]` mark (`base-mark = \"+\"`, `promoted-mark = \"~\"`) is one character written \
     in the rows of position strings beside a piece's letter. It may not be a letter or a digit \
     (pieces and runs of empty cells), a space, or one of `/ ( ) [ ]` (rows, stacks and the \
     pocket), and the two marks must differ.",
    // RememberWithoutPromotion
    "`[pieces.X] remember = true` makes a piece promoted from X remember it, so that, captured, \
     it enters the captor's hand as an X. X's own `piece X { }` block needs a `promote` line \
     for there to be anything to remember.",
    // PromotedMarkUnused
    "`[fen] promoted-mark = \"~\"` marks the pieces that remember a promotion (`Q~`). No type \
     of this game has `remember = true`, so no piece would ever carry the mark: give the type \
     that promotes `remember = true`, or leave the mark out.",
    // BaseChain
    "`[pieces.T] demote = \"S\"` declares T's base type: the type a captured T enters the hand \
     as (a promoted piece's unpromoted form). The base is an ordinary type: it may not be T \
     itself nor a type that has a base of its own (`demote` on S too). Name the final type \
     directly.",
    // OutOfPlace
    "Some built-in conditions mean something in one place only. `stuck` asks whether the piece \
     being dropped could ever move from the cell: it belongs in the condition of a drop rule \
     (`drop P [empty & !stuck]`). `dropped(PIECES)` asks whether the move being judged is a drop \
     of one of those types: it belongs in an `illegal` rule.",
    // UnguardedNoMoves
    "`no-moves` in an `illegal` rule asks whether the next player has a legal move after the \
     move judged; judging those moves may ask the same question again. Written after \
     `dropped(...)` in a conjunction (`dropped(P) & check(opponent) & no-moves`), every nested \
     question is about a drop, which empties the hands, so the questions end.",
    // PromoteInAttack
    "`promote(X)` in a pattern makes the move promote its piece to X. An `attack` line makes \
     no moves (it says which cells the piece attacks), so a promotion there means nothing: \
     write it in a `move` line.",
    // RequireDropWithoutDrops
    "`require drop` keeps only drops from the reserve while there is one (a placement phase: \
     each side puts its pieces on the board before play). A game without `drop TYPES [COND]` \
     rules has no drops to keep: declare what is dropped where, with a `[reserve.PLAYER]`.",
    // PromotedOutsideIllegal
    "The condition `promoted` tells whether the move just made promoted its piece. Only an \
     `illegal` rule judges a move after it is made (`illegal \"promotion gives check\" if \
     promoted & check(opponent)`); in patterns, triggers, obligations and end rules there is \
     no such move to ask about.",
    // BadThreatens
    "`threatens(X)` holds on a cell where a piece of type X, standing there for the player in \
     context, would attack a piece of another player (as its attack lines, or its moves, \
     capture). Its arguments are piece letters: `[!threatens(F)]`.",
    // ViaWithoutDistinct
    "`via(here)` records a cell a move passes through, which its notation writes when two \
     moves of a piece to one cell take different pieces. Moves are told apart by what they \
     take only in a game that declares `captures distinct`; elsewhere two paths to one cell \
     are one action and `via` would say nothing.",
    // NumberNoCells
    "`number colour K` names the cells of colour class K 1, 2, 3, ... and removes the others; \
     no cell of the board has that colour (square boards: a1 is colour 0, b1 colour 1).",
    // CapturesTwice
    "`captures distinct [by path]` says once, for the whole game (a variant's file included), \
     which capture sequences are the same move.",
    // UnknownSearch
    "`[ai] search` chooses how the AI looks for its moves: \"alphabeta\" (the default: \
     alpha-beta search with the evaluation derived from the rules) or \"mcts\" (Monte Carlo \
     tree search with playouts, for games whose positions the evaluation cannot tell apart).",
    // AiWeightRange
    "The weights of `[ai]` (`material`, `reserve`, `centre`, `advance`, `goal`) are percentages \
     of each term of the evaluation as derived from the rules: 100 keeps a term as it is, 0 \
     leaves it out, and no weight may exceed 1000.",
    // AiWeightsAllZero
    "With every weight of `[ai]` at 0 the evaluation scores every position alike and the \
     alpha-beta search only sees the ends of games it reaches. Keep a weight above 0, or use \
     `search = \"mcts\"`, whose playouts need no evaluation.",
    // AiNothingToWeigh
    "An `[ai]` weight names a term this game does not have: `reserve` weighs pieces in the \
     reserves, and the game has none; `advance` weighs pieces' progress towards promotion \
     (or their `advance` bonus), and no piece promotes or has one; `hunt` weighs the pursuit \
     of a royal piece, and no piece is royal. Leave the weight out.",
];

#[cfg(test)]
mod tests {
    use super::{CheckCode, EXPLANATIONS};

    #[test]
    fn every_kind_has_its_number_and_explanation() {
        assert_eq!(CheckCode::ALL.len(), EXPLANATIONS.len());
        for w in CheckCode::ALL.windows(2) {
            assert!((w[0] as usize) < (w[1] as usize), "{:?} out of order", w[1]);
        }
        assert_eq!(CheckCode::ALL[0] as usize, 1);
    }
}
