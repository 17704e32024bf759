//! The board as `show` and `play` draw it, read as a newcomer reads it: every cell's name
//! follows from the labels around the picture (file letters and ranks on grids, names at
//! the ends of other rows); the flipped view; the last move and check marks; the legend,
//! counters, reserves and tallies under the board.

use interp::ir::Game;
use interp::render::{Style, View, picture, show_view};
use std::path::PathBuf;

/// Every game shipped (every game file under games/, relative to the repository), so a
/// game file added there is drawn and read back too.
fn games() -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let files = interp::author::snapshot::game_files(&root.join("games"));
    assert!(files.len() >= 13, "the shipped games: {files:?}");
    files.iter().map(|p| p.strip_prefix(&root).unwrap().to_string_lossy().into_owned()).collect()
}

fn game(rel: &str) -> Game {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    interp::open(p.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{rel} must load:\n{e}"))
}

/// The position after `moves` from the start, its history and the view marking the last move.
fn after(g: &Game, moves: &str) -> (interp::engine::State, Vec<u64>, View) {
    let mut st = g.initial();
    let mut hist = vec![];
    g.play_line(&mut st, &mut hist, moves.split_whitespace()).unwrap();
    (st, hist, View::after_line(g, &g.initial(), moves.split_whitespace()))
}

fn show(g: &Game, moves: &str) -> String {
    let (st, hist, view) = after(g, moves);
    show_view(g, &st, &hist, &view, Style::Plain)
}

/// Whether the character at `i` of a row line is a cell's letter or glyph: not a space, not
/// a mark (`[` `]` `!`), not a stack's `+` right after a letter.
fn is_glyph(line: &[char], i: usize) -> bool {
    let c = line[i];
    let after_letter = i > 0 && !" []!".contains(line[i - 1]);
    let stack_mark = c == '+' && after_letter;
    !" []!".contains(c) && !stack_mark
}

/// One drawn row: its left label, the columns of its `n` cells' letters, its right label.
fn read_row(line: &str, n: usize) -> (String, Vec<usize>, String) {
    let chars: Vec<char> = line.chars().collect();
    let start = line.len() - line.trim_start().len();
    let left_end = start + line.trim_start().find(' ').unwrap();
    let left: String = chars[start..left_end].iter().collect();
    let cols: Vec<usize> = (left_end..chars.len()).filter(|&i| is_glyph(&chars, i)).take(n).collect();
    let right: String = chars[cols.last().map_or(left_end, |c| c + 2).min(chars.len())..].iter().collect();
    (left, cols, right.trim().to_string())
}

/// The names a labelled row stands for, left to right, read from its labels as a reader
/// would: both labels name the ends and the names count between them, or the right label
/// lists them all.
fn row_names(left: &str, right: &str, n: usize) -> Vec<String> {
    if n == 1 {
        return vec![left.to_string()];
    }
    if right.contains(' ') {
        return right.split(' ').map(String::from).collect();
    }
    let split = |s: &str| {
        let i = s.find(|c: char| c.is_ascii_digit()).unwrap();
        (s[..i].to_string(), s[i..].parse::<i64>().unwrap())
    };
    let ((la, ln), (ra, rn)) = (split(left), split(right));
    if n == 2 {
        return vec![left.to_string(), right.to_string()];
    }
    if la == ra {
        let step = (rn - ln).signum();
        (0..n as i64).map(|i| format!("{la}{}", ln + i * step)).collect()
    } else {
        let (a, b) = (la.chars().next().unwrap() as i64, ra.chars().next().unwrap() as i64);
        let step = (b - a).signum();
        (0..n as i64).map(|i| format!("{}{ln}", char::from_u32((a + i * step) as u32).unwrap())).collect()
    }
}

/// The name of the cell drawn at column `col` of a row line, read from the labels: the file
/// letter above it and the rank beside it on grid rows, else the row's names.
fn name_at(files: Option<&str>, line: &str, n: usize, col: usize) -> String {
    let (left, cols, right) = read_row(line, n);
    assert_eq!(cols.len(), n, "row `{line}` should show {n} cells");
    let file = files.and_then(|f| f.chars().nth(col)).filter(|c| *c != ' ');
    match file {
        Some(f) if left.parse::<i64>().is_ok() => {
            assert_eq!(right, left, "a grid row has its rank on both sides: `{line}`");
            format!("{f}{left}")
        }
        _ => row_names(&left, &right, n)[cols.iter().position(|&c| c == col).unwrap()].clone(),
    }
}

/// For every cell: the picture with that cell marked as the last move, read back: the cell
/// in brackets is the one whose name the labels give.
fn names_read_back(g: &Game, flip: bool) {
    let st = g.initial();
    let counts: Vec<usize> = if flip {
        g.board.rows.iter().rev().map(|r| r.len()).collect()
    } else {
        g.board.rows.iter().map(|r| r.len()).collect()
    };
    for c in 0..g.board.len() as u16 {
        let text = picture(g, &st, &View { flip, last: vec![c] }, Style::Plain);
        let mut lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("cells:")).collect();
        let files = (lines.len() == counts.len() + 2).then(|| {
            let top = lines.remove(0);
            assert_eq!(Some(&top), lines.pop().as_ref(), "file letters over and under:\n{text}");
            top
        });
        assert_eq!(lines.len(), counts.len(), "{}:\n{text}", g.name);
        let (r, line) = lines.iter().enumerate().find(|(_, l)| l.contains('[')).expect("a marked cell");
        let col = line.chars().position(|ch| ch == '[').unwrap() + 1;
        let read = name_at(files, line, counts[r], col);
        assert_eq!(read, g.board.name(c), "{} (flip {flip}):\n{text}", g.name);
    }
}

