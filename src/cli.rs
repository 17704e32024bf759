//! The command line (INTERFACE.md): check, moves, perft, show, play.

use crate::engine::{Perft, Status};
use crate::game::Game;
use crate::state::{MoveList, State};
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
        /// Who plays white (the first player): human or ai.
        #[arg(long, default_value = "human")]
        white: String,
        /// Who plays black (the second player): human or ai.
        #[arg(long, default_value = "human")]
        black: String,
        /// Random seed for the AI.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// AI thinking time per move in milliseconds.
        #[arg(long, default_value_t = 1000)]
        think: u64,
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
            let list = actions(g, st);
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
        Cmd::Play { start, white, black, seed: _, think: _ } => {
            for (side, who) in [("white", &white), ("black", &black)] {
                if who != "human" {
                    eprintln!("--{side} {who}: only `human` players are available in this version");
                    return 2;
                }
            }
            with_start(&start, |g, st, hist| crate::cli::play(g, st.clone(), hist.to_vec()))
        }
    }
}

/// Legal actions at a node (none when the game is over).
pub fn actions(g: &Game, st: &State) -> MoveList {
    let mut l = MoveList::default();
    let mut scratch = st.clone();
    g.legal_moves(st, &mut l, &mut scratch);
    if let Status::Over(_) = g.status(st, &l, &[], false) {
        l.clear();
    }
    l
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
        let list = actions(&g, &st);
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
    let mut out = crate::cli::diagram(g, st);
    out.push_str(&format!("position: {}\n", g.position_string(st)));
    let mut l = MoveList::default();
    let mut scratch = st.clone();
    g.legal_moves(st, &mut l, &mut scratch);
    match g.status(st, &l, hist, true) {
        Status::Decision(p) => out.push_str(&format!("to move: {}\n", g.players[p as usize])),
        Status::Over(Some(w)) => out.push_str(&format!("result: {} wins\n", g.players[w as usize])),
        Status::Over(None) => out.push_str("result: draw\n"),
    }
    out
}

/// A plain text diagram: rows top to bottom, each cell its piece letter or `.`,
/// indented by the cells' drawing positions so shapes (hourglass, triangle, star) show.
pub fn diagram(g: &Game, st: &State) -> String {
    let b = &g.board;
    let minx = b.cells.iter().map(|c| c.x).fold(f64::INFINITY, f64::min);
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
            line.push(if k == 0 { '.' } else { g.kind_char(k) });
            line.push(' ');
            col += 2;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Two people at one terminal: diagram, prompt, `moves`, `undo`, `resign`, `draw`, `quit`.
pub fn play(g: &Game, mut st: State, mut hist: Vec<u64>) -> i32 {
    use std::io::BufRead;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut undo: Vec<State> = vec![];
    loop {
        print!("{}", show(g, &st, &hist));
        let list = actions(g, &st);
        let mut l2 = MoveList::default();
        let mut scratch = st.clone();
        g.legal_moves(&st, &mut l2, &mut scratch);
        if let Status::Over(_) = g.status(&st, &l2, &hist, true) {
            return 0;
        }
        println!("{} to move (an action like {}, or: moves, undo, resign, draw, quit)", g.players[st.to_move as usize], g.notations(&st, &list).first().cloned().unwrap_or_default());
        let Some(Ok(line)) = lines.next() else {
            println!("end of input: game left unfinished");
            return 0;
        };
        let input = line.trim();
        match input {
            "" => continue,
            "quit" | "exit" => return 0,
            "moves" | "help" | "?" => println!("{}", g.notations(&st, &list).join(" ")),
            "undo" => match undo.pop() {
                Some(s) => {
                    st = s;
                    hist.pop();
                }
                None => println!("nothing to undo"),
            },
            "resign" => {
                let w = (st.to_move as usize + 1) % g.np();
                println!("{} resigns; {} wins", g.players[st.to_move as usize], g.players[w]);
                return 0;
            }
            "draw" => {
                println!("{} offers a draw; accept? (yes/no)", g.players[st.to_move as usize]);
                if let Some(Ok(ans)) = lines.next()
                    && ans.trim().starts_with('y')
                {
                    println!("draw agreed");
                    return 0;
                }
                println!("draw declined");
            }
            a => match g.find_move(&st, &list, a) {
                Some(m) => {
                    undo.push(st.clone());
                    hist.push(g.position_key(&st));
                    g.apply(&mut st, &m, list.effects_of(&m));
                }
                None => {
                    let all = g.notations(&st, &list);
                    let near: Vec<&String> = all.iter().filter(|x| x.split('-').next() == a.split('-').next()).collect();
                    if near.is_empty() {
                        println!("illegal action `{a}`; type `moves` for the list");
                    } else {
                        println!("illegal action `{a}`; from that cell: {}", near.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "));
                    }
                }
            },
        }
    }
}
