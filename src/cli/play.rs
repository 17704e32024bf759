//! The interactive game at the terminal: a [`Session`] holds the game in progress and has
//! one method per command a person can type. Input is read as bytes, so a line that is not
//! UTF-8 is refused like any bad input; with an autosave path, the record is rewritten
//! atomically after every action and removed when the game ends with a result.

use crate::ai::{Ai, Choice, Limits, Rng, describe_score, random_move, sample_chance};
use crate::engine::Status;
use crate::engine::{MoveList, PatternOverrun, State, take_overrun};
use crate::ir::Game;
use crate::record::{GameRecord, Header, Outcome, Recorder, may_write, replay_actions, write_atomic};
use std::collections::HashMap;
use std::io::BufRead;
use std::ops::ControlFlow::{self, Break, Continue};
use std::path::{Path, PathBuf};

mod end;
mod explain;
mod hidden;
mod view;

pub use crate::front::Side;
use crate::front::input;

/// Settings of an interactive game.
#[derive(Debug, Clone)]
pub struct PlayOpts {
    /// Who decides for each player, one entry per player.
    pub sides: Vec<Side>,
    /// Seed of the AI and the random player.
    pub seed: u64,
    /// AI budget per decision (also for `hint`).
    pub limits: Limits,
    /// Path of the game file (for `save`).
    pub game_path: String,
    /// The tags of the game's record: game file and fingerprint, options, players, when
    /// it began, the start when not the setup.
    pub header: Header,
    /// Where the autosave record is kept, if anywhere.
    pub autosave: Option<PathBuf>,
    /// `--record FILE`: the record kept up to date at every action, and kept at the end.
    pub record_file: Option<PathBuf>,
}

/// One line of the person's input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line break.
    Text(String),
    /// A line that is not UTF-8 text.
    NotText,
}

/// The lines of a byte stream; the stream's end (or a read error) ends them.
pub struct Lines<R>(pub R);

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Line;
    fn next(&mut self) -> Option<Line> {
        let mut buf = vec![];
        match self.0.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => None,
            Ok(_) => {
                while buf.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                    buf.pop();
                }
                Some(String::from_utf8(buf).map_or(Line::NotText, Line::Text))
            }
        }
    }
}

/// How a session stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// With a result: the game is over, resigned or drawn.
    Finished,
    /// Left unfinished: `quit` or the end of input.
    Unfinished,
    /// Stopped: a pattern run went over its budget (the actions could not be listed).
    Stopped,
}

/// An interactive game at the terminal: diagram, prompt, `moves`, `hint`, `undo`, `show`,
/// `save FILE`, `resign`, `draw`, `quit`; AI or random players move by themselves.
/// `record` holds the actions that led from the start to `st`; `lines` is the person's input.
pub fn play<L>(g: &Game, st: State, hist: Vec<u64>, record: Vec<String>, opts: PlayOpts, lines: L) -> i32
where
    L: Iterator<Item = Line>,
{
    let mut session = Session::new(g, st, hist, record, opts, lines);
    session.keep_record();
    let end = loop {
        if let Break(end) = session.turn() {
            break end;
        }
    };
    session.close(end);
    if end == End::Stopped { 2 } else { 0 }
}

/// A game in progress at the terminal.
struct Session<'g, L> {
    g: &'g Game,
    /// The current position.
    st: State,
    /// Keys of the earlier positions (for repetition).
    hist: Vec<u64>,
    /// The actions played from the start.
    record: Vec<String>,
    /// The positions before each action, for `undo`, each with whether a person decided there.
    undo: Vec<(State, bool)>,
    opts: PlayOpts,
    /// One AI per player.
    ais: Vec<Ai<'g>>,
    /// Chance's and the random players' generator.
    rng: Rng,
    /// While hidden choices are pending, the board as it was before the first one, and the
    /// number of actions played before it.
    public: Option<(State, usize)>,
    /// Chance outcomes already drawn, by node, so that `undo` never draws again.
    drawn: HashMap<(u64, usize), String>,
    /// Per player, whether its AI was content with a draw after its last move (it says so
    /// when it becomes content).
    content_said: Vec<bool>,
    /// The person's input lines.
    lines: L,
    /// Whether this session has written the autosave record.
    autosaved: bool,
    /// Whether the board is drawn turned round (`flip`).
    flip: bool,
    /// What the last board drawn showed (actions played, flipped), so that a command that
    /// changes nothing (`moves`, `help`, a refused action) does not draw it again.
    on_screen: Option<(usize, bool)>,
    /// How the game ended when no end rule ended it (a resignation, an agreed draw).
    ended: Option<(Outcome, String)>,
    /// Keeps the game's record (replaying only what changed).
    recorder: Recorder,
}

