//! Asteryx Chess: snapshots of every rule, on hand-built positions and
//! on the reference vector positions. Perft from the start and the reference vectors
//! (positions deep into games, checked against an independent implementation) are test
//! cases in games/asteryx.tests.toml and games/asteryx-single.tests.toml (run by
//! tests/game_cases.rs).

mod common;

use common::{legal, perft, play, repo_path};
use interp::engine::State;
use interp::ir::Game;

fn game(file: &str) -> Game {
    interp::open(repo_path(file).to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{file} must load:\n{e}"))
}

fn pos(g: &Game, s: &str) -> State {
    g.parse_position(s).unwrap_or_else(|e| panic!("bad position `{s}`: {e}"))
}

fn snap(name: &str, text: String) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!(name, text);
    });
}

#[test]
fn every_piece_on_an_open_board() {
    let g = game("games/asteryx.toml");
    let mut out = String::new();
    for p in ["K", "Q", "R", "B", "N"] {
        let st = pos(&g, &format!("k/4/7/6/3{p}3/6/7/4/K w - - idle=0"));
        let from_d5: Vec<String> = legal(&g, &st).into_iter().filter(|a| a.starts_with("d5-")).collect();
        out.push_str(&format!("{p} on d5 ({}): {}\n", from_d5.len(), from_d5.join(" ")));
    }
    snap("open_board", out);
}

#[test]
fn knight_has_twelve_targets_and_bishop_twelve_snakes() {
    let g = game("games/asteryx.toml");
    let st = pos(&g, "k/4/7/6/3N3/6/7/4/K w - - idle=0");
    assert_eq!(legal(&g, &st).iter().filter(|a| a.starts_with("d5-")).count(), 12);
    let colour = |n: &str| g.board.cells[g.board.cell(n).unwrap() as usize].colour;
    for a in legal(&g, &st).iter().filter(|a| a.starts_with("d5-")) {
        assert_ne!(colour(&a[3..]), colour("d5"), "{a} must land on another colour");
    }
}

#[test]
fn pawn_zigzag_and_promotion() {
    let g = game("games/asteryx.toml");
    // A White pawn on c5 may go one or two steps, zigzagging; one on a7's neighbour promotes.
    let st = pos(&g, "k/4/7/6/2P4/6/7/4/K w - - idle=0");
    let mut out =
        format!("c5: {}\n", legal(&g, &st).into_iter().filter(|a| a.starts_with("c5-")).collect::<Vec<_>>().join(" "));
    let st = pos(&g, "k/4/1P5/6/7/6/7/4/K w - - idle=0");
    out.push_str(&format!(
        "b7: {}\n",
        legal(&g, &st).into_iter().filter(|a| a.starts_with("b7-")).collect::<Vec<_>>().join(" ")
    ));
    snap("pawn", out);
}

/// Capturing moves (with their victims) at the first reference vector positions (the
/// cases in NAME.tests.toml) that have some.
fn captures_in(file: &str, want: usize) -> String {
    let g = game(file);
    let mut out = String::new();
    let mut found = 0;
    for moves in common::reference_moves(file) {
        let (st, _) = play(&g, &g.initial(), &moves);
        let list = g.actions(&st);
        let mut caps: Vec<String> = list
            .moves
            .iter()
            .filter(|m| !list.effects_of(m).is_empty())
            .map(|m| {
                let victims: Vec<&str> = list
                    .effects_of(m)
                    .iter()
                    .filter_map(|e| match e {
                        interp::engine::Effect::Remove(c) => Some(g.board.name(*c)),
                        _ => None,
                    })
                    .collect();
                format!("{} takes {}", g.notation(&st, m), victims.join("+"))
            })
            .collect();
        if caps.is_empty() {
            continue;
        }
        caps.sort();
        out.push_str(&format!("{}\n  {}\n", g.position_string(&st), caps.join("\n  ")));
        found += 1;
        if found == want {
            break;
        }
    }
    out
}

#[test]
fn custodian_captures() {
    snap("custodian_multiple", captures_in("games/asteryx.toml", 4));
    snap("custodian_single", captures_in("games/asteryx-single.toml", 4));
}

#[test]
fn king_capture_and_baring_end_the_game() {
    let g = game("games/asteryx.toml");
    // Black has only its King: bared, White has won.
    let st = pos(&g, "k/4/7/6/3Q3/6/7/4/K b - - idle=0");
    assert_eq!(common::status_text(&g, &st, &[]), "result: white wins");
    assert_eq!(perft(&g, &st, 1), 0);
    // Black's King is gone: White has won.
    let st = pos(&g, "q/4/7/6/3Q3/6/7/4/K b - - idle=0");
    assert_eq!(common::status_text(&g, &st, &[]), "result: white wins");
    // Otherwise play goes on.
    let st = pos(&g, "k/4/q6/6/3Q3/6/7/4/K b - - idle=0");
    assert_eq!(common::status_text(&g, &st, &[]), "to move: black");
}

