//! XBoard/CECP (the Chess Engine Communication Protocol, version 2) for any game:
//! `xboard`, `protover 2` (the features), `new`, `variant`, `setboard`, `usermove`,
//! `go`, `force`, `playother`, `undo`, `remove`, `result`, `level` / `st` / `sd`,
//! `time` / `otim`, `?`, `ping`, `post` / `nopost`, `memory`, `option`, `quit`. On
//! `variant`, the game's board and pieces are described to XBoard 4.9 ([`super::betza`]).
//! The engine thinks on a thread, so `?` and `ping` are obeyed while it does; it moves
//! with `move …` and, when its move or the opponent's ends the game, says the result. In a
//! game that no rule of its own ends when nobody makes progress, it offers a draw (`offer
//! draw` before its move) and accepts the opponent's (`draw`) when its AI is content with
//! one.

use crate::ai::{Ai, Clock, Info, Limits, limits_for};
use crate::ir::Game;
use crate::protocol::coords::{Coords, Dialect};
use crate::protocol::options::{MAX_SKILL, search_name};
use crate::protocol::position::Position;
use crate::protocol::think::{Engine, Flags, Out, Settle};
use crate::protocol::{EngineOptions, ProtocolError, bad, betza, xboard_score};
use std::thread::Scope;

/// How an XBoard session is set up from the command line.
#[derive(Debug, Clone)]
pub struct XboardSetup {
    /// The name the game goes by in `variants` and `variant` (the game file's name by default).
    pub variant: String,
    /// Seed of the AI's tie-breaks.
    pub seed: u64,
}

/// The time control XBoard set, and the clock it last reported.
#[derive(Debug, Clone, Copy)]
struct TimeControl {
    /// Moves per session (0: the whole game).
    mps: u32,
    /// Time per session, in milliseconds.
    base_ms: u64,
    /// Increment per move, in milliseconds.
    inc_ms: u64,
    /// `st`: a fixed time per move, in milliseconds.
    per_move_ms: Option<u64>,
    /// `sd`: a depth limit.
    depth: Option<u32>,
    /// `time`: the engine's clock, in milliseconds.
    clock_ms: Option<u64>,
}

impl Default for TimeControl {
    /// XBoard's default: 40 moves in 5 minutes.
    fn default() -> Self {
        TimeControl { mps: 40, base_ms: 300_000, inc_ms: 0, per_move_ms: None, depth: None, clock_ms: None }
    }
}

impl TimeControl {
    /// The budget of the engine's next decision, `moves_made` moves into the game.
    fn limits(&self, moves_made: usize) -> Limits {
        let mut limits = match self.per_move_ms {
            Some(ms) => Limits::time(ms.max(1)),
            None => limits_for(&Clock {
                time_ms: self.clock_ms.unwrap_or(self.base_ms),
                inc_ms: self.inc_ms,
                moves_to_go: (self.mps > 0).then(|| self.mps - (moves_made % self.mps as usize) as u32),
            }),
        };
        limits.depth = self.depth;
        limits
    }

    /// `level MPS BASE INC`: BASE in minutes or `MIN:SEC`, INC in seconds.
    fn level(&mut self, rest: &str) -> Result<(), ProtocolError> {
        let [mps, base, inc] = rest.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(bad("level", "expected `level MOVES MINUTES[:SECONDS] INCREMENT`"));
        };
        let mps = mps.parse().map_err(|_| bad("level", format!("`{mps}` is not a number of moves")))?;
        let (min, sec) = base.split_once(':').unwrap_or((base, "0"));
        let base_s = seconds(min).zip(seconds(sec)).map(|(m, s)| m * 60.0 + s);
        let base_s = base_s.ok_or_else(|| bad("level", format!("`{base}` is not minutes[:seconds]")))?;
        let inc_s = seconds(inc).ok_or_else(|| bad("level", format!("`{inc}` is not a number of seconds")))?;
        *self = TimeControl { mps, base_ms: (base_s * 1000.0) as u64, inc_ms: (inc_s * 1000.0) as u64, ..*self };
        self.per_move_ms = None;
        Ok(())
    }
}

