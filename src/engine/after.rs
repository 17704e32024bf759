//! Legality judged on the position after the move: `illegal` rules, together with royal
//! safety, and their fast filter (a move that changes no cell any attack on a royal piece
//! looks at leaves every check as it was, so a condition about check keeps its value).

use crate::board::{Cell, NONE};
use crate::engine::action::{Move, MoveList};
use crate::engine::eval::Ctx;
use crate::engine::legal::{is_entry, on};
use crate::engine::state::State;
use crate::ir::{Game, IllegalRule};

/// How deep `no-moves` questions of `illegal` rules may nest (each asks about the legal
/// moves after a drop).
const MAX_NO_MOVES_NESTING: u32 = 64;

/// What the fast filter knows at a node: the royal piece of each player that has one, and
/// the value before the move (for the mover) of each rule that reads only check.
struct Quiet<'a> {
    /// Per player, its royal piece's cell (NONE: it has none).
    royals: &'a [Cell],
    /// A bit per `illegal` rule (at most 64) that reads only check and holds before the move.
    before: u64,
}

impl Game {
    /// Keeps the pseudo-legal moves in `out` that leave the mover's royal pieces safe and
    /// after which no `illegal` rule's condition holds for the mover.
    pub(crate) fn judge_after(&self, st: &State, out: &mut MoveList, scratch: &mut State) {
        let me = st.to_move;
        let royal = if self.has_royal { st.royal[me as usize] } else { NONE };
        // Without a royal piece on the board (one in hand, say) every move is safe.
        let royal_free = self.has_royal && royal == NONE && !self.owns_royal(st, me);
        // Conditional attacks count by their condition before the move.
        let gates = self.gates_at(st);
        let fast = self.attack.filter() && royal != NONE && !self.attacked_gated(st, royal, me, gates);
        let (pins, lines) = if fast { self.quiet_cells(st, me, royal) } else { ([0; 4], [0; 4]) };
        let quiet = self.quiet(st, scratch);
        let mut keep = 0;
        for i in 0..out.moves.len() {
            let m = out.moves[i];
            // Royal safety without applying: as in `legal_piece_moves`.
            let safe = !self.has_royal
                || royal_free
                || (fast
                    && (self.quiet_drop(&m, &lines)
                        || matches!(m, Move::Piece(p) if p.neff == 0
                        && p.from != royal
                        && !on(&pins, p.from)
                        && !on(&lines, p.from)
                        && !on(&lines, p.to))));
            let untouched = quiet.as_ref().filter(|q| self.untouched(q, &m));
            if untouched.is_none()
                && let Some(q) = &quiet
                && let Some(ok) = self.quiet_verdict(st, q, &m, safe, scratch)
            {
                if ok {
                    out.moves[keep] = m;
                    keep += 1;
                }
                continue;
            }
            let mut ok = true;
            let mut apply = !safe;
            let promoted = matches!(m, Move::Piece(p) if p.promo.is_some());
            let dropped = match m {
                Move::Drop { ty, .. } => ty,
                _ => u8::MAX,
            };
            // A rule about drops of some types holds after no other move.
            let moot =
                |rule: &IllegalRule| rule.drops_only != 0 && (dropped >= 64 || rule.drops_only & (1 << dropped) == 0);
            for (r, rule) in self.illegals.iter().enumerate() {
                if rule.promo_only && !promoted {
                    continue;
                }
                match untouched {
                    Some(q) if rule.checks_only => ok &= q.before & (1 << r) == 0,
                    _ if moot(rule) => {}
                    _ => apply = true,
                }
            }
            if ok && apply {
                scratch.clone_from(st);
                self.apply(scratch, &m, out.effects_of(&m));
                let mut cx = Ctx::new(self, scratch, me, NONE);
                cx.promoted = promoted;
                (cx.dropped, cx.judging) = (dropped, true);
                ok = (safe || !self.in_check_gated(scratch, me, gates))
                    && self.illegals.iter().all(|rule| {
                        (untouched.is_some() && rule.checks_only) || moot(rule) || !cx.test(rule.cond, NONE, false)
                    });
            }
            if ok {
                out.moves[keep] = m;
                keep += 1;
            }
        }
        out.moves.truncate(keep);
    }

    /// The first `illegal` rule that refuses move `m` (with its `effects`) at `st`, judged
    /// on the position after it as legality is: front ends use it to say why a move
    /// that leaves every royal piece safe is refused.
    pub fn refusing_rule(&self, st: &State, m: &Move, effects: &[crate::engine::Effect]) -> Option<&IllegalRule> {
        if self.illegals.is_empty() {
            return None;
        }
        let mut after = st.clone();
        self.apply(&mut after, m, effects);
        let mut cx = Ctx::new(self, &after, st.to_move, NONE);
        cx.promoted = matches!(m, Move::Piece(p) if p.promo.is_some());
        cx.judging = true;
        if let Move::Drop { ty, .. } = m {
            cx.dropped = *ty;
        }
        self.illegals.iter().find(|r| cx.test(r.cond, NONE, false))
    }

