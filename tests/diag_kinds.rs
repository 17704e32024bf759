//! The kinds (stable codes) of the problems the syntax, load and board stages report (and
//! the checker's kinds of end-rule names), and which of them stop loading at once: a
//! grammar error or invalid TOML does; a number out of range in the rules text does not
//! (the checker still reports what follows from it).

use interp::diag::LoadError;
use std::io::Write;

const GAME: &str = r#"[game]
name = "Kinds"
players = ["white", "black"]
rules = '''
board square files a..c ranks 1..3
piece K { move N }
'''

[pieces.K]
name = "King"

[setup.white]
K = "b2"
"#;

/// The codes of the problems of GAME with `from` replaced by `to`, in order.
fn codes(from: &str, to: &str) -> Vec<String> {
    assert!(GAME.contains(from), "{from}");
    codes_of(&GAME.replacen(from, to, 1))
}

/// The codes of the problems of a game file's text, in order.
fn codes_of(text: &str) -> Vec<String> {
    let n = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let path = std::env::temp_dir().join(format!("interp-kinds-{}-{n}.toml", std::process::id()));
    std::fs::File::create(&path).unwrap().write_all(text.as_bytes()).unwrap();
    let r = interp::open(path.to_str().unwrap(), &[]);
    std::fs::remove_file(&path).ok();
    match r {
        Err(LoadError::Invalid(_, diags)) => diags.iter().map(|d| d.code.id()).collect(),
        Err(e) => panic!("{e}"),
        Ok(_) => vec![],
    }
}

#[test]
fn the_game_loads() {
    assert!(codes("", "").is_empty());
}

#[test]
fn syntax_kinds() {
    assert_eq!(codes("move N }", "move N ] }"), ["E101"]);
    // Not fatal: the checker goes on (and finds the game has no board).
    let c = codes("ranks 1..3", "ranks 1..99999999999999999999");
    assert_eq!((c[0].as_str(), c.len()), ("E102", 2), "{c:?}");
    let c = codes("move N }", "move N +99999999999999999999 }");
    assert_eq!((c[0].as_str(), c.len()), ("E103", 2), "{c:?}");
}

#[test]
fn load_kinds() {
    assert_eq!(codes("name = \"King\"", "nam = \"King\""), ["E203"]);
    assert_eq!(codes("[game]", "x = 1\n[game]"), ["E202"]);
    assert_eq!(codes("name = \"King\"", "name = 3"), ["E205"]);
    assert_eq!(codes("name = \"King\"", "value = 99999999999999999999"), ["E206"]);
    // Not fatal: the checker goes on (and finds no piece type K).
    let c = codes("[pieces.K]", "[pieces.KK]");
    assert!(c[0] == "E209" && c.len() > 1, "{c:?}");
    assert_eq!(codes("[pieces.K]", "[pieces.K"), ["E201"]);
}

#[test]
fn board_kinds() {
    assert_eq!(codes("files a..c", "files c..a"), ["E302"]);
    assert_eq!(codes("ranks 1..3", "ranks 3..1"), ["E301"]);
    assert_eq!(
        codes("ranks 1..3", "ranks 1..3 { remove z9 link a1 X -> a2 cell a1 at (0, 0) }"),
        ["E303", "E308", "E307"]
    );
    assert_eq!(codes("ranks 1..3", "ranks 1..3 { colour file + q mod 2 }"), ["E309"]);
}

#[test]
fn end_rule_name_kinds() {
    let end = |rules: &str| codes("piece K { move N }", &format!("piece K {{ move N }}\nend {{\n{rules}\n}}"));
    assert!(end("loss \"bare\" if count(friend) == 0\nwin \"bare\" if count(enemy) == 0").is_empty());
    assert_eq!(end("loss \"\" if no-moves"), ["E443"]);
    assert_eq!(end("loss \"  \" if no-moves"), ["E443"]);
    assert_eq!(end("loss \"stuck\nagain\" if no-moves"), ["E444"]);
    assert_eq!(end("loss \"stuck\" if no-moves & check\ndraw \"stuck\" if no-moves"), ["E445"]);
    assert!(end("draw \"stuck\" if no-moves & check\ndraw \"stuck\" if no-moves").is_empty());
    let e445 = interp::diag::Code::parse("E445").unwrap();
    assert!(e445.explain().contains("both decide a winner"), "{}", e445.explain());
}

