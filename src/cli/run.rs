//! Runs a parsed command line: one function per command.

use super::args::{Cli, Cmd, EngineArgs, PlayArgs, Start};
use super::diff::diff;
use super::explain::explain;
use super::play::{Lines, PlayOpts, Side, play as play_session};
use super::start::{open, open_loaded, reach, with_start};
use crate::ai::Limits;
use crate::engine::{Perft, PerftError, State};
use crate::ir::Game;
use crate::record::{GameRecord, Header, Replay, may_write, replay_actions, write_atomic};
use crate::render::{Style, View, show_view};
use std::time::Instant;

/// Runs a command and returns the process exit status; `serve` runs the web server.
pub fn run(mut cli: Cli) -> i32 {
    if let Err(code) = super::games::resolve_all(&mut cli.cmd) {
        return code;
    }
    match cli.cmd {
        Cmd::Check { game, options, dump } => check(&game, &options, dump),
        Cmd::Moves(start) => moves(&start),
        Cmd::Perft { start, depth, divide } => perft(&start, depth, divide),
        Cmd::Show { start, flip } => show(&start, flip),
        Cmd::Play(args) => play(&args),
        Cmd::Render { start, output, force, flip } => render(&start, &output, force, flip),
        Cmd::Selfplay(args) => super::selfplay::selfplay(&args),
        Cmd::Stats { records } => super::selfplay::stats(&records),
        Cmd::Test { games, slow, case, verbose } => super::test::test(&games, slow, case, verbose),
        Cmd::Diff(args) => diff(&args),
        Cmd::Snapshot { games, check, accept, dir } => super::snapshot::snapshot(&games, check, accept, dir.as_deref()),
        Cmd::Rules { game, options } => super::rules::rules(&game, &options),
        Cmd::List => super::games::list(),
        Cmd::Explain { code } => explain(code.as_deref()),
        Cmd::Serve { games, port, host } => crate::serve::serve(&games, &host, port),
        Cmd::Uci(args) => engine(&args, false),
        Cmd::Xboard(args) => engine(&args, true),
    }
}

/// `uci` and `xboard`: a protocol session on stdin and stdout.
fn engine(args: &EngineArgs, xboard: bool) -> i32 {
    let g = match open(&args.game, &args.options) {
        Ok(g) => g,
        Err(code) => return code,
    };
    let stem = std::path::Path::new(&args.game).file_stem().map(|s| s.to_string_lossy().to_lowercase());
    let variant = args.variant.clone().or(stem).unwrap_or_default();
    let lines = Lines(std::io::stdin().lock()).map(|l| match l {
        super::play::Line::Text(t) => Some(t),
        super::play::Line::NotText => None,
    });
    let out = crate::protocol::Out::new(Box::new(std::io::stdout()));
    if xboard {
        let setup = crate::protocol::xboard::XboardSetup { variant, seed: args.seed };
        crate::protocol::xboard::xboard(&g, &setup, lines, out)
    } else {
        let setup = crate::protocol::uci::UciSetup { variant, seed: args.seed };
        crate::protocol::uci::uci(&g, &setup, lines, out)
    }
}

/// The AI budget from `--think` and `--nodes`: a node budget alone is deterministic; without
/// either, `default_ms` of thinking.
pub(super) fn limits(think: Option<u64>, nodes: Option<u64>, default_ms: u64) -> Limits {
    match (think, nodes) {
        (None, None) => Limits::time(default_ms),
        (t, n) => Limits { time_ms: t, nodes: n, depth: None },
    }
}

/// One entry per player from the `--white` and `--black` flags: `first` for the player who
/// moves first, `others` for every later player.
fn per_player<T: Copy>(np: usize, first: T, others: T) -> Vec<T> {
    (0..np).map(|p| if p == 0 { first } else { others }).collect()
}

/// `check`: loads the game and says how big it is (with `--dump`, its compiled programs).
fn check(game: &str, options: &[String], dump: bool) -> i32 {
    let g = match open(game, options) {
        Ok(g) => g,
        Err(code) => return code,
    };
    if dump {
        for (t, ty) in g.types.iter().enumerate() {
            for p in 0..g.np() {
                for &pi in &g.moves_of[t * g.np() + p] {
                    println!("{} {}: {:?}", ty.letter, g.players[p], g.program(pi).ops);
                }
            }
        }
        println!("conditions: {:?}", g.conds);
    }
    println!("{}: ok ({} cells, {} piece types, {} programs)", game, g.board.len(), g.types.len(), g.programs.len());
    0
}

