//! The command line's words and flags (clap definitions).

use clap::{Parser, Subcommand};

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
    /// Path of the game file.
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
}

/// Subcommands.
#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// Validate a game file; report every problem with file, line and column.
    Check {
        /// Path of the game file.
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
        /// Depth in decisions.
        #[arg(long)]
        depth: usize,
        /// Print the count below each action.
        #[arg(long)]
        divide: bool,
    },
    /// Print the position: diagram, position string, player to move, result.
    Show(Start),
    /// Play in the terminal.
    Play(PlayArgs),
    /// Draw the position as an SVG picture.
    Render {
        /// Where to start.
        #[command(flatten)]
        start: Start,
        /// Output file.
        #[arg(short = 'o', long = "output")]
        output: String,
    },
    /// Play games between AI and/or random players and summarize the results.
    Selfplay(SelfplayArgs),
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
    /// Explain a diagnostic code (e.g. E401), or list every code.
    Explain {
        /// The code; without it, every code with the first sentence of its explanation.
        code: Option<String>,
    },
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
    /// AI thinking time per move in milliseconds (default 1000, or none with --nodes).
    #[arg(long)]
    pub think: Option<u64>,
    /// AI budget per move in searched nodes (deterministic).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Continue a game saved with `save FILE` (instead of --moves/--fen).
    #[arg(long)]
    pub load: Option<String>,
}

/// The flags of `selfplay`.
#[derive(clap::Args, Debug)]
pub struct SelfplayArgs {
    /// Where every game starts.
    #[command(flatten)]
    pub start: Start,
    /// Number of games.
    #[arg(long, default_value_t = 1)]
    pub games: usize,
    /// Who plays white (the first player): ai or random.
    #[arg(long, default_value = "ai")]
    pub white: String,
    /// Who plays black (the second player): ai or random.
    #[arg(long, default_value = "ai")]
    pub black: String,
    /// AI thinking time per move in milliseconds (default 100, or none with --nodes).
    #[arg(long)]
    pub think: Option<u64>,
    /// AI budget per move in searched nodes (deterministic, unlike --think).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Random seed of the run.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop a game after this many plies and count it as a draw.
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
}

/// The flags of `diff`.
#[derive(clap::Args, Debug)]
pub struct DiffArgs {
    /// The old game file.
    pub old: String,
    /// The new game file.
    pub new: String,
    /// Plies of the breadth-first sweep from the start.
    #[arg(long, default_value_t = 3)]
    pub depth: usize,
    /// Random playouts from the start.
    #[arg(long, default_value_t = 20)]
    pub games: usize,
    /// AI playouts from the start (the old game's AI, a small node budget per decision).
    #[arg(long, default_value_t = 2)]
    pub ai_games: usize,
    /// Plies per playout at most.
    #[arg(long, default_value_t = 200)]
    pub plies: usize,
    /// Seed of the playouts.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Stop exploring after this many seconds.
    #[arg(long, default_value = "30")]
    pub time: Option<f64>,
    /// Compare at most this many positions.
    #[arg(long, default_value_t = 50_000)]
    pub positions: usize,
    /// Set a game option of both games: NAME or NAME=VALUE (repeatable).
    #[arg(long = "option")]
    pub options: Vec<String>,
}
