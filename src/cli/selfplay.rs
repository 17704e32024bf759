//! `selfplay`: machine games from a position, their summary and (with `--records`) their
//! game records; `stats`: the same summary from record files.

use super::args::SelfplayArgs;
use super::run::limits;
use super::start::with_start;
use crate::engine::State;
use crate::ir::Game;
use crate::record::{GameRecord, Header, may_write, read_records, records_text, write_atomic};
use crate::selfplay::{Config, Finished, Player, game_record, merge, run, summary};
use std::path::Path;

/// `selfplay`: plays the run (or its shard), writes its records if asked and prints the
/// summary; a pattern overrun stops the run with exit status 2 (the records of the games
/// before it are written all the same).
pub(super) fn selfplay(a: &SelfplayArgs) -> i32 {
    let (Some(first), Some(others)) = (Player::parse(&a.white), Player::parse(&a.black)) else {
        eprintln!("--white and --black take `ai`, `random`, `alphabeta` or `mcts`");
        return 2;
    };
    let (first, others) = (first.with_search(a.ai), others.with_search(a.ai));
    if let Some(file) = &a.records
        && let Err(e) = may_write(Path::new(file), Path::new(&a.start.game), a.force)
    {
        eprintln!("cannot write the records: {e}");
        return 1;
    }
    with_start(&a.start, |g, st, hist| {
        if a.pairs && g.np() != 2 {
            eprintln!("--pairs swaps the two players' deciders; {} has {} players", a.start.game, g.np());
            return 2;
        }
        let cfg = Config {
            games: a.games,
            deciders: [first, others],
            limits: limits(a.think, a.nodes, 100),
            seed: a.seed,
            max_plies: a.max_plies,
            agree: !a.no_agreed_draws,
            progress: !a.quiet,
            pairs: a.pairs,
            jobs: a.jobs,
            shard: a.shard,
        };
        // Stamped with the time the run began.
        let header = match a.records.as_ref().map(|_| header(g, a, st)).transpose() {
            Ok(h) => h,
            Err(code) => return code,
        };
        let games = run(g, st, hist, &cfg);
        let overrun = games.last().and_then(|f| f.played.overrun.as_ref().map(|e| (f.slot.index + 1, e)));
        if let (Some(file), Some(header)) = (&a.records, &header) {
            let done = &games[..games.len() - usize::from(overrun.is_some())];
            if let Err(code) = write_records(g, &cfg, header, done, file) {
                return code;
            }
        }
        if let Some((game, e)) = overrun {
            eprintln!("error: selfplay stopped in game {game}: {e}");
            return 2;
        }
        let outcomes: Vec<_> = games.iter().map(|f: &Finished| f.outcome(g)).collect();
        print!("{}", summary(&cfg.info(g), &outcomes));
        0
    })
}

/// The records' common header: the game file and its fingerprint, the options, the start
/// (a position string when the run does not start from the setup), the time now.
fn header(g: &Game, a: &SelfplayArgs, st: &State) -> Result<Header, i32> {
    let bytes = crate::files::read_bytes(Path::new(&a.start.game)).map_err(|e| {
        eprintln!("{e}");
        1
    })?;
    let mut header = Header::new(&a.start.game, &bytes, &a.start.options, vec![]);
    let moved = a.start.fen.is_some() || !a.start.moves.trim().is_empty() || a.start.load.is_some();
    header.start = moved.then(|| g.position_string(st));
    Ok(header)
}

/// Writes the records of `games` (in game order) to `file`, atomically.
fn write_records(g: &Game, cfg: &Config, header: &Header, games: &[Finished], file: &str) -> Result<(), i32> {
    let mut records: Vec<GameRecord> = vec![];
    for f in games {
        match game_record(g, cfg, header, f) {
            Ok(r) => records.push(r),
            Err(e) => {
                eprintln!("cannot make the record of game {}: {e}", f.slot.index + 1);
                return Err(1);
            }
        }
    }
    write_atomic(Path::new(file), records_text(&records).as_bytes()).map_err(|e| {
        eprintln!("cannot write the records: {e}");
        1
    })
}

/// `stats`: the summary of the games in record files (the shards of one run, in any
/// order); a file that does not read, or a record from another run, exits 2.
pub(super) fn stats(files: &[String]) -> i32 {
    let (mut run, mut games) = (None, vec![]);
    for file in files {
        let records = match read_records(Path::new(file)) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("cannot read {file}: {e}");
                return 2;
            }
        };
        for (i, rec) in records.iter().enumerate() {
            if let Err(e) = merge(&mut run, &mut games, rec) {
                eprintln!("{file}, game {}: {e}", i + 1);
                return 2;
            }
        }
    }
    match run {
        Some(info) => {
            print!("{}", summary(&info, &games));
            0
        }
        None => {
            eprintln!("no games in {}", files.join(", "));
            2
        }
    }
}
