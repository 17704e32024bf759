//! End-to-end tests of `interp serve` in a real browser: Debian's chromium driven through
//! WebDriver (tests/common/webdriver.rs). Each test starts the release binary with
//! `serve --port 0`, opens the page and plays by clicking as a person would, with the element
//! ids src/serve/assets/README.md documents; each saves target/screenshots/NAME.png.
//! Without chromium they fail in CI (and with INTERP_REQUIRE_BROWSER=1), saying how to
//! install it; elsewhere they are skipped, saying so. Where a test needs to know which cells an action joins, it asks the API
//! (`GET /api/sessions/ID`, the contract of docs/SERVE.md), then clicks those cells.

mod common;
#[path = "common/serve.rs"]
mod serve;
#[path = "common/webdriver.rs"]
mod webdriver;

use serde_json::{Value, json};
use serve::Server;
use std::path::PathBuf;
use webdriver::{Browser, Element, skip_browser, skip_decision};

/// The page of one server in one browser (the browser is dropped first).
struct Page {
    b: Browser,
    srv: Server,
}

/// The disc centre of a cell in viewport pixels, or null when the board has no such cell.
const CELL_POINT: &str = "const c = document.querySelector('#board svg .cell[data-cell=\"' + arguments[0] + '\"]');
    if (!c) return null;
    const svg = c.ownerSVGElement;
    const p = svg.createSVGPoint();
    p.x = parseFloat(c.getAttribute('data-x')); p.y = parseFloat(c.getAttribute('data-y'));
    const q = p.matrixTransform(c.getScreenCTM());
    const hit = document.elementsFromPoint(q.x, q.y).map(e => e.closest('[data-cell]')).find(e => e);
    return [q.x, q.y, hit ? hit.getAttribute('data-cell') : null];";

impl Page {
    /// A server and a browser on its page, the game list loaded; `None` when skipped.
    fn open() -> Option<Page> {
        if skip_browser() {
            return None;
        }
        let srv = Server::start(&[]);
        assert!(srv.url.starts_with("http://127.0.0.1:"), "the URL line names 127.0.0.1: {}", srv.url);
        let b = Browser::start();
        b.goto(&srv.url);
        let p = Page { b, srv };
        p.b.el("#games li[data-game]");
        p.idle();
        Some(p)
    }

    /// Waits until the page is idle (no request in flight, no machine move pending) and
    /// shows no error.
    fn idle(&self) {
        self.b.wait_until("the page to be idle (body[data-busy=0])", || {
            self.b.exec("return document.body.dataset.busy;", vec![]) == json!("0")
        });
        self.no_error();
    }

    /// Fails with the page's error message when it shows one.
    fn no_error(&self) {
        let shown = self.b.exec("const e = document.getElementById('error'); return e && !e.hidden;", vec![]);
        assert_ne!(shown, json!(true), "the page shows an error: {}", self.b.page_report());
    }

    /// Picks `game` in the list, the sides (`human`, `ai`, `random`), and presses Start.
    fn new_game(&self, game: &str, sides: &[&str]) {
        self.b.click_css(&format!("#games li[data-game=\"{game}\"]"));
        self.b.wait_text("#setup-title", "New game of");
        for (i, s) in sides.iter().enumerate() {
            self.b.select(&format!("#side-{i}"), s);
        }
        self.b.select("#think", "100");
        self.b.click_css("#start");
        self.b.wait_until("the game screen", || {
            self.b.exec("return document.body.dataset.screen;", vec![]) == json!("game")
        });
        self.b.el("#board svg .cell[data-cell]");
        self.idle();
    }

    /// The session id in the page's address (`#s=ID`).
    fn session(&self) -> String {
        let url = self.b.url();
        let id = url.split("#s=").nth(1).unwrap_or("").split('&').next().unwrap_or("");
        assert!(!id.is_empty(), "no session in the address {url}");
        id.to_string()
    }

    /// The session's state, from the API.
    fn state(&self) -> Value {
        self.get(&format!("/api/sessions/{}", self.session()))
    }

    /// `GET path` of the API as JSON.
    fn get(&self, path: &str) -> Value {
        let r = self.srv.get(path);
        assert_eq!(r.status, 200, "GET {path}: {}", r.body);
        r.json()
    }

