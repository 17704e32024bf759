//! The words in the shipped game files: every game says what it is and the rulings it
//! follows (`[game] description`), every piece how it moves (`[pieces.X] description`),
//! every end rule is named (so a finished game says why it ended), and the repository
//! stands on its own: no game file, test-case file or document cites rulings kept
//! outside it.

use interp::author::snapshot::game_files;
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every game file shipped under games/ (not the files of test cases).
fn games() -> Vec<PathBuf> {
    let files = game_files(&root().join("games"));
    assert!(files.len() >= 13, "expected the 13 shipped games, found {}", files.len());
    files
}

/// The words a description must hold before its list of rulings.
const RULINGS: &str = "Rulings this file follows:";

/// Each game describes itself for a newcomer, then lists its rulings, in lines that fit
/// a terminal, and names each of its pieces.
#[test]
fn every_game_has_a_description_with_its_rulings() {
    for path in games() {
        let g = interp::open(path.to_str().unwrap(), &[]).unwrap();
        let d = &g.description;
        let at = d.find(RULINGS).unwrap_or_else(|| panic!("{}: no `{RULINGS}` in its description", path.display()));
        assert!(d[..at].trim().len() > 200, "{}: the introduction before the rulings is too short", path.display());
        assert!(d[at..].lines().any(|l| l.starts_with("- ")), "{}: the rulings are not a `- ` list", path.display());
        for line in d.lines() {
            assert!(line.chars().count() <= 90, "{}: description line over 90 characters: {line}", path.display());
        }
        let lower = d.to_lowercase();
        for t in &g.types {
            assert!(
                lower.contains(&t.name.to_lowercase()),
                "{}: the description never names the {}",
                path.display(),
                t.name
            );
        }
    }
}

/// Each piece says how it moves and captures.
#[test]
fn every_piece_has_a_description() {
    for path in games() {
        let g = interp::open(path.to_str().unwrap(), &[]).unwrap();
        for t in &g.types {
            assert!(!t.description.trim().is_empty(), "{}: piece {} has no description", path.display(), t.name);
            assert!(
                t.description.ends_with('.'),
                "{}: piece {}: end its description with a full stop",
                path.display(),
                t.name
            );
        }
    }
}

/// Every end rule, the automatic draws included, has a name that reads after "white wins"
/// or "draw" (a short noun phrase: no period, no rule syntax).
#[test]
fn every_end_rule_is_named() {
    for path in games() {
        let g = interp::open(path.to_str().unwrap(), &[]).unwrap();
        assert!(!g.ends.is_empty(), "{}: no end rule", path.display());
        for e in &g.ends {
            let name =
                e.name.as_deref().unwrap_or_else(|| panic!("{}: end rule `{}` has no name", path.display(), e.text));
            assert!(!name.trim().is_empty() && name.len() <= 40, "{}: end rule name `{name}`", path.display());
            assert!(
                !name.contains(['.', '(', ')', '&', '=']),
                "{}: end rule name `{name}` is not a phrase",
                path.display()
            );
            assert_eq!(e.label(), name);
        }
    }
}

/// Files under `dir` whose names end with `suffix`, recursively.
fn files_under(dir: &Path, suffix: &str, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, suffix, out);
        } else if path.to_string_lossy().ends_with(suffix) {
            out.push(path);
        }
    }
}

/// No game file, test-case file, reference program or document cites the rulings or the
/// spec by a file outside the repository: what a player needs to know lives here.
#[test]
fn nothing_cites_rulings_outside_the_repository() {
    let mut files = vec![root().join("README.md")];
    files_under(&root().join("games"), ".toml", &mut files);
    files_under(&root().join("docs"), ".md", &mut files);
    files_under(&root().join("tests/reference"), ".py", &mut files);
    files_under(&root().join("tests/reference"), ".md", &mut files);
    assert!(files.len() > 30, "too few files found: {}", files.len());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for bad in ["RULES.md", "INTERFACE.md", "../shared", "/shared/spec", "/work/"] {
            if let Some(n) = text.lines().position(|l| l.contains(bad)) {
                panic!("{}:{}: cites `{bad}`, which is outside the repository", f.display(), n + 1);
            }
        }
    }
}
