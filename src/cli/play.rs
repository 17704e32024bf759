//! The interactive game at the terminal: a [`Session`] holds the game in progress and has
//! one method per command a person can type. Input is read as bytes, so a line that is not
//! UTF-8 is refused like any bad input; with an autosave path, the record is rewritten
//! atomically after every action and removed when the game ends with a result.

use crate::ai::{Ai, Choice, Limits, Rng, describe_score, material, random_move, sample_chance};
use crate::engine::Status;
use crate::engine::{MoveList, PatternOverrun, State, take_overrun};
use crate::ir::Game;
use crate::record::{GameRecord, Header, Outcome, Recorder, may_write, replay_actions, write_atomic};
use crate::render::{Style, show_styled};
use std::io::BufRead;
use std::ops::ControlFlow::{self, Break, Continue};
use std::path::{Path, PathBuf};

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

impl Side {
    /// Parses `human`, `ai` or `random`.
    pub fn parse(s: &str) -> Option<Side> {
        match s {
            "human" => Some(Side::Human),
            "ai" => Some(Side::Ai),
            "random" => Some(Side::Random),
            _ => None,
        }
    }
}

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

const PLAY_HELP: &str = "commands: an action (e.g. e2-e4), moves, hint, undo, show, save FILE (save! FILE or \
save FILE --force to replace a file), resign, draw, quit";

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
    /// The positions before each action, for `undo`.
    undo: Vec<State>,
    opts: PlayOpts,
    /// One AI per player.
    ais: Vec<Ai<'g>>,
    /// Chance's and the random players' generator.
    rng: Rng,
    /// While hidden choices are pending, the board as it was before the first one.
    public: Option<State>,
    /// The person's input lines.
    lines: L,
    /// Whether this session has written the autosave record.
    autosaved: bool,
    /// How the game ended when no end rule ended it (a resignation, an agreed draw).
    ended: Option<(Outcome, String)>,
    /// Keeps the game's record (replaying only what changed).
    recorder: Recorder,
}

