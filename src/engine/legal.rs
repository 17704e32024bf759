//! Legal moves: pseudo-legal generation of every piece, drops and stacks, then royal
//! safety (with the fast filter for quiet moves that cannot expose the royal piece).

use crate::board::{Cell, NONE};
use crate::engine::action::{Chosen, ChosenAs, Effect, Move, MoveList, PieceMove};
use crate::engine::eval::Ctx;
use crate::engine::movegen::Gen;
use crate::engine::occupancy::occupancy;
use crate::engine::state::State;
use crate::ir::{Game, Kind};

impl Game {
    /// Pseudo-legal moves of the player to move (own royal safety not checked).
    pub fn pseudo_moves(&self, st: &State, out: &mut MoveList) {
        self.pseudo_moves_knowing(st, out, None);
    }

    /// [`Game::pseudo_moves`], told whether the player to move is in check (its one royal
    /// piece attacked) when the caller knows.
    fn pseudo_moves_knowing(&self, st: &State, out: &mut MoveList, check: Option<bool>) {
        let me = st.to_move;
        let np = self.np();
        let mut pg = Gen::new(self, st, me, NONE, out, NONE);
        pg.know_check(check);
        if !self.custodians.is_empty() {
            pg.know_occupancy();
        }
        // Without pushes or entries, a landing of a piece with no promotion rules is one move
        // as it stands (with its custodian captures).
        let plain = self.pushes.is_empty() && self.entries.is_empty();
        for (c, &k) in st.board.iter().enumerate() {
            if k == 0 {
                continue;
            }
            let owner = self.kind_owner[k as usize];
            if owner != me && (owner as usize) < np {
                continue;
            }
            if !st.stacks.is_empty() && st.stacks.iter().any(|&(x, _)| x as usize == c) {
                continue;
            }
            let slot = self.kind_type[k as usize] as usize * np + me as usize;
            let promos = &self.promotions[slot];
            let from_promotes = promos.iter().any(|p| p.from.is_some_and(|z| self.zone(z)[c]));
            pg.start(c as Cell, plain && !from_promotes, &self.promote_cells[slot]);
            for &p in &self.gen_of[slot] {
                let prog = self.program(p);
                if prog.waits.is_none_or(|r| st.regs[r as usize] != NONE) {
                    pg.run(prog);
                }
            }
        }
        drop(pg);
        if !st.stacks.is_empty() {
            self.stack_moves(st, out);
        }
        if !self.drops.is_empty() {
            self.drop_moves(st, out);
        }
    }

    /// Drops: a piece of a type with a drop rule, from the mover's reserve, onto each cell
    /// where the rule's condition holds (empty cells only).
    fn drop_moves(&self, st: &State, out: &mut MoveList) {
        let me = st.to_move;
        let cx = Ctx::new(self, st, me, NONE);
        for &(t, slot) in &self.reserves {
            if st.vars[slot.at(me as usize)] <= 0 {
                continue;
            }
            let rules = self.drops.iter().filter(|(mask, _)| mask & (1 << t) != 0).map(|(_, ids)| ids[me as usize]);
            if rules.clone().next().is_none() {
                continue;
            }
            for c in 0..st.board.len() as Cell {
                if st.board[c as usize] == 0 && rules.clone().any(|r| cx.test(r, c, false)) {
                    out.moves.push(Move::Drop { ty: t, to: c });
                }
            }
        }
    }

    /// Moves of the pieces of stacks: each piece the player may move runs its programs from
    /// the stack's cell, on a copy of the position where it is the cell's board piece.
    fn stack_moves(&self, st: &State, out: &mut MoveList) {
        let me = st.to_move;
        let np = self.np();
        let mut tmp = State::copy_pooled(st);
        for (j, &(c, _)) in st.stacks.iter().enumerate() {
            if j > 0 && st.stacks[j - 1].0 == c {
                continue;
            }
            for (i, k) in self.pieces_at(st, c).enumerate() {
                let owner = self.kind_owner[k as usize];
                if (owner != me && (owner as usize) < np) || self.pieces_at(st, c).take(i).any(|x| x == k) {
                    continue;
                }
                tmp.clone_from(st);
                let first = tmp.board[c as usize];
                if first != k {
                    tmp.board[c as usize] = k;
                    let at = tmp.stacks.iter().position(|&e| e == (c, k)).unwrap();
                    tmp.stacks[at] = (c, first);
                    tmp.stacks.sort_unstable();
                }
                let slot = self.kind_type[k as usize] as usize * np + me as usize;
                let mut g = Gen::new(self, &tmp, me, c, out, NONE);
                g.stack = k;
                for &p in &self.gen_of[slot] {
                    g.run(self.program(p));
                }
            }
        }
        tmp.give();
    }

