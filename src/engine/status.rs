//! Game ends: the status of a node from the end rules.

use crate::board::NONE;
use crate::engine::action::{Move, MoveList};
use crate::engine::eval::Ctx;
use crate::engine::repetition::KeyParts;
use crate::engine::state::State;
use crate::ir::{Cond, EndRule, Game, Outcome, ZoneId};

/// How a node of the game tree stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// A player decides.
    Decision(u8),
    /// Chance decides (see [`Game::chance_probs`]).
    Chance,
    /// The game is over: the winner, or None for a draw.
    Over(Option<u8>),
}

/// What the end rules say of a node before its moves are known ([`Game::judge_early`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Early {
    /// No rule that needs no moves ends the game here.
    Open,
    /// The game is over.
    Ends(Status),
    /// A rule that needs no moves holds, but an earlier one that needs them might end the
    /// game otherwise: only the moves tell.
    Undecided,
}

impl Game {
    /// The game result at a node, given its legal moves; `history` holds position keys of
    /// earlier positions (for repetition); `automatic` applies repetition and clock draws.
    pub fn status(&self, st: &State, moves: &MoveList, history: &[u64], automatic: bool) -> Status {
        self.judge(st, moves, history, automatic).0
    }

    /// [`Game::status`] with the index in [`Game::ends`] of the end rule that decided it
    /// (None while the game goes on, or when it stopped because no rule covered a player
    /// without moves).
    pub fn judge(&self, st: &State, moves: &MoveList, history: &[u64], automatic: bool) -> (Status, Option<usize>) {
        self.judge_keyed(st, moves, history, automatic, None)
    }

    /// [`Game::judge`] with the position's key parts when the caller has them already
    /// ([`Game::key_parts`] of `st`; repetition is then judged without working them out).
    pub fn judge_keyed(
        &self,
        st: &State,
        moves: &MoveList,
        history: &[u64],
        automatic: bool,
        key: Option<&KeyParts>,
    ) -> (Status, Option<usize>) {
        let me = st.to_move;
        if st.pending().is_some() {
            // Game ends are judged between turns, not inside one.
            return (if self.is_chance(st) { Status::Chance } else { Status::Decision(me) }, None);
        }
        for (i, r) in self.ends.iter().enumerate() {
            if r.automatic && !automatic {
                continue;
            }
            if self.end_holds(st, self.cond(r.cond), moves, history, key) {
                let np = self.np() as u8;
                let winner = match r.outcome {
                    Outcome::Draw => None,
                    Outcome::Win => Some(me),
                    Outcome::Loss => (np == 2).then_some((me + 1) % np),
                };
                return (Status::Over(winner), Some(i));
            }
        }
        if moves.is_empty() {
            // No rule covers a player without moves: the game cannot go on; call it a draw.
            return (Status::Over(None), None);
        }
        (Status::Decision(me), None)
    }

    /// The game's end at a node between turns as far as it is known without the list of
    /// moves, judged in order: the result of the first rule that holds, when every rule
    /// before it is known not to hold or, needing the moves, would end the game the same
    /// way. None when no rule is known to hold, or when a rule before the one that holds
    /// needs the moves and could end it otherwise. A search uses it where generating the
    /// moves would cost more than the answer is worth. `key`: as in [`Game::judge_keyed`].
    pub fn judge_without_moves(
        &self,
        st: &State,
        history: &[u64],
        automatic: bool,
        key: Option<&KeyParts>,
    ) -> Option<Status> {
        match self.judge_early(st, history, automatic, key) {
            Early::Ends(s) => Some(s),
            Early::Open | Early::Undecided => None,
        }
    }

