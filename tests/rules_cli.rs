//! `interp rules GAME` (the rulebook: description, legend, moves, promotions, reserves, end
//! rules, options), `interp list` (the games, by name), game arguments given by name
//! (`interp play tishai`, from any directory), and the checks on end-rule names.

use interp::render::Style;
use interp::render::lone::{Lone, Piece, central_cell, empty_board};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const MANIFEST: &str = env!("CARGO_MANIFEST_DIR");

/// Runs interp in `dir`; a panic fails the test.
fn interp_in(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_interp")).args(args).current_dir(dir).output().expect("run interp");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "interp {args:?} panicked:\n{stderr}");
    out
}

/// Runs interp in the repository; stdout when it exits 0.
fn ok(args: &[&str]) -> String {
    ok_in(Path::new(MANIFEST), args)
}

/// Runs interp in `dir`; stdout when it exits 0.
fn ok_in(dir: &Path, args: &[&str]) -> String {
    let o = interp_in(dir, args);
    assert_eq!(o.status.code(), Some(0), "interp {args:?}\nstderr:\n{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// Text with every run of whitespace made one space (wrapped lines joined).
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A fresh empty directory for one test.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("interp-rules-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Every shipped game file (games/**/*.toml but the test cases), sorted.
fn shipped() -> Vec<PathBuf> {
    let mut out = vec![];
    let mut todo = vec![Path::new(MANIFEST).join("games")];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            if p.is_dir() {
                todo.push(p);
            } else if name.ends_with(".toml") && !name.ends_with(".tests.toml") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// A game file's text without its words: no `description` keys, no end-rule names (the
/// tests add their own).
fn undescribed(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.starts_with("description = '''") {
            lines.by_ref().find(|l| l.ends_with("'''"));
            continue;
        }
        if line.starts_with("description = ") {
            continue;
        }
        let indent = &line[..line.len() - line.trim_start().len()];
        match line.trim_start().split_once(" \"") {
            Some((result, rest)) if ["win", "loss", "draw"].contains(&result) && rest.contains("\" ") => {
                out.push_str(&format!("{indent}{result} {}", rest.split_once("\" ").unwrap().1));
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// The minichess example with `from` replaced by `to` (each must occur), written to `dir`.
fn minichess_with(dir: &Path, edits: &[(&str, &str)]) -> PathBuf {
    let mut text = std::fs::read_to_string(Path::new(MANIFEST).join("games/examples/minichess.toml")).unwrap();
    text = undescribed(&text);
    for (from, to) in edits {
        assert!(text.contains(from), "{from}");
        text = text.replacen(from, to, 1);
    }
    let path = dir.join("mini.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn every_shipped_games_rulebook_has_its_legend_moves_and_end_rules() {
    for path in shipped() {
        let g = interp::open(path.to_str().unwrap(), &[]).unwrap();
        let text = ok(&["rules", path.to_str().unwrap()]);
        assert_eq!(text, interp::render::rulebook(&g), "the command prints the library's text");
        assert!(text.starts_with(&format!("{}\n", g.name)), "{text}");
        let about = g.description.split_whitespace().next().unwrap_or("(The game file gives no description");
        assert!(text.contains(about), "{}: the description is missing", g.name);
        for (t, ty) in g.types.iter().enumerate() {
            let letters: Vec<String> = (0..g.nf()).map(|f| g.letters[f * g.types.len() + t].to_string()).collect();
            let legend = format!("\n  {}  {}", letters.join(" "), ty.name);
            assert!(text.contains(&legend), "{}: no legend line `{legend}`:\n{text}", g.name);
            assert!(flat(&text).contains(&flat(&ty.description)), "{}: {}'s description", g.name, ty.name);
            assert!(text.contains(&format!("\n{} ({})\n", ty.name, ty.letter)), "{}: no moves of {}", g.name, ty.name);
        }
        for e in &g.ends {
            let cond = e.text.split_once(" if ").unwrap().1;
            let f = flat(&text);
            assert!(f.contains(&flat(&format!("if `{cond}`"))), "{}: end rule `{}` missing:\n{text}", g.name, e.text);
            if let Some(n) = &e.name {
                assert!(
                    f.contains(&format!(". {}: ", flat(n))),
                    "{}: the name of `{}` missing:\n{text}",
                    g.name,
                    e.text
                );
            }
        }
    }
}

#[test]
fn the_rulebook_of_chess_shows_each_piece_reaching_its_cells_from_the_centre() {
    let text = ok(&["rules", "chess"]);
    assert!(text.contains("on d4; `*` marks the cells"), "{text}");
    // From d4 of an empty board: a knight and a king reach 8 cells, a rook 14, a queen 27;
    // the pawns move one cell, each towards its own side's far rank.
    for (line, piece) in [("white N: 8 cells", "N"), ("white K: 8 cells", "K"), ("white R: 14 cells", "R")] {
        assert!(text.contains(line), "{piece}: {text}");
    }
    assert!(text.contains("white Q: 27 cells"), "{text}");
    let pawn = text.split("\nPawn (P)\n").nth(1).unwrap();
    assert!(pawn.lines().next().unwrap().contains("white P: 1 cell") && pawn.contains("black p: 1 cell"), "{pawn}");
    // The two pawns' diagrams stand side by side, white's reaching d5 and black's d3.
    let g = interp::open(&format!("{MANIFEST}/games/chess.toml"), &[]).unwrap();
    let base = empty_board(&g);
    let p = g.types.iter().position(|t| t.letter == 'P').unwrap();
    for (side, reached) in [(0, "d5"), (1, "d3")] {
        let lone = Lone::at(&g, &base, Piece::new(&g, p, side, side as u8), central_cell(&g));
        let names: Vec<&str> = lone.targets.iter().map(|&c| g.board.name(c)).collect();
        assert_eq!(names, [reached]);
        let drawn = lone.diagram(&g, Style::Plain, '*');
        let rows: Vec<&str> = pawn.lines().skip(1).collect();
        for (i, l) in drawn.lines().enumerate() {
            assert!(rows[i].contains(l.trim()), "row {i} of {side}'s pawn `{l}` is not in:\n{pawn}");
        }
    }
    assert!(flat(&text).contains("white's Pawn arriving in the zone `last` (a8 b8 c8 d8 e8 f8 g8 h8) becomes Queen"));
}

#[test]
fn a_named_end_rule_descriptions_and_options_are_shown() {
    let dir = temp_dir("named");
    minichess_with(
        &dir,
        &[
            ("loss if no-moves & check", "loss \"checkmate\" if no-moves & check"),
            (
                "players = [\"white\", \"black\"]",
                "players = [\"white\", \"black\"]\ndescription = '''\nA small chess.\n'''",
            ),
            ("name = \"Knight\"", "name = \"Knight\"\ndescription = \"Jumps like a chess knight.\""),
            ("[pieces.K]", "[options]\nrange = 2\n\n[pieces.K]"),
        ],
    );
    let text = ok_in(&dir, &["rules", "mini.toml"]);
    let f = flat(&text);
    assert!(text.contains("\nA small chess.\n"), "{text}");
    assert!(f.contains("N n Knight Jumps like a chess knight."), "{text}");
    assert!(
        f.contains("1. checkmate: the player to move loses (the other player wins) if `no-moves & check`."),
        "{text}"
    );
    assert!(f.contains("2. The game is a draw if `no-moves`."), "{text}");
    assert!(f.contains("The game is a draw if `repetition(3)` [automatic]"), "{text}");
    assert!(text.contains("  range = 2 by default\n"), "{text}");
    let set = ok_in(&dir, &["rules", "mini.toml", "--option", "range=3"]);
    assert!(set.contains("  range = 2 by default (set to 3 here)\n"), "{set}");
    // Without a description the rulebook says so.
    let plain = ok(&["rules", "games/examples/minichess.toml"]);
    let g = interp::open(&format!("{MANIFEST}/games/examples/minichess.toml"), &[]).unwrap();
    assert_eq!(g.description.trim().is_empty(), plain.contains("(The game file gives no description of the game.)"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_name_of_an_end_rule_is_not_part_of_its_text() {
    let dir = temp_dir("text");
    let game =
        minichess_with(&dir, &[("loss if no-moves & check", "loss \"mate  #1\" if no-moves & check # a comment")]);
    let g = interp::open(game.to_str().unwrap(), &[]).unwrap();
    assert_eq!(g.ends[0].name.as_deref(), Some("mate  #1"));
    assert_eq!(g.ends[0].text, "loss if no-moves & check");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn list_names_every_shipped_game_with_its_display_name() {
    let text = ok(&["list"]);
    let lines: Vec<&str> = text.lines().collect();
    // An entry starts with two spaces and the name; its description may wrap onto
    // lines indented further.
    let entries: Vec<&str> = lines.iter().copied().filter(|l| l.starts_with("  ") && !l.starts_with("   ")).collect();
    assert_eq!(entries.len(), shipped().len(), "{text}");
    let mut sorted = entries.clone();
    sorted.sort();
    assert_eq!(entries, sorted, "sorted by name");
    for path in shipped() {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let g = interp::open(path.to_str().unwrap(), &[]).unwrap();
        let line = entries.iter().find(|l| l.split_whitespace().next() == Some(stem.as_str()));
        let line = line.unwrap_or_else(|| panic!("{stem} is not listed:\n{text}"));
        assert!(line.contains(&format!("{}: ", g.name)), "{line}");
        let first = g.description.split_whitespace().next().unwrap_or("(no description)");
        assert!(line.contains(first), "{line}");
    }
    assert!(lines.last().unwrap().contains("interp play NAME"), "{text}");
}

#[test]
fn a_game_is_found_by_file_name_or_display_name_from_any_directory() {
    let by_path = ok(&["moves", "games/tishai.toml"]);
    assert_eq!(ok(&["moves", "tishai"]), by_path);
    assert_eq!(ok(&["moves", "Tishai.toml"]), by_path);
    let taktyka = ok(&["show", "games/taktyka.toml"]);
    assert_eq!(ok(&["show", "Tâktykâ"]), taktyka);
    assert_eq!(ok(&["show", "TAKTYKA"]), taktyka);
    assert_eq!(ok(&["perft", "trubix 43", "--depth", "1"]), ok(&["perft", "games/trubix-43.toml", "--depth", "1"]));
    // From elsewhere, the games of the source tree; a game of ./games by its display name.
    let dir = temp_dir("elsewhere");
    assert_eq!(ok_in(&dir, &["moves", "tishai"]), by_path);
    std::fs::create_dir_all(dir.join("games/examples")).unwrap();
    let own = std::fs::read_to_string(Path::new(MANIFEST).join("games/examples/minichess.toml")).unwrap();
    let own = own.replacen("name = \"Gardner minichess\"", "name = \"Élan Vital\"", 1);
    std::fs::write(dir.join("games/examples/odd.toml"), own).unwrap();
    // A game saved from elsewhere records the file the name stood for.
    let o = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(["play", "tishai", "--no-autosave"])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().unwrap().write_all(b"save rec.txt\n")?;
            c.wait_with_output()
        })
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    let saved = std::fs::read_to_string(dir.join("rec.txt")).unwrap();
    assert!(saved.contains(&format!("{MANIFEST}/games/tishai.toml")), "{saved}");
    let text = ok_in(&dir, &["rules", "elan vital"]);
    assert!(text.starts_with("Élan Vital\n"), "{text}");
    assert!(ok_in(&dir, &["check", "odd"]).starts_with("games/examples/odd.toml: ok"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unknown_game_name_exits_2_with_the_close_names() {
    let o = interp_in(Path::new(MANIFEST), &["play", "tisahi"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("no game named `tisahi`") && err.contains("did you mean `tishai`?"), "{err}");
    assert!(err.contains("`interp list`"), "{err}");
    assert!(o.stdout.is_empty());
    // A path is a path: a missing file is reported as before.
    let o = interp_in(Path::new(MANIFEST), &["moves", "no/such/game.toml"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn check_reports_bad_end_rule_names_with_file_line_and_column() {
    let dir = temp_dir("check");
    let game = minichess_with(
        &dir,
        &[(
            "  draw if repetition(3)\n",
            "  draw if repetition(3)\n  draw \"\" if count(all) > 30\n  draw \"mate\" if count(all) > 29\n  win \"mate\" if count(all) > 28\n  win \"bare\" if count(all) > 27\n  loss \"bare\" if count(all) > 26\n  win \"a\nb\" if count(all) > 25\n",
        )],
    );
    let text = std::fs::read_to_string(&game).unwrap();
    let at = |needle: &str| {
        let i = text.find(needle).unwrap();
        let line = text[..i].matches('\n').count() + 1;
        let col = i - text[..i].rfind('\n').map_or(0, |n| n + 1) + 1;
        format!("mini.toml:{line}:{col}: error: ")
    };
    let o = interp_in(&dir, &["check", "mini.toml"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(&format!("{}an end rule with an empty name", at("\"\" if"))), "{err}");
    let shared = format!("{}the end rule `win if count(all) > 28` is named `mate`", at("\"mate\" if count(all) > 28"));
    assert!(err.contains(&shared), "{err}");
    assert!(!err.contains("is named `bare`"), "a win and a loss may share a name:\n{err}");
    assert!(err.contains(&format!("{}the end rule's name `a b` runs over several lines", at("\"a\nb\""))), "{err}");
    assert!(err.contains("3 problems found"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_test_case_names_the_deciding_rule_by_its_text_or_its_name() {
    let dir = temp_dir("cases");
    minichess_with(&dir, &[("loss if no-moves & check", "loss \"checkmate\" if no-moves & check")]);
    let case =
        |rule: &str| format!("[[case]]\nfen = \"k4/1Q3/2K2/5/5 b - -\"\nresult = \"white wins\"\nrule = \"{rule}\"\n");
    for (rule, code) in [("checkmate", 0), ("loss if no-moves & check", 0), ("stalemate", 1)] {
        std::fs::write(dir.join("mini.tests.toml"), case(rule)).unwrap();
        let o = interp_in(&dir, &["test", "mini.toml"]);
        assert_eq!(o.status.code(), Some(code), "rule = {rule}:\n{}", String::from_utf8_lossy(&o.stdout));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A game whose captured pieces change sides calls its reserve a hand, with the base types
/// it returns as; a game whose reserve only enters (Seirawan's gating) keeps the word reserve.
#[test]
fn the_rulebook_calls_a_hand_a_hand() {
    let shogi = flat(&ok(&["rules", "games/examples/shogi.toml"]));
    assert!(shogi.contains("Hands ----- white's hand at the start: Bishop 0,"), "{shogi}");
    assert!(shogi.contains("or Silver from its hand onto an empty cell the rules allow."), "{shogi}");
    assert!(shogi.contains("the captured piece goes to the capturer's hand (a Dragon as a Rook,"), "{shogi}");
    assert!(!shogi.contains("reserve"), "{shogi}");
    let seirawan = flat(&ok(&["rules", "games/examples/seirawan.toml"]));
    assert!(seirawan.contains("Reserves --------"), "{seirawan}");
    assert!(seirawan.contains("white's reserve at the start: "), "{seirawan}");
    assert!(!seirawan.contains("white's hand"), "{seirawan}");
}
