//! Evaluating compiled conditions and expressions at a cell, for a player.

use crate::board::{Cell, NONE};
use crate::engine::budget;
use crate::engine::state::State;
use crate::ir::{Cond, CondId, Expr, Game, Shape, Who};

/// What a condition is evaluated against: the game, a position, the player whose view it
/// takes (`me`), and the origin of the piece being moved (NONE outside movement).
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    /// The game.
    pub g: &'a Game,
    /// The position.
    pub st: &'a State,
    /// The player in context.
    pub me: u8,
    /// Origin of the moving piece.
    pub origin: Cell,
    /// An empty cell treated as holding `ghost_kind` (attack detection on empty cells).
    pub ghost: Cell,
    /// The kind seen on `ghost`.
    pub ghost_kind: u8,
    /// Whether `ghost` is seen as stacked (None: as the position has it).
    pub ghost_stacked: Option<bool>,
    /// Whether `me` is in check at `st` (its one royal piece, on `st.royal[me]`, attacked),
    /// when the caller knows it already.
    pub known_check: Option<bool>,
    /// After a move (`illegal` rules, triggers): whether that move promoted its piece.
    pub promoted: bool,
    /// The type dropped by the move an `illegal` rule judges (`u8::MAX`: no drop).
    pub dropped: u8,
    /// An `illegal` rule judges the move that led to `st`: `no-moves` asks about the player
    /// to move there.
    pub judging: bool,
}

/// The set of the first `n` indices (all 64 from 64 on).
#[inline]
fn low_bits(n: usize) -> u64 {
    if n >= 64 { !0 } else { (1u64 << n) - 1 }
}

/// Of `2n` answers indexed by the parts' values (the next part to evaluate in bit 0), the
/// `n` left when that part is `value` (the others' values shifted down one bit).
#[inline]
fn compact(answers: u32, value: bool, n: u32) -> u32 {
    (0..n).fold(0, |a, w| a | (answers >> (2 * w + value as u32) & 1) << w)
}

impl<'a> Ctx<'a> {
    /// A context without a ghost.
    #[inline]
    pub fn new(g: &'a Game, st: &'a State, me: u8, origin: Cell) -> Self {
        Ctx {
            g,
            st,
            me,
            origin,
            ghost: NONE,
            ghost_kind: 0,
            ghost_stacked: None,
            known_check: None,
            promoted: false,
            dropped: u8::MAX,
            judging: false,
        }
    }

    /// The occupant of a cell; the origin counts as empty once the piece has stepped away.
    #[inline]
    pub fn at(&self, c: Cell, stepped: bool) -> u8 {
        if stepped && c == self.origin {
            0
        } else if c == self.ghost {
            self.ghost_kind
        } else {
            self.st.board[c as usize]
        }
    }

    /// Tests condition `id` at cell `c`.
    #[inline(always)]
    pub fn test(&self, id: CondId, c: Cell, stepped: bool) -> bool {
        self.test_as(self.g.cond_tables.shape(id), id, c, stepped)
    }

    /// Tests condition `id`, of the shape given (read once by a caller that tests it at many
    /// cells), at cell `c`.
    #[inline(always)]
    pub fn test_as(&self, shape: Shape, id: CondId, c: Cell, stepped: bool) -> bool {
        let g = self.g;
        let owner = |k: u8| g.kind_owner[k as usize];
        match shape {
            // The tables are per player (a neutral faction's view is walked).
            Shape::Table(off) if c != NONE && (self.me as usize) < g.np() => {
                g.cond_tables.get(off, self.me, c, self.at(c, stepped))
            }
            Shape::Guarded(i) if c != NONE && (self.me as usize) < g.np() => self.guarded(i, c, stepped),
            Shape::OnReg(off, r) if c != NONE && (self.me as usize) < g.np() => {
                let on = || self.st.regs[r as usize] == c;
                g.cond_tables.on_reg(off, g.np(), self.me, c, self.at(c, stepped), on)
            }
            Shape::Empty if c != NONE => self.at(c, stepped) == 0,
            Shape::Occupied => c == NONE || self.at(c, stepped) != 0,
            Shape::Enemy if c != NONE => {
                let k = self.at(c, stepped);
                k != 0 && owner(k) != self.me
            }
            Shape::NotFriend if c != NONE => {
                let k = self.at(c, stepped);
                k == 0 || owner(k) != self.me
            }
            _ => self.holds(g.cond(id), c, stepped),
        }
    }

    /// Tests a condition by its guarded tables (entry `i`): the parts are evaluated in
    /// order until the tables they leave agree.
    #[inline(never)]
    fn guarded(&self, i: u32, c: Cell, stepped: bool) -> bool {
        let (g, t) = (self.g, &self.g.cond_tables);
        let guard = &t.guards[i as usize];
        let mut answers = t.guarded(guard, g.np(), self.me, c, self.at(c, stepped));
        // `answers` holds the answers of the tables still possible, bit v for the parts'
        // values v; each part evaluated halves them.
        let mut n = 1u32 << guard.parts.len();
        for p in &guard.parts {
            let all = (1u32 << n) - 1;
            if answers == 0 || answers == all {
                break;
            }
            n /= 2;
            let (lo, hi) = (compact(answers, false, n), compact(answers, true, n));
            answers = if self.holds(p, c, stepped) { hi } else { lo };
        }
        answers & 1 != 0
    }