    /// For `no-moves` in an `illegal` rule: whether the player to move at `st` (the position
    /// after the move judged) has no legal move. Checking makes every such question follow
    /// a drop, so nesting ends as the hands empty; the depth is bounded besides.
    pub(crate) fn no_moves_after(&self, st: &State) -> bool {
        thread_local! {
            static DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
        }
        let depth = DEPTH.get();
        if depth >= MAX_NO_MOVES_NESTING {
            return false;
        }
        DEPTH.set(depth + 1);
        let (mut list, mut scratch) = (MoveList::default(), st.clone());
        self.legal_moves(st, &mut list, &mut scratch);
        DEPTH.set(depth);
        list.moves.is_empty()
    }

    /// The fast filter's knowledge at `st`, when the game has its table and every player
    /// has at most one royal piece. The rules are judged before the move as they would be
    /// after a move that sets no register (registers that do not last are cleared).
    fn quiet<'s>(&self, st: &'s State, scratch: &mut State) -> Option<Quiet<'s>> {
        if self.attack.touch.is_empty() || self.illegals.len() > 64 {
            return None;
        }
        let nf = self.nf();
        for p in 0..self.np() {
            if st.royal[p] == NONE && (0..self.types.len()).any(|t| self.types[t].royal && st.counts[t * nf + p] > 0) {
                return None;
            }
        }
        let view = if self.registers.is_empty() {
            st
        } else {
            scratch.clone_from(st);
            self.start_turn(scratch);
            &*scratch
        };
        let cx = Ctx::new(self, view, st.to_move, NONE);
        let before = self
            .illegals
            .iter()
            .enumerate()
            .fold(0, |bits, (i, r)| bits | (u64::from(r.checks_only && cx.test(r.cond, NONE, false)) << i));
        Some(Quiet { royals: &st.royal[..self.np()], before })
    }

    /// The verdict on a quiet piece move (no effects, not out of a stack, taking no royal
    /// piece) without playing it out, where the game has the gives-check table: its royal
    /// safety and whether it gives check, on a copy of the board with the move made.
    /// None when the table does not decide it.
    fn quiet_verdict(&self, st: &State, q: &Quiet, m: &Move, safe: bool, scratch: &mut State) -> Option<bool> {
        let t = &self.attack;
        let Move::Piece(p) = m else { return None };
        if is_entry(m) {
            return None;
        }
        let me = st.to_move as usize;
        let (mine, theirs) = (st.royal[me], st.royal[1 - me]);
        if t.ray_cells.is_empty()
            || p.neff != 0
            || p.stack != 0
            || q.before != 0
            || mine == NONE
            || theirs == NONE
            || p.to == theirs
            || !st.stacks.is_empty()
        {
            return None;
        }
        scratch.board.clone_from(&st.board);
        let mover = st.board[p.from as usize];
        let landed = match p.promo {
            Some(ty) => self.kind(ty, me as u8, true),
            None => self.moved(mover),
        };
        scratch.board[p.from as usize] = 0;
        scratch.board[p.to as usize] = landed;
        if !scratch.regs.is_empty() {
            scratch.regs.clone_from(&st.regs);
            self.start_turn(scratch);
        }
        if !safe {
            let r = if p.from == mine { p.to } else { mine };
            if self.attacked(scratch, r, me as u8) {
                return Some(false);
            }
        }
        // Check is given by a leap from the landing cell or along a slide through a cell
        // the move changed (the opponent was not in check before it).
        let k = landed as usize;
        let leap = t.leaps[me][theirs as usize].iter().any(|&(s, ks)| s == p.to && t.kindsets[ks as usize][k]);
        if leap {
            return Some(false);
        }
        let masks = &t.ray_cells[1 - me][theirs as usize];
        let mut lines = masks[p.from as usize] | masks[p.to as usize];
        let cx = Ctx::new(self, scratch, me as u8, NONE);
        while lines != 0 {
            let i = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            let (d, max, ks, origin) = t.rays[me][i];
            if self.ray_back(&cx, &t.kindsets[ks as usize], origin, theirs, d, max) {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Whether a move changes no cell that an attack on a royal piece looks at, and moves
    /// no royal piece: a piece move without effects (not out of a stack), or a drop.
    fn untouched(&self, q: &Quiet, m: &Move) -> bool {
        let (from, to) = match m {
            // An entering piece may attack from its cell: such moves are played out.
            Move::Piece(p) if p.neff == 0 && p.stack == 0 && !is_entry(m) => (p.from, p.to),
            Move::Drop { to, .. } => (NONE, *to),
            _ => return false,
        };
        let t = &self.attack.touch;
        let hit = |bits: &[u64], c: Cell| c != NONE && bits[c as usize / 64] & (1 << (c % 64)) != 0;
        q.royals.iter().enumerate().filter(|&(_, &r)| r != NONE).all(|(p, &r)| {
            let bits = &t[p][r as usize];
            from != r && to != r && !hit(bits, from) && !hit(bits, to)
        })
    }
}