    /// Clicks the disc centre of `cell`, as a person does (checking the point shows the cell).
    fn click_cell(&self, cell: &str) {
        let v = self.b.wait_for(&format!("cell {cell} on the board"), || {
            Some(self.b.exec(CELL_POINT, vec![json!(cell)])).filter(|v| !v.is_null())
        });
        let (x, y) = (v[0].as_f64().unwrap(), v[1].as_f64().unwrap());
        assert_eq!(v[2].as_str(), Some(cell), "the point ({x}, {y}) of cell {cell} shows {}", v[2]);
        self.b.click_at(x, y);
    }

    /// The viewport point of a cell.
    fn cell_point(&self, cell: &str) -> (f64, f64) {
        let v = self.b.exec(CELL_POINT, vec![json!(cell)]);
        (v[0].as_f64().expect("a point"), v[1].as_f64().expect("a point"))
    }

    /// Plays the action `text` with the controls a person uses: its cells on the board
    /// (the origin unless already selected, then the target), the chooser when several
    /// actions share them, a drop button, or a decision button.
    fn act(&self, text: &str) {
        let st = self.state();
        let acts = st["actions"].as_array().cloned().unwrap_or_default();
        let a = acts.iter().find(|a| a["text"] == json!(text)).unwrap_or_else(|| {
            let all: Vec<&str> = acts.iter().filter_map(|a| a["text"].as_str()).collect();
            panic!("`{text}` is not legal now; legal: {}", all.join(" "))
        });
        let (from, to) = (a["from"].as_str(), a["to"].as_str());
        match (from, to) {
            (Some(f), Some(t)) => {
                let selected = self.b.exec("return document.getElementById('board').dataset.selected || '';", vec![]);
                if selected != json!(f) {
                    self.click_cell(f);
                }
                self.click_cell(t);
            }
            (None, Some(t)) => {
                if let Some(letter) = a["drop"]["letter"].as_str() {
                    self.b.click_css(&format!("#reserve [data-drop=\"{letter}\"]"));
                }
                self.click_cell(t);
            }
            _ => self.b.click_css(&format!("#decide [data-action=\"{text}\"]")),
        }
        if self.b.displayed(&self.b.el("#chooser")) {
            self.b.click_css(&format!("#chooser [data-action=\"{text}\"]"));
        }
        self.idle();
    }

    /// Plays space-separated actions by clicks.
    fn act_all(&self, line: &str) {
        for a in line.split_whitespace() {
            self.act(a);
        }
    }

    /// The move list's texts.
    fn moves(&self) -> Vec<String> {
        let v = self
            .b
            .exec("return [...document.querySelectorAll('#moves li[data-ply] .mv')].map(e => e.textContent);", vec![]);
        v.as_array().unwrap().iter().map(|m| m.as_str().unwrap_or("").to_string()).collect()
    }

    /// The event log's text (newest first).
    fn events(&self) -> String {
        self.b.text_of("#events")
    }

    /// Whether a piece stands on `cell` in the board shown.
    fn piece_on(&self, cell: &str) -> Option<Element> {
        self.b.find(&format!("#board svg .piece[data-cell=\"{cell}\"]"))
    }

    /// Loads a record through the page's file control (written to a temporary file).
    fn load_record(&self, name: &str, text: &str) {
        let path = std::env::temp_dir().join(format!("interp-browser-{}-{name}.pgn", std::process::id()));
        std::fs::write(&path, text).expect("the record file");
        let input = self.b.el("#load-file");
        self.b.send_keys(&input, path.to_str().unwrap());
        self.b.wait_until("the loaded game's screen", || {
            self.b.exec("return document.body.dataset.screen;", vec![]) == json!("game")
        });
        self.idle();
    }

    /// Saves target/screenshots/NAME.png.
    fn shot(&self, name: &str) -> PathBuf {
        self.b.screenshot(name)
    }
}

/// The name of the player to act in a state, in lower case (the game files' names).
fn name_of(st: &Value) -> String {
    st["turn"]["name"].as_str().unwrap_or("").to_lowercase()
}