    /// Legal moves of the player to move.
    pub fn legal_moves(&self, st: &State, out: &mut MoveList, scratch: &mut State) {
        out.clear();
        if st.pending().is_some() {
            return self.decision_actions(st, out);
        }
        let check = self.legal_piece_moves(st, out, scratch);
        if self.may_pass(st, check) {
            out.moves.push(Move::Pass);
        }
        if !self.requires.is_empty() {
            self.oblige(st, out);
        }
    }

    /// Whether the player to move may pass: some `pass` rule's condition holds. A pass is
    /// not judged by the royal-piece rule (its condition says when it is allowed).
    /// `check`: whether the player is in check, if known.
    fn may_pass(&self, st: &State, check: Option<bool>) -> bool {
        !self.passes.is_empty() && {
            let mut cx = Ctx::new(self, st, st.to_move, NONE);
            cx.known_check = check;
            self.passes.iter().any(|&c| cx.test(c, NONE, false))
        }
    }

    /// For the fast legality filter at `st`, where `me`'s royal piece on `royal` is not
    /// attacked: the cells of its pinned pieces, and the cells whose change can alter an
    /// attack on it by the pieces on the board (a quiet move of another piece touching none
    /// of either cannot expose it).
    pub(crate) fn quiet_cells(&self, st: &State, me: u8, royal: Cell) -> ([u64; 4], [u64; 4]) {
        self.quiet_cells_pinned(st, me, royal, self.attack.pins(self, st, me, royal))
    }

    /// [`Game::quiet_cells`] with the pins known.
    #[inline(always)]
    fn quiet_cells_pinned(&self, st: &State, me: u8, royal: Cell, pins: [u64; 4]) -> ([u64; 4], [u64; 4]) {
        let mut lines = [0; 4];
        let (a, b) = (self.attack.forward_cells(self, st, me, royal), self.attack.probe_cells(st, me, royal));
        lines.iter_mut().zip(a.iter().zip(&b)).for_each(|(x, (a, b))| *x = a | b);
        (pins, lines)
    }

    /// Whether an attack of another player that waits for a register (`[ep]`) has an
    /// attacker standing where it could reach `me`'s royal piece on `royal`.
    fn gated_threat(&self, st: &State, me: u8, royal: Cell) -> bool {
        let t = &self.attack;
        let stands = |o: &Cell, kinds: &[bool]| {
            let k = st.board[*o as usize];
            k != 0 && kinds[k as usize]
        };
        (0..self.np()).filter(|&p| p != me as usize).any(|p| {
            let gated = |&(fi, (_, kinds)): &(usize, &(_, Vec<bool>))| {
                t.gates[p][fi].is_some()
                    && t.reach_from[p].get(fi).is_none_or(|v| v[royal as usize].iter().any(|o| stands(o, kinds)))
            };
            self.forward_attacks[p].iter().enumerate().any(|x| gated(&x))
        })
    }

    /// For a plain step of the royal piece on `royal` (no effect, promotion or choice; no
    /// trigger an attack reads): whether it leaves the piece unattacked, judged on the
    /// position before the move when the attacks allow it ([`Game::attacked_after_step`]);
    /// `early`: where the fast legality filter applies, what it found; `view` is worked out
    /// at the node's first such step.
    fn royal_step_safe(
        &self,
        st: &State,
        m: &Move,
        royal: Cell,
        early: Option<&Early>,
        view: &mut Option<StepView>,
    ) -> Option<bool> {
        let Move::Piece(p) = m else { return None };
        let plain = p.neff == 0 && p.stack == 0 && p.promo.is_none() && p.chosen.is_none();
        let t = &self.attack;
        early.filter(|_| plain && p.from == royal && t.idle_triggers && t.plain_against[st.to_move as usize])?;
        let (live, occ) = view.get_or_insert_with(|| (self.live_kindsets(st), self.occupied_but(st, royal)));
        self.attacked_after_step(st, p.to, st.to_move, royal, *live, occ.as_ref()).map(|attacked| !attacked)
    }

    /// The occupied cells but `vacant`, where the attack tables hold lines and leaps as
    /// bits ([`crate::ir::AttackTables::line_bits`]).
    fn occupied_but(&self, st: &State, vacant: Cell) -> Option<[u64; 4]> {
        let mut occ = (!self.attack.line_bits.is_empty()).then(|| occupancy(&st.board))?;
        occ[vacant as usize / 64] &= !(1 << (vacant % 64));
        Some(occ)
    }

