//! `interp uci GAME`, driven through stdin as a GUI drives it: every command, moves in UCI
//! coordinates in games with drops, promotions, ten files and ten ranks, and a full game
//! played by python-chess's `chess.engine` (tests/reference/protocol_client.py).

#[path = "common/engine.rs"]
mod engine;

use engine::EngineProc;

/// Sends `cmd` and returns the lines up to `isready`'s `readyok` (which is not among them).
fn ask(e: &mut EngineProc, cmd: &str) -> Vec<String> {
    e.send(cmd);
    e.send("isready");
    let mut got = e.until(|l| l == "readyok");
    got.pop();
    got
}

/// The divide lines of `go perft N` (without the total) and the total.
fn perft(e: &mut EngineProc, n: usize) -> (Vec<String>, u64) {
    e.send(&format!("go perft {n}"));
    let got = e.until_prefix("Nodes searched:");
    let total = got.last().unwrap().trim_start_matches("Nodes searched: ").parse().unwrap();
    (got.into_iter().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).collect(), total)
}

/// The action of a `bestmove` line.
fn best(line: &str) -> &str {
    line.strip_prefix("bestmove ").expect("a bestmove line").split_whitespace().next().unwrap()
}

/// The actions `go perft 1` lists (the legal actions in UCI form).
fn legal(e: &mut EngineProc) -> Vec<String> {
    perft(e, 1).0.into_iter().map(|l| l.rsplit_once(": ").unwrap().0.to_string()).collect()
}

#[test]
fn uci_names_the_engine_and_its_options() {
    let mut e = EngineProc::start(&["uci", "games/chess.toml"]);
    e.send("uci");
    let got = e.until(|l| l == "uciok");
    assert!(got[0].starts_with("id name interp ") && got[0].contains("(Chess)"), "{got:?}");
    assert!(got.iter().any(|l| l.starts_with("id author ")));
    for opt in ["Hash type spin default 16", "Skill Level type spin default 20 min 0 max 20", "Search type combo"] {
        assert!(got.iter().any(|l| l.starts_with(&format!("option name {opt}"))), "{opt}: {got:?}");
    }
    assert!(got.contains(&"option name UCI_Variant type combo default chess var chess".to_string()));
    assert_eq!(ask(&mut e, "debug off"), Vec::<String>::new());
    let (rest, status) = e.quit("quit");
    assert!(rest.is_empty(), "{rest:?}");
    assert_eq!(status, 0);
}

#[test]
fn go_perft_divides_in_uci_coordinates() {
    let mut e = EngineProc::start(&["uci", "chess"]);
    e.send("position startpos");
    let (lines, total) = perft(&mut e, 2);
    assert_eq!(total, 400);
    assert_eq!(lines.len(), 20);
    assert!(lines.contains(&"e2e4: 20".to_string()) && lines.contains(&"g1f3: 20".to_string()), "{lines:?}");
    // Promotions: the new piece's letter in lower case.
    e.send("position fen 8/4P1k1/8/8/8/8/8/K7 w - - 0 1");
    let moves = legal(&mut e);
    for m in ["e7e8q", "e7e8r", "e7e8b", "e7e8n", "a1b2"] {
        assert!(moves.contains(&m.to_string()), "{m}: {moves:?}");
    }
    e.send("position fen 8/4P1k1/8/8/8/8/8/K7 w - - 0 1 moves e7e8n");
    let moves = legal(&mut e);
    assert!(moves.contains(&"g7g6".to_string()) && !moves.contains(&"g7f6".to_string()), "{moves:?}");
}

#[test]
fn position_takes_uci_coordinates_and_the_games_notation() {
    let mut e = EngineProc::start(&["uci", "chess"]);
    e.send("position startpos moves e2e4 e7-e5 g1f3");
    assert_eq!(perft(&mut e, 1).1, 29);
    e.send("position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 moves c7c5");
    assert_eq!(perft(&mut e, 1).1, 30);
    // Castling is the king's move.
    e.send("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1 e8c8");
    e.send("go perft 1");
    let rest = ask(&mut e, "");
    assert!(!rest.iter().any(|l| l.contains("error")), "{rest:?}");
}

