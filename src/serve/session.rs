//! A game in progress on the server: the model of the terminal's `play` without its
//! printing. It keeps the position before every action (undo goes back to the previous
//! human decision; redo plays the undone actions again), resolves chance itself with a
//! memory of the outcomes drawn (undo and replay never roll again), hides pending hidden
//! choices, and lets the AI or the random player act when asked.

use super::error::ApiError;
use super::games::short;
use crate::ai::{Ai, Choice, Limits, Rng, random_move, sample_chance};
use crate::engine::{MoveList, State, Status, take_overrun};
use crate::front::input::{Reading, read as read_action};
use crate::front::{Side, chance_key, hidden_start, public_view};
use crate::ir::Game;
use crate::notation::Event;
use crate::notation::events::fraction;
use crate::record::{Header, Outcome, Recorder, Replay};
use std::collections::HashMap;
use std::sync::Arc;

/// The most actions a session resolves by itself in one go (chance after chance).
const MAX_AUTOMATIC: usize = 10_000;
/// The longest action text read (longer ones are no action of any game).
const MAX_ACTION: usize = 200;

/// How a session is set up.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The game's id on this server.
    pub game_id: String,
    /// Who decides for each player.
    pub sides: Vec<Side>,
    /// The AI's thinking time per decision.
    pub think_ms: u64,
    /// Seed of the AI, the random player and chance.
    pub seed: u64,
    /// The record's header.
    pub header: Header,
    /// How the game ended when no end rule ended it (a loaded record's resignation).
    pub ended: Option<(Outcome, String)>,
}

/// A game in progress.
pub struct Session {
    /// The game.
    pub(super) g: Arc<Game>,
    /// How it was set up.
    pub(super) setup: Setup,
    /// The current position.
    pub(super) st: State,
    /// Keys of the earlier positions (for repetition).
    pub(super) hist: Vec<u64>,
    /// The actions played from the start.
    pub(super) record: Vec<String>,
    /// The position before each action, with whether a person decided there.
    pub(super) before: Vec<(State, bool)>,
    /// The actions each undo took back, the last undo's last.
    pub(super) redo: Vec<Vec<String>>,
    /// Chance's and the random player's generator.
    rng: Rng,
    /// Chance outcomes already drawn, by node.
    drawn: HashMap<(u64, usize), String>,
    /// While hidden choices are pending: the board before the first and the actions before it.
    pub(super) public: Option<(State, usize)>,
    /// Keeps the game's record.
    recorder: Recorder,
    /// What the last request's actions did, in order.
    pub(super) events: Vec<String>,
    /// Whether the AI is thinking for this session now (its request holds no lock).
    pub(super) thinking: bool,
}

/// What the AI needs to decide at a position, apart from the session (which stays
/// free for other requests while it thinks).
pub struct Think {
    g: Arc<Game>,
    st: State,
    hist: Vec<u64>,
    seed: u64,
    limits: Limits,
}

impl Think {
    /// The AI's choice (None when it has none); 500 overrun when the actions cannot be listed.
    pub fn run(&self) -> Result<Option<Choice>, ApiError> {
        take_overrun();
        let choice = Ai::new(&self.g, self.seed).choose(&self.st, &self.hist, self.limits);
        match take_overrun() {
            Some(e) => Err(e.into()),
            None => Ok(choice),
        }
    }
}

/// The name of a side in the API and in records.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Human => "human",
        Side::Ai => "ai",
        Side::Random => "random",
    }
}

impl Session {
    /// A session from a replayed start (the setup, or a loaded record); chance at the start
    /// is resolved at once.
    pub fn new(g: Arc<Game>, setup: Setup, r: Replay) -> Result<Session, ApiError> {
        let person = |s: &State| !g.is_chance(s) && setup.sides[s.to_move as usize % setup.sides.len()] == Side::Human;
        let before = r.before.into_iter().map(|s| (s.clone(), person(&s))).collect();
        let rng = Rng::new(setup.seed ^ 0x5eed);
        let mut s = Session {
            g,
            setup,
            st: r.state,
            hist: r.history,
            record: r.actions,
            before,
            redo: vec![],
            rng,
            drawn: HashMap::new(),
            public: None,
            recorder: Recorder::default(),
            events: vec![],
            thinking: false,
        };
        s.public = s.hidden_start();
        s.settle()?;
        Ok(s)
    }

