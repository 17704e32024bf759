//! The interactive game at the terminal: a [`Session`] holds the game in progress and has
//! one method per command a person can type.

use crate::ai::{Ai, Choice, Limits, Rng, describe_score, material, random_move, sample_chance};
use crate::engine::Status;
use crate::engine::{MoveList, State};
use crate::ir::Game;
use crate::record::save_text;
use crate::render::{Style, show_styled};
use std::io::BufRead;
use std::ops::ControlFlow::{self, Break, Continue};

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
    /// The starting position string, when not the setup (for `save`).
    pub fen: Option<String>,
}

const PLAY_HELP: &str = "commands: an action (e.g. e2-e4), moves, hint, undo, show, save FILE, resign, draw, quit";

/// An interactive game at the terminal: diagram, prompt, `moves`, `hint`, `undo`, `show`,
/// `save FILE`, `resign`, `draw`, `quit`; AI or random players move by themselves.
/// `record` holds the actions that led from the start to `st`.
pub fn play(g: &Game, st: State, hist: Vec<u64>, record: Vec<String>, opts: PlayOpts) -> i32 {
    let stdin = std::io::stdin();
    let mut session = Session::new(g, st, hist, record, opts, stdin.lock().lines());
    while session.turn().is_continue() {}
    0
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
}

impl<'g, L: Iterator<Item = std::io::Result<String>>> Session<'g, L> {
    fn new(g: &'g Game, st: State, hist: Vec<u64>, record: Vec<String>, opts: PlayOpts, lines: L) -> Self {
        let ais = (0..g.np()).map(|p| Ai::new(g, opts.seed.wrapping_add(p as u64))).collect();
        let rng = Rng::new(opts.seed ^ 0x5eed);
        Session { g, st, hist, record, undo: vec![], opts, ais, rng, public: None, lines }
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
    fn turn(&mut self) -> ControlFlow<()> {
        self.reveal();
        print!("{}", show_styled(self.g, &self.shown(), &self.hist, Style::for_stdout()));
        let (list, status) = self.g.node(&self.st, &self.hist, true);
        if status == Status::Chance {
            return self.chance(&list);
        }
        if self.hidden_step() && self.public.is_none() {
            self.public = Some(self.st.clone());
        }
        if let Status::Over(_) = status {
            return Break(());
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
    }

    /// Chance acts on its own: roll and show the outcome.
    fn chance(&mut self, list: &MoveList) -> ControlFlow<()> {
        let m = sample_chance(self.g, &self.st, list, &mut self.rng);
        let c = Choice::of(self.g, &self.st, list, &m);
        println!("chance: {}", c.notation);
        self.commit(&c, c.notation.clone());
        Continue(())
    }

    /// The AI or the random player moves.
    fn machine(&mut self, side: Side) -> ControlFlow<()> {
        let g = self.g;
        let me = self.st.to_move as usize;
        let choice = match side {
            Side::Ai => self.ais[me].choose(&self.st, &self.hist, self.opts.limits),
            _ => random_move(g, &self.st, &self.hist, &mut self.rng),
        };
        let Some(c) = choice else {
            println!("{} has no move", g.players[me]);
            return Break(());
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
    fn human(&mut self, list: &MoveList) -> ControlFlow<()> {
        let g = self.g;
        println!(
            "{} to move (an action like {}, or: moves, hint, undo, show, save FILE, resign, draw, quit)",
            g.players[self.st.to_move as usize],
            g.notations(&self.st, list).first().cloned().unwrap_or_default()
        );
        let Some(Ok(line)) = self.lines.next() else {
            println!("end of input: game left unfinished");
            return Break(());
        };
        let input = line.trim();
        let (cmd, arg) = match input.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (input, ""),
        };
        match cmd {
            "" | "show" => Continue(()),
            "quit" | "exit" => Break(()),
            "help" => {
                println!("{PLAY_HELP}");
                Continue(())
            }
            "moves" | "?" => {
                println!("{}", g.notations(&self.st, list).join(" "));
                Continue(())
            }
            "hint" => self.hint(),
            "save" => self.save(arg),
            "undo" => self.undo(),
            "resign" => self.resign(),
            "draw" => self.draw(),
            _ => self.action(list, input),
        }
    }

    /// `hint`: what the AI would play, with its score.
    fn hint(&mut self) -> ControlFlow<()> {
        let mut ai = Ai::new(self.g, self.opts.seed ^ 0x417);
        match ai.choose(&self.st, &self.hist, self.opts.limits) {
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

    /// `save FILE`: writes the game record.
    fn save(&mut self, file: &str) -> ControlFlow<()> {
        if file.is_empty() {
            println!("usage: save FILE");
            return Continue(());
        }
        let path = &self.opts.game_path;
        let written = std::fs::read(path)
            .map(|bytes| save_text(path, &bytes, &self.record, self.opts.fen.as_deref()))
            .and_then(|t| std::fs::write(file, t));
        match written {
            Ok(()) => println!("saved {} actions to {file}", self.record.len()),
            Err(e) => println!("cannot save to {file}: {e}"),
        }
        Continue(())
    }

    /// `undo`: takes back the last action, and the machine's replies before it, so that a
    /// person is to move again (when one plays).
    fn undo(&mut self) -> ControlFlow<()> {
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
        }
        Continue(())
    }

    /// `resign`: the next player wins.
    fn resign(&mut self) -> ControlFlow<()> {
        let me = self.st.to_move as usize;
        let w = (me + 1) % self.g.np();
        println!("{} resigns; {} wins", self.g.players[me], self.g.players[w]);
        Break(())
    }

    /// `draw`: offers a draw to the next player; a person answers, the machine accepts
    /// when it is not ahead in material.
    fn draw(&mut self) -> ControlFlow<()> {
        let g = self.g;
        let me = self.st.to_move as usize;
        let other = (me + 1) % g.np();
        if self.opts.sides[other] == Side::Human {
            println!("{} offers a draw; accept? (yes/no)", g.players[me]);
            if let Some(Ok(ans)) = self.lines.next()
                && ans.trim().starts_with('y')
            {
                println!("draw agreed");
                return Break(());
            }
            println!("draw declined");
        } else if material(g, &self.st, other as u8) <= 0 {
            println!("{} accepts the draw", g.players[other]);
            return Break(());
        } else {
            println!("{} declines the draw", g.players[other]);
        }
        Continue(())
    }

    /// An action typed by the person: played if legal, else refused with the legal
    /// actions from the same cell.
    fn action(&mut self, list: &MoveList, input: &str) -> ControlFlow<()> {
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