    /// Tests a condition at cell `c`.
    pub fn holds(&self, cond: &Cond, c: Cell, stepped: bool) -> bool {
        let g = self.g;
        match cond {
            Cond::True => true,
            Cond::Empty
            | Cond::Enemy
            | Cond::Friend
            | Cond::Type(_)
            | Cond::Unmoved
            | Cond::Zone(_)
            | Cond::Neutral
            | Cond::Tally(..) => c != NONE && g.occupant_leaf(cond, self.me, c, self.at(c, stepped)),
            Cond::Reg(r) => c != NONE && self.st.regs[*r as usize] == c,
            Cond::Origin => c == self.origin,
            Cond::And(v) => v.iter().all(|x| self.holds(x, c, stepped)),
            Cond::Or(v) => v.iter().any(|x| self.holds(x, c, stepped)),
            Cond::Not(x) => !self.holds(x, c, stepped),
            Cond::Cmp(a, op, b) => op.holds(self.eval(a), self.eval(b)),
            Cond::Stacked => match self.ghost_stacked {
                Some(stacked) if c == self.ghost => stacked,
                _ => c != NONE && self.st.stacks.iter().any(|&(x, _)| x == c),
            },
            Cond::Beaten => {
                c != NONE && self.origin != NONE && {
                    let (k, m) = (self.at(c, stepped), self.st.board[self.origin as usize]);
                    k != 0 && m != 0 && g.beats[g.kind_type[m as usize] as usize] & (1 << g.kind_type[k as usize]) != 0
                }
            }
            _ => self.holds_searching(cond, c, stepped),
        }
    }

    /// [`Ctx::holds`] for the conditions that search the position (attacks, checks,
    /// lines) or read the move judged: apart, so that the common ones are tested without
    /// these ones' set-up.
    #[inline(never)]
    fn holds_searching(&self, cond: &Cond, c: Cell, stepped: bool) -> bool {
        let g = self.g;
        match cond {
            Cond::Attacked => {
                c != NONE
                    && match self.known_check {
                        Some(check) if c == self.st.royal[self.me as usize] => check,
                        _ => budget::nested(g, self.st, self.me, self.origin, || g.attacked(self.st, c, self.me)),
                    }
            }
            Cond::Check => match self.known_check {
                Some(c) => c,
                None => budget::nested(g, self.st, self.me, self.origin, || g.in_check(self.st, self.me)),
            },
            Cond::CheckOf(who) => budget::nested(g, self.st, self.me, self.origin, || self.check_of(*who)),
            Cond::CanBeat => self.can_beat(),
            Cond::Sees(from, dirs, to) => g.sees(self.st, *from, dirs, *to),
            Cond::Threatens(mask) => {
                c != NONE
                    && budget::nested(g, self.st, self.me, self.origin, || {
                        g.threatens(self.st, self.me, c, self.origin, *mask)
                    })
            }
            Cond::Promoted => self.promoted,
            Cond::Along(..) | Cond::Dropped(_) | Cond::NoMoves => self.beyond(cond, c, stepped),
            // These need the move list or history; the engine evaluates them in `status`.
            Cond::Repetition(_) | Cond::CanCapture(_) | Cond::CanMove(..) => false,
            // The others are `holds`' own.
            _ => self.holds(cond, c, stepped),
        }
    }

    /// The conditions that look beyond the cell or at the move judged: `along`, `dropped`,
    /// and `no-moves` in an `illegal` rule (elsewhere the engine evaluates it in `status`).
    fn beyond(&self, cond: &Cond, c: Cell, stepped: bool) -> bool {
        match cond {
            Cond::Along(dirs, x) => c != NONE && self.along(dirs, x, c, stepped),
            Cond::Dropped(mask) => self.dropped < 64 && mask & (1 << self.dropped) != 0,
            Cond::NoMoves => self.judging && self.g.no_moves_after(self.st),
            _ => false,
        }
    }

    /// Whether `x` holds on a cell reached from `c` along one of `dirs`, step by step to the
    /// edge of the board or a fork.
    fn along(&self, dirs: &[u8], x: &Cond, c: Cell, stepped: bool) -> bool {
        let board = &self.g.board;
        dirs.iter().any(|&d| {
            let mut at = c;
            for _ in 0..board.len() {
                match board.targets(at, d) {
                    [n] if *n != c => at = *n,
                    _ => return false,
                }
                if self.holds(x, at, stepped) {
                    return true;
                }
            }
            false
        })
    }

    /// The number of pieces of the types in `mask` and the factions `who` selects.
    fn count(&self, who: Who, mask: u64) -> i64 {
        let (nf, nt) = (self.g.nf(), self.g.types.len());
        let factions = self.selected(who, nf);
        let mut types = mask & low_bits(nt);
        if factions == low_bits(nf) && types == low_bits(nt) {
            // Every piece: the whole table.
            return self.st.counts[..nt * nf].iter().map(|&c| c as i64).sum();
        }
        let mut n = 0i64;
        while types != 0 {
            let t = types.trailing_zeros() as usize;
            types &= types - 1;
            n += self.sum_row(t, nf, factions);
        }
        n
    }

