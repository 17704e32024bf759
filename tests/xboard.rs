//! `interp xboard GAME`, driven through stdin as XBoard drives it: every command, the
//! pieces described to XBoard 4.9, and a full game played by python-chess's
//! `chess.engine` (tests/reference/protocol_client.py).

#[path = "common/engine.rs"]
mod engine;

use engine::EngineProc;

/// An engine past `xboard` / `protover 2`, with its feature lines.
fn started(game: &str) -> (EngineProc, Vec<String>) {
    let mut e = EngineProc::start(&["xboard", game]);
    e.send("xboard");
    e.send("protover 2");
    let features = e.until(|l| l == "feature done=1");
    (e, features)
}

/// Sends `cmd`, then `ping N`: the lines before `pong N`.
fn ask(e: &mut EngineProc, cmd: &str, n: u32) -> Vec<String> {
    e.send(cmd);
    e.send(&format!("ping {n}"));
    let pong = format!("pong {n}");
    let mut got = e.until(|l| l == pong);
    got.pop();
    got
}

/// The action of the first `move` line among `lines`.
fn moved(lines: &[String]) -> Option<String> {
    lines.iter().find_map(|l| l.strip_prefix("move ").map(String::from))
}

#[test]
fn protover_2_declares_the_features() {
    let (e, features) = started("chess");
    let all = features.join(" ");
    for f in [
        "myname=\"interp ",
        "usermove=1",
        "setboard=1",
        "ping=1",
        "sigint=0",
        "sigterm=0",
        "variants=\"chess\"",
        "memory=1",
        "option=\"Skill Level -spin 20 0 20\"",
        "option=\"Search -combo *alphabeta /// mcts\"",
    ] {
        assert!(all.contains(f), "{f}: {features:?}");
    }
    assert_eq!(features.last().unwrap(), "feature done=1");
    assert_eq!(e.quit("quit").1, 0);
}

#[test]
fn the_engine_answers_usermove_and_goes_on_by_go_and_playother() {
    let (mut e, _) = started("chess");
    e.send("new");
    e.send("sd 2");
    let got = ask(&mut e, "usermove e2e4", 1);
    let reply = moved(&got).expect("the engine plays black");
    assert_eq!(reply.len(), 4, "{got:?}");
    // Force mode: moves are taken, none is played.
    e.send("force");
    assert_eq!(moved(&ask(&mut e, "usermove g1f3", 2)), None);
    // `go`: the engine plays the side to move (black), then answers white's moves.
    assert!(moved(&ask(&mut e, "go", 3)).is_some());
    assert!(moved(&ask(&mut e, "usermove b1c3", 4)).is_some());
    // `playother`: the engine takes the side not to move.
    e.send("force");
    e.send("new");
    assert_eq!(moved(&ask(&mut e, "playother", 5)), None);
    assert!(moved(&ask(&mut e, "usermove d2d4", 6)).is_some());
    // Without `usermove`, a line that is an action is one.
    e.send("force");
    let got = ask(&mut e, "a2a3", 7);
    assert!(got.is_empty(), "{got:?}");
}

#[test]
fn post_shows_thinking_and_nopost_hides_it() {
    let (mut e, _) = started("chess");
    e.send("new");
    e.send("sd 3");
    e.send("post");
    let got = ask(&mut e, "usermove e2e4", 1);
    let thinking: Vec<&String> = got.iter().filter(|l| l.starts_with(|c: char| c.is_ascii_digit())).collect();
    assert_eq!(thinking.len(), 3, "{got:?}");
    for (i, l) in thinking.iter().enumerate() {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert!(w.len() >= 5 && w[0] == (i + 1).to_string(), "depth score time nodes pv: {l}");
        assert!(w[1..4].iter().all(|x| x.parse::<i64>().is_ok()), "{l}");
    }
    e.send("nopost");
    let got = ask(&mut e, "usermove d2d4", 2);
    assert!(got.iter().all(|l| !l.starts_with(|c: char| c.is_ascii_digit())), "{got:?}");
    assert!(moved(&got).is_some());
}

#[test]
fn time_controls_end_in_moves() {
    let (mut e, _) = started("chess");
    for (n, setting) in ["level 40 5 0", "level 0 0:30 1", "st 0.05", "level 0 1 0.5"].into_iter().enumerate() {
        e.send("new");
        e.send(setting);
        e.send("time 3000");
        e.send("otim 3000");
        assert!(moved(&ask(&mut e, "usermove e2e4", n as u32)).is_some(), "{setting}");
    }
    for bad in ["level 40", "level x 5 0", "st soon", "sd deep", "time x"] {
        let got = ask(&mut e, bad, 9);
        assert!(got.iter().any(|l| l.starts_with("Error (bad argument): ")), "{bad}: {got:?}");
    }
}

