//! Progress in games that no rule of theirs ends by itself. In a game without an
//! automatic end rule (no repetition draw, no move clock), two AIs content with a level
//! position can move back and forth, or wait, for ever. Two terms keep them moving:
//!
//! - A **cycle**, a position met before in the game or on the search path, scores as a
//!   draw that is a little worse for the searching side. It steers away from going round
//!   in circles while anything else holds level; the side that is behind is glad of the
//!   cycle, so the side that is ahead must find progress. A cycle is judged by what stands
//!   where and who decides ([`KeyParts::board`]): counters that only count turns (a piece
//!   left idle) would otherwise make every lap new.
//! - **Stalling**: once the game has gone a while without a piece leaving or entering the
//!   board, every line of the search that still changes nothing there costs the searching
//!   side a little, more the longer the stall lasts, up to half the least valued piece.
//!   An even trade then beats waiting; giving a piece away never does.
//!
//! Games whose rules do end cycles and stalls (threefold repetition, a move clock) are
//! left to those rules: both terms are off there.
//!
//! Where no rule ends them, players agree a draw when neither can make progress (the
//! front ends take draw offers in every game). The AI is **content with a draw**
//! ([`Ai::content_with_draw`]) once for [`AGREE_QUIET`] plies nothing happened that a
//! cycle could undo (no piece left, entered or changed, and every move could be taken
//! straight back by the piece that made it, judged on the empty board: a pawn's step
//! forward is progress, so a race is never agreed drawn) and its last [`AGREE_STREAK`]
//! searches each found it no more than a quarter of the least valued piece ahead
//! (stalling's cost included: an edge that waiting cannot turn into a piece is worth less
//! the longer the wait), or, whatever its edge, once [`AGREE_STALE`] plies went by so,
//! unless it has found a forced win. Self-play ends a game drawn by agreement when every
//! player's AI is content.

use crate::ai::Ai;
use crate::ai::eval::Returns;
use crate::ai::score::MATE_BOUND;
use crate::board::Cell;
use crate::engine::State;
use crate::engine::repetition::KeyParts;
use crate::ir::Game;

/// What a cycle costs the searching side, as a share of the least valued piece.
const CONTEMPT_SHARE: i32 = 5;
/// The least contempt, in hundredths.
const MIN_CONTEMPT: i32 = 5;
/// Plies without a change in the number of pieces before stalling costs anything.
const STALL_GRACE: usize = 30;
/// Every this many plies of stalling after the grace, the cost grows by a tenth of the
/// least valued piece (to at most half of it).
const STALL_STEP: usize = 10;
/// Plies in which nothing happened that a cycle could undo (see the module's
/// documentation) before an AI is content with a draw.
pub const AGREE_QUIET: usize = 60;
/// Searches in a row that must have found the AI not ahead before it is content with a
/// draw.
pub const AGREE_STREAK: u32 = 10;
/// Such plies after which an AI is content with a draw whatever its edge (as long as it
/// has not found a forced win): an edge that in fifty moves a side could turn into
/// nothing a cycle could undo.
pub const AGREE_STALE: usize = 100;
/// Not ahead: a score of at most the least valued piece divided by this.
const AGREE_SHARE: i32 = 4;

/// Whether the search scores cycles and stalling in a game, and what it has met.
#[derive(Debug, Clone, Default)]
pub(super) struct Progress {
    /// The terms are used (the game has no automatic end rule).
    on: bool,
    /// The least valued piece, in hundredths of a value unit.
    least: i32,
    /// Board keys of the positions this AI decided at earlier in the game.
    game: Vec<u64>,
    /// Board keys of the search path, root first.
    path: Vec<u64>,
    /// The game's length when this AI last decided, and that position's key: a later
    /// decision whose history goes on from there belongs to the same game.
    last: Option<(usize, u64)>,
    /// The number of pieces at the last decision, and the game's length when it last
    /// changed.
    pieces: (usize, usize),
    /// What stalling costs at the current decision, in hundredths.
    stall: i32,
    /// This AI's searches in a row (in this game) that found it not ahead.
    level: u32,
    /// Its last search found a forced win.
    winning: bool,
    /// Which moves pieces can take back (only where the terms are on).
    returns: Returns,
    /// The board at the last decision.
    board: Vec<crate::ir::Kind>,
    /// The game's length when something last happened that no cycle undoes: a piece left
    /// or entered the board, changed, or made a move it cannot take back.
    settled: usize,
}