impl<'g, L: Iterator<Item = Line>> Session<'g, L> {
    fn new(g: &'g Game, st: State, hist: Vec<u64>, record: Vec<String>, opts: PlayOpts, lines: L) -> Self {
        let ais = (0..g.np()).map(|p| Ai::new(g, opts.seed.wrapping_add(p as u64))).collect();
        let rng = Rng::new(opts.seed ^ 0x5eed);
        let drawn = HashMap::new();
        // The positions before each action so far, for `undo` (after `--load` too), each
        // with whether a person decided there.
        let person = |s: &State| !g.is_chance(s) && opts.sides[s.to_move as usize] == Side::Human;
        let undo = replay_actions(g, opts.header.start.as_deref(), &record, false).map_or(vec![], |r| {
            r.before
                .into_iter()
                .map(|s| {
                    let p = person(&s);
                    (s, p)
                })
                .collect()
        });
        Session {
            g,
            st,
            hist,
            record,
            undo,
            opts,
            ais,
            content_said: vec![false; g.np()],
            rng,
            public: None,
            drawn,
            lines,
            autosaved: false,
            ended: None,
            recorder: Recorder::default(),
            flip: false,
            on_screen: None,
        }
    }

    /// Who decides at the current position.
    fn side(&self) -> Side {
        self.opts.sides[self.st.to_move as usize]
    }

    /// Whether the current step's choices are hidden from the other players.
    fn hidden_step(&self) -> bool {
        self.g.pending_step(&self.st).is_some_and(|s| s.hidden)
    }

    /// One round: the board, then chance, a machine player or the person acts.
    fn turn(&mut self) -> ControlFlow<End> {
        self.reveal();
        let now = (self.record.len(), self.flip);
        if self.on_screen != Some(now) {
            print!("{}", self.board());
            self.on_screen = Some(now);
        }
        let (list, status) = match self.g.checked_node(&self.st, &self.hist, true) {
            Ok(node) => node,
            Err(e) => return self.stop(&e),
        };
        if status == Status::Chance {
            return self.chance(&list);
        }
        if self.hidden_step() && self.public.is_none() {
            self.public = Some((self.st.clone(), self.record.len()));
        }
        if let Status::Over(_) = status {
            return self.game_over();
        }
        if let Some(agreed) = self.agreed_by_ais() {
            return agreed;
        }
        match self.side() {
            Side::Human => self.human(&list),
            side => self.machine(side, &list),
        }
    }

    /// Plays a decision, remembering the position before it, and says what it did (unless
    /// it is a hidden choice).
    fn commit(&mut self, c: &Choice, notation: String, list: &MoveList) {
        let before = self.st.clone();
        let person = self.side() == Side::Human && !self.g.is_chance(&before);
        self.hist.push(self.g.position_key(&self.st));
        c.apply(self.g, &mut self.st);
        self.undo.push((before, person));
        self.record.push(notation);
        let (before, _) = self.undo.last().expect("just pushed");
        if !self.g.pending_step(before).is_some_and(|s| s.hidden) {
            for e in self.g.events(before, list, &c.mv, &self.st) {
                println!("  {}", e.describe(self.g));
            }
        }
        self.autosave();
    }

    /// The record of the game so far (without hidden choices not yet revealed), with the
    /// result of a resignation or an agreed draw; None (said) if it does not replay.
    fn game_record(&mut self) -> Option<GameRecord> {
        match self.recorder.record(self.g, &self.opts.header, &self.record) {
            Ok(mut rec) => {
                if let Some((outcome, why)) = &self.ended {
                    rec.set_outcome(*outcome, Some(why));
                }
                Some(rec)
            }
            Err(e) => {
                println!("cannot write the record: {e}");
                None
            }
        }
    }

    /// Rewrites the autosave record and the `--record` file (atomically), if any.
    fn autosave(&mut self) {
        self.keep_record();
        let Some(path) = self.opts.autosave.clone() else { return };
        let Some(text) = self.game_record().map(|r| r.to_text()) else { return };
        match write_atomic(&path, text.as_bytes()) {
            Ok(()) => self.autosaved = true,
            Err(e) => println!("cannot autosave: {e}"),
        }
    }

    /// Rewrites the `--record` file (atomically), if there is one.
    fn keep_record(&mut self) {
        let Some(path) = self.opts.record_file.clone() else { return };
        let Some(text) = self.game_record().map(|r| r.to_text()) else { return };
        if let Err(e) = write_atomic(&path, text.as_bytes()) {
            println!("cannot write the record: {e}");
        }
    }