#[test]
fn undo_remove_setboard_and_result() {
    let (mut e, _) = started("chess");
    e.send("new");
    e.send("force");
    for m in ["e2e4", "e7e5", "g1f3"] {
        e.send(&format!("usermove {m}"));
    }
    e.send("undo");
    // g1f3 taken back: it can be played again, e7e5 cannot.
    assert!(ask(&mut e, "usermove g1f3", 1).is_empty());
    // `remove`: g1f3 and e7e5 taken back, black to move.
    e.send("remove");
    let got = ask(&mut e, "usermove e2e4", 2);
    assert_eq!(got.last().map(String::as_str), Some("Illegal move: e2e4"), "{got:?}");
    assert!(ask(&mut e, "usermove e7e5", 3).is_empty());
    // A mate in one from a position string: the move, then the result.
    e.send("setboard k7/8/1K6/8/8/8/8/7R w - - 0 1");
    e.send("sd 3");
    let got = ask(&mut e, "go", 4);
    assert_eq!(moved(&got).as_deref(), Some("h1h8"));
    assert!(got.iter().any(|l| l.starts_with("1-0 {white wins (checkmate")), "{got:?}");
    // The opponent's move that ends the game is judged too.
    e.send("setboard k7/8/1K6/8/8/8/8/7R w - - 0 1");
    e.send("force");
    let got = ask(&mut e, "usermove h1h8", 5);
    assert!(got.iter().any(|l| l.starts_with("1-0 {")), "{got:?}");
    let got = ask(&mut e, "setboard not a position", 6);
    assert!(got.iter().any(|l| l.starts_with("Error (illegal position): setboard")), "{got:?}");
    e.send("result 1-0 {White mates}");
    assert!(ask(&mut e, "undo", 7).is_empty());
    e.send("new");
    let got = ask(&mut e, "undo", 8);
    assert!(got.iter().any(|l| l.starts_with("Error (bad argument): undo")), "{got:?}");
}

#[test]
fn question_mark_moves_now_and_ping_waits_for_the_move() {
    let (mut e, _) = started("chess");
    e.send("new");
    e.send("st 3600");
    e.send("usermove e2e4");
    e.send("?");
    let got = e.until_prefix("move ");
    assert_eq!(got.last().unwrap().len(), "move e7e5".len());
    // A ping sent while the engine thinks is answered after its move.
    e.send("sd 2");
    e.send("usermove d2d4");
    e.send("ping 1");
    let got = e.until(|l| l == "pong 1");
    assert!(moved(&got).is_some(), "{got:?}");
}

#[test]
fn bad_commands_and_options() {
    let (mut e, _) = started("chess");
    e.send("new");
    e.send("force");
    let got = ask(&mut e, "usermove e2e5", 1);
    assert_eq!(got.last().unwrap(), "Illegal move: e2e5");
    assert!(got[0].starts_with("# ") && got[0].contains("e2e5"), "{got:?}");
    let got = ask(&mut e, "fly away", 2);
    assert_eq!(got.last().unwrap(), "Error (unknown command): fly away");
    let got = ask(&mut e, "variant xiangqi", 3);
    assert!(got.last().unwrap().starts_with("Error (bad argument): variant"), "{got:?}");
    for good in ["memory 64", "option Skill Level=5", "option Search=mcts", "option Search=alphabeta"] {
        assert!(ask(&mut e, good, 4).is_empty(), "{good}");
    }
    for bad in ["memory 0", "option Skill Level=99", "option Search=dfs", "option Colour=blue"] {
        let got = ask(&mut e, bad, 5);
        assert!(got.last().unwrap().starts_with("Error (bad option): "), "{bad}: {got:?}");
    }
    for ignored in ["accepted usermove", "rejected sigterm", "computer", "easy", "hard", "random", "otim 100"] {
        assert!(ask(&mut e, ignored, 6).is_empty(), "{ignored}");
    }
}