/// The number of pieces on the board (and in stacks) at `st`.
fn pieces(st: &State) -> usize {
    st.counts.iter().map(|&n| n as usize).sum()
}

impl Progress {
    /// The progress terms of `g`, with the least valued piece worth `least` hundredths.
    pub(super) fn new(g: &Game, least: i32) -> Self {
        let on = !g.ends.iter().any(|e| e.automatic);
        let returns = if on { Returns::new(g) } else { Returns::default() };
        Progress { on, least, returns, ..Default::default() }
    }

    /// Readies the terms for a decision of `g` at `st`, reached after the game positions
    /// `history`. What earlier decisions met is kept only when `history` goes on from the
    /// last one (the same game).
    pub(super) fn start(&mut self, g: &Game, st: &State, history: &[u64]) {
        self.path.clear();
        self.stall = 0;
        if self.on {
            self.start_at(st, history, g.position_key(st), &g.key_parts(st));
        }
    }

    /// [`Progress::start`] with the position's key and key parts.
    fn start_at(&mut self, st: &State, history: &[u64], key: u64, parts: &KeyParts) {
        let n = history.len();
        let same_game = self.last.is_some_and(|(at, k)| n > at && history[at] == k);
        let now = pieces(st);
        if !same_game {
            self.game.clear();
            self.pieces = (now, n);
            self.level = 0;
            self.settled = n;
        } else {
            if now != self.pieces.0 {
                self.pieces = (now, n);
            }
            if !takes_back(&self.returns, &self.board, &st.board) {
                self.settled = n;
            }
        }
        self.board.clone_from(&st.board);
        self.last = Some((n, key));
        self.game.push(parts.board());
        self.stall = stall_cost(n - self.pieces.1, self.least);
    }

    /// Takes note of the score the search found at the current decision (for the side that
    /// searched): whether it is ahead.
    pub(super) fn judged(&mut self, score: i32) {
        let ahead = score > self.least / AGREE_SHARE;
        self.level = if self.on && !ahead { self.level + 1 } else { 0 };
        self.winning = score >= MATE_BOUND;
    }

    /// Whether a draw is welcome: see the module's documentation.
    fn content(&self) -> bool {
        // Plies, at the current decision, since something happened that no cycle undoes.
        let unsettled = self.last.map_or(0, |(n, _)| n - self.settled);
        let level = unsettled >= AGREE_QUIET && self.level >= AGREE_STREAK;
        self.on && !self.winning && (level || unsettled >= AGREE_STALE)
    }

    /// Forgets the game (a new one starts).
    pub(super) fn forget(&mut self) {
        self.game.clear();
        self.last = None;
        self.level = 0;
    }

    /// Whether `parts` is a position met before in the game or on the path.
    fn met(&self, parts: &KeyParts) -> bool {
        let b = parts.board();
        self.path.iter().rev().chain(self.game.iter().rev()).any(|&h| h == b)
    }

    /// What a cycle costs the searching side, in hundredths: more than stalling does.
    fn contempt(&self) -> i32 {
        (self.least / CONTEMPT_SHARE).max(MIN_CONTEMPT) + self.stall
    }
}

