//! The command line's words and flags (clap definitions).

use clap::builder::RangedU64ValueParser;
use clap::{Parser, Subcommand};

/// The deepest perft the command line asks for (the engine's own limit).
pub const MAX_PERFT_DEPTH: u64 = crate::engine::Perft::MAX_DEPTH as u64;
/// The most games `selfplay` plays in one run.
pub const MAX_GAMES: u64 = 1_000_000;
/// The most games `selfplay --jobs` plays at once.
pub const MAX_JOBS: u64 = 256;
/// The longest game, in plies, a move cap may allow.
pub const MAX_PLIES: u64 = 100_000;
/// The longest AI thinking time per decision: one hour, in milliseconds.
pub const MAX_THINK_MS: u64 = 3_600_000;
/// The largest AI node budget per decision (about an hour of search).
pub const MAX_NODES: u64 = 1_000_000_000;
/// The longest time budget of `diff`: one day, in seconds.
pub const MAX_DIFF_SECONDS: f64 = 86_400.0;

/// A parser of whole numbers in `lo..=hi` into `T` (clap names the flag and the range on error).
fn ranged<T: TryFrom<u64> + Clone + Send + Sync + 'static>(lo: u64, hi: u64) -> RangedU64ValueParser<T> {
    RangedU64ValueParser::<T>::new().range(lo..=hi)
}

/// Parses `diff --time`: seconds, more than 0 and at most [`MAX_DIFF_SECONDS`].
fn seconds(s: &str) -> Result<f64, String> {
    let t: f64 = s.trim().parse().map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if t.is_finite() && t > 0.0 && t <= MAX_DIFF_SECONDS {
        Ok(t)
    } else {
        Err(format!("{s} is not in (0, {MAX_DIFF_SECONDS}] seconds"))
    }
}

/// Parses a search's name for `--ai`: `alphabeta` or `mcts`.
fn search_kind(s: &str) -> Result<crate::ir::SearchKind, String> {
    match s {
        "alphabeta" => Ok(crate::ir::SearchKind::AlphaBeta),
        "mcts" => Ok(crate::ir::SearchKind::Mcts),
        _ => Err(format!("`{s}` is not a search: expected alphabeta or mcts")),
    }
}

/// interp: play chess-like games defined in data files.
#[derive(Parser, Debug)]
#[command(name = "interp", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub cmd: Cmd,
}

