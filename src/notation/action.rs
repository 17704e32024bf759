//! Action notation (INTERFACE.md): `FROM-TO`, `X:` stack prefix, `=X` promotion, `xCELL` / `>CELL`
//! choice, `/X` / `/X@CELL` entry from the reserve, `X@CELL` drops, `STEP:CELL` / `STEP:OUTCOME` decisions.

use crate::engine::{ChosenAs, Move, MoveList, PieceMove, State};
use crate::ir::{Game, StepBody};

impl Game {
    /// The notation of a move at a position.
    pub fn notation(&self, st: &State, m: &Move) -> String {
        match *m {
            Move::Piece(p) => self.piece_notation(&p),
            Move::Pass => "pass".to_string(),
            // A drop from a reserve.
            Move::Drop { ty, to } => format!("{}@{}", self.types[ty as usize].letter, self.board.name(to)),
            Move::Choose(cell) => match self.pending_step(st) {
                Some(ds) => format!("{}:{}", ds.name, self.board.name(cell)),
                None => format!("?:{}", self.board.name(cell)),
            },
            Move::Outcome(i) | Move::Chance(i) => match self.pending_step(st) {
                Some(ds) => match &ds.body {
                    StepBody::Outcomes(outs) => format!("{}:{}", ds.name, outs[i as usize].0),
                    _ => format!("{}:?", ds.name),
                },
                None => "?".to_string(),
            },
        }
    }

    fn piece_notation(&self, m: &PieceMove) -> String {
        let mut s = String::new();
        if m.stack != 0 {
            s.push(self.types[self.kind_type[m.stack as usize] as usize].letter);
            s.push(':');
        }
        s.push_str(&format!("{}-{}", self.board.name(m.from), self.board.name(m.shown())));
        if let Some(t) = m.promo {
            s.push('=');
            s.push(self.types[t as usize].letter);
        }
        if let Some(c) = m.chosen {
            match c.how {
                ChosenAs::Pushed => s.push('>'),
                ChosenAs::Victim => s.push('x'),
                ChosenAs::Entry(t) => {
                    s.push('/');
                    s.push(self.types[t as usize].letter);
                    if c.cell == m.from {
                        return s;
                    }
                    s.push('@');
                }
                // Written in place of the landing cell, above.
                ChosenAs::Written => return s,
            }
            s.push_str(self.board.name(c.cell));
        }
        s
    }

    /// Finds the move with this notation among `moves`.
    pub fn find_move(&self, st: &State, moves: &MoveList, text: &str) -> Option<Move> {
        moves.moves.iter().find(|m| self.notation_in(st, moves, m) == text).copied()
    }

    /// Notations of all moves, sorted by byte order.
    pub fn notations(&self, st: &State, moves: &MoveList) -> Vec<String> {
        let mut v: Vec<String> = moves.moves.iter().map(|m| self.notation_in(st, moves, m)).collect();
        v.sort();
        v
    }
}
