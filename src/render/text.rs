//! Text pictures of positions: the diagram (plain or ANSI colour) and `show`'s text.

use crate::board::Cell;
use crate::engine::Status;
use crate::engine::state::State;
use crate::ir::Game;

use super::panel;
use super::picture::{View, picture};

/// A text diagram, the position string, whose turn it is, and the result if over.
pub fn show(g: &Game, st: &State, hist: &[u64]) -> String {
    show_styled(g, st, hist, Style::Plain)
}

/// [`show`] with the diagram drawn in `style`.
pub fn show_styled(g: &Game, st: &State, hist: &[u64], style: Style) -> String {
    show_view(g, st, hist, &View::default(), style)
}

/// The position as `show` and `play` print it: the board drawn with `view` and its
/// coordinates ([`picture`]), the legend of the pieces, the counters, reserves and tallies,
/// the position string, whose turn it is (`to move: PLAYER`, `to move: chance`) or the
/// result (`result: PLAYER wins`, `result: draw`) and the rule that decided it
/// (`reason: …`), and a royal piece in check (`check: white's King on e1`).
pub fn show_view(g: &Game, st: &State, hist: &[u64], view: &View, style: Style) -> String {
    let mut out = picture(g, st, view, style);
    let mut lines = panel::legend(g);
    lines.extend(panel::counters(g, st));
    lines.extend(panel::reserves(g, st));
    lines.extend(panel::tallies(g, st));
    lines.push(format!("position: {}", g.position_string(st)));
    match g.node(st, hist, true).1 {
        Status::Decision(p) => lines.push(format!("to move: {}", g.players[p as usize])),
        Status::Chance => lines.push("to move: chance".to_string()),
        Status::Over(Some(w)) => lines.push(format!("result: {} wins", g.players[w as usize])),
        Status::Over(None) => lines.push("result: draw".to_string()),
    }
    if let Ok(Some(v)) = g.verdict(st, hist) {
        lines.push(format!("reason: {}", v.reason(g)));
    }
    lines.extend(panel::check_line(g, st));
    for l in lines {
        out.push_str(&l);
        out.push('\n');
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

/// The colour classes of a board, sorted: a cell's class is its colour's index here.
pub(super) struct Classes(Vec<i64>);

impl Classes {
    /// The classes of `g`'s board.
    pub(super) fn of(g: &Game) -> Classes {
        let mut classes: Vec<i64> = g.board.cells.iter().map(|c| c.colour).collect();
        classes.sort();
        classes.dedup();
        Classes(classes)
    }

    /// The class of a cell.
    pub(super) fn class(&self, g: &Game, c: Cell) -> usize {
        self.0.binary_search(&g.board.cells[c as usize].colour).unwrap_or(0)
    }
}

/// What a cell shows in plain text: its piece's letter; when empty, its zone's display
/// glyph, its colour class's glyph on boards of 3 or more classes, else `.`.
pub(super) fn plain_glyph(g: &Game, st: &State, classes: &Classes, c: Cell) -> char {
    match st.board[c as usize] {
        0 => match zone_glyph(g, c) {
            Some(z) => z,
            None if classes.0.len() >= 3 => CELL_GLYPH[classes.class(g, c) % CELL_GLYPH.len()],
            None => '.',
        },
        k => g.kind_char(k),
    }
}

/// What a cell shows in ANSI colour: the letter colour and the letter (an empty cell: its
/// zone glyph or a blank) and the background of its colour class.
pub(super) fn ansi_glyph(g: &Game, st: &State, classes: &Classes, c: Cell) -> (u8, char, u8) {
    let bg = CELL_BG[classes.class(g, c) % CELL_BG.len()];
    match st.board[c as usize] {
        0 => (WHITE, zone_glyph(g, c).unwrap_or(' '), bg),
        k if g.kind_owner[k as usize] == 0 => (WHITE, g.kind_char(k), bg),
        k => (BLACK, g.kind_char(k), bg),
    }
}

/// The display glyph of a zone holding the cell, if any.
fn zone_glyph(g: &Game, c: Cell) -> Option<char> {
    g.display_zones.iter().find(|(z, _)| g.zone(*z)[c as usize]).map(|z| z.1)
}

/// Whether a cell holds a stack (drawn with a `+` after its smallest piece).
pub(super) fn stacked(st: &State, c: Cell) -> bool {
    st.stacks.iter().any(|&(x, _)| x == c)
}

/// The diagram drawing behind [`diagram`] and [`diagram_marked`]: two columns a cell, rank
/// numbers only (the compact picture reports put side by side).
fn draw(g: &Game, st: &State, style: Style, marks: &[(Cell, char)]) -> String {
    let b = &g.board;
    let minx = b.cells.iter().map(|c| c.x).fold(f64::INFINITY, f64::min);
    let classes = Classes::of(g);
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
            // A stack: its smallest piece, marked `+` (the position string lists all).
            let mark = if stacked(st, c) { '+' } else { ' ' };
            let marked = marks.iter().find(|m| m.0 == c).map(|m| m.1);
            match style {
                Style::Plain => {
                    line.push(marked.unwrap_or_else(|| plain_glyph(g, st, &classes, c)));
                    line.push(mark);
                }
                Style::Ansi => {
                    let (fg, ch, bg) = ansi_glyph(g, st, &classes, c);
                    let (fg, ch) = marked.map_or((fg, ch), |m| (WHITE, m));
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
