//! Text diagrams: plain text (with a glyph per colour class on boards of three or more
//! classes) and ANSI colour (cell backgrounds by colour class), snapshotted in snapshots/.

use interp::ir::Game;
use interp::render::{Style, diagram};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn game(rel: &str) -> Game {
    let p = root().join(rel);
    interp::open(p.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{rel} must load:\n{e}"))
}

fn snap(name: &str, text: String) {
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!(name, text);
    });
}

/// The diagram with ESC written as `\e`, so snapshots stay readable.
fn visible(s: &str) -> String {
    s.replace('\x1b', "\\e")
}

/// The diagram without its escape sequences.
fn strip_ansi(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn asteryx_plain_shows_the_three_colours() {
    let g = game("games/asteryx.toml");
    let text = diagram(&g, &g.initial(), Style::Plain);
    assert!(!text.contains('\x1b'));
    for glyph in ['.', ':', '+'] {
        assert!(text.contains(glyph), "glyph {glyph} of a colour class is missing:\n{text}");
    }
    snap("asteryx_plain", text);
}

#[test]
fn two_colour_boards_stay_dots_in_plain_text() {
    for rel in ["games/chess.toml", "games/tishai.toml", "games/trubix-43.toml", "games/examples/minichess.toml"] {
        if !root().join(rel).exists() {
            continue;
        }
        let g = game(rel);
        let text = diagram(&g, &g.initial(), Style::Plain);
        assert!(!text.contains(':') && !text.contains('+') && !text.contains('\x1b'), "{rel}:\n{text}");
        assert!(text.contains(" . "), "{rel}:\n{text}");
    }
}

#[test]
fn chess_ansi() {
    let g = game("games/chess.toml");
    let st = g.initial();
    let text = diagram(&g, &st, Style::Ansi);
    // One painted cell per square, two backgrounds, and the letters where the plain diagram has them.
    assert_eq!(text.matches("48;5;").count(), 64);
    let bgs: BTreeSet<&str> = text.split("48;5;").skip(1).map(|s| &s[..s.find('m').unwrap()]).collect();
    assert_eq!(bgs.len(), 2, "{bgs:?}");
    let plain = diagram(&g, &st, Style::Plain);
    let stripped = strip_ansi(&text);
    assert_eq!(stripped.lines().count(), plain.lines().count());
    for (a, b) in stripped.lines().zip(plain.lines()) {
        assert_eq!(a.trim_end(), b.replace('.', " ").trim_end());
    }
    snap("chess_ansi", visible(&text));
}

#[test]
fn asteryx_ansi_paints_three_colours() {
    let g = game("games/asteryx.toml");
    let text = diagram(&g, &g.initial(), Style::Ansi);
    assert_eq!(text.matches("48;5;").count(), 43);
    let bgs: BTreeSet<&str> = text.split("48;5;").skip(1).map(|s| &s[..s.find('m').unwrap()]).collect();
    assert_eq!(bgs.len(), 3, "{bgs:?}");
}

/// `show`, and `play` when stdout is not a terminal, print plain text.
#[test]
fn commands_print_plain_text_into_a_pipe() {
    let show = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(["show", "games/asteryx.toml"])
        .current_dir(root())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&show.stdout).into_owned();
    assert!(show.status.success());
    assert!(!out.contains('\x1b') && out.contains(" :   +   "), "{out}");
    let play = Command::new(env!("CARGO_BIN_EXE_interp"))
        .args(["play", "games/chess.toml"])
        .current_dir(root())
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&play.stdout).into_owned();
    assert!(play.status.success());
    assert!(!out.contains('\x1b') && out.contains(" 6  .  .  .  .  .  .  .  .  6"), "{out}");
}