/// A piece's `glyph`: one string or one per faction, each one or two visible characters.
#[test]
fn glyph_kinds() {
    let glyph = |v: &str| codes("name = \"King\"", &format!("name = \"King\"\nglyph = {v}"));
    assert!(glyph("\"♚\"").is_empty());
    assert!(glyph("[\"帥\", \"將\"]").is_empty());
    assert!(glyph("\"Kg\"").is_empty());
    assert_eq!(glyph("\"\""), ["E446"]);
    assert_eq!(glyph("\"abc\""), ["E446"]);
    assert_eq!(glyph("\"K \""), ["E446"]);
    assert_eq!(glyph("\"\\u0007\""), ["E446"]);
    assert_eq!(glyph("[\"♔\", \"\\n\"]"), ["E446"]);
    assert_eq!(glyph("[\"♔\"]"), ["E447"]);
    assert_eq!(glyph("[\"♔\", \"♚\", \"x\"]"), ["E447"]);
    assert_eq!(glyph("[]"), ["E447"]);
    assert_eq!(glyph("3"), ["E205"]);
    assert_eq!(glyph("[\"♔\", 3]"), ["E205"]);
    let e447 = interp::diag::Code::parse("E447").unwrap();
    assert!(e447.explain().contains("one string per faction"), "{}", e447.explain());
    // Two types of one faction drawn alike: by glyphs, or a glyph that is another's letter.
    let two = |k: &str, q: &str| {
        let text = GAME.replacen("piece K { move N }", "piece K { move N }\npiece Q { move S }", 1).replacen(
            "name = \"King\"",
            &format!("name = \"King\"\n{k}\n[pieces.Q]\nname = \"Queen\"\n{q}"),
            1,
        );
        codes_of(&text)
    };
    assert!(two("glyph = \"♚\"", "glyph = \"♛\"").is_empty());
    assert!(two("", "").is_empty(), "the letters differ");
    assert!(two("glyph = [\"♔\", \"A\"]", "glyph = [\"A\", \"♛\"]").is_empty(), "alike across factions only");
    assert_eq!(two("glyph = \"♚\"", "glyph = \"♚\""), ["E448"]);
    assert_eq!(two("glyph = \"Q\"", ""), ["E448"]);
    assert_eq!(two("", "glyph = [\"♛\", \"k\"]"), ["E448"]);
    let e448 = interp::diag::Code::parse("E448").unwrap();
    assert!(e448.explain().contains("drawn alike"), "{}", e448.explain());
}

#[test]
fn check_zone_and_illegal_kinds() {
    let rule = |r: &str| codes("piece K { move N }", &format!("piece K {{ move N }}\nzone top = rank 3\n{r}"));
    assert!(rule("illegal \"gives check\" if check(opponent) | check(white) | check(me) | check(mover)").is_empty());
    assert!(rule("end { loss if check(opponent) & count(enemy K in top) > 0 & can-move(K in top) }").is_empty());
    assert_eq!(rule("on move if check(zz) { }"), ["E454"]);
    assert_eq!(rule("on move if check(white, black) { }"), ["E454"]);
    assert_eq!(rule("on move if check(2) { }"), ["E454"]);
    assert_eq!(rule("end { loss if check(mover) }"), ["E455"]);
    assert_eq!(rule("end { loss if max(friend K in top, 1) > 0 }"), ["E456"]);
    assert_eq!(rule("end { loss if repetition(K in top) }"), ["E456"]);
    assert_eq!(rule("end { loss if count(K in nowhere) > 0 }"), ["E402"]);
    assert_eq!(rule("illegal \"\" if check"), ["E457"]);
    assert_eq!(rule("illegal \"two\nlines\" if check"), ["E457"]);
    assert_eq!(rule("illegal if no-moves"), ["E477"]);
    assert_eq!(rule("on move if can-move(K in top) { }"), ["E421"]);
    for (code, word) in [("E454", "opponent"), ("E455", "player to move"), ("E456", "count"), ("E457", "one line")] {
        let c = interp::diag::Code::parse(code).unwrap();
        assert!(c.explain().contains(word), "{code}: {}", c.explain());
    }
}