/// The record text of `moves` played in the shipped game `game` (as `play --record` writes).
fn record_of(game: &str, moves: &str) -> String {
    use interp::record::{GameRecord, Header};
    let rel = format!("games/{game}.toml");
    let path = common::repo_path(&rel);
    let g = interp::open(path.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let bytes = std::fs::read(&path).unwrap();
    let h = Header::new(&rel, &bytes, &[], vec!["human".into(); g.players.len()]);
    let actions: Vec<String> = moves.split_whitespace().map(String::from).collect();
    GameRecord::of_game(&g, &h, &actions).unwrap_or_else(|e| panic!("{game} record: {e}")).to_text()
}

/// The client itself, on a static page: find, click, type, read, script, wait, screenshot.
#[test]
fn webdriver_client_drives_a_static_page() {
    if skip_browser() {
        return;
    }
    let b = Browser::start();
    let page = "<!doctype html><title>probe</title><p id=status>ready</p><p id=error></p>\
        <input id=name><button id=go onclick=\"document.getElementById('out').textContent='hello '+document.getElementById('name').value\">go</button>\
        <p id=out data-k=v>none</p>";
    b.goto(&format!("data:text/html,{}", page.replace('#', "%23").replace(' ', "%20")));
    assert_eq!(b.title(), "probe");
    let input = b.el("#name");
    b.send_keys(&input, "world");
    assert_eq!(b.prop(&input, "value"), json!("world"));
    b.click_css("#go");
    assert_eq!(b.wait_text("#out", "hello"), "hello world");
    assert_eq!(b.attr(&b.el("#out"), "data-k").as_deref(), Some("v"));
    assert_eq!(b.exec("return 6 * 7;", vec![]), json!(42));
    assert!(b.find("#absent").is_none());
    assert_eq!(b.find_all("p").len(), 3);
    let png = b.screenshot_png();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG screenshot");
    b.screenshot("webdriver_probe");
    let err = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        b.wait_for_in(std::time::Duration::from_millis(100), "a thing that never comes", || None::<()>)
    }));
    let msg = err.expect_err("the wait times out");
    let msg = msg.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(msg.contains("a thing that never comes") && msg.contains("#status: \"ready\""), "{msg}");
}

/// Without chromium the suite fails with how to install it in CI (and when asked to), and
/// is skipped, saying so, on a machine that has none (a fresh clone's `cargo test` passes).
#[test]
fn a_missing_browser_fails_in_ci_and_is_skipped_elsewhere() {
    let why = || {
        Some(
            "the browser tests need /usr/bin/chromium (install with `apt-get install chromium chromium-driver`)"
                .to_string(),
        )
    };
    assert_eq!(skip_decision(None, true, true), Ok(false), "present: run");
    assert_eq!(skip_decision(None, false, false), Ok(false), "present: run");
    assert_eq!(skip_decision(why(), false, false), Ok(true), "missing outside CI: skipped");
    let ci = skip_decision(why(), true, false).expect_err("CI fails");
    assert!(ci.contains("apt-get install chromium chromium-driver"), "{ci}");
    let asked = skip_decision(why(), false, true).expect_err("INTERP_REQUIRE_BROWSER=1 fails");
    assert!(asked.contains("apt-get install"), "{asked}");
    let real = webdriver::missing_browser();
    assert!(real.is_none() || real.unwrap().contains("skipped outside CI"), "the message says what happens");
}

