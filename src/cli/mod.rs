//! The command line (INTERFACE.md): check, moves, perft, show, play, render, selfplay.

use crate::ai::{Ai, Limits, describe_score, material};
use crate::engine::state::{MoveList, State};
use crate::engine::{Perft, Status};
use crate::ir::Game;
use crate::selfplay::Player;
use clap::{Parser, Subcommand};
use std::time::Instant;

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
    Play {
        /// Where to start.
        #[command(flatten)]
        start: Start,
        /// Who plays white (the first player): human, ai or random.
        #[arg(long, default_value = "human")]
        white: String,
        /// Who plays black (the second player): human, ai or random.
        #[arg(long, default_value = "human")]
        black: String,
        /// Random seed for the AI.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// AI thinking time per move in milliseconds (default 1000, or none with --nodes).
        #[arg(long)]
        think: Option<u64>,
        /// AI budget per move in searched nodes (deterministic).
        #[arg(long)]
        nodes: Option<u64>,
        /// Continue a game saved with `save FILE` (instead of --moves/--fen).
        #[arg(long)]
        load: Option<String>,
    },
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
    Selfplay {
        /// Where every game starts.
        #[command(flatten)]
        start: Start,
        /// Number of games.
        #[arg(long, default_value_t = 1)]
        games: usize,
        /// Who plays white (the first player): ai or random.
        #[arg(long, default_value = "ai")]
        white: String,
        /// Who plays black (the second player): ai or random.
        #[arg(long, default_value = "ai")]
        black: String,
        /// AI thinking time per move in milliseconds (default 100, or none with --nodes).
        #[arg(long)]
        think: Option<u64>,
        /// AI budget per move in searched nodes (deterministic, unlike --think).
        #[arg(long)]
        nodes: Option<u64>,
        /// Random seed of the run.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop a game after this many plies and count it as a draw.
        #[arg(long, default_value_t = 300)]
        max_plies: usize,
    },
}

/// Runs a command and returns the process exit status.
pub fn run(cli: Cli) -> i32 {
    match cli.cmd {
        Cmd::Check { game, options, dump } => match crate::open(&game, &options) {
            Ok(g) => {
                if dump {
                    for (t, ty) in g.types.iter().enumerate() {
                        for p in 0..g.np() {
                            for &pi in &g.moves_of[t * g.np() + p] {
                                println!("{} {}: {:?}", ty.letter, g.players[p], g.programs[pi as usize].ops);
                            }
                        }
                    }
                    println!("conditions: {:?}", g.conds);
                }
                println!(
                    "{}: ok ({} cells, {} piece types, {} programs)",
                    game,
                    g.board.len(),
                    g.types.len(),
                    g.programs.len()
                );
                0
            }
            Err(e) => {
                eprintln!("{e}");
                1
            }
        },
        Cmd::Moves(start) => with_start(&start, |g, st, _| {
            let list = g.actions(st);
            for a in g.notations(st, &list) {
                println!("{a}");
            }
            0
        }),
        Cmd::Perft { start, depth, divide } => with_start(&start, |g, st, _| {
            let t0 = Instant::now();
            let mut pf = Perft::new(g, st, depth.max(1));
            let total = if divide && depth > 0 {
                let list = pf.actions(st);
                let mut rows: Vec<(String, u64)> = vec![];
                let mut total = 0;
                for m in &list.moves {
                    let mut s = st.clone();
                    g.apply(&mut s, m, list.effects_of(m));
                    let n = pf.count(&s, depth - 1);
                    total += n;
                    rows.push((g.notation(st, m), n));
                }
                rows.sort();
                for (a, n) in rows {
                    println!("{a} {n}");
                }
                total
            } else {
                pf.count(st, depth)
            };
            let secs = t0.elapsed().as_secs_f64();
            eprintln!("time {:.3} s, {:.0} leaves/s", secs, total as f64 / secs.max(1e-9));
            println!("{total}");
            0
        }),
        Cmd::Show(start) => with_start(&start, |g, st, hist| {
            print!("{}", show(g, st, hist));
            0
        }),
        Cmd::Play { start, white, black, seed, think, nodes, load } => {
            let mut sides = [Side::Human; 2];
            for (i, (flag, who)) in [("white", &white), ("black", &black)].into_iter().enumerate() {
                sides[i] = match who.as_str() {
                    "human" => Side::Human,
                    "ai" => Side::Ai,
                    "random" => Side::Random,
                    _ => {
                        eprintln!("--{flag} {who}: expected human, ai or random");
                        return 2;
                    }
                };
            }
            let opts = PlayOpts {
                sides,
                seed,
                limits: limits(think, nodes, 1000),
                game_path: start.game.clone(),
                fen: start.fen.clone(),
            };
            match load {
                Some(file) => {
                    if !start.moves.trim().is_empty() || start.fen.is_some() {
                        eprintln!("--load replays a saved game; do not combine it with --moves or --fen");
                        return 2;
                    }
                    let g = match crate::open(&start.game, &start.options) {
                        Ok(g) => g,
                        Err(e) => {
                            eprintln!("{e}");
                            return 1;
                        }
                    };
                    match load_record(&g, &start.game, &file) {
                        Ok((st, hist, record, fen)) => play(&g, st, hist, record, PlayOpts { fen, ..opts }),
                        Err(e) => {
                            eprintln!("cannot load {file}: {e}");
                            2
                        }
                    }
                }
                None => {
                    let record: Vec<String> = start.moves.split_whitespace().map(String::from).collect();
                    with_start(&start, |g, st, hist| play(g, st.clone(), hist.to_vec(), record, opts))
                }
            }
        }
        Cmd::Render { start, output } => with_start(&start, |g, st, _| {
            let svg = crate::render::svg(g, st, None);
            match std::fs::write(&output, svg) {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("cannot write {output}: {e}");
                    1
                }
            }
        }),
        Cmd::Selfplay { start, games, white, black, think, nodes, seed, max_plies } => {
            let (Some(w), Some(b)) = (Player::parse(&white), Player::parse(&black)) else {
                eprintln!("--white and --black take `ai` or `random`");
                return 2;
            };
            let cfg = crate::selfplay::Config {
                games,
                white: w,
                black: b,
                limits: limits(think, nodes, 100),
                seed,
                max_plies,
                progress: true,
            };
            with_start(&start, |g, st, hist| {
                let records = crate::selfplay::run(g, st, hist, &cfg);
                print!("{}", crate::selfplay::summary(g, &cfg, &records));
                0
            })
        }
    }
}