#[test]
fn every_cell_name_reads_from_the_labels() {
    for rel in &games() {
        let g = game(rel);
        names_read_back(&g, false);
        names_read_back(&g, true);
    }
}

#[test]
fn grids_get_file_letters_and_other_boards_names() {
    let chess = picture(&game("games/chess.toml"), &game("games/chess.toml").initial(), &View::default(), Style::Plain);
    let lines: Vec<&str> = chess.lines().collect();
    assert_eq!(lines[0], "    a  b  c  d  e  f  g  h");
    assert_eq!(lines[1], " 8  r  n  b  q  k  b  n  r  8");
    assert_eq!(lines[8], " 1  R  N  B  Q  K  B  N  R  1");
    let g = game("games/taktyka.toml");
    let text = picture(&g, &g.initial(), &View::default(), Style::Plain);
    assert!(text.starts_with("     a  b  c  d  e  f  g  h  i  j\n 10  .  s"), "{text}");
    // Taasen's rows are named by their ends, with a key to read them.
    let g = game("games/taasen.toml");
    let text = picture(&g, &g.initial(), &View::default(), Style::Plain);
    assert!(text.contains(" D1  P+ .  .  ^  .  .  p+ D7\n"), "{text}");
    assert!(text.contains("(B1 B2 B3)"), "{text}");
    // Trubix-43: a grid, and its half-offset cells named.
    let g = game("games/trubix-43.toml");
    let text = picture(&g, &g.initial(), &View::default(), Style::Plain);
    assert!(text.contains(" bc10        q   k        cd10\n"), "{text}");
    assert!(text.contains("  bc0        Q   K        cd0\n"), "{text}");
    assert!(text.starts_with("       a   b   c   d   e\n"), "{text}");
}

#[test]
fn the_flipped_view_turns_the_board() {
    for rel in &games() {
        let g = game(rel);
        let st = g.initial();
        let plain = picture(&g, &st, &View::default(), Style::Plain);
        let flipped = picture(&g, &st, &View { flip: true, last: vec![] }, Style::Plain);
        let n = g.board.rows.len();
        let rows = |text: &str, flip: bool| -> Vec<Vec<char>> {
            let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("cells:")).collect();
            let lines = if lines.len() == n + 2 { &lines[1..=n] } else { &lines[..] };
            lines
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let k = if flip { g.board.rows[n - 1 - i].len() } else { g.board.rows[i].len() };
                    let chars: Vec<char> = l.chars().collect();
                    read_row(l, k).1.iter().map(|&c| chars[c]).collect()
                })
                .collect()
        };
        let mut turned: Vec<Vec<char>> = rows(&plain, false).into_iter().rev().collect();
        turned.iter_mut().for_each(|r| r.reverse());
        assert_eq!(rows(&flipped, true), turned, "{rel}:\n{plain}\n{flipped}");
    }
    let g = game("games/chess.toml");
    let text = picture(&g, &g.initial(), &View { flip: true, last: vec![] }, Style::Plain);
    assert!(text.starts_with("    h  g  f  e  d  c  b  a\n 1  R  N  B  K  Q  B  N  R  1\n"), "{text}");
}

