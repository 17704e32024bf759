//! `interp explain`: one diagnostic code's kind and explanation, the list of every code,
//! and a clear refusal of a code that does not exist.

use interp::diag::Code;
use std::process::{Command, Output};

fn interp(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_interp")).args(args).output().expect("run interp")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

#[test]
fn a_code_is_explained() {
    let code = Code::parse("E401").expect("E401 exists");
    let o = interp(&["explain", "E401"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines, ["E401: UnknownPiece (check)", code.explain()]);
    // Codes are matched without regard to case.
    assert_eq!(stdout(&interp(&["explain", "e401"])), out);
}

#[test]
fn without_a_code_every_code_is_listed_with_its_first_sentence() {
    let o = interp(&["explain"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    let all = Code::all();
    assert_eq!(lines.len(), all.len(), "one line per code:\n{out}");
    for (line, c) in lines.iter().zip(&all) {
        let (head, sentence) =
            line.split_once("): ").unwrap_or_else(|| panic!("`{line}` is `CODE KIND (STAGE): TEXT`"));
        assert!(head.starts_with(&format!("{} ", c.id())), "{line}");
        assert!(c.explain().starts_with(sentence), "{line}");
    }
    assert!(out.contains("E401 UnknownPiece (check): A piece letter is used"), "{out}");
}

#[test]
fn an_unknown_code_is_refused() {
    let o = interp(&["explain", "E999"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown diagnostic code `E999`"), "{err}");
}