#[test]
fn bad_commands_are_reported_and_the_engine_goes_on() {
    let mut e = EngineProc::start(&["uci", "chess"]);
    let said = ask(&mut e, "position startpos moves e2e5");
    assert!(said.len() == 1 && said[0].starts_with("info string error: ") && said[0].contains("e2e5"), "{said:?}");
    // The position stays where the line stopped: the start.
    assert_eq!(perft(&mut e, 1).1, 20);
    for bad in ["fly away", "position", "position fen nonsense", "go depth", "go depth many", "go sideways 2"] {
        let said = ask(&mut e, bad);
        assert!(said.len() == 1 && said[0].starts_with("info string error: "), "{bad}: {said:?}");
    }
    for bad in ["setoption name Hash value 0", "setoption name Skill Level value 21", "setoption name Search value dfs"]
    {
        let said = ask(&mut e, bad);
        assert!(said.len() == 1 && said[0].starts_with("info string error: option "), "{bad}: {said:?}");
    }
    let said = ask(&mut e, "setoption name UCI_Variant value xiangqi");
    assert!(said[0].contains("plays chess only"), "{said:?}");
    for good in [
        "setoption name Hash value 64",
        "setoption name Skill Level value 10",
        "setoption name Search value mcts",
        "setoption name Search value alphabeta",
        "setoption name UCI_Variant value chess",
        "ucinewgame",
    ] {
        assert_eq!(ask(&mut e, good), Vec::<String>::new(), "{good}");
    }
}

#[test]
fn go_depth_reports_info_lines_and_a_legal_bestmove() {
    let mut e = EngineProc::start(&["uci", "chess"]);
    e.send("position startpos moves e2e4 e7e5");
    let moves = legal(&mut e);
    e.send("go depth 3");
    let got = e.until_prefix("bestmove");
    let infos: Vec<&String> = got.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 3, "{got:?}");
    for (i, l) in infos.iter().enumerate() {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(&w[..3], ["info", "depth", &(i + 1).to_string()], "{l}");
        for key in ["score", "nodes", "nps", "time", "pv"] {
            assert!(w.contains(&key), "{key} in {l}");
        }
        assert_eq!(w[w.iter().position(|&x| x == "score").unwrap() + 1], "cp");
        let pv = w[w.iter().position(|&x| x == "pv").unwrap() + 1];
        assert!(moves.contains(&pv.to_string()), "{pv}");
    }
    assert!(moves.contains(&best(got.last().unwrap()).to_string()), "{got:?}");
}

#[test]
fn a_mate_is_announced_and_a_finished_game_has_no_bestmove() {
    let mut e = EngineProc::start(&["uci", "chess"]);
    e.send("position fen k7/8/1K6/8/8/8/8/7R w - - 0 1");
    e.send("go depth 3");
    let got = e.until_prefix("bestmove");
    assert!(got.iter().any(|l| l.contains(" score mate 1 ")), "{got:?}");
    assert_eq!(best(got.last().unwrap()), "h1h8");
    e.send("position fen k7/8/2K5/8/8/8/8/7R b - - 0 1");
    e.send("go depth 4");
    let got = e.until_prefix("bestmove");
    assert!(got.iter().any(|l| l.contains(" score mate -2 ")), "{got:?}");
    e.send("position fen k6R/8/1K6/8/8/8/8/8 b - - 0 1");
    e.send("go depth 2");
    assert_eq!(e.until_prefix("bestmove"), ["bestmove (none)"]);
}

#[test]
fn skill_level_0_searches_one_ply() {
    let mut e = EngineProc::start(&["uci", "chess"]);
    e.send("setoption name Skill Level value 0");
    e.send("setoption name Hash value 1");
    e.send("position startpos");
    e.send("go depth 4");
    let got = e.until_prefix("bestmove");
    let depths: Vec<&str> = got.iter().filter_map(|l| l.strip_prefix("info depth ")?.split(' ').next()).collect();
    assert_eq!(depths, ["1"], "{got:?}");
    e.send("setoption name Skill Level value 20");
    e.send("ucinewgame");
    e.send("position startpos");
    e.send("go depth 4");
    let got = e.until_prefix("bestmove");
    assert!(got.iter().any(|l| l.starts_with("info depth 4 ")), "{got:?}");
}