#[test]
fn the_last_move_and_check_are_marked() {
    let g = game("games/chess.toml");
    let text = show(&g, "f2-f3 e7-e5 g2-g4 d8-h4");
    assert!(text.contains(" 8  r  n  b [.] k  b  n  r  8\n"), "{text}");
    assert!(text.contains(" 4  .  .  .  .  .  .  P [q] 4\n"), "{text}");
    assert!(text.contains(" 1  R  N  B  Q !K! B  N  R  1\n"), "{text}");
    assert!(text.contains("\nresult: black wins\nreason: checkmate\ncheck: white's King on e1\n"), "{text}");
    // Check without mate, and no check: no mark, no line.
    let text = show(&g, "e2-e4 f7-f6 d1-h5");
    assert!(text.contains("\nto move: black\ncheck: black's King on e8\n") && text.contains("!k!"), "{text}");
    let text = show(&g, "e2-e4");
    assert!(!text.contains("check") && !text.contains('!') && text.contains("[P]") && text.contains("[.]"), "{text}");
    // In colour: yellow brackets, a red cell under the king in check.
    let (st, hist, view) = after(&g, "f2-f3 e7-e5 g2-g4 d8-h4");
    let ansi = show_view(&g, &st, &hist, &view, Style::Ansi);
    assert!(ansi.contains(";48;5;160m!K!"), "{ansi:?}");
    assert_eq!(ansi.matches("\x1b[1;38;5;226;").count(), 4, "{ansi:?}");
    // A drop marks its cell; a hidden choice marks nothing.
    let g = game("games/examples/crazyhouse.toml");
    assert!(show(&g, "e2-e4 d7-d5 e4-d5 d8-d5 b1-c3 d5-a5 P@d4").contains(" 4  .  .  . [P] .  .  .  .  4\n"));
    let g = game("games/taktyka.toml");
    assert!(!show(&g, "leader:d1").contains('['));
}

#[test]
fn counters_reserves_and_tallies_are_named() {
    let g = game("games/tishai.toml");
    let text = show(&g, "");
    assert!(text.contains("\ncounters: pawns white 0, black 0; towers-moved white 0, black 0\n"), "{text}");
    assert!(text.contains("\nreserves: white 3 Pawn (P); black 3 Pawn (P)\n"), "{text}");
    // A Tower's first move brings a Pawn in from the reserve.
    let text = show(&g, "a1-a2");
    assert!(
        text.contains("towers-moved white 1, black 0") && text.contains("reserves: white 2 Pawn (P); black 3 Pawn (P)"),
        "{text}"
    );
    // Crazyhouse's reserves are hands: captured pieces go there.
    let g = game("games/examples/crazyhouse.toml");
    assert!(show(&g, "").contains("\nhands: white none; black none\n"));
    let text = show(&g, "e2-e4 d7-d5 e4-d5 d8-d5 b1-c3");
    assert!(text.contains("\nhands: white 1 Pawn (P); black 1 Pawn (P)\n"), "{text}");
    let g = game("games/taktyka.toml");
    assert!(show(&g, "").contains(
        "\ncounters: winner white; idle white 0, black 0\nchecks (per piece, at most 3): 0 on every piece\n"
    ));
    let st = g
        .parse_position("1s1s1s1s1s/s1s1l1s1s1/1s1s1s1s1s/s3s1s3/6S2s/3S6/S1S1S3S1/1S2LS1S1S/S1S3S1S1/1S1SsS1S1S w - - winner=0 idle=0,7 checks=e1:1*")
        .unwrap();
    let text = show_view(&g, &st, &[], &View::default(), Style::Plain);
    assert!(
        text.contains(
            "\ncounters: winner white; idle white 0, black 7\nchecks (per piece, at most 3): black's Stone on e1 = 1\n"
        ),
        "{text}"
    );
    // Chess has clocks and no reserves or tallies.
    let text = show(&game("games/chess.toml"), "");
    assert!(
        text.contains("\ncounters: halfmove 0; fullmove 1\n")
            && !text.contains("reserves")
            && !text.contains("at most"),
        "{text}"
    );
    // A game without counters has no such line.
    assert!(!show(&game("games/examples/minichess.toml"), "").contains("counters"));
}

