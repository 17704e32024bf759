//! Attacks and check: reversed probes walked back from the target, leap tables, and
//! forward runs of programs that cannot be reversed.

use crate::board::{Board, Cell, NONE};
use crate::engine::action::MoveList;
use crate::engine::eval::Ctx;
use crate::engine::movegen::Gen;
use crate::engine::occupancy::{first_on, occupied_in};
use crate::engine::state::State;
use crate::ir::limits::CELL_WORDS;
use crate::ir::{AttackTables, CondId, Game, Kind, Probe};

impl Game {
    /// Whether a piece of one of the types in `mask`, standing on `cell` for player `me`,
    /// would attack a piece of another player (the condition `threatens(X)`): some
    /// capturing program of its attacks (its `attack` lines, else its moves) could take it.
    /// `vacant` counts as empty (the moving piece's origin, when asked during a move).
    pub fn threatens(&self, st: &State, me: u8, cell: Cell, vacant: Cell, mask: u64) -> bool {
        let np = self.np();
        (0..self.types.len()).filter(|&t| mask & (1 << t) != 0).any(|t| {
            let slot = t * np + me as usize;
            let progs = if self.attacks_of[slot].is_empty() { &self.moves_of[slot] } else { &self.attacks_of[slot] };
            progs.iter().any(|&p| self.program(p).captures && Gen::threatens(self, st, me, cell, vacant, p))
        })
    }

    /// Whether player `p` has a royal piece under attack.
    pub fn in_check(&self, st: &State, p: u8) -> bool {
        self.has_royal && self.in_check_gated(st, p, self.gates_at(st))
    }

    /// [`Game::in_check`] with the conditional attacks that count given by `gates` (a bit
    /// per entry of [`Game::attack_gates`], see [`Game::gates_at`]).
    pub fn in_check_gated(&self, st: &State, p: u8, gates: u64) -> bool {
        let r = st.royal[p as usize];
        if r != NONE {
            return self.attacked_gated(st, r, p, gates);
        }
        st.board.iter().enumerate().any(|(c, &k)| {
            k != 0
                && self.kind_owner[k as usize] == p
                && self.types[self.kind_type[k as usize] as usize].royal
                && self.attacked_gated(st, c as Cell, p, gates)
        })
    }