    /// The player to act.
    pub(super) fn mover(&self) -> usize {
        self.st.to_move as usize % self.g.np()
    }

    /// Who decides for the player to act.
    pub(super) fn side(&self) -> Side {
        self.setup.sides[self.mover()]
    }

    /// The legal actions and the status at the current position.
    pub(super) fn node(&self) -> Result<(MoveList, Status), ApiError> {
        Ok(self.g.checked_node(&self.st, &self.hist, true)?)
    }

    /// Whether the current step's choices are hidden from the other players.
    pub(super) fn hidden_step(&self) -> bool {
        self.g.pending_step(&self.st).is_some_and(|s| s.hidden)
    }

    /// Why no one may act: the result, when the game is over.
    pub(super) fn refuse_over(&self) -> Result<(), ApiError> {
        match super::state::result(self)? {
            Some(r) => Err(ApiError::GameOver(r.describe)),
            None => Ok(()),
        }
    }

    /// Plays one of the legal actions for the person to act (read forgivingly: any case,
    /// with or without `-` and `=`); then chance is resolved.
    pub fn play(&mut self, text: &str) -> Result<(), ApiError> {
        self.refuse_over()?;
        if self.side() != Side::Human {
            let who = &self.g.players[self.mover()];
            return Err(ApiError::NotYourTurn(format!("{who} is played by the {}", side_name(self.side()))));
        }
        let (list, _) = self.node()?;
        let g = self.g.clone();
        let m = match g.find_move(&self.st, &list, text) {
            Some(m) => m,
            None => forgiving(&g, &self.st, &list, text)?,
        };
        self.events.clear();
        self.redo.clear();
        let c = Choice::of(&g, &self.st, &list, &m);
        if !self.hidden_step() {
            self.events.push(format!("{} plays {}", g.players[self.mover()], c.notation));
        }
        self.commit(&c, &list);
        self.settle()
    }

    /// The machine side to act decides: the random player at once (None); for the AI,
    /// what it needs to think without the session locked ([`Think::run`], then
    /// [`Session::machine_play`]). 409 when a person is to act or the game is over.
    pub fn machine(&mut self) -> Result<Option<Think>, ApiError> {
        self.refuse_over()?;
        let side = self.side();
        if side == Side::Human {
            let who = &self.g.players[self.mover()];
            return Err(ApiError::NotYourTurn(format!("{who} is played by a person: POST …/play")));
        }
        let think = Think {
            g: self.g.clone(),
            st: self.st.clone(),
            hist: self.hist.clone(),
            seed: self.setup.seed.wrapping_add(self.record.len() as u64),
            limits: Limits::time(self.setup.think_ms),
        };
        if side == Side::Ai {
            if self.thinking {
                return Err(ApiError::NotYourTurn("the AI is thinking already".to_string()));
            }
            self.thinking = true;
            return Ok(Some(think));
        }
        take_overrun();
        let choice = random_move(&think.g, &self.st, &self.hist, &mut self.rng);
        if let Some(e) = take_overrun() {
            return Err(e.into());
        }
        self.machine_play(&think, choice)?;
        Ok(None)
    }

    /// Plays the machine's `choice` made at the position of `think`; 409 when the game
    /// moved on meanwhile (another request played or took back an action).
    pub fn machine_play(&mut self, think: &Think, choice: Option<Choice>) -> Result<(), ApiError> {
        self.refuse_over()?;
        if self.st != think.st || self.hist.len() != think.hist.len() {
            return Err(ApiError::NotYourTurn("the game changed while the AI thought; ask again".to_string()));
        }
        let Some(c) = choice else { return Err(ApiError::GameOver("no legal action".to_string())) };
        let (list, _) = self.node()?;
        self.events.clear();
        self.redo.clear();
        if !self.hidden_step() {
            let who = format!("{} ({})", self.g.players[self.mover()], side_name(self.side()));
            self.events.push(format!("{who} plays {}", c.notation));
        }
        self.commit(&c, &list);
        self.settle()
    }