/// A number of seconds (not negative, finite).
fn seconds(s: &str) -> Option<f64> {
    s.trim().parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0 && *x < 1e9)
}

/// A whole number (a command's argument).
fn number(command: &str, s: &str) -> Result<u64, ProtocolError> {
    s.trim().parse().map_err(|_| bad(command, format!("`{s}` is not a whole number")))
}

/// Runs an XBoard session on `lines` (None: a line that is not UTF-8 text) until `quit`
/// or their end; the exit status.
pub fn xboard(g: &Game, setup: &XboardSetup, lines: impl Iterator<Item = Option<String>>, out: Out) -> i32 {
    std::thread::scope(|scope| {
        let mut s = Session::new(g, setup, out);
        for line in lines {
            let Some(text) = line else {
                s.out.line("Error (not UTF-8 text): a line");
                continue;
            };
            if !s.command(scope, text.trim()) {
                break;
            }
        }
        s.engine.settle(Settle::Abort);
        0
    })
}

/// An XBoard session: the game, whom the engine plays, the time control, the AI.
struct Session<'s, 'a> {
    g: &'a Game,
    setup: &'a XboardSetup,
    coords: Coords,
    pos: Position,
    options: EngineOptions,
    /// The position after the engine's moves, when it answered (None: aborted).
    engine: Engine<'s, 'a, Option<Position>>,
    /// Force mode: the engine plays neither side.
    force: bool,
    /// The player the engine plays.
    side: u8,
    /// Thinking output (`post`).
    post: bool,
    tc: TimeControl,
    out: Out,
}

