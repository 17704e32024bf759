//! The shape of the source tree, checked: the top-level modules depend on each other only
//! along the pipeline (no cycles; the engine never reaches the syntax), and no function is
//! longer than a screen. `tools/structure.sh` prints the module graph and the longest
//! functions.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every top-level module and the modules it may use. The pipeline: syntax → load →
/// check → board → ir → lower → opt → engine → notation → ai → front ends (`front` holds
/// what they share; `protocol` speaks UCI and XBoard; `cli` dispatches every command,
/// `serve` and the protocols among them); `diag`
/// (spans and diagnostics) serves the stages up to the compiler; `vocab` (operators,
/// events, outcomes) is the syntax's and the compiled game's shared vocabulary.
const ALLOWED: &[(&str, &[&str])] = &[
    ("vocab", &[]),
    ("files", &[]),
    ("diag", &[]),
    ("syntax", &["diag", "vocab"]),
    ("load", &["diag", "files", "syntax"]),
    ("board", &["diag"]),
    ("ir", &["board", "vocab"]),
    ("check", &["board", "diag", "ir", "load", "syntax", "vocab"]),
    ("lower", &["board", "check", "diag", "ir", "load", "syntax", "vocab"]),
    ("opt", &["board", "ir", "vocab"]),
    ("engine", &["board", "ir", "vocab"]),
    ("notation", &["board", "engine", "ir"]),
    ("ai", &["board", "engine", "ir", "notation"]),
    ("render", &["board", "engine", "ir", "notation"]),
    ("selfplay", &["ai", "board", "engine", "ir", "notation", "record"]),
    ("record", &["engine", "files", "ir", "notation"]),
    ("author", &["ai", "board", "engine", "files", "ir", "notation", "record", "render", "selfplay"]),
    ("front", &["author", "board", "engine", "ir", "notation"]),
    ("serve", &["ai", "board", "engine", "files", "front", "ir", "notation", "record", "render"]),
    ("protocol", &["ai", "board", "engine", "front", "ir", "notation"]),
    (
        "cli",
        &[
            "ai", "author", "board", "diag", "engine", "files", "front", "ir", "notation", "protocol", "record",
            "render", "selfplay", "serve",
        ],
    ),
];

/// The one function allowed to be longer: the pattern machine's instruction dispatch.
const LONG_OK: &[&str] = &["engine/movegen.rs exec"];
const MAX_LINES: usize = 80;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The top-level module a file belongs to (`lib` and `main` for the crate roots).
fn top_module(rel: &Path) -> String {
    let first = rel.components().next().unwrap().as_os_str().to_string_lossy().to_string();
    first.trim_end_matches(".rs").to_string()
}

/// The code of a line, without its `//` comment (doc comments included).
fn code(line: &str) -> &str {
    match line.find("//") {
        Some(i) => &line[..i],
        None => line,
    }
}

/// The top-level modules a file refers to through `crate::NAME` or `use crate::{NAME, ...}`.
fn references(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let code: String = text.lines().map(code).collect::<Vec<_>>().join("\n");
    let mut rest = code.as_str();
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(inner) = rest.strip_prefix('{') {
            let end = inner.find('}').unwrap_or(inner.len());
            for item in inner[..end].split(',') {
                let name: String = item.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if !name.is_empty() {
                    out.insert(name);
                }
            }
        } else {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            out.insert(name);
        }
    }
    out
}

/// The module graph: each top-level module and the others it refers to.
fn module_graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut files = vec![];
    rust_files(&src(), &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let rel = f.strip_prefix(src()).unwrap();
        let top = top_module(rel);
        if top == "lib" || top == "main" {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        graph.entry(top.clone()).or_default().extend(references(&text).into_iter().filter(|r| *r != top));
    }
    // Only modules count (`crate::open` is a function of the crate root).
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    graph.values_mut().for_each(|deps| deps.retain(|d| modules.contains(d)));
    graph
}

/// Function lengths: (lines, "file name"), from the `fn` line to its closing brace at the
/// same indentation; test modules are skipped.
fn function_lengths() -> Vec<(usize, String)> {
    let mut files = vec![];
    rust_files(&src(), &mut files);
    let mut out = vec![];
    for f in files {
        let rel = f.strip_prefix(src()).unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            if l.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            let Some(name) = fn_name(l) else { continue };
            let indent = &l[..l.len() - l.trim_start().len()];
            let close = format!("{indent}}}");
            if let Some(j) = (i + 1..lines.len()).find(|&j| lines[j].starts_with(&close)) {
                out.push((j - i + 1, format!("{rel} {name}")));
            }
        }
    }
    out.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    out
}