    /// The conditional attacks (`attack PATTERN if COND`) whose condition holds at `st`,
    /// a bit per entry of [`Game::attack_gates`] (0 in a game without them).
    pub fn gates_at(&self, st: &State) -> u64 {
        let mut bits = 0;
        for (i, &(cond, p)) in self.attack_gates.iter().enumerate() {
            if Ctx::new(self, st, p, NONE).test(cond, NONE, false) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// Whether cell `c` is attacked by any player other than `victim`: some piece of theirs
    /// could capture on it (by landing on it or removing it) if it were theirs to move.
    /// An empty cell is judged as if `victim`'s royal piece stood on it.
    pub fn attacked(&self, st: &State, c: Cell, victim: u8) -> bool {
        self.attacked_gated(st, c, victim, self.gates_at(st))
    }

    /// [`Game::attacked`] with the conditional attacks that count given by `gates`.
    pub fn attacked_gated(&self, st: &State, c: Cell, victim: u8, gates: u64) -> bool {
        self.attacked_gated_but(st, c, victim, gates, None)
    }

    /// [`Game::attacked_gated`], told whether the plain slides attack `c` when that is
    /// known (`slides`, from [`AttackTables::pins_and_slides`]).
    pub(crate) fn attacked_gated_but(&self, st: &State, c: Cell, victim: u8, gates: u64, slides: Option<bool>) -> bool {
        if slides == Some(true) {
            return true;
        }
        let (t, b) = (&self.attack, &st.board);
        (0..self.np() as u8).filter(|&p| p != victim).any(|p| {
            let pi = p as usize;
            if t.leaps[pi][c as usize].iter().any(|&(s, ks)| t.kindsets[ks as usize][b[s as usize] as usize]) {
                return true;
            }
            let mut cx = Ctx::new(self, st, p, NONE);
            if b[c as usize] == 0 {
                cx.ghost = c;
                cx.ghost_kind = self.ghost_kind(p);
            }
            (slides.is_none() && self.slides_hit(&cx, pi, c))
                || self.probes_hit(&cx, pi, c, gates)
                || self.forward_hit(st, p, c, gates)
        })
    }

    /// The kind sets of the attack tables with a piece on the board, a bit each (all bits
    /// for a game with more than 64 sets).
    pub(crate) fn live_kindsets(&self, st: &State) -> u64 {
        let slots = &self.attack.kindset_slots;
        if slots.len() > 64 || slots.len() != self.attack.kindsets.len() {
            return u64::MAX;
        }
        let on = |ks: &Vec<u16>| ks.iter().any(|&s| st.counts[s as usize] != 0);
        slots.iter().enumerate().filter(|(_, ks)| on(ks)).fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// Whether cell `c` is attacked by a player other than `victim` once `victim`'s piece on
    /// `vacant` has left it for `c` (taking what stands there), judged on the position
    /// before that move. Only where the other players' attacks are steps and slides alone
    /// (`AttackTables::plain_against`); `live` is [`Game::live_kindsets`]; `occ`, where the
    /// tables hold lines and leaps as bits, the occupied cells but `vacant`. None when a
    /// slide's line forks or it has an origin test: then only the position after the move
    /// tells.
    pub(crate) fn attacked_after_step(
        &self,
        st: &State,
        c: Cell,
        victim: u8,
        vacant: Cell,
        live: u64,
        occ: Option<&[u64; CELL_WORDS]>,
    ) -> Option<bool> {
        let (t, b) = (&self.attack, &st.board);
        let on = |ks: u16| live & (1 << (ks & 63)) != 0;
        for p in (0..self.np()).filter(|&p| p != victim as usize) {
            let leapt = match occ.zip(t.leap_bits.get(p)) {
                Some((occ, groups)) => groups[c as usize].iter().any(|&(ks, word, bits)| {
                    on(ks) && occupied_in(word, bits, occ).any(|s| t.kindsets[ks as usize][b[s as usize] as usize])
                }),
                None => t.leaps[p][c as usize].iter().any(|&(s, ks)| t.kindsets[ks as usize][b[s as usize] as usize]),
            };
            if leapt {
                return Some(true);
            }
            let rays = &t.rays[p];
            let bits = occ.zip(t.line_bits.get(p)).map(|(o, v)| (o, &v[c as usize * rays.len()..][..rays.len()]));
            for (r, &(d, max, ks, origin)) in rays.iter().enumerate() {
                if !on(ks) {
                    continue;
                }
                let first = match bits.and_then(|(o, v)| Some((o, v[r]?))) {
                    Some((occ, l)) => first_on(&l, occ),
                    None => {
                        let line = self.board.line_back(c, d).filter(|_| origin.is_none())?;
                        let line = &line[..line.len().min(max as usize)];
                        line.iter().copied().find(|&s| s != vacant && b[s as usize] != 0)
                    }
                };
                if first.is_some_and(|s| t.kindsets[ks as usize][b[s as usize] as usize]) {
                    return Some(true);
                }
            }
        }
        Some(false)
    }

    /// For `victim`'s royal piece on `royal`, attacked: the cells of one attack on it by a
    /// step or a plain slide (the attacker's cell, and the cells between for a slide).
    /// A move without effects that leaves `royal` and lands elsewhere leaves the piece
    /// attacked. None when another player's attacks are not all such
    /// (`AttackTables::plain_against`) or none of them reaches `royal`.
    pub(crate) fn check_line(&self, st: &State, victim: u8, royal: Cell) -> Option<[u64; CELL_WORDS]> {
        let (t, b) = (&self.attack, &st.board);
        if !t.plain_against[victim as usize] {
            return None;
        }
        let mut cells = [0u64; CELL_WORDS];
        let mut put = |c: Cell| cells.get_mut(c as usize / 64).map(|w| *w |= 1 << (c % 64));
        for p in (0..self.np()).filter(|&p| p != victim as usize) {
            if let Some(&(s, _)) =
                t.leaps[p][royal as usize].iter().find(|&&(s, ks)| t.kindsets[ks as usize][b[s as usize] as usize])
            {
                put(s)?;
                return Some(cells);
            }
            for &(d, max, ks, origin) in &t.rays[p] {
                let line = self.board.line_back(royal, d).filter(|_| origin.is_none())?;
                let line = &line[..line.len().min(max as usize)];
                let Some(i) = line.iter().position(|&s| b[s as usize] != 0) else { continue };
                if t.kindsets[ks as usize][b[line[i] as usize] as usize] {
                    for &s in &line[..=i] {
                        put(s)?;
                    }
                    return Some(cells);
                }
            }
        }
        None
    }

    /// Whether a slide of player `pi`'s (reversed into a walk back from `c`) reaches `c`.
    #[inline(always)]
    fn slides_hit(&self, cx: &Ctx, pi: usize, c: Cell) -> bool {
        let t = &self.attack;
        t.rays[pi].iter().any(|&(d, max, ks, origin)| {
            // Along a line without forks, here, without a call per ray.
            let kinds = &t.kindsets[ks as usize];
            match self.board.line_back(c, d) {
                Some(line) => first_piece(&cx.st.board, line, max).is_some_and(|s| ray_hit(cx, kinds, origin, s)),
                None => self.ray_back(cx, kinds, origin, c, d, max),
            }
        })
    }

    /// Whether a general probe of player `pi`'s (an attack with tests on its way, walked
    /// back from `c`) reaches `c`, its gate open in `gates`.
    fn probes_hit(&self, cx: &Ctx, pi: usize, c: Cell, gates: u64) -> bool {
        let t = &self.attack;
        let hits = |probe: &Probe, ks: u16| {
            probe.gate.is_none_or(|i| gates & (1 << i) != 0) && self.probe_hits(cx, probe, &t.kindsets[ks as usize], c)
        };
        match t.general_at[pi].get(c as usize) {
            Some(list) => list.iter().any(|&i| {
                let (probe, ks) = &t.general[pi][i as usize];
                hits(probe, *ks)
            }),
            None => t.general[pi].iter().any(|(probe, ks)| hits(probe, *ks)),
        }
    }

    /// Whether an attack program of player `p` that cannot be reversed, run forward from
    /// where its attackers stand, reaches `c`, its register set and its gate open.
    fn forward_hit(&self, st: &State, p: u8, c: Cell, gates: u64) -> bool {
        let (t, b, pi) = (&self.attack, &st.board, p as usize);
        for (fi, (prog, kinds)) in self.forward_attacks[pi].iter().enumerate() {
            if let Some(r) = t.gates[pi][fi]
                && st.regs[r as usize] == NONE
            {
                continue;
            }
            if self.program(*prog).gate.is_some_and(|i| gates & (1 << i) == 0) {
                continue;
            }
            let all: Vec<Cell>;
            let origins: &[Cell] = match t.reach_from[pi].get(fi) {
                Some(v) => &v[c as usize],
                None => {
                    all = (0..b.len() as Cell).collect();
                    &all
                }
            };
            for &a in origins {
                let k = b[a as usize];
                if k != 0 && kinds[k as usize] {
                    let mut sink = MoveList::default();
                    let mut g = Gen::new(self, st, p, a as Cell, &mut sink, c);
                    g.run(self.program(*prog));
                    if g.found {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn probe_hits(&self, cx: &Ctx, probe: &Probe, kinds: &[bool], target: Cell) -> bool {
        let (d, fin) = *probe.steps.last().unwrap();
        if let Some(fin) = fin
            && !cx.test(fin, target, true)
        {
            return false;
        }
        if let Some(max) = probe.ray {
            return self.ray_back(cx, kinds, probe.origin, target, d, max);
        }
        self.path_back(cx, probe, kinds, target, probe.steps.len() - 1)
    }

    pub(crate) fn ray_back(
        &self,
        cx: &Ctx,
        kinds: &[bool],
        origin: Option<CondId>,
        mut c: Cell,
        d: u8,
        mut left: u16,
    ) -> bool {
        if let Some(line) = self.board.line_back(c, d) {
            return first_piece(&cx.st.board, line, left).is_some_and(|s| ray_hit(cx, kinds, origin, s));
        }
        while left > 0 {
            let s = self.board.source_raw(c, d);
            if s == NONE {
                return false;
            }
            if Board::is_fork(s) {
                return self.board.sources(c, d).iter().any(|&s| self.ray_from(cx, kinds, origin, s, d, left));
            }
            if cx.st.board[s as usize] != 0 {
                return ray_hit(cx, kinds, origin, s);
            }
            c = s;
            left -= 1;
        }
        false
    }

    fn ray_from(&self, cx: &Ctx, kinds: &[bool], origin: Option<CondId>, s: Cell, d: u8, left: u16) -> bool {
        if cx.st.board[s as usize] != 0 {
            return ray_hit(cx, kinds, origin, s);
        }
        self.ray_back(cx, kinds, origin, s, d, left - 1)
    }

    fn path_back(&self, cx: &Ctx, probe: &Probe, kinds: &[bool], c: Cell, i: usize) -> bool {
        let d = probe.steps[i].0;
        for &s in self.board.sources(c, d) {
            if i == 0 {
                let k = cx.st.board[s as usize];
                if k != 0 && kinds[k as usize] && probe.origin.is_none_or(|o| cx.test(o, s, false)) {
                    return true;
                }
            } else {
                let t = probe.steps[i - 1].1;
                if t.is_none_or(|t| cx.test(t, s, true)) && self.path_back(cx, probe, kinds, s, i - 1) {
                    return true;
                }
            }
        }
        false
    }
}

impl AttackTables {
    /// Whether the fast legality filter applies.
    pub fn filter(&self) -> bool {
        !self.sensitive.is_empty()
    }

    /// Whether a cell can expose `victim`'s royal piece on `r` through a fixed path.
    #[inline]
    pub fn is_sensitive(&self, victim: u8, r: Cell, c: Cell) -> bool {
        r == NONE || self.sensitive[victim as usize][r as usize][c as usize / 64] & (1 << (c % 64)) != 0
    }

    /// The cells whose change can alter what the non-reversible attack programs of the
    /// pieces now on the board do to `victim`'s royal piece on `r` (a cannon's line to it).
    pub fn forward_cells(&self, g: &Game, st: &State, victim: u8, r: Cell) -> [u64; CELL_WORDS] {
        let mut bits = [0u64; CELL_WORDS];
        let n = st.board.len();
        for p in (0..g.np()).filter(|&p| p != victim as usize) {
            for (fi, (_, kinds)) in g.forward_attacks[p].iter().enumerate() {
                let Some(Some(paths)) = self.forward_paths[p].get(fi) else { continue };
                for &o in &self.reach_from[p][fi][r as usize] {
                    let k = st.board[o as usize];
                    if k != 0 && kinds[k as usize] {
                        let m = &paths[o as usize * n + r as usize];
                        bits.iter_mut().zip(m).for_each(|(b, m)| *b |= m);
                    }
                }
            }
        }
        bits
    }

    /// The cells whose change can alter what the fixed-path probes of the attackers now on
    /// the board do to `victim`'s royal piece on `r` (a horse's leg, an elephant's eyes).
    pub fn probe_cells(&self, st: &State, victim: u8, r: Cell) -> [u64; CELL_WORDS] {
        let mut bits = [0u64; CELL_WORDS];
        for (p, per) in self.probe_paths.iter().enumerate() {
            if p == victim as usize {
                continue;
            }
            for (o, ks, m) in &per[r as usize] {
                let k = st.board[*o as usize];
                if k != 0 && self.kindsets[*ks as usize][k as usize] {
                    bits.iter_mut().zip(m).for_each(|(b, m)| *b |= m);
                }
            }
        }
        bits
    }

    /// The cells of `victim`'s pieces that shield its royal piece on `r` from an enemy slide.
    pub fn pins(&self, g: &Game, st: &State, victim: u8, r: Cell) -> [u64; CELL_WORDS] {
        self.pins_and_slides::<false>(g, st, victim, r).0
    }

    /// [`AttackTables::pins`], and with `SLIDES` whether a plain slide attacks the royal
    /// piece on `r`, told on the same walks (its first piece back along a slide's line is
    /// one of the slide's attackers). That answer holds only where the slides run along
    /// plain lines ([`AttackTables::plain_lines`]).
    #[inline(always)]
    pub(crate) fn pins_and_slides<const SLIDES: bool>(
        &self,
        g: &Game,
        st: &State,
        victim: u8,
        r: Cell,
    ) -> ([u64; CELL_WORDS], bool) {
        debug_assert!(!SLIDES || self.plain_lines);
        let mut bits = [0u64; CELL_WORDS];
        let mut hit = false;
        for p in 0..g.np() {
            if p == victim as usize {
                continue;
            }
            let rays = self.rays[p].len();
            for (i, &(d, max, ks)) in self.pin_rays[p].iter().enumerate() {
                let ks = &self.kindsets[ks as usize];
                match g.board.line_back(r, d) {
                    Some(line) => {
                        let mut shield = NONE;
                        for &s in &line[..line.len().min(max as usize)] {
                            if !Self::pin_visit(g, st, victim, s, ks, &mut shield, &mut bits) {
                                // The first piece met, an attacker of a plain slide.
                                hit |= SLIDES && i < rays && shield == NONE && ks[st.board[s as usize] as usize];
                                break;
                            }
                        }
                    }
                    None => self.pin_walk(g, st, victim, r, d, max, ks, NONE, &mut bits),
                }
            }
        }
        (bits, hit)
    }

    #[allow(clippy::too_many_arguments)]
    fn pin_walk(
        &self,
        g: &Game,
        st: &State,
        victim: u8,
        mut c: Cell,
        d: u8,
        mut left: u16,
        ks: &[bool],
        mut shield: Cell,
        bits: &mut [u64; CELL_WORDS],
    ) {
        while left > 0 {
            let s = match g.board.source_raw(c, d) {
                NONE => return,
                raw if Board::is_fork(raw) => {
                    for &s in g.board.sources(c, d) {
                        let mut sh = shield;
                        if Self::pin_visit(g, st, victim, s, ks, &mut sh, bits) {
                            self.pin_walk(g, st, victim, s, d, left - 1, ks, sh, bits);
                        }
                    }
                    return;
                }
                s => s,
            };
            if !Self::pin_visit(g, st, victim, s, ks, &mut shield, bits) {
                return;
            }
            c = s;
            left -= 1;
        }
    }

    /// One cell of a slide walked back from the royal piece: the victim's first piece
    /// becomes the shield; any other piece ends the walk, pinning the shield when it is one
    /// of the slide's attackers. Returns whether the walk goes on.
    #[inline(always)]
    fn pin_visit(
        g: &Game,
        st: &State,
        victim: u8,
        s: Cell,
        ks: &[bool],
        shield: &mut Cell,
        bits: &mut [u64; CELL_WORDS],
    ) -> bool {
        let k = st.board[s as usize];
        if k == 0 {
            return true;
        }
        if *shield == NONE && g.kind_owner[k as usize] == victim {
            *shield = s;
            return true;
        }
        if *shield != NONE && ks[k as usize] {
            bits[*shield as usize / 64] |= 1 << (*shield % 64);
        }
        false
    }
}

/// The first occupied cell among the first `max` of a line.
#[inline(always)]
fn first_piece(board: &[Kind], line: &[Cell], max: u16) -> Option<Cell> {
    line[..line.len().min(max as usize)].iter().copied().find(|&s| board[s as usize] != 0)
}

/// Whether the piece on `s`, the first a slide back from its target meets, is one of the
/// slide's attackers (`kinds`) standing where its origin test (if any) holds.
#[inline(always)]
fn ray_hit(cx: &Ctx, kinds: &[bool], origin: Option<CondId>, s: Cell) -> bool {
    kinds[cx.st.board[s as usize] as usize] && origin.is_none_or(|o| cx.test(o, s, false))
}