#[test]
fn every_kind_of_limit_ends_in_a_legal_bestmove() {
    let mut e = EngineProc::start(&["uci", "chess"]);
    e.send("position startpos moves d2d4");
    let moves = legal(&mut e);
    for go in [
        "go nodes 300",
        "go movetime 20",
        "go wtime 1000 btime 1000",
        "go wtime 500 btime 500 winc 10 binc 10",
        "go wtime 3000 btime 2000 movestogo 5",
        "go depth 2 nodes 100000",
        "go mate 1",
    ] {
        e.send(go);
        let got = e.until_prefix("bestmove");
        assert!(moves.contains(&best(got.last().unwrap()).to_string()), "{go}: {got:?}");
    }
}

#[test]
fn stop_and_isready_are_answered_while_it_thinks() {
    let mut e = EngineProc::start(&["uci", "chess"]);
    e.send("position startpos");
    let moves = legal(&mut e);
    e.send("go infinite");
    // Answered at once, while the search goes on (it waits for `stop` to answer).
    e.send("isready");
    let got = e.until(|l| l == "readyok");
    assert!(!got.iter().any(|l| l.starts_with("bestmove")), "{got:?}");
    e.send("stop");
    let got = e.until_prefix("bestmove");
    assert!(moves.contains(&best(got.last().unwrap()).to_string()));
    // `go ponder` waits for `ponderhit` (no pondering is offered: it answers at once).
    e.send("go ponder");
    e.send("isready");
    let got = e.until(|l| l == "readyok");
    assert!(!got.iter().any(|l| l.starts_with("bestmove")), "{got:?}");
    e.send("ponderhit");
    e.until_prefix("bestmove");
    // A bare `go` also searches until `stop`; `quit` stops it and ends the engine.
    e.send("go");
    e.send("isready");
    e.until(|l| l == "readyok");
    let (rest, status) = e.quit("quit");
    assert_eq!(status, 0);
    assert!(rest.last().is_some_and(|l| l.starts_with("bestmove ")), "{rest:?}");
}

#[test]
fn drops_in_uci_coordinates() {
    let mut e = EngineProc::start(&["uci", "games/examples/crazyhouse.toml"]);
    e.send("uci");
    let got = e.until(|l| l == "uciok");
    assert!(got.contains(&"option name UCI_Variant type combo default crazyhouse var crazyhouse".to_string()));
    e.send("position startpos moves e2e4 d7d5 e4d5 d8d5");
    let moves = legal(&mut e);
    assert!(moves.contains(&"P@e6".to_string()) && moves.contains(&"P@a3".to_string()), "{moves:?}");
    e.send("position startpos moves e2e4 d7d5 e4d5 d8d5 P@e6 P@e2");
    let (_, n) = perft(&mut e, 1);
    assert!(n > 0);
    e.send("go nodes 500");
    let got = e.until_prefix("bestmove");
    assert!(!got.last().unwrap().contains("none"));
}

#[test]
fn ten_ranks_and_ten_files_as_fairy_stockfish_writes_them() {
    let mut e = EngineProc::start(&["uci", "games/examples/xiangqi.toml"]);
    e.send("position startpos moves h3e3");
    let moves = legal(&mut e);
    assert!(moves.contains(&"a10a9".to_string()) && moves.contains(&"h10g8".to_string()), "{moves:?}");
    e.send("position startpos moves h3e3 h10g8");
    assert_eq!(ask(&mut e, "go perft 0"), ["", "Nodes searched: 1"]);
    let mut e = EngineProc::start(&["uci", "games/examples/capablanca.toml"]);
    e.send("position startpos");
    let moves = legal(&mut e);
    assert!(moves.contains(&"j2j4".to_string()) && moves.contains(&"i1j3".to_string()), "{moves:?}");
}

#[test]
fn a_game_without_from_to_actions_takes_its_own_notation() {
    let mut e = EngineProc::start(&["uci", "taasen"]);
    e.send("position startpos");
    let moves = legal(&mut e);
    let first = moves[0].clone();
    e.send(&format!("position startpos moves {first}"));
    let said = ask(&mut e, "go nodes 200");
    assert!(!said.iter().any(|l| l.contains("error")), "{said:?}");
    let got = e.until_prefix("bestmove");
    assert!(!got.last().unwrap().contains("none"));
}

/// python-chess's `chess.engine` plays a whole game of chess with `interp uci`.
#[test]
fn python_chess_plays_a_full_game_over_uci() {
    engine::run_client(&["uci"]);
}
