//! UCI, the Universal Chess Interface, for any game: `uci`, `isready`, `setoption`,
//! `ucinewgame`, `position startpos|fen … moves …`, `go` (clock, `movetime`, `depth`,
//! `nodes`, `infinite`, `perft N`), `stop`, `quit`. The search runs on a thread, so `stop`
//! and `isready` are answered while it thinks; it reports an `info` line per completed
//! iteration and ends with `bestmove`.

use crate::ai::{Ai, Clock, Info, Limits, limits_for};
use crate::ir::Game;
use crate::protocol::coords::{Coords, Dialect};
use crate::protocol::options::{DEFAULT_HASH_MB, HASH_MB, MAX_SKILL, search_name};
use crate::protocol::position::Position;
use crate::protocol::think::{Engine, Flags, Out, Settle};
use crate::protocol::{EngineOptions, ProtocolError, bad, divide, uci_score};
use std::thread::Scope;

/// How a UCI session is set up from the command line.
#[derive(Debug, Clone)]
pub struct UciSetup {
    /// The name the game goes by in `UCI_Variant` (the game file's name by default).
    pub variant: String,
    /// Seed of the AI's tie-breaks.
    pub seed: u64,
}

/// A `go` command: the search's limits, or a perft.
#[derive(Debug, Clone)]
enum Go {
    /// Search within `limits`; `infinite`: answer only after `stop`.
    Search { limits: Limits, infinite: bool },
    /// Count the leaves `depth` plies deep, below each action.
    Perft(usize),
}

/// Runs a UCI session on `lines` (None: a line that is not UTF-8 text) until `quit` or
/// their end; the exit status.
pub fn uci(g: &Game, setup: &UciSetup, lines: impl Iterator<Item = Option<String>>, out: Out) -> i32 {
    std::thread::scope(|scope| {
        let mut s = Session::new(g, setup, out);
        for line in lines {
            let Some(text) = line else {
                s.out.line("info string error: a line that is not UTF-8 text");
                continue;
            };
            if !s.command(scope, text.trim()) {
                break;
            }
        }
        s.engine.settle(Settle::Stop);
        0
    })
}

/// A UCI session: the game, the position the client set, the AI.
struct Session<'s, 'a> {
    g: &'a Game,
    setup: &'a UciSetup,
    coords: Coords,
    pos: Position,
    options: EngineOptions,
    engine: Engine<'s, 'a, ()>,
    /// Whether the search running (if any) waits for `stop`.
    infinite: bool,
    out: Out,
}

