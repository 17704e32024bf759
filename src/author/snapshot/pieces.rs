//! Each piece type's moves from a few cells of an otherwise empty board, drawn as
//! diagrams with the piece and the cells it can reach (computed by
//! [`crate::render::lone`], which the rulebook shares).

use super::text::{heading, side_by_side, wrapped};
use crate::board::Cell;
use crate::engine::State;
use crate::ir::Game;
use crate::render::Style;
use crate::render::lone::{Lone, Piece, all_actions, best_corner, central_cell, empty_board, target_glyph};

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
    for pc in Piece::all(g) {
        out.push_str(&entry(g, &base, pc, centre, glyph));
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
        let lone = Lone::at(g, base, pc, c);
        let name = g.board.name(c);
        out.push_str(&format!("  from {name} ({}):\n", lone.from.len()));
        out.push_str(&wrapped(&lone.from, "    "));
        if lone.others > 0 {
            out.push_str(&format!("    and {} actions not starting on {name} (as on the empty board)\n", lone.others));
        }
        pictures.push(lone.diagram(g, Style::Plain, glyph));
    }
    let drawn = side_by_side(&pictures, 6);
    for l in drawn.lines() {
        out.push_str(&format!("  {l}\n"));
    }
    out
}
