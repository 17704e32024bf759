//! The board's lines back ([`interp::board::Board::line_back`]), which the attack test and
//! the pin walk read instead of following links one by one, hold what that walk meets.

mod common;

use interp::board::{Board, Cell, NONE};

/// The walk the lines replace: from `c` against `d`, one single source at a time, to the
/// edge (Some), or None when a cell has several sources or the walk comes round.
fn walked(b: &Board, c: Cell, d: u8) -> Option<Vec<Cell>> {
    let (mut out, mut at) = (vec![], c);
    loop {
        match b.sources(at, d) {
            [] => return Some(out),
            [s] if out.len() < b.len() => {
                out.push(*s);
                at = *s;
            }
            _ => return None,
        }
    }
}

fn check_lines(name: &str, b: &Board) -> (usize, usize) {
    let (mut lines, mut open) = (0, 0);
    for c in 0..b.len() as Cell {
        for d in 0..b.dirs.len() as u8 {
            let line = b.line_back(c, d).map(<[Cell]>::to_vec);
            assert_eq!(line, walked(b, c, d), "{name}: cell {c}, direction {d}");
            if line.is_some() { lines += 1 } else { open += 1 }
        }
    }
    (lines, open)
}

#[test]
fn lines_back_follow_the_links_of_every_shipped_board() {
    let mut files: Vec<_> = ["games", "games/examples"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(common::repo_path(dir)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && !p.to_string_lossy().ends_with(".tests.toml"))
        .collect();
    files.sort();
    let (mut lines, mut open) = (0, 0);
    for f in &files {
        let g = interp::open(f.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{e}"));
        let (l, o) = check_lines(&f.to_string_lossy(), &g.board);
        (lines, open) = (lines + l, open + o);
    }
    assert!(files.len() >= 10 && lines > 1000, "{} files, {lines} lines", files.len());
    // Trubix-43's forked links leave some lines to the walk.
    assert!(open > 0, "no forked line on any shipped board");
}

/// A row whose last cell links on to its first: every line along the row comes round, so
/// none is kept, and attacks along it are walked: the Rook on b1 keeps the black King on
/// d2 off d1.
#[test]
fn a_board_that_comes_round_keeps_no_line_along_the_circle() {
    let rules = "board square files a..d ranks 1..2 {\n  link d1 E -> a1\n  link a1 W -> d1\n}\ndirs orth = N E S W\n\
        piece K { move orth [!friend] }\npiece R { move slide(orth) }\nend { loss if no-moves & check\n draw if no-moves }";
    let text = format!(
        "[game]\nname = \"ring\"\nplayers = [\"white\", \"black\"]\nrules = '''\n{rules}\n'''\n\
         [pieces.K]\nroyal = true\n[pieces.R]\nvalue = 5\n[setup.white]\nK = \"a2\"\nR = \"b1\"\n[setup.black]\nK = \"d2\"\n"
    );
    let g = common::load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"));
    let e = g.board.dirs.iter().position(|d| d.name == "E").unwrap() as u8;
    let a1 = g.board.cell("a1").unwrap();
    assert_eq!(g.board.line_back(a1, e), None);
    assert_eq!(walked(&g.board, a1, e), None);
    check_lines("ring", &g.board);
    assert_ne!(g.board.source_raw(a1, e), NONE);
    let (st, _) = common::play(&g, &g.initial(), "a2-a1");
    assert_eq!(common::legal(&g, &st), ["d2-c2"]);
}