/// The AI budget from `--think` and `--nodes`: a node budget alone is deterministic; without
/// either, `default_ms` of thinking.
fn limits(think: Option<u64>, nodes: Option<u64>, default_ms: u64) -> Limits {
    match (think, nodes) {
        (None, None) => Limits::time(default_ms),
        (t, n) => Limits { time_ms: t, nodes: n, depth: None },
    }
}

/// FNV-1a (64 bit) of a byte string: the game file's fingerprint in saved games.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The text of a saved game: `game PATH`, `hash HEX`, `moves …`, and `fen F` when the game
/// started from a position string.
pub fn save_text(game_path: &str, game_text: &[u8], moves: &[String], fen: Option<&str>) -> String {
    let mut s = format!("game {game_path}\nhash {:016x}\nmoves {}\n", fnv1a64(game_text), moves.join(" "));
    if let Some(f) = fen {
        s.push_str(&format!("fen {f}\n"));
    }
    s
}

/// A saved game's position: state, repetition history, the actions and the starting position string.
pub type Loaded = (State, Vec<u64>, Vec<String>, Option<String>);

/// Reads a saved game for `g` (loaded from `game_path`) and replays it.
pub fn load_record(g: &Game, game_path: &str, file: &str) -> Result<Loaded, String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let mut lines = text.lines();
    let mut field = |name: &str| -> Result<String, String> {
        let line = lines.next().ok_or(format!("truncated: the `{name}` line is missing"))?;
        match line.strip_prefix(name) {
            Some(rest) if rest.is_empty() || rest.starts_with(' ') => Ok(rest.trim().to_string()),
            _ => Err(format!("expected a `{name} …` line, found `{line}`")),
        }
    };
    let saved_path = field("game")?;
    let hash = field("hash")?;
    let moves = field("moves")?;
    let fen = match lines.next() {
        Some(l) if l.starts_with("fen ") => Some(l["fen ".len()..].trim().to_string()),
        Some(l) if !l.trim().is_empty() => return Err(format!("unexpected line `{l}`")),
        _ => None,
    };
    let saved = u64::from_str_radix(&hash, 16).map_err(|_| format!("bad hash `{hash}`"))?;
    let bytes = std::fs::read(game_path).map_err(|e| format!("{game_path}: {e}"))?;
    let actual = fnv1a64(&bytes);
    if saved != actual {
        return Err(format!(
            "it was saved for another version of the game file ({saved_path}, hash {saved:016x}); {game_path} has hash {actual:016x}"
        ));
    }
    let mut st = match &fen {
        Some(f) => g.parse_position(f).map_err(|e| format!("bad position string: {e}"))?,
        None => g.initial(),
    };
    let mut hist = vec![];
    let record: Vec<String> = moves.split_whitespace().map(String::from).collect();
    for (i, a) in record.iter().enumerate() {
        let list = g.actions(&st);
        let m = g
            .find_move(&st, &list, a)
            .ok_or(format!("illegal action `{a}` at index {i} (0-based) of the saved moves"))?;
        hist.push(g.position_key(&st));
        g.apply(&mut st, &m, list.effects_of(&m));
    }
    Ok((st, hist, record, fen))
}