#[test]
fn pass_and_conditional_attack_kinds() {
    let rules = |s: &str| codes("piece K { move N }", &format!("piece K {{ move N }}\n{s}"));
    assert!(rules("pass").is_empty());
    assert!(rules("pass if !check").is_empty());
    // `pass` after a list of directions starts the statement (it is no direction).
    assert!(rules("dirs up = N\npass\non pass { }").is_empty());
    assert!(rules("piece K { move N attack N if sees(K, up, K) }\ndirs up = N").is_empty());
    assert_eq!(rules("piece K { move N attack N if check }"), ["E459"]);
    assert_eq!(rules("piece K { move N attack N if !attacked & true }"), ["E459"]);
    assert_eq!(rules("pass if sees(K, N)"), ["E460"]);
    assert_eq!(rules("pass if sees(K, 1, K)"), ["E460"]);
    assert_eq!(rules("on pass K { }"), ["E461"]);
    for (id, words) in
        [("E459", "may not itself ask about attacks"), ("E460", "three arguments"), ("E461", "no piece types")]
    {
        let c = interp::diag::Code::parse(id).unwrap();
        assert!(c.explain().contains(words), "{id}: {}", c.explain());
    }
}

/// A pattern from which attacks are derived may not test `check` or `attacked` (E449): the
/// question would never end. Patterns that cannot capture, and `attack` lines without the
/// test, may.
#[test]
fn attack_loop_kinds() {
    let with = |pieces: &str| {
        let text = GAME
            .replacen("piece K { move N }", pieces, 1)
            .replacen("name = \"King\"", "name = \"King\"\nroyal = true", 1)
            .replacen("[setup.white]", "[pieces.R]\nname = \"Rook\"\n\n[setup.white]", 1);
        codes_of(&text)
    };
    let k = "piece K { move N }\n";
    assert_eq!(with(&format!("{k}piece R {{ move N [!check] }}")), ["E449"]);
    assert_eq!(with(&format!("{k}piece R {{ move N [attacked] E }}")), ["E449"]);
    assert_eq!(with(&format!("{k}piece R {{ move [!attacked] (N | E remove(here) W) [empty] }}")), ["E449"]);
    assert!(with(&format!("{k}piece R {{ move N [!check & empty] }}")).is_empty(), "cannot capture");
    assert!(with(&format!("{k}piece R {{ move N [!attacked] @m N [empty] land(@m) }}")).is_empty());
    assert!(with(&format!("{k}piece R {{ move N [!check]\n attack N }}")).is_empty(), "attack lines");
    assert_eq!(with(&format!("{k}piece R {{ move N\n attack N [check] }}")), ["E449"]);
    let e449 = interp::diag::Code::parse("E449").unwrap();
    assert!(e449.explain().contains("without end"), "{}", e449.explain());
}

/// Promotion by the path and placement phases: E482 to E485.
#[test]
fn promote_action_and_placement_kinds() {
    let piece = |p: &str| codes("piece K { move N }", p);
    assert!(piece("piece K { move N | promote(K) }").is_empty());
    assert_eq!(piece("piece K { move N attack N promote(K) }"), ["E482"]);
    assert_eq!(piece("piece K { move N }\nrequire drop"), ["E483"]);
    assert_eq!(piece("piece K { move N }\non move if promoted { }"), ["E484"]);
    assert!(piece("piece K { move N }\nillegal if promoted & check(opponent)").is_empty());
    assert_eq!(piece("piece K { move N [empty & !threatens(2)] }"), ["E485"]);
    assert!(piece("piece K { move N [empty & !threatens(K)] }").is_empty());
    // Where the pattern can capture, it decides what the piece attacks: an attack loop.
    assert_eq!(piece("piece K { move N [!threatens(K)] }"), ["E449"]);
    let e483 = interp::diag::Code::parse("E483").unwrap();
    assert!(e483.explain().contains("placement phase"), "{}", e483.explain());
}