    /// [`Game::judge_without_moves`], telling apart a node that no rule needing no moves
    /// ends ([`Early::Open`]) from one that such a rule would end but for an earlier rule
    /// that needs the moves ([`Early::Undecided`]: a search must not take a stored value
    /// for it, since that rule, a repetition say, depends on the path).
    pub fn judge_early(&self, st: &State, history: &[u64], automatic: bool, key: Option<&KeyParts>) -> Early {
        if st.pending().is_some() {
            return Early::Open;
        }
        let me = st.to_move;
        let np = self.np() as u8;
        let status = |o: Outcome| match o {
            Outcome::Draw => Status::Over(None),
            Outcome::Win => Status::Over(Some(me)),
            Outcome::Loss => Status::Over((np == 2).then_some((me + 1) % np)),
        };
        let applies = |r: &EndRule| automatic || !r.automatic;
        // The first rule that holds among those that need no moves (the usual answer: none).
        let none = MoveList::default();
        let Some(j) = self
            .ends
            .iter()
            .position(|r| applies(r) && !r.needs_moves && self.end_holds(st, self.cond(r.cond), &none, history, key))
        else {
            return Early::Open;
        };
        let result = status(self.ends[j].outcome);
        // It decides unless a rule before it, needing the moves, might hold and end the
        // game otherwise.
        let undecided = self.ends[..j].iter().filter(|r| applies(r) && r.needs_moves && status(r.outcome) != result);
        for r in undecided {
            if self.end_known(st, self.cond(r.cond), history, key) != Some(false) {
                return Early::Undecided;
            }
        }
        Early::Ends(result)
    }

    /// Whether a condition holds, in three values: None when it depends on the list of
    /// moves (`no-moves`, `can-capture`, `can-move`) and the rest does not settle it.
    fn end_known(&self, st: &State, c: &Cond, history: &[u64], key: Option<&KeyParts>) -> Option<bool> {
        match c {
            Cond::NoMoves | Cond::CanCapture(_) | Cond::CanMove(..) => None,
            // And: false if any part is, true if all are; Or the other way round.
            Cond::And(v) | Cond::Or(v) => {
                let decisive = matches!(c, Cond::Or(_));
                let mut result = Some(!decisive);
                for x in v {
                    match self.end_known(st, x, history, key) {
                        Some(b) if b == decisive => return Some(decisive),
                        None => result = None,
                        Some(_) => {}
                    }
                }
                result
            }
            Cond::Not(x) => self.end_known(st, x, history, key).map(|b| !b),
            other => Some(self.end_holds(st, other, &MoveList::default(), history, key)),
        }
    }

    fn end_holds(&self, st: &State, c: &Cond, moves: &MoveList, history: &[u64], key: Option<&KeyParts>) -> bool {
        match c {
            Cond::NoMoves => moves.is_empty(),
            Cond::Repetition(n) => self.repeated(st, history, *n as usize, key),
            Cond::CanCapture(mask) => moves.moves.iter().any(|m| self.is_capture(st, m, moves.effects_of(m), *mask)),
            Cond::CanMove(mask, zones) => self.can_move(st, moves, *mask, zones),
            Cond::And(v) => v.iter().all(|x| self.end_holds(st, x, moves, history, key)),
            Cond::Or(v) => v.iter().any(|x| self.end_holds(st, x, moves, history, key)),
            Cond::Not(x) => !self.end_holds(st, x, moves, history, key),
            other => Ctx::new(self, st, st.to_move, NONE).holds(other, NONE, false),
        }
    }

    /// Whether a legal move (of the player to move) moves or drops a piece of a type in
    /// `mask`, landing in the player's part of the zone when one is given.
    fn can_move(&self, st: &State, moves: &MoveList, mask: u64, zones: &[ZoneId]) -> bool {
        let zone = zones.get(st.to_move as usize).map(|z| self.zone(*z));
        moves.moves.iter().any(|m| {
            let (k, to) = match m {
                Move::Piece(p) => (if p.stack != 0 { p.stack } else { st.board[p.from as usize] }, p.to),
                Move::Drop { ty, to } => (self.kind(*ty, st.to_move, false), *to),
                Move::Choose(_) | Move::Outcome(_) | Move::Chance(_) | Move::Pass => return false,
            };
            k != 0 && mask & (1 << self.kind_type[k as usize]) != 0 && zone.is_none_or(|z| z[to as usize])
        })
    }
}