/// Where a command starts: the game, options, a position string and actions played from it.
#[derive(clap::Args, Debug, Clone)]
pub struct Start {
    /// The game: a file, or the name of a game (`interp list`).
    pub game: String,
    /// Actions to play first, separated by spaces.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Start from this position string (standard FEN for chess) instead of the setup.
    #[arg(long)]
    pub fen: Option<String>,
    /// Set a game option: NAME or NAME=VALUE (repeatable).
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// Start from a game record (written by `save`, `play --record` or `selfplay
    /// --records`): its start and actions, replayed; its options unless --option is given.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "fen"])]
    pub load: Option<String>,
    /// Which game of the --load file, 1-based (a file may hold several).
    #[arg(long, value_name = "N", default_value_t = 1, requires = "load", value_parser = ranged::<usize>(1, MAX_GAMES))]
    pub load_game: usize,
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// Validate a game file; report every problem with file, line and column.
    Check {
        /// The game: a file, or the name of a game (`interp list`).
        game: String,
        /// Set a game option.
        #[arg(long = "option")]
        options: Vec<String>,
        /// Also print the compiled programs of every piece.
        #[arg(long)]
        dump: bool,
    },
    /// List the legal actions at a node, one per line, sorted.
    Moves(Start),
    /// Count the leaves of the decision tree.
    Perft {
        /// Where to start.
        #[command(flatten)]
        start: Start,
        /// Depth in decisions, 0 to 64 (depth 0 counts the start alone).
        #[arg(long, value_parser = ranged::<usize>(0, MAX_PERFT_DEPTH))]
        depth: usize,
        /// Print the count below each action.
        #[arg(long)]
        divide: bool,
    },
    /// Print the position: diagram, position string, player to move, result.
    Show {
        /// Where to start.
        #[command(flatten)]
        start: Start,
        /// Draw the board from the other player's side (turned half a turn).
        #[arg(long)]
        flip: bool,
    },
    /// Play in the terminal.
    Play(PlayArgs),
    /// Draw the position as an SVG picture.
    Render {
        /// Where to start.
        #[command(flatten)]
        start: Start,
        /// Output file (never the game file; an existing file only with --force).
        #[arg(short = 'o', long = "output")]
        output: String,
        /// Replace the output file if it exists.
        #[arg(long)]
        force: bool,
        /// Draw the board from the other player's side (turned half a turn).
        #[arg(long)]
        flip: bool,
    },
    /// Play games between AI and/or random players and summarize the results.
    Selfplay(SelfplayArgs),
    /// Summarize the games of record files (`selfplay --records`, several shards' files
    /// together) as `selfplay` does.
    Stats {
        /// The record files.
        #[arg(required = true)]
        records: Vec<String>,
    },
    /// Run the test cases of games ([[case]] tables, NAME.tests.toml); exit 1 if one fails.
    Test {
        /// Game files (default: every game under games/).
        games: Vec<String>,
        /// Also run the cases marked slow (deep perft).
        #[arg(long)]
        slow: bool,
        /// Only the cases with this number, or whose title contains this text.
        #[arg(long = "case")]
        case: Option<String>,
        /// Also print every check that held.
        #[arg(long)]
        verbose: bool,
    },
    /// Compare two rule sets: explore positions under both and report where they differ.
    Diff(DiffArgs),
    /// Write each game's report of what its rules do into its snapshot (insta's format),
    /// or compare the two.
    Snapshot {
        /// Game files (default: every games/**/*.toml except *.tests.toml).
        games: Vec<String>,
        /// Compare only: print a unified diff of what changed; exit 1 when a snapshot
        /// differs or is missing.
        #[arg(long, conflicts_with = "accept")]
        check: bool,
        /// Take the new reports without showing their diffs (a stale .snap.new goes too).
        #[arg(long)]
        accept: bool,
        /// The snapshot directory (default: the `snapshots` directory of the nearest
        /// ancestor of the game file that has one, else ./snapshots).
        #[arg(long)]
        dir: Option<String>,
    },
    /// Print the rules of a game: its description, pieces and their moves, promotions,
    /// reserves, how it ends, its options.
    Rules {
        /// The game: a file, or the name of a game (`interp list`).
        game: String,
        /// Set a game option: NAME or NAME=VALUE (repeatable).
        #[arg(long = "option")]
        options: Vec<String>,
    },
    /// List the games that can be named instead of a file (`interp play NAME`).
    List,
    /// Serve a web page that plays the games (and any GAME given) on a local address;
    /// prints `interp serve: http://ADDR/` when it listens.
    Serve {
        /// More games to offer besides the shipped ones: files or names.
        games: Vec<String>,
        /// The port (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
    },
    /// Play as an engine over UCI on stdin/stdout (for GUIs, tournament managers, other
    /// engines): moves in UCI coordinates (`e2e4`, `e7e8q`, `P@e4`) or the game's notation.
    Uci(EngineArgs),
    /// Play as an engine over XBoard/CECP on stdin/stdout (XBoard, WinBoard, cutechess):
    /// `protover 2` features, the game's board and pieces described to XBoard 4.9.
    Xboard(EngineArgs),
    /// Explain a diagnostic code (e.g. E401), or list every code.
    Explain {
        /// The code; without it, every code with the first sentence of its explanation.
        code: Option<String>,
    },
}

impl Cmd {
    /// Every game argument of the command (each a file or a game's name), to be resolved
    /// before the command runs.
    pub fn games_mut(&mut self) -> Vec<&mut String> {
        match self {
            Cmd::Check { game, .. } | Cmd::Rules { game, .. } => vec![game],
            Cmd::Moves(s) | Cmd::Show { start: s, .. } | Cmd::Perft { start: s, .. } | Cmd::Render { start: s, .. } => {
                vec![&mut s.game]
            }
            Cmd::Play(a) => vec![&mut a.start.game],
            Cmd::Uci(a) | Cmd::Xboard(a) => vec![&mut a.game],
            Cmd::Selfplay(a) => vec![&mut a.start.game],
            Cmd::Test { games, .. } | Cmd::Snapshot { games, .. } | Cmd::Serve { games, .. } => {
                games.iter_mut().collect()
            }
            Cmd::Diff(a) => vec![&mut a.old, &mut a.new],
            Cmd::List | Cmd::Explain { .. } | Cmd::Stats { .. } => vec![],
        }
    }
}

