//! What a position string may describe: checks of a read position against the game's own
//! data (royal pieces, compulsory promotions, reserves), so that positions no game could
//! reach are refused with a reason instead of played.

use crate::engine::state::State;
use crate::ir::{Game, StepBody, Stmt};
use crate::notation::PositionError;

pub use crate::ir::limits::MAX_PIECES;

impl Game {
    /// Checks a position read from a string; see [`PositionError`] for what is refused.
    pub(crate) fn validate_position(&self, st: &State) -> Result<(), PositionError> {
        self.check_reserves(st)?;
        if (st.setup_done as usize) < self.setup_steps.len() {
            // During the setup the pieces are still being placed.
            return Ok(());
        }
        self.check_royals(st)?;
        self.check_stacks(st)?;
        self.check_promotion_zones(st)
    }

    /// Only the setup makes stacks, and nothing joins a stack afterwards: every stack of a
    /// position holds pieces (type and faction) that the setup stacked on that cell.
    fn check_stacks(&self, st: &State) -> Result<(), PositionError> {
        let piece = |k: u8| (self.kind_type[k as usize], self.kind_owner[k as usize]);
        let mut cells: Vec<_> = st.stacks.iter().map(|&(c, _)| c).collect();
        cells.dedup();
        for c in cells {
            let mut have: Vec<_> = st.stacks.iter().filter(|s| s.0 == c).map(|s| piece(s.1)).collect();
            have.push(piece(st.board[c as usize]));
            let mut setup: Vec<_> = self.setup_stacks.iter().filter(|s| s.0 == c).map(|s| piece(s.1)).collect();
            setup.push(piece(self.setup[c as usize]));
            for p in have {
                match setup.iter().position(|&q| q == p) {
                    Some(i) => drop(setup.swap_remove(i)),
                    None => return Err(PositionError::ImpossibleStack { cell: self.board.name(c).to_string() }),
                }
            }
        }
        Ok(())
    }

    /// Reserves are not negative, and all pieces together stay within [`MAX_PIECES`].
    fn check_reserves(&self, st: &State) -> Result<(), PositionError> {
        let mut total = st.board.iter().filter(|&&k| k != 0).count() + st.stacks.len();
        for &(t, slot) in &self.reserves {
            for p in 0..self.np() {
                let n = st.vars[slot.at(p)];
                if n < 0 {
                    let (player, piece) = (self.players[p].clone(), self.types[t as usize].name.clone());
                    return Err(PositionError::NegativeReserve { player, piece, count: n });
                }
                total = total.saturating_add(usize::try_from(n).unwrap_or(usize::MAX));
            }
        }
        if total > MAX_PIECES {
            return Err(PositionError::TooManyPieces { count: total, max: MAX_PIECES });
        }
        Ok(())
    }

    /// Pieces of (type, owner) in the game's setup (board and stacks).
    fn setup_count(&self, t: usize, owner: usize) -> usize {
        let of = |k: &crate::ir::Kind| {
            *k != 0 && self.kind_type[*k as usize] as usize == t && self.kind_owner[*k as usize] as usize == owner
        };
        self.setup.iter().filter(|k| of(k)).count() + self.setup_stacks.iter().filter(|(_, k)| of(k)).count()
    }

    /// Types a game can bring into play beyond its setup: promotion targets, changes,
    /// drops and reserves (a mask).
    fn makeable_types(&self) -> u64 {
        let mut mask = self.drops.iter().fold(0, |m, (types, _)| m | types);
        mask |= self.reserves.iter().fold(0, |m, (t, _)| m | 1 << t);
        mask |= self.promotions.iter().flatten().flat_map(|p| &p.to).fold(0, |m, t| m | 1 << t);
        let step_stmts = self.steps.iter().flat_map(|s| match &s.body {
            StepBody::Choose(_, v) | StepBody::Relocate(_, v) => v.iter().collect::<Vec<_>>(),
            StepBody::Outcomes(o) => o.iter().flat_map(|(_, _, v)| v).collect(),
        });
        for s in self.triggers.iter().flat_map(|t| &t.stmts).chain(step_stmts) {
            if let Stmt::Change(t) | Stmt::Drop(t, ..) = s {
                mask |= 1 << t;
            }
        }
        mask
    }

    /// In a two-player game the player not to move is not in check; a player whose setup
    /// has royal pieces keeps at least one (a royal piece is never captured), and has no more of a royal type than the setup gave, unless the game can
    /// make more (promotion, change, drops).
    fn check_royals(&self, st: &State) -> Result<(), PositionError> {
        let makeable = self.makeable_types();
        let at_setup = st.board == self.setup && st.stacks == self.setup_stacks;
        if self.np() == 2 && !at_setup {
            // A move may not leave the mover's royal piece attacked: between turns, the
            // player who just moved is not in check (the setup itself follows no move).
            // (An attack search cut short by the pattern budget judges nothing: the
            // overrun stays recorded for the move generation that meets it next.) Conditional
            // attacks are left out: for a move's legality their condition is judged before the
            // move, at a position the string does not give.
            let other = 1 - st.to_move;
            if self.in_check_gated(st, other, 0) && !crate::engine::budget::overran() {
                return Err(PositionError::MoverLeftInCheck { player: self.players[other as usize].clone() });
            }
        }
        for p in 0..self.np() {
            let royal_types: Vec<usize> = (0..self.types.len()).filter(|&t| self.types[t].royal).collect();
            let in_setup: usize = royal_types.iter().map(|&t| self.setup_count(t, p)).sum();
            let now = |t: usize| st.counts[t * self.nf() + p] as usize;
            if in_setup > 0 && royal_types.iter().all(|&t| now(t) == 0) {
                let piece = self.types[royal_types[0]].name.clone();
                return Err(PositionError::NoRoyal { player: self.players[p].clone(), piece });
            }
            for &t in &royal_types {
                let max = self.setup_count(t, p);
                if makeable & (1 << t) == 0 && now(t) > max {
                    let (player, piece) = (self.players[p].clone(), self.types[t].name.clone());
                    return Err(PositionError::TooManyRoyals { player, piece, count: now(t), max });
                }
            }
        }
        Ok(())
    }

    /// A piece whose promotion in a zone is compulsory does not stand there unpromoted
    /// (unless the setup put such a piece on that cell). Games that move pieces other than
    /// by their own moves (pushes) or drop the type are not checked.
    fn check_promotion_zones(&self, st: &State) -> Result<(), PositionError> {
        if !self.pushes.is_empty() {
            return Ok(());
        }
        let droppable = self.drops.iter().fold(0, |m, (types, _)| m | types);
        for (c, &k) in st.board.iter().enumerate() {
            if k == 0 || self.setup[c] == k {
                continue;
            }
            let (t, owner) = (self.kind_type[k as usize] as usize, self.kind_owner[k as usize] as usize);
            if owner >= self.np() || droppable & (1 << t) != 0 {
                continue;
            }
            for pr in &self.promotions[t * self.np() + owner] {
                if !pr.optional
                    && !pr.to.is_empty()
                    && !pr.to.contains(&(t as u8))
                    && self.zone_sets[pr.zone.index()][c]
                {
                    let (player, piece) = (self.players[owner].clone(), self.types[t].name.clone());
                    let cell = self.board.name(c as crate::board::Cell).to_string();
                    return Err(PositionError::MustHavePromoted { player, piece, cell });
                }
            }
        }
        Ok(())
    }
}
