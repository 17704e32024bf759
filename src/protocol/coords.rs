//! Actions written as engine protocols write them, for any game: `e2e4`, `e7e8q` (the
//! promotion's letter in lower case), `P@e4` (a drop), `b1c3h` (a piece entering from the
//! reserve on the square the move leaves), `0000` (a pass). Files are letters from `a`
//! (beyond `h` as far as the board goes) and ranks numbers from 1, so a 10-rank board has
//! `a10` and a 10-file one `j1`, as Fairy-Stockfish writes them; XBoard numbers the ranks
//! of a board taller than nine from 0. A cell that is not on a lettered grid keeps its own
//! name (in lower case). An action with no such form (a decision, a chance outcome, a push,
//! a victim choice), or whose form another legal action shares, is written in the game's
//! own notation; and the game's notation is always accepted on input.

use crate::board::Cell;
use crate::engine::{ChosenAs, Move, MoveList, State};
use crate::front::input::{Reading, read};
use crate::ir::Game;
use std::collections::HashMap;

/// Which protocol's coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// UCI: ranks from 1.
    Uci,
    /// XBoard: ranks from 1, or from 0 on a board of more than nine ranks.
    Xboard,
}

/// The protocol's name of every cell of a game.
#[derive(Debug, Clone)]
pub struct Coords {
    names: Vec<String>,
}

impl Coords {
    /// The cell names of `g` in `dialect`; when two cells would share a name, every cell
    /// keeps the game's own name (in lower case).
    pub fn new(g: &Game, dialect: Dialect) -> Self {
        let cells = &g.board.cells;
        let grid: Vec<Option<(u8, i64)>> =
            cells.iter().map(|c| grid_file(c.file.as_deref()).map(|f| (f, c.rank))).collect();
        let first_file = grid.iter().flatten().map(|g| g.0).min().unwrap_or(b'a');
        let first_rank = grid.iter().flatten().map(|g| g.1).min().unwrap_or(1);
        let last_rank = grid.iter().flatten().map(|g| g.1).max().unwrap_or(1);
        // Ranks as numbers from 1 (kept as they are when the board's ranks already start at 1 or later).
        let shift = if first_rank < 1 { 1 - first_rank } else { 0 };
        let from_zero = dialect == Dialect::Xboard && last_rank + shift > 9;
        let names: Vec<String> = cells
            .iter()
            .zip(&grid)
            .map(|(c, at)| match at {
                Some((f, r)) => {
                    let file = (b'a' + (f - first_file)) as char;
                    let rank = r + shift;
                    if from_zero { format!("{file}{}", rank_char(rank - 1)) } else { format!("{file}{rank}") }
                }
                None => c.name.to_lowercase(),
            })
            .collect();
        let mut seen = std::collections::HashSet::new();
        if names.iter().all(|n| seen.insert(n.clone())) {
            Coords { names }
        } else {
            Coords { names: cells.iter().map(|c| c.name.to_lowercase()).collect() }
        }
    }

    /// The protocol's name of cell `c`.
    pub fn cell(&self, c: Cell) -> &str {
        &self.names[c as usize]
    }

    /// The protocol's form of action `m` (ignoring whether another action shares it).
    fn raw(&self, g: &Game, st: &State, list: &MoveList, m: &Move) -> String {
        match m {
            Move::Piece(p) if p.stack == 0 => {
                let mut s = format!("{}{}", self.cell(p.from), self.cell(p.shown()));
                if let Some(t) = p.promo {
                    s.push(g.types[t as usize].letter.to_ascii_lowercase());
                }
                match p.chosen.map(|c| (c.how, c.cell)) {
                    None | Some((ChosenAs::Written, _)) => {}
                    Some((ChosenAs::Entry(t), at)) if at == p.from => {
                        s.push(g.types[t as usize].letter.to_ascii_lowercase())
                    }
                    Some(_) => return g.notation_in(st, list, m),
                }
                s
            }
            Move::Drop { ty, to } => {
                format!("{}@{}", g.types[*ty as usize].letter.to_ascii_uppercase(), self.cell(*to))
            }
            Move::Pass => "0000".to_string(),
            _ => g.notation_in(st, list, m),
        }
    }

    /// Every action of `list` in the protocol's form: where two share a form, both are
    /// written in the game's notation.
    pub fn texts(&self, g: &Game, st: &State, list: &MoveList) -> Vec<String> {
        let raw: Vec<String> = list.moves.iter().map(|m| self.raw(g, st, list, m)).collect();
        let mut count: HashMap<&str, usize> = HashMap::new();
        for r in &raw {
            *count.entry(r.as_str()).or_default() += 1;
        }
        let shared: Vec<bool> = raw.iter().map(|r| count[r.as_str()] > 1).collect();
        raw.into_iter()
            .zip(shared)
            .zip(&list.moves)
            .map(|((r, twice), m)| if twice { g.notation_in(st, list, m) } else { r })
            .collect()
    }

    /// Action `m` of `list` at `st` as the protocol writes it.
    pub fn text(&self, g: &Game, st: &State, list: &MoveList, m: &Move) -> String {
        let i = list.moves.iter().position(|x| x == m);
        match i {
            Some(i) => self.texts(g, st, list).swap_remove(i),
            None => g.notation_in(st, list, m),
        }
    }

    /// The action of `list` written `text`: in the protocol's form, or in the game's own
    /// notation (read as forgivingly as at the terminal); otherwise why not.
    pub fn find(&self, g: &Game, st: &State, list: &MoveList, text: &str) -> Result<Move, String> {
        if let Some(i) = self.texts(g, st, list).iter().position(|t| t == text) {
            return Ok(list.moves[i]);
        }
        match read(g, st, list, text) {
            Reading::Play(m) => Ok(m),
            Reading::Refuse(why) => Err(why),
        }
    }

    /// The line of play `pv` from `st` in the protocol's form, as far as each action is
    /// legal where it is played.
    pub fn line(&self, g: &Game, st: &State, pv: &[Move]) -> Vec<String> {
        let mut st = st.clone();
        let mut out = vec![];
        for m in pv {
            let list = g.actions(&st);
            let Some(i) = list.moves.iter().position(|x| x == m) else { break };
            out.push(self.texts(g, &st, &list).swap_remove(i));
            g.apply(&mut st, m, list.effects_of(m));
        }
        out
    }
}

/// The file letter of a cell on a lettered grid (lower case), if it has one.
fn grid_file(file: Option<&str>) -> Option<u8> {
    match file?.as_bytes() {
        [b] if b.is_ascii_alphabetic() => Some(b.to_ascii_lowercase()),
        _ => None,
    }
}

/// XBoard's rank character for a rank counted from 0: digits, then the characters after `9`.
fn rank_char(r: i64) -> char {
    char::from_u32(b'0' as u32 + r as u32).unwrap_or('?')
}