/// The flags of `play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Where to start.
    #[command(flatten)]
    pub start: Start,
    /// Who plays white (the first player): human, ai or random.
    #[arg(long, default_value = "human")]
    pub white: String,
    /// Who plays black (the second player): human, ai or random.
    #[arg(long, default_value = "human")]
    pub black: String,
    /// Random seed for the AI.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// AI thinking time per move in milliseconds, 1 to 3600000 (an hour; default 1000, or
    /// none with --nodes).
    #[arg(long, value_parser = ranged::<u64>(1, MAX_THINK_MS))]
    pub think: Option<u64>,
    /// AI budget per move in searched nodes, 1 to 1000000000 (deterministic).
    #[arg(long, value_parser = ranged::<u64>(1, MAX_NODES))]
    pub nodes: Option<u64>,
    /// The AI's search: alphabeta (iterative-deepening alpha-beta) or mcts (Monte Carlo
    /// tree search); default: the game's `[ai] search`, else alphabeta.
    #[arg(long = "ai", value_name = "SEARCH", value_parser = search_kind)]
    pub ai: Option<crate::ir::SearchKind>,
    /// Keep the game's record in FILE: rewritten (atomically) at every action, kept when
    /// the game ends (with its result). Never the game file; an existing file only with
    /// --force or when it is the --load file.
    #[arg(long = "record", value_name = "FILE")]
    pub record: Option<String>,
    /// With --record, replace an existing file.
    #[arg(long, requires = "record")]
    pub force: bool,
    /// Keep the autosave record here: rewritten (atomically) after every action, removed
    /// when the game ends with a result. Without this flag the game autosaves only when
    /// input comes from a terminal, to GAME.autosave in the current directory (GAME being
    /// the game file's name without `.toml`).
    #[arg(long, conflicts_with = "no_autosave")]
    pub autosave: Option<String>,
    /// Do not autosave.
    #[arg(long)]
    pub no_autosave: bool,
    /// Resume the unfinished game of the autosave record without asking.
    #[arg(long, conflicts_with_all = ["no_resume", "load", "no_autosave", "moves", "fen"])]
    pub resume: bool,
    /// Start anew without asking, even if an unfinished game was autosaved (its record is
    /// replaced after the first action).
    #[arg(long)]
    pub no_resume: bool,
}