    /// Whether a move leaves every cell of `cells` alone and moves no royal piece: a drop
    /// or a move without effects that lands elsewhere, from elsewhere than `royal`.
    fn misses(&self, m: &Move, cells: &[u64; 4], royal: Cell) -> bool {
        match *m {
            Move::Piece(p) => p.neff == 0 && p.stack == 0 && p.chosen.is_none() && p.from != royal && !on(cells, p.to),
            Move::Drop { ty, to } => !self.types[ty as usize].royal && !on(cells, to),
            _ => false,
        }
    }

    /// Before the moves of `me`, whose royal piece stands on `royal`: the conditional
    /// attacks that count (their conditions read before the move), whether the piece is
    /// attacked and, where slides run along plain lines, its pins, found on the same walks
    /// back from it that tell whether a slide checks it.
    fn royal_attacked(&self, st: &State, me: u8, royal: Cell) -> Early {
        let gates = self.gates_at(st);
        if !self.attack.plain_lines {
            return Early { gates, check: self.attacked_gated(st, royal, me, gates), pins: None };
        }
        let (pins, slides) = self.attack.pins_and_slides::<true>(self, st, me, royal);
        let check = self.attacked_gated_but(st, royal, me, gates, Some(slides));
        Early { gates, check, pins: Some(pins) }
    }

    /// The legal moves of pieces (and drops); returns whether the player is in check when
    /// that was found on the way.
    fn legal_piece_moves(&self, st: &State, out: &mut MoveList, scratch: &mut State) -> Option<bool> {
        let me = st.to_move;
        let royal = st.royal[me as usize];
        // Whether the royal piece is attacked, which the fast filter below asks, is worked
        // out first: move conditions about it (`attacked` on its cell, `check`) then read
        // the answer.
        let early = (self.illegals.is_empty() && self.has_royal && self.attack.filter() && royal != NONE)
            .then(|| self.royal_attacked(st, me, royal));
        self.pseudo_moves_knowing(st, out, early.map(|e| e.check));
        if !self.illegals.is_empty() {
            self.judge_after(st, out, scratch);
            return None;
        }
        if !self.has_royal {
            return None;
        }
        if royal == NONE && !self.owns_royal(st, me) {
            // No royal piece on the board (it is in hand, say): nothing to expose.
            return None;
        }
        // Quiet moves of other pieces that touch no cell on a line to the royal piece
        // cannot expose it, unless it is attacked already.
        let gates = early.map_or_else(|| self.gates_at(st), |e| e.gates);
        let check = early.map(|e| e.check);
        let (pins, lines) = match early {
            Some(Early { check: false, pins: Some(pins), .. }) => self.quiet_cells_pinned(st, me, royal, pins),
            Some(Early { check: false, pins: None, .. }) => self.quiet_cells(st, me, royal),
            _ => ([0; 4], [0; 4]),
        };
        let fast = check == Some(false);
        // In check from a step or a plain slide, a move must take the attacker or block it.
        let evade =
            (check == Some(true) && self.attack.idle_triggers).then(|| self.check_line(st, me, royal)).flatten();
        // Registers set by a move change no attack unless an attack waits for one and could
        // reach the royal piece from where its attackers stand.
        let registers_safe = fast && !self.gated_threat(st, me, royal);
        let (mut keep, mut view) = (0, None);
        // A move with an entry from the reserve follows its plain move and shares its
        // verdict: the entering piece shields nothing (it arrives after the move).
        let (entries, mut plain_ok) = (!self.entries.is_empty(), false);
        for i in 0..out.moves.len() {
            let m = out.moves[i];
            let ok = if entries && is_entry(&m) {
                plain_ok
            } else if fast
                && let Move::Piece(p) = m
                && (p.neff == 0 || registers_safe && sets_only_registers(out.effects_of(&m)))
                && p.from != royal
                && !on(&pins, p.from)
                && !on(&lines, p.from)
                && !on(&lines, p.to)
            {
                true
            } else if fast && self.quiet_drop(&m, &lines) {
                true
            } else if evade.is_some_and(|cells| self.misses(&m, &cells, royal)) {
                false
            } else if let Some(safe) = self.royal_step_safe(st, &m, royal, early.as_ref(), &mut view) {
                safe
            } else {
                scratch.clone_from(st);
                self.apply_for_legality(scratch, &m, out.effects_of(&m));
                !self.in_check_gated(scratch, me, gates)
            };
            plain_ok = ok;
            if ok {
                out.moves[keep] = m;
                keep += 1;
            }
        }
        out.moves.truncate(keep);
        check
    }
}