// ---------------------------------------------------------------------------------------
// One dedicated test per ruling (the description in games/asteryx.toml), on small
// hand-built positions.
// Each position was checked by hand against the rulings (cells, colours and neighbours as
// `python3 tests/reference/asteryx.py cells` lists them), and its actions, victims and
// results against the move and capture functions of tests/reference/asteryx.py.

/// A position from pieces on named cells, e.g. `place(&g, 'w', "Kd2 kd8 Bd5")`: the
/// letter (upper case White, lower case Black), then the cell.
fn place(g: &Game, to_move: char, pieces: &str) -> State {
    let mut at = std::collections::HashMap::new();
    for p in pieces.split_whitespace() {
        let (kind, cell) = p.split_at(1);
        assert!(g.board.cell(cell).is_some(), "no cell `{cell}`");
        assert!(at.insert(cell.to_string(), kind.to_string()).is_none(), "{cell} used twice");
    }
    let rows: Vec<String> = g
        .board
        .rows
        .iter()
        .map(|row| {
            let (mut s, mut run) = (String::new(), 0);
            for &c in row {
                match at.get(g.board.name(c)) {
                    Some(k) => {
                        if run > 0 {
                            s.push_str(&run.to_string());
                            run = 0;
                        }
                        s.push_str(k);
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                s.push_str(&run.to_string());
            }
            s
        })
        .collect();
    pos(g, &format!("{} {to_move} - - idle=0", rows.join("/")))
}

/// The pieces on the board, White's then Black's, from rank 1 up: `Pc4 Kd8 | rd5 ka7`.
fn pieces(g: &Game, st: &State) -> String {
    let (mut white, mut black) = (vec![], vec![]);
    for row in g.board.rows.iter().rev() {
        for &c in row {
            let k = st.board[c as usize];
            if k != 0 {
                let ch = g.kind_char(k);
                let s = format!("{ch}{}", g.board.name(c));
                if ch.is_uppercase() { white.push(s) } else { black.push(s) }
            }
        }
    }
    format!("{} | {}", white.join(" "), black.join(" "))
}

/// What stands on a cell: its letter, or '.'.
fn on(g: &Game, st: &State, cell: &str) -> char {
    let k = st.board[g.board.cell(cell).unwrap() as usize];
    if k == 0 { '.' } else { g.kind_char(k) }
}

/// The cells an action's effects empty (its victims), sorted.
fn removed(g: &Game, effects: &[interp::engine::Effect]) -> Vec<String> {
    let mut v: Vec<String> = effects
        .iter()
        .filter_map(|e| match e {
            interp::engine::Effect::Remove(c) => Some(g.board.name(*c).to_string()),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

/// Every legal action, sorted, with its victims: `b2-b5 takes a5`.
fn described(g: &Game, st: &State) -> Vec<String> {
    let list = g.actions(st);
    let mut v: Vec<(String, Vec<String>)> =
        list.moves.iter().map(|m| (g.notation(st, m), removed(g, list.effects_of(m)))).collect();
    v.sort();
    v.into_iter().map(|(n, r)| if r.is_empty() { n } else { format!("{n} takes {}", r.join("+")) }).collect()
}

/// The victims of one action, and the position after it.
fn after(g: &Game, st: &State, action: &str) -> (State, Vec<String>) {
    let list = g.actions(st);
    let m =
        g.find_move(st, &list, action).unwrap_or_else(|| panic!("{action} must be legal in {}", g.position_string(st)));
    let mut next = st.clone();
    g.apply(&mut next, &m, list.effects_of(&m));
    (next, removed(g, list.effects_of(&m)))
}

/// A snapshot section: the position, the side to move or result, and every action.
fn report(g: &Game, st: &State) -> String {
    let acts = described(g, st);
    let mut s = format!(
        "position: {}\n  {}\n  status: {}\n  actions ({}):\n",
        pieces(g, st),
        g.position_string(st),
        common::status_text(g, st, &[]),
        acts.len()
    );
    for a in acts {
        s.push_str(&format!("    {a}\n"));
    }
    s
}

/// A snapshot line for an action played: victims and the resulting position.
fn report_after(g: &Game, st: &State, action: &str) -> String {
    let (next, victims) = after(g, st, action);
    format!(
        "after {action}: removed [{}]; {}; {}\n",
        victims.join(" "),
        pieces(g, &next),
        common::status_text(g, &next, &[])
    )
}

/// Axial coordinates (q, r) of a cell, r growing downwards.
fn qr(g: &Game, cell: &str) -> (i64, i64) {
    let v = &g.board.cells[g.board.cell(cell).unwrap() as usize].vars;
    assert_eq!((v[0].0, v[1].0), ("q", "r"));
    (v[0].1, v[1].1)
}

/// The cell at axial (q, r), if on the board.
fn at_qr(g: &Game, q: i64, r: i64) -> Option<String> {
    (0..g.board.len()).map(|c| g.board.name(c as u16).to_string()).find(|n| qr(g, n) == (q, r))
}

fn colour(g: &Game, cell: &str) -> i64 {
    g.board.cells[g.board.cell(cell).unwrap() as usize].colour
}

/// The six orthogonal steps in ring order (each next one turned 60 degrees).
const ORTH: [(&str, (i64, i64)); 6] =
    [("E", (1, 0)), ("NE", (1, -1)), ("NW", (0, -1)), ("W", (-1, 0)), ("SW", (-1, 1)), ("SE", (0, 1))];
/// The diagonal between orthogonal steps k and k + 1.
const DIAG: [&str; 6] = ["ENE", "N", "WNW", "WSW", "S", "ESE"];

/// The 12 bishop snakes from a cell, walked to the board's edge: (label, cells).
fn snakes(g: &Game, from: &str) -> Vec<(String, Vec<String>)> {
    let mut out = vec![];
    for k in 0..6 {
        let (a, b) = (ORTH[k], ORTH[(k + 1) % 6]);
        for (first, second) in [(a, b), (b, a)] {
            let (mut q, mut r) = qr(g, from);
            let mut cells = vec![];
            for n in 0.. {
                let d = if n % 2 == 0 { first.1 } else { second.1 };
                q += d.0;
                r += d.1;
                match at_qr(g, q, r) {
                    Some(c) => cells.push(c),
                    None => break,
                }
            }
            out.push((format!("{} from {} first, then {}", DIAG[k], first.0, second.0), cells));
        }
    }
    out
}

fn from_cell(acts: &[String], cell: &str) -> Vec<String> {
    let p = format!("{cell}-");
    acts.iter().filter(|a| a.starts_with(&p)).cloned().collect()
}

fn targets(acts: &[String], cell: &str) -> std::collections::BTreeSet<String> {
    from_cell(acts, cell).iter().map(|a| a[cell.len() + 1..].to_string()).collect()
}

#[test]
fn bishop_snakes_from_d5_both_starting_steps() {
    let g = game("games/asteryx.toml");
    assert_eq!(qr(&g, "d5"), (0, 0));
    // Kings on d2 and d8 are on no snake from d5 (they are on its rook lines).
    let st = place(&g, 'w', "Kd2 Bd5 kd8");
    let all = snakes(&g, "d5");
    assert_eq!(all.len(), 12);
    let mut out = String::from("Bishop on d5, kings on d2 and d8: the 12 snakes (diagonal, starting step):\n");
    for (label, cells) in &all {
        assert!(!cells.is_empty(), "{label}");
        out.push_str(&format!("  {label}: {}\n", cells.join(" ")));
    }
    // Both snakes of a diagonal meet on every second cell (the diagonal's own cells).
    for pair in all.chunks(2) {
        let (x, y) = (&pair[0].1, &pair[1].1);
        for i in (1..x.len().min(y.len())).step_by(2) {
            assert_eq!(x[i], y[i], "{} / {}", pair[0].0, pair[1].0);
        }
        assert_ne!(x[0], y[0]);
    }
    let union: std::collections::BTreeSet<String> = all.iter().flat_map(|(_, c)| c.clone()).collect();
    assert_eq!(union.len(), 30);
    let acts = legal(&g, &st);
    assert_eq!(targets(&acts, "d5"), union, "the bishop may stop on every cell of every snake");
    out.push_str(&format!("legal: {}\n", from_cell(&acts, "d5").join(" ")));

    // A piece on d6 blocks the two snakes starting NE (d6 first), not the others: d7
    // and e6 are still reached through c6 and e5; c8 was only on the blocked N snake.
    let st = place(&g, 'w', "Kd2 Bd5 Rd6 kd8");
    let open: std::collections::BTreeSet<String> =
        all.iter().filter(|(_, c)| c[0] != "d6").flat_map(|(_, c)| c.clone()).collect();
    let acts = legal(&g, &st);
    assert_eq!(targets(&acts, "d5"), open);
    assert!(targets(&acts, "d5").contains("d7") && targets(&acts, "d5").contains("e6"));
    assert!(!targets(&acts, "d5").contains("d6") && !targets(&acts, "d5").contains("c8"));
    out.push_str(&format!("with Rd6: {}\n", from_cell(&acts, "d5").join(" ")));
    snap("bishop_snakes", out);
}

#[test]
fn knight_twelve_targets_with_colours() {
    let g = game("games/asteryx.toml");
    // The 12 cells at distance 3 not on a straight line from d5, computed from (q, r).
    let (q0, r0) = qr(&g, "d5");
    let want: std::collections::BTreeSet<String> = (0..g.board.len())
        .map(|c| g.board.name(c as u16).to_string())
        .filter(|n| {
            let (dq, dr) = (qr(&g, n).0 - q0, qr(&g, n).1 - r0);
            dq.abs().max(dr.abs()).max((dq + dr).abs()) == 3 && dq != 0 && dr != 0 && dq + dr != 0
        })
        .collect();
    assert_eq!(want.len(), 12);
    let st = place(&g, 'w', "Kd2 Nd5 kd8");
    let acts = legal(&g, &st);
    assert_eq!(targets(&acts, "d5"), want);
    let mut out = format!("Knight on d5 (colour {}):\n", colour(&g, "d5"));
    for t in &want {
        assert_ne!(colour(&g, t), colour(&g, "d5"), "{t}");
        out.push_str(&format!("  d5-{t} lands on colour {}\n", colour(&g, t)));
    }
    // It leaps: walled in by its own rooks on all six neighbours, it has the same targets.
    let st = place(&g, 'w', "Kd2 Nd5 Re5 Rc5 Rd6 Rc6 Rd4 Rc4 kd8");
    assert_eq!(targets(&legal(&g, &st), "d5"), want);
    snap("knight_targets", out);
}

#[test]
fn pawn_zigzag_two_step() {
    let g = game("games/asteryx.toml");
    let mut out = String::new();
    let mut case = |side: char, pieces: &str, want: &str| {
        let st = place(&g, side, pieces);
        let got = from_cell(&legal(&g, &st), "d5").join(" ");
        assert_eq!(got, want, "{pieces}");
        out.push_str(&format!("{pieces} ({side}): {got}\n"));
    };
    // White: NE d6 or NW c6, then NE or NW again; d7 has two paths and is one action.
    case('w', "Kd2 Pd5 kd8", "d5-c6 d5-c7 d5-d6 d5-d7 d5-e7");
    // d6 blocked: d7 is still reached by the zigzag through c6.
    case('w', "Kd2 Pd5 Rd6 kd8", "d5-c6 d5-c7 d5-d7");
    // Both first steps blocked: no move.
    case('w', "Kd2 Pd5 Rd6 rc6 kd8", "");
    // Black: SE d4 or SW c4, then SE or SW; d3 has two paths.
    case('b', "Kd2 pd5 kd8", "d5-c3 d5-c4 d5-d3 d5-d4 d5-e3");
    // c4 blocked: d3 through d4.
    case('b', "Kd2 pd5 Rc4 kd8", "d5-d3 d5-d4 d5-e3");
    // Second-step cells blocked: only the single steps.
    case('b', "Kd2 pd5 Rc3 Rd3 Re3 kd8", "d5-c4 d5-d4");
    snap("pawn_zigzag", out);
}

#[test]
fn promotion_on_each_enemy_star_point() {
    let g = game("games/asteryx.toml");
    let mut out = String::new();
    // White promotes on Black's star points a9, a7, g7 (from b8, a6, f6); Black on
    // White's a1, a3, g3 (from b2, a4, f4).
    for (side, pieces, stars) in [
        ('w', "Kd2 kd4 Pa6 Pf6 Pb8", [("b8", "a9"), ("a6", "a7"), ("f6", "g7")]),
        ('b', "Kd6 kd8 pa4 pf4 pb2", [("b2", "a1"), ("a4", "a3"), ("f4", "g3")]),
    ] {
        let st = place(&g, side, pieces);
        let acts = legal(&g, &st);
        out.push_str(&report(&g, &st));
        for (from, star) in stars {
            let to_star: Vec<String> =
                acts.iter().filter(|a| a.starts_with(&format!("{from}-{star}"))).cloned().collect();
            let want: Vec<String> = ["B", "N", "Q", "R"].iter().map(|p| format!("{from}-{star}={p}")).collect();
            assert_eq!(to_star, want, "promotion is compulsory, to Q R B N");
            for p in ["Q", "R", "B", "N"] {
                let (next, victims) = after(&g, &st, &format!("{from}-{star}={p}"));
                assert!(victims.is_empty());
                let p = if side == 'w' { p.to_string() } else { p.to_lowercase() };
                assert_eq!(on(&g, &next, star).to_string(), p);
                assert_eq!(on(&g, &next, from), '.');
            }
        }
        // Cells that are not enemy star points do not promote.
        assert_eq!(acts.iter().filter(|a| a.contains('=')).count(), 12);
    }
    snap("promotion", out);
}

#[test]
fn custodian_one_cell_class() {
    let g = game("games/asteryx.toml");
    // Black's rook on the edge cell a5 (colour 0) has neighbours b5 (colour 1) and a4,
    // a6 (colour 2). Landing on b5: the class is b5 alone, so the rook is captured.
    // Landing on a6: the class is {a4, a6}, and White holds only a6: no capture.
    let st = place(&g, 'w', "Rb2 Kd8 ra5 pf4 kg5");
    assert_eq!((colour(&g, "a5"), colour(&g, "b5"), colour(&g, "a4"), colour(&g, "a6")), (0, 1, 2, 2));
    let mut out = report(&g, &st);
    let (next, victims) = after(&g, &st, "b2-b5");
    assert_eq!(victims, ["a5"]);
    assert_eq!((on(&g, &next, "a5"), on(&g, &next, "b5")), ('.', 'R'));
    assert_eq!(common::status_text(&g, &next, &[]), "to move: black");
    out.push_str(&report_after(&g, &st, "b2-b5"));
    let (next, victims) = after(&g, &st, "b2-a6");
    assert!(victims.is_empty());
    assert_eq!(on(&g, &next, "a5"), 'r');
    out.push_str(&report_after(&g, &st, "b2-a6"));
    // With White's King on a4, landing on a6 completes the class {a4, a6}.
    let st = place(&g, 'w', "Rb2 Ka4 ra5 pf4 kg5");
    out.push_str(&report(&g, &st));
    assert_eq!(after(&g, &st, "b2-a6").1, ["a5"]);
    out.push_str(&report_after(&g, &st, "b2-a6"));
    snap("custodian_one_cell_class", out);
}

#[test]
fn custodian_two_of_three_class() {
    let g = game("games/asteryx.toml");
    // Black's rook on d5 (colour 0). Landing on e5 (colour 1): the class is d5's colour-1
    // neighbours {e5, c6, c4}; White needs two of them.
    assert_eq!([colour(&g, "e5"), colour(&g, "c6"), colour(&g, "c4"), colour(&g, "d4")], [1, 1, 1, 2]);
    let mut out = String::new();
    // With White's King on c4 (in the class): captured.
    let st = place(&g, 'w', "Kc4 Rg5 ka7 pb7 rd5");
    out.push_str(&report(&g, &st));
    let (next, victims) = after(&g, &st, "g5-e5");
    assert_eq!(victims, ["d5"]);
    assert_eq!((on(&g, &next, "d5"), on(&g, &next, "e5"), on(&g, &next, "c4")), ('.', 'R', 'K'));
    out.push_str(&report_after(&g, &st, "g5-e5"));
    // With the King on d4 (a neighbour of d5 of the other colour): not captured.
    let st = place(&g, 'w', "Kd4 Rg5 ka7 pb7 rd5");
    out.push_str(&report(&g, &st));
    let (next, victims) = after(&g, &st, "g5-e5");
    assert!(victims.is_empty());
    assert_eq!(on(&g, &next, "d5"), 'r');
    out.push_str(&report_after(&g, &st, "g5-e5"));
    snap("custodian_two_of_three_class", out);
}

/// Two victims at once: the rook landing on e5 holds two cells of d5's class {e5, c6, c4}
/// (with the pawn on c4) and of e6's class {f6, e7, e5} (with the pawn on f6). The King
/// landing on e7 takes e6 (with f6) and f7 (class {e7, f6}); the pawn promoting on g7
/// takes f7 (class {g7, d8, e6}, with the King on d8).
const MULTIPLE: &str = "Pc4 Rg5 Pf6 Kd8 rd5 be6 ka7 nf7";

#[test]
fn multiple_capture() {
    let g = game("games/asteryx.toml");
    let st = place(&g, 'w', MULTIPLE);
    let mut out = report(&g, &st);
    let caps: Vec<String> = described(&g, &st).into_iter().filter(|a| a.contains("takes")).collect();
    assert_eq!(
        caps,
        [
            "d8-e7 takes e6+f7",
            "f6-g7=B takes f7",
            "f6-g7=N takes f7",
            "f6-g7=Q takes f7",
            "f6-g7=R takes f7",
            "g5-e5 takes d5+e6"
        ]
    );
    // The pawn stepping c4-c5-c6 lands in d5's class {e5, c6, c4} but has left c4:
    // it holds one cell of it, not two.
    assert!(after(&g, &st, "c4-c6").1.is_empty());
    let (next, victims) = after(&g, &st, "g5-e5");
    assert_eq!(victims, ["d5", "e6"]);
    assert_eq!((on(&g, &next, "d5"), on(&g, &next, "e6"), on(&g, &next, "e5")), ('.', '.', 'R'));
    assert_eq!(pieces(&g, &next), "Pc4 Re5 Pf6 Kd8 | ka7 nf7");
    out.push_str(&report_after(&g, &st, "g5-e5"));
    out.push_str(&report_after(&g, &st, "d8-e7"));
    out.push_str(&report_after(&g, &st, "f6-g7=Q"));
    snap("multiple_capture", out);
}

#[test]
fn single_capture_option_on_the_same_position() {
    let g = game("games/asteryx-single.toml");
    let st = place(&g, 'w', MULTIPLE);
    let mut out = report(&g, &st);
    let caps: Vec<String> = described(&g, &st).into_iter().filter(|a| a.contains("takes")).collect();
    // One action per victim, `xCELL` after the promotion suffix.
    assert_eq!(
        caps,
        [
            "d8-e7xe6 takes e6",
            "d8-e7xf7 takes f7",
            "f6-g7=Bxf7 takes f7",
            "f6-g7=Nxf7 takes f7",
            "f6-g7=Qxf7 takes f7",
            "f6-g7=Rxf7 takes f7",
            "g5-e5xd5 takes d5",
            "g5-e5xe6 takes e6"
        ]
    );
    // A capturing move has no action without the suffix; the quiet moves are unchanged.
    let acts = legal(&g, &st);
    assert!(!acts.iter().any(|a| a == "g5-e5" || a == "d8-e7" || a.ends_with("g7=Q")));
    let multi = game("games/asteryx.toml");
    let quiet = |acts: Vec<String>| -> Vec<String> { acts.into_iter().filter(|a| !a.contains("takes")).collect() };
    assert_eq!(quiet(described(&g, &st)), quiet(described(&multi, &place(&multi, 'w', MULTIPLE))));
    // Taking d5 leaves e6 standing, although its class is still held: it was not taken
    // by this move and stays until a later move lands next to it again.
    let (next, victims) = after(&g, &st, "g5-e5xd5");
    assert_eq!(victims, ["d5"]);
    assert_eq!((on(&g, &next, "d5"), on(&g, &next, "e6")), ('.', 'b'));
    out.push_str(&report_after(&g, &st, "g5-e5xd5"));
    let (next, victims) = after(&g, &st, "g5-e5xe6");
    assert_eq!(victims, ["e6"]);
    assert_eq!((on(&g, &next, "d5"), on(&g, &next, "e6")), ('r', '.'));
    out.push_str(&report_after(&g, &st, "g5-e5xe6"));
    let (next, _) = after(&g, &st, "f6-g7=Nxf7");
    assert_eq!((on(&g, &next, "g7"), on(&g, &next, "f7")), ('N', '.'));
    out.push_str(&report_after(&g, &st, "f6-g7=Nxf7"));
    snap("single_capture", out);
}

#[test]
fn moving_into_a_surrounded_cell_is_safe() {
    let g = game("games/asteryx.toml");
    // d5 is ringed by Black on e5, c6 (two of its colour-1 class {e5, c6, c4}) and on
    // d6, c5, d4 (all of its colour-2 class). The knight leaps in from f3: nothing is
    // captured, the knight stays, and no Black token is taken either (each needs a second
    // White token on its class).
    let st = place(&g, 'w', "Nf3 Kb8 pd4 pc5 pe5 pc6 pd6 ka7");
    let mut out = report(&g, &st);
    let (next, victims) = after(&g, &st, "f3-d5");
    assert!(victims.is_empty());
    assert_eq!(on(&g, &next, "d5"), 'N');
    assert_eq!(pieces(&g, &next), "Nd5 Kb8 | pd4 pc5 pe5 pc6 pd6 ka7");
    out.push_str(&report_after(&g, &st, "f3-d5"));
    // The capture must be remade: Black's pawn stepping c5-c4 completes {e5, c6, c4}.
    out.push_str(&report(&g, &next));
    let (after_c4, victims) = after(&g, &next, "c5-c4");
    assert_eq!(victims, ["d5"]);
    assert_eq!(pieces(&g, &after_c4), "Kb8 | pc4 pd4 pe5 pc6 pd6 ka7");
    // No capture of the mover's own side: White's pawn on c4, next to the landing cell,
    // with Black on b4 and d3 of its colour-0 class {b4, d5, d3}, stays too.
    let st = place(&g, 'w', "Nf3 Kb8 Pc4 pd4 pc5 pe5 pc6 pd6 pb4 pd3 ka7");
    let (next, victims) = after(&g, &st, "f3-d5");
    assert!(victims.is_empty());
    assert_eq!((on(&g, &next, "d5"), on(&g, &next, "c4")), ('N', 'P'));
    // Kings are not protected: White's King may step c4-d5 into the ring, and the pawn
    // stepping c5-c4 behind it then captures it: Black wins.
    let st = place(&g, 'w', "Kc4 Nf3 pd4 pc5 pe5 pc6 pd6 ka7");
    out.push_str(&report(&g, &st));
    let (next, victims) = after(&g, &st, "c4-d5");
    assert!(victims.is_empty());
    out.push_str(&report_after(&g, &st, "c4-d5"));
    out.push_str(&report(&g, &next));
    let (last, victims) = after(&g, &next, "c5-c4");
    assert_eq!(victims, ["d5"]);
    assert_eq!(common::status_text(&g, &last, &[]), "result: black wins");
    out.push_str(&report_after(&g, &next, "c5-c4"));
    snap("surrounded_cell", out);
}

#[test]
fn capturing_the_king_wins() {
    let g = game("games/asteryx.toml");
    // The rook slides e4-b8 next to Black's King on a9, whose colour-1 class is b8 alone.
    let st = place(&g, 'w', "Kd2 Re4 ka9 rg5 pf4");
    let mut out = report(&g, &st);
    assert_eq!(common::status_text(&g, &st, &[]), "to move: white");
    let (next, victims) = after(&g, &st, "e4-b8");
    assert_eq!(victims, ["a9"]);
    assert_eq!(pieces(&g, &next), "Kd2 Rb8 | pf4 rg5");
    assert_eq!(common::status_text(&g, &next, &[]), "result: white wins");
    assert!(legal(&g, &next).is_empty());
    assert_eq!(perft(&g, &next, 1), 0);
    out.push_str(&report_after(&g, &st, "e4-b8"));
    // The same with the single-capture option.
    let s = game("games/asteryx-single.toml");
    let st = place(&s, 'w', "Kd2 Re4 ka9 rg5 pf4");
    let (next, victims) = after(&s, &st, "e4-b8xa9");
    assert_eq!(victims, ["a9"]);
    assert_eq!(common::status_text(&s, &next, &[]), "result: white wins");
    out.push_str(&report_after(&s, &st, "e4-b8xa9"));
    snap("king_capture", out);
}

#[test]
fn baring_the_enemy_king_wins() {
    let g = game("games/asteryx.toml");
    // As in custodian_one_cell_class, without Black's pawn: taking a5 leaves the King alone.
    let st = place(&g, 'w', "Rb2 Kd8 ra5 kg5");
    let mut out = report(&g, &st);
    let (next, victims) = after(&g, &st, "b2-b5");
    assert_eq!(victims, ["a5"]);
    assert_eq!(pieces(&g, &next), "Rb5 Kd8 | kg5");
    assert_eq!(common::status_text(&g, &next, &[]), "result: white wins");
    assert!(legal(&g, &next).is_empty());
    out.push_str(&report_after(&g, &st, "b2-b5"));
    // With one more Black token, the same capture does not end the game.
    let st = place(&g, 'w', "Rb2 Kd8 ra5 pf4 kg5");
    assert_eq!(common::status_text(&g, &after(&g, &st, "b2-b5").0, &[]), "to move: black");
    // Black bares White (b5 is the class of White's rook on a5): Black wins.
    let st = place(&g, 'b', "rb2 Ra5 Kg5 kd8");
    out.push_str(&report(&g, &st));
    let (next, victims) = after(&g, &st, "b2-b5");
    assert_eq!(victims, ["a5"]);
    out.push_str(&report_after(&g, &st, "b2-b5"));
    assert_eq!(common::status_text(&g, &next, &[]), "result: black wins");
    snap("baring", out);
}

#[test]
fn no_legal_move_loses() {
    let g = game("games/asteryx.toml");
    // Black's King on a9 is shut in by White on b8 and c8 (moves only go to empty cells);
    // its pawn on e3 has d2 and c2 ahead; White's knight holds c2 and White's King steps
    // f3-d2.
    let st = place(&g, 'w', "Nc2 Kf3 Rb8 Rc8 pe3 ka9");
    let mut out = report(&g, &st);
    // Before White's move, the pawn's only move is e3-d2 (the King has none).
    let black_now = legal(&g, &place(&g, 'b', "Nc2 Kf3 Rb8 Rc8 pe3 ka9"));
    assert_eq!(black_now, ["e3-d2"]);
    let (next, victims) = after(&g, &st, "f3-d2");
    assert!(victims.is_empty());
    assert_eq!(common::status_text(&g, &next, &[]), "result: white wins");
    assert!(legal(&g, &next).is_empty());
    assert_eq!(perft(&g, &next, 1), 0);
    out.push_str(&report_after(&g, &st, "f3-d2"));
    // White stuck: King on a1 shut in by b2 and c2, pawn on d8 with no cell ahead.
    let st = place(&g, 'w', "Ka1 Pd8 rb2 rc2 kd5");
    assert_eq!(common::status_text(&g, &st, &[]), "result: black wins");
    assert!(legal(&g, &st).is_empty());
    out.push_str(&report(&g, &st));
    snap("no_moves", out);
}

#[test]
fn sixty_plies_without_a_capture_and_repetition_draw_outside_perft() {
    let g = game("games/asteryx.toml");
    // The clock counts plies since the last capture: 60 is a draw, 59 is not.
    let st = pos(&g, "k/4/q6/6/3Q3/6/7/4/K b - - idle=60");
    assert_eq!(common::status_text(&g, &st, &[]), "result: draw");
    assert!(perft(&g, &st, 1) > 0, "automatic draws are not applied in perft");
    let st = pos(&g, "k/4/q6/6/3Q3/6/7/4/K b - - idle=59");
    assert_eq!(common::status_text(&g, &st, &[]), "to move: black");
    // The third occurrence of a position is a draw.
    let start = g.initial();
    let (st, hist) = play(&g, &start, "d2-c4 d8-c6 c4-d2 c6-d8 d2-c4 d8-c6 c4-d2 c6-d8");
    assert_eq!(common::status_text(&g, &st, &hist), "result: draw");
}

#[test]
fn no_legal_move_loses_with_own_pieces_in_the_way() {
    let g = game("games/asteryx.toml");
    // Black has King and two pawns, so is not bared, but every move must end on an empty
    // cell, and its own pieces are in the way too: the King on a9 is boxed in by its pawn on
    // b8 and White's Rook on c8; the pawn on b8 is blocked by c7 (White) and d7 (its own
    // pawn), the pawn on d7 by c6 and d6 (White).
    let fen = "k/1pR1/2Pp3/2PQ2/7/6/7/4/K b - - idle=0";
    let st = pos(&g, fen);
    assert_eq!(legal(&g, &st), Vec::<String>::new());
    assert_eq!(perft(&g, &st, 1), 0);
    assert_eq!(common::status_text(&g, &st, &[]), "result: white wins");
    // Without the White pawn on c6 the pawn on d7 can move, and play goes on.
    let st = pos(&g, "k/1pR1/2Pp3/3Q2/7/6/7/4/K b - - idle=0");
    assert_eq!(legal(&g, &st).join(" "), "d7-c5 d7-c6 d7-d5");
    assert_eq!(common::status_text(&g, &st, &[]), "to move: black");
    // White walks into the position with c5-c6 (no capture: d7's class next to c6 is
    // b8 c6 e7, and White holds only c6), leaving Black without a move.
    let before = pos(&g, "k/1pR1/2Pp3/3Q2/2P4/6/7/4/K w - - idle=0");
    assert_eq!(perft(&g, &before, 1), 35);
    let (st, hist) = play(&g, &before, "c5-c6");
    assert_eq!(g.position_string(&st).split(' ').next(), fen.split(' ').next());
    assert_eq!(common::status_text(&g, &st, &hist), "result: white wins");
    assert_eq!(perft(&g, &st, 1), 0);
}

#[test]
fn custodian_captures_count_as_attacks_on_a_royal_piece() {
    // A variant where the King is royal: the rook on g5 could slide to b5 and take the
    // King on a5 by custodian capture (b5 is the whole class around a5), so White must
    // move the King; the plain game lets every piece move.
    let royal = interp::open(repo_path("tests/fixtures/asteryx-royal.toml").to_str().unwrap(), &[]).unwrap();
    let plain = game("games/asteryx.toml");
    let fen = "k/4/7/6/K5r/6/7/4/P w - - idle=0";
    let st = pos(&royal, fen);
    assert!(royal.in_check(&st, 0));
    assert_eq!(legal(&royal, &st), ["a5-a4", "a5-a6", "a5-b5"]);
    let st = pos(&plain, fen);
    assert_eq!(legal(&plain, &st).len(), 8);
}