/// The flags of `uci` and `xboard`.
#[derive(clap::Args, Debug)]
pub struct EngineArgs {
    /// The game: a file, or the name of a game (`interp list`).
    pub game: String,
    /// Set a game option: NAME or NAME=VALUE (repeatable).
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// The name the client knows the game by (UCI_Variant, XBoard's `variant`); default:
    /// the game file's name without `.toml` (XBoard calls orthodox chess `normal`).
    #[arg(long)]
    pub variant: Option<String>,
    /// Random seed of the AI's tie-breaks.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The flags of `selfplay`.
#[derive(clap::Args, Debug)]
pub struct SelfplayArgs {
    /// Where every game starts.
    #[command(flatten)]
    pub start: Start,
    /// Number of games, 1 to 1000000.
    #[arg(long, default_value_t = 1, value_parser = ranged::<usize>(1, MAX_GAMES))]
    pub games: usize,
    /// Who plays white (the first player): ai, random, or the AI with a given search
    /// (alphabeta, mcts).
    #[arg(long, default_value = "ai")]
    pub white: String,
    /// Who plays black (the second player): ai, random, alphabeta or mcts.
    #[arg(long, default_value = "ai")]
    pub black: String,
    /// The search of the `ai` deciders: alphabeta or mcts (default: the game's `[ai]
    /// search`, else alphabeta).
    #[arg(long = "ai", value_name = "SEARCH", value_parser = search_kind)]
    pub ai: Option<crate::ir::SearchKind>,
    /// AI thinking time per move in milliseconds, 1 to 3600000 (an hour; default 100, or
    /// none with --nodes). Time-based, so a run is not reproducible: its games depend on
    /// the machine's speed and load (and on --jobs); use --nodes for reproducible runs.
    #[arg(long, value_parser = ranged::<u64>(1, MAX_THINK_MS))]
    pub think: Option<u64>,
    /// AI budget per move in searched nodes, 1 to 1000000000 (deterministic, unlike
    /// --think: a seed and a node budget give the same games on any machine, with any --jobs).
    #[arg(long, value_parser = ranged::<u64>(1, MAX_NODES))]
    pub nodes: Option<u64>,
    /// Random seed of the run (each game's seed comes from it and the game's number).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a game after this many plies (1 to 100000) and count it as a draw (the
    /// summary counts these capped games apart).
    #[arg(long, default_value_t = 300, value_parser = ranged::<usize>(1, MAX_PLIES))]
    pub max_plies: usize,
    /// Never end a game by agreement. By default, in a game that no rule of its own ends
    /// when nobody makes progress (no repetition draw, no move clock), searching AIs agree
    /// a draw once for 60 plies nothing was taken, entered or changed and every move could
    /// be taken back, and none has found itself ahead in its last 10 searches (or, after
    /// 100 such plies, none has found a forced win).
    #[arg(long)]
    pub no_agreed_draws: bool,
    /// Play every seed twice, the second time with the deciders swapped (--games N plays
    /// 2N games): decider A (--white) is white in odd-numbered games, B in even-numbered ones.
    #[arg(long)]
    pub pairs: bool,
    /// Games played at once, 1 to 256 (threads; with --nodes, the games do not depend on it).
    #[arg(long, default_value_t = 1, value_parser = ranged::<usize>(1, MAX_JOBS))]
    pub jobs: usize,
    /// Play only shard K of N (K/N, e.g. 2/8): seed i (from 0) goes to shard (i mod N) + 1,
    /// both games of a pair to the same shard; the N shards together play the whole run.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<crate::selfplay::Shard>,
    /// Write every game to this file as a game record, in game order, once the run is
    /// over (`interp stats` reads them back; `play --load FILE --load-game N` replays one).
    #[arg(long, value_name = "FILE")]
    pub records: Option<String>,
    /// Replace the --records file if it exists.
    #[arg(long, requires = "records")]
    pub force: bool,
    /// No progress report on stderr.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// The flags of `diff`.
#[derive(clap::Args, Debug)]
pub struct DiffArgs {
    /// The old game file.
    pub old: String,
    /// The new game file.
    pub new: String,
    /// Plies of the breadth-first sweep from the start, 0 to 64 (--positions bounds the work).
    #[arg(long, default_value_t = 3, value_parser = ranged::<usize>(0, MAX_PERFT_DEPTH))]
    pub depth: usize,
    /// Random playouts from the start, 0 to 1000000.
    #[arg(long, default_value_t = 20, value_parser = ranged::<usize>(0, MAX_GAMES))]
    pub games: usize,
    /// AI playouts from the start, 0 to 1000000 (the old game's AI, a small node budget per
    /// decision).
    #[arg(long, default_value_t = 2, value_parser = ranged::<usize>(0, MAX_GAMES))]
    pub ai_games: usize,
    /// Plies per playout at most, 1 to 100000.
    #[arg(long, default_value_t = 200, value_parser = ranged::<usize>(1, MAX_PLIES))]
    pub plies: usize,
    /// Seed of the playouts.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop exploring after this many seconds (more than 0, at most 86400: a day).
    #[arg(long, default_value = "30", value_parser = seconds)]
    pub time: Option<f64>,
    /// Compare at most this many positions, 1 to 100000000.
    #[arg(long, default_value_t = 50_000, value_parser = ranged::<usize>(1, 100_000_000))]
    pub positions: usize,
    /// Set a game option of both games: NAME or NAME=VALUE (repeatable).
    #[arg(long = "option")]
    pub options: Vec<String>,
}