/// What is known of the royal piece of the player to move before its moves are judged
/// ([`Game::royal_attacked`]).
#[derive(Clone, Copy)]
struct Early {
    /// The conditional attacks that count ([`Game::gates_at`]).
    gates: u64,
    /// Whether the royal piece is attacked.
    check: bool,
    /// Its pinned pieces' cells, where slides run along plain lines.
    pins: Option<[u64; 4]>,
}

/// What the royal piece's steps at a node read, worked out at its first such step: the
/// live kind sets ([`Game::live_kindsets`]) and, where the attack tables hold lines and
/// leaps as bits, the occupied cells but the royal piece's.
type StepView = (u64, Option<[u64; 4]>);

impl Game {
    /// Whether player `me` has a piece of a royal type on the board.
    pub(crate) fn owns_royal(&self, st: &State, me: u8) -> bool {
        let nf = self.nf();
        self.types.iter().enumerate().any(|(t, ty)| ty.royal && st.counts[t * nf + me as usize] > 0)
    }

    /// Whether a drop cannot expose the mover's royal piece, for the fast filter: it is
    /// not of a royal type and its cell is on no line or path of an attack on that piece.
    #[inline]
    pub(crate) fn quiet_drop(&self, m: &Move, lines: &[u64; 4]) -> bool {
        matches!(*m, Move::Drop { ty, to } if !self.types[ty as usize].royal && !on(lines, to))
    }
}

/// Whether a move's effects only set registers or name the cells it passes through (as a
/// two-cell step marks the cell it skips): they move and take nothing.
#[inline]
fn sets_only_registers(effects: &[Effect]) -> bool {
    effects.iter().all(|e| matches!(e, Effect::SetReg(..) | Effect::Via(_)))
}

/// Whether a move brings a reserve piece in on a cell it empties (an entry, `drop … at`).
#[inline]
pub(crate) fn is_entry(m: &Move) -> bool {
    matches!(m, Move::Piece(p) if matches!(p.chosen, Some(Chosen { how: ChosenAs::Entry(_), .. })))
}

/// A pseudo-legal move that a rule refuses, and why (see [`Game::refused_moves`]).
#[derive(Debug, Clone)]
pub struct Refusal {
    /// The move.
    pub mv: Move,
    /// The mover's royal pieces it would leave attacked (cells and kinds).
    pub exposed: Vec<(Cell, Kind)>,
    /// Else the name (or text) of the `illegal` rule that refuses it, if one does.
    pub rule: Option<String>,
}

impl Game {
    /// The pseudo-legal moves at `st` that a rule refuses, each with why: the mover's royal
    /// pieces it would leave attacked, or the `illegal` rule that refuses it (neither when
    /// another rule, such as an obligation, leaves it out). Front ends use it to say why a
    /// move is illegal.
    pub fn refused_moves(&self, st: &State) -> Vec<Refusal> {
        if st.pending().is_some() {
            return vec![];
        }
        let (mut legal, mut pseudo, mut scratch) = (MoveList::default(), MoveList::default(), st.clone());
        self.legal_moves(st, &mut legal, &mut scratch);
        self.pseudo_moves(st, &mut pseudo);
        let me = st.to_move;
        let gates = self.gates_at(st);
        let mut out = vec![];
        for &m in pseudo.moves.iter().filter(|m| !legal.moves.contains(m)) {
            scratch.clone_from(st);
            // A move with an entry is judged as the move without it.
            let judged = match m {
                Move::Piece(p) if is_entry(&m) => Move::Piece(PieceMove { chosen: None, ..p }),
                _ => m,
            };
            self.apply_for_legality(&mut scratch, &judged, pseudo.effects_of(&m));
            let royal = |c: usize| {
                let k = scratch.board[c];
                k != 0 && self.kind_owner[k as usize] == me && self.types[self.kind_type[k as usize] as usize].royal
            };
            let exposed = if self.has_royal {
                (0..scratch.board.len())
                    .filter(|&c| royal(c) && self.attacked_gated(&scratch, c as Cell, me, gates))
                    .map(|c| (c as Cell, scratch.board[c]))
                    .collect()
            } else {
                vec![]
            };
            let rule = if exposed.is_empty() {
                self.refusing_rule(st, &m, pseudo.effects_of(&m)).map(|r| r.label().to_string())
            } else {
                None
            };
            out.push(Refusal { mv: m, exposed, rule });
        }
        out
    }
}

/// Whether a cell's bit is set.
#[inline]
pub(crate) fn on(bits: &[u64; 4], c: Cell) -> bool {
    bits[c as usize / 64] & (1 << (c % 64)) != 0
}