    /// Plays a decision, remembering the position before it, and says what it did (a
    /// hidden choice only that it was made).
    fn commit(&mut self, c: &Choice, list: &MoveList) {
        let g = self.g.clone();
        let before = self.st.clone();
        let person = !g.is_chance(&before) && self.side() == Side::Human;
        self.hist.push(g.position_key(&self.st));
        c.apply(&g, &mut self.st);
        self.record.push(c.notation.clone());
        if g.is_chance(&before) {
            let p =
                list.moves.iter().position(|x| *x == c.mv).and_then(|i| g.chance_probs(&before, list).get(i).copied());
            self.events.push(match p {
                Some(p) => format!("chance: {} ({})", c.notation, fraction(p)),
                None => format!("chance: {}", c.notation),
            });
        }
        if g.pending_step(&before).is_some_and(|s| s.hidden) {
            let who = &g.players[before.to_move as usize % g.np()];
            self.events.push(format!("{who} has chosen (hidden until the choices are all made)"));
        } else {
            // (Chance's outcome has its own line: `chance: die:4 (1/6)`.)
            let events = g.events(&before, list, &c.mv, &self.st);
            let said = events.iter().filter(|e| !(g.is_chance(&before) && matches!(e, Event::Outcome { .. })));
            self.events.extend(said.map(|e| e.describe(&g)));
        }
        self.before.push((before, person));
        self.reveal();
    }

    /// Resolves chance nodes (an outcome met before is drawn the same), then notes where a
    /// run of hidden choices begins.
    fn settle(&mut self) -> Result<(), ApiError> {
        for _ in 0..MAX_AUTOMATIC {
            let (list, status) = self.node()?;
            if status != Status::Chance || self.setup.ended.is_some() {
                break;
            }
            self.chance(&list);
        }
        self.note_hidden();
        Ok(())
    }

    /// At a hidden step, the public board is kept from its first choice on.
    fn note_hidden(&mut self) {
        if self.hidden_step() && self.public.is_none() {
            self.public = Some((self.st.clone(), self.record.len()));
        }
    }

    /// Chance draws an outcome (the one drawn before at this node, if any).
    fn chance(&mut self, list: &MoveList) {
        let g = self.g.clone();
        let key = chance_key(&g, &self.st, self.record.len());
        let again = self.drawn.get(&key).and_then(|n| g.find_move(&self.st, list, n));
        let m = again.unwrap_or_else(|| sample_chance(&g, &self.st, list, &mut self.rng));
        let c = Choice::of(&g, &self.st, list, &m);
        self.drawn.insert(key, c.notation.clone());
        self.commit(&c, list);
    }

    /// Once the hidden choices are all made: what they were and what they did.
    fn reveal(&mut self) {
        if self.public.is_none() || self.hidden_step() {
            return;
        }
        let Some((before, n)) = self.public.take() else { return };
        self.events.push(format!("hidden choices revealed: {}", self.record[n..].join(" ")));
        self.events.extend(self.g.changes(&before, &self.st).iter().map(|e| e.describe(&self.g)));
    }

    /// Back to the previous human decision (a resignation is taken back first).
    pub fn undo(&mut self) -> Result<(), ApiError> {
        self.events.clear();
        if let Some((_, why)) = self.setup.ended.take() {
            self.events.push(format!("taken back: {why}"));
            return Ok(());
        }
        let back = self.before.iter().rposition(|u| u.1).ok_or(ApiError::NothingToUndo)?;
        let undone = self.before.len() - back;
        self.st = self.before[back].0.clone();
        self.before.truncate(back);
        self.hist.truncate(self.hist.len().saturating_sub(undone));
        self.redo.push(self.record.split_off(back));
        self.public = self.hidden_start();
        let who = &self.g.players[self.mover()];
        self.events
            .push(format!("undone {undone} action{}: back to {who}'s decision", if undone == 1 { "" } else { "s" }));
        Ok(())
    }

    /// Plays again what the last undo took back: the same actions, the same outcomes.
    pub fn redo(&mut self) -> Result<(), ApiError> {
        let actions = self.redo.pop().ok_or(ApiError::NothingToRedo)?;
        self.events = vec![format!("redone: {}", self.redo_words(&actions))];
        let g = self.g.clone();
        for a in &actions {
            let (list, status) = self.node()?;
            let Some(m) = g.find_move(&self.st, &list, a).filter(|_| !matches!(status, Status::Over(_))) else {
                self.redo.clear();
                break;
            };
            self.commit(&Choice::of(&g, &self.st, &list, &m), &list);
            self.note_hidden();
        }
        self.settle()
    }

