//! The evaluation derived from the rules: piece values from the moves on an empty board,
//! centrality, advancement towards promotion, goal terms of end rules, symmetry.

use interp::ai::Evaluator;
use interp::ir::Game;
use std::path::PathBuf;

fn game(rel: &str) -> Game {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    interp::open(p.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{rel} must load:\n{e}"))
}

/// The derived value (hundredths) of the type written `letter`.
fn derived(g: &Game, letter: char) -> i32 {
    let t = g.types.iter().position(|t| t.letter == letter).unwrap();
    Evaluator::derived_values(g)[t]
}

/// The worth of the first player's piece `letter` on the cell named `cell`.
fn worth(g: &Game, e: &Evaluator, letter: char, cell: &str) -> i32 {
    e.worth(g.kind_of_char(letter).unwrap(), g.board.cell(cell).unwrap())
}

#[test]
fn derived_chess_values_are_in_the_expected_order() {
    let g = game("games/chess.toml");
    let (n, b, r, q) = (derived(&g, 'N'), derived(&g, 'B'), derived(&g, 'R'), derived(&g, 'Q'));
    let p = derived(&g, 'P');
    assert!((n - b).abs() * 5 < n.min(b), "N {n} and B {b} should be about equal");
    assert!(p < n.min(b) && n.max(b) < r && r < q, "P {p} < N {n} ≈ B {b} < R {r} < Q {q}");
    // About the usual 3, 5 and 9 pawns' worth.
    assert!((250..=350).contains(&n) && (500..=700).contains(&r) && (800..=1000).contains(&q), "{n} {r} {q}");
}

#[test]
fn the_files_values_override_and_royal_pieces_are_not_material() {
    let g = game("games/chess.toml");
    let e = Evaluator::new(&g);
    let letters: Vec<char> = g.types.iter().map(|t| t.letter).collect();
    let v = |l: char| e.values()[letters.iter().position(|&x| x == l).unwrap()];
    assert_eq!((v('P'), v('N'), v('B'), v('R'), v('Q'), v('K')), (100, 300, 300, 500, 900, 0));
    // Taasen gives no values: they are derived (and its pieces all move alike).
    let g = game("games/taasen.toml");
    let e = Evaluator::new(&g);
    assert!(e.values().iter().all(|&v| v > 100 && v == e.values()[0]), "{:?}", e.values());
}

#[test]
fn centrality_prefers_central_knights() {
    let g = game("games/chess.toml");
    let e = Evaluator::new(&g);
    let (centre, rim, corner) = (worth(&g, &e, 'N', "e4"), worth(&g, &e, 'N', "a4"), worth(&g, &e, 'N', "a1"));
    assert!(centre > rim && rim > corner, "e4 {centre}, a4 {rim}, a1 {corner}");
    // A rook reaches as much from every cell of an empty board.
    assert_eq!(worth(&g, &e, 'R', "a1"), worth(&g, &e, 'R', "d4"));
}

#[test]
fn advancement_prefers_pawns_nearer_promotion() {
    let g = game("games/chess.toml");
    let e = Evaluator::new(&g);
    // (On a2 the double step adds to its reach: ranks 3 to 7 only.)
    let ranks: Vec<i32> = (3..=7).map(|r| worth(&g, &e, 'P', &format!("a{r}"))).collect();
    assert!(ranks.windows(2).all(|w| w[0] < w[1]), "{ranks:?}");
    // Black's pawns go the other way.
    let p = g.kind_of_char('p').unwrap();
    let (b7, b2) = (e.worth(p, g.board.cell("a7").unwrap()), e.worth(p, g.board.cell("a2").unwrap()));
    assert!(b2 > b7, "black a2 {b2}, a7 {b7}");
}

/// The colour-swapped, rank-mirrored position string of a chess FEN (same side to move
/// swapped too).
fn mirror_fen(fen: &str) -> String {
    let f: Vec<&str> = fen.split(' ').collect();
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect()
    };
    let rows: Vec<String> = f[0].split('/').rev().map(swap).collect();
    let side = if f[1] == "w" { "b" } else { "w" };
    format!("{} {side} - - 0 1", rows.join("/"))
}

#[test]
fn the_evaluation_is_symmetric() {
    let g = game("games/chess.toml");
    let e = Evaluator::new(&g);
    for fen in [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1",
        "r3k2r/1pp2ppp/p1n1bn2/4p3/2B1P1q1/2NP1N2/PPP2PPP/R2QK2R w - - 0 1",
        "8/3P4/8/2k5/8/5n2/1K6/8 w - - 0 1",
    ] {
        let a = g.parse_position(fen).unwrap();
        let b = g.parse_position(&mirror_fen(fen)).unwrap();
        let (sa, sb) = (e.score(&g, &a, 0), e.score(&g, &b, 0));
        assert_eq!(sa, -sb, "{fen}: {sa} for white, mirrored {sb}");
        assert_eq!(e.score(&g, &a, 1), -sa);
    }
    let start = g.initial();
    assert_eq!(e.score(&g, &start, 0), 0);
}
