//! Text pictures of positions: the diagram (plain or ANSI colour) and `show`'s text.

use crate::board::Cell;
use crate::engine::Status;
use crate::engine::state::State;
use crate::ir::Game;

/// A text diagram, the position string, whose turn it is, and the result if over.
pub fn show(g: &Game, st: &State, hist: &[u64]) -> String {
    show_styled(g, st, hist, Style::Plain)
}

/// [`show`] with the diagram drawn in `style`.
pub fn show_styled(g: &Game, st: &State, hist: &[u64], style: Style) -> String {
    let mut out = diagram(g, st, style);
    out.push_str(&format!("position: {}\n", g.position_string(st)));
    match g.node(st, hist, true).1 {
        Status::Decision(p) => out.push_str(&format!("to move: {}\n", g.players[p as usize])),
        Status::Chance => out.push_str("to move: chance\n"),
        Status::Over(Some(w)) => out.push_str(&format!("result: {} wins\n", g.players[w as usize])),
        Status::Over(None) => out.push_str("result: draw\n"),
    }
    out
}

/// How a text diagram is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Plain text.
    Plain,
    /// ANSI escapes: cell backgrounds by colour class, pieces in bold white or black.
    Ansi,
}

impl Style {
    /// ANSI colour when stdout is a terminal, `NO_COLOR` is unset or empty (no-color.org)
    /// and `TERM` is not `dumb`; plain text otherwise.
    pub fn for_stdout() -> Style {
        use std::io::IsTerminal;
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        if std::io::stdout().is_terminal() && !no_color && !dumb { Style::Ansi } else { Style::Plain }
    }
}

/// Background colours (xterm 256-colour indices) of the colour classes, mid tones that
/// both white and black letters read on: ochre, tan, teal, then extras for larger boards.
const CELL_BG: [u8; 6] = [130, 137, 66, 96, 100, 61];
/// Letter colours (256-colour white and black, which "bold is bright" terminals keep).
const WHITE: u8 = 231;
const BLACK: u8 = 16;
/// Plain-text glyphs of empty cells by colour class, used when a board has 3 or more classes.
const CELL_GLYPH: [char; 6] = ['.', ':', '+', '*', '=', '~'];

/// A text diagram: rows top to bottom, each cell its piece letter, indented by the
/// cells' drawing positions so shapes (hourglass, triangle, star) show. In plain text an
/// empty cell is `.`, or on boards of 3 or more colour classes a glyph per class
/// (`.` `:` `+` …); with [`Style::Ansi`] every cell is painted in its class's colour.
pub fn diagram(g: &Game, st: &State, style: Style) -> String {
    draw(g, st, style, &[])
}

/// [`diagram`] with some cells marked: each `(cell, glyph)` of `marks` shows its glyph on
/// that cell in place of the piece or the empty-cell glyph (ANSI style keeps the cell's
/// colour). Reports use it to show where a piece can go.
pub fn diagram_marked(g: &Game, st: &State, style: Style, marks: &[(Cell, char)]) -> String {
    draw(g, st, style, marks)
}

/// The diagram drawing behind [`diagram`] and [`diagram_marked`].
fn draw(g: &Game, st: &State, style: Style, marks: &[(Cell, char)]) -> String {
    let b = &g.board;
    let minx = b.cells.iter().map(|c| c.x).fold(f64::INFINITY, f64::min);
    let mut classes: Vec<i64> = b.cells.iter().map(|c| c.colour).collect();
    classes.sort();
    classes.dedup();
    let class = |c: usize| classes.binary_search(&b.cells[c].colour).unwrap_or(0);
    let mut out = String::new();
    for row in &b.rows {
        let label = b.cells[row[0] as usize].rank;
        let mut line = format!("{label:>3} ");
        let mut col = 0usize;
        for &c in row {
            let x = ((b.cells[c as usize].x - minx) * 2.0).round() as usize;
            while col < x {
                line.push(' ');
                col += 1;
            }
            let k = st.board[c as usize];
            let k_class = class(c as usize);
            // A zone with a display glyph shows it on its empty cells.
            let zone_glyph = g.display_zones.iter().find(|(z, _)| g.zone(*z)[c as usize]).map(|z| z.1);
            // A stack: its smallest piece, marked `+` (the position string lists all).
            let mark = if st.stacks.iter().any(|&(x, _)| x == c) { '+' } else { ' ' };
            let marked = marks.iter().find(|m| m.0 == c).map(|m| m.1);
            match style {
                Style::Plain => {
                    line.push(marked.unwrap_or(match k {
                        0 if zone_glyph.is_some() => zone_glyph.unwrap_or('.'),
                        0 if classes.len() >= 3 => CELL_GLYPH[k_class % CELL_GLYPH.len()],
                        0 => '.',
                        _ => g.kind_char(k),
                    }));
                    line.push(mark);
                }
                Style::Ansi => {
                    let bg = CELL_BG[k_class % CELL_BG.len()];
                    let (fg, ch) = match (k, marked) {
                        (_, Some(m)) => (WHITE, m),
                        (0, None) => (WHITE, zone_glyph.unwrap_or(' ')),
                        _ if g.kind_owner[k as usize] == 0 => (WHITE, g.kind_char(k)),
                        _ => (BLACK, g.kind_char(k)),
                    };
                    line.push_str(&format!("\x1b[1;38;5;{fg};48;5;{bg}m{ch}{mark}\x1b[0m"));
                }
            }
            col += 2;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_replace_what_a_cell_shows() {
        let g = crate::open(concat!(env!("CARGO_MANIFEST_DIR"), "/games/examples/minichess.toml"), &[]).unwrap();
        let st = g.initial();
        assert_eq!(diagram_marked(&g, &st, Style::Plain, &[]), diagram(&g, &st, Style::Plain));
        let (a1, c3) = (g.board.cell("a1").unwrap(), g.board.cell("c3").unwrap());
        let marked = diagram_marked(&g, &st, Style::Plain, &[(a1, '*'), (c3, '*')]);
        let lines: Vec<&str> = marked.lines().collect();
        assert_eq!(lines[2], "  3 . . * . .");
        assert_eq!(lines[4], "  1 * N B Q K");
        let ansi = diagram_marked(&g, &st, Style::Ansi, &[(c3, '*')]);
        assert_eq!(ansi.matches('*').count(), 1);
    }
}