impl<'s, 'a: 's> Session<'s, 'a> {
    fn new(g: &'a Game, setup: &'a UciSetup, out: Out) -> Self {
        Session {
            g,
            setup,
            coords: Coords::new(g, Dialect::Uci),
            pos: Position::start(g),
            options: EngineOptions::new(g),
            engine: Engine::new(Ai::new(g, setup.seed)),
            infinite: false,
            out,
        }
    }

    /// Lets a search with limits finish (its `bestmove` first), and stops one that would
    /// wait for `stop`: a command that changes what the engine knows comes after it.
    fn settle(&mut self) {
        self.engine.settle(if self.infinite { Settle::Stop } else { Settle::Wait });
    }

    /// Obeys one command line; false at `quit`.
    fn command<'e>(&mut self, scope: &'s Scope<'s, 'e>, line: &str) -> bool {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let done = match word {
            "" => Ok(()),
            "uci" => {
                self.identify();
                Ok(())
            }
            "isready" => {
                self.out.line("readyok");
                Ok(())
            }
            "debug" | "register" => Ok(()),
            "setoption" => self.set_option(rest),
            "ucinewgame" => {
                self.new_game();
                Ok(())
            }
            "position" => self.position(rest),
            "go" => self.go(scope, rest),
            // No pondering is offered: a `go ponder` searches until `ponderhit` or `stop`.
            "stop" | "ponderhit" => {
                self.engine.settle(Settle::Stop);
                Ok(())
            }
            "quit" => return false,
            _ => Err(ProtocolError::Unknown(line.to_string())),
        };
        if let Err(e) = done {
            self.out.line(&format!("info string error: {e}"));
        }
        true
    }

    /// `uci`: the engine's name, its options, `uciok`.
    fn identify(&self) {
        let out = &self.out;
        out.line(&format!("id name interp {} ({})", env!("CARGO_PKG_VERSION"), self.g.name));
        out.line("id author the interp authors");
        out.line(&format!("option name Hash type spin default {DEFAULT_HASH_MB} min {} max {}", HASH_MB.0, HASH_MB.1));
        out.line(&format!("option name Skill Level type spin default {MAX_SKILL} min 0 max {MAX_SKILL}"));
        let search = search_name(self.g.ai.search);
        out.line(&format!("option name Search type combo default {search} var alphabeta var mcts"));
        let v = &self.setup.variant;
        out.line(&format!("option name UCI_Variant type combo default {v} var {v}"));
        out.line("uciok");
    }

    /// `setoption name NAME [value VALUE]`.
    fn set_option(&mut self, rest: &str) -> Result<(), ProtocolError> {
        let rest = rest.strip_prefix("name").ok_or_else(|| bad("setoption", "expected `name NAME value VALUE`"))?;
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        if name.eq_ignore_ascii_case("UCI_Variant") {
            return match value == self.setup.variant {
                true => Ok(()),
                false => Err(ProtocolError::BadOption {
                    name: name.to_string(),
                    why: format!("this engine plays {} only", self.setup.variant),
                }),
            };
        }
        self.options.set(name, value)?;
        self.settle();
        self.options.apply(self.engine.ai());
        Ok(())
    }

    /// `ucinewgame`: back to the setup, the AI's memory of the last game forgotten.
    fn new_game(&mut self) {
        self.settle();
        self.pos = Position::start(self.g);
        self.engine.ai().new_game();
    }

    /// `position startpos|fen FEN [moves A B …]`: the position, then the actions played
    /// from it; at an action that is not legal, the position stays where the line stopped.
    fn position(&mut self, rest: &str) -> Result<(), ProtocolError> {
        self.settle();
        let (start, moves) = match rest.split_once(" moves") {
            Some((s, m)) => (s.trim(), m),
            None if rest.starts_with("moves") => ("", &rest[5..]),
            None => (rest, ""),
        };
        let pos = if start == "startpos" {
            Position::start(self.g)
        } else if let Some(fen) = start.strip_prefix("fen") {
            Position::from_fen(self.g, fen.trim())?
        } else {
            return Err(bad("position", "expected `startpos` or `fen FEN`"));
        };
        self.pos = pos;
        for m in moves.split_whitespace() {
            self.pos.play(self.g, &self.coords, m)?;
        }
        Ok(())
    }

    /// `go …`: a perft at once, or a search on a thread.
    fn go<'e>(&mut self, scope: &'s Scope<'s, 'e>, rest: &str) -> Result<(), ProtocolError> {
        self.settle();
        let (limits, infinite) = match parse_go(rest, self.pos.st.to_move)? {
            Go::Perft(depth) => {
                for line in divide(self.g, &self.coords, &self.pos.st, depth)? {
                    self.out.line(&line);
                }
                return Ok(());
            }
            Go::Search { limits, infinite } => (limits, infinite),
        };
        self.infinite = infinite;
        let (g, coords, out, pos) = (self.g, self.coords.clone(), self.out.clone(), self.pos.clone());
        let ai = self.engine.ai();
        let (root, info_coords, info_out) = (pos.st.clone(), coords.clone(), out.clone());
        ai.set_info(Box::new(move |info: &Info| info_out.line(&info_line(g, &info_coords, &root, info))));
        self.engine.start(scope, move |ai: &mut Ai, flags: &Flags| {
            let choice = ai.choose(&pos.st, &pos.hist, limits);
            if infinite {
                flags.wait_for_stop();
            }
            out.line(&best_line(g, &coords, &pos, choice.as_ref()));
        });
        Ok(())
    }
}

/// The `info` line of a completed iteration.
fn info_line(g: &Game, coords: &Coords, root: &crate::engine::State, i: &Info) -> String {
    let pv = coords.line(g, root, &i.pv).join(" ");
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {pv}",
        i.depth,
        uci_score(i.score),
        i.nodes,
        i.nps(),
        i.time_ms
    )
}