#[test]
fn the_legend_names_every_letter() {
    let chess = show(&game("games/chess.toml"), "");
    assert!(
        chess.contains(
            "\npieces: white B Bishop, K King, N Knight, P Pawn, Q Queen, R Rook; black the same in lower case\n"
        ),
        "{chess}"
    );
    assert!(
        show(&game("games/tishai.toml"), "").contains("B Wizard")
            && show(&game("games/tishai.toml"), "").contains("R Tower")
    );
    let taasen = show(&game("games/taasen.toml"), "");
    assert!(
        taasen.contains("\npieces: red P Paupil, S Sciane, T Thaum; green the same in lower case\n        white (neutral) Z Paupil, Y Sciane, X Thaum\n"),
        "{taasen}"
    );
    // Every letter on every board is in its legend.
    for rel in &games() {
        let g = game(rel);
        let text = show(&g, "");
        let legend: String = text
            .lines()
            .skip_while(|l| !l.starts_with("pieces:"))
            .take_while(|l| l.starts_with(' ') || l.starts_with("pieces:"))
            .collect();
        for &l in &g.letters {
            let lower_copy = l.is_lowercase()
                && legend.contains(&format!(" {} ", l.to_ascii_uppercase()))
                && legend.contains("lower case");
            assert!(legend.contains(&format!(" {l} ")) || lower_copy, "{rel}: {l} is missing from {legend}");
        }
    }
}

/// What `show` prints for every game at its start, for reading.
#[test]
fn every_game_at_its_start() {
    let mut out = String::new();
    for rel in &games() {
        out.push_str(&format!("== {rel}\n{}", show(&game(rel), "")));
    }
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!("starts", out);
    });
}

/// `show --flip` draws the other side at the bottom and marks the last action of `--moves`.
#[test]
fn show_flips_and_marks_from_the_command_line() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(["show", "games/chess.toml", "--moves", "e2-e4 e7-e5", "--flip"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "    h  g  f  e  d  c  b  a");
    assert_eq!(lines[2], " 2  P  P  P  .  P  P  P  P  2");
    assert_eq!(lines[4], " 4  .  .  .  P  .  .  .  .  4");
    assert_eq!(lines[5], " 5  .  .  . [p] .  .  .  .  5");
    assert_eq!(lines[7], " 7  p  p  p [.] p  p  p  p  7");
    assert!(
        text.contains("\nposition: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\nto move: white\n"),
        "{text}"
    );
}

/// The polygon of a cell in an SVG picture (its `points`), found by the cell's title.
fn polygon(svg: &str, name: &str) -> String {
    let line = svg.lines().find(|l| l.contains(&format!("<title>{name}</title>"))).unwrap();
    line.split("points=\"").nth(1).unwrap().split('"').next().unwrap().to_string()
}

/// The SVG picture turns the same way (triangles point the other way up) and outlines the
/// last move's cells.
#[test]
fn the_svg_picture_flips_and_outlines_the_last_move() {
    let g = game("games/chess.toml");
    let st = g.initial();
    let plain = interp::render::svg(&g, &st, None);
    let flipped = interp::render::svg_view(&g, &st, None, &View { flip: true, last: vec![] });
    assert_eq!(polygon(&flipped, "a1"), polygon(&plain, "h8"));
    assert_eq!(polygon(&flipped, "e2"), polygon(&plain, "d7"));
    assert!(!plain.contains("last-move"));
    let (st, _, view) = after(&g, "e2-e4");
    let marked = interp::render::svg_view(&g, &st, None, &view);
    let outlined: Vec<&str> = marked.lines().skip_while(|l| !l.contains("last-move")).skip(1).take(2).collect();
    assert_eq!(
        outlined,
        [
            format!("<polygon points=\"{}\"/>", polygon(&marked, "e2")),
            format!("<polygon points=\"{}\"/>", polygon(&marked, "e4"))
        ]
    );
    // Taasen's apex cell A1 goes to the bottom, pointing down.
    let g = game("games/taasen.toml");
    let up = polygon(&interp::render::svg(&g, &g.initial(), None), "A1");
    let down = polygon(&interp::render::svg_view(&g, &g.initial(), None, &View { flip: true, last: vec![] }), "A1");
    let ys = |p: &str| -> Vec<f64> { p.split(' ').map(|xy| xy.split(',').nth(1).unwrap().parse().unwrap()).collect() };
    let (u, d) = (ys(&up), ys(&down));
    // Apex (third corner) above the base when upright (smaller y in SVG), below when turned.
    assert!(u[2] < u[0] && d[2] > d[0], "{up} / {down}");
}

