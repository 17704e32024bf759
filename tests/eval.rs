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

#[test]
fn a_goal_term_prefers_a_king_nearer_the_hill() {
    let g = game("games/examples/kingofthehill.toml");
    let e = Evaluator::new(&g);
    let at = |fen: &str| e.score(&g, &g.parse_position(fen).unwrap(), 0);
    let (far, nearer, next) =
        (at("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), at("4k3/8/8/8/8/4K3/8/8 w - - 0 1"), at("4k3/8/8/8/8/8/8/4K3 b - - 0 1"));
    assert!(nearer > far, "king on e3 {nearer}, on e1 {far}");
    assert_eq!(far, next, "the side to move does not change the score");
    // Plain chess has no such goal: the king's cell does not matter.
    let g = game("games/chess.toml");
    let e = Evaluator::new(&g);
    let at = |fen: &str| e.score(&g, &g.parse_position(fen).unwrap(), 0);
    assert_eq!(at("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), at("4k3/8/8/8/8/4K3/8/8 w - - 0 1"));
}

#[test]
fn a_goal_term_prefers_a_king_nearer_the_last_rank_and_fewer_checks_left() {
    let g = game("games/examples/racingkings.toml");
    let e = Evaluator::new(&g);
    let at = |fen: &str| e.score(&g, &g.parse_position(fen).unwrap(), 0);
    assert!(at("8/8/8/8/8/8/k5K1/8 w - - 0 1") < at("8/8/8/6K1/8/8/k7/8 w - - 0 1"));
    // Three-check: the counter of checks still to give.
    let g = game("games/examples/3check.toml");
    let e = Evaluator::new(&g);
    let start = g.initial();
    let slot = g.vars.iter().find(|v| v.name == "checks-left").unwrap().slot.at(0);
    let mut checked = start.clone();
    checked.vars[slot] -= 1;
    assert!(e.score(&g, &checked, 0) > e.score(&g, &start, 0));
    assert_eq!(e.score(&g, &checked, 1), -e.score(&g, &checked, 0));
}

#[test]
fn pieces_whose_loss_ends_the_game_are_a_stake() {
    // Tishai: losing both Towers loses; the second Tower is worth more than the first.
    let g = game("games/tishai.toml");
    let e = Evaluator::new(&g);
    let start = g.initial();
    let r = g.types.iter().position(|t| t.letter == 'R').unwrap();
    let mut one = start.clone();
    let cells: Vec<usize> = (0..one.board.len())
        .filter(|&c| {
            one.board[c] != 0
                && g.kind_type[one.board[c] as usize] as usize == r
                && g.kind_owner[one.board[c] as usize] == 0
        })
        .collect();
    assert_eq!(cells.len(), 2, "white has two Towers");
    one.board[cells[0]] = 0;
    g.refresh(&mut one);
    let mut none = one.clone();
    none.board[cells[1]] = 0;
    g.refresh(&mut none);
    let (s2, s1, s0) = (e.score(&g, &start, 0), e.score(&g, &one, 0), e.score(&g, &none, 0));
    assert!(s2 - s1 < s1 - s0, "two {s2}, one {s1}, none {s0}");
}

#[test]
fn the_ai_table_sets_the_search_and_the_weights() {
    use interp::ir::SearchKind;
    let dir = std::env::temp_dir().join(format!("interp-eval-ai-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chess = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("games/chess.toml");
    let text = format!(
        "[game]\nextends = {:?}\n\n[ai]\nsearch = \"mcts\"\ncentre = 0\nmaterial = 200\n",
        chess.to_str().unwrap()
    );
    let path = dir.join("weighted.toml");
    std::fs::write(&path, text).unwrap();
    let g = interp::open(path.to_str().unwrap(), &[]).unwrap();
    let rules = std::process::Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(["rules", path.to_str().unwrap()])
        .output()
        .unwrap();
    let rules = String::from_utf8_lossy(&rules.stdout).into_owned();
    std::fs::remove_dir_all(&dir).ok();
    assert!(rules.contains("\nAI\n--\n  search: Monte Carlo tree search (playouts)\n"), "{rules}");
    assert!(rules.contains("weights (of the terms as derived): material 200%, centre 0%"), "{rules}");
    assert_eq!(g.ai.search, SearchKind::Mcts);
    assert_eq!((g.ai.weights.centre, g.ai.weights.material, g.ai.weights.goal), (0, 200, 100));
    let e = Evaluator::new(&g);
    // No centrality: a knight is worth the same everywhere, twice its value.
    assert_eq!(worth(&g, &e, 'N', "e4"), 600);
    assert_eq!(worth(&g, &e, 'N', "a1"), 600);
    assert_eq!(game("games/chess.toml").ai.search, SearchKind::AlphaBeta);
}

/// A position from its position string.
fn fen(g: &Game, text: &str) -> interp::engine::State {
    g.parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_lone_king_is_driven_to_the_edge_and_the_king_comes_closer() {
    let g = game("games/chess.toml");
    let e = Evaluator::new(&g);
    // White: King and Rook against the lone black King; white to move in each.
    let centre = fen(&g, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
    let corner = fen(&g, "7k/8/8/8/8/8/8/R3K3 w - - 0 1");
    let near = fen(&g, "8/8/8/4k3/8/4K3/8/R7 w - - 0 1");
    assert!(e.score(&g, &corner, 0) > e.score(&g, &centre, 0), "the cornered King is worth more to White");
    assert!(e.score(&g, &near, 0) > e.score(&g, &centre, 0), "White's King closer is worth more");
    assert_eq!(e.score(&g, &corner, 1), -e.score(&g, &corner, 0), "the same for Black, negated");
    // With material even, nothing of it (royal pieces have no centrality either).
    let even = fen(&g, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let even_corner = fen(&g, "r6k/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(e.score(&g, &even, 0), e.score(&g, &even_corner, 0));
}

/// The game of `rel` extended by an `[ai]` table of these lines.
fn with_ai(rel: &str, lines: &str) -> Game {
    let dir = std::env::temp_dir().join(format!("interp-eval-hunt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
    let path = dir.join("hunt.toml");
    std::fs::write(&path, format!("[game]\nextends = {:?}\n\n[ai]\n{lines}\n", base.to_str().unwrap())).unwrap();
    let g = interp::open(path.to_str().unwrap(), &[]).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    g
}

#[test]
fn the_side_well_ahead_brings_its_pieces_to_the_enemy_royal_piece() {
    let g = game("games/chess.toml");
    let e = Evaluator::new(&g);
    let at = |e: &Evaluator, text: &str, me: u8| e.score(&g, &fen(&g, text), me);
    // Queen and Rook against eight Pawns: far ahead, though Black keeps more than the
    // endgame push counts with. The Rook on h1 takes on h8 from h7 in one move; from a1
    // it needs two (its worth is the same on every cell of an empty board).
    let (near, far) = ("7k/pppppppp/8/8/8/8/8/3QK2R w - - 0 1", "7k/pppppppp/8/8/8/8/8/R2QK3 w - - 0 1");
    assert!(at(&e, near, 0) > at(&e, far, 0), "the Rook nearer the black King is worth more");
    assert_eq!(at(&e, near, 1), -at(&e, near, 0), "the same for Black, negated");
    // A Rook for Black as well: no side is far enough ahead, and nothing of it counts.
    let (near_even, far_even) = ("r6k/pppppppp/8/8/8/8/8/3QK2R w - - 0 1", "r6k/pppppppp/8/8/8/8/8/R2QK3 w - - 0 1");
    assert_eq!(at(&e, near_even, 0), at(&e, far_even, 0));
    // `hunt = 0` leaves it out.
    let off = with_ai("games/chess.toml", "hunt = 0");
    assert_eq!(off.ai.weights.hunt, 0);
    let e = Evaluator::new(&off);
    assert_eq!(at(&e, near, 0), at(&e, far, 0));
}

#[test]
fn a_stone_that_captures_sideways_is_measured_to_the_cells_beside_the_leader() {
    // Tâktykâ: four white stones against one black; the black Leader on e9. A stone on e6
    // reaches e8, beside it, in two diagonal steps; from i6 the nearest such cell, f9,
    // takes three. Both cells are alike for centrality and rank, so the hunt alone tells
    // them apart: 8% of a stone (8 hundredths) for the step.
    let g = game("games/taktyka.toml");
    let at = |e: &Evaluator, hunter: &str| {
        let text = format!("10/s3l5/10/10/{hunter}/10/L9/1S1S6/10/9S w - - winner=0 idle=0,0 checks=-");
        e.score(&g, &fen(&g, &text), 0)
    };
    let e = Evaluator::new(&g);
    assert_eq!(at(&e, "4S5") - at(&e, "8S1"), 8);
    let off = with_ai("games/taktyka.toml", "hunt = 0");
    let e = Evaluator::new(&off);
    assert_eq!(at(&e, "4S5"), at(&e, "8S1"));
}

#[test]
fn king_and_rook_mate_a_lone_king() {
    use interp::selfplay::{Player, play_game};
    let g = game("games/chess.toml");
    let st = fen(&g, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
    for seed in 1..=3 {
        let played = play_game(&g, &st, &[], [Player::Ai, Player::Ai], interp::ai::Limits::nodes(4000), seed, 100);
        assert_eq!(played.winner, Some(0), "seed {seed}: White mates within 100 plies: {:?}", played.moves);
    }
}
