//! A draw offered by a player: machine opponents accept when their material is not ahead
//! (as they do in the terminal's `play`); when a person is among the opponents, the
//! request carries their answer (the page asks them at the same screen).

use super::error::ApiError;
use super::session::Session;
use crate::ai::material;
use crate::front::Side;
use crate::record::{DRAW_AGREED, Outcome};

impl Session {
    /// `player` (default: the one to act) offers a draw; `accepted` is the opponents'
    /// answer, required when a person is among them. Agreed, the game ends drawn (undo
    /// takes it back, as a resignation).
    pub fn draw(&mut self, player: Option<usize>, accepted: Option<bool>) -> Result<(), ApiError> {
        self.refuse_over()?;
        let me = self.player_or_mover(player)?;
        let others: Vec<usize> = (0..self.g.np()).filter(|&p| p != me).collect();
        let names: Vec<&str> = others.iter().map(|&p| self.g.players[p].as_str()).collect();
        let names = names.join(" and ");
        let yes = if others.iter().any(|&p| self.setup.sides[p] == Side::Human) {
            accepted.ok_or_else(|| {
                ApiError::BadRequest(format!("{names} must answer the offer: give `accepted` (true or false)"))
            })?
        } else {
            others.iter().all(|&p| material(&self.g, &self.st, p as u8) <= 0)
        };
        let s = if others.len() == 1 { "s" } else { "" };
        self.events = vec![format!("{} offers a draw", self.g.players[me])];
        if !yes {
            self.events.push(format!("{names} decline{s} the draw"));
            return Ok(());
        }
        self.events.push(format!("{names} accept{s}: {DRAW_AGREED}"));
        self.redo.clear();
        self.setup.ended = Some((Outcome::Draw, DRAW_AGREED.to_string()));
        Ok(())
    }
}