impl<'g, L: Iterator<Item = Line>> Session<'g, L> {
    fn new(g: &'g Game, st: State, hist: Vec<u64>, record: Vec<String>, opts: PlayOpts, lines: L) -> Self {
        let ais = (0..g.np()).map(|p| Ai::new(g, opts.seed.wrapping_add(p as u64))).collect();
        let rng = Rng::new(opts.seed ^ 0x5eed);
        // The positions before each action so far, for `undo` (after `--load` too).
        let undo = replay_actions(g, opts.header.start.as_deref(), &record, false).map_or(vec![], |r| r.before);
        Session {
            g,
            st,
            hist,
            record,
            undo,
            opts,
            ais,
            rng,
            public: None,
            lines,
            autosaved: false,
            ended: None,
            recorder: Recorder::default(),
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
        print!("{}", show_styled(self.g, &self.shown(), &self.hist, Style::for_stdout()));
        let (list, status) = match self.g.checked_node(&self.st, &self.hist, true) {
            Ok(node) => node,
            Err(e) => return self.stop(&e),
        };
        if status == Status::Chance {
            return self.chance(&list);
        }
        if self.hidden_step() && self.public.is_none() {
            self.public = Some(self.st.clone());
        }
        if let Status::Over(_) = status {
            return Break(End::Finished);
        }
        match self.side() {
            Side::Human => self.human(&list),
            side => self.machine(side),
        }
    }

    /// Once hidden choices are all made, says what they were.
    fn reveal(&mut self) {
        if self.public.is_none() || self.hidden_step() {
            return;
        }
        let hidden = self.record.iter().rev().take_while(|a| a.contains(':')).count();
        println!("hidden choices revealed: {}", self.record[self.record.len() - hidden..].join(" "));
        self.public = None;
    }

    /// The position as the players see it (the public board while choices are hidden).
    fn shown(&self) -> State {
        match &self.public {
            Some(p) => {
                let mut d = p.clone();
                d.to_move = self.st.to_move;
                d.phase = self.st.phase;
                d
            }
            None => self.st.clone(),
        }
    }

    /// Plays a decision, remembering the position before it.
    fn commit(&mut self, c: &Choice, notation: String) {
        self.undo.push(self.st.clone());
        self.hist.push(self.g.position_key(&self.st));
        c.apply(self.g, &mut self.st);
        self.record.push(notation);
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
                "autosaved {} actions to {}; the next `play` of this game offers to resume",
                self.record.len(),
                path.display()
            );
        }
    }

    /// Chance acts on its own: roll and show the outcome.
    fn chance(&mut self, list: &MoveList) -> ControlFlow<End> {
        let m = sample_chance(self.g, &self.st, list, &mut self.rng);
        let c = Choice::of(self.g, &self.st, list, &m);
        println!("chance: {}", c.notation);
        self.commit(&c, c.notation.clone());
        Continue(())
    }

    /// The AI or the random player moves.
    fn machine(&mut self, side: Side) -> ControlFlow<End> {
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
        self.commit(&c, c.notation.clone());
        Continue(())
    }

    /// Prompts the person and carries out what they type.
    fn human(&mut self, list: &MoveList) -> ControlFlow<End> {
        let g = self.g;
        println!(
            "{} to move (an action like {}, or: moves, hint, undo, show, save FILE, resign, draw, quit)",
            g.players[self.st.to_move as usize],
            g.notations(&self.st, list).first().cloned().unwrap_or_default()
        );
        let line = match self.lines.next() {
            Some(Line::Text(line)) => line,
            Some(Line::NotText) => {
                println!("not UTF-8 text; type an action or `help`");
                return Continue(());
            }
            None => {
                println!("end of input: game left unfinished");
                return Break(End::Unfinished);
            }
        };
        let input = line.trim();
        let (cmd, arg) = match input.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (input, ""),
        };
        match cmd {
            "" | "show" => Continue(()),
            "quit" | "exit" => Break(End::Unfinished),
            "help" => {
                println!("{PLAY_HELP}");
                Continue(())
            }
            "moves" | "?" => {
                println!("{}", g.notations(&self.st, list).join(" "));
                Continue(())
            }
            "hint" => self.hint(),
            "save" => self.save(arg, false),
            "save!" => self.save(arg, true),
            "undo" => self.undo(),
            "resign" => self.resign(),
            "draw" => self.draw(),
            _ => self.action(list, input),
        }
    }

    /// `hint`: what the AI would play, with its score.
    fn hint(&mut self) -> ControlFlow<End> {
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
            Ok(()) => println!("saved {} actions to {file}", rec.actions().len()),
            Err(e) => println!("cannot save: {e}"),
        }
        Continue(())
    }

    /// `undo`: takes back the last action, and the machine's replies before it, so that a
    /// person is to move again (when one plays).
    fn undo(&mut self) -> ControlFlow<End> {
        let anyone = self.opts.sides.contains(&Side::Human);
        let mut undone = 0;
        while let Some(s) = self.undo.pop() {
            self.st = s;
            self.hist.pop();
            self.record.pop();
            undone += 1;
            if !anyone || self.side() == Side::Human {
                break;
            }
        }
        if undone == 0 {
            println!("nothing to undo");
        } else {
            self.autosave();
        }
        Continue(())
    }

    /// `resign`: the next player wins.
    fn resign(&mut self) -> ControlFlow<End> {
        let me = self.st.to_move as usize;
        let w = (me + 1) % self.g.np();
        println!("{} resigns; {} wins", self.g.players[me], self.g.players[w]);
        self.ended = Some((Outcome::Win(w as u8), format!("{} resigns", self.g.players[me])));
        Break(End::Finished)
    }

    /// `draw`: offers a draw to the next player; a person answers, the machine accepts
    /// when it is not ahead in material.
    fn draw(&mut self) -> ControlFlow<End> {
        let g = self.g;
        let me = self.st.to_move as usize;
        let other = (me + 1) % g.np();
        if self.opts.sides[other] == Side::Human {
            println!("{} offers a draw; accept? (yes/no)", g.players[me]);
            if let Some(Line::Text(ans)) = self.lines.next()
                && ans.trim().starts_with('y')
            {
                println!("draw agreed");
                self.ended = Some((Outcome::Draw, "draw agreed".to_string()));
                return Break(End::Finished);
            }
            println!("draw declined");
        } else if material(g, &self.st, other as u8) <= 0 {
            println!("{} accepts the draw", g.players[other]);
            self.ended = Some((Outcome::Draw, "draw agreed".to_string()));
            return Break(End::Finished);
        } else {
            println!("{} declines the draw", g.players[other]);
        }
        Continue(())
    }

    /// An action typed by the person: played if legal, else refused with the legal
    /// actions from the same cell.
    fn action(&mut self, list: &MoveList, input: &str) -> ControlFlow<End> {
        let g = self.g;
        if let Some(m) = g.find_move(&self.st, list, input) {
            let c = Choice::of(g, &self.st, list, &m);
            self.commit(&c, input.to_string());
            return Continue(());
        }
        let all = g.notations(&self.st, list);
        let near: Vec<&str> =
            all.iter().map(String::as_str).filter(|x| x.split('-').next() == input.split('-').next()).collect();
        if near.is_empty() {
            println!("illegal action `{input}`; type `moves` for the list");
        } else {
            println!("illegal action `{input}`; from that cell: {}", near.join(" "));
        }
        Continue(())
    }
}