/// `written(@m)` and `[fen] castling-files`: E464 to E467.
#[test]
fn written_and_castling_files_kinds() {
    let written = |extra: &str| codes("piece K { move N }", &format!("piece K {{ move N @a N written(@a) }}\n{extra}"));
    assert!(written("").is_empty());
    let custodian = "custodian orth by line choose if pick\ndirs orth = N E S W";
    let text = GAME.replacen("piece K { move N }", &format!("piece K {{ move N @a N written(@a) }}\n{custodian}"), 1)
        + "[options]\npick = true\n";
    assert_eq!(codes_of(&text), ["E464"]);
    assert_eq!(written("push N [occupied] then f\nfollowup f by mover: choose [empty] { }"), ["E464"]);
    let files = |fen: &str| {
        let text = GAME.replacen("piece K { move N }", "piece K { move N }\nzone back = rank 1", 1) + "[fen]\n" + fen;
        codes_of(&text)
    };
    assert!(files("castling-files = { pieces = \"K\", with = \"K\", zone = \"back\", outer = \"KQ\" }\n").is_empty());
    assert_eq!(
        files("castling = { K = \"b2\" }\ncastling-files = { pieces = \"K\", with = \"K\", zone = \"back\" }\n"),
        ["E466"]
    );
    assert_eq!(files("castling-files = { pieces = \"K\", zone = \"back\" }\n"), ["E467"]);
    assert_eq!(files("castling-files = { pieces = \"K\", with = \"K\", zone = \"back\", outer = \"K\" }\n"), ["E467"]);
    let cell = GAME.replacen("ranks 1..3", "ranks 1..3 { cell x at (4, 4) }", 1).replacen(
        "piece K { move N }",
        "piece K { move N }\nzone odd = x",
        1,
    ) + "[fen]\ncastling-files = { pieces = \"K\", with = \"K\", zone = \"odd\" }\n";
    assert_eq!(codes_of(&cell), ["E465"]);
    let e464 = interp::diag::Code::parse("E464").unwrap();
    assert!(e464.explain().contains("one notation cannot hold both"), "{}", e464.explain());
}

/// The shogi family's words: `stuck` (drop rules only), `dropped(...)` (`illegal` rules
/// only), `no-moves` in an `illegal` rule after `dropped(...)`: E476 and E477.
#[test]
fn drop_and_promotion_word_kinds() {
    let rule = |r: &str| codes("piece K { move N }", &format!("piece K {{ move N }}\nzone top = rank 3\n{r}"));
    let drops = |r: &str| {
        let text = GAME.replacen("piece K { move N }", &format!("piece K {{ move N }}\ndirs file = N S\n{r}"), 1)
            + "[reserve.white]\nK = 0\n";
        codes_of(&text)
    };
    assert!(drops("drop K [empty & !stuck & !along(file, K & friend)]").is_empty());
    assert!(drops("illegal \"mate by drop\" if dropped(K) & check(opponent) & no-moves").is_empty());
    assert!(rule("piece K { move N promote stuck to K promote optional in top or from top to K }").is_empty());
    assert_eq!(rule("on move if stuck { }"), ["E476"]);
    assert_eq!(rule("piece K { move [stuck] N }"), ["E476"]);
    assert_eq!(rule("on move if dropped(K) { }"), ["E476"]);
    assert_eq!(rule("end { loss if dropped(K) }"), ["E476"]);
    assert_eq!(drops("drop K [along(zz, K)]"), ["E403"]);
    assert_eq!(drops("drop K [along(file, zz)]"), ["E416"]);
    assert_eq!(rule("piece K { move N promote in top or from nowhere to K }"), ["E402"]);
    assert_eq!(rule("illegal if no-moves & dropped(K)"), ["E477"]);
    assert_eq!(rule("illegal if dropped(K) | no-moves"), ["E477"]);
    assert!(rule("illegal if dropped(K) & (check | !no-moves)").is_empty());
    for (code, word) in [("E476", "drop rule"), ("E477", "hands")] {
        let c = interp::diag::Code::parse(code).unwrap();
        assert!(c.explain().contains(word), "{code}: {}", c.explain());
    }
}