    /// Ends the game on a pattern overrun: the error, and the autosave record kept.
    fn stop(&mut self, e: &PatternOverrun) -> ControlFlow<End> {
        eprintln!("error: {e}");
        println!("the game stops here: its actions cannot be listed");
        if !self.record.is_empty() {
            self.autosave();
        }
        Break(End::Stopped)
    }

    /// At the end: a game with a result needs its autosave no more; an unfinished one
    /// keeps it, and the person is told where.
    fn close(&mut self, end: End) {
        if let Some(path) = self.opts.record_file.clone() {
            self.keep_record();
            println!("the record of the game is in {}", path.display());
        }
        let Some(path) = &self.opts.autosave else { return };
        if end == End::Finished {
            let _ = std::fs::remove_file(path);
        } else if self.autosaved {
            println!(
                "autosaved {} actions to {}{}; the next `play` of this game offers to resume",
                self.public_record().len(),
                path.display(),
                self.hidden_note()
            );
        }
    }

    /// Chance acts on its own: roll and show the outcome. A node met again (after an
    /// `undo`) gets the outcome drawn the first time; so does each setup step.
    fn chance(&mut self, list: &MoveList) -> ControlFlow<End> {
        let g = self.g;
        let key = crate::front::chance_key(g, &self.st, self.record.len());
        let again = self.drawn.get(&key).and_then(|n| g.find_move(&self.st, list, n));
        let m = again.unwrap_or_else(|| sample_chance(g, &self.st, list, &mut self.rng));
        let c = Choice::of(g, &self.st, list, &m);
        self.drawn.insert(key, c.notation.clone());
        println!("chance: {}", c.notation);
        self.commit(&c, c.notation.clone(), list);
        Continue(())
    }

    /// The AI or the random player moves.
    fn machine(&mut self, side: Side, list: &MoveList) -> ControlFlow<End> {
        let g = self.g;
        let me = self.st.to_move as usize;
        let choice = match side {
            Side::Ai => self.ais[me].choose(&self.st, &self.hist, self.opts.limits),
            _ => random_move(g, &self.st, &self.hist, &mut self.rng),
        };
        if let Some(e) = take_overrun() {
            return self.stop(&e);
        }
        let Some(c) = choice else {
            println!("{} has no move", g.players[me]);
            return Break(End::Finished);
        };
        let who = if side == Side::Ai { "ai" } else { "random" };
        if self.hidden_step() {
            println!("{} ({who}) has chosen (hidden until the choices are all made)", g.players[me]);
        } else {
            println!("{} ({who}) plays {}", g.players[me], c.notation);
        }
        self.commit(&c, c.notation.clone(), list);
        if side == Side::Ai {
            self.say_content(me);
        }
        Continue(())
    }

    /// The next line the person typed, None at the end of input.
    fn read_line(&mut self) -> Option<String> {
        loop {
            match self.lines.next()? {
                Line::Text(line) => return Some(line.trim().to_string()),
                Line::NotText => println!("not UTF-8 text; type an action or `help`"),
            }
        }
    }