/// Chess: a promotion by clicks on the board and the chooser (`g7-h8=Q`, the pawn taking
/// the Rook), then undo and redo, stepping back through the move list, and the flip.
#[test]
fn chess_promotion_undo_redo_steps_and_flip() {
    let Some(p) = Page::open() else { return };
    p.new_game("chess", &["human", "human"]);
    p.act_all("h2-h4 g7-g5 h4-g5 h7-h6 g5-h6 f8-g7 h6-g7 g8-f6");
    // The promotion: the pawn, the Rook's cell, then the chooser's four pieces.
    p.click_cell("g7");
    p.click_cell("h8");
    let chooser = p.b.el("#chooser");
    p.b.wait_until("the promotion chooser", || p.b.displayed(&chooser));
    let labels = p.b.text(&chooser);
    for piece in ["Queen", "Rook", "Bishop", "Knight"] {
        assert!(labels.contains(piece), "the chooser offers a {piece}: {labels:?}");
    }
    p.shot("chess_promotion_chooser");
    p.b.click_css("#chooser [data-action=\"g7-h8=Q\"]");
    p.idle();
    assert_eq!(p.moves().last().map(String::as_str), Some("g7-h8=Q"), "{:?}", p.moves());
    let queen = p.piece_on("h8").expect("a piece on h8");
    let legend = p.b.text_of("#legend");
    assert!(legend.contains("Queen"), "{legend}");
    let st = p.state();
    assert!(st["svg"].as_str().unwrap().contains("h8"), "the board names h8");
    assert!(p.b.text(&queen).trim().chars().count() <= 2, "a glyph on h8: {:?}", p.b.text(&queen));
    assert!(p.b.text_of("#events").contains("Queen"), "the events tell the promotion: {}", p.events());
    p.shot("chess_promotion");

    undo_redo_and_steps(&p);
    flip_turns_the_board(&p);
}

/// Undo takes the promotion back and redo plays it again; then stepping back through the
/// move list shows earlier positions read-only, and >| returns to the game.
fn undo_redo_and_steps(p: &Page) {
    // Undo takes the promotion back, redo plays it again.
    p.b.click_css("#undo");
    p.idle();
    assert_eq!(p.moves().len(), 8, "undo: {:?}", p.moves());
    assert!(p.piece_on("g7").is_some(), "the pawn is back on g7");
    p.b.click_css("#redo");
    p.idle();
    assert_eq!(p.moves().len(), 9, "redo: {:?}", p.moves());
    assert!(p.piece_on("g7").is_none() && p.piece_on("h8").is_some());

    // Stepping back through the moves: the position after 4 actions, read-only.
    for _ in 0..5 {
        p.b.click_css("#prev");
        p.idle();
    }
    p.b.wait_text("#status", "after 4 of 9");
    assert!(p.piece_on("g5").is_some() && p.piece_on("h8").is_some(), "the position after h7-h6");
    assert_eq!(p.b.attr(&p.b.el("#moves li.current"), "data-ply").as_deref(), Some("4"));
    p.b.click_css("#moves li[data-ply=\"2\"]");
    p.idle();
    p.b.wait_text("#status", "after 2 of 9");
    p.shot("chess_stepping_back");
    p.b.click_css("#last");
    p.idle();
    assert!(!p.b.text_of("#status").contains("Viewing"), "back to the game: {}", p.b.text_of("#status"));
}

/// Flip: a1 goes from the bottom left to the top right.
fn flip_turns_the_board(p: &Page) {
    let (x0, y0) = p.cell_point("a1");
    p.b.click_css("#flip");
    p.idle();
    p.b.wait_until("the board turned", || p.cell_point("a1").1 < y0);
    let (x1, _) = p.cell_point("a1");
    assert!(x1 > x0, "a1 moves right when turned");
    assert_eq!(p.b.attr(&p.b.el("#flip"), "aria-pressed").as_deref(), Some("true"));
    p.shot("chess_flipped");
}

