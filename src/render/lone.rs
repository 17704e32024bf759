//! A piece alone on an otherwise empty board: which moves it has from a cell and the
//! cells they land on, drawn as a diagram with those cells marked. One computation for
//! the rulebook ([`crate::render::rulebook`]) and the authors' snapshot reports.

use crate::board::Cell;
use crate::engine::{Move, MoveList, State};
use crate::ir::Game;
use crate::render::{Style, diagram, diagram_marked};

/// Setup steps played at most before giving up on reaching the first turn.
const MAX_SETUP_STEPS: usize = 1000;
/// Glyphs for target cells, the first one the board does not use already.
const TARGET_GLYPHS: [char; 5] = ['*', 'o', '#', '@', '%'];

/// A piece to show alone: its type, faction, kind and the player who moves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Type index.
    pub t: usize,
    /// Faction index (a player, or a neutral faction).
    pub f: usize,
    /// Its kind (unmoved).
    pub kind: u8,
    /// The player who moves it.
    pub mover: u8,
}

impl Piece {
    /// The unmoved piece of type `t` and faction `f`, moved by `mover`.
    pub fn new(g: &Game, t: usize, f: usize, mover: u8) -> Piece {
        Piece { t, f, kind: g.kind(t as u8, f as u8, false), mover }
    }

    /// Every piece to show: each type, each faction, and the player moving it (a
    /// player's piece is moved by that player; a neutral one by every player).
    pub fn all(g: &Game) -> Vec<Piece> {
        let mut out = vec![];
        for t in 0..g.types.len() {
            for f in 0..g.nf() {
                let movers: Vec<u8> = if g.is_neutral(f as u8) { (0..g.np() as u8).collect() } else { vec![f as u8] };
                out.extend(movers.into_iter().map(|m| Piece::new(g, t, f, m)));
            }
        }
        out
    }
}

/// What a lone piece does from one cell.
#[derive(Debug, Clone)]
pub struct Lone {
    /// The position: the empty board with the piece on the cell, its mover to move.
    pub state: State,
    /// The notations (sorted) of the moves starting on the cell.
    pub from: Vec<String>,
    /// The cells those moves land on (sorted, each once; the cell itself left out).
    pub targets: Vec<Cell>,
    /// The number of the mover's other actions (drops from a reserve, say).
    pub others: usize,
}

impl Lone {
    /// The piece `pc` alone on `cell` of `base` (see [`empty_board`]).
    pub fn at(g: &Game, base: &State, pc: Piece, cell: Cell) -> Lone {
        let state = placed(g, base, pc, cell);
        let list = all_actions(g, &state);
        let (from, targets) = moves_from(g, &state, &list, cell);
        let others = list.len() - from.len();
        Lone { state, from, targets, others }
    }

    /// Its diagram, the target cells marked with `glyph`.
    pub fn diagram(&self, g: &Game, style: Style, glyph: char) -> String {
        let marks: Vec<(Cell, char)> = self.targets.iter().map(|&x| (x, glyph)).collect();
        diagram_marked(g, &self.state, style, &marks)
    }
}

/// The first turn's position (setup steps played with their first choice) with every
/// piece removed; counters and reserves stay as they are.
pub fn empty_board(g: &Game) -> State {
    let mut st = g.initial();
    for _ in 0..MAX_SETUP_STEPS {
        if st.pending().is_none() {
            break;
        }
        let list = g.actions(&st);
        let Some(m) = list.moves.first().copied() else { break };
        g.apply(&mut st, &m, list.effects_of(&m));
    }
    st.board.iter_mut().for_each(|k| *k = 0);
    st.stacks.clear();
    if g.requires.iter().any(|r| r.class == crate::ir::MoveClass::Drop) {
        // A placement phase would leave the pieces no moves but drops: empty the hands.
        for &(_, slot) in &g.reserves {
            (0..g.np()).for_each(|p| st.vars[slot.at(p)] = 0);
        }
    }
    g.refresh(&mut st);
    st
}

