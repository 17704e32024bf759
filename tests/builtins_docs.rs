//! docs/LANGUAGE.md lists the same built-in names as the checker's table
//! (src/check/builtins.rs), and the same restrictions. Each kind of built-in has a table
//! in the docs, after a line `<!-- builtins: TAG -->`; its rows whose first cell starts
//! with a backtick name built-ins (`true`, `false` or `can-capture(X, Y)`: the word
//! before any parenthesis), other rows describe declared names.

use interp::check::builtins::{BUILTINS, Kind, Places};
use std::collections::{BTreeMap, BTreeSet};

/// Per tag: the built-in names of its table, with the row's last cell.
fn documented() -> BTreeMap<String, BTreeMap<String, String>> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/LANGUAGE.md")).unwrap();
    let mut out: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    let mut lines = text.lines();
    while let Some(l) = lines.next() {
        let Some(tag) = l.trim().strip_prefix("<!-- builtins:").and_then(|t| t.strip_suffix("-->")) else { continue };
        let names = out.entry(tag.trim().to_string()).or_default();
        // The header and separator rows, then the body up to the first line that is no row.
        let rows: Vec<&str> = lines.by_ref().take_while(|r| r.starts_with('|')).skip(2).collect();
        for row in rows {
            let cells: Vec<&str> = row.trim_matches('|').split(" | ").map(str::trim).collect();
            if !cells[0].starts_with('`') {
                continue;
            }
            for item in cells[0].split('`').skip(1).step_by(2) {
                let name: String = item.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
                names.insert(name, cells.last().unwrap().to_string());
            }
        }
    }
    out
}

#[test]
fn the_docs_list_every_built_in_name_and_no_other() {
    let docs = documented();
    for kind in Kind::ALL {
        let table: BTreeSet<String> = BUILTINS.iter().filter(|b| b.kind == *kind).map(|b| b.name.to_string()).collect();
        let Some(doc) = docs.get(kind.tag()) else {
            panic!("docs/LANGUAGE.md has no `<!-- builtins: {} -->` table", kind.tag());
        };
        let doc: BTreeSet<String> = doc.keys().cloned().collect();
        let missing: Vec<_> = table.difference(&doc).collect();
        let extra: Vec<_> = doc.difference(&table).collect();
        assert!(missing.is_empty(), "{}: the docs do not mention {missing:?}", kind.tag());
        assert!(extra.is_empty(), "{}: the docs name {extra:?}, which the checker does not know", kind.tag());
    }
    let tags: BTreeSet<&str> = Kind::ALL.iter().map(|k| k.tag()).collect();
    for t in docs.keys() {
        assert!(tags.contains(t.as_str()), "docs/LANGUAGE.md has a table of `{t}`, which is no kind of built-in");
    }
}

#[test]
fn the_docs_restrict_conditions_where_the_checker_does() {
    let docs = documented();
    for b in BUILTINS.iter().filter(|b| matches!(b.kind, Kind::Condition | Kind::CondFunction)) {
        let place = &docs[b.kind.tag()][b.name];
        let p = b.places;
        let only = if p == Places::ANYWHERE {
            None
        } else if p == Places::END {
            Some("end rules only")
        } else if p == Places::ILLEGAL {
            Some("`illegal` rules only")
        } else if p == Places::DROP {
            Some("drop rules only")
        } else if p.has(Places::END) && p.has(Places::ILLEGAL) && !p.has(Places::PATTERN) {
            Some("end rules and `illegal` rules only")
        } else {
            panic!("`{}`: a restriction the docs cannot say", b.name)
        };
        match only {
            Some(o) => assert_eq!(place, o, "`{}`: the docs say `{place}`", b.name),
            None => assert!(!place.contains("only"), "`{}`: the docs claim a restriction: `{place}`", b.name),
        }
    }
}

#[test]
fn every_built_in_is_described() {
    for b in BUILTINS {
        assert!(!b.about.is_empty() && !b.usage.is_empty(), "`{}` needs a description", b.name);
    }
}