/// Whether the board `after` differs from `before` only by moves that could be taken
/// back: every piece that appeared on a cell is of a kind that vanished from a cell it could
/// go straight back to (so no piece left, entered or changed).
fn takes_back(returns: &Returns, before: &[crate::ir::Kind], after: &[crate::ir::Kind]) -> bool {
    if before.len() != after.len() {
        return false;
    }
    // The pieces that left a cell, and those that arrived on one.
    let (mut gone, mut came) = (vec![], vec![]);
    for (c, (&b, &a)) in before.iter().zip(after).enumerate().filter(|(_, (b, a))| b != a) {
        if b != 0 {
            gone.push((c, b));
        }
        if a != 0 {
            came.push((c, a));
        }
    }
    if gone.len() != came.len() {
        return false;
    }
    came.iter().all(|&(to, k)| {
        let back = gone.iter().position(|&(from, g)| g == k && returns.can_return(k, from as Cell, to as Cell));
        back.map(|i| gone.swap_remove(i)).is_some()
    })
}

/// What `quiet` plies without a piece leaving or entering the board cost, in hundredths,
/// with the least valued piece worth `least`.
fn stall_cost(quiet: usize, least: i32) -> i32 {
    let steps = (quiet.saturating_sub(STALL_GRACE) / STALL_STEP) as i32;
    (steps * least / 10).min(least / 2)
}

