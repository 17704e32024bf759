//! The empty-board move graph: where a piece of each type, moved by each player, can go in
//! one move from each cell when it stands alone on the board; distances over it.

use crate::board::{Cell, NONE};
use crate::engine::budget::overran;
use crate::engine::movegen::Gen;
use crate::engine::{Move, MoveList, State, take_overrun};
use crate::ir::Game;
use crate::ir::limits::CELL_WORDS;
use std::collections::VecDeque;

/// Unreachable, as a distance.
pub(super) const FAR: u32 = u32::MAX;

/// Per (type * players + player), per cell: the distinct cells one move lands on.
pub(super) struct MoveGraph {
    dests: Vec<Vec<Vec<Cell>>>,
}

impl MoveGraph {
    /// The graph of every type and player of a game. A type whose pattern goes over the
    /// engine's budget on the empty board is left without landings (the overrun is not
    /// reported here: the game's own move generation reports it).
    pub(super) fn new(g: &Game) -> Self {
        let mut st = empty_board(g);
        let mut list = MoveList::default();
        let mut dests = Vec::with_capacity(g.types.len() * g.np());
        // An overrun from before belongs to the caller: leave it recorded.
        let earlier = overran();
        for t in 0..g.types.len() {
            for p in 0..g.np() {
                let mut cells = vec![vec![]; g.board.len()];
                for (c, out) in cells.iter_mut().enumerate() {
                    *out = landings(g, &mut st, &mut list, t, p, c as Cell);
                    if !earlier && overran() {
                        take_overrun();
                        cells.iter_mut().for_each(Vec::clear);
                        break;
                    }
                }
                dests.push(cells);
            }
        }
        MoveGraph { dests }
    }

    /// Per (type * players + player), per cell: the cells a piece of that type takes on
    /// when every other cell holds an enemy piece (of the first type that is not royal, or
    /// royal when all are). Empty lists for a type whose patterns overrun the budget.
    pub(super) fn contacts(g: &Game) -> Vec<Vec<Vec<Cell>>> {
        let mut st = empty_board(g);
        let mut list = MoveList::default();
        let foe_type = (0..g.types.len()).find(|&u| !g.types[u].royal).unwrap_or(0) as u8;
        let earlier = overran();
        let mut out = Vec::with_capacity(g.types.len() * g.np());
        for t in 0..g.types.len() {
            for p in 0..g.np() {
                let fill = g.kind(foe_type, ((p + 1) % g.np()) as u8, false);
                st.board.iter_mut().for_each(|k| *k = fill);
                let mut cells = vec![vec![]; g.board.len()];
                for (c, o) in cells.iter_mut().enumerate() {
                    *o = landings(g, &mut st, &mut list, t, p, c as Cell);
                    st.board[c] = fill;
                    if !earlier && overran() {
                        take_overrun();
                        cells.iter_mut().for_each(Vec::clear);
                        break;
                    }
                }
                out.push(cells);
            }
        }
        out
    }

    /// The landings of type `t` moved by player `p`, per cell.
    pub(super) fn of(&self, g: &Game, t: usize, p: usize) -> &[Vec<Cell>] {
        &self.dests[t * g.np() + p]
    }
}

/// The starting position with every piece taken off (variables as they start, no pending
/// decision).
fn empty_board(g: &Game) -> State {
    let mut st = g.initial();
    st.board.iter_mut().for_each(|k| *k = 0);
    st.stacks.clear();
    st.set_pending(None);
    st.regs.iter_mut().for_each(|r| *r = NONE);
    g.refresh(&mut st);
    st
}

/// The distinct landing cells of a moved piece of type `t` and player `p` alone on `c`.
fn landings(g: &Game, st: &mut State, list: &mut MoveList, t: usize, p: usize, c: Cell) -> Vec<Cell> {
    let k = g.moved(g.kind(t as u8, p as u8, false));
    st.board[c as usize] = k;
    st.to_move = p as u8;
    g.refresh(st);
    list.clear();
    {
        let mut pg = Gen::new(g, st, p as u8, NONE, list, NONE);
        pg.start(c, false, &[0; CELL_WORDS]);
        for &prog in &g.moves_of[t * g.np() + p] {
            pg.run(g.program(prog));
        }
    }
    st.board[c as usize] = 0;
    let mut out: Vec<Cell> = list
        .moves
        .iter()
        .filter_map(|m| match m {
            Move::Piece(pm) if pm.from == c && pm.to != c && pm.to != NONE => Some(pm.to),
            _ => None,
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The fewest moves from each cell to one of the `targets` along `dests` (0 on a target,
/// [`FAR`] where none is reachable).
pub(super) fn distances_to(dests: &[Vec<Cell>], targets: impl Fn(usize) -> bool) -> Vec<u32> {
    let n = dests.len();
    let mut back: Vec<Vec<Cell>> = vec![vec![]; n];
    for (c, ds) in dests.iter().enumerate() {
        for &d in ds {
            back[d as usize].push(c as Cell);
        }
    }
    let mut dist = vec![FAR; n];
    let mut queue: VecDeque<usize> = (0..n).filter(|&c| targets(c)).collect();
    queue.iter().for_each(|&c| dist[c] = 0);
    while let Some(c) = queue.pop_front() {
        for &b in &back[c] {
            if dist[b as usize] == FAR {
                dist[b as usize] = dist[c] + 1;
                queue.push_back(b as usize);
            }
        }
    }
    dist
}

/// The cells reachable from `from` (itself included) by any number of moves along `dests`.
pub(super) fn reachable(dests: &[Vec<Cell>], from: impl IntoIterator<Item = Cell>) -> Vec<bool> {
    let mut seen = vec![false; dests.len()];
    let mut stack: Vec<Cell> = from.into_iter().collect();
    stack.iter().for_each(|&c| seen[c as usize] = true);
    while let Some(c) = stack.pop() {
        for &d in &dests[c as usize] {
            if !seen[d as usize] {
                seen[d as usize] = true;
                stack.push(d);
            }
        }
    }
    seen
}
