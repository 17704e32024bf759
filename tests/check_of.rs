//! `check(PLAYER)`, zone-aware counts and `illegal` rules on small boards: whose check,
//! which part of a per-player zone, and a check test inside a pattern that is also how
//! its piece attacks (which must not recurse).

mod common;

use interp::engine::Status;
use interp::ir::Game;

/// A game from a rules text on a 3x3 board with a King each (white a1, black c3).
fn small(rules: &str) -> Game {
    let text = format!(
        "[game]\nname = \"t\"\nplayers = [\"white\", \"black\"]\nrules = '''\nboard square files a..c ranks 1..3\n\
         dirs any = N NE E SE S SW W NW\npiece K {{ move any [!friend] }}\npiece R {{ move (N | E | S | W) ([empty] same)* [!friend] }}\n\
         {rules}\n'''\n[pieces.K]\nroyal = true\n[pieces.R]\n[setup.white]\nK = \"a1\"\n[setup.black]\nK = \"c3\"\nR = \"c1\"\n"
    );
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path =
        dir.join(format!("check_of_{:x}.toml", text.len() * 31 + text.bytes().map(|b| b as usize).sum::<usize>()));
    std::fs::write(&path, text).unwrap();
    interp::open(path.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{e}"))
}

fn status(g: &Game, fen: &str) -> Status {
    let st = common::parse_fen(g, fen);
    common::status(g, &st, &[])
}

#[test]
fn a_per_player_zone_is_seen_by_the_side_counted() {
    // Black's home is rank 3, where its King stands; White's is rank 1, where White's is.
    let g = small("zone home: white = rank 1, black = rank 3\nend { loss if count(enemy K in home) > 0 }");
    assert_eq!(status(&g, "2k/3/K1r w"), Status::Over(Some(1)), "black's King counts in black's part");
    assert_eq!(status(&g, "3/2k/K1r w"), Status::Decision(0), "off its home rank it does not");
    let g = small(
        "zone home: white = rank 1, black = rank 3\nend { win if count(friend K in home) == 1 & count(all K in home) == 2 }",
    );
    assert_eq!(status(&g, "2k/3/K1r w"), Status::Over(Some(0)));
    assert_eq!(status(&g, "3/2k/K1r w"), Status::Decision(0));
}

#[test]
fn check_names_whose_check() {
    // The black rook on c1 attacks White's King on a1 along the first rank.
    let fen = "2k/3/K1r w";
    let ends = |cond: &str| status(&small(&format!("end {{ loss if {cond} }}")), fen);
    assert_eq!(ends("check(white)"), Status::Over(Some(1)));
    assert_eq!(ends("check(me)"), Status::Over(Some(1)));
    assert_eq!(ends("check"), Status::Over(Some(1)));
    assert_eq!(ends("check(black)"), Status::Decision(0));
    assert_eq!(ends("check(opponent)"), Status::Decision(0));
    // The same position with Black to move: Black's opponent is in check.
    let g = small("end { win if check(opponent) }");
    assert_eq!(status(&g, "2k/3/K1r b"), Status::Over(Some(1)));
}

#[test]
fn a_trigger_counts_the_checks_a_move_gives() {
    let g = small("counter given per-player = 0\non move if check(opponent) { given += 1 }");
    let after = |m: &str| {
        let (st, _) = common::play(&g, &common::parse_fen(&g, "2k/3/K1r b"), m);
        g.position_string(&st)
    };
    assert!(after("c1-c2").contains("given=0,0"), "{}", after("c1-c2"));
    assert!(after("c1-b1").contains("given=0,1"), "{}", after("c1-b1"));
}

#[test]
fn illegal_rules_judge_the_position_after_the_move() {
    // Without the rule the black rook on b2 may go anywhere on the b-file and 2nd rank.
    let free = small("");
    let banned = small("illegal \"gives check\" if check(opponent)");
    let fen = "2k/1r1/K2 b";
    let all = common::legal(&free, &common::parse_fen(&free, fen));
    let some = common::legal(&banned, &common::parse_fen(&banned, fen));
    for m in ["b2-a2", "b2-b1"] {
        assert!(all.contains(&m.to_string()) && !some.contains(&m.to_string()), "{m}: {all:?} / {some:?}");
    }
    assert!(some.contains(&"b2-c2".to_string()), "{some:?}");
    // The mover's own check, after the move, is the royal rule's: `illegal if check` adds nothing.
    let own = small("illegal if check");
    assert_eq!(common::legal(&own, &common::parse_fen(&own, fen)), all);
}

#[test]
fn a_check_test_in_a_pattern_that_attacks_is_refused_and_attack_lines_allow_it() {
    // The queen may move only while the opponent is not in check.
    let text = std::fs::read_to_string(common::repo_path("games/chess.toml")).unwrap();
    let open = |queen: &str| {
        let t = text.replace("piece Q { move slide(any) }", queen);
        assert!(t.contains(queen));
        let path = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check_of_queen.toml");
        std::fs::write(&path, t).unwrap();
        interp::open(path.to_str().unwrap(), &[])
    };
    // Its attacks derive from that very pattern: judging them would ask about check again.
    let e = open("piece Q { move [!check(opponent)] slide(any) }").expect_err("refused");
    assert!(e.to_string().contains("a pattern that decides what the piece attacks"), "{e}");
    // With `attack` lines the moves may ask: after h5-g6+ the queen attacks e8 as in chess.
    let g = open("piece Q { move [!check(opponent)] slide(any)  attack slide(any) }").unwrap_or_else(|e| panic!("{e}"));
    let fen = "rnbqkbnr/ppppp2p/5pp1/7Q/8/4P3/PPPP1PPP/RNB1KBNR w KQkq - 0 3";
    let st = common::parse_fen(&g, fen);
    assert_eq!(common::legal(&g, &st).len(), 43);
    let (after, _) = common::play(&g, &st, "h5-g6");
    assert_eq!(common::legal(&g, &after), ["h7-g6"]);
    assert_eq!(common::perft(&g, &st, 3), common::perft(common::chess(), &common::parse_fen(common::chess(), fen), 3));
}

/// `illegal` with a line between pieces: "the Kings may not face each other on a file".
/// The piece between them may not step aside; the King may; without the rule both may.
#[test]
fn an_illegal_rule_keeps_the_kings_from_facing_each_other() {
    let game = |rule: &str| {
        let text = format!(
            "[game]\nname = \"facing\"\nplayers = [\"white\", \"black\"]\nrules = '''\n\
             board square files a..c ranks 1..3\ndirs any = N NE E SE S SW W NW\ndirs file = N S\n\
             piece K {{ move any [empty] }}\npiece R {{ move (E | W) [empty] }}\n{rule}\n\
             end {{ loss if no-moves }}\n'''\n[pieces.K]\nroyal = true\n[pieces.R]\n\
             [setup.white]\nK = \"b1\"\nR = \"b2\"\n[setup.black]\nK = \"b3\"\n"
        );
        common::load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"))
    };
    let g = game("illegal \"generals face each other\" if sees(K, file, K)");
    assert_eq!(common::legal(&g, &g.initial()), ["b1-a1", "b1-a2", "b1-c1", "b1-c2"]);
    let free = game("");
    assert_eq!(common::legal(&free, &free.initial()), ["b1-a1", "b1-a2", "b1-c1", "b1-c2", "b2-a2", "b2-c2"]);
}