impl<'s, 'a: 's> Session<'s, 'a> {
    fn new(g: &'a Game, setup: &'a XboardSetup, out: Out) -> Self {
        Session {
            g,
            setup,
            coords: Coords::new(g, Dialect::Xboard),
            pos: Position::start(g),
            options: EngineOptions::new(g),
            engine: Engine::new(Ai::new(g, setup.seed)),
            force: false,
            side: 1,
            post: true,
            tc: TimeControl::default(),
            out,
        }
    }

    /// Ends a search as `how` says, taking the engine's moves if it answered.
    fn settle(&mut self, how: Settle) {
        if let Some(Some(pos)) = self.engine.settle(how) {
            self.pos = pos;
        }
    }

    /// Obeys one command line; false at `quit`.
    fn command<'e>(&mut self, scope: &'s Scope<'s, 'e>, line: &str) -> bool {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let done = match word {
            "quit" => return false,
            "?" => {
                self.settle(Settle::Stop);
                Ok(())
            }
            "ping" => {
                self.settle(Settle::Wait);
                self.out.line(&format!("pong {rest}"));
                Ok(())
            }
            _ if self.setting(word, rest) => Ok(()),
            _ => self.game_command(scope, word, rest, line),
        };
        if let Err(e) = done {
            self.out.line(&format!("# {e}"));
            self.out.line(&match &e {
                ProtocolError::Illegal { action, .. } => format!("Illegal move: {action}"),
                other => format!("Error ({}): {line}", other.kind()),
            });
        }
        true
    }

    /// Commands that only change settings, obeyed even while the engine thinks; false for
    /// any other command.
    fn setting(&mut self, word: &str, rest: &str) -> bool {
        match word {
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics" | "hard"
            | "easy" | "hint" | "bk" | "." | "exit" | "white" | "black" | "cores" => {}
            "draw" => self.answer_draw(),
            "protover" => self.features(),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "otim" => {}
            "time" => match number("time", rest) {
                Ok(cs) => self.tc.clock_ms = Some(cs.saturating_mul(10)),
                Err(e) => self.out.line(&format!("# {e}\nError ({}): time {rest}", e.kind())),
            },
            _ => return false,
        }
        true
    }

    /// `draw`: the opponent offers a draw; the engine accepts (`offer draw`) when its AI is
    /// content with one ([`Ai::content_with_draw`]: a game no rule of its own ends, and
    /// nobody makes progress), and otherwise, or while it thinks, says nothing (declines).
    fn answer_draw(&mut self) {
        if !self.engine.busy() && self.engine.ai().content_with_draw() {
            self.out.line("offer draw");
        }
    }

    /// `protover 2`: the features, `done=1` last.
    fn features(&self) {
        let g = self.g;
        let name = format!("interp {} ({})", env!("CARGO_PKG_VERSION"), g.name).replace('"', "'");
        let fixed = "usermove=1 setboard=1 ping=1 playother=1 sigint=0 sigterm=0 colors=0 time=1 draw=1 reuse=1";
        let more = "analyze=0 pause=0 nps=0 name=0 memory=1 smp=0 exclude=0 san=0 debug=0";
        self.out.line(&format!("feature myname=\"{name}\" variants=\"{}\" {fixed} {more}", self.setup.variant));
        let search = search_name(g.ai.search);
        let combo = ["alphabeta", "mcts"].map(|k| if k == search { format!("*{k}") } else { k.to_string() });
        self.out.line(&format!("feature option=\"Skill Level -spin {MAX_SKILL} 0 {MAX_SKILL}\""));
        self.out.line(&format!("feature option=\"Search -combo {}\"", combo.join(" /// ")));
        self.out.line("feature done=1");
    }

    /// The commands about the game and the engine's play (the engine's search, if any,
    /// ends first).
    fn game_command<'e>(
        &mut self,
        scope: &'s Scope<'s, 'e>,
        word: &str,
        rest: &str,
        line: &str,
    ) -> Result<(), ProtocolError> {
        match word {
            "new" => self.new_game(),
            "variant" => return self.variant(rest),
            "force" | "result" => {
                self.settle(Settle::Abort);
                self.force = true;
            }
            "go" | "playother" => {
                self.settle(Settle::Wait);
                self.force = false;
                let np = self.g.np() as u8;
                self.side = if word == "go" { self.pos.st.to_move } else { (self.pos.st.to_move + 1) % np };
                self.think(scope);
            }
            "setboard" => {
                self.settle(Settle::Abort);
                self.pos = Position::from_fen(self.g, rest)?;
            }
            "undo" => self.take_back(1)?,
            "remove" => self.take_back(2)?,
            "usermove" => {
                self.user_move(rest)?;
                self.think(scope);
            }
            "level" => self.tc.level(rest)?,
            "st" => {
                let s = seconds(rest).ok_or_else(|| bad("st", format!("`{rest}` is not a number of seconds")))?;
                self.tc.per_move_ms = Some((s * 1000.0) as u64);
            }
            "sd" => self.tc.depth = Some(number("sd", rest)?.clamp(1, 64) as u32),
            "memory" | "option" => {
                let (name, value) = match word {
                    "memory" => ("Hash", rest),
                    _ => rest.split_once('=').unwrap_or((rest, "")),
                };
                self.options.set(name.trim(), value.trim())?;
                self.settle(Settle::Wait);
                self.options.apply(self.engine.ai());
            }
            _ => {
                self.bare_move(line)?;
                self.think(scope);
            }
        }
        Ok(())
    }

    /// `new`: the setup, the engine playing the second player, no depth or move-time limit.
    fn new_game(&mut self) {
        self.settle(Settle::Abort);
        self.pos = Position::start(self.g);
        self.force = false;
        self.side = 1;
        self.tc.depth = None;
        self.tc.per_move_ms = None;
        self.engine.ai().new_game();
    }

    /// `variant NAME`: the engine plays only its own game; it describes the board and the
    /// pieces to XBoard.
    fn variant(&mut self, name: &str) -> Result<(), ProtocolError> {
        if name != self.setup.variant {
            return Err(bad("variant", format!("this engine plays {} only", self.setup.variant)));
        }
        self.settle(Settle::Abort);
        self.pos = Position::start(self.g);
        for line in betza::describe(self.g) {
            self.out.line(&line);
        }
        Ok(())
    }

    /// `undo` (1) and `remove` (2): takes back actions.
    fn take_back(&mut self, n: usize) -> Result<(), ProtocolError> {
        self.settle(Settle::Abort);
        for _ in 0..n {
            if !self.pos.undo() {
                return Err(bad("undo", "no action to take back"));
            }
        }
        Ok(())
    }

    /// `usermove MOVE`: the opponent's action; the result if it ends the game.
    fn user_move(&mut self, text: &str) -> Result<(), ProtocolError> {
        self.settle(Settle::Wait);
        self.pos.play(self.g, &self.coords, text)?;
        if let Some(result) = self.pos.result(self.g) {
            self.out.line(&result);
        }
        Ok(())
    }

    /// A line that is no command: an action without `usermove`, if it is one.
    fn bare_move(&mut self, line: &str) -> Result<(), ProtocolError> {
        self.settle(Settle::Wait);
        let list = self.pos.actions(self.g)?;
        match self.coords.find(self.g, &self.pos.st, &list, line) {
            Ok(_) => self.user_move(line),
            Err(_) => Err(ProtocolError::Unknown(line.to_string())),
        }
    }

    /// Starts thinking if it is the engine's turn (out of force mode, the game not over).
    fn think<'e>(&mut self, scope: &'s Scope<'s, 'e>) {
        let over = self.pos.result(self.g).is_some() || self.pos.actions(self.g).is_ok_and(|l| l.is_empty());
        if self.force || self.engine.busy() || self.pos.st.to_move != self.side || over {
            return;
        }
        let limits = self.tc.limits(self.pos.plies() / self.g.np().max(1));
        let (g, coords, out, pos, side, post) =
            (self.g, self.coords.clone(), self.out.clone(), self.pos.clone(), self.side, self.post);
        self.engine.start(scope, move |ai: &mut Ai<'a>, flags: &Flags| {
            engine_turn(g, &coords, &out, ai, flags, pos, side, post, limits)
        });
    }
}