/// The `bestmove` line: the action (with the reply the search expects, `ponder …`), or
/// `(none)` when the game is over.
fn best_line(g: &Game, coords: &Coords, pos: &Position, choice: Option<&crate::ai::Choice>) -> String {
    let Some(c) = choice else { return "bestmove (none)".to_string() };
    let line = match c.pv.first() {
        Some(first) if *first == c.mv && c.pv.len() >= 2 => coords.line(g, &pos.st, &c.pv[..2]),
        _ => coords.line(g, &pos.st, &[c.mv]),
    };
    match &line[..] {
        [best, reply] => format!("bestmove {best} ponder {reply}"),
        [best] => format!("bestmove {best}"),
        _ => "bestmove (none)".to_string(),
    }
}

/// Reads the arguments of `go` for the player `mover` (0: white's clock, else black's).
fn parse_go(rest: &str, mover: u8) -> Result<Go, ProtocolError> {
    let mut words = rest.split_whitespace();
    let mut limits = Limits::default();
    let mut clock = Clock::default();
    let (mut clocked, mut infinite) = (false, false);
    let white = mover == 0;
    while let Some(w) = words.next() {
        let mut num = || -> Result<u64, ProtocolError> {
            let v = words.next().ok_or_else(|| bad("go", format!("`{w}` needs a number")))?;
            v.parse::<i64>().map(|n| n.max(0) as u64).map_err(|_| bad("go", format!("`{w} {v}`: not a whole number")))
        };
        match w {
            "wtime" | "btime" => {
                let n = num()?;
                if (w == "wtime") == white {
                    clock.time_ms = n;
                    clocked = true;
                }
            }
            "winc" | "binc" => {
                let n = num()?;
                if (w == "winc") == white {
                    clock.inc_ms = n;
                }
            }
            "movestogo" => clock.moves_to_go = Some(num()?.min(u64::from(u32::MAX)) as u32),
            "movetime" => limits.time_ms = Some(num()?.max(1)),
            "depth" => limits.depth = Some(num()?.clamp(1, 64) as u32),
            "nodes" => limits.nodes = Some(num()?.max(1)),
            "mate" => limits.depth = Some((num()?.clamp(1, 32) * 2) as u32),
            "perft" => return Ok(Go::Perft(num()?.min(crate::engine::Perft::MAX_DEPTH as u64) as usize)),
            "infinite" => infinite = true,
            "ponder" => infinite = true,
            "searchmoves" => return Err(bad("go", "searchmoves is not supported")),
            _ => return Err(bad("go", format!("unknown argument `{w}`"))),
        }
    }
    if clocked && limits.time_ms.is_none() {
        limits.time_ms = limits_for(&clock).time_ms;
    }
    let unlimited = limits.time_ms.is_none() && limits.nodes.is_none() && limits.depth.is_none();
    Ok(Go::Search { limits, infinite: infinite || unlimited })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(s: &str, mover: u8) -> (Limits, bool) {
        match parse_go(s, mover).unwrap() {
            Go::Search { limits, infinite } => (limits, infinite),
            Go::Perft(_) => panic!("a search"),
        }
    }

    #[test]
    fn the_movers_clock_decides() {
        let (w, _) = search("wtime 60050 btime 1000 winc 0 binc 0", 0);
        assert_eq!(w.time_ms, Some(2000));
        let (b, _) = search("wtime 60050 btime 1050 movestogo 1", 1);
        assert_eq!(b.time_ms, Some(800));
    }

    #[test]
    fn limits_and_infinite() {
        let (l, inf) = search("depth 3 nodes 500", 0);
        assert_eq!((l.depth, l.nodes, l.time_ms, inf), (Some(3), Some(500), None, false));
        assert!(search("", 0).1, "a bare go searches until stop");
        assert!(search("infinite", 0).1);
        assert!(matches!(parse_go("perft 3", 0).unwrap(), Go::Perft(3)));
    }

    #[test]
    fn bad_arguments_are_errors() {
        assert!(parse_go("depth", 0).is_err());
        assert!(parse_go("depth x", 0).is_err());
        assert!(parse_go("sideways 3", 0).is_err());
    }
}
