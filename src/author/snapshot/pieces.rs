//! Each piece type's moves from a few cells of an otherwise empty board, drawn as
//! diagrams with the piece and the cells it can reach.

use super::text::{heading, side_by_side, wrapped};
use crate::board::Cell;
use crate::engine::{Move, MoveList, State};
use crate::ir::Game;
use crate::render::{Style, diagram, diagram_marked};

/// Setup steps played at most before giving up on reaching the first turn.
const MAX_SETUP_STEPS: usize = 1000;
/// Glyphs for target cells, the first one the board does not use already.
const TARGET_GLYPHS: [char; 5] = ['*', 'o', '#', '@', '%'];

/// The section: what the empty board allows, then one entry per piece type, faction and
/// player moving it.
pub fn section(g: &Game) -> String {
    let mut out = heading("Piece moves on an otherwise empty board");
    let base = empty_board(g);
    let glyph = target_glyph(g, &base);
    out.push_str(&format!(
        "Each piece alone on the board (the position of the first turn, setup steps played\n\
         with their first choice, every piece removed), from its most central cell and from\n\
         the corner where it has the most moves. `{glyph}` marks the cells its moves land on.\n\
         The end rules are not asked: a board without a royal piece may count as finished.\n"
    ));
    out.push_str(&empty_board_actions(g, &base));
    let centre = central_cell(g);
    for t in 0..g.types.len() {
        for f in 0..g.nf() {
            // A player's piece is moved by that player; a neutral one by every player.
            let movers: Vec<u8> = if g.is_neutral(f as u8) { (0..g.np() as u8).collect() } else { vec![f as u8] };
            for mover in movers {
                let kind = g.kind(t as u8, f as u8, false);
                out.push_str(&entry(g, &base, Piece { t, f, kind, mover }, centre, glyph));
            }
        }
    }
    out
}

/// The actions of each player on the empty board (drops from reserves, say).
fn empty_board_actions(g: &Game, base: &State) -> String {
    let mut out = String::new();
    for p in 0..g.np() as u8 {
        let mut st = base.clone();
        st.to_move = p;
        let list = all_actions(g, &st);
        if !list.is_empty() {
            out.push_str(&format!(
                "With no piece on the board, {} has {} actions:\n",
                g.players[p as usize],
                list.len()
            ));
            out.push_str(&wrapped(&g.notations(&st, &list), "  "));
        }
    }
    if out.is_empty() {
        out.push_str("With no piece on the board, no player has an action.\n");
    }
    out
}

/// A piece to show: its type, faction, kind and the player who moves it.
#[derive(Clone, Copy)]
struct Piece {
    t: usize,
    f: usize,
    kind: u8,
    mover: u8,
}

/// One piece's entry: its moves from the central cell and a corner, then the diagrams.
fn entry(g: &Game, base: &State, pc: Piece, centre: Cell, glyph: char) -> String {
    let letter = g.letters[pc.f * g.types.len() + pc.t];
    let mut out = format!("\n{}, {} ({letter})", g.types[pc.t].name, g.factions[pc.f]);
    if g.is_neutral(pc.f as u8) {
        out.push_str(&format!(", moved by {}", g.players[pc.mover as usize]));
    }
    out.push('\n');
    let corner = best_corner(g, base, pc);
    let cells: Vec<Cell> = if corner == centre { vec![centre] } else { vec![centre, corner] };
    let mut pictures = vec![];
    for &c in &cells {
        let st = placed(g, base, pc, c);
        let list = all_actions(g, &st);
        let (from, targets) = moves_from(g, &st, &list, c);
        let name = g.board.name(c);
        out.push_str(&format!("  from {name} ({}):\n", from.len()));
        out.push_str(&wrapped(&from, "    "));
        let others = list.len() - from.len();
        if others > 0 {
            out.push_str(&format!("    and {others} actions not starting on {name} (as on the empty board)\n"));
        }
        let marks: Vec<(Cell, char)> = targets.iter().map(|&x| (x, glyph)).collect();
        pictures.push(diagram_marked(g, &st, Style::Plain, &marks));
    }
    let drawn = side_by_side(&pictures, 6);
    for l in drawn.lines() {
        out.push_str(&format!("  {l}\n"));
    }
    out
}

/// The first turn's position (setup steps played with their first choice) with every
/// piece removed; counters and reserves stay as they are.
fn empty_board(g: &Game) -> State {
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
/// a royal piece may be judged finished, and the moves are what this section shows.
fn all_actions(g: &Game, st: &State) -> MoveList {
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
            from.push(g.notation(st, m));
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
fn central_cell(g: &Game) -> Cell {
    let d = distances(g);
    let best = d.iter().copied().fold(f64::INFINITY, f64::min);
    d.iter().position(|&x| x - best < 1e-9).unwrap_or(0) as Cell
}

/// Among the cells farthest from the centre (the corners), the one where the piece has
/// the most moves (the first of equals).
fn best_corner(g: &Game, base: &State, pc: Piece) -> Cell {
    let d = distances(g);
    let far = d.iter().copied().fold(0.0, f64::max);
    let mut best: Option<(usize, Cell)> = None;
    for c in (0..d.len()).filter(|&c| far - d[c] < 1e-9) {
        let st = placed(g, base, pc, c as Cell);
        let n = moves_from(g, &st, &all_actions(g, &st), c as Cell).0.len();
        if best.is_none_or(|(m, _)| n > m) {
            best = Some((n, c as Cell));
        }
    }
    best.map_or(0, |b| b.1)
}

/// A glyph for target cells that neither the empty board's diagram nor a piece letter
/// uses.
fn target_glyph(g: &Game, base: &State) -> char {
    let drawn = diagram(g, base, Style::Plain);
    let used = |ch: char| drawn.contains(ch) || g.letters.contains(&ch);
    TARGET_GLYPHS.iter().copied().find(|&ch| !used(ch)).unwrap_or('*')
}
