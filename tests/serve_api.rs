//! The web API of `interp serve` over real HTTP: the real binary on a free port, a tiny
//! client (tests/common/serve.rs). Games, sessions, every kind of decision, hidden
//! choices, chance memory, the AI, records, errors and concurrent requests.

mod common;
#[path = "common/serve.rs"]
mod serve;

use serde_json::{Value, json};
use serve::Server;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Creates a session; the state (status 201).
fn create(s: &Server, body: Value) -> Value {
    let r = s.post("/api/sessions", &body.to_string());
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()
}

/// Plays an action; the state (status 200).
fn play(s: &Server, id: &str, action: &str) -> Value {
    let r = s.post(&format!("/api/sessions/{id}/play"), &json!({ "action": action }).to_string());
    assert_eq!(r.status, 200, "{action}: {}", r.body);
    r.json()
}

/// Plays actions in order; the last state.
fn play_all(s: &Server, id: &str, actions: &str) -> Value {
    actions.split_whitespace().fold(Value::Null, |_, a| play(s, id, a))
}

/// A POST of a session's endpoint with no body.
fn act(s: &Server, id: &str, what: &str) -> serve::Reply {
    s.post(&format!("/api/sessions/{id}/{what}"), "")
}

/// The session id of a state.
fn id(state: &Value) -> String {
    state["id"].as_str().expect("id").to_string()
}

/// The notations of the state's actions.
fn texts(state: &Value) -> Vec<String> {
    state["actions"].as_array().expect("actions").iter().map(|a| a["text"].as_str().unwrap().to_string()).collect()
}

/// The notations of the state's moves (the public record).
fn moves(state: &Value) -> Vec<String> {
    state["moves"].as_array().expect("moves").iter().map(|a| a["text"].as_str().unwrap().to_string()).collect()
}

/// The action with this notation.
fn action<'a>(state: &'a Value, text: &str) -> &'a Value {
    state["actions"].as_array().unwrap().iter().find(|a| a["text"] == text).unwrap_or_else(|| {
        panic!("no action {text} in {:?}", texts(state));
    })
}

/// The events of a state, as text.
fn events(state: &Value) -> Vec<String> {
    state["events"].as_array().unwrap().iter().map(|e| e.as_str().unwrap().to_string()).collect()
}

/// A record of `game` from position `fen` (or the setup) with `actions`.
fn record(game: &str, fen: Option<&str>, actions: &str) -> String {
    let fen = fen.map_or(String::new(), |f| format!("[FEN \"{f}\"]\n"));
    format!("[Game \"games/{game}.toml\"]\n{fen}\n{actions} *\n")
}

/// The game files shipped in games/ and games/examples/ (their test-case files aside).
fn shipped_games() -> usize {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    ["games", "games/examples"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".toml") && !n.ends_with(".tests.toml"))
        .count()
}

#[test]
fn lists_the_shipped_games_and_serves_the_page() {
    let s = Server::start(&[]);
    assert!(s.url.starts_with("http://127.0.0.1:") && s.url.ends_with('/'), "{}", s.url);
    let games = s.get("/api/games").json();
    let list = games["games"].as_array().unwrap();
    let ids: Vec<&str> = list.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(list.len(), shipped_games(), "{ids:?}");
    for want in ["chess", "taasen", "taktyka", "asteryx", "asteryx-single", "crazyhouse", "xiangqi"] {
        assert!(ids.contains(&want), "{want} in {ids:?}");
    }
    let chess = list.iter().find(|g| g["id"] == "chess").unwrap();
    assert_eq!(chess["name"], "Chess");
    assert_eq!(chess["players"], json!(["white", "black"]));
    assert!(chess["summary"].as_str().unwrap().ends_with('.'), "{chess}");
    assert!(list.iter().all(|g| g.get("error").is_none()), "{games}");
    let rules = s.get("/api/games/chess/rules").json();
    assert!(rules["text"].as_str().unwrap().contains("King"));
    for (path, kind) in [("/", "text/html"), ("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let r = s.get(path);
        assert_eq!(r.status, 200, "{path}");
        assert!(r.header("content-type").unwrap().starts_with(kind), "{path}: {:?}", r.headers);
        assert_eq!(r.header("cache-control"), Some("no-store"));
    }
    let r = s.get("/favicon.ico");
    assert_eq!(r.status, 404);
    assert!(r.header("content-type").unwrap().starts_with("text/plain"));
}

#[test]
fn every_game_starts_with_the_actions_interp_moves_lists() {
    let s = Server::start(&[]);
    let games = s.get("/api/games").json();
    for g in games["games"].as_array().unwrap() {
        let game = g["id"].as_str().unwrap();
        let state = create(&s, json!({ "game": game }));
        let out = common::run_interp(&["moves", game], "");
        assert!(out.status.success(), "{game}");
        let listed: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
        assert_eq!(texts(&state), listed, "{game}");
        assert_eq!(state["game"]["id"], game);
        assert_eq!(state["turn"]["kind"], "player");
        assert!(state["svg"].as_str().unwrap().starts_with("<svg"), "{game}");
        assert!(!state["legend"].as_array().unwrap().is_empty());
        let id = state["id"].as_str().unwrap();
        assert!(id.len() == 16 && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()), "{id}");
        for a in state["actions"].as_array().unwrap() {
            assert!(!a["label"].as_str().unwrap().is_empty(), "{game}: {a}");
        }
    }
}

