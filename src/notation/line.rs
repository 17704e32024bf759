//! Lines of play: actions written in notation, played one after another.

use crate::engine::state::State;
use crate::ir::Game;

impl Game {
    /// Plays `actions` (notations) from `st`, pushing the key of every position left onto
    /// `hist`. At the first action that is not legal, gives its index and text.
    pub fn play_line<'a>(
        &self,
        st: &mut State,
        hist: &mut Vec<u64>,
        actions: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), (usize, &'a str)> {
        for (i, a) in actions.into_iter().enumerate() {
            let list = self.actions(st);
            let m = self.find_move(st, &list, a).ok_or((i, a))?;
            hist.push(self.position_key(st));
            self.apply(st, &m, list.effects_of(&m));
        }
        Ok(())
    }
}
