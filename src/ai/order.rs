//! Move ordering: the transposition table's move, captures by the value they take,
//! promotions, killer moves, quiet moves by their history; and the moves the quiescence
//! search follows.

use crate::ai::eval::piece_value;
use crate::ai::history::History;
use crate::board::Cell;
use crate::engine::ANY_TYPE;
use crate::engine::{Effect, Move, MoveList, State};
use crate::ir::Game;

/// Moves of one node to search: (ordering key, index in the node's move list); best first
/// once sorted with [`sort_best_first`].
pub(super) type MoveOrder = Vec<(i32, u32)>;

/// Ordering key of a move taking enemy pieces, before its gain.
const CAPTURE_KEY: i32 = 1_000_000;
/// Ordering key of a promotion, before the new type's value; keys below it are quiet moves.
pub(super) const PROMOTION_KEY: i32 = 500_000;
/// Ordering keys of a ply's two killer moves (the newer first), above every history score.
const KILLER_KEYS: [i32; 2] = [200_000, 100_000];
/// Added to the ordering key of the transposition table's move (above every other key:
/// captures gain at most `MAX_GAIN` units).
const TT_KEY: i32 = 1 << 29;
/// The most a capture's gain counts in its ordering key, in value units.
const MAX_GAIN: i32 = 100_000;

/// Whether an ordering key is a quiet move's: neither a capture nor a promotion.
pub(super) fn is_quiet_key(key: i32) -> bool {
    key % TT_KEY < PROMOTION_KEY
}

/// Sorts by key, highest first; equal keys keep the move list's order.
pub(super) fn sort_best_first(order: &mut MoveOrder) {
    order.sort_by_key(|&(k, i)| (-k, i));
}

/// Ordering key of a capture or promotion (0 for other moves): captures by the value of
/// the enemy pieces they take (most first, then cheapest mover first), then promotions by
/// the new type's value.
pub(super) fn tactical_key(g: &Game, st: &State, list: &MoveList, m: &Move) -> i32 {
    let Move::Piece(p) = m else {
        return 0; // a drop or a decision
    };
    let mut key = 0;
    if let Some(gain) = enemy_value_taken(g, st, p.from, p.to, list.effects_of(m), |k| piece_value(g, k)) {
        key += CAPTURE_KEY + gain.min(MAX_GAIN) * 1000 - piece_value(g, st.board[p.from as usize]).min(999);
    }
    if let Some(t) = p.promo {
        key += PROMOTION_KEY + g.types[t as usize].value.clamp(0, MAX_GAIN) * 1000;
    }
    key
}

/// The value (by `value` per kind) of the pieces not the mover's that a piece move from
/// `from` to `to` with `effects` takes at `st`, or None when it takes none. The cells taken
/// are those [`Game::is_capture`] looks at: the landing cell (unless the piece stays) and
/// every `Remove` effect's cell.
pub(super) fn enemy_value_taken(
    g: &Game,
    st: &State,
    from: Cell,
    to: Cell,
    effects: &[Effect],
    value: impl Fn(crate::ir::Kind) -> i32,
) -> Option<i32> {
    let landing = (to != from).then_some(to);
    let removed = effects.iter().filter_map(|e| if let Effect::Remove(c) = *e { Some(c) } else { None });
    let mut enemies = landing
        .into_iter()
        .chain(removed)
        .map(|c| st.board[c as usize])
        .filter(|&k| k != 0 && g.kind_owner[k as usize] != st.to_move);
    let first = enemies.next()?;
    Some(enemies.fold(value(first), |sum, k| sum + value(k)))
}

/// Whether the quiescence search follows move `m`: a capture (of any piece) or a promotion.
pub(super) fn is_tactical(g: &Game, st: &State, list: &MoveList, m: &Move) -> bool {
    g.is_capture(st, m, list.effects_of(m), ANY_TYPE) || m.piece().is_some_and(|p| p.promo.is_some())
}

/// Per ply, the last two quiet moves that caused a cutoff there (the newer first).
#[derive(Debug, Clone, Default)]
pub(super) struct Killers(Vec<[Option<Move>; 2]>);

impl Killers {
    /// Forgets every killer, keeping the plies.
    pub(super) fn forget(&mut self) {
        for k in self.0.iter_mut() {
            *k = [None, None];
        }
    }

    /// Makes room for killers at plies up to `ply`.
    pub(super) fn reach(&mut self, ply: usize) {
        if self.0.len() <= ply {
            self.0.resize(ply + 1, [None, None]);
        }
    }

    /// The ordering key of `m` as a killer at `ply` (0: not one).
    pub(super) fn key(&self, ply: usize, m: &Move) -> i32 {
        match self.0.get(ply) {
            Some(k) if k[0] == Some(*m) => KILLER_KEYS[0],
            Some(k) if k[1] == Some(*m) => KILLER_KEYS[1],
            _ => 0,
        }
    }

    /// Remembers `m`, a quiet move that caused a cutoff at `ply` (reached before).
    pub(super) fn remember(&mut self, ply: usize, m: Move) {
        let k = &mut self.0[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }
}

/// Ordering key of a move in the main search at `ply`: [`tactical_key`], or for quiet
/// moves their killer key or else their history score; the transposition table's move
/// first of all.
#[allow(clippy::too_many_arguments)]
pub(super) fn search_key(
    g: &Game,
    st: &State,
    list: &MoveList,
    m: &Move,
    killers: &Killers,
    history: &History,
    ply: usize,
    tt_move: Option<Move>,
) -> i32 {
    let mut key = tactical_key(g, st, list, m);
    if key == 0 {
        key = match killers.key(ply, m) {
            0 => history.score(st.to_move, m),
            k => k,
        };
    }
    if tt_move == Some(*m) { key + TT_KEY } else { key }
}
