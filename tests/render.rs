//! SVG pictures of positions, snapshotted in snapshots/: chess (squares), the other game
//! files of the repository when present (odd square boards, hexagons), and a small
//! triangle board defined here.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn svg_of(path: &str, moves: &str) -> String {
    let g = interp::open(path, &[]).unwrap_or_else(|e| panic!("{path} must load:\n{e}"));
    let mut st = g.initial();
    for a in moves.split_whitespace() {
        let list = g.actions(&st);
        let m = g.find_move(&st, &list, a).unwrap_or_else(|| panic!("illegal {a}"));
        g.apply(&mut st, &m, list.effects_of(&m));
    }
    interp::render::svg(&g, &st, None)
}

fn snapshot(name: &str, svg: &str) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!(name, svg);
    });
}

/// Structural checks every picture must pass.
fn well_formed(svg: &str, cells: usize) {
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polygon").count(), cells, "one polygon per cell");
    assert!(!svg.contains("NaN") && !svg.contains("inf"), "finite coordinates");
}

#[test]
fn chess_start() {
    let p = root().join("games/chess.toml");
    let svg = svg_of(p.to_str().unwrap(), "");
    well_formed(&svg, 64);
    assert_eq!(svg.matches("<circle").count(), 32);
    assert_eq!(svg.matches(r#"<g class="piece" data-cell="#).count(), 32);
    assert!(
        svg.contains("<g class=\"piece\" data-cell=\"e1\" data-player=\"white\" data-letter=\"K\">\n<circle cx=\"313.6\" cy=\"544\""),
        "{svg}"
    );
    // The picture scales: its size is also its viewBox.
    assert!(svg.contains(r#"width="563.2" height="601.6" viewBox="0 0 563.2 601.6""#), "{svg}");
    // Squares: four corners each.
    assert!(
        svg.contains(r##"<polygon class="cell" data-cell="a1" data-x="57.6" data-y="544" points="25.6,576 89.6,576 89.6,512 25.6,512" fill="#b58863"><title>a1</title>"##)
    );
    snapshot("render_chess_start", &svg);
}

#[test]
fn chess_after_moves_is_deterministic() {
    let p = root().join("games/chess.toml");
    let a = svg_of(p.to_str().unwrap(), "e2-e4 d7-d5 e4-d5");
    let b = svg_of(p.to_str().unwrap(), "e2-e4 d7-d5 e4-d5");
    assert_eq!(a, b);
    assert_eq!(a.matches("<circle").count(), 31);
}

#[test]
fn other_games_when_present() {
    for (file, name) in [
        ("games/tishai.toml", "render_tishai_start"),
        ("games/trubix-43.toml", "render_trubix43_start"),
        ("games/asteryx.toml", "render_asteryx_start"),
        ("games/taasen.toml", "render_taasen_start"),
        ("games/taktyka.toml", "render_taktyka_start"),
    ] {
        let p = root().join(file);
        if !p.exists() {
            continue;
        }
        let g = interp::open(p.to_str().unwrap(), &[]).unwrap();
        let svg = svg_of(p.to_str().unwrap(), "");
        well_formed(&svg, g.board.len());
        snapshot(name, &svg);
    }
}

const TRIANGLE: &str = r#"
[game]
name = "Triangle test"
players = ["white", "black"]
rules = '''
board triangle rows 4
piece K { move (E | W | V) [!friend] }
end { loss if no-moves }
'''

[pieces.K]
name = "King"
value = 1

[setup.white]
K = "D1 D2"

[setup.black]
K = "A1"
"#;

#[test]
fn triangle_board() {
    let p = std::env::temp_dir().join(format!("interp-render-{}-triangle.toml", std::process::id()));
    std::fs::write(&p, TRIANGLE).unwrap();
    let svg = svg_of(p.to_str().unwrap(), "");
    let _ = std::fs::remove_file(&p);
    well_formed(&svg, 16);
    // Every cell is a triangle: three corners.
    for line in svg.lines().filter(|l| l.starts_with("<polygon")) {
        let pts = line.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
        assert_eq!(pts.split(' ').count(), 3, "{line}");
    }
    snapshot("render_triangle_start", &svg);
}

#[test]
fn cli_writes_the_file() {
    let out = std::env::temp_dir().join(format!("interp-render-{}.svg", std::process::id()));
    let o = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(["render", "games/chess.toml", "--moves", "e2-e4", "-o", out.to_str().unwrap()])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("Chess: black to move"));
    let _ = std::fs::remove_file(&out);
    // An illegal action: exit 2 and no file.
    let o = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(["render", "games/chess.toml", "--moves", "e2-e5", "-o", out.to_str().unwrap()])
        .current_dir(root())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(!out.exists());
}

/// The symbols inside the piece discs of a picture, in drawing order.
fn glyphs(svg: &str) -> Vec<String> {
    let lines: Vec<&str> = svg.lines().collect();
    (1..lines.len())
        .filter(|&i| lines[i - 1].starts_with("<circle cx="))
        .map(|i| lines[i].split('>').nth(1).unwrap().split('<').next().unwrap().to_string())
        .collect()
}

/// Pieces are drawn with their `glyph`: chess's one filled figure for both sides (also in
/// the files that extend it, where a redefined piece gives it again), Xiangqi's character
/// per side; pieces without one keep their letters.
#[test]
fn pieces_are_drawn_with_their_glyphs() {
    let svg_at = |f: &str, moves: &str| svg_of(root().join(f).to_str().unwrap(), moves);
    let chess = glyphs(&svg_at("games/chess.toml", ""));
    assert_eq!(chess[..8].join(""), "♜♞♝♛♚♝♞♜");
    assert_eq!(chess[24..].join(""), "♜♞♝♛♚♝♞♜");
    assert_eq!(chess.iter().filter(|g| *g == "♟").count(), 16);
    for f in ["games/examples/crazyhouse.toml", "games/examples/chess-no-castling.toml"] {
        assert_eq!(glyphs(&svg_at(f, "")), chess, "{f}");
    }
    let capablanca = glyphs(&svg_at("games/examples/capablanca.toml", "")).join("");
    assert!(capablanca.starts_with("♜♞A♝♛♚♝C♞♜"), "{capablanca}");
    assert!(capablanca.ends_with("♜♞a♝♛♚♝c♞♜"), "{capablanca}");
    let minichess = glyphs(&svg_at("games/examples/minichess.toml", "")).join("");
    assert_eq!(minichess, "♜♞♝♛♚♟♟♟♟♟♟♟♟♟♟♜♞♝♛♚");
    let xiangqi = glyphs(&svg_at("games/examples/xiangqi.toml", "")).join("");
    assert!(xiangqi.starts_with("俥傌相仕帥仕相傌俥炮炮兵兵兵兵兵"), "{xiangqi}");
    assert!(xiangqi.ends_with("卒卒卒卒卒砲砲車馬象士將士象馬車"), "{xiangqi}");
    // Asteryx's chess-named pieces on hexagons take the figures too (and its variant).
    let asteryx = glyphs(&svg_at("games/asteryx.toml", ""));
    assert_eq!(asteryx, glyphs(&svg_at("games/asteryx-single.toml", "")));
    assert!(asteryx.iter().all(|g| "♚♛♜♝♞♟".contains(g.as_str())), "{asteryx:?}");
    // Without glyphs: the letters, as before.
    let tishai = glyphs(&svg_at("games/tishai.toml", ""));
    assert!(tishai.iter().all(|g| g.chars().count() == 1 && g.chars().all(|c| c.is_ascii_alphabetic())));
}

/// A glyph never reaches notation, position strings or text diagrams.
#[test]
fn glyphs_stay_out_of_text() {
    let p = root().join("games/examples/xiangqi.toml");
    let g = interp::open(p.to_str().unwrap(), &[]).unwrap();
    let st = g.initial();
    let text = interp::render::show(&g, &st, &[]);
    assert!(text.is_ascii(), "{text}");
    assert!(g.position_string(&st).is_ascii());
    let list = g.actions(&st);
    let moves = g.notations(&st, &list);
    assert!(!moves.is_empty() && moves.iter().all(|m| m.is_ascii()), "{moves:?}");
}

/// A game with hands draws them under the board, a line per player: a disc per type held,
/// with its count; an empty hand says `none`. A game without hands has no such lines.
#[test]
fn hands_are_drawn_under_the_board() {
    let path = root().join("games/examples/crazyhouse.toml");
    let svg = svg_of(path.to_str().unwrap(), "e2-e4 d7-d5 e4-d5 g8-f6 d2-d4 f6-d5");
    let hands = &svg[svg.find(r#"<g id="hands""#).expect("a hands group")..];
    assert!(hands.contains(r#"<g class="hand" data-player="white" data-letter="P" data-count="1""#), "{hands}");
    assert!(hands.contains(r#"<g class="hand" data-player="black" data-letter="p" data-count="1""#), "{hands}");
    let start = svg_of(path.to_str().unwrap(), "");
    assert_eq!(start.matches(">none</text>").count(), 2);
    // Taller than chess's picture by the two lines.
    let height = |s: &str| s[s.find("height=\"").unwrap() + 8..].split('"').next().unwrap().parse::<f64>().unwrap();
    let chess = svg_of(root().join("games/chess.toml").to_str().unwrap(), "");
    assert!(height(&start) > height(&chess));
    assert!(!chess.contains(r#"id="hands""#));
}