    /// The pieces of type `t` of the factions in the set `factions` (bit f: faction f).
    #[inline]
    fn sum_row(&self, t: usize, nf: usize, mut factions: u64) -> i64 {
        let row = &self.st.counts[t * nf..(t + 1) * nf];
        let mut n = 0i64;
        while factions != 0 {
            n += row[factions.trailing_zeros() as usize] as i64;
            factions &= factions - 1;
        }
        n
    }

    /// The players or factions (of `n`) that `who` selects, as a set (bit p: player p).
    /// A set holds them all: each faction's pieces have letters of their own, one ASCII
    /// letter each, so a game has at most 52 factions.
    fn selected(&self, who: Who, n: usize) -> u64 {
        debug_assert!(n <= 64, "{n} factions");
        let all = low_bits(n);
        let one = |p: usize| if p < n { 1u64 << p } else { 0 };
        match who {
            Who::Me => one(self.me as usize),
            Who::Others => all & !one(self.me as usize),
            Who::All => all,
            Who::Player(q) => one(q as usize),
            Who::Neutral => all & !low_bits(self.g.np()),
        }
    }

    /// Players (for per-player counters) or factions (for piece counts) selected by `who`.
    fn players(&self, who: Who, n: usize) -> impl Iterator<Item = usize> + '_ {
        let set = self.selected(who, n);
        (0..n).filter(move |&p| set >> p & 1 != 0)
    }

    /// Whether some player can move a piece (its own or a neutral one) whose type beats the
    /// type of another piece that is not of that player's faction.
    fn can_beat(&self) -> bool {
        let g = self.g;
        let (nt, nf, np) = (g.types.len(), g.nf(), g.np());
        // At most 52 factions (see `Ctx::selected`).
        let neutral = low_bits(nf) & !low_bits(np);
        (0..np).any(|p| {
            // Pieces player p can move, and pieces not of p's faction: the neutral ones are both.
            let (movers, others) = (1u64 << p | neutral, low_bits(nf) & !(1u64 << p));
            (0..nt).any(|a| {
                let mut victims = g.beats[a] & low_bits(nt);
                if victims == 0 {
                    return false;
                }
                let n = self.sum_row(a, nf, movers);
                while n > 0 && victims != 0 {
                    let b = victims.trailing_zeros() as usize;
                    victims &= victims - 1;
                    // A piece does not beat itself.
                    let own = if a == b { self.sum_row(a, nf, movers & others) } else { 0 };
                    if n * self.sum_row(b, nf, others) - own > 0 {
                        return true;
                    }
                }
                false
            })
        })
    }

    /// Whether a royal piece of the players `who` selects is attacked.
    fn check_of(&self, who: Who) -> bool {
        match who {
            Who::Me => self.g.in_check(self.st, self.me),
            Who::Player(p) => self.g.in_check(self.st, p),
            _ => (0..self.g.np() as u8).any(|p| p != self.me && self.g.in_check(self.st, p)),
        }
    }

    /// Pieces of the selected factions and types on the cells of each faction's part of a
    /// zone (a neutral faction's: the player in context's part), stacks included.
    fn count_in(&self, who: Who, mask: u64, zones: &[Vec<Cell>]) -> i64 {
        let g = self.g;
        let np = g.np();
        let mut n = 0i64;
        for f in self.players(who, g.nf()) {
            let Some(cells) = zones.get(if f < np { f } else { self.me as usize }) else { continue };
            let counts =
                |k: u8| k != 0 && g.kind_owner[k as usize] as usize == f && mask & (1 << g.kind_type[k as usize]) != 0;
            for &c in cells {
                n += counts(self.st.board[c as usize]) as i64;
            }
            if !self.st.stacks.is_empty() {
                n += self.st.stacks.iter().filter(|&&(c, k)| cells.contains(&c) && counts(k)).count() as i64;
            }
        }
        n
    }

    /// Evaluates an expression.
    pub fn eval(&self, e: &Expr) -> i64 {
        match e {
            Expr::Int(v) => *v,
            Expr::Var(slot, per, who) => {
                if *per {
                    self.players(*who, self.g.np()).map(|p| self.st.vars[slot.at(p)]).sum()
                } else {
                    self.st.vars[slot.index()]
                }
            }
            Expr::Count(who, mask) => self.count(*who, *mask),
            Expr::CountIn(who, mask, zones) => self.count_in(*who, *mask, zones),
            Expr::Max(a, b) => self.eval(a).max(self.eval(b)),
            Expr::Min(a, b) => self.eval(a).min(self.eval(b)),
            Expr::Add(a, b) => self.eval(a).saturating_add(self.eval(b)),
            Expr::Sub(a, b) => self.eval(a).saturating_sub(self.eval(b)),
            Expr::MePlayer => self.me as i64,
            Expr::Removed => self.st.pend_n as i64,
        }
    }
}