fn with_start(start: &Start, f: impl FnOnce(&Game, &State, &[u64]) -> i32) -> i32 {
    let g = match crate::open(&start.game, &start.options) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let mut st = match &start.fen {
        Some(f) => match g.parse_position(f) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("bad position string: {e}");
                return 2;
            }
        },
        None => g.initial(),
    };
    let mut hist = vec![];
    for (i, a) in start.moves.split_whitespace().enumerate() {
        let list = g.actions(&st);
        match g.find_move(&st, &list, a) {
            Some(m) => {
                hist.push(g.position_key(&st));
                g.apply(&mut st, &m, list.effects_of(&m));
            }
            None => {
                eprintln!("illegal action `{a}` at index {i} (0-based) of --moves");
                return 2;
            }
        }
    }
    f(&g, &st, &hist)
}

/// A text diagram, the position string, whose turn it is, and the result if over.
pub fn show(g: &Game, st: &State, hist: &[u64]) -> String {
    show_styled(g, st, hist, Style::Plain)
}

/// [`show`] with the diagram drawn in `style`.
pub fn show_styled(g: &Game, st: &State, hist: &[u64], style: Style) -> String {
    let mut out = crate::cli::diagram(g, st, style);
    out.push_str(&format!("position: {}\n", g.position_string(st)));
    let mut l = MoveList::default();
    let mut scratch = st.clone();
    g.legal_moves(st, &mut l, &mut scratch);
    match g.status(st, &l, hist, true) {
        Status::Decision(p) => out.push_str(&format!("to move: {}\n", g.players[p as usize])),
        Status::Chance => out.push_str("to move: chance\n"),
        Status::Over(Some(w)) => out.push_str(&format!("result: {} wins\n", g.players[w as usize])),
        Status::Over(None) => out.push_str("result: draw\n"),
    }
    out
}

/// How a text diagram is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Plain text.
    Plain,
    /// ANSI escapes: cell backgrounds by colour class, pieces in bold white or black.
    Ansi,
}

impl Style {
    /// ANSI colour when stdout is a terminal, `NO_COLOR` is unset or empty (no-color.org)
    /// and `TERM` is not `dumb`; plain text otherwise.
    pub fn for_stdout() -> Style {
        use std::io::IsTerminal;
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        if std::io::stdout().is_terminal() && !no_color && !dumb { Style::Ansi } else { Style::Plain }
    }
}

/// Background colours (xterm 256-colour indices) of the colour classes, mid tones that
/// both white and black letters read on: ochre, tan, teal, then extras for larger boards.
const CELL_BG: [u8; 6] = [130, 137, 66, 96, 100, 61];
/// Letter colours (256-colour white and black, which "bold is bright" terminals keep).
const WHITE: u8 = 231;
const BLACK: u8 = 16;
/// Plain-text glyphs of empty cells by colour class, used when a board has 3 or more classes.
const CELL_GLYPH: [char; 6] = ['.', ':', '+', '*', '=', '~'];