    /// Prompts the person and carries out what they type.
    fn human(&mut self, list: &MoveList) -> ControlFlow<End> {
        let g = self.g;
        println!("{}", explain::prompt(g, &self.st, list, self.record.last().map(String::as_str)));
        let Some(input) = self.read_line() else {
            println!("end of input: game left unfinished");
            return Break(End::Unfinished);
        };
        let (cmd, arg) = match input.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (input.as_str(), ""),
        };
        match cmd {
            "" | "show" => {
                self.on_screen = None;
                Continue(())
            }
            "quit" | "exit" => Break(End::Unfinished),
            "help" => {
                println!("{}", help_text());
                Continue(())
            }
            "moves" | "?" => {
                self.moves(list, arg);
                Continue(())
            }
            "rules" => {
                println!("{}", crate::render::rulebook(g));
                Continue(())
            }
            "flip" => {
                self.flip();
                Continue(())
            }
            "hint" => self.hint(),
            "save" => self.save(arg, false),
            "save!" => self.save(arg, true),
            "undo" => self.undo(),
            "resign" => self.resign(),
            "draw" => self.draw(),
            _ => self.action(list, &input),
        }
    }

    /// `moves`: every legal action (grouped by the cell they start from when there are
    /// many); `moves CELL`: those of the piece there.
    fn moves(&self, list: &MoveList, arg: &str) {
        let g = self.g;
        if !arg.is_empty() {
            match input::cell_named(g, arg) {
                Some(c) => match input::read(g, &self.shown(), list, g.board.name(c)) {
                    input::Reading::Refuse(why) => {
                        println!("{}", why.trim_start_matches(&format!("illegal action `{}`: ", g.board.name(c))))
                    }
                    input::Reading::Play(m) => println!("{}", g.notation_in(&self.st, list, &m)),
                },
                None => println!("{}", input::not_a_cell(g, arg)),
            }
            return;
        }
        let all = g.notations(&self.st, list);
        if all.len() <= 16 {
            println!("{}", all.join(" "));
            return;
        }
        for line in input::grouped(g, &self.st, list) {
            println!("{line}");
        }
    }

    /// `hint`: what the AI would play, with its score.
    fn hint(&mut self) -> ControlFlow<End> {
        if self.public.as_ref().is_some_and(|p| p.1 < self.record.len()) {
            println!("no hint while hidden choices are pending: it would use what is hidden");
            return Continue(());
        }
        let mut ai = Ai::new(self.g, self.opts.seed ^ 0x417);
        let choice = ai.choose(&self.st, &self.hist, self.opts.limits);
        if let Some(e) = take_overrun() {
            return self.stop(&e);
        }
        match choice {
            Some(c) => println!(
                "hint: {} (score {}, depth {}, {} nodes)",
                c.notation,
                describe_score(c.score),
                c.depth,
                c.nodes
            ),
            None => println!("hint: no legal action"),
        }
        Continue(())
    }

    /// `save FILE` (`save! FILE` or `save FILE --force` to replace a file): writes the game
    /// record atomically; never over the game file.
    fn save(&mut self, arg: &str, force: bool) -> ControlFlow<End> {
        let (file, force) = match arg.strip_suffix("--force") {
            Some(f) if f.is_empty() || f.ends_with(char::is_whitespace) => (f.trim(), true),
            _ => (arg, force),
        };
        if file.is_empty() {
            println!("usage: save FILE (save! FILE or save FILE --force replaces a file)");
            return Continue(());
        }
        let target = Path::new(file);
        let Some(rec) = self.game_record() else { return Continue(()) };
        let written = may_write(target, Path::new(&self.opts.game_path), force)
            .and_then(|()| write_atomic(target, rec.to_text().as_bytes()));
        match written {
            Ok(()) => println!("saved {} actions to {file}{}", self.public_record().len(), self.hidden_note()),
            Err(e) => println!("cannot save: {e}"),
        }
        Continue(())
    }

    /// `undo`: goes back to the person's previous decision: the last position where a
    /// person was to decide (never a chance node or a machine's decision, which would draw
    /// or choose again).
    fn undo(&mut self) -> ControlFlow<End> {
        let Some(back) = self.undo.iter().rposition(|u| u.1) else {
            println!("nothing to undo");
            return Continue(());
        };
        let undone = self.undo.len() - back;
        self.undo.truncate(back + 1);
        let (st, _) = self.undo.pop().expect("an entry at `back`");
        self.st = st;
        self.hist.truncate(self.hist.len() - undone);
        self.record.truncate(self.record.len() - undone);
        self.public = self.hidden_start();
        let who = &self.g.players[self.st.to_move as usize];
        println!("undone {undone} action{}: back to {who}'s decision", if undone == 1 { "" } else { "s" });
        self.autosave();
        Continue(())
    }

    /// An action typed by the person, read forgivingly: played when it names exactly one
    /// legal action, else refused with the reason.
    fn action(&mut self, list: &MoveList, input: &str) -> ControlFlow<End> {
        let g = self.g;
        match input::read(g, &self.shown(), list, input) {
            input::Reading::Play(m) => {
                let c = Choice::of(g, &self.st, list, &m);
                let me = &g.players[self.st.to_move as usize];
                if self.hidden_step() {
                    println!("{me} has chosen (hidden until the choices are all made)");
                } else {
                    println!("{me} plays {}", c.notation);
                }
                self.commit(&c, c.notation.clone(), list);
            }
            input::Reading::Refuse(why) => println!("{why}"),
        }
        Continue(())
    }
}

/// The commands of `play`, one line each.
fn help_text() -> String {
    [
        "commands:",
        "  ACTION        play an action: e2-e4, e2e4, E2-E4, a7a8q all work (`moves` lists them)",
        "  CELL          the actions of the piece on that cell",
        "  moves [CELL]  every legal action, or those of the piece on CELL",
        "  hint          what the AI would play",
        "  undo          back to your previous decision",
        "  show          the board again",
        "  save FILE     write the game record (save! FILE or save FILE --force replaces a file)",
        "  resign        give up the game",
        "  draw          offer a draw",
        "  rules         the game's rules: its pieces and how they move, how it ends",
        "  flip          turn the board round",
        "  help          this list",
        "  quit          leave (an unfinished game stays in its autosave)",
    ]
    .join("\n")
}