/// `moves`: the legal actions, one per line, sorted.
fn moves(start: &Start) -> i32 {
    with_start(start, |g, st, _| match g.checked_actions(st) {
        Ok(list) => {
            for a in g.notations(st, &list) {
                println!("{a}");
            }
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
    })
}

/// `perft`: the leaf count (with `--divide`, below each action first); timing on stderr.
/// A pattern run over its budget gives no count: the error, exit status 2.
fn perft(start: &Start, depth: usize, divide: bool) -> i32 {
    with_start(start, |g, st, _| {
        let t0 = Instant::now();
        let total = match perft_total(g, st, depth, divide) {
            Ok(total) => total,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        };
        let secs = t0.elapsed().as_secs_f64();
        eprintln!("time {:.3} s, {:.0} leaves/s", secs, total as f64 / secs.max(1e-9));
        println!("{total}");
        0
    })
}

/// The perft count of `perft`, printing the rows of `--divide` once they are all known.
fn perft_total(g: &Game, st: &State, depth: usize, divide: bool) -> Result<u64, PerftError> {
    let mut pf = Perft::new(g, st, depth.max(1));
    if !(divide && depth > 0) {
        return pf.try_count(st, depth);
    }
    let list = g.checked_actions(st)?;
    let mut rows: Vec<(String, u64)> = vec![];
    for m in &list.moves {
        let mut s = st.clone();
        g.apply(&mut s, m, list.effects_of(m));
        rows.push((g.notation_in(st, &list, m), pf.try_count(&s, depth - 1)?));
    }
    rows.sort();
    for (a, n) in &rows {
        println!("{a} {n}");
    }
    Ok(rows.iter().map(|r| r.1).sum())
}

/// The cells of the last action of `--moves` (or of the `--load` record) that marks cells (see [`View::cells_of`]).
fn last_move(g: &Game, start: &Start) -> Vec<crate::board::Cell> {
    let (fen, actions) = match &start.load {
        // (The record was read and replayed already: a failure here marks nothing.)
        Some(file) => match crate::record::read_record(std::path::Path::new(file), start.load_game) {
            Ok(rec) => (rec.start().map(String::from), rec.actions()),
            Err(_) => return vec![],
        },
        None => (start.fen.clone(), start.moves.split_whitespace().map(String::from).collect()),
    };
    let from = fen.as_ref().map_or_else(|| Ok(g.initial()), |f| g.parse_position(f));
    from.map(|s| View::after_line(g, &s, actions.iter().map(String::as_str)).last).unwrap_or_default()
}

/// `show`: the diagram (flipped with `--flip`, the last action of `--moves` marked),
/// position string and whose turn it is.
fn show(start: &Start, flip: bool) -> i32 {
    with_start(start, |g, st, hist| {
        if let Err(e) = g.checked_node(st, hist, true) {
            eprintln!("error: {e}");
            return 2;
        }
        print!("{}", show_view(g, st, hist, &View { flip, last: last_move(g, start) }, Style::Plain));
        0
    })
}

/// Reads a `--white`/`--black` flag of `play`; a bad value exits 2.
fn side_flag(flag: &str, who: &str) -> Result<Side, i32> {
    Side::parse(who).ok_or_else(|| {
        eprintln!("--{flag} {who}: expected human, ai or random");
        2
    })
}

/// `play`: an interactive game from the start, `--fen`/`--moves`, a game record
/// (`--load`), or the unfinished game of the autosave record.
fn play(a: &PlayArgs) -> i32 {
    let (first, others) = match side_flag("white", &a.white).and_then(|w| Ok((w, side_flag("black", &a.black)?))) {
        Ok(sides) => sides,
        Err(code) => return code,
    };
    let (mut g, loaded) = match &a.start.load {
        Some(_) => match open_loaded(&a.start) {
            Ok((g, rec, r)) => (g, Some((rec, r))),
            Err(code) => return code,
        },
        None => match open(&a.start.game, &a.start.options) {
            Ok(g) => (g, None),
            Err(code) => return code,
        },
    };
    if let Some(kind) = a.ai {
        g.ai.search = kind;
    }
    let game_bytes = match crate::files::read_bytes(std::path::Path::new(&a.start.game)) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let stdin = std::io::stdin();
    let mut lines = Lines(stdin.lock());
    let (autosave, record_file) = match super::autosave::path(a).and_then(|p| Ok((p, record_path(a)?))) {
        Ok(paths) => paths,
        Err(code) => return code,
    };
    let resumed = match &autosave {
        Some(p) => match super::autosave::offer(&g, a, p, &mut lines) {
            Ok(r) => r,
            Err(code) => return code,
        },
        None => None,
    };
    let (rec, r) = match resumed.or(loaded).map(|(rec, r)| (Some(rec), r)).map_or_else(|| play_start(&g, a), Ok) {
        Ok(start) => start,
        Err(code) => return code,
    };
    let limits = limits(a.think, a.nodes, 1000);
    let sides = per_player(g.np(), first, others);
    let header = play_header(a, &game_bytes, rec.as_ref(), &sides, &limits, r.start.clone());
    let opts = PlayOpts { sides, seed: a.seed, limits, game_path: a.start.game.clone(), header, autosave, record_file };
    play_session(&g, r.state, r.history, r.actions, opts, lines)
}

/// Where `play` starts without a record: the position of `--fen` and `--moves`.
fn play_start(g: &Game, a: &PlayArgs) -> Result<(Option<GameRecord>, Replay), i32> {
    let actions: Vec<String> = a.start.moves.split_whitespace().map(String::from).collect();
    reach(g, &a.start)?;
    // (Reached, so it replays.)
    replay_actions(g, a.start.fen.as_deref(), &actions, false).map(|r| (None, r)).map_err(|e| {
        eprintln!("error: {e}");
        2
    })
}

/// The `--record` file of `play`: never the game file; an existing file only with
/// `--force` or when it is the `--load` file (it then goes on). A refusal exits 2.
fn record_path(a: &PlayArgs) -> Result<Option<std::path::PathBuf>, i32> {
    let Some(file) = &a.record else { return Ok(None) };
    let target = std::path::Path::new(file);
    let same =
        |l: &String| std::fs::canonicalize(l).ok().is_some_and(|l| std::fs::canonicalize(target).ok() == Some(l));
    let force = a.force || a.start.load.as_ref().is_some_and(same);
    match may_write(target, std::path::Path::new(&a.start.game), force) {
        Ok(()) => Ok(Some(target.to_path_buf())),
        Err(e) => {
            eprintln!("--record {e}");
            Err(2)
        }
    }
}

/// How a record names who plays a side: `human`, `random`, `ai (1000 ms)`, `ai (300 nodes)`.
fn side_name(side: Side, l: &Limits) -> String {
    match side {
        Side::Human => "human".to_string(),
        Side::Random => "random".to_string(),
        Side::Ai => match (l.time_ms, l.nodes) {
            (_, Some(n)) => format!("ai ({n} nodes)"),
            (Some(t), None) => format!("ai ({t} ms)"),
            (None, None) => "ai".to_string(),
        },
    }
}

/// The record header of a `play` game: the game file, options, players and, for a game
/// that goes on from a record, the date and time it began there.
fn play_header(
    a: &PlayArgs,
    game_bytes: &[u8],
    from: Option<&GameRecord>,
    sides: &[Side],
    l: &Limits,
    start: Option<String>,
) -> Header {
    let options = match from {
        Some(rec) if a.start.options.is_empty() => rec.options(),
        _ => a.start.options.clone(),
    };
    let players = sides.iter().map(|s| side_name(*s, l)).collect();
    let mut h = Header::new(&a.start.game, game_bytes, &options, players);
    h.start = start;
    if let Some(rec) = from
        && let (Some(d), Some(t)) = (rec.tag("Date"), rec.tag("Time"))
    {
        (h.date, h.time) = (d.to_string(), t.to_string());
    }
    h
}

/// `render`: the SVG picture of the position (turned with `--flip`, the last action of
/// `--moves` outlined), written atomically to `output` (never over the game file; over an
/// existing file only with `--force`).
fn render(start: &Start, output: &str, force: bool, flip: bool) -> i32 {
    with_start(start, |g, st, _| {
        let target = std::path::Path::new(output);
        let svg = crate::render::svg_view(g, st, None, &View { flip, last: last_move(g, start) });
        match may_write(target, std::path::Path::new(&start.game), force)
            .and_then(|()| write_atomic(target, svg.as_bytes()))
        {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("cannot write: {e}");
                1
            }
        }
    })
}
