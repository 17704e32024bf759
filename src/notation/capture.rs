//! Draughts-style notation under `captures distinct`: `FROM-TO` for a move that takes
//! nothing, `FROMxTO` for a capture, and `FROMxVIAx…xTO` (the cells passed through, from
//! `via`) when another action of the same piece to the same cell takes other pieces.

use crate::engine::{Effect, Move, MoveList, PieceMove, State};
use crate::ir::Game;

impl Game {
    /// The notation of move `m` of `list` at `st`: as [`Game::notation`], except in a game
    /// with `captures distinct`, where it is written with the effects the list holds.
    pub fn notation_in(&self, st: &State, list: &MoveList, m: &Move) -> String {
        match (self.identity, m) {
            (Some(by_path), Move::Piece(p)) => self.capture_notation(st, list, p, list.effects_of(m), by_path),
            _ => self.notation(st, m),
        }
    }

    fn capture_notation(&self, st: &State, list: &MoveList, p: &PieceMove, eff: &[Effect], by_path: bool) -> String {
        let takes = self.is_capture(st, &Move::Piece(*p), eff, crate::engine::ANY_TYPE);
        let sep = if takes { 'x' } else { '-' };
        let mut s = String::new();
        if p.stack != 0 {
            s.push(self.types[self.kind_type[p.stack as usize] as usize].letter);
            s.push(':');
        }
        s.push_str(self.board.name(p.from));
        if self.told_apart(list, p, eff, by_path) {
            for e in eff {
                if let Effect::Via(c) = *e
                    && c != p.to
                {
                    s.push(sep);
                    s.push_str(self.board.name(c));
                }
            }
        }
        s.push(sep);
        s.push_str(self.board.name(p.shown()));
        if let Some(t) = p.promo.filter(|_| !self.sole_promotion(st, p)) {
            s.push('=');
            s.push(self.types[t as usize].letter);
        }
        if let Some(c) = p.extra() {
            s.push('x');
            s.push_str(self.board.name(c));
        }
        s
    }

    /// Whether another action of the list moves the same piece to the same cell, with the
    /// same promotion, but takes other pieces (or, `by_path`, passes through other cells).
    fn told_apart(&self, list: &MoveList, p: &PieceMove, eff: &[Effect], by_path: bool) -> bool {
        list.moves.iter().any(|x| match x {
            Move::Piece(q)
                if q.from == p.from && q.shown() == p.shown() && q.promo == p.promo && q.stack == p.stack =>
            {
                let other = list.effects_of(x);
                !crate::engine::movegen::same_captures(eff, other, by_path)
            }
            _ => false,
        })
    }

    /// Whether the promotion of `p` is the only way its move is played (compulsory, one
    /// type): then the notation does not write it, as draughts players do not.
    fn sole_promotion(&self, st: &State, p: &PieceMove) -> bool {
        let mover = if p.stack != 0 { p.stack } else { st.board[p.from as usize] };
        let me = self.kind_owner[mover as usize] as usize;
        let slot = self.kind_type[mover as usize] as usize * self.np() + me;
        self.promotions[slot]
            .iter()
            .find(|r| self.zone(r.zone)[p.to as usize])
            .is_some_and(|r| !r.optional && r.to.len() == 1)
    }
}