#[test]
fn play_undo_redo_and_history() {
    let s = Server::start(&[]);
    let st = create(&s, json!({"game": "chess"}));
    let id = id(&st);
    assert_eq!((st["can_undo"].as_bool(), st["can_redo"].as_bool()), (Some(false), Some(false)));
    let st = play_all(&s, &id, "e2-e4 e7e5 g1-f3");
    assert_eq!(moves(&st), ["e2-e4", "e7-e5", "g1-f3"]);
    assert_eq!(events(&st), ["white plays g1-f3"]);
    let numbers: Vec<&str> = st["moves"].as_array().unwrap().iter().map(|m| m["number"].as_str().unwrap()).collect();
    assert_eq!(numbers, ["1.", "", "2."]);
    assert_eq!(st["last"], json!(["g1", "f3"]));
    assert_eq!((st["ply"].as_u64(), st["length"].as_u64()), (Some(3), Some(3)));
    let st = act(&s, &id, "undo").json();
    assert_eq!(moves(&st), ["e2-e4", "e7-e5"]);
    assert_eq!(st["can_redo"], true);
    let st = act(&s, &id, "undo").json();
    assert_eq!(moves(&st), ["e2-e4"]);
    let st = act(&s, &id, "redo").json();
    assert_eq!(moves(&st), ["e2-e4", "e7-e5"]);
    assert_eq!(events(&st), ["redone: e7-e5"]);
    let st = act(&s, &id, "redo").json();
    assert_eq!(moves(&st), ["e2-e4", "e7-e5", "g1-f3"]);
    assert_eq!(act(&s, &id, "redo").code(), "nothing-to-redo");
    // A new action clears what could be redone.
    act(&s, &id, "undo");
    let st = play(&s, &id, "b1-c3");
    assert_eq!(moves(&st), ["e2-e4", "e7-e5", "b1-c3"]);
    assert_eq!(st["can_redo"], false);
    // Stepping through the game: read-only views of earlier positions.
    let st = s.get(&format!("/api/sessions/{id}?ply=1&flip=1")).json();
    assert_eq!((st["ply"].as_u64(), st["length"].as_u64()), (Some(1), Some(3)));
    assert!(st["actions"].as_array().unwrap().is_empty());
    assert_eq!(st["last"], json!(["e2", "e4"]));
    let turned = s.post(&format!("/api/sessions/{id}/undo?flip=1"), "").json();
    assert_eq!(turned["svg"], s.get(&format!("/api/sessions/{id}?flip=1")).json()["svg"]);
    assert!(turned["svg"] != s.get(&format!("/api/sessions/{id}")).json()["svg"]);
    act(&s, &id, "redo");
    let start = s.get(&format!("/api/sessions/{id}?ply=0")).json();
    assert_eq!(start["last"], json!([]));
    assert!(start["svg"] != st["svg"]);
    // The game survives a reload: the same state again.
    let again = s.get(&format!("/api/sessions/{id}")).json();
    assert_eq!(moves(&again), ["e2-e4", "e7-e5", "b1-c3"]);
}

