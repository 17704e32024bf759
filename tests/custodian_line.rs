//! Custodian captures `by line` (a sandwich), as LANGUAGE.md's example tells them: with
//! white rooks on a2, c4, e2 and black ones on b2, c3, `e2-c2` takes both b2 and c3; with
//! the option on, the mover picks one of them instead.

mod common;

use common::{legal, load_text, play};

/// The sandwich game of LANGUAGE.md on a 5×4 board, with the example's rooks.
fn sandwich(options: &[String]) -> interp::ir::Game {
    sandwich_on("files a..e ranks 1..4", options)
}

/// The sandwich game on the board given.
fn sandwich_on(board: &str, options: &[String]) -> interp::ir::Game {
    let rules = "board square BOARD\ndirs orth = N E S W\ncounter taken per-player = 0\n\
        on capture { taken += 1 }\ncustodian orth by line choose if pick\n\
        piece R { move orth ([empty] same)* [empty] }\nend { loss if no-moves }"
        .replace("BOARD", board);
    let text = format!(
        "[game]\nname = \"sandwich\"\nplayers = [\"white\", \"black\"]\nrules = '''\n{rules}\n'''\n\
         [options]\npick = false\n[pieces.R]\n[setup.white]\nR = \"a2 c4 e2\"\n[setup.black]\nR = \"b2 c3\"\n"
    );
    load_text(&text, options).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_move_between_enemies_with_friends_beyond_takes_them_all() {
    let g = sandwich(&[]);
    let (st, _) = play(&g, &g.initial(), "e2-c2");
    let occupied =
        |cells: &[&str]| cells.iter().map(|c| st.board[g.board.cell(c).unwrap() as usize] != 0).collect::<Vec<_>>();
    assert_eq!(occupied(&["a2", "c4", "c2", "b2", "c3", "e2"]), [true, true, true, false, false, false]);
    assert_eq!(st.vars.iter().sum::<i64>(), 2, "taken");
    // Black's c3-d3 lands between nothing of its own: no white rook there to take.
    let (st, _) = play(&g, &g.initial(), "e2-e1 c3-d3");
    assert_eq!(st.board.iter().filter(|&&k| k != 0).count(), 5);
}

#[test]
fn with_the_option_the_mover_picks_one_victim() {
    let g = sandwich(&["pick".to_string()]);
    let moves = legal(&g, &g.initial());
    let to_c2: Vec<_> = moves.iter().filter(|m| m.starts_with("e2-c2")).collect();
    assert_eq!(to_c2, ["e2-c2xb2", "e2-c2xc3"]);
}

#[test]
fn boards_too_large_for_cell_sets_capture_the_same() {
    // 144 cells: custodian captures are judged cell by cell, not by sets of cells.
    for (options, pick) in [(vec![], false), (vec!["pick".to_string()], true)] {
        let small = sandwich(&options);
        let large = sandwich_on("files a..l ranks 1..12", &options);
        let on_c2 = |g: &interp::ir::Game| {
            legal(g, &g.initial()).into_iter().filter(|m| m.starts_with("e2-c2")).collect::<Vec<_>>()
        };
        assert_eq!(on_c2(&small), on_c2(&large));
        assert_eq!(on_c2(&large).len(), if pick { 2 } else { 1 });
        let (st, _) = play(&large, &large.initial(), if pick { "e2-c2xc3" } else { "e2-c2" });
        assert_eq!(st.board.iter().filter(|&&k| k != 0).count(), if pick { 4 } else { 3 });
    }
}