/// Chess: a cell's name on hover; a typed illegal action shows the server's message; fool's
/// mate by clicks, the result and its rule shown, no action left.
#[test]
fn fools_mate_ends_with_checkmate_shown() {
    let Some(p) = Page::open() else { return };
    p.new_game("chess", &["human", "human"]);
    // Hovering a cell names it and its piece (the cell's <title>).
    let title =
        p.b.exec("return document.querySelector('#board svg .cell[data-cell=\"e2\"] title').textContent;", vec![]);
    assert!(title.as_str().is_some_and(|t| t.starts_with("e2") && t.contains("Pawn")), "e2's title: {title}");
    // A typed action that is not legal: the server's 400 message is shown, nothing moves.
    let input = p.b.el("#action-input");
    p.b.send_keys(&input, "e2-e5");
    p.b.click_css("#action-play");
    let error = p.b.el("#error");
    p.b.wait_until("the error shown", || p.b.displayed(&error));
    assert_eq!(p.b.attr(&error, "data-code").as_deref(), Some("illegal-action"));
    assert!(!p.b.text_of("#error-text").trim().is_empty(), "the error says why");
    p.shot("chess_illegal_typed");
    p.b.click_css("#error-close");
    p.b.clear(&input);
    assert!(p.moves().is_empty(), "nothing was played");
    p.act_all("f2-f3 e7-e5 g2-g4 d8-h4");
    let result = p.b.el("#result");
    p.b.wait_until("the result", || p.b.displayed(&result));
    let text = p.b.text(&result);
    assert!(text.to_lowercase().contains("black wins") && text.contains("checkmate"), "result: {text:?}");
    assert!(!text.contains("null"), "the result reads as a sentence: {text:?}");
    assert_eq!(p.b.attr(&result, "data-reason").as_deref(), Some("checkmate"));
    assert_eq!(p.state()["actions"], json!([]), "no action after the mate");
    assert!(p.b.find("#board svg .check").is_some(), "the mated King is marked in check");
    let status = p.b.text_of("#status").to_lowercase();
    assert!(status.contains("black wins"), "{status}");
    // Each action is told once: no line of the log repeats the one before it.
    let ev = p.events().to_lowercase();
    let lines: Vec<&str> = ev.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let twice: Vec<&[&str]> = lines.windows(2).filter(|w| w[0] == w[1]).collect();
    assert!(twice.is_empty(), "the event log tells an action twice: {twice:?}");
    p.shot("chess_fools_mate");
}

/// Taasen: Red takes the White Paupil out of the A1 stack and pushes the White Thaum on B1
/// (the chooser names the push); Green plays its escape, B1-C2 (reference vector 1).
#[test]
fn taasen_push_and_escape() {
    let Some(p) = Page::open() else { return };
    p.new_game("taasen", &["human", "human"]);
    p.act_all("T:A1-B2 P:D7-D6 T:D1-D2 D6-C5 D2-D3 B2-B1");
    p.click_cell("A1");
    p.click_cell("B2");
    let chooser = p.b.el("#chooser");
    p.b.wait_until("the stack and push chooser", || p.b.displayed(&chooser));
    let labels = p.b.text(&chooser);
    assert!(labels.contains("push"), "the chooser names the push: {labels:?}");
    p.shot("taasen_push_chooser");
    p.b.click_css("#chooser [data-action=\"P:A1-B2>B1\"]");
    p.idle();
    let st = p.state();
    assert_eq!(name_of(&st), "green", "Green escapes: {}", st["turn"]);
    assert_eq!(st["turn"]["step"], json!("escape"), "{}", st["turn"]);
    assert!(p.b.text_of("#status").to_lowercase().contains("green"), "{}", p.b.text_of("#status"));
    // The pushed piece is selected already; its escapes are marked; Green clicks C2.
    p.b.wait_until("the pushed piece selected", || {
        p.b.exec("return document.getElementById('board').dataset.selected;", vec![]) == json!("B1")
    });
    assert!(p.b.find("#board svg .target[data-cell=\"C2\"]").is_some(), "C2 is marked as an escape");
    p.shot("taasen_escape_targets");
    p.click_cell("C2");
    p.idle();
    assert!(p.piece_on("B1").is_none() && p.piece_on("C2").is_some(), "the Thaum fled to C2");
    let moves = p.moves();
    assert_eq!(moves[moves.len() - 2..], ["P:A1-B2>B1", "B1-C2"], "{moves:?}");
    assert_eq!(name_of(&p.state()), "green", "then Green's own turn");
    p.shot("taasen_escape");
}