/// The engine's turn on a search thread: its actions while it is to move (`move …` each),
/// the result if the game ends; the position after them, or None if aborted before the first.
#[allow(clippy::too_many_arguments)]
fn engine_turn<'a>(
    g: &'a Game,
    coords: &Coords,
    out: &Out,
    ai: &mut Ai<'a>,
    flags: &Flags,
    mut pos: Position,
    side: u8,
    post: bool,
    limits: Limits,
) -> Option<Position> {
    let mut played = 0;
    loop {
        // The sink stays with the AI: it is set each time, silent under `nopost`.
        let (root, c, o) = (pos.st.clone(), coords.clone(), out.clone());
        ai.set_info(Box::new(move |i: &Info| {
            if post {
                o.line(&thinking_line(g, &c, &root, i))
            }
        }));
        let choice = ai.choose(&pos.st, &pos.hist, limits);
        if flags.aborted() {
            return (played > 0).then_some(pos);
        }
        let (Some(choice), Ok(list)) = (choice, pos.actions(g)) else { return Some(pos) };
        if ai.content_with_draw() {
            out.line("offer draw");
        }
        out.line(&format!("move {}", coords.text(g, &pos.st, &list, &choice.mv)));
        pos.play_move(g, &list, &choice.mv);
        played += 1;
        if let Some(result) = pos.result(g) {
            out.line(&result);
            return Some(pos);
        }
        if pos.st.to_move != side || played >= MAX_ACTIONS_PER_TURN {
            return Some(pos);
        }
    }
}

/// The most actions the engine plays in a row in one turn (a turn of several steps).
const MAX_ACTIONS_PER_TURN: usize = 64;

/// A line of thinking output: depth, score, time in centiseconds, nodes, the principal variation.
fn thinking_line(g: &Game, coords: &Coords, root: &crate::engine::State, i: &Info) -> String {
    let pv = coords.line(g, root, &i.pv).join(" ");
    format!("{} {} {} {} {pv}", i.depth, xboard_score(i.score), i.time_ms / 10, i.nodes)
}