#[test]
fn hexes_take_an_even_pitch_and_triangles_three_columns() {
    // Hex rows stand half a cell apart, so cells are 4 columns apart and the row above
    // sits between two cells below; triangles half a unit apart give 3 columns a cell.
    let g = game("games/asteryx.toml");
    let text = picture(&g, &g.initial(), &View::default(), Style::Plain);
    assert!(text.starts_with(" a9              k\n a8        n   r   r   n        d8\n"), "{text}");
    let g = game("games/taasen.toml");
    let text = picture(&g, &g.initial(), &View::default(), Style::Plain);
    assert!(text.starts_with(" A1           Z+\n"), "{text}");
    assert!(text.contains("\n D1  P+ .  .  ^  .  .  p+ D7\n"), "{text}");
}

/// The `data-*` attributes of an SVG line, by name.
fn data(line: &str, key: &str) -> Option<String> {
    Some(line.split(&format!(" {key}=\"")).nth(1)?.split('"').next()?.to_string())
}

/// Whether a point lies strictly inside a convex polygon given as `x,y x,y ...`.
fn inside(points: &str, (px, py): (f64, f64)) -> bool {
    let pts: Vec<(f64, f64)> = points
        .split(' ')
        .map(|xy| {
            let (x, y) = xy.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let sides: Vec<f64> = (0..pts.len())
        .map(|i| {
            let ((ax, ay), (bx, by)) = (pts[i], pts[(i + 1) % pts.len()]);
            (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        })
        .collect();
    sides.iter().all(|&c| c > 0.0) || sides.iter().all(|&c| c < 0.0)
}

/// The page finds cells in the SVG by their attributes: every cell of every game has exactly
/// one `class="cell"` polygon with its `data-cell`, whose `data-x`/`data-y` (where the page
/// draws a target dot) lie inside it, also turned; every piece is a `class="piece"` group
/// naming its cell.
#[test]
fn every_cell_is_one_polygon_named_for_the_page() {
    for rel in &games() {
        let g = game(rel);
        let st = g.initial();
        for flip in [false, true] {
            let svg = interp::render::svg_view(&g, &st, None, &View { flip, last: vec![] });
            let cells: Vec<&str> = svg.lines().filter(|l| l.starts_with(r#"<polygon class="cell""#)).collect();
            assert_eq!(cells.len(), g.board.len(), "{rel}");
            for c in &g.board.cells {
                let named: Vec<&&str> =
                    cells.iter().filter(|l| data(l, "data-cell").as_deref() == Some(c.name.as_str())).collect();
                assert_eq!(named.len(), 1, "{rel}: {}", c.name);
                let at = |k: &str| data(named[0], k).unwrap().parse::<f64>().unwrap();
                let points = data(named[0], "points").unwrap();
                assert!(inside(&points, (at("data-x"), at("data-y"))), "{rel} {}: {}", c.name, named[0]);
            }
            let occupied = st.board.iter().filter(|&&k| k != 0).count();
            assert_eq!(svg.matches(r#"<g class="piece" data-cell=""#).count(), occupied, "{rel}");
            for (i, c) in g.board.cells.iter().enumerate() {
                let group = format!(r#"<g class="piece" data-cell="{}" "#, c.name);
                assert_eq!(svg.contains(&group), st.board[i] != 0, "{rel}: {}", c.name);
            }
        }
    }
}

/// A royal piece in check gets a red ring inside its piece group; no check, no ring.
#[test]
fn the_svg_picture_rings_a_royal_in_check() {
    let g = game("games/chess.toml");
    let (st, _, view) = after(&g, "f2-f3 e7-e5 g2-g4 d8-h4");
    let svg = interp::render::svg_view(&g, &st, None, &view);
    assert_eq!(svg.matches(r#"class="check""#).count(), 1, "{svg}");
    let group: Vec<&str> = svg
        .lines()
        .skip_while(|l| !l.starts_with(r#"<g class="piece" data-cell="e1" data-player="white""#))
        .take_while(|l| *l != "</g>")
        .collect();
    assert!(group.iter().any(|l| l.starts_with(r#"<circle class="check""#)), "{group:?}");
    let (st, _, view) = after(&g, "e2-e4");
    assert!(!interp::render::svg_view(&g, &st, None, &view).contains("class=\"check\""));
}