/// Tâktykâ: the hidden leader choices by clicks (White's stays hidden from Black, also in
/// the page), the roll-off shown as a roll, the winner's choice of who starts; then a loaded
/// game at a charge: Black charges b1-b10 by clicks and the die is shown.
#[test]
fn taktyka_setup_and_charge_with_die() {
    let Some(p) = Page::open() else { return };
    p.new_game("taktyka", &["human", "human"]);
    assert_eq!(p.state()["turn"]["hidden"], json!(true), "the leader choice is hidden");
    p.act("leader:e2");
    let st = p.state();
    assert_eq!(name_of(&st), "black", "Black picks next: {}", st["turn"]);
    let html = p.b.exec("return document.documentElement.outerHTML;", vec![]);
    let html = html.as_str().unwrap();
    assert!(!html.contains("leader:e2"), "White's hidden choice is nowhere in the page");
    assert!(!st.to_string().contains("leader:e2"), "nor in the state");
    assert!(p.b.find("#board svg .piece[data-name=\"Leader\"]").is_none(), "the board shows no Leader yet");
    let e2 = p.piece_on("e2").expect("a piece on e2");
    assert_eq!(p.b.attr(&e2, "data-name").as_deref(), Some("Stone"), "e2 shows a Stone");
    p.shot("taktyka_hidden_leader");
    p.act("leader:e9");
    // The roll-off: chance, resolved by the server, shown as a roll.
    let die = p.b.el("#die-box");
    p.b.wait_until("the roll-off shown", || p.b.displayed(&die));
    let label = p.b.wait_text("#die-label", "rolloff");
    let winner = if label.contains("white") { "white" } else { "black" };
    assert!(p.events().contains("leader"), "the leaders are told once both chose: {}", p.events());
    let first = format!("first:{winner}");
    p.act(&first);
    let st = p.state();
    assert_eq!(name_of(&st), winner, "{}", st["turn"]);
    p.shot("taktyka_setup_done");

    // A charge: the game of the rules' tests, loaded just before Black's stone on b1
    // charges home to b10.
    let line = charge_line();
    p.b.click_css("#new-game");
    p.b.el("#load-file");
    for i in 0..2 {
        p.b.select(&format!("#side-{i}"), "human");
    }
    p.load_record("taktyka-charge", &record_of("taktyka", &line));
    let before = p.moves().len();
    p.act("b1-b10");
    p.b.wait_until("the charge's die", || p.b.displayed(&p.b.el("#die-box")));
    let label = p.b.wait_text("#die-label", "roll");
    assert!(label.contains("stay") || label.contains("lost"), "the die's verdict: {label:?}");
    let die_face = p.b.attr(&p.b.el("#die"), "data-outcome").unwrap_or_default();
    assert!(die_face.starts_with("roll:"), "{die_face:?}");
    let moves = p.moves();
    assert_eq!(moves.len(), before + 2, "the charge and the roll: {moves:?}");
    assert_eq!(moves[before], "b1-b10");
    assert!(p.events().contains("chance: roll:"), "{}", p.events());
    assert!(p.piece_on("b2").is_none(), "the charge swept the file");
    p.shot("taktyka_charge_die");
}

/// The actions of games/taktyka.tests.toml's case whose last action is the charge b1-b10,
/// without it.
fn charge_line() -> String {
    let all = interp::author::cases::load(&common::repo_path("games/taktyka.toml")).unwrap_or_else(|e| panic!("{e}"));
    let c = all.into_iter().find(|c| c.case.moves.ends_with(" b1-b10")).expect("a case ending in the charge b1-b10");
    c.case.moves.trim_end_matches(" b1-b10").to_string()
}

/// Asteryx: a custodian capture by clicks (the Knight d8-c6 hems in the Bishop on d6: it is
/// removed and the events say so); in the single-capture variant, the chooser of the victim.
#[test]
fn asteryx_custodian_capture_and_victim_choice() {
    let Some(p) = Page::open() else { return };
    p.new_game("asteryx", &["human", "human"]);
    p.act("e3-d6");
    assert!(p.piece_on("d6").is_some());
    p.act("d8-c6");
    assert!(p.piece_on("d6").is_none(), "the Bishop on d6 is taken");
    assert!(p.piece_on("c6").is_some());
    let ev = p.events();
    assert!(ev.contains("d6") && ev.to_lowercase().contains("captur"), "the capture is told: {ev}");
    p.shot("asteryx_custodian_capture");

    // Single capture: d4-f7 hems in f6 and g7; the mover picks the victim.
    p.b.click_css("#new-game");
    p.b.el("#load-file");
    let line = "e3-d6 d8-c6xd6 d2-c4 e6-e5 b4-b5 c6-a5xb5 a4-b5xa5 c7-c5xb5 c4-e6xe5 a6-b4 e6-c4xb4 \
                f7-e5 c4-f5 b6-a4xa3 a2-e3 a4-a3=R d3-d4xe5 d7-e5xf5 f4-f5xe5 c8-d7";
    p.load_record("asteryx-single", &record_of("asteryx-single", line));
    assert_eq!(p.state()["game"]["id"], json!("asteryx-single"));
    p.click_cell("d4");
    p.click_cell("f7");
    let chooser = p.b.el("#chooser");
    p.b.wait_until("the victim chooser", || p.b.displayed(&chooser));
    let labels = p.b.text(&chooser);
    assert!(labels.contains("f6") && labels.contains("g7"), "both victims offered: {labels:?}");
    p.shot("asteryx_victim_chooser");
    p.b.click_css("#chooser [data-action=\"d4-f7xg7\"]");
    p.idle();
    assert!(p.piece_on("g7").is_none(), "the chosen victim g7 is removed");
    assert!(p.piece_on("f6").is_some(), "the other stays");
    assert!(p.events().contains("g7"), "{}", p.events());
    p.shot("asteryx_victim_chosen");
}

