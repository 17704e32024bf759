//! games/examples/janggi.toml against Fairy-Stockfish's `janggi` (the large-board build)
//! at nodes deep into random games (tests/data/fairy/janggi.txt, tests/common/fairy.rs),
//! and the rules its pass and bikjang follow, action by action.

mod common;
#[path = "common/fairy.rs"]
mod fairy;

use interp::engine::State;
use interp::ir::Game;

const DATA: &str = include_str!("data/fairy/janggi.txt");

fn janggi() -> &'static Game {
    game_once!("games/examples/janggi.toml")
}

/// Fairy-Stockfish writes a pass as its General's move onto its own point (`e2e2`).
fn uci(g: &Game, st: &State, notation: &str) -> String {
    if notation == "pass" {
        let k = g.board.name(st.royal[st.to_move as usize]);
        return format!("{k}{k}");
    }
    fairy::uci_plain(g, st, notation)
}

/// Whether a UCI move is a pass (from and to the same point).
fn is_pass(m: &str) -> bool {
    let cut = m[1..].find(|c: char| c.is_ascii_alphabetic()).map_or(m.len(), |i| i + 1);
    m[..cut] == m[cut..]
}

#[test]
fn janggi_matches_fairy_stockfish_after_the_moves() {
    let n = fairy::check_moves(janggi(), DATA, &uci);
    assert!(n >= 20, "{n} nodes");
    let passes = DATA
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split('\t').nth(1))
        .map(|m| m.split_whitespace().filter(|x| is_pass(x)).count());
    assert!(passes.sum::<usize>() > 0, "the games pass at least once");
}

/// From the engine's position strings. A string does not say whether the last move was a
/// pass (which makes a second pass end the game), so nodes right after a pass are left out.
#[test]
fn janggi_matches_fairy_stockfish_from_its_position_strings() {
    let kept: String = DATA
        .lines()
        .filter(|l| {
            l.starts_with('#')
                || l.split('\t').nth(1).and_then(|m| m.split_whitespace().last()).is_none_or(|m| !is_pass(m))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let n = fairy::check_fens(janggi(), &kept, &uci);
    assert!(n >= 20, "{n} nodes");
}

/// Bikjang: with the generals facing each other, the player to move must break the line or
/// pass; the pass then ends the game, and the points decide (Han has 1.5 more).
#[test]
fn bikjang_leaves_breaking_moves_and_the_pass() {
    let g = janggi();
    let (st, _) = common::play(g, &g.initial(), "e4-d4 e7-d7");
    assert_eq!(
        common::legal(g, &st).join(" "),
        "c1-e4 d4-e4 e2-d2 e2-d3 e2-f2 e2-f3 g1-e4 pass",
        "Fairy-Stockfish's eight moves (e2e2 is its pass)"
    );
    let (over, hist) = common::play(g, &st, "pass");
    assert_eq!(common::status_text(g, &over, &hist), "result: black wins");
    // Without bikjang a pass does not end the game; a second pass does.
    let (one, hist) = common::play(g, &g.initial(), "pass");
    assert!(common::legal(g, &one).contains(&"pass".to_string()));
    assert_eq!(common::status_text(g, &one, &hist), "to move: black");
    let (two, hist) = common::play(g, &one, "pass");
    assert_eq!(common::status_text(g, &two, &hist), "result: black wins");
}

/// A player in check may not pass, unless the generals face each other.
#[test]
fn no_pass_out_of_check() {
    let g = janggi();
    // The white chariot on e9 checks the general on e10 (it must take it).
    let st = common::parse_fen(g, "4k4/4R4/9/9/9/9/9/9/4A4/3K5 b - - 0 1");
    assert_eq!(common::legal(g, &st).join(" "), "e10-e9");
    // The horse on d7 checks the general on e9, which faces the other on the open file:
    // Fairy-Stockfish's six moves, the pass (e9e9) among them.
    let st = common::parse_fen(g, "9/4k4/9/3N5/9/9/9/9/4K4/9 b - - 0 1");
    assert_eq!(common::legal(g, &st).join(" "), "e9-d10 e9-d8 e9-d9 e9-f10 e9-f9 pass");
}

/// The fast legality filter (a quiet move that touches no cell on an attacker's way to the
/// royal piece is not tried out) stays on with the cannons' jumps and the conditional
/// attack, and counts what trying every move out counts.
#[test]
fn the_fast_legality_filter_is_on_and_exact() {
    let xiangqi = interp::open(common::repo_path("games/examples/xiangqi.toml").to_str().unwrap(), &[]).unwrap();
    for (g, line) in [
        (janggi(), "h1-i3 c7-b7 e2-d3 f10-e10 b1-a3 e7-f7 c4-d4 e9-f10 d3-e2 b10-c8 d4-c4 c8-b6"),
        (&xiangqi, "h3-e3 h10-g8 h1-g3 b8-b4 e3-e7"),
    ] {
        assert!(g.attack.filter(), "{}: the filter is off", g.name);
        let mut slow = g.clone();
        slow.attack.sensitive.clear();
        assert!(!slow.attack.filter());
        let (st, _) = common::play(g, &g.initial(), line);
        for st in [g.initial(), st] {
            assert_eq!(common::perft(g, &st, 3), common::perft(&slow, &st, 3), "{}", g.name);
        }
    }
}

/// The pass as an action of the front ends: a record keeps it and replays it, the events
/// say it, and the AI takes it where it wins (bikjang with more points).
#[test]
fn the_pass_in_records_events_and_the_ai() {
    use interp::record::{GameRecord, Header, parse_records, replay};
    let g = janggi();
    let path = common::repo_path("games/examples/janggi.toml");
    let bytes = std::fs::read(&path).unwrap();
    let actions: Vec<String> = ["pass", "e7-e6", "pass", "pass"].iter().map(|s| s.to_string()).collect();
    let header = Header::new("games/examples/janggi.toml", &bytes, &[], vec!["a".into(), "b".into()]);
    let rec = GameRecord::of_game(g, &header, &actions).unwrap();
    let text = rec.to_text();
    assert!(text.contains("pass"), "{text}");
    let read = parse_records(&text).unwrap();
    let r = replay(g, &read[0], Some(&bytes)).unwrap();
    assert_eq!(common::status_text(g, &r.state, &r.history), "result: black wins", "{text}");

    let st = g.initial();
    let list = g.actions(&st);
    let m = g.find_move(&st, &list, "pass").unwrap();
    let mut after = st.clone();
    g.apply(&mut after, &m, list.effects_of(&m));
    let said: Vec<String> = g.events(&st, &list, &m, &after).iter().map(|e| e.describe(g)).collect();
    assert_eq!(said, ["white passes", "passes: 0 -> 1"]);

    // White has taken a chariot; the generals face each other: passing ends the game in
    // White's favour.
    let st = common::parse_fen(g, "1nba1abnr/4k4/1c5c1/p1pp2p1p/9/9/P1PP2P1P/1C5C1/4K4/RNBA1ABNR w - - 0 3 taken=13,0");
    let mut ai = interp::ai::Ai::new(g, 1);
    let c = ai.choose(&st, &[], interp::ai::Limits::nodes(5_000)).unwrap();
    assert_eq!(c.notation, "pass");
}

/// The rulebook (`interp rules`) says when a player may pass.
#[test]
fn the_rulebook_tells_the_pass() {
    let text = interp::render::rulebook::rulebook(janggi());
    let at = text.find("Passing\n-------\n").expect("a Passing section");
    assert!(text[at..].contains("`pass if !check | sees(K, file, K)`"), "{}", &text[at..]);
}
