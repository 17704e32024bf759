//! SVG pictures of positions: every cell drawn with its true shape (squares, triangles,
//! pointy-top hexagons) at its board drawing coordinates, filled by its colour class,
//! labelled with its name, and the pieces as letters in discs. The output depends only on
//! the game and the position, so it can be snapshot-tested.

use crate::board::{CellInfo, Shape};
use crate::engine::state::State;
use crate::ir::Game;
use std::fmt::Write as _;

/// Pixels per board unit.
const UNIT: f64 = 64.0;
/// Margin around the board, in board units.
const MARGIN: f64 = 0.4;
/// Height of the caption above the board, in board units.
const CAPTION: f64 = 0.6;
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
fn geometry(g: &Game) -> Vec<Drawn> {
    let cells = &g.board.cells;
    let tri = |s: Shape| matches!(s, Shape::TriUp | Shape::TriDown);
    let yscale = if !cells.is_empty() && cells.iter().all(|c| tri(c.shape)) { SQRT3 / 2.0 } else { 1.0 };
    let spacing = hex_spacing(cells);
    cells
        .iter()
        .map(|c| {
            let (x, y) = (c.x, c.y * yscale);
            match c.shape {
                Shape::Square => Drawn {
                    corners: vec![(x - 0.5, y - 0.5), (x + 0.5, y - 0.5), (x + 0.5, y + 0.5), (x - 0.5, y + 0.5)],
                    centre: (x, y),
                    radius: 0.36,
                    label: (x - 0.45, y - 0.43, true, 0.16),
                    label_empty: None,
                },
                Shape::TriUp | Shape::TriDown => {
                    let h = SQRT3 / 2.0;
                    let up = c.shape == Shape::TriUp;
                    let (base, apex) = if up { (y - h / 2.0, y + h / 2.0) } else { (y + h / 2.0, y - h / 2.0) };
                    let centroid = if up { y - h / 6.0 } else { y + h / 6.0 };
                    Drawn {
                        corners: vec![(x - 0.5, base), (x + 0.5, base), (x, apex)],
                        centre: (x, centroid),
                        radius: 0.18,
                        label: (x, if up { base + 0.015 } else { base - 0.095 }, false, 0.11),
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

/// The SVG picture of a position, with a caption naming the game and the player to move
/// (or `caption`, when given).
pub fn svg(g: &Game, st: &State, caption: Option<&str>) -> String {
    let drawn = geometry(g);
    let (mut minx, mut maxx, mut miny, mut maxy) = (f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY);
    for d in &drawn {
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
    let top = MARGIN + CAPTION;
    let width = (maxx - minx + 2.0 * MARGIN) * UNIT;
    let height = (maxy - miny + MARGIN + top) * UNIT;
    // Board units (y up) to SVG pixels (y down).
    let px = |x: f64| num((x - minx + MARGIN) * UNIT);
    let py = |y: f64| num((maxy - y + top) * UNIT);

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Arial, sans-serif">"#,
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(s, r##"<rect x="0" y="0" width="{}" height="{}" fill="#fbfaf7"/>"##, num(width), num(height));
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
        num(0.3 * UNIT),
        escape(&text)
    );
    let _ = writeln!(s, r##"<g id="cells" stroke="#5a4a3a" stroke-width="1">"##);
    for (c, d) in g.board.cells.iter().zip(&drawn) {
        let pts: Vec<String> = d.corners.iter().map(|&(x, y)| format!("{},{}", px(x), py(y))).collect();
        let i = g.board.cell(&c.name).unwrap_or(0) as usize;
        let fill = match g.display_fills.iter().find(|(z, _)| g.zone_sets[*z as usize][i]) {
            Some((_, col)) => col.as_str(),
            None => PALETTE[c.colour.rem_euclid(PALETTE.len() as i64) as usize],
        };
        let _ = writeln!(
            s,
            r#"<polygon points="{}" fill="{}"><title>{}</title></polygon>"#,
            pts.join(" "),
            fill,
            escape(&c.name)
        );
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(s, r##"<g id="names" font-size="{}" fill="#000000" fill-opacity="0.55">"##, num(0.16 * UNIT));
    for (i, (c, d)) in g.board.cells.iter().zip(&drawn).enumerate() {
        match d.label_empty {
            Some((x, y)) if st.board[i] == 0 => {
                let _ = writeln!(
                    s,
                    r#"<text x="{}" y="{}" dy="0.35em" text-anchor="middle">{}</text>"#,
                    px(x),
                    py(y),
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
                    px(x),
                    py(y),
                    anchor,
                    font,
                    escape(&c.name)
                );
            }
        }
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(s, r#"<g id="pieces" text-anchor="middle" font-weight="bold">"#);
    for (cell, d) in drawn.iter().enumerate() {
        let k = st.board[cell];
        if k == 0 {
            continue;
        }
        let owner = g.kind_owner[k as usize] as usize;
        let (mut fill, mut stroke, mut ink) = PLAYERS[owner % PLAYERS.len()];
        if let Some(Some(col)) = g.faction_colours.get(owner) {
            // A game-given colour, with dark or light ink by its brightness.
            let v = |i: usize| u8::from_str_radix(&col[i..i + 2], 16).unwrap_or(0) as u32;
            let light = v(1) * 299 + v(3) * 587 + v(5) * 114 > 150_000;
            fill = col.as_str();
            stroke = "#222222";
            ink = if light { "#222222" } else { "#ffffff" };
        }
        let (x, y) = d.centre;
        let _ = writeln!(
            s,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="{}"/>"#,
            px(x),
            py(y),
            num(d.radius * UNIT),
            fill,
            stroke,
            num(0.035 * UNIT)
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" dy="0.35em" font-size="{}" fill="{}">{}</text>"#,
            px(x),
            py(y),
            num(d.radius * 1.25 * UNIT),
            ink,
            escape(&g.kind_char(k).to_string())
        );
        // A stack: the letters of the pieces under the top one, below the disc.
        let under: String =
            st.stacks.iter().filter(|&&(c, _)| c as usize == cell).map(|&(_, k)| g.kind_char(k)).collect();
        if !under.is_empty() {
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{}" dy="0.35em" font-size="{}" fill="#222222">+{}</text>"##,
                px(x),
                py(y - d.radius * 1.35),
                num(d.radius * 0.7 * UNIT),
                escape(&under)
            );
        }
    }
    let _ = writeln!(s, "</g>");
    s.push_str("</svg>\n");
    s
}
