//! The draughts reference's data files (tests/data/draughts/, made by
//! tests/reference/draughts.py) are well formed: every line has its five fields, every move
//! is written in the documented format, every position string reads, the side to move
//! follows from the number of moves, and the pieces left are the start's less the captures
//! the moves name. The engine's own comparison against these files lives with the games.

use std::collections::BTreeSet;
use std::path::Path;

/// One game's facts the files depend on.
struct Game {
    file: &'static str,
    squares: u32,
    men_each: usize,
    /// `W` or `B`: the side that moves first.
    first: char,
}

const GAMES: [Game; 2] = [
    Game { file: "checkers.txt", squares: 32, men_each: 12, first: 'B' },
    Game { file: "international.txt", squares: 50, men_each: 20, first: 'W' },
];

/// A square number within the board, or a message.
fn square(text: &str, squares: u32) -> Result<u32, String> {
    let n: u32 = text.parse().map_err(|_| format!("`{text}` is not a square number"))?;
    if (1..=squares).contains(&n) { Ok(n) } else { Err(format!("square {n} is off the board")) }
}

/// The number of pieces a move captures (0 for a plain move), checking its spelling:
/// `FROM-TO`, or `FROMxTO:C1,C2,...` with the captured squares ascending.
fn captures(mv: &str, squares: u32) -> Result<usize, String> {
    if let Some((from, to)) = mv.split_once('-') {
        square(from, squares)?;
        square(to, squares)?;
        return Ok(0);
    }
    let (head, taken) = mv.split_once(':').ok_or(format!("`{mv}`: no `-` and no `:`"))?;
    let (from, to) = head.split_once('x').ok_or(format!("`{mv}`: no `x`"))?;
    square(from, squares)?;
    square(to, squares)?;
    let list: Vec<u32> = taken.split(',').map(|c| square(c, squares)).collect::<Result<_, _>>()?;
    if list.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("`{mv}`: captured squares not strictly ascending"));
    }
    Ok(list.len())
}

/// The side to move and the number of pieces of each side in a PDN FEN.
fn position(fen: &str, squares: u32) -> Result<(char, usize, usize), String> {
    let parts: Vec<&str> = fen.split(':').collect();
    let [side, white, black] = parts[..] else {
        return Err(format!("`{fen}`: not three fields"));
    };
    let side = match side {
        "W" => 'W',
        "B" => 'B',
        _ => return Err(format!("`{fen}`: side `{side}`")),
    };
    let mut seen = BTreeSet::new();
    let mut count = |list: &str, colour: char| -> Result<usize, String> {
        let body = list.strip_prefix(colour).ok_or(format!("`{fen}`: `{list}` is not {colour}'s"))?;
        let mut n = 0;
        for item in body.split(',').filter(|s| !s.is_empty()) {
            let sq = square(item.strip_prefix('K').unwrap_or(item), squares)?;
            if !seen.insert(sq) {
                return Err(format!("`{fen}`: square {sq} twice"));
            }
            n += 1;
        }
        Ok(n)
    };
    Ok((side, count(white, 'W')?, count(black, 'B')?))
}

/// Checks one data line; returns the number of plies to it.
fn check_line(line: &str, g: &Game) -> Result<usize, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [start, moves, fen, depth, count] = fields[..] else {
        return Err(format!("{} fields", fields.len()));
    };
    if start != "startpos" {
        return Err(format!("start `{start}`"));
    }
    let moves: Vec<&str> = moves.split_whitespace().collect();
    // captures by each side: the first mover plays the even plies
    let mut taken = [0usize; 2];
    for (ply, mv) in moves.iter().enumerate() {
        taken[ply % 2] += captures(mv, g.squares)?;
    }
    let (side, white, black) = position(fen, g.squares)?;
    let second = if g.first == 'W' { 'B' } else { 'W' };
    let expect_side = if moves.len().is_multiple_of(2) { g.first } else { second };
    if side != expect_side {
        return Err(format!("{} plies but {side} to move", moves.len()));
    }
    // taken[0] are the first mover's captures: the second mover's pieces
    let (first_left, second_left) = if g.first == 'W' { (white, black) } else { (black, white) };
    if first_left != g.men_each - taken[1] || second_left != g.men_each - taken[0] {
        return Err(format!("pieces left {white}/{black} do not follow from the captures"));
    }
    let depth: u32 = depth.parse().map_err(|_| format!("depth `{depth}`"))?;
    let count: u64 = count.parse().map_err(|_| format!("count `{count}`"))?;
    // a count of 0 is right where every line ends (a side without moves) before `depth`
    if depth == 0 || (depth == 1 && count == 0) {
        return Err(format!("depth {depth}, count {count}: a node without moves"));
    }
    Ok(moves.len())
}

#[test]
fn draughts_reference_data_files_are_well_formed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/draughts");
    for g in &GAMES {
        let text = std::fs::read_to_string(dir.join(g.file)).unwrap();
        assert!(text.starts_with("# made by: python3 tests/reference/draughts.py sample"), "{}", g.file);
        let mut lines = 0;
        for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#')) {
            let plies = check_line(line, g).unwrap_or_else(|e| panic!("{}:{}: {e}", g.file, n + 1));
            assert!((10..=80).contains(&plies), "{}:{}: {plies} plies", g.file, n + 1);
            lines += 1;
        }
        assert!(lines >= 30, "{}: only {lines} nodes", g.file);
    }
}

#[test]
fn a_broken_line_is_refused() {
    let g = &GAMES[1];
    let good = "startpos\t\tW:W31,32:B1\t1\t2";
    assert!(check_line(good, g).is_err(), "pieces do not follow from no captures");
    for bad in ["31-26x", "28x19:23,23", "28x19", "0-5", "28x19:24,23"] {
        assert!(captures(bad, 50).is_err(), "{bad}");
    }
    assert_eq!(captures("46x10:19,32", 50), Ok(2));
    assert_eq!(position("W:W:B3", 50), Ok(('W', 0, 1)));
}