impl Ai<'_> {
    /// Whether this AI, judging by its decisions so far in this game, would offer or accept
    /// a draw: the game has no automatic end rule, its last search found no forced win,
    /// and nothing that a cycle could not undo has happened for [`AGREE_QUIET`] plies
    /// while its last [`AGREE_STREAK`] searches found it not ahead, or for
    /// [`AGREE_STALE`] plies. Never for the tree search (`mcts`), which does not keep these
    /// counts.
    pub fn content_with_draw(&self) -> bool {
        self.progress.content()
    }

    /// Puts the position with key `parts` on the search path (for repetition and cycles).
    pub(super) fn enter(&mut self, parts: &KeyParts) {
        self.path.push(parts.whole());
        if self.progress.on {
            self.progress.path.push(parts.board());
        }
    }

    /// Takes the last position off the search path.
    pub(super) fn leave(&mut self) {
        self.path.pop();
        if self.progress.on {
            self.progress.path.pop();
        }
    }

    /// The score of `st` for its player to move when it repeats a position of the game or
    /// of the search path and the game has no rule that ends cycles: a draw, less the
    /// contempt for the side that searches. None otherwise.
    pub(super) fn cycle_score(&self, st: &State, parts: &KeyParts) -> Option<i32> {
        if !self.progress.on || !self.progress.met(parts) {
            return None;
        }
        let c = self.progress.contempt();
        Some(if st.to_move == self.searcher { -c } else { c })
    }

    /// The static evaluation of `st` for its player to move, less the cost of stalling for
    /// the searching side when no piece has left or entered the board since the root.
    pub(super) fn evaluate(&self, st: &State) -> i32 {
        let s = self.eval.score(self.g, st, st.to_move);
        let stall = self.progress.stall;
        if stall == 0 || pieces(st) != self.progress.pieces.0 {
            return s;
        }
        if st.to_move == self.searcher { s - stall } else { s + stall }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(board: u64) -> KeyParts {
        KeyParts { base: board ^ 7, regs: 0, long: false, vars: 7 }
    }

    fn on() -> Progress {
        Progress { on: true, least: 100, ..Default::default() }
    }

    #[test]
    fn a_board_met_before_is_a_cycle_whatever_the_counters() {
        let mut p = on();
        p.start_at(&State::default(), &[], 1, &parts(10));
        p.path.push(11);
        assert!(p.met(&KeyParts { vars: 99, base: 10 ^ 99, ..parts(10) }));
        assert!(p.met(&parts(11)));
        assert!(!p.met(&parts(12)));
    }

    #[test]
    fn positions_are_kept_only_within_one_game() {
        let mut p = on();
        p.start_at(&State::default(), &[5], 1, &parts(10));
        // Two plies later in the same game: the history goes on from the last decision.
        p.start_at(&State::default(), &[5, 1, 2], 3, &parts(20));
        assert!(p.met(&parts(10)));
        // Another game.
        p.start_at(&State::default(), &[8], 4, &parts(30));
        assert!(!p.met(&parts(10)));
        assert!(p.met(&parts(30)));
    }

    #[test]
    fn stalling_costs_more_the_longer_it_lasts_up_to_half_a_piece() {
        assert_eq!(stall_cost(STALL_GRACE, 100), 0);
        assert_eq!(stall_cost(STALL_GRACE + 2 * STALL_STEP, 100), 20);
        assert_eq!(stall_cost(10_000, 100), 50);
        let mut p = on();
        let st = State { counts: vec![3, 3], ..Default::default() };
        let history: Vec<u64> = (0..200).collect();
        p.start_at(&st, &history[..1], 1, &parts(1));
        p.start_at(&st, &history, 1, &parts(2));
        assert_eq!(p.stall, 50);
        // A capture starts the count again.
        let fewer = State { counts: vec![3, 2], ..Default::default() };
        let mut longer = history.clone();
        longer.extend([1, 2]);
        p.start_at(&fewer, &longer, 2, &parts(3));
        assert_eq!(p.stall, 0);
    }

    #[test]
    fn content_with_a_draw_when_level_and_quiet_or_stale_but_never_when_winning() {
        // `q` plies since the last change that no cycle undoes.
        let quiet = |q: usize| Progress { last: Some((q, 0)), ..on() };
        let mut p = quiet(AGREE_QUIET);
        for _ in 0..AGREE_STREAK - 1 {
            p.judged(25);
        }
        assert!(!p.content(), "one search short");
        p.judged(-300);
        assert!(p.content(), "level (or behind) for {AGREE_STREAK} searches after {AGREE_QUIET} quiet plies");
        p.judged(26);
        assert!(!p.content(), "ahead at the last search");
        assert!(!Progress { level: AGREE_STREAK, ..quiet(AGREE_QUIET - 1) }.content(), "not quiet long enough");
        let mut stale = quiet(AGREE_STALE);
        stale.judged(300);
        assert!(stale.content(), "a piece ahead, but nothing taken for {AGREE_STALE} plies");
        stale.judged(MATE_BOUND);
        assert!(!stale.content(), "a forced win found");
        let mut off = Progress { on: false, ..quiet(AGREE_STALE) };
        off.judged(0);
        assert!(!off.content(), "the rules end draws themselves");
    }

    #[test]
    fn a_step_forward_a_capture_or_a_change_cannot_be_taken_back() {
        // Chess from the start: the knight's move can be taken back, the pawn's cannot.
        let g = crate::open(concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.toml"), &[]).expect("chess loads");
        let r = Returns::new(&g);
        let st = g.initial();
        let moved = |from: usize, to: usize| {
            let mut b = st.board.clone();
            (b[to], b[from]) = (b[from], 0);
            b
        };
        let (g1, f3, e2, e4) = (6, 21, 12, 28);
        assert!(takes_back(&r, &st.board, &st.board));
        assert!(takes_back(&r, &st.board, &moved(g1, f3)));
        assert!(!takes_back(&r, &st.board, &moved(e2, e4)));
        // A piece gone, or changed into another kind: no way back.
        let mut gone = st.board.clone();
        gone[g1] = 0;
        assert!(!takes_back(&r, &st.board, &gone));
        let mut changed = moved(g1, f3);
        changed[f3] = st.board[e2];
        assert!(!takes_back(&r, &st.board, &changed));
    }

    #[test]
    fn nothing_is_kept_where_the_rules_end_cycles() {
        // Chess has a repetition draw and a move clock: the terms are off.
        let g = crate::open(concat!(env!("CARGO_MANIFEST_DIR"), "/games/chess.toml"), &[]).expect("chess loads");
        let mut off = Progress::new(&g, 100);
        let st = g.initial();
        off.start(&g, &st, &[]);
        assert!(!off.on && off.game.is_empty() && off.stall == 0);
        assert!(!off.met(&g.key_parts(&st)));
    }
}