    /// The actions a redo plays, as the players may see them (a hidden choice as `?`).
    fn redo_words(&self, actions: &[String]) -> String {
        let mut st = self.st.clone();
        let mut words = vec![];
        for a in actions {
            let list = self.g.actions(&st);
            let Some(m) = self.g.find_move(&st, &list, a) else { break };
            words.push(if self.g.pending_step(&st).is_some_and(|d| d.hidden) { "?" } else { a.as_str() });
            self.g.apply(&mut st, &m, list.effects_of(&m));
        }
        words.join(" ")
    }

    /// `player` (default: the one to act) resigns; the next player wins.
    pub fn resign(&mut self, player: Option<usize>) -> Result<(), ApiError> {
        self.refuse_over()?;
        let me = self.player_or_mover(player)?;
        let w = (me + 1) % self.g.np();
        let why = format!("{} resigns", self.g.players[me]);
        self.events = vec![why.clone()];
        self.redo.clear();
        self.setup.ended = Some((Outcome::Win(w as u8), why));
        Ok(())
    }

    /// `player` when it is one of the game's players, else 400; by default the one to act.
    pub(super) fn player_or_mover(&self, player: Option<usize>) -> Result<usize, ApiError> {
        let (np, me) = (self.g.np(), player.unwrap_or(self.mover()));
        if me >= np {
            return Err(ApiError::BadRequest(format!(
                "player {me} is none of the game's {np} players (0 to {})",
                np - 1
            )));
        }
        Ok(me)
    }

    /// When the current position is inside a run of hidden choices: the position before
    /// the first of them and the number of actions before it.
    fn hidden_start(&self) -> Option<(State, usize)> {
        hidden_start(&self.g, &self.before, &self.st)
    }

    /// The position as the players see it (the public board while choices are hidden).
    pub(super) fn shown(&self) -> State {
        public_view(self.public.as_ref(), &self.st)
    }

    /// The number of actions that may be shown: while hidden choices are pending, those
    /// before the first of them.
    pub(super) fn public_len(&self) -> usize {
        self.public.as_ref().map_or(self.record.len(), |p| p.1).min(self.record.len())
    }

    /// Whether undo or redo would do something.
    pub(super) fn can_undo_redo(&self) -> (bool, bool) {
        (self.setup.ended.is_some() || self.before.iter().any(|u| u.1), !self.redo.is_empty())
    }

    /// The game record (hidden choices still pending left out), with the result of a
    /// resignation.
    pub fn record_text(&mut self) -> Result<String, ApiError> {
        let mut rec = self
            .recorder
            .record(&self.g, &self.setup.header, &self.record)
            .map_err(|e| ApiError::BadRecord(format!("the game's record does not replay: {e}")))?;
        if let Some((outcome, why)) = &self.setup.ended {
            rec.set_outcome(*outcome, Some(why));
        }
        Ok(rec.to_text())
    }
}

/// The action `text` stands for, read as the terminal reads it (any case, with or
/// without `-` and `=`, a decision's choice without its step name: `c3` for `STEP:c3`);
/// else 400 illegal-action with the terminal's reason (without its command hints).
fn forgiving(g: &Game, st: &State, list: &MoveList, text: &str) -> Result<crate::engine::Move, ApiError> {
    if text.chars().count() > MAX_ACTION || text.chars().any(char::is_control) {
        return Err(ApiError::IllegalAction(format!("`{}` is no legal action here", short(text))));
    }
    match read_action(g, st, list, text) {
        Reading::Play(m) => Ok(m),
        Reading::Refuse(why) => {
            let hints = [
                (" (type `moves` for the actions, `help` for the commands)", ""),
                (" (type `help`)", ""),
                ("neither an action nor a command", "not an action"),
            ];
            Err(ApiError::IllegalAction(hints.iter().fold(why, |w, (h, by)| w.replace(h, by))))
        }
    }
}
