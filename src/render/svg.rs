//! SVG pictures of positions: every cell drawn with its true shape (squares, triangles,
//! pointy-top hexagons) at its board drawing coordinates, filled by its colour class,
//! labelled with its name, and the pieces as glyphs in discs. The output depends only on
//! the game and the position, so it can be snapshot-tested.
//!
//! Made for a page to work on: the `viewBox` lets it scale; each cell polygon is
//! `class="cell" data-cell="NAME"` with `data-x`, `data-y` (the pixel centre of its piece
//! disc); each piece is a `<g class="piece" data-cell="NAME" data-player="FACTION"
//! data-letter="L">`; a royal piece in check has a
//! red `class="check"` ring; the last move's outlines are in `<g id="last-move">`. A game
//! with hands (captured pieces go to the captor's reserve) shows them under the board, a
//! line per player, in `<g id="hands">`: each kind of piece held is a `<g class="hand"
//! data-player="FACTION" data-letter="L" data-count="N">` disc.

use super::panel::checked;
use super::picture::View;
use crate::board::{Cell, CellInfo, Shape};
use crate::engine::state::State;
use crate::ir::Game;
use std::fmt::Write as _;

/// Pixels per board unit.
const UNIT: f64 = 64.0;
/// Margin around the board, in board units.
const MARGIN: f64 = 0.4;
/// Height of the caption above the board, in board units.
const CAPTION: f64 = 0.6;
/// Height above the board's top: margin and caption, in board units.
const TOP: f64 = MARGIN + CAPTION;
/// Height of a player's line of the hands under the board, in board units.
const HAND_LINE: f64 = 0.6;
/// Cell fills by colour class.
const PALETTE: [&str; 3] = ["#b58863", "#f0d9b5", "#d9a066"];
/// Piece disc fill, outline and letter colour per player.
const PLAYERS: [(&str, &str, &str); 4] = [
    ("#ffffff", "#222222", "#222222"),
    ("#2b2b2b", "#000000", "#ffffff"),
    ("#c0392b", "#5b1a14", "#ffffff"),
    ("#2e86c1", "#123a55", "#ffffff"),
];

/// Where and how one cell is drawn, in board units (y up).
struct Drawn {
    /// Polygon corners.
    corners: Vec<(f64, f64)>,
    /// Centre of the piece disc.
    centre: (f64, f64),
    /// Radius of the piece disc.
    radius: f64,
    /// Anchor of the cell name (text centred on it unless left-aligned), whether it is
    /// left-aligned, and its font size in board units.
    label: (f64, f64, bool, f64),
    /// Where the name goes instead when the cell is empty (small cells), vertically centred.
    label_empty: Option<(f64, f64)>,
}

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// The geometry of every cell. Triangle boards put rows one unit apart; their y is scaled
/// by √3/2 so the side-1 triangles are equilateral and tile. Hexagons are sized so that
/// neighbouring centres (the board's spacing) touch edge to edge.
/// With `flip` the board is turned half a turn (the other player's side at the bottom).
fn geometry(g: &Game, flip: bool) -> Vec<Drawn> {
    let cells = &g.board.cells;
    let tri = |s: Shape| matches!(s, Shape::TriUp | Shape::TriDown);
    let yscale = if !cells.is_empty() && cells.iter().all(|c| tri(c.shape)) { SQRT3 / 2.0 } else { 1.0 };
    let spacing = hex_spacing(cells);
    cells
        .iter()
        .map(|c| {
            let turn = if flip { -1.0 } else { 1.0 };
            let (x, y) = (turn * c.x, turn * c.y * yscale);
            let shape = match (flip, c.shape) {
                (true, Shape::TriUp) => Shape::TriDown,
                (true, Shape::TriDown) => Shape::TriUp,
                (_, s) => s,
            };
            match shape {
                Shape::Square => Drawn {
                    corners: vec![(x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5)],
                    centre: (x, y),
                    radius: 0.36,
                    label: (x - 0.45, y - 0.43, true, 0.16),
                    label_empty: None,
                },
                Shape::TriUp | Shape::TriDown => {
                    let h = SQRT3 / 2.0;
                    let up = shape == Shape::TriUp;
                    let (base, apex) = if up { (y - h / 2.0, y + h / 2.0) } else { (y + h / 2.0, y - h / 2.0) };
                    let centroid = if up { y - h / 6.0 } else { y + h / 6.0 };
                    Drawn {
                        corners: vec![(x - 0.5, base), (x + 0.5, base), (x, apex)],
                        centre: (x, centroid),
                        radius: 0.18,
                        // Under the disc in both: at an up triangle's base, towards a down
                        // triangle's apex (at its base it met the name of the cell above).
                        label: (x, if up { base + 0.015 } else { centroid - 0.28 }, false, 0.11),
                        label_empty: Some((x, centroid)),
                    }
                }
                Shape::Hex => {
                    let r = spacing / SQRT3;
                    let corners = (0..6)
                        .map(|k| {
                            let a = (30.0 + 60.0 * k as f64).to_radians();
                            (x + r * a.cos(), y + r * a.sin())
                        })
                        .collect();
                    Drawn {
                        corners,
                        centre: (x, y),
                        radius: 0.34 * spacing,
                        label: (x, y - 0.78 * r, false, 0.16),
                        label_empty: None,
                    }
                }
            }
        })
        .collect()
}

