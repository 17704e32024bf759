//! The game a protocol session is at: the position, the keys of the earlier positions (for
//! repetition) and the positions before each action (for XBoard's `undo`).

use crate::engine::{Move, MoveList, State};
use crate::ir::Game;
use crate::protocol::ProtocolError;
use crate::protocol::coords::Coords;

/// A game in progress, as the protocol's client set it up.
#[derive(Debug, Clone)]
pub struct Position {
    /// The current position.
    pub st: State,
    /// Keys of the earlier positions.
    pub hist: Vec<u64>,
    /// The positions before each action played, last last.
    before: Vec<State>,
}

impl Position {
    /// The game's setup.
    pub fn start(g: &Game) -> Self {
        Position { st: g.initial(), hist: vec![], before: vec![] }
    }

    /// The position of a position string (FEN for chess).
    pub fn from_fen(g: &Game, fen: &str) -> Result<Self, ProtocolError> {
        let st = g.parse_position(fen).map_err(|e| ProtocolError::BadPosition(e.to_string()))?;
        Ok(Position { st, hist: vec![], before: vec![] })
    }

    /// The legal actions here, whatever the automatic draw rules say (the client
    /// adjudicates those); an error when a pattern run went over its budget.
    pub fn actions(&self, g: &Game) -> Result<MoveList, ProtocolError> {
        g.checked_actions(&self.st).map_err(|e| ProtocolError::Engine(e.to_string()))
    }

    /// Plays the action written `text` (protocol coordinates or the game's notation).
    pub fn play(&mut self, g: &Game, coords: &Coords, text: &str) -> Result<(), ProtocolError> {
        let list = self.actions(g)?;
        if list.is_empty() {
            return Err(ProtocolError::Over(text.to_string()));
        }
        let m = coords
            .find(g, &self.st, &list, text)
            .map_err(|why| ProtocolError::Illegal { action: text.to_string(), why })?;
        self.play_move(g, &list, &m);
        Ok(())
    }

    /// Plays action `m` of `list`, the legal actions here.
    pub fn play_move(&mut self, g: &Game, list: &MoveList, m: &Move) {
        self.hist.push(g.position_key(&self.st));
        self.before.push(self.st.clone());
        g.apply(&mut self.st, m, list.effects_of(m));
    }

    /// Actions played since the start or the position string.
    pub fn plies(&self) -> usize {
        self.before.len()
    }

    /// The end of the game here, in XBoard's and PGN's terms (`1-0 {white wins (checkmate)}`),
    /// if it is over (the automatic draw rules included) and has two players.
    pub fn result(&self, g: &Game) -> Option<String> {
        let v = g.verdict(&self.st, &self.hist).ok()??;
        let score = match v.winner {
            _ if g.np() != 2 => return None,
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        };
        Some(format!("{score} {{{}}}", v.describe(g)))
    }

    /// Takes back the last action; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.before.pop() {
            Some(st) => {
                self.st = st;
                self.hist.pop();
                true
            }
            None => false,
        }
    }
}