/// The name of the function a line declares, if it opens a function body.
fn fn_name(line: &str) -> Option<String> {
    let code = code(line).trim_end();
    if code.ends_with(';') {
        return None;
    }
    let words: Vec<&str> = code.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "fn")?;
    let qualifiers = ["pub", "pub(crate)", "pub(super)", "const", "async", "unsafe", "extern"];
    if !words[..at].iter().all(|w| qualifiers.contains(w)) {
        return None;
    }
    let name: String = words.get(at + 1)?.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!name.is_empty()).then_some(name)
}

#[test]
fn modules_depend_only_along_the_pipeline() {
    let graph = module_graph();
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    let mut problems = vec![];
    for (m, deps) in &graph {
        let Some(ok) = allowed.get(m.as_str()) else {
            problems.push(format!("module `{m}` is not in the pipeline table"));
            continue;
        };
        for d in deps {
            if !ok.contains(&d.as_str()) {
                problems.push(format!("`{m}` uses `{d}`"));
            }
        }
    }
    for (m, deps) in &graph {
        println!("{m} -> {}", deps.iter().cloned().collect::<Vec<_>>().join(" "));
    }
    assert!(problems.is_empty(), "dependencies against the pipeline:\n{}", problems.join("\n"));
}

#[test]
fn the_pipeline_table_has_no_cycle_and_the_engine_never_reaches_the_syntax() {
    let allowed: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    fn reach<'a>(m: &'a str, allowed: &BTreeMap<&'a str, &'a [&'a str]>, seen: &mut BTreeSet<&'a str>) {
        for d in allowed.get(m).copied().unwrap_or(&[]) {
            if seen.insert(d) {
                reach(d, allowed, seen);
            }
        }
    }
    for m in allowed.keys() {
        let mut seen = BTreeSet::new();
        reach(m, &allowed, &mut seen);
        assert!(!seen.contains(m), "`{m}` reaches itself");
    }
    let mut seen = BTreeSet::new();
    reach("engine", &allowed, &mut seen);
    assert!(!seen.contains("syntax"), "the engine reaches the syntax");
}

#[test]
fn functions_fit_on_a_screen() {
    let lengths = function_lengths();
    println!("the ten longest functions:");
    for (n, f) in lengths.iter().take(10) {
        println!("{n:5} {f}");
    }
    let long: Vec<String> = lengths
        .iter()
        .filter(|(n, f)| *n > MAX_LINES && !LONG_OK.contains(&f.as_str()))
        .map(|(n, f)| format!("{n} {f}"))
        .collect();
    assert!(long.is_empty(), "functions over {MAX_LINES} lines:\n{}", long.join("\n"));
}

/// "Legal moves, then is it over?" is the engine's to say (`Game::node`, `node_into`,
/// `actions`): no front end, AI or test asks for the two separately.
#[test]
fn everyone_uses_the_position_api() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![];
    rust_files(&src(), &mut files);
    rust_files(&root.join("tests"), &mut files);
    let mut found = vec![];
    for f in files.iter().filter(|f| !f.starts_with(src().join("engine")) && !f.ends_with("tests/structure.rs")) {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, l) in text.lines().enumerate() {
            let c = code(l);
            if c.contains(".legal_moves(") || c.contains(".status(") {
                found.push(format!("{}:{}: {}", f.strip_prefix(root).unwrap().display(), i + 1, l.trim()));
            }
        }
    }
    assert!(found.is_empty(), "legal moves and status asked for separately:\n{}", found.join("\n"));
}

#[test]
fn the_scanner_sees_references_and_functions() {
    let refs = references("use crate::{ir::Game, board::Cell};\n/// [`crate::ai`]\nlet x = crate::engine::Status;");
    assert_eq!(refs.into_iter().collect::<Vec<_>>(), ["board", "engine", "ir"]);
    assert_eq!(fn_name("    pub(crate) fn apply(&self) {").as_deref(), Some("apply"));
    assert_eq!(fn_name("    fn decl(&self);"), None);
    assert_eq!(fn_name("    let f = |x| x; // fn not"), None);
}