/// A text diagram: rows top to bottom, each cell its piece letter, indented by the
/// cells' drawing positions so shapes (hourglass, triangle, star) show. In plain text an
/// empty cell is `.`, or on boards of 3 or more colour classes a glyph per class
/// (`.` `:` `+` …); with [`Style::Ansi`] every cell is painted in its class's colour.
pub fn diagram(g: &Game, st: &State, style: Style) -> String {
    let b = &g.board;
    let minx = b.cells.iter().map(|c| c.x).fold(f64::INFINITY, f64::min);
    let mut classes: Vec<i64> = b.cells.iter().map(|c| c.colour).collect();
    classes.sort();
    classes.dedup();
    let class = |c: usize| classes.binary_search(&b.cells[c].colour).unwrap_or(0);
    let mut out = String::new();
    for row in &b.rows {
        let label = b.cells[row[0] as usize].rank;
        let mut line = format!("{label:>3} ");
        let mut col = 0usize;
        for &c in row {
            let x = ((b.cells[c as usize].x - minx) * 2.0).round() as usize;
            while col < x {
                line.push(' ');
                col += 1;
            }
            let k = st.board[c as usize];
            let k_class = class(c as usize);
            // A zone with a display glyph shows it on its empty cells.
            let zone_glyph = g.display_zones.iter().find(|(z, _)| g.zone_sets[*z as usize][c as usize]).map(|z| z.1);
            // A stack: its smallest piece, marked `+` (the position string lists all).
            let mark = if st.stacks.iter().any(|&(x, _)| x == c) { '+' } else { ' ' };
            match style {
                Style::Plain => {
                    line.push(match k {
                        0 if zone_glyph.is_some() => zone_glyph.unwrap_or('.'),
                        0 if classes.len() >= 3 => CELL_GLYPH[k_class % CELL_GLYPH.len()],
                        0 => '.',
                        _ => g.kind_char(k),
                    });
                    line.push(mark);
                }
                Style::Ansi => {
                    let bg = CELL_BG[k_class % CELL_BG.len()];
                    let (fg, ch) = match k {
                        0 => (WHITE, zone_glyph.unwrap_or(' ')),
                        _ if g.kind_owner[k as usize] == 0 => (WHITE, g.kind_char(k)),
                        _ => (BLACK, g.kind_char(k)),
                    };
                    line.push_str(&format!("\x1b[1;38;5;{fg};48;5;{bg}m{ch}{mark}\x1b[0m"));
                }
            }
            col += 2;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Who decides for a side in `play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// A person typing at the terminal.
    Human,
    /// The searching AI.
    Ai,
    /// A uniformly random legal move.
    Random,
}

/// Settings of an interactive game.
#[derive(Debug, Clone)]
pub struct PlayOpts {
    /// Who plays the first side and the other(s).
    pub sides: [Side; 2],
    /// Seed of the AI and the random player.
    pub seed: u64,
    /// AI budget per decision (also for `hint`).
    pub limits: Limits,
    /// Path of the game file (for `save`).
    pub game_path: String,
    /// The starting position string, when not the setup (for `save`).
    pub fen: Option<String>,
}

const PLAY_HELP: &str = "commands: an action (e.g. e2-e4), moves, hint, undo, show, save FILE, resign, draw, quit";

/// An interactive game at the terminal: diagram, prompt, `moves`, `hint`, `undo`, `show`,
/// `save FILE`, `resign`, `draw`, `quit`; AI or random players move by themselves.
/// `record` holds the actions that led from the start to `st`.
pub fn play(g: &Game, mut st: State, mut hist: Vec<u64>, mut record: Vec<String>, opts: PlayOpts) -> i32 {
    use std::io::BufRead;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut undo: Vec<State> = vec![];
    let side_of = |st: &State| opts.sides[(st.to_move as usize).min(1)];
    let mut ais: Vec<Ai> = (0..g.np()).map(|p| Ai::new(g, opts.seed.wrapping_add(p as u64))).collect();
    let mut rng = crate::ai::Rng::new(opts.seed ^ 0x5eed);
    // While hidden choices are pending, the board is shown as it was before the first one.
    let mut public: Option<State> = None;
    let hidden_step = |st: &State| st.phase != 0 && g.steps[st.phase as usize - 1].hidden;
    loop {
        if public.is_some() && !hidden_step(&st) {
            println!(
                "hidden choices revealed: {}",
                record
                    .iter()
                    .rev()
                    .take_while(|a| a.contains(':'))
                    .cloned()
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            public = None;
        }
        let shown = match &public {
            Some(p) => {
                let mut d = p.clone();
                d.to_move = st.to_move;
                d.phase = st.phase;
                d
            }
            None => st.clone(),
        };
        print!("{}", show_styled(g, &shown, &hist, Style::for_stdout()));
        let list = g.actions(&st);
        if g.is_chance(&st) {
            // Chance acts on its own: roll and show the outcome.
            let m = crate::ai::sample_chance(g, &st, &list, &mut rng);
            let c = crate::ai::Choice::of(g, &st, &list, &m);
            println!("chance: {}", c.notation);
            undo.push(st.clone());
            hist.push(g.position_key(&st));
            c.apply(g, &mut st);
            record.push(c.notation);
            continue;
        }
        if hidden_step(&st) && public.is_none() {
            public = Some(st.clone());
        }
        let mut l2 = MoveList::default();
        let mut scratch = st.clone();
        g.legal_moves(&st, &mut l2, &mut scratch);
        if let Status::Over(_) = g.status(&st, &l2, &hist, true) {
            return 0;
        }
        let me = st.to_move as usize;
        let side = side_of(&st);
        if side != Side::Human {
            let choice = match side {
                Side::Ai => ais[me].choose(&st, &hist, opts.limits),
                _ => crate::ai::random_move(g, &st, &hist, &mut rng),
            };
            let Some(c) = choice else {
                println!("{} has no move", g.players[me]);
                return 0;
            };
            let who = if side == Side::Ai { "ai" } else { "random" };
            if hidden_step(&st) {
                println!("{} ({who}) has chosen (hidden until the choices are all made)", g.players[me]);
            } else {
                println!("{} ({who}) plays {}", g.players[me], c.notation);
            }
            undo.push(st.clone());
            hist.push(g.position_key(&st));
            c.apply(g, &mut st);
            record.push(c.notation);
            continue;
        }
        println!(
            "{} to move (an action like {}, or: moves, hint, undo, show, save FILE, resign, draw, quit)",
            g.players[me],
            g.notations(&st, &list).first().cloned().unwrap_or_default()
        );
        let Some(Ok(line)) = lines.next() else {
            println!("end of input: game left unfinished");
            return 0;
        };
        let input = line.trim();
        let (cmd, arg) = match input.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (input, ""),
        };
        match cmd {
            "" => continue,
            "quit" | "exit" => return 0,
            "help" => println!("{PLAY_HELP}"),
            "moves" | "?" => println!("{}", g.notations(&st, &list).join(" ")),
            "show" => {}
            "hint" => {
                let mut ai = Ai::new(g, opts.seed ^ 0x417);
                match ai.choose(&st, &hist, opts.limits) {
                    Some(c) => println!(
                        "hint: {} (score {}, depth {}, {} nodes)",
                        c.notation,
                        describe_score(c.score),
                        c.depth,
                        c.nodes
                    ),
                    None => println!("hint: no legal action"),
                }
            }
            "save" => {
                if arg.is_empty() {
                    println!("usage: save FILE");
                    continue;
                }
                let text = std::fs::read(&opts.game_path)
                    .map(|bytes| save_text(&opts.game_path, &bytes, &record, opts.fen.as_deref()))
                    .and_then(|t| std::fs::write(arg, t));
                match text {
                    Ok(()) => println!("saved {} actions to {arg}", record.len()),
                    Err(e) => println!("cannot save to {arg}: {e}"),
                }
            }
            "undo" => {
                // Take back the last action, and the machine's replies before it, so that a
                // person is to move again (when one plays).
                let anyone = opts.sides.contains(&Side::Human);
                let mut undone = 0;
                while let Some(s) = undo.pop() {
                    st = s;
                    hist.pop();
                    record.pop();
                    undone += 1;
                    if !anyone || side_of(&st) == Side::Human {
                        break;
                    }
                }
                if undone == 0 {
                    println!("nothing to undo");
                }
            }
            "resign" => {
                let w = (me + 1) % g.np();
                println!("{} resigns; {} wins", g.players[me], g.players[w]);
                return 0;
            }
            "draw" => {
                let other = (me + 1) % g.np();
                if opts.sides[other.min(1)] == Side::Human {
                    println!("{} offers a draw; accept? (yes/no)", g.players[me]);
                    if let Some(Ok(ans)) = lines.next()
                        && ans.trim().starts_with('y')
                    {
                        println!("draw agreed");
                        return 0;
                    }
                    println!("draw declined");
                } else if material(g, &st, other as u8) <= 0 {
                    println!("{} accepts the draw", g.players[other]);
                    return 0;
                } else {
                    println!("{} declines the draw", g.players[other]);
                }
            }
            _ => match g.find_move(&st, &list, input) {
                Some(m) => {
                    undo.push(st.clone());
                    hist.push(g.position_key(&st));
                    g.apply(&mut st, &m, list.effects_of(&m));
                    record.push(input.to_string());
                }
                None => {
                    let a = input;
                    let all = g.notations(&st, &list);
                    let near: Vec<&String> =
                        all.iter().filter(|x| x.split('-').next() == a.split('-').next()).collect();
                    if near.is_empty() {
                        println!("illegal action `{a}`; type `moves` for the list");
                    } else {
                        println!(
                            "illegal action `{a}`; from that cell: {}",
                            near.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
                        );
                    }
                }
            },
        }
    }
}
