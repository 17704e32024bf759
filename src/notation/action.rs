//! Action notation (INTERFACE.md): `FROM-TO`, `X:` stack prefix, `=X` promotion, `xCELL` / `>CELL` choice.

use crate::board::NONE;
use crate::engine::state::{Move, MoveList, State};
use crate::ir::Game;

impl Game {
    /// The notation of a move at a position.
    pub fn notation(&self, st: &State, m: &Move) -> String {
        if m.from == NONE && st.phase != 0 {
            let ds = &self.steps[st.phase as usize - 1];
            return match &ds.body {
                crate::ir::StepBody::Outcomes(outs) => format!("{}:{}", ds.name, outs[m.choice as usize].0),
                _ => format!("{}:{}", ds.name, self.board.name(m.to)),
            };
        }
        if m.from == NONE {
            // A drop from a reserve.
            let l = if m.promo != 0 { self.types[m.promo as usize - 1].letter } else { '?' };
            return format!("{l}@{}", self.board.name(m.to));
        }
        let mut s = String::new();
        if m.stack != 0 {
            s.push(self.types[self.kind_type[m.stack as usize] as usize].letter);
            s.push(':');
        }
        s.push_str(&format!("{}-{}", self.board.name(m.from), self.board.name(m.to)));
        if m.promo != 0 {
            s.push('=');
            s.push(self.types[m.promo as usize - 1].letter);
        }
        if m.choice != NONE {
            s.push(if m.tag == 1 { '>' } else { 'x' });
            s.push_str(self.board.name(m.choice));
        }
        s
    }

    /// Finds the move with this notation among `moves`.
    pub fn find_move(&self, st: &State, moves: &MoveList, text: &str) -> Option<Move> {
        moves.moves.iter().find(|m| self.notation(st, m) == text).copied()
    }

    /// Notations of all moves, sorted by byte order.
    pub fn notations(&self, st: &State, moves: &MoveList) -> Vec<String> {
        let mut v: Vec<String> = moves.moves.iter().map(|m| self.notation(st, m)).collect();
        v.sort();
        v
    }
}
