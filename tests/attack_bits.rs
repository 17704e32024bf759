//! The attack tables' lines and leaps as bits (`AttackTables::line_bits`, `leap_bits`),
//! read by the judgement of a royal piece's steps, hold exactly the cells of the lines and
//! leaps they stand for, in the order a slide meets them.

mod common;

use common::open_game;
use interp::ir::{Game, LineBits};

/// Every game file shipped (tests files left out).
fn games() -> Vec<String> {
    let mut files = vec![];
    for dir in ["games", "games/examples"] {
        for e in std::fs::read_dir(common::repo_path(dir)).unwrap() {
            let name = e.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".toml") && !name.ends_with(".tests.toml") {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    files.sort();
    files
}

/// The cells of a line held as bits, nearest first.
fn cells(l: &LineBits) -> Vec<u16> {
    let mut v: Vec<u16> = (0..64).filter(|i| l.bits >> i & 1 == 1).map(|i| l.word as u16 * 64 + i).collect();
    if !l.up {
        v.reverse();
    }
    v
}

/// Checks one game's tables; returns (lines held as bits, lines walked, bits beyond the first word).
fn check(file: &str, g: &Game) -> (usize, usize, usize) {
    let t = &g.attack;
    let (mut held, mut walked, mut high) = (0, 0, 0);
    for (p, rays) in t.rays.iter().enumerate() {
        let Some(bits) = t.line_bits.get(p) else { continue };
        assert_eq!(bits.len(), g.board.len() * rays.len(), "{file}");
        for c in 0..g.board.len() {
            for (r, &(d, max, _, _)) in rays.iter().enumerate() {
                let line = g.board.line_back(c as u16, d).expect("plain lines");
                let line = &line[..line.len().min(max as usize)];
                match bits[c * rays.len() + r] {
                    Some(l) => {
                        assert_eq!(cells(&l), line, "{file}: player {p}, cell {c}, slide {r}");
                        held += 1;
                        high += (l.word > 0) as usize;
                    }
                    None => walked += 1,
                }
            }
            let mut from_bits: Vec<(u16, u16)> = t.leap_bits[p][c]
                .iter()
                .flat_map(|&(ks, w, b)| (0..64).filter(move |i| b >> i & 1 == 1).map(move |i| (w as u16 * 64 + i, ks)))
                .collect();
            let mut leaps = t.leaps[p][c].clone();
            from_bits.sort_unstable();
            leaps.sort_unstable();
            assert_eq!(from_bits, leaps, "{file}: player {p}, leaps to cell {c}");
        }
    }
    (held, walked, high)
}

#[test]
fn lines_and_leaps_as_bits_are_the_tables_they_stand_for() {
    let (mut held, mut walked, mut high, mut with) = (0, 0, 0, 0);
    for file in games() {
        let g = open_game(&file);
        if g.attack.line_bits.is_empty() {
            assert!(g.attack.leap_bits.is_empty(), "{file}");
            continue;
        }
        with += 1;
        let (h, w, x) = check(&file, &g);
        (held, walked, high) = (held + h, walked + w, high + x);
    }
    // The shipped games hold lines in every form the tables know.
    assert!(with >= 5, "{with} games with lines as bits");
    assert!(held > 0 && high > 0, "{held} lines held, {high} past the first word");
    assert!(walked > 0, "no line left to the walk");
}

/// A cell added in the middle of a row is numbered after every other, so a line along the
/// row is numbered neither up nor down: it is left to the walk, which finds the nearest
/// piece. The black Rook on the added cell shields d2 from the white Rook on a2.
#[test]
fn a_line_numbered_out_of_order_is_walked() {
    let rules = "board square files a..d ranks 1..3 {\n  remove b2\n  cell bx at (1, 2)\n  link a2 E -> bx\n  link bx W -> a2\n  \
        link bx E -> c2\n  link c2 W -> bx\n}\ndirs orth = N E S W\n\
        piece K { move orth [!friend] }\npiece R { move slide(orth) }\nend { loss if no-moves & check\n draw if no-moves }";
    let text = format!(
        "[game]\nname = \"detour\"\nplayers = [\"white\", \"black\"]\nrules = '''\n{rules}\n'''\n\
         [pieces.K]\nroyal = true\n[pieces.R]\nvalue = 5\n[setup.white]\nK = \"a1\"\nR = \"a2\"\n\
         [setup.black]\nK = \"d3\"\nR = \"bx\"\n"
    );
    let g = common::load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"));
    assert!(!g.attack.line_bits.is_empty());
    let (held, walked, _) = check("detour", &g);
    assert!(held > 0 && walked > 0, "{held} lines held, {walked} walked");
    let (st, _) = common::play(&g, &g.initial(), "a1-b1");
    let moves = common::legal(&g, &st);
    assert!(moves.contains(&"d3-d2".to_string()), "{moves:?}");
    assert!(moves.contains(&"d3-c3".to_string()), "{moves:?}");
}