#[test]
fn a_promotion_has_four_labelled_choices() {
    let s = Server::start(&[]);
    let rec = record("chess", Some("k7/4P3/8/8/8/8/1P1PP3/2B1K3 w - - 0 1"), "");
    let st = create(&s, json!({ "record": rec }));
    let mut labels: Vec<(String, String)> = st["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["from"] == "e7" && a["to"] == "e8")
        .map(|a| (a["text"].as_str().unwrap().to_string(), a["label"].as_str().unwrap().to_string()))
        .collect();
    labels.sort();
    let want = [
        ("e7-e8=B", "promote to Bishop"),
        ("e7-e8=N", "promote to Knight"),
        ("e7-e8=Q", "promote to Queen"),
        ("e7-e8=R", "promote to Rook"),
    ];
    assert_eq!(labels, want.map(|(a, b)| (a.to_string(), b.to_string())));
    assert_eq!(st["check"], json!([]));
    let st = play(&s, &id(&st), "e7e8q");
    assert_eq!(moves(&st), ["e7-e8=Q"]);
    assert!(events(&st).iter().any(|e| e.contains("Queen")), "{:?}", events(&st));
    // The last move and the King it checks are marked, in the state and in the picture.
    assert_eq!((&st["last"], &st["check"]), (&json!(["e7", "e8"]), &json!(["a8"])));
    let svg = st["svg"].as_str().unwrap();
    assert!(svg.contains(r#"<g id="last-move""#) && svg.contains(r#"<circle class="check""#), "{svg}");
}

#[test]
fn a_drop_from_the_reserve() {
    let s = Server::start(&[]);
    let st = create(&s, json!({"game": "crazyhouse"}));
    let st = play_all(&s, &id(&st), "e2-e4 d7-d5 e4-d5 d8-d5 b1-c3 d5-a5");
    let drop = action(&st, "P@d5");
    assert_eq!(drop["from"], Value::Null);
    assert_eq!(drop["to"], "d5");
    assert_eq!(drop["drop"], json!({"letter": "P", "name": "Pawn"}));
    assert_eq!(drop["label"], "drop a Pawn on d5");
    assert!(st["panel"]["reserves"].as_str().unwrap().contains("Pawn"), "{}", st["panel"]);
    // The hands as data, and in the picture under the board.
    let pawn = json!({"letter": "P", "name": "Pawn", "glyph": "♟", "count": 1});
    let hands = json!({"word": "hands", "players": [{"player": "white", "pieces": [pawn]},
        {"player": "black", "pieces": [{"letter": "P", "name": "Pawn", "glyph": "♟", "count": 1}]}]});
    assert_eq!(st["panel"]["hands"], hands);
    let svg = st["svg"].as_str().unwrap();
    assert!(svg.contains(r#"<g class="hand" data-player="white" data-letter="P" data-count="1""#), "{svg}");
    assert!(svg.contains(r#"<g class="hand" data-player="black" data-letter="p" data-count="1""#), "{svg}");
    let st = play(&s, &id(&st), "P@d5");
    assert_eq!(st["last"], json!(["d5"]));
}

#[test]
fn taasen_push_then_the_defenders_escape() {
    let s = Server::start(&[]);
    let st = create(&s, json!({"game": "taasen"}));
    let st = play_all(&s, &id(&st), "S:A1-B2 T:D7-D6 B2-B3");
    let push = action(&st, "T:A1-B2>B3");
    assert_eq!((push["from"].as_str(), push["to"].as_str()), (Some("A1"), Some("B2")));
    let label = push["label"].as_str().unwrap();
    assert!(label.contains("push the Sciane on B3") && label.contains("take the Thaum from the stack"), "{label}");
    let st = play(&s, &id(&st), "T:A1-B2>B3");
    assert_eq!(st["turn"]["step"], "escape");
    assert_eq!(st["turn"]["name"], "red");
    assert_eq!(texts(&st), ["B3-C4"]);
    assert_eq!(action(&st, "B3-C4")["label"], "escape: Sciane B3 to C4");
    assert!(events(&st).iter().any(|e| e.contains("pushes")), "{:?}", events(&st));
    let st = play(&s, &id(&st), "B3-C4");
    assert_eq!(st["turn"]["step"], Value::Null);
    // A pushed piece with nowhere to go is crushed, with no decision: the events say so and
    // the other player is to move.
    let st = create(&s, json!({"game": "taasen"}));
    let st = play_all(&s, &id(&st), "S:A1-B2 S:D7-D6 B2-B1 P:A1-B2>A1");
    let crushed = "white's Thaum on A1 has nowhere to go: it is crushed (removed)";
    assert!(events(&st).iter().any(|e| e == crushed), "{:?}", events(&st));
    assert_eq!((st["turn"]["name"].as_str(), st["turn"]["step"].as_str()), (Some("red"), None));
}

#[test]
fn taktyka_hidden_leader_choice_stays_hidden() {
    let s = Server::start(&[]);
    let start = create(&s, json!({"game": "taktyka"}));
    let id = id(&start);
    assert_eq!(start["turn"]["hidden"], true);
    assert_eq!(start["turn"]["step"], "leader");
    assert_eq!(action(&start, "leader:e2")["label"], "leader: e2");
    let r = s.post(&format!("/api/sessions/{id}/play"), r#"{"action":"leader:e2"}"#);
    assert_eq!(r.status, 200);
    // Black's view: nothing says which stone White chose.
    for text in
        [r.body.clone(), s.get(&format!("/api/sessions/{id}")).body, s.get(&format!("/api/sessions/{id}/record")).body]
    {
        assert!(!text.contains("leader:e2"), "{text}");
        assert!(!text.contains("on e2"), "{text}");
    }
    let st = r.json();
    let board = |st: &Value| st["svg"].as_str().unwrap().replace("black to move", "white to move");
    assert!(board(&st) == board(&start), "the public board, not White's choice");
    assert!(moves(&st).is_empty());
    assert_eq!(st["turn"]["name"], "black");
    assert_eq!(st["turn"]["hidden"], true);
    // When Black has chosen, both are revealed, then the roll-off is rolled.
    let st = play(&s, &id, "e9");
    let ev = events(&st);
    assert!(ev.iter().any(|e| e == "hidden choices revealed: leader:e2 leader:e9"), "{ev:?}");
    assert!(ev.iter().any(|e| e.starts_with("chance: rolloff:")), "{ev:?}");
    assert_eq!(&moves(&st)[..2], ["leader:e2", "leader:e9"]);
    assert_eq!(st["turn"]["step"], "first");
}

#[test]
fn the_die_after_a_charge_is_the_same_after_undo() {
    let s = Server::start(&[]);
    const STANDARD: &str = "leader:e2 leader:e9 rolloff:white first:white";
    const CHARGE_ONE: &str = "a4-b5 c7-d6 b5-a6 a7-b6 a6-b7 g7-f6 i4-h5 d6-e5 b7-c8 e5-f4 e4-d5 d8-c7 c8-d9 e9-e8 \
        d9-e10 e8-d8 h5-i6 f4-g4 i6-h7 b6-c5 c4-b5 c5-d4 h7-g8 d4-c3 b5-a6 f6-e5 d3-c3 e5-f4 e2-d3 i7-h6";
    let st = create(&s, json!({"record": record("taktyka", None, &format!("{STANDARD} {CHARGE_ONE}")), "seed": 3}));
    let id = id(&st);
    let die = |st: &Value| -> String {
        let ev = events(st);
        ev.iter().find(|e| e.starts_with("chance: roll:")).unwrap_or_else(|| panic!("no die in {ev:?}")).clone()
    };
    let first = die(&play(&s, &id, "e10-e1"));
    assert!(first == "chance: roll:lost (1/8)" || first == "chance: roll:stay (7/8)", "{first}");
    for _ in 0..3 {
        let back = act(&s, &id, "undo").json();
        assert_eq!(back["turn"]["name"], "white");
        assert_eq!(die(&play(&s, &id, "e10-e1")), first);
        act(&s, &id, "undo");
        assert_eq!(die(&act(&s, &id, "redo").json()), first);
    }
}

#[test]
fn asteryx_single_capture_victims_have_labels() {
    let s = Server::start(&[]);
    let line = "e3-d6 d8-c6xd6 d2-c4 e6-e5 b4-b5 c6-a5xb5 a4-b5xa5 c7-c5xb5 c4-e6xe5 a6-b4";
    let st = create(&s, json!({"record": record("asteryx-single", None, line)}));
    let names: Vec<&str> = st["legend"].as_array().unwrap().iter().map(|l| l["name"].as_str().unwrap()).collect();
    let victims: Vec<&Value> =
        st["actions"].as_array().unwrap().iter().filter(|a| a["text"].as_str().unwrap().contains('x')).collect();
    assert!(!victims.is_empty());
    for a in victims {
        let text = a["text"].as_str().unwrap();
        let cell = text.rsplit('x').next().unwrap();
        let label = a["label"].as_str().unwrap();
        let named = names.iter().any(|n| label == format!("capture the {n} on {cell}"));
        assert!(named, "{text}: {label}");
    }
    let st = play(&s, &id(&st), "e6-c4xb4");
    assert!(events(&st).iter().any(|e| e.contains("b4")), "{:?}", events(&st));
}

#[test]
fn the_ai_moves_when_asked_and_resigning_ends_the_game() {
    let s = Server::start(&[]);
    let st = create(&s, json!({"game": "chess", "sides": ["human", "ai"], "think_ms": 50, "seed": 7}));
    let id = id(&st);
    assert_eq!(act(&s, &id, "ai").code(), "not-your-turn");
    let st = play(&s, &id, "e2-e4");
    assert_eq!(st["turn"]["side"], "ai");
    assert!(st["actions"].as_array().unwrap().is_empty());
    assert_eq!(s.post(&format!("/api/sessions/{id}/play"), r#"{"action":"e7-e5"}"#).code(), "not-your-turn");
    let st = act(&s, &id, "ai").json();
    assert_eq!(moves(&st).len(), 2);
    assert!(events(&st)[0].starts_with("black (ai) plays "), "{:?}", events(&st));
    // Undo goes back past the AI's reply to the person's decision.
    let st = act(&s, &id, "undo").json();
    assert!(moves(&st).is_empty());
    play(&s, &id, "d2-d4");
    act(&s, &id, "ai");
    let st = s.post(&format!("/api/sessions/{id}/resign"), "{}").json();
    assert_eq!(st["result"]["text"], "black wins");
    assert_eq!(st["result"]["reason"], "white resigns");
    assert_eq!(st["turn"]["kind"], "over");
    assert_eq!(s.post(&format!("/api/sessions/{id}/play"), r#"{"action":"e2-e4"}"#).code(), "game-over");
    assert_eq!(act(&s, &id, "ai").code(), "game-over");
    assert_eq!(act(&s, &id, "resign").code(), "game-over");
    // The record keeps the resignation, and loads back with it.
    let rec = s.get(&format!("/api/sessions/{id}/record"));
    assert_eq!(rec.header("content-disposition"), Some("attachment; filename=\"chess.pgn\""));
    assert!(rec.body.contains("[Termination \"white resigns\"]") && rec.body.contains("0-1"), "{}", rec.body);
    let back = create(&s, json!({ "record": rec.body }));
    assert_eq!(back["result"]["text"], "black wins");
    assert_eq!(moves(&back), moves(&st));
    // Taken back, the game goes on.
    let st = act(&s, &id, "undo").json();
    assert_eq!(st["result"], Value::Null);
}

/// A draw offered: the AI accepts when its material is not ahead and declines when it is;
/// a person opposite answers with `accepted` (required); agreed, the game is drawn, the
/// record says so and loads back drawn, and undo takes it back.
#[test]
fn a_draw_offered_accepted_or_declined() {
    let s = Server::start(&[]);
    let draw = |id: &str, body: Value| s.post(&format!("/api/sessions/{id}/draw"), &body.to_string());
    // Level material: the AI accepts.
    let st = create(&s, json!({"game": "chess", "sides": ["human", "ai"], "think_ms": 50}));
    let st = draw(&id(&st), json!({})).json();
    assert_eq!(events(&st), ["white offers a draw", "black accepts: draw agreed"]);
    assert_eq!((st["result"]["text"].as_str(), st["turn"]["kind"].as_str()), (Some("draw"), Some("over")));
    let rec = s.get(&format!("/api/sessions/{}/record", id(&st))).body;
    assert!(rec.contains("[Termination \"draw agreed\"]") && rec.contains("1/2-1/2"), "{rec}");
    assert_eq!(create(&s, json!({ "record": rec }))["result"]["text"], "draw");
    assert_eq!(draw(&id(&st), json!({})).code(), "game-over");
    assert_eq!(act(&s, &id(&st), "undo").json()["result"], Value::Null, "undo takes it back");
    // A Queen up: the AI declines, the game goes on.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
    let st = create(&s, json!({"record": record("chess", Some(fen), ""), "sides": ["human", "ai"]}));
    let st = draw(&id(&st), json!({})).json();
    assert_eq!(events(&st), ["white offers a draw", "black declines the draw"]);
    assert_eq!(st["result"], Value::Null);
    // Two people: the answer is part of the request.
    let st = create(&s, json!({"game": "taasen"}));
    let sid = id(&st);
    assert_eq!(draw(&sid, json!({})).code(), "bad-request");
    assert_eq!(draw(&sid, json!({"player": 5, "accepted": true})).code(), "bad-request");
    let no = draw(&sid, json!({"accepted": false})).json();
    assert_eq!(events(&no), ["red offers a draw", "green declines the draw"]);
    let yes = draw(&sid, json!({"player": 1, "accepted": true})).json();
    assert_eq!(events(&yes), ["green offers a draw", "red accepts: draw agreed"]);
    assert_eq!(yes["result"]["describe"], "draw agreed");
}

#[test]
fn a_random_side_and_a_game_to_its_end() {
    let s = Server::start(&[]);
    let st = create(&s, json!({"game": "minichess", "sides": ["random", "random"], "seed": 11}));
    let id = id(&st);
    let mut st = st;
    for _ in 0..400 {
        if st["turn"]["kind"] == "over" {
            break;
        }
        st = act(&s, &id, "ai").json();
    }
    assert_eq!(st["turn"]["kind"], "over", "{}", st["moves"]);
    assert!(!st["result"]["reason"].as_str().unwrap().is_empty());
    assert_eq!(act(&s, &id, "ai").code(), "game-over");
    // The picture's caption says how it ended, not who is to move; a view of the past does not.
    let caption = format!("Gardner minichess: {}", st["result"]["describe"].as_str().unwrap());
    assert!(st["svg"].as_str().unwrap().contains(&caption), "{caption}");
    let past = s.get(&format!("/api/sessions/{id}?ply=1")).json();
    assert!(past["svg"].as_str().unwrap().contains("Gardner minichess: black to move"));
}

#[test]
fn a_record_round_trip() {
    let s = Server::start(&[]);
    let st = create(&s, json!({"game": "chess"}));
    let id = id(&st);
    let played = play_all(&s, &id, "e2-e4 e7-e5 g1-f3 b8-c6");
    let text = s.get(&format!("/api/sessions/{id}/record")).body;
    assert!(text.contains("1. e2-e4 e7-e5 2. g1-f3 b8-c6 *"), "{text}");
    let back = create(&s, json!({"record": text, "sides": ["human", "human"]}));
    assert_eq!(moves(&back), moves(&played));
    assert_eq!(texts(&back), texts(&played));
    assert_eq!(back["can_undo"], true);
    // With the game named, and a record that does not replay.
    let bad = s.post("/api/sessions", &json!({"record": record("chess", None, "e2-e5"), "game": "chess"}).to_string());
    assert_eq!((bad.status, bad.code()), (400, "bad-record".to_string()));
    assert!(bad.json()["error"].as_str().unwrap().contains("e2-e5"), "{}", bad.body);
    let unread = s.post("/api/sessions", &json!({"record": "[Game \"x\"\n1. e4"}).to_string());
    assert_eq!(unread.code(), "bad-record");
    assert!(unread.json()["error"].as_str().unwrap().contains("line 2, column 1"), "{}", unread.body);
    let other = s.post("/api/sessions", &json!({"record": "[Game \"nowhere/nothing.toml\"]\n\n*\n"}).to_string());
    assert_eq!(other.code(), "bad-record");
}

#[test]
fn every_error_has_its_status_and_code() {
    let dir = std::env::temp_dir().join(format!("interp-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.toml");
    std::fs::write(&broken, "this is = not a game [").unwrap();
    let copy = dir.join("chess.toml");
    std::fs::copy(common::repo_path("games/chess.toml"), &copy).unwrap();
    let s = Server::start(&[broken.to_str().unwrap(), copy.to_str().unwrap(), "chess"]);
    let st = create(&s, json!({"game": "chess"}));
    let id = id(&st);
    let sid = format!("/api/sessions/{id}");
    let cases: Vec<(serve::Reply, u16, &str)> = vec![
        (s.post("/api/sessions", "{not json"), 400, "bad-json"),
        (s.post("/api/sessions", "[1,2]"), 400, "bad-request"),
        (s.post("/api/sessions", "{}"), 400, "bad-request"),
        (s.post("/api/sessions", r#"{"game":"chess","sides":["human"]}"#), 400, "bad-request"),
        (s.post("/api/sessions", r#"{"game":"chess","sides":["human","god"]}"#), 400, "bad-request"),
        (s.post("/api/sessions", r#"{"game":"chess","think_ms":5}"#), 400, "bad-request"),
        (s.post("/api/sessions", r#"{"game":"chess","think_ms":1e30}"#), 400, "bad-request"),
        (s.post("/api/sessions", r#"{"game":"chess","seed":-1}"#), 400, "bad-request"),
        (s.post("/api/sessions", r#"{"game":"nope"}"#), 404, "unknown-game"),
        (s.post("/api/sessions", r#"{"game":"broken"}"#), 400, "bad-game"),
        (s.post("/api/sessions", r#"{"record":"garbage"}"#), 400, "bad-record"),
        (s.post(&format!("{sid}/play"), r#"{"action":"e2-e5"}"#), 400, "illegal-action"),
        (s.post(&format!("{sid}/play"), r#"{"action":"e2\u0000e4"}"#), 400, "illegal-action"),
        (s.post(&format!("{sid}/play"), &json!({"action": "x".repeat(100_000)}).to_string()), 400, "illegal-action"),
        (s.post(&format!("{sid}/play"), r#"{"action":7}"#), 400, "bad-request"),
        (s.post(&format!("{sid}/play"), "{}"), 400, "bad-request"),
        (s.post(&format!("{sid}/resign"), r#"{"player":99999999999999999999}"#), 400, "bad-request"),
        (s.post(&format!("{sid}/resign"), r#"{"player":2}"#), 400, "bad-request"),
        (s.get(&format!("{sid}?ply=99")), 400, "bad-request"),
        (s.get(&format!("{sid}?ply=-1")), 400, "bad-request"),
        (s.get(&format!("{sid}?ply=184467440737095516160")), 400, "bad-request"),
        (s.get("/api/nothing"), 404, "not-found"),
        (s.get("/api/sessions/abc"), 404, "unknown-session"),
        (s.get("/api/sessions/aaaaaaaaaaaaaaaa"), 404, "unknown-session"),
        (s.get("/api/sessions/%00%ff..%2f"), 404, "unknown-session"),
        (s.get("/api/games/nope/rules"), 404, "unknown-game"),
        (s.get("/api/sessions"), 405, "method-not-allowed"),
        (s.post("/api/games", "{}"), 405, "method-not-allowed"),
        (s.get(&format!("{sid}/play")), 405, "method-not-allowed"),
        (s.request("PUT", &sid, None), 405, "method-not-allowed"),
        (s.post("/", ""), 405, "method-not-allowed"),
        (act(&s, &id, "ai"), 409, "not-your-turn"),
        (act(&s, &id, "undo"), 409, "nothing-to-undo"),
        (act(&s, &id, "redo"), 409, "nothing-to-redo"),
        (s.post("/api/sessions", &format!("{{\"game\":\"{}\"}}", "c".repeat(2 << 20))), 413, "too-large"),
    ];
    for (i, (r, status, code)) in cases.iter().enumerate() {
        assert_eq!((r.status, r.code()), (*status, code.to_string()), "case {i}: {}", r.body);
        assert!(!r.json()["error"].as_str().unwrap().is_empty());
    }
    // Unknown fields are ignored.
    create(&s, json!({"game": "chess", "colour": "blue"}));
    // The broken game is listed with its error.
    let games = s.get("/api/games").json();
    let b = games["games"].as_array().unwrap().iter().find(|g| g["id"] == "broken").expect("listed").clone();
    assert!(b["error"].as_str().unwrap().contains("broken.toml"), "{b}");
    // A game given on the command line whose name clashes gets `-2`; one shipped already is listed once.
    let ids: Vec<&str> = games["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), shipped_games() + 2, "{ids:?}");
    assert_eq!(ids.iter().filter(|i| **i == "chess").count(), 1, "{ids:?}");
    assert!(ids.contains(&"chess-2"), "{ids:?}");
    assert_eq!(create(&s, json!({"game": "chess-2"}))["game"]["name"], "Chess");
    assert_eq!(s.get("/api/games/%63hess-2/rules").status, 200, "escaped path segments are decoded");
    // The server still answers; a session is deleted once.
    assert_eq!(s.request("DELETE", &sid, None).status, 204);
    assert_eq!(s.request("DELETE", &sid, None).code(), "unknown-session");
    assert_eq!(s.get(&sid).code(), "unknown-session");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn concurrent_requests_and_a_thinking_ai_do_not_block_each_other() {
    let s = Arc::new(Server::start(&[]));
    let st = create(&s, json!({"game": "chess", "sides": ["ai", "human"], "think_ms": 3000}));
    let ai_id = id(&st);
    let done = Arc::new(AtomicBool::new(false));
    let thinker = {
        let (s, done) = (s.clone(), done.clone());
        std::thread::spawn(move || {
            let r = act(&s, &ai_id, "ai");
            done.store(true, Ordering::SeqCst);
            r
        })
    };
    let workers: Vec<_> = (0..6)
        .map(|_| {
            let s = s.clone();
            let thinking = format!("/api/sessions/{}", id(&st));
            std::thread::spawn(move || {
                // The session whose AI thinks still answers (a page reload).
                assert_eq!(s.get(&thinking).status, 200);
                let st = create(&s, json!({"game": "chess"}));
                let st = play_all(&s, &id(&st), "e2-e4 e7-e5 g1-f3");
                assert_eq!(moves(&st).len(), 3);
                assert_eq!(s.get("/api/games").status, 200);
            })
        })
        .collect();
    for w in workers {
        w.join().expect("a worker");
    }
    assert!(!done.load(Ordering::SeqCst), "the other requests were answered while the AI thought");
    let r = thinker.join().unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(moves(&r.json()).len(), 1);
}

#[test]
fn sessions_are_capped_and_the_least_recently_used_goes() {
    let s = Server::start(&[]);
    let first = id(&create(&s, json!({"game": "minichess"})));
    let second = id(&create(&s, json!({"game": "minichess"})));
    for _ in 0..198 {
        create(&s, json!({"game": "minichess"}));
    }
    // The first is used again: the second is now the least recently used.
    assert_eq!(s.get(&format!("/api/sessions/{first}")).status, 200);
    create(&s, json!({"game": "minichess"}));
    assert_eq!(s.get(&format!("/api/sessions/{second}")).code(), "unknown-session");
    assert_eq!(s.get(&format!("/api/sessions/{first}")).status, 200);
}

#[test]
fn a_pattern_overrun_is_a_500_with_its_code() {
    let dir = std::env::temp_dir().join(format!("interp-serve-overrun-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("endless.toml");
    let text = r#"[game]
name = "Endless rook"
players = ["white", "black"]
rules = '''
board square files a..h ranks 1..8
dirs orth = N E S W
piece R { move (orth*)* [!friend] }
piece K { move orth [empty] }
end {
  loss if no-moves
}
'''
[pieces.R]
name = "Rook"
[pieces.K]
name = "King"
[setup.white]
R = "a1"
K = "h1"
[setup.black]
K = "h8"
"#;
    std::fs::write(&game, text).unwrap();
    let s = Server::start(&[game.to_str().unwrap()]);
    let r = s.post("/api/sessions", r#"{"game":"endless"}"#);
    assert_eq!((r.status, r.code()), (500, "overrun".to_string()), "{}", r.body);
    assert!(r.json()["error"].as_str().unwrap().contains("move generation stopped"), "{}", r.body);
    // The server goes on.
    assert_eq!(s.get("/api/games").status, 200);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_resignation_while_the_ai_thinks_wins_over_its_move() {
    let s = Arc::new(Server::start(&[]));
    let st = create(&s, json!({"game": "chess", "sides": ["ai", "human"], "think_ms": 2000}));
    let id = id(&st);
    let thinker = {
        let (s, id) = (s.clone(), id.clone());
        std::thread::spawn(move || act(&s, &id, "ai"))
    };
    // While it thinks, the state says so and a second request is refused.
    let url = format!("/api/sessions/{id}");
    let thinking = (0..20_000).any(|_| s.get(&url).json()["thinking"] == true);
    assert!(thinking, "the state says the AI thinks");
    let resigned = s.post(&format!("/api/sessions/{id}/resign"), r#"{"player":1}"#).json();
    assert_eq!(resigned["result"]["text"], "white wins");
    let r = thinker.join().unwrap();
    assert_eq!((r.status, r.code()), (409, "game-over".to_string()), "{}", r.body);
    let after = s.get(&url).json();
    assert!(moves(&after).is_empty());
    assert_eq!(after["thinking"], false);
}

#[test]
fn a_second_ai_request_while_it_thinks_gets_the_same_move() {
    let s = Arc::new(Server::start(&[]));
    let st = create(&s, json!({"game": "chess", "sides": ["ai", "human"], "think_ms": 1000}));
    let id = id(&st);
    let first = {
        let (s, id) = (s.clone(), id.clone());
        std::thread::spawn(move || act(&s, &id, "ai"))
    };
    let url = format!("/api/sessions/{id}");
    let thinking = (0..20_000).any(|_| s.get(&url).json()["thinking"] == true);
    let second = act(&s, &id, "ai");
    let first = first.join().unwrap();
    assert_eq!(first.status, 200, "{}", first.body);
    if thinking && second.status == 200 {
        assert_eq!(moves(&second.json()), moves(&first.json()), "the second waited for the first's move");
    } else {
        assert_eq!(second.code(), "not-your-turn", "{}", second.body);
    }
    assert_eq!(moves(&s.get(&url).json()).len(), 1, "one AI move, not two");
}

/// Random requests, well-formed and not, against sessions of several games: every answer
/// is a reply with a status below 500 and, for an error, a JSON message and code; a
/// session's move list grows by one with each action played; the server still answers.
#[test]
fn random_requests_get_answers_never_a_crash() {
    let s = Server::start(&[]);
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut rnd = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let games = ["chess", "taasen", "taktyka", "asteryx-single", "crazyhouse", "tishai", "trubix-43"];
    let mut ids: Vec<String> = games.iter().map(|g| id(&create(&s, json!({"game": g, "seed": 3})))).collect();
    ids.push(id(&create(&s, json!({"game": "taktyka", "sides": ["random", "human"], "seed": 5}))));
    let junk = ["", "{", "null", "[]", r#"{"action":null}"#, r#"{"action":"\u0000"}"#, r#"{"player":-1}"#];
    for round in 0..1500 {
        let sid = &ids[rnd(ids.len())];
        let path = format!("/api/sessions/{sid}");
        let st = s.get(&path).json();
        let reply = match rnd(8) {
            0..=3 if !texts(&st).is_empty() => {
                let all = texts(&st);
                let r = s.post(&format!("{path}/play"), &json!({ "action": all[rnd(all.len())] }).to_string());
                if r.status == 200 {
                    let grew = moves(&r.json()).len() > moves(&st).len() || st["turn"]["hidden"] == true;
                    assert!(grew, "round {round}: an action played adds to the move list");
                }
                r
            }
            4 => act(&s, sid, ["undo", "redo", "ai"][rnd(3)]),
            5 => s.get(&format!("{path}?ply={}&flip={}", rnd(40), rnd(2))),
            6 => s.post(&format!("{path}/{}", ["play", "resign", "undo"][rnd(3)]), junk[rnd(junk.len())]),
            _ => s.request(
                ["GET", "POST", "PUT", "DELETE"][rnd(4)],
                &format!("/api/{}", ["games", "x", "sessions/"][rnd(3)]),
                None,
            ),
        };
        assert!(reply.status < 500, "round {round}: {} {}", reply.status, reply.body);
        if reply.status >= 400 {
            assert!(
                !reply.code().is_empty() || reply.header("content-type").is_some_and(|t| t.starts_with("text/")),
                "round {round}: {}",
                reply.body
            );
        }
        if st["turn"]["kind"] == "over" && rnd(4) == 0 {
            act(&s, sid, "undo");
        }
    }
    assert_eq!(s.get("/api/games").status, 200);
}

/// A port already taken: exit 1 with the address, the reason and how to pick another.
#[test]
fn a_port_in_use_is_refused_with_a_hint() {
    let s = Server::start(&[]);
    let port = s.addr.rsplit(':').next().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(["serve", "--port", port])
        .output()
        .expect("interp runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("cannot listen on 127.0.0.1:{port}")) && err.contains("--port 0"), "{err}");
    assert_eq!(s.get("/api/games").status, 200, "the first server goes on");
}
