//! Lines of play: actions written in notation, played one after another.

use crate::engine::Status;
use crate::engine::action::MoveList;
use crate::engine::state::State;
use crate::ir::Game;

/// Why a line of play stopped before one of its actions.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The action is not legal at its node.
    #[error("action {} `{action}` is not legal here", index + 1)]
    Illegal {
        /// Its index in the line (0-based).
        index: usize,
        /// Its text.
        action: String,
    },
    /// The game was over before the action, with the automatic rules (repetition,
    /// clocks) applied.
    #[error("the game ended before action {} `{action}`: {}", index + 1, rule.as_deref().map_or("no player can move".to_string(), |r| format!("by the rule `{r}`")))]
    Ended {
        /// Its index in the line (0-based).
        index: usize,
        /// Its text.
        action: String,
        /// The source text of the end rule that decided, when one did.
        rule: Option<String>,
    },
}

impl LineError {
    /// The index (0-based) of the action the line stopped before.
    pub fn index(&self) -> usize {
        match self {
            LineError::Illegal { index, .. } | LineError::Ended { index, .. } => *index,
        }
    }
}

impl Game {
    /// Plays `actions` (notations) from `st`, pushing the key of every position left onto
    /// `hist`. At the first action that is not legal, or is played after the game ended
    /// (automatic rules included), gives its index and text; [`Game::play_line_why`] says
    /// which of the two.
    pub fn play_line<'a>(
        &self,
        st: &mut State,
        hist: &mut Vec<u64>,
        actions: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), (usize, &'a str)> {
        let mut texts = vec![];
        let actions = actions.into_iter().inspect(|a| texts.push(*a));
        self.play_line_why(st, hist, actions).map_err(|e| (e.index(), texts[e.index()]))
    }

    /// [`Game::play_line`] with a typed error: the action was illegal, or the game had
    /// ended before it (and by which end rule, [`crate::ir::EndRule::text`]).
    pub fn play_line_why<'a>(
        &self,
        st: &mut State,
        hist: &mut Vec<u64>,
        actions: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), LineError> {
        let mut list = MoveList::default();
        let mut scratch = st.clone();
        for (index, a) in actions.into_iter().enumerate() {
            if let (Status::Over(_), rule) = self.judge_node_into(st, hist, true, &mut list, &mut scratch) {
                let rule = rule.map(|i| self.ends[i].text.clone());
                return Err(LineError::Ended { index, action: a.to_string(), rule });
            }
            let m = self.find_move(st, &list, a).ok_or_else(|| LineError::Illegal { index, action: a.to_string() })?;
            hist.push(self.position_key(st));
            self.apply(st, &m, list.effects_of(&m));
        }
        Ok(())
    }
}
