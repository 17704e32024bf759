//! Obligations (`require CLASS [if COND]`, docs/LANGUAGE.md §14): `require capture` keeps
//! only the capturing moves when there are any, after royal safety, in the order the
//! obligations are written, under an optional condition; drops are no captures. The
//! giveaway game (games/examples/giveaway.toml) is the worked example; its
//! Fairy-Stockfish counts are cases in its tests file and in tests/fairy_giveaway.rs.

mod common;

use common::{legal, parse_fen, perft, play, repo_path};
use interp::ir::Game;

/// Loads a game from its text.
fn load_text(text: &str, options: &[String]) -> Result<Game, String> {
    common::load_text(text, options).map_err(|e| e.to_string())
}

/// A variant of a shipped game (`extends` it) with extra rules and TOML.
fn variant(base: &str, rules: &str, toml: &str, options: &[String]) -> Game {
    let text = format!(
        "[game]\nextends = {:?}\nname = \"Variant\"\nrules = '''\n{rules}\n'''\n{toml}",
        repo_path(base).to_str().unwrap()
    );
    load_text(&text, options).unwrap_or_else(|e| panic!("{e}"))
}

/// games/examples/giveaway.toml, with `require capture` removed when `oblige` is false.
fn giveaway(oblige: bool) -> Game {
    let path = repo_path("games/examples/giveaway.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let chess = repo_path("games/chess.toml");
    let text = text.replace("extends = \"../chess.toml\"", &format!("extends = {:?}", chess.to_str().unwrap()));
    assert!(text.contains("\nrequire capture\n"));
    let text = if oblige { text } else { text.replace("\nrequire capture\n", "\n") };
    load_text(&text, &[]).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_capture_on_the_board_is_the_only_move_and_without_the_rule_it_is_one_of_many() {
    let g = giveaway(true);
    let (st, _) = play(&g, &g.initial(), "e2-e4 d7-d5");
    assert_eq!(legal(&g, &st), ["e4-d5"]);
    let free = giveaway(false);
    let (st, _) = play(&free, &free.initial(), "e2-e4 d7-d5");
    let moves = legal(&free, &st);
    assert_eq!(moves.len(), 31, "{moves:?}");
    assert!(moves.contains(&"e4-d5".to_string()) && moves.contains(&"g1-f3".to_string()));
    // Without captures on the board the rule changes nothing: the start's counts agree.
    assert_eq!(perft(&g, &g.initial(), 2), perft(&free, &free.initial(), 2));
    assert_ne!(perft(&g, &g.initial(), 3), perft(&free, &free.initial(), 3));
}

#[test]
fn every_capture_counts_en_passant_too_and_any_of_them_may_be_chosen() {
    let g = giveaway(true);
    let (st, _) = play(&g, &g.initial(), "e2-e4 h7-h6 e4-e5 d7-d5");
    assert_eq!(legal(&g, &st), ["e5-d6"]);
    let (st, _) = play(&g, &g.initial(), "e2-e4 d7-d5 e4-d5 d8-d5 b1-c3");
    assert_eq!(legal(&g, &st), ["d5-a2", "d5-d2", "d5-g2"]);
}

#[test]
fn a_capture_the_royal_rule_forbids_obliges_nothing() {
    // The bishop could take on d3 but is pinned to its king: the legal moves (the king's)
    // take nothing, so all of them stay.
    let g = variant("games/chess.toml", "require capture", "", &[]);
    let st = parse_fen(&g, "4r2k/8/8/8/8/3p4/4B3/4K3 w - - 0 1");
    assert_eq!(legal(&g, &st), ["e1-d1", "e1-d2", "e1-f1", "e1-f2"]);
    // Unpinned, the capture is the only move.
    let st = parse_fen(&g, "3r3k/8/8/8/8/3p4/4B3/4K3 w - - 0 1");
    assert_eq!(legal(&g, &st), ["e2-d3"]);
}

#[test]
fn a_condition_switches_the_obligation_on_and_off() {
    let toml = "[options]\nforced = 1\n";
    let on = variant("games/chess.toml", "require capture if forced", toml, &[]);
    let off = variant("games/chess.toml", "require capture if forced", toml, &["forced=0".to_string()]);
    let (st, _) = play(&on, &on.initial(), "e2-e4 d7-d5");
    assert_eq!(legal(&on, &st), ["e4-d5"]);
    let (st, _) = play(&off, &off.initial(), "e2-e4 d7-d5");
    assert_eq!(legal(&off, &st).len(), 31);
    // A counter: taking is compulsory from the third turn of each player on.
    let counted = variant(
        "games/chess.toml",
        "counter turns per-player = 0\non turn { turns += 1 }\nrequire capture if turns >= 2",
        "",
        &[],
    );
    let (st, _) = play(&counted, &counted.initial(), "e2-e4 d7-d5");
    assert_eq!(legal(&counted, &st).len(), 31, "white's second turn: not yet");
    let (st, _) = play(&counted, &counted.initial(), "e2-e4 d7-d5 b1-c3 h7-h6");
    assert_eq!(legal(&counted, &st), ["c3-d5", "e4-d5"], "white's third turn");
}

#[test]
fn obligations_apply_in_the_order_written() {
    // Knights first, then captures among the knights' moves (there are none: every
    // knight move stays); captures first, then knights among the captures (there are
    // none: the capture stays).
    let after = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
    let knights_first = variant("games/chess.toml", "require N\nrequire capture", "", &[]);
    let st = parse_fen(&knights_first, after);
    assert_eq!(legal(&knights_first, &st), ["b1-a3", "b1-c3", "g1-e2", "g1-f3", "g1-h3"]);
    let captures_first = variant("games/chess.toml", "require capture\nrequire N", "", &[]);
    let st = parse_fen(&captures_first, after);
    assert_eq!(legal(&captures_first, &st), ["e4-d5"]);
}

#[test]
fn drops_take_nothing_so_a_capture_rules_them_out() {
    let g = variant("games/examples/crazyhouse.toml", "require capture", "", &[]);
    // Each side holds a pawn; White has nothing to take: it may drop or move.
    let (st, _) = play(&g, &g.initial(), "e2-e4 d7-d5 e4-d5 d8-d5");
    let moves = legal(&g, &st);
    assert!(moves.contains(&"P@e4".to_string()) && moves.contains(&"g1-f3".to_string()), "{moves:?}");
    // Black can take: no drop is legal.
    let (st, _) = play(&g, &st, "b1-c3");
    assert_eq!(legal(&g, &st), ["d5-a2", "d5-d2", "d5-g2"]);
}

#[test]
fn the_rulebook_says_what_each_obligation_keeps() {
    let g = giveaway(true);
    let text = interp::render::rulebook(&g).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("Obligations"), "{text}");
    assert!(
        text.contains("- `require capture`: a move that takes a piece must be played when there is one."),
        "{text}"
    );
    assert!(!interp::render::rulebook(&giveaway(false)).contains("Obligations"));
    let t = interp::open(repo_path("games/taktyka.toml").to_str().unwrap(), &[]).unwrap();
    let text = interp::render::rulebook(&t).split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        text.contains("`require L if idle >= 5`: while its condition holds, a move of a Leader must be played"),
        "{text}"
    );
}

#[test]
fn the_checker_reports_bad_obligations_where_they_stand() {
    let chess = repo_path("games/chess.toml");
    let bad = |rules: &str| {
        let text =
            format!("[game]\nextends = {:?}\nname = \"Bad\"\nrules = '''\n{rules}\n'''\n", chess.to_str().unwrap());
        load_text(&text, &[]).map(|_| ()).unwrap_err()
    };
    let e = bad("require captures");
    assert!(
        e.contains("unknown piece `captures`") && e.contains("`require capture` keeps the moves that take a piece"),
        "{e}"
    );
    let e = bad("require Z if halfmove > 3");
    assert!(e.contains("unknown piece `Z`") && !e.contains("require capture"), "{e}");
    let e = bad("require capture if can-capture(P)");
    assert!(e.contains("`can-capture` can only be used in an end rule"), "{e}");
    let e = bad("require capture if nosuch");
    assert!(e.contains("unknown condition `nosuch`"), "{e}");
    let e = bad("require capture Q");
    assert!(e.contains("error"), "a class is one word: {e}");
}
