//! How a game ended, in words: the winner and the end rule that decided, as play, show,
//! selfplay and game records report it.

use crate::engine::{PatternOverrun, State, Status};
use crate::ir::Game;

/// The end of a finished game: who won and which end rule said so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verdict {
    /// The winner; None for a draw.
    pub winner: Option<u8>,
    /// The index in [`Game::ends`] of the deciding rule; None when the player to move had
    /// no action and no rule covered it (a draw).
    pub rule: Option<usize>,
}

impl Verdict {
    /// `white wins`, `draw`: the result alone, as `show` prints it after `result: `.
    pub fn result(&self, g: &Game) -> String {
        match self.winner {
            Some(w) => format!("{} wins", g.players[w as usize]),
            None => "draw".to_string(),
        }
    }

    /// Why: the deciding rule's name, else `the rule `TEXT``.
    pub fn reason(&self, g: &Game) -> String {
        match self.rule.map(|i| &g.ends[i]) {
            Some(r) => match &r.name {
                Some(n) => n.clone(),
                None => format!("the rule `{}`", r.text),
            },
            None => "no legal action, and no end rule covers that".to_string(),
        }
    }

    /// `black wins (checkmate)`, `draw (the rule `draw if repetition(3)`)`: result and reason.
    pub fn describe(&self, g: &Game) -> String {
        format!("{} ({})", self.result(g), self.reason(g))
    }
}

impl Game {
    /// The verdict at a node if the game is over there (automatic draw rules included),
    /// None while it goes on; `history` holds the keys of the earlier positions.
    pub fn verdict(&self, st: &State, history: &[u64]) -> Result<Option<Verdict>, PatternOverrun> {
        let mut list = crate::engine::MoveList::default();
        let mut scratch = st.clone();
        crate::engine::take_overrun();
        let (status, rule) = self.judge_node_into(st, history, true, &mut list, &mut scratch);
        if let Some(e) = crate::engine::take_overrun() {
            return Err(e);
        }
        Ok(match status {
            Status::Over(winner) => Some(Verdict { winner, rule }),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn names_the_rule_that_ended_the_game() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.toml")).unwrap();
        assert!(text.contains("loss \"checkmate\" if no-moves & check"));
        let unnamed = text.replace("loss \"checkmate\" if", "loss if");
        let dir = std::env::temp_dir().join(format!("interp-verdict-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("chess.toml");
        std::fs::write(&path, unnamed).unwrap();
        for (file, reason) in [(path.to_str().unwrap(), "the rule `loss if no-moves & check`")]
            .into_iter()
            .chain([(concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.toml"), "checkmate")])
        {
            let g = crate::open(file, &[]).unwrap();
            let mut st = g.initial();
            let mut hist = vec![];
            assert_eq!(g.verdict(&st, &hist).unwrap(), None);
            for a in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
                let m = g.find_move(&st, &g.actions(&st), a).unwrap();
                hist.push(g.position_key(&st));
                let list = g.actions(&st);
                g.apply(&mut st, &m, list.effects_of(&m));
            }
            let v = g.verdict(&st, &hist).unwrap().unwrap();
            assert_eq!(v.describe(&g), format!("black wins ({reason})"));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