/// Distance between neighbouring hexagon centres (1 unless the board says otherwise).
fn hex_spacing(cells: &[CellInfo]) -> f64 {
    let hex: Vec<&CellInfo> = cells.iter().filter(|c| c.shape == Shape::Hex).collect();
    let mut best = f64::INFINITY;
    for (i, a) in hex.iter().enumerate() {
        for b in &hex[i + 1..] {
            let d = ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
            if d > 1e-6 && d < best {
                best = d;
            }
        }
    }
    if best.is_finite() { best } else { 1.0 }
}

/// A number for the SVG text: two decimals at most, no trailing zeros, no `-0`.
fn num(v: f64) -> String {
    let mut s = format!("{:.2}", v);
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" { "0".to_string() } else { s }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Board units (y up) to SVG pixels (y down) for a picture.
struct Frame {
    /// Smallest x of any corner.
    minx: f64,
    /// Largest y of any corner.
    maxy: f64,
    /// Width of the picture in pixels.
    width: f64,
    /// Height of the picture in pixels.
    height: f64,
}

impl Frame {
    /// The frame that holds every drawn cell, with the margin and the caption.
    fn around(drawn: &[Drawn]) -> Frame {
        let (mut minx, mut maxx, mut miny, mut maxy) =
            (f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY);
        for d in drawn {
            for &(x, y) in &d.corners {
                minx = minx.min(x);
                maxx = maxx.max(x);
                miny = miny.min(y);
                maxy = maxy.max(y);
            }
        }
        if drawn.is_empty() {
            (minx, maxx, miny, maxy) = (0.0, 1.0, 0.0, 1.0);
        }
        let width = (maxx - minx + 2.0 * MARGIN) * UNIT;
        let height = (maxy - miny + MARGIN + TOP) * UNIT;
        Frame { minx, maxy, width, height }
    }

    /// The pixel x of a board x.
    fn px(&self, x: f64) -> String {
        num((x - self.minx + MARGIN) * UNIT)
    }

    /// The pixel y of a board y.
    fn py(&self, y: f64) -> String {
        num((self.maxy - y + TOP) * UNIT)
    }
}

/// The SVG picture of a position, with a caption naming the game and the player to move
/// (or `caption`, when given).
pub fn svg(g: &Game, st: &State, caption: Option<&str>) -> String {
    svg_view(g, st, caption, &View::default())
}

/// [`svg`] drawn with a [`View`]: turned with `flip`, the last move's cells outlined.
pub fn svg_view(g: &Game, st: &State, caption: Option<&str>, view: &View) -> String {
    let drawn = geometry(g, view.flip);
    let mut f = Frame::around(&drawn);
    let hand_lines = if g.has_hands() { g.np() } else { 0 };
    if hand_lines > 0 {
        // The lines, and a little room between them and the board.
        f.height += (hand_lines as f64 * HAND_LINE + 0.2) * UNIT;
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Arial, sans-serif">"#,
        w = num(f.width),
        h = num(f.height)
    );
    let _ = writeln!(s, r##"<rect x="0" y="0" width="{}" height="{}" fill="#fbfaf7"/>"##, num(f.width), num(f.height));
    let text = match caption {
        Some(c) => c.to_string(),
        None => {
            format!("{}: {} to move", g.name, g.players.get(st.to_move as usize).map(String::as_str).unwrap_or("?"))
        }
    };
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="{}" fill="#222222">{}</text>"##,
        num(MARGIN * UNIT),
        num((MARGIN + CAPTION * 0.5) * UNIT),
        num(caption_size(&text, f.width - 2.0 * MARGIN * UNIT)),
        escape(&text)
    );
    cells(&mut s, g, &drawn, &f);
    outlines(&mut s, &view.last, &drawn, &f);
    names(&mut s, g, st, &drawn, &f);
    pieces(&mut s, g, st, &drawn, &f);
    if hand_lines > 0 {
        hands(&mut s, g, st, &f);
    }
    s.push_str("</svg>\n");
    s
}

/// The caption's font size in pixels: 0.3 board units, smaller when the text (at about
/// 0.6 of the size a character) would be wider than `room` pixels.
fn caption_size(text: &str, room: f64) -> f64 {
    let size = 0.3 * UNIT;
    let wide = text.chars().count() as f64 * 0.6 * size;
    if wide > room && wide > 0.0 { (size * room / wide).max(6.0) } else { size }
}

/// The cells: polygons filled by a display zone's colour or their colour class.
fn cells(s: &mut String, g: &Game, drawn: &[Drawn], f: &Frame) {
    let _ = writeln!(s, r##"<g id="cells" stroke="#5a4a3a" stroke-width="1">"##);
    for (c, d) in g.board.cells.iter().zip(drawn) {
        let pts: Vec<String> = d.corners.iter().map(|&(x, y)| format!("{},{}", f.px(x), f.py(y))).collect();
        let i = g.board.cell(&c.name).unwrap_or(0) as usize;
        let fill = match g.display_fills.iter().find(|(z, _)| g.zone(*z)[i]) {
            Some((_, col)) => col.as_str(),
            None => PALETTE[c.colour.rem_euclid(PALETTE.len() as i64) as usize],
        };
        let name = escape(&c.name);
        let (x, y) = d.centre;
        let _ = writeln!(
            s,
            r#"<polygon class="cell" data-cell="{name}" data-x="{}" data-y="{}" points="{}" fill="{fill}"><title>{name}</title></polygon>"#,
            f.px(x),
            f.py(y),
            pts.join(" "),
        );
    }
    let _ = writeln!(s, "</g>");
}

/// The last move's cells, outlined in yellow.
fn outlines(s: &mut String, last: &[Cell], drawn: &[Drawn], f: &Frame) {
    if last.is_empty() {
        return;
    }
    let _ = writeln!(s, r##"<g id="last-move" fill="none" stroke="#f1c40f" stroke-width="4">"##);
    for &c in last {
        let pts: Vec<String> =
            drawn[c as usize].corners.iter().map(|&(x, y)| format!("{},{}", f.px(x), f.py(y))).collect();
        let _ = writeln!(s, r#"<polygon points="{}"/>"#, pts.join(" "));
    }
    let _ = writeln!(s, "</g>");
}

/// The cell names: in a corner, or centred in a small empty cell.
fn names(s: &mut String, g: &Game, st: &State, drawn: &[Drawn], f: &Frame) {
    let _ = writeln!(s, r##"<g id="names" font-size="{}" fill="#000000" fill-opacity="0.55">"##, num(0.16 * UNIT));
    for (i, (c, d)) in g.board.cells.iter().zip(drawn).enumerate() {
        match d.label_empty {
            Some((x, y)) if st.board[i] == 0 => {
                let _ = writeln!(
                    s,
                    r#"<text x="{}" y="{}" dy="0.35em" text-anchor="middle">{}</text>"#,
                    f.px(x),
                    f.py(y),
                    escape(&c.name)
                );
            }
            _ => {
                let (x, y, left, size) = d.label;
                let anchor = if left { "start" } else { "middle" };
                let font = if size == 0.16 { String::new() } else { format!(r#" font-size="{}""#, num(size * UNIT)) };
                let _ = writeln!(
                    s,
                    r#"<text x="{}" y="{}" text-anchor="{}"{}>{}</text>"#,
                    f.px(x),
                    f.py(y),
                    anchor,
                    font,
                    escape(&c.name)
                );
            }
        }
    }
    let _ = writeln!(s, "</g>");
}

/// The disc fill, outline and letter colour of a player's pieces: the game's faction
/// colour (with dark or light ink by its brightness) or the default palette.
fn piece_colours(g: &Game, owner: usize) -> (&str, &str, &str) {
    match g.faction_colours.get(owner) {
        Some(Some(col)) => {
            let v = |i: usize| u8::from_str_radix(&col[i..i + 2], 16).unwrap_or(0) as u32;
            let light = v(1) * 299 + v(3) * 587 + v(5) * 114 > 150_000;
            (col.as_str(), "#222222", if light { "#222222" } else { "#ffffff" })
        }
        _ => PLAYERS[owner % PLAYERS.len()],
    }
}

/// Red of the ring around a royal piece in check.
const CHECK_RING: &str = "#e02020";

/// The pieces, each a `<g class="piece">` of its cell: its glyph in a disc, a red ring when
/// it is a royal piece in check, and beside it the letters of a stack's lower pieces.
fn pieces(s: &mut String, g: &Game, st: &State, drawn: &[Drawn], f: &Frame) {
    let checked = checked(g, st);
    let _ = writeln!(s, r#"<g id="pieces" text-anchor="middle" font-weight="bold">"#);
    for (cell, d) in drawn.iter().enumerate() {
        if st.board[cell] != 0 {
            piece(s, g, st, cell, d, f, checked.contains(&(cell as Cell)));
        }
    }
    let _ = writeln!(s, "</g>");
}

/// One piece: the group of its disc, glyph, check ring and stack letters; the group says
/// whose piece it is (`data-player`, the faction's name) and its board letter.
fn piece(s: &mut String, g: &Game, st: &State, cell: usize, d: &Drawn, f: &Frame, in_check: bool) {
    let k = st.board[cell];
    let (fill, stroke, ink) = piece_colours(g, g.kind_owner[k as usize] as usize);
    let (x, y) = d.centre;
    let (cx, cy) = (f.px(x), f.py(y));
    let _ = writeln!(
        s,
        r#"<g class="piece" data-cell="{}" data-player="{}" data-letter="{}">"#,
        escape(&g.board.cells[cell].name),
        escape(&g.factions[g.kind_owner[k as usize] as usize]),
        escape(&g.kind_char(k).to_string())
    );
    let _ = writeln!(
        s,
        r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
        num(d.radius * UNIT),
        num(0.035 * UNIT)
    );
    if in_check {
        let _ = writeln!(
            s,
            r#"<circle class="check" cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{CHECK_RING}" stroke-width="{}"/>"#,
            num(d.radius * 1.15 * UNIT),
            num(0.06 * UNIT)
        );
    }
    let glyph = g.glyph(k);
    // Two symbols share the disc at a smaller size.
    let scale = if glyph.chars().count() > 1 { 0.8 } else { 1.25 };
    let _ = writeln!(
        s,
        r#"<text x="{cx}" y="{cy}" dy="0.35em" font-size="{}" fill="{ink}">{}</text>"#,
        num(d.radius * scale * UNIT),
        escape(&glyph)
    );
    let under: String = st.stacks.iter().filter(|&&(c, _)| c as usize == cell).map(|&(_, k)| g.kind_char(k)).collect();
    if !under.is_empty() {
        // On the disc's side away from the cell's name, so the two never overlap.
        let side = if d.label.1 < y { 1.0 } else { -1.0 };
        let _ = writeln!(
            s,
            r##"<text x="{cx}" y="{}" dy="0.35em" font-size="{}" fill="#222222">+{}</text>"##,
            f.py(y + side * (d.radius * 1.35 + 0.03)),
            num(d.radius * 0.7 * UNIT),
            escape(&under)
        );
    }
    let _ = writeln!(s, "</g>");
}

/// The hands under the board, a line per player: its name, then a disc per type of piece
/// it holds, with the count beside it when more than one (`none` for an empty hand).
fn hands(s: &mut String, g: &Game, st: &State, f: &Frame) {
    let size = 0.26 * UNIT;
    let r = HAND_LINE * 0.36 * UNIT;
    let _ = writeln!(s, r#"<g id="hands" font-weight="bold">"#);
    for p in 0..g.np() {
        let y = f.height - (MARGIN + (g.np() - p) as f64 * HAND_LINE - HAND_LINE * 0.5) * UNIT;
        let name = format!("{}:", g.players[p]);
        let mut x = MARGIN * UNIT;
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" dy="0.35em" font-size="{}" fill="#222222">{}</text>"##,
            num(x),
            num(y),
            num(size),
            escape(&name)
        );
        x += (name.chars().count() as f64 + 1.0) * 0.6 * size;
        let (fill, stroke, ink) = piece_colours(g, p);
        let mut any = false;
        for &(t, slot) in g.hand_order() {
            let n = st.vars[slot.at(p)];
            if n <= 0 {
                continue;
            }
            any = true;
            let k = g.kind(t, crate::ir::limits::faction_byte(p), false);
            let (cx, cy) = (num(x + r), num(y));
            let _ = writeln!(
                s,
                r#"<g class="hand" data-player="{}" data-letter="{}" data-count="{n}" text-anchor="middle">"#,
                escape(&g.players[p]),
                escape(&g.kind_char(k).to_string())
            );
            let _ = writeln!(
                s,
                r#"<circle cx="{cx}" cy="{cy}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/>"#,
                num(r),
                num(0.035 * UNIT)
            );
            let _ = writeln!(
                s,
                r#"<text x="{cx}" y="{cy}" dy="0.35em" font-size="{}" fill="{ink}">{}</text>"#,
                num(r * 1.25),
                escape(&g.glyph(k))
            );
            x += 2.0 * r + 0.1 * UNIT;
            if n > 1 {
                let count = format!("×{n}");
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" dy="0.35em" text-anchor="start" font-size="{}" fill="#222222">{}</text>"##,
                    num(x),
                    num(y),
                    num(size),
                    escape(&count)
                );
                x += (count.chars().count() as f64) * 0.6 * size;
            }
            let _ = writeln!(s, "</g>");
            x += 0.15 * UNIT;
        }
        if !any {
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" dy="0.35em" font-size="{}" fill="#777777" font-weight="normal">none</text>"##,
                num(x),
                num(y),
                num(size)
            );
        }
    }
    let _ = writeln!(s, "</g>");
}