/// A reload resumes the game; a second tab plays another game at the same time.
/// The server restarted (every session gone): a reload of the tab rebuilds its game from
/// the record the page kept, with the same moves and position, and play goes on.
#[test]
fn a_server_restart_loses_no_game() {
    let Some(mut p) = Page::open() else { return };
    p.new_game("chess", &["human", "human"]);
    p.act_all("e2-e4 e7-e5 g1-f3");
    let old = p.session();
    p.srv.restart();
    let gone = p.srv.get(&format!("/api/sessions/{old}"));
    assert_eq!(gone.status, 404, "the old session is gone with the old server");
    p.b.refresh();
    p.b.wait_until("the game rebuilt from its record", || p.moves() == ["e2-e4", "e7-e5", "g1-f3"]);
    p.idle();
    assert_ne!(p.session(), old, "a new session holds the game");
    assert!(p.piece_on("f3").is_some() && p.piece_on("g1").is_none());
    p.act("b8-c6");
    p.b.wait_until("play goes on", || p.moves().len() == 4);
}

#[test]
fn reload_resumes_and_two_tabs_hold_two_games() {
    let Some(p) = Page::open() else { return };
    p.new_game("chess", &["human", "human"]);
    p.act_all("e2-e4 e7-e5");
    let id = p.session();
    p.b.refresh();
    p.b.el("#board svg .cell[data-cell]");
    p.idle();
    assert_eq!(p.session(), id, "the same session after the reload");
    p.b.wait_until("the moves after the reload", || p.moves() == ["e2-e4", "e7-e5"]);
    assert!(p.piece_on("e4").is_some());
    p.act("g1-f3");

    let first = p.b.tab();
    p.b.new_tab();
    p.b.goto(&p.srv.url);
    p.b.el("#games li[data-game]");
    p.idle();
    p.new_game("taasen", &["human", "human"]);
    let other = p.session();
    assert_ne!(other, id, "a new tab holds its own game");
    p.act("T:A1-B2");
    p.shot("two_tabs_second");
    p.b.switch_to(&first);
    p.idle();
    assert_eq!(p.session(), id);
    assert_eq!(p.moves(), ["e2-e4", "e7-e5", "g1-f3"], "the first tab's game is untouched");
    p.act("b8-c6");
    p.shot("two_tabs_first");
    assert_eq!(p.state()["game"]["id"], json!("chess"));
    let r = p.get(&format!("/api/sessions/{other}"));
    assert_eq!(r["moves"].as_array().map(Vec::len), Some(1), "the second game kept its move");
}

/// Against the AI: a move by clicks, and the AI's reply appears by itself; then White resigns.
#[test]
fn ai_replies_to_a_move() {
    let Some(p) = Page::open() else { return };
    p.new_game("chess", &["human", "ai"]);
    p.act("e2-e4");
    p.b.wait_until("the AI's reply", || p.moves().len() == 2);
    p.idle();
    let st = p.state();
    assert_eq!(name_of(&st), "white", "White to move again: {}", st["turn"]);
    assert!(!st["actions"].as_array().unwrap().is_empty());
    p.shot("chess_ai_reply");
    // Resigning asks once, then the result names it.
    p.b.click_css("#resign");
    p.b.click_css("#resign-confirm");
    p.idle();
    let result = p.b.el("#result");
    p.b.wait_until("the result after resigning", || p.b.displayed(&result));
    let text = p.b.text(&result).to_lowercase();
    assert!(text.contains("black wins") && text.contains("resign"), "{text}");
}