#[test]
fn variant_describes_the_board_and_the_pieces_to_xboard() {
    let (mut e, _) = started("games/examples/capablanca.toml");
    let got = ask(&mut e, "variant capablanca", 1);
    assert_eq!(
        got[0],
        "setup (PNBRQ..AC............Kpnbrq..ac............k) 10x8+0_fairy \
         rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
    );
    for p in ["piece P& mfWcfFimfD", "piece N& N", "piece B& B", "piece R& R", "piece Q& BR", "piece K& FW"] {
        assert!(got.contains(&p.to_string()), "{p}: {got:?}");
    }
    assert!(got.contains(&"piece A& BN".to_string()) && got.contains(&"piece C& NR".to_string()));
    // Drops: holdings in the setup, drops as moves.
    let (mut e, _) = started("games/examples/crazyhouse.toml");
    let got = ask(&mut e, "variant crazyhouse", 1);
    assert!(got[0].contains(" 8x8+5_fairy ") && got[0].ends_with("[] w KQkq - 0 1"), "{got:?}");
    e.send("force");
    for m in ["e2e4", "d7d5", "e4d5", "d8d5"] {
        e.send(&format!("usermove {m}"));
    }
    assert!(ask(&mut e, "usermove P@e6", 2).is_empty());
    // Shogi's knight: the narrow forward pair.
    let (mut e, _) = started("games/examples/shogi.toml");
    assert!(ask(&mut e, "variant shogi", 1).contains(&"piece N& ffN".to_string()));
}

#[test]
fn pieces_that_betza_cannot_describe_are_said_so() {
    let (mut e, _) = started("games/examples/xiangqi.toml");
    let got = ask(&mut e, "variant xiangqi", 1);
    assert!(got.iter().all(|l| l.starts_with("# ")), "{got:?}");
    assert!(got.iter().any(|l| l.starts_with("# piece A: ")), "the advisor keeps to the palace: {got:?}");
    // Ranks of a ten-rank board counted from 0, as XBoard does.
    e.send("force");
    assert!(ask(&mut e, "usermove h2e2", 2).is_empty());
    e.send("sd 1");
    let got = ask(&mut e, "go", 3);
    let m = moved(&got).expect("a move");
    assert!(m.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) && m.len() == 4, "{m}");
    let (mut e, _) = started("taasen");
    let got = ask(&mut e, "variant taasen", 1);
    assert_eq!(got, ["# the board is not a rectangle of files and ranks: XBoard cannot draw it"]);
}

/// python-chess's `chess.engine` plays a whole game of chess with `interp xboard`.
#[test]
fn python_chess_plays_a_full_game_over_xboard() {
    engine::run_client(&["xboard", "--seed", "1"]);
}

/// Tâktykâ's standard test position (White to move after the setup).
const TAKTYKA: &str = "1s1s1s1s1s/s1s1l1s1s1/1s1s1s1s1s/s1s1s1s1s1/10/10/S1S1S1S1S1/1S1S1S1S1S/S1S1L1S1S1/1S1S1S1S1S w - - winner=0 idle=0,0 checks=-";

#[test]
fn draws_are_offered_and_accepted_only_where_no_rule_ends_the_waiting() {
    let (mut e, features) = started("games/taktyka.toml");
    assert!(features.join(" ").contains(" draw=1 "), "{features:?}");
    e.send("sd 3");
    e.send(&format!("setboard {TAKTYKA}"));
    // Nothing has gone on long enough: an offer is declined (nothing is said).
    assert_eq!(ask(&mut e, "draw", 1), Vec::<String>::new());
    // The engine plays both sides of a waiting game, one `go` per ply, until it offers a
    // draw itself (before its move).
    let mut offered = None;
    for ply in 0..300 {
        let got = ask(&mut e, "go", 2 + ply);
        assert!(moved(&got).is_some(), "ply {ply}: {got:?}");
        if let Some(i) = got.iter().position(|l| l == "offer draw") {
            assert!(got[i + 1..].iter().any(|l| l.starts_with("move ")), "the offer comes before the move: {got:?}");
            offered = Some(ply);
            break;
        }
    }
    let ply = offered.expect("an offer within 300 plies of a waiting game");
    assert!(ply as usize >= interp::ai::AGREE_QUIET, "offered at ply {ply}");
    // Now an offer is accepted.
    assert_eq!(ask(&mut e, "draw", 999), ["offer draw"]);
    // Chess ends its own draws: never an offer there.
    let (mut c, _) = started("chess");
    c.send("setboard 4k3/8/8/3r4/8/8/3R4/4K3 w - - 0 1");
    c.send("sd 2");
    for ply in 0..120 {
        let got = ask(&mut c, "go", ply);
        assert!(!got.iter().any(|l| l.contains("offer draw")), "ply {ply}: {got:?}");
        if got.iter().any(|l| l.starts_with("1/2-1/2") || l.starts_with("1-0") || l.starts_with("0-1")) {
            break;
        }
    }
    assert_eq!(ask(&mut c, "draw", 500), Vec::<String>::new());
}
