//! Board statements in the rules DSL: a name list (`remove`, `link ... ->`) ends at the
//! word that starts the next board statement, so statements may come in any order.

use std::io::Write;

const GAME: &str = r#"
[game]
name = "Board statements"
players = ["white", "black"]
rules = '''
board square files a..c ranks 1..3 {
  remove a1 c3
  cell x at (1, 0)
  link x N -> a2 b1
  link b1 S -> x
  remove c1
  link a2 S -> x
}
dirs any = N E S W NE SE SW NW
piece K { move step(any) }
'''

[pieces.K]
name = "King"

[setup.white]
K = "b2"
"#;

#[test]
fn name_lists_stop_at_the_next_board_statement() {
    let path = std::env::temp_dir().join(format!("interp-board-statements-{}.toml", std::process::id()));
    std::fs::File::create(&path).unwrap().write_all(GAME.as_bytes()).unwrap();
    let g = interp::open(path.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{e}"));
    std::fs::remove_file(&path).ok();
    let b = &g.board;
    // 9 cells, 3 removed, 1 added.
    assert_eq!(b.len(), 7);
    for gone in ["a1", "c3", "c1"] {
        assert!(b.cell(gone).is_none(), "{gone} removed");
    }
    let (x, n, s) = (b.cell("x").unwrap(), b.dir("N").unwrap(), b.dir("S").unwrap());
    let mut fork: Vec<&str> = b.targets(x, n).iter().map(|&c| b.name(c)).collect();
    fork.sort();
    assert_eq!(fork, ["a2", "b1"]);
    assert_eq!(b.targets(b.cell("b1").unwrap(), s), [x]);
    assert_eq!(b.targets(b.cell("a2").unwrap(), s), [x]);
}
