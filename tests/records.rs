//! Game records (src/record/): a seeded random game of every shipped game written, read
//! back and replayed to the same position (through the library, `show --load` and
//! `play --record`); text → parse → text identity; files of several games; tag escaping;
//! records replayed under an edited game file; cut and garbled records refused with their
//! line and column; the older formats; undo after a load; hidden choices never written
//! early; and no panic on random mutations of a record.

mod common;

use common::run_interp as interp;
use common::{Lcg, random_actions, repo_path};
use interp::engine::{State, Status};
use interp::ir::Game;
use interp::record::{GameRecord, Header, Outcome, RecordErrorKind, Token, parse_records, records_text, replay};
use std::path::{Path, PathBuf};
use std::process::Output;

const CHESS: &str = "games/chess.toml";

/// Every game file shipped (not the test files).
fn shipped() -> Vec<String> {
    let mut games = vec![];
    for dir in ["games", "games/examples"] {
        for e in std::fs::read_dir(repo_path(dir)).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            if name.ends_with(".toml") && !name.ends_with(".tests.toml") {
                games.push(format!("{dir}/{name}"));
            }
        }
    }
    games.sort();
    assert!(games.len() >= 13, "{games:?}");
    games
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh scratch directory.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("interp-records-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Up to `plies` random legal actions from the setup (chance outcomes drawn like any
/// choice), going on past a hidden step so that every choice is revealed at the end.
fn random_game(g: &Game, seed: u64, plies: usize) -> Vec<String> {
    let hidden = |st: &State| g.pending_step(st).is_some_and(|s| s.hidden);
    random_actions(g, &mut Lcg(seed), |st, status, n| !matches!(status, Status::Over(_)) && (n < plies || hidden(st)))
}

/// The header of a test record for the game file `path` (relative to the repository).
fn header(path: &str) -> Header {
    let bytes = std::fs::read(repo_path(path)).unwrap();
    Header::new(path, &bytes, &[], vec!["random".into(), "random".into()])
}

fn open(path: &str) -> Game {
    interp::open(repo_path(path).to_str().unwrap(), &[]).unwrap()
}

#[test]
fn every_shipped_game_round_trips_through_its_record() {
    let dir = scratch("round-trip");
    for (i, path) in shipped().iter().enumerate() {
        let g = open(path);
        let actions = random_game(&g, 17 + i as u64, 36);
        let rec = GameRecord::of_game(&g, &header(path), &actions).unwrap();
        assert_eq!(rec.actions(), actions, "{path}");
        let text = rec.to_text();
        let read = parse_records(&text).unwrap_or_else(|e| panic!("{path}: {e}\n{text}"));
        assert_eq!(read.len(), 1, "{path}");
        assert_eq!(read[0], rec, "{path}");
        assert_eq!(read[0].to_text(), text, "{path}: text → parse → text");
        let r = replay(&g, &read[0], Some(&std::fs::read(repo_path(path)).unwrap())).unwrap();
        assert!(r.other_version.is_none(), "{path}");
        let (mut st, mut hist) = (g.initial(), vec![]);
        g.play_line(&mut st, &mut hist, actions.iter().map(String::as_str)).unwrap();
        assert_eq!((g.position_string(&r.state), &r.history), (g.position_string(&st), &hist), "{path}");
        // Move numbers count the first player's turns.
        let numbers: Vec<u32> =
            rec.moves.iter().filter_map(|t| if let Token::Number(n) = t { Some(n.n) } else { None }).collect();
        assert_eq!(numbers, (1..=numbers.len() as u32).collect::<Vec<_>>(), "{path}");
        assert!(numbers.len() >= actions.len() / 4, "{path}: {text}");
        // `show --load` prints what `show --moves` prints.
        let file = dir.join(format!("{i}.pgn"));
        std::fs::write(&file, &text).unwrap();
        let loaded = interp(&["show", path, "--load", file.to_str().unwrap()], "");
        assert!(loaded.status.success(), "{path}: {}", err(&loaded));
        assert!(err(&loaded).is_empty(), "{path}: {}", err(&loaded));
        let moved = interp(&["show", path, "--moves", &actions.join(" ")], "");
        assert_eq!(out(&loaded), out(&moved), "{path}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_with_random_sides_keeps_its_record_and_show_loads_it() {
    let dir = scratch("play-record");
    for path in ["games/examples/minichess.toml", "games/taasen.toml", "games/taktyka.toml"] {
        let file = dir.join("game.pgn");
        let f = file.to_str().unwrap();
        let o = interp(
            &["play", path, "--white", "random", "--black", "random", "--seed", "9", "--record", f, "--force"],
            "",
        );
        assert!(o.status.success(), "{path}: {}", err(&o));
        assert!(out(&o).contains(&format!("the record of the game is in {f}")), "{path}");
        let text = std::fs::read_to_string(&file).unwrap();
        let rec = &parse_records(&text).unwrap()[0];
        assert_eq!(rec.tag("White").or(rec.tag("Red")), Some("random"), "{text}");
        assert_ne!(rec.result, Outcome::Unfinished, "{text}");
        let termination = rec.tag("Termination").unwrap_or_else(|| panic!("{text}"));
        // The last diagram of the game, and the one `show --load` prints, are the same.
        let shown = out(&interp(&["show", path, "--load", f], ""));
        let position = shown.lines().find(|l| l.starts_with("position: ")).unwrap();
        assert!(out(&o).contains(position), "{path}: {position}");
        let g = open(path);
        let r = replay(&g, rec, None).unwrap();
        let v = g.verdict(&r.state, &r.history).unwrap().expect("the game is over");
        assert_eq!(v.reason(&g), termination, "{path}");
        assert_eq!(rec.result.token(2), v.winner.map_or("1/2-1/2".to_string(), |w| Outcome::Win(w).token(2)));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hand_written_record_reads_and_writes_back_the_same() {
    let text = "[Game \"games/taktyka.toml\"]\n[GameName \"T\\\"a\\\\ktyka\"]\n[Result \"*\"]\n\n\
                leader:b3 leader:c7 rolloff:white first:black 1... e7-d6 {a comment} 2. g4-h5 *\n";
    let recs = parse_records(text).unwrap();
    assert_eq!(recs[0].tag("GameName"), Some("T\"a\\ktyka"));
    assert_eq!(recs[0].actions(), ["leader:b3", "leader:c7", "rolloff:white", "first:black", "e7-d6", "g4-h5"]);
    assert_eq!(recs[0].to_text(), text);
    // Looser spacing and numbers run into the move read the same.
    let loose = "  [Game   \"games/taktyka.toml\" ]\n[GameName \"T\\\"a\\\\ktyka\"]\n[Result \"*\"]\n\
                 leader:b3\nleader:c7 rolloff:white\tfirst:black 1...e7-d6 {a\n  comment} 2.g4-h5 *";
    assert_eq!(parse_records(loose).unwrap(), recs);
}

#[test]
fn a_file_of_several_games_reads_each_and_load_game_picks_one() {
    let g = open(CHESS);
    let games: Vec<GameRecord> = (0..3)
        .map(|i| GameRecord::of_game(&g, &header(CHESS), &random_game(&g, 100 + i, 10 + i as usize)).unwrap())
        .collect();
    let text = records_text(&games);
    assert_eq!(text.matches("\n\n[Game ").count(), 2, "games are separated by a blank line:\n{text}");
    let read = parse_records(&text).unwrap();
    assert_eq!(read, games);
    assert_eq!(records_text(&read), text);
    let dir = scratch("several");
    let file = dir.join("games.pgn");
    std::fs::write(&file, &text).unwrap();
    let f = file.to_str().unwrap();
    let second = out(&interp(&["show", CHESS, "--load", f, "--load-game", "2"], ""));
    let moved = out(&interp(&["show", CHESS, "--moves", &games[1].actions().join(" ")], ""));
    assert_eq!(second, moved);
    let o = interp(&["show", CHESS, "--load", f, "--load-game", "4"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("holds 3 games; there is no game 4"), "{}", err(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tag_values_escape_quotes_and_backslashes() {
    let dir = scratch("escape");
    let odd = dir.join("a \"quoted\" \\ dir");
    std::fs::create_dir_all(&odd).unwrap();
    let game = odd.join("chess.toml");
    std::fs::copy(repo_path(CHESS), &game).unwrap();
    let gp = game.to_str().unwrap();
    let save = dir.join("s.pgn");
    let o = interp(&["play", gp], &format!("e2-e4\nsave {}\n", save.display()));
    assert!(o.status.success(), "{}", err(&o));
    let text = std::fs::read_to_string(&save).unwrap();
    let escaped = gp.replace('\\', "\\\\").replace('"', "\\\"");
    assert!(text.starts_with(&format!("[Game \"{escaped}\"]\n")), "{text}");
    let rec = &parse_records(&text).unwrap()[0];
    assert_eq!(rec.game_path(), Some(gp));
    assert_eq!(rec.to_text(), text);
    let shown = out(&interp(&["show", gp, "--load", save.to_str().unwrap()], ""));
    assert!(shown.contains("to move: black"), "{shown}");
    // A line break in a value is written as a space: every tag stays on its line.
    let mut rec = rec.clone();
    rec.set_tag("Event", "two\nlines \"and\" \\");
    let text = rec.to_text();
    assert!(text.contains("[Event \"two lines \\\"and\\\" \\\\\"]\n"), "{text}");
    assert_eq!(parse_records(&text).unwrap()[0].tag("Event"), Some("two lines \"and\" \\"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A copy of chess.toml in `dir`, edited by `edit`, and a record of `actions` made under
/// the original (with the copy's path).
fn edited_chess(dir: &Path, edit: impl Fn(&str) -> String, actions: &str) -> (String, PathBuf) {
    let original = std::fs::read_to_string(repo_path(CHESS)).unwrap();
    let game = dir.join("chess.toml");
    std::fs::write(&game, &original).unwrap();
    let gp = game.to_str().unwrap().to_string();
    let g = interp::open(&gp, &[]).unwrap();
    let actions: Vec<String> = actions.split(' ').map(String::from).collect();
    let h = Header::new(&gp, original.as_bytes(), &[], vec!["human".into(), "human".into()]);
    let file = dir.join("r.pgn");
    std::fs::write(&file, GameRecord::of_game(&g, &h, &actions).unwrap().to_text()).unwrap();
    std::fs::write(&game, edit(&original)).unwrap();
    (gp, file)
}

#[test]
fn a_record_replays_under_an_edited_game_file_with_a_warning() {
    let dir = scratch("edited");
    let moves = "e2-e4 e7-e5 g1-f3";
    let (gp, file) = edited_chess(&dir, |t| format!("# a comment added\n{t}"), moves);
    let f = file.to_str().unwrap();
    let o = interp(&["show", &gp, "--load", f], "");
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains(&format!("warning: recorded with another version of {gp} (hash ")), "{}", err(&o));
    assert!(err(&o).contains("replaying anyway"), "{}", err(&o));
    assert_eq!(out(&o), out(&interp(&["show", CHESS, "--moves", moves], "")));
    let o = interp(&["play", &gp, "--load", f], "undo\nshow\n");
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains("warning: recorded with another version"), "{}", err(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_stops_at_the_first_action_the_edited_rules_make_illegal() {
    let dir = scratch("illegal");
    // Without the pawn's double step, White's second move can no longer be played.
    let no_double = |t: &str| t.replace("  move [second] N [empty] @ep N [empty]\n", "");
    let (gp, file) = edited_chess(&dir, no_double, "e2-e3 e7-e6 d2-d4 d7-d5");
    let f = file.to_str().unwrap();
    let want = "at move 2 (white, action 3 of the record): `d2-d4` is not legal (the game file changed since \
                the record was made); legal there: d2-d3";
    for args in [
        vec!["show", &gp, "--load", f],
        vec!["render", &gp, "--load", f, "-o", "/dev/null"],
        vec!["play", &gp, "--load", f],
    ] {
        let o = interp(&args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert!(err(&o).contains("warning: recorded with another version"), "{args:?}: {}", err(&o));
        assert!(err(&o).contains(want), "{args:?}: {}", err(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cut_and_garbled_records_are_refused_with_their_line_and_column() {
    let g = open(CHESS);
    let text = GameRecord::of_game(&g, &header(CHESS), &random_game(&g, 5, 30)).unwrap().to_text();
    for cut in 0..text.len() - 1 {
        match parse_records(&text[..cut]) {
            Err(e) => assert!(e.to_string().contains("truncated"), "cut at {cut}: {e}"),
            Ok(r) => panic!("cut at {cut} reads as {r:?}"),
        }
    }
    let cases = [
        ("[Game games/chess.toml]\n\n*\n", 1, 7, "expected the tag's value in double quotes"),
        ("[Game \"x\"]\n[9 \"y\"]\n\n*\n", 2, 2, "bad tag name `9`"),
        ("[Game \"x\"]\n[Game \"y\"]\n\n*\n", 2, 1, "the tag Game appears twice"),
        ("[Game \"x\\n\"]\n\n*\n", 1, 10, "bad escape `\\n`"),
        ("[Game \"x\"]\n[Result \"1-0\"]\n\n1. e2-e4 0-1\n", 4, 10, "the Result tag says 1-0"),
        ("[Game \"x\"]\n[Plies \"3\"]\n\n1. e2-e4 *\n", 2, 1, "[Plies \"3\"] but the movetext holds 1"),
        ("[Game \"x\"]\n\n1. e2-e4 {cut\n", 3, 10, "the comment is not closed"),
        ("[Game \"x\"]\n\n1. e2-e4 *\n1. d2-d4 *\n", 4, 1, "expected a tag pair"),
        ("[Game \"x\"]\n[GameHash \"zz\"]\n\n*\n", 2, 1, "bad hash `zz`"),
    ];
    for (text, line, column, what) in cases {
        let e = parse_records(text).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
        assert!(e.to_string().contains(what), "{text:?}: {e}");
    }
    assert_eq!(parse_records(" \n").unwrap_err().kind, RecordErrorKind::Empty);
    // Through the command line: the file, the place and what is wrong.
    let dir = scratch("garbled");
    let file = dir.join("cut.pgn");
    std::fs::write(&file, &text[..text.len() - 2]).unwrap();
    let o = interp(&["show", CHESS, "--load", file.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    let last = text.lines().count();
    assert!(err(&o).contains(&format!("cannot load {}: line {last}, column ", file.display())), "{}", err(&o));
    assert!(err(&o).contains("truncated: the movetext does not end with a result"), "{}", err(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_older_formats_still_load() {
    let dir = scratch("old");
    let hash = interp::record::fnv1a64(&std::fs::read(repo_path(CHESS)).unwrap());
    let moved = out(&interp(&["show", CHESS, "--moves", "e2-e4 e7-e5"], ""));
    for (name, text) in [
        ("counted", format!("game {CHESS}\nhash {hash:016x}\nmoves e2-e4 e7-e5\nactions 2\nend\n")),
        ("oldest", format!("game {CHESS}\nhash {hash:016x}\nmoves e2-e4 e7-e5\n")),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        let o = interp(&["show", CHESS, "--load", file.to_str().unwrap()], "");
        assert!(o.status.success() && err(&o).is_empty(), "{name}: {}", err(&o));
        assert_eq!(out(&o), moved, "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn undo_works_after_a_load_and_the_record_goes_on() {
    let dir = scratch("undo");
    let file = dir.join("r.pgn");
    let f = file.to_str().unwrap();
    let o = interp(&["play", CHESS, "--record", f], "e2-e4\ne7-e5\ng1-f3\n");
    assert!(o.status.success(), "{}", err(&o));
    let began = |text: &str| {
        text.lines().filter(|l| l.starts_with("[Date ") || l.starts_with("[Time ")).collect::<Vec<_>>().join("\n")
    };
    let first = std::fs::read_to_string(&file).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let o = interp(&["play", CHESS, "--load", f, "--record", f], "undo\nundo\nd7-d5\n");
    assert!(o.status.success(), "{}", err(&o));
    assert!(!out(&o).contains("nothing to undo"), "{}", out(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.ends_with("\n1. e2-e4 d7-d5 *\n"), "{text}");
    // The date the game began stays; another file is not replaced without --force.
    assert_eq!(began(&text), began(&first));
    assert_eq!(began(&text).lines().count(), 2, "{text}");
    let other = dir.join("other.pgn");
    std::fs::write(&other, "keep").unwrap();
    let o = interp(&["play", CHESS, "--load", f, "--record", other.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("the file exists (add --force to replace it)"), "{}", err(&o));
    let o = interp(&["play", CHESS, "--record", CHESS], "");
    assert!(err(&o).contains("that is the game file"), "{}", err(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_resignation_is_the_result_of_the_record() {
    let dir = scratch("resign");
    let file = dir.join("r.pgn");
    let o = interp(&["play", CHESS, "--record", file.to_str().unwrap()], "e2-e4\nresign\n");
    assert!(o.status.success(), "{}", err(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("[Result \"1-0\"]\n[Termination \"black resigns\"]\n"), "{text}");
    assert!(text.ends_with("\n1. e2-e4 1-0\n"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hidden_choices_are_not_saved_before_they_are_revealed() {
    let dir = scratch("hidden");
    let (early, late) = (dir.join("early.pgn"), dir.join("late.pgn"));
    let g = open("games/taktyka.toml");
    let mut st = g.initial();
    let white = g.notations(&st, &g.actions(&st))[0].clone();
    g.play_line(&mut st, &mut vec![], [white.as_str()]).unwrap();
    let mine = g.notations(&st, &g.actions(&st)).last().unwrap().clone();
    let input = format!("save {}\n{mine}\nsave {}\n", early.display(), late.display());
    // The AI (White) chooses its leader first, hidden; Black saves during its own choice.
    let o = interp(&["play", "games/taktyka.toml", "--white", "ai", "--nodes", "50"], &input);
    assert!(o.status.success(), "{}", err(&o));
    let early = std::fs::read_to_string(&early).unwrap();
    assert!(early.contains("[Plies \"0\"]") && !early.contains("leader:"), "{early}");
    let late = std::fs::read_to_string(&late).unwrap();
    assert!(late.contains("leader:") && late.contains(&mine), "{late}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Random edits of a record's text: bytes removed, inserted, replaced, lines swapped.
fn mutate(text: &str, rng: &mut Lcg) -> String {
    let mut b: Vec<u8> = text.as_bytes().to_vec();
    const BYTES: &[u8] = b"[]{}\"\\ \n.-*/01234abcxyz:>=\xc3\xff";
    for _ in 0..=rng.below(4) {
        let at = rng.below(b.len() + 1);
        match rng.below(4) {
            0 if at < b.len() => {
                b.remove(at);
            }
            1 => b.insert(at, BYTES[rng.below(BYTES.len())]),
            2 if at < b.len() => b[at] = BYTES[rng.below(BYTES.len())],
            _ => b.truncate(at),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

#[test]
fn random_mutations_of_a_record_never_panic_and_what_reads_writes_back() {
    let g = open(CHESS);
    let base = records_text(&[
        GameRecord::of_game(&g, &header(CHESS), &random_game(&g, 1, 12)).unwrap(),
        GameRecord::of_game(&g, &header(CHESS), &random_game(&g, 2, 8)).unwrap(),
    ]);
    let mut rng = Lcg(42);
    let mut read = 0;
    for _ in 0..3000 {
        let text = mutate(&base, &mut rng);
        let Ok(games) = parse_records(&text) else { continue };
        read += 1;
        let written = records_text(&games);
        assert_eq!(parse_records(&written).as_ref(), Ok(&games), "{text:?}");
        for rec in &games {
            let _ = replay(&g, rec, None);
        }
    }
    // Some mutations keep a record readable (in a comment-free movetext, most do not).
    assert!(read > 0 && read < 3000, "{read}");
}

#[test]
fn the_example_of_the_docs_is_what_play_writes() {
    let dir = scratch("docs");
    let file = dir.join("fool.pgn");
    let o = interp(&["play", CHESS, "--record", file.to_str().unwrap()], "f2-f3\ne7-e5\ng2-g4\nd8-h4\n");
    assert!(o.status.success(), "{}", err(&o));
    let written = std::fs::read_to_string(&file).unwrap();
    // (Date, time and the game file's fingerprint change; the reason is the rule's name or text.)
    let varying = ["[Date ", "[Time ", "[GameHash ", "[Termination "];
    let fixed = |text: &str| -> Vec<String> {
        text.lines().filter(|l| !varying.iter().any(|v| l.starts_with(v))).map(String::from).collect()
    };
    for doc in ["README.md", "docs/RECORDS.md"] {
        let text = std::fs::read_to_string(repo_path(doc)).unwrap();
        let at = text.find("[Game \"games/chess.toml\"]").unwrap_or_else(|| panic!("{doc} has no example"));
        let example = &text[at..at + text[at..].find("```").unwrap()];
        assert_eq!(fixed(example), fixed(&written), "{doc}");
    }
    let g = open(CHESS);
    let rec = &parse_records(&written).unwrap()[0];
    let r = replay(&g, rec, None).unwrap();
    assert_eq!(rec.tag("Termination"), Some(g.verdict(&r.state, &r.history).unwrap().unwrap().reason(&g).as_str()));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_options_of_a_record_apply_when_it_is_loaded() {
    let path = "games/asteryx.toml";
    let options = vec!["single-capture".to_string()];
    let g = interp::open(repo_path(path).to_str().unwrap(), &options).unwrap();
    let actions = random_game(&g, 3, 60);
    let bytes = std::fs::read(repo_path(path)).unwrap();
    let h = Header::new(path, &bytes, &options, vec!["random".into(), "random".into()]);
    let text = GameRecord::of_game(&g, &h, &actions).unwrap().to_text();
    assert!(text.contains("[Variant \"single-capture\"]\n"), "{text}");
    let dir = scratch("options");
    let file = dir.join("r.pgn");
    std::fs::write(&file, &text).unwrap();
    let loaded = interp(&["show", path, "--load", file.to_str().unwrap()], "");
    assert!(loaded.status.success(), "{}", err(&loaded));
    let moved = interp(&["show", path, "--option", "single-capture", "--moves", &actions.join(" ")], "");
    assert_eq!(out(&loaded), out(&moved));
    let _ = std::fs::remove_dir_all(&dir);
}