/// `base` with one piece on `c`, its mover to move.
fn placed(g: &Game, base: &State, pc: Piece, c: Cell) -> State {
    let mut st = base.clone();
    st.board[c as usize] = pc.kind;
    st.to_move = pc.mover;
    g.refresh(&mut st);
    st
}

/// The legal actions of the player to move whatever the end rules say: a board without
/// a royal piece may be judged finished, and the moves are what is shown.
pub fn all_actions(g: &Game, st: &State) -> MoveList {
    let (mut list, mut scratch) = (MoveList::default(), st.clone());
    g.has_legal_action(st, &mut list, &mut scratch);
    list
}

/// The notations (sorted) of the moves starting on `c`, and the cells they land on.
fn moves_from(g: &Game, st: &State, list: &MoveList, c: Cell) -> (Vec<String>, Vec<Cell>) {
    let mut from = vec![];
    let mut targets = vec![];
    for m in &list.moves {
        if let Move::Piece(p) = m
            && p.from == c
        {
            from.push(g.notation_in(st, list, m));
            if p.to != c {
                targets.push(p.to);
            }
        }
    }
    from.sort();
    targets.sort_unstable();
    targets.dedup();
    (from, targets)
}

/// Squared distance of each cell's drawing position from the centre of them all.
fn distances(g: &Game) -> Vec<f64> {
    let cells = &g.board.cells;
    let n = cells.len().max(1) as f64;
    let (cx, cy) = (cells.iter().map(|c| c.x).sum::<f64>() / n, cells.iter().map(|c| c.y).sum::<f64>() / n);
    cells.iter().map(|c| (c.x - cx).powi(2) + (c.y - cy).powi(2)).collect()
}

/// The cell nearest the board's centre (the first of equals).
pub fn central_cell(g: &Game) -> Cell {
    let d = distances(g);
    let best = d.iter().copied().fold(f64::INFINITY, f64::min);
    d.iter().position(|&x| x - best < 1e-9).unwrap_or(0) as Cell
}

/// Among the cells farthest from the centre (the corners), the one where the piece has
/// the most moves (the first of equals).
pub fn best_corner(g: &Game, base: &State, pc: Piece) -> Cell {
    let d = distances(g);
    let far = d.iter().copied().fold(0.0, f64::max);
    let mut best: Option<(usize, Cell)> = None;
    for c in (0..d.len()).filter(|&c| far - d[c] < 1e-9) {
        let n = Lone::at(g, base, pc, c as Cell).from.len();
        if best.is_none_or(|(m, _)| n > m) {
            best = Some((n, c as Cell));
        }
    }
    best.map_or(0, |b| b.1)
}

/// A glyph for target cells that neither the empty board's diagram nor a piece letter
/// uses (`*` unless the board draws it already).
pub fn target_glyph(g: &Game, base: &State) -> char {
    let drawn = diagram(g, base, Style::Plain);
    let used = |ch: char| drawn.contains(ch) || g.letters.contains(&ch);
    TARGET_GLYPHS.iter().copied().find(|&ch| !used(ch)).unwrap_or('*')
}

/// Text blocks side by side, `gap` spaces apart, each padded to its widest line.
pub fn side_by_side(blocks: &[String], gap: usize) -> String {
    let split: Vec<Vec<&str>> = blocks.iter().map(|b| b.lines().collect()).collect();
    let widths: Vec<usize> = split.iter().map(|l| l.iter().map(|s| s.chars().count()).max().unwrap_or(0)).collect();
    let rows = split.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = String::new();
    for r in 0..rows {
        let mut line = String::new();
        for (b, lines) in split.iter().enumerate() {
            let cell = lines.get(r).copied().unwrap_or("");
            line.push_str(cell);
            if b + 1 < split.len() {
                let pad = widths[b] - cell.chars().count() + gap;
                line.push_str(&" ".repeat(pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::side_by_side;

    #[test]
    fn blocks_stand_side_by_side() {
        let text = side_by_side(&["ab\nc".to_string(), "x\ny\nz".to_string()], 2);
        assert_eq!(text, "ab  x\nc   y\n    z\n");
    }
}