/// The hand: base types, the memory of promotion and their `[fen]` marks, E471 to E475.
#[test]
fn hand_kinds() {
    let game = |pieces: &str, fen: &str| {
        let text = GAME.replacen("piece K { move N }", "piece K { move N promote in far to Q }\nzone far = rank 3", 1)
            + "[pieces.Q]\n[pieces.S]\n"
            + pieces
            + "[fen]\n"
            + fen;
        codes_of(&text)
    };
    assert!(game("[pieces.T]\ndemote = \"S\"\n", "base-mark = \"+\"\n").is_empty());
    assert_eq!(game("[pieces.T]\ndemote = \"S\"\n[pieces.U]\ndemote = \"S\"\n", "base-mark = \"+\"\n"), ["E471"]);
    assert_eq!(game("", "base-mark = \"x\"\n"), ["E472"]);
    assert_eq!(game("", "base-mark = \"++\"\n"), ["E472"]);
    assert_eq!(game("[pieces.T]\nremember = true\n", "promoted-mark = \"~\"\n"), ["E473"]);
    assert_eq!(game("", "promoted-mark = \"~\"\n"), ["E474"]);
    assert_eq!(game("[pieces.T]\ndemote = \"T\"\n", ""), ["E475"]);
    assert_eq!(game("[pieces.T]\ndemote = \"S\"\n[pieces.U]\ndemote = \"T\"\n", ""), ["E475"]);
    // `pocket-order`: letters of types with a reserve.
    let reserve = "[reserve.white]\nS = 0\n";
    assert!(game(reserve, "pocket = true\npocket-order = \"S\"\n").is_empty());
    assert_eq!(game(reserve, "pocket = true\npocket-order = \"S Z\"\n"), ["E401"]);
    assert_eq!(game(reserve, "pocket = true\npocket-order = \"SQ\"\n"), ["E430"]);
    // The king promotes: it may remember, and its promotions carry the mark.
    let text = GAME.replacen("piece K { move N }", "piece K { move N promote in far to Q }\nzone far = rank 3", 1)
        + "[pieces.Q]\n"
        + "[fen]\npromoted-mark = \"~\"\n";
    assert!(codes_of(&text.replacen("[pieces.K]\n", "[pieces.K]\nremember = true\n", 1)).is_empty());
    let e471 = interp::diag::Code::parse("E471").unwrap();
    assert!(e471.explain().contains("both be written"), "{}", e471.explain());
}

/// GAME with an `[ai]` table of these lines.
fn with_ai(lines: &str) -> Vec<String> {
    codes("[setup.white]", &format!("[ai]\n{lines}\n[setup.white]"))
}

#[test]
fn ai_table_kinds() {
    assert!(with_ai("search = \"mcts\"\nmaterial = 150\ncentre = 0\ngoal = 1000").is_empty());
    assert!(with_ai("search = \"alphabeta\"").is_empty());
    assert_eq!(with_ai("search = \"minimax\""), ["E489"]);
    assert_eq!(with_ai("centre = 1001"), ["E490"]);
    assert_eq!(with_ai("goal = -1"), ["E490"]);
    // The game has neither promotions nor reserves: those two weights are all it lacks.
    assert_eq!(with_ai("material = 0\ncentre = 0\ngoal = 0"), ["E491"]);
    assert!(with_ai("search = \"mcts\"\nmaterial = 0\ncentre = 0\ngoal = 0").is_empty());
    assert_eq!(with_ai("reserve = 50"), ["E492"]);
    assert_eq!(with_ai("advance = 200"), ["E492"]);
    assert_eq!(with_ai("hunt = 50"), ["E492"]);
    // With a royal King the hunt weighs: given, it keeps the evaluation saying something;
    // left at its default it does not.
    let royal = |lines: &str| {
        codes_of(&GAME.replacen("name = \"King\"", "name = \"King\"\nroyal = true", 1).replacen(
            "[setup.white]",
            &format!("[ai]\n{lines}\n[setup.white]"),
            1,
        ))
    };
    assert!(royal("hunt = 50").is_empty());
    assert!(royal("material = 0\ncentre = 0\ngoal = 0\nhunt = 100").is_empty());
    assert_eq!(royal("material = 0\ncentre = 0\ngoal = 0"), ["E491"]);
    assert_eq!(royal("material = 0\ncentre = 0\ngoal = 0\nhunt = 0"), ["E491"]);
    // The TOML's own kinds: an unknown key, a weight that is not an integer.
    assert_eq!(with_ai("center = 50"), ["E203"]);
    assert_eq!(with_ai("centre = \"high\""), ["E205"]);
    assert_eq!(with_ai("search = 1"), ["E205"]);
}