/// A draw offered between two people at one screen: declined, then accepted, each by the
/// buttons the page shows the other player; the result names the agreement. Against the
/// AI, the offer is answered by the machine (level material at the start: accepted).
#[test]
fn a_draw_offered_declined_then_agreed() {
    let Some(p) = Page::open() else { return };
    p.new_game("chess", &["human", "human"]);
    p.act_all("e2-e4 e7-e5");
    p.b.click_css("#draw");
    let question = p.b.el("#draw-question");
    p.b.wait_until("the question to the other player", || p.b.displayed(&question));
    assert_eq!(p.b.text(&question), "White offers a draw. Black, do you accept?");
    p.b.click_css("#draw-decline");
    p.idle();
    p.b.wait_until("the refusal in the events", || p.events().contains("black declines the draw"));
    assert!(p.b.text_of("#result").is_empty() || !p.b.displayed(&p.b.el("#result")), "no result yet");
    p.b.click_css("#draw");
    p.b.click_css("#draw-accept");
    p.idle();
    let result = p.b.el("#result");
    p.b.wait_until("the agreed draw", || p.b.displayed(&result));
    let text = p.b.text(&result).to_lowercase();
    assert!(text.contains("draw") && text.contains("agreed"), "{text}");
    p.shot("chess_draw_agreed");

    p.b.click_css("#new-game");
    p.new_game("chess", &["human", "ai"]);
    p.b.click_css("#draw");
    p.idle();
    let result = p.b.el("#result");
    p.b.wait_until("the AI's acceptance", || p.b.displayed(&result));
    assert!(p.events().contains("black accepts: draw agreed"), "{}", p.events());
}

/// The start board of every shipped game, in the browser: target/screenshots/start-ID.png.
#[test]
fn screenshots_of_every_board() {
    let Some(p) = Page::open() else { return };
    let ids =
        p.b.exec("return [...document.querySelectorAll('#games li[data-game]')].map(e => e.dataset.game);", vec![]);
    let ids: Vec<String> = ids.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
    assert!(ids.len() >= 7, "the shipped games are listed: {ids:?}");
    for (i, id) in ids.iter().enumerate() {
        if i > 0 {
            p.b.click_css("#new-game");
        }
        p.new_game(id, &["human", "human"]);
        let cells = p.b.find_all("#board svg .cell[data-cell]").len();
        assert!(cells >= 9, "{id}: {cells} cells");
        let legend = p.b.text_of("#legend");
        assert!(!legend.trim().is_empty(), "{id}: a legend");
        p.shot(&format!("start-{id}"));
    }
}

/// Crazyhouse: a captured Pawn goes to White's reserve; its drop button, then a cell,
/// drops it (White's hand empties, the move list shows `P@c3`).
#[test]
fn crazyhouse_drop_from_the_reserve() {
    let Some(p) = Page::open() else { return };
    p.new_game("crazyhouse", &["human", "human"]);
    p.act_all("e2-e4 d7-d5 e4-d5 d8-d5");
    let button = p.b.el("#reserve [data-drop=\"P\"]");
    assert!(p.b.displayed(&button), "a drop button for the Pawn in hand");
    assert!(p.b.text_of("#panel").contains("Pawn"), "the reserve is shown: {}", p.b.text_of("#panel"));
    p.b.click(&button);
    p.b.wait_until("the drop targets", || p.b.find("#board svg .target[data-cell=\"c3\"]").is_some());
    p.shot("crazyhouse_drop_targets");
    p.click_cell("c3");
    p.idle();
    assert_eq!(p.moves().last().map(String::as_str), Some("P@c3"), "{:?}", p.moves());
    assert!(p.piece_on("c3").is_some(), "the Pawn stands on c3");
    let panel = p.b.text_of("#panel");
    assert!(panel.contains("white none"), "White's hand is empty again: {panel}");
    p.shot("crazyhouse_drop");
}
