//! The checker is complete: for every game file, fixture and a few thousand mutants of
//! them, a game that `check` accepts lowers without a single gap (a lookup that checking
//! should have guaranteed). Every kind of check problem is met by a broken case, and the
//! reports of those cases are pinned by a snapshot. (Until the redesign split checking
//! from lowering, this test compared `check` with the old compiler's own checks, which
//! agreed on every file here, message for message; the snapshot was taken then.)

use interp::check::{self, builtins::BUILTINS};
use interp::diag::{CheckCode, Code, Diag};
use std::path::{Path, PathBuf};

struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn manifest() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn tomls(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    v.sort();
    v
}

/// Checks one file and, when it checks, lowers it: the kinds of its problems, or an
/// error when lowering meets a gap. None when the file does not load.
fn compare_kinds(path: &Path, overrides: &[String]) -> Option<Result<Vec<Diag>, String>> {
    let p = path.to_str().unwrap();
    let (spec, _, _) = interp::load::load(p).ok()?;
    Some(match check::check(&spec, overrides) {
        Err(problems) => Ok(problems),
        Ok(checked) => match interp::lower::lower_counting_gaps(checked, p).1 {
            0 => Ok(vec![]),
            gaps => Err(format!("{p}: checks, but lowering meets {gaps} gap(s)")),
        },
    })
}

/// Like [`compare_kinds`], without the problems.
fn compare(path: &Path, overrides: &[String]) -> Option<Result<(), String>> {
    compare_kinds(path, overrides).map(|r| r.map(|_| ()))
}

#[test]
fn every_file_that_checks_lowers_without_a_gap() {
    let m = manifest();
    let mut files = tomls(&m.join("games"));
    files.extend(tomls(&m.join("games/examples")));
    files.extend(tomls(&m.join("tests/fixtures")));
    for f in &files {
        if let Some(Err(e)) = compare(f, &[]) {
            panic!("{e}");
        }
    }
    let chess = m.join("games/chess.toml");
    for o in [&["nosuch"][..], &["x=1", "x=1"], &["no-castling=maybe"]] {
        let o: Vec<String> = o.iter().map(|s| s.to_string()).collect();
        if let Some(Err(e)) = compare(&chess, &o) {
            panic!("{e}");
        }
    }
}

/// The words of a text (names as the rules language spells them).
fn words(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = vec![];
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphabetic() {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-') {
                i += 1;
            }
            out.push((s, i));
        } else {
            i += 1;
        }
    }
    out
}

/// One mutation of a text, mostly a word replaced by another name.
fn mutate(text: &str, vocab: &[String], rng: &mut Lcg) -> String {
    let ws = words(text);
    let (s, e) = ws[rng.below(ws.len())];
    let line_start = text[..s].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[s..].find('\n').map_or(text.len(), |i| s + i + 1);
    match rng.below(10) {
        0 => format!("{}{}", &text[..line_start], &text[line_end..]),
        1 => format!("{}{}", &text[..line_end], &text[line_start..]),
        2 => format!("{}{}", &text[..s], &text[e..]),
        _ => format!("{}{}{}", &text[..s], vocab[rng.below(vocab.len())], &text[e..]),
    }
}

#[test]
fn every_mutant_that_checks_lowers_without_a_gap() {
    let m = manifest();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check_complete");
    std::fs::create_dir_all(dir.join("examples")).unwrap();
    // The games tree is copied so that mutants sit beside the files they extend.
    let mut bases = vec![];
    for (from, to) in [(m.join("games"), dir.clone()), (m.join("games/examples"), dir.join("examples"))] {
        for f in tomls(&from) {
            let copy = to.join(f.file_name().unwrap());
            std::fs::copy(&f, &copy).unwrap();
            bases.push(copy);
        }
    }
    let texts: Vec<String> = bases.iter().map(|b| std::fs::read_to_string(b).unwrap()).collect();
    let mut vocab: Vec<String> =
        texts.iter().flat_map(|t| words(t).into_iter().map(|(s, e)| t[s..e].to_string())).collect();
    vocab.extend(BUILTINS.iter().map(|b| b.name.to_string()));
    vocab.extend(["zz", "Z", "q9", "here", "same", "back"].map(String::from));
    vocab.sort();
    vocab.dedup();
    let mut rng = Lcg(0xc0ffee);
    let (mut failures, mut checked, mut rejected) = (vec![], 0, 0);
    for i in 0..2400 {
        let b = rng.below(bases.len());
        let mut text = mutate(&texts[b], &vocab, &mut rng);
        if rng.below(3) == 0 {
            text = mutate(&text, &vocab, &mut rng);
        }
        let path = bases[b].with_file_name(format!("mutant{i:04}.toml"));
        std::fs::write(&path, &text).unwrap();
        match compare(&path, &[]) {
            Some(Ok(())) => checked += 1,
            Some(Err(e)) => failures.push(e),
            None => rejected += 1,
        }
        std::fs::remove_file(&path).ok();
    }
    assert!(failures.is_empty(), "{} mutants differ:\n{}", failures.len(), failures.join("\n"));
    assert!(checked > 1000, "checked {checked}, not loaded {rejected}");
}

/// A small game with one of each declaration; `{}` takes a rules snippet.
const TEMPLATE: &str = r#"[game]
name = "t"
players = ["white", "black"]
rules = '''
board square files a..d ranks 1..4
dirs orth = N E S W
zone far = rank 4
counter score per-player = 0
counter turn = 0
register ep
tally near max 3 for R when orth [enemy]
define step1 = orth [empty]
define twice(D) = D D
piece R { move step1 }
piece K { move orth [!friend] }
followup flee by opponent: move step1 else { remove cell }
SNIPPET
end { loss if no-moves }
'''
[pieces.R]
[pieces.K]
royal = true
[setup.white]
K = "a1"
[setup.black]
K = "d4"
[reserve.white]
R = 1
[options]
pick = false
"#;

/// Rules snippets with mistakes of every kind the checker knows.
const BROKEN: &[&str] = &[
    "piece R { move @a N @b N @c N @d N @e N @f N @e }",
    "piece R { move ((((N*)*)*)*)* [empty] }",
    "piece R { move orth [repetition(2) | can-capture(Q, R) | no-moves] }",
    "on move if no-moves { turn = 1 }\nrequire R if repetition(3)",
    "piece R { move orth [near < score] [near >= 2] [near == zz] }",
    "on move { drop Q at from drop K at from drop R at sideways }",
    "followup f2 by mover: a { drop Q at from } | b weight zz { drop R at here }",
    "on move { reset zz change Q remove somewhere start zz score = count(zz) nope += 1 }",
    "piece R { move orth [enemy(turn) > friend(2) & max(a b, 1) > min(1) & f(x) > 0] }",
    "piece R { move then(zz) then(@a) remove(orth) remove(Q) remove([empty]) carry(@x) land(@y) carry(@a, @b) zz(N) }",
    "piece R { move twice(NNE) twice(orth) [zz] }",
    "followup f3 by zz: choose [zz & far] { pocket }\nfollowup f4 by score: choose [ep] { }",
    "drop R K [empty & zz]\nbeats R > Z, Z > R\npush orth [zz] then nope\npush NNE [empty] then flee",
    "custodian orth by line choose if nope\ncustodian NNE by line",
    "piece Z { move N }\npiece R { promote in nowhere to Q }\npiece K { promote in far to Q K }",
    "on move Q by grey if zz { }\non capture { pocket }",
    "zone bad = rank 9 file z e9 far\nzone two: white = rank 9, black = zz, grey = a1",
    "orient grey 90\nregister a\nregister b long",
    "define loop = loop N\npiece R { move loop }",
    "define m(D) = @D\npiece R { move m(@a) m(@b) m(@c) m(@d) m(@e) m(@f) }",
    "piece R { move [unmoved & origin & attacked & check & neutral & stacked & beaten & can-beat & true & !false] N }",
    // Promotion by the path: an unknown type, a mark, in an attack line; `require drop`
    // without drops; `promoted` outside an `illegal` rule; `threatens` of no piece letter.
    "piece R { move N promote(Q) | N promote(@a) attack N promote(K) }",
    "require drop\non move if promoted { }\nillegal if promoted & check(opponent)",
    "piece R { move orth [empty & !threatens(2) & !threatens(Q)] }",
];

/// Whole files with a problem of the game as a whole, and the options to check them with.
fn whole_file_cases() -> Vec<(String, Vec<String>)> {
    let regs: String = (0..33).map(|i| format!("register r{i} long\n")).collect();
    let steps: String = (0..251).map(|_| "s by white: choose [empty] { }\n").collect();
    let t = |snippet: &str| TEMPLATE.replace("SNIPPET", snippet);
    let none = vec![];
    vec![
        (t(""), vec!["pick=maybe".to_string(), "nosuch".to_string()]),
        (t("").replace("[game]\n", "[game]\nneutral = [\"white\", \"grey\"]\n"), none.clone()),
        (t("").replace("players = [\"white\", \"black\"]", "players = []"), none.clone()),
        (t("").replace("[pieces.R]\n[pieces.K]\nroyal = true\n", ""), none.clone()),
        (t("tally a max 15 for R when N\ntally b max 15 for R when N"), none.clone()),
        (t(&regs), none.clone()),
        (t("").replace("board square files a..d ranks 1..4\n", ""), none.clone()),
        (t(&format!("setup {{\n{steps}}}")), none.clone()),
        (t("") + "[setup.white.x]\n", none.clone()),
        (t("").replace("K = \"d4\"", "K = \"d4\"\nR = \"d4\""), none.clone()),
        (t("").replace("K = \"a1\"", "K = \"a1 e9\"") + "[fen]\ncastling = { K = \"a1 z0\" }\n", none.clone()),
        (
            t("")
                + "[display]\nzones = { far = \"~\", zz = \"^\" }\nfills = { yy = \"#000000\" }\n\
                     factions = { white = \"#ffffff\", grey = \"#888888\" }\n",
            none.clone(),
        ),
        (t("counter big = 9223372036854775807\nend { draw if repetition(0) }"), none.clone()),
        // End-rule names: empty, on two lines, shared by a draw and a loss.
        (
            t("").replace(
                "end { loss if no-moves }",
                "end {\n  loss \"\" if no-moves\n  loss \"two\nlines\" if no-moves\n  loss \"stuck\" if no-moves\n  draw \"stuck\" if no-moves\n}",
            ),
            none.clone(),
        ),
        // Glyphs: not one or two visible characters, a list not one per faction.
        (
            t("").replace("[pieces.K]\n", "[pieces.K]\nglyph = [\"K K\", \"k\", \"x\"]\n")
                .replace("[pieces.R]\n", "[pieces.R]\nglyph = \"\"\n"),
            none.clone(),
        ),
        // Two types of one faction drawn alike.
        (
            t("").replace("[pieces.K]\n", "[pieces.K]\nglyph = \"♜\"\n")
                .replace("[pieces.R]\n", "[pieces.R]\nglyph = \"♜\"\n"),
            none.clone(),
        ),
        // A move written another way in a game whose moves may choose a victim; one
        // written with a mark not set.
        (
            t("custodian orth by line choose if pick")
                .replace("piece R { move step1 }", "piece R { move @a N written(@a) | N written(@zz) }"),
            none.clone(),
        ),
        // Castling by files: with castling by cells too, an unknown type, a cell without a
        // file letter in the zone, `outer` not two letters; then the keys missing.
        (
            t("zone extra = x c1")
                .replace("ranks 1..4\n", "ranks 1..4 { cell x at (5, 5) }\n")
                .replace("K = \"a1\"", "K = \"a1\"\nR = \"c1\"")
                + "[fen]\ncastling = { K = \"a1\" }\n\
                   castling-files = { pieces = \"R Y\", with = \"K\", zone = \"extra\", outer = \"KK\" }\n",
            none.clone(),
        ),
        (t("") + "[fen]\ncastling-files = { pieces = \"R\", zone = \"nowhere\", outer = \"Q\" }\n", none.clone()),
        // Entries with a move: an unknown cell word, a type without a reserve, an unknown
        // type; and entries in a game whose moves choose a pushed piece.
        (t("drop R K Z at here [unmoved & zz]"), none.clone()),
        (t("drop R at vacated [unmoved]\npush orth [enemy] then flee"), none.clone()),
        (t("drop R at from [unmoved]").replace("piece R { move step1 }", "piece R { move @a N written(@a) }"), none.clone()),
        // check(PLAYER), zones in functions, `illegal` rules.
        (
            t("illegal \"\" if check(zz) | check(white, black) | count(friend R in far) > max(friend R in far, 1)\n\
               illegal if no-moves | can-move(R in far) | repetition(R in far) | count(K in nowhere) > 0")
                .replace("end { loss if no-moves }", "end { loss if check(mover) & can-move(K in nowhere) }"),
            none.clone(),
        ),
        // Passing and conditional attacks: an attack's condition asking about attacks,
        // `sees` with the wrong arguments, `on pass` with piece types.
        (
            t("piece R { move step1 attack orth [enemy] if check | !attacked attack N if sees(K, N) }\n\
               on pass K { }\npass if sees(R, orth, K) & sees(R, zz, Q)"),
            none.clone(),
        ),
        // The hand: a base that is the type itself, a base with a base, two types of one
        // base under a base mark, `remember` on a type that never promotes, a mark that is
        // a letter; then a promoted mark with nothing remembered, and two equal marks.
        (
            t("").replace("[pieces.K]\n", "[pieces.K]\ndemote = \"K\"\n[pieces.Q]\ndemote = \"R\"\n[pieces.S]\n\
                 demote = \"Q\"\nremember = true\n[pieces.T]\ndemote = \"R\"\n")
                .replace("tally near max 3 for R when orth [enemy]\n", "")
                + "[fen]\nbase-mark = \"x\"\npromoted-mark = \"~\"\n",
            none.clone(),
        ),
        (t("") + "[fen]\nbase-mark = \"~\"\npromoted-mark = \"~\"\n", none.clone()),
        // `dropped` outside an `illegal` rule, `stuck` outside a drop rule, `along` with an
        // unknown condition and direction, promotion zones of each kind unknown.
        (
            t("on move if dropped(R) & stuck { }\ndrop R [!stuck & along(orth, zz) & along(zz, R)]\n\
               piece R { promote optional in nowhere or from far or from zz or stuck to Q }"),
            vec![],
        ),
        // Capture sequences: `via` in a game without `captures distinct`, the declaration
        // made twice, and a numbering of a colour no cell has.
        (t("").replace("piece R { move step1 }", "piece R { move N [empty] via(here) }"), none.clone()),
        (t("captures distinct\ncaptures distinct by path"), none.clone()),
        (t("").replace("ranks 1..4\n", "ranks 1..4 { number colour 5 }\n"), none.clone()),
        // `[ai]`: an unknown search, a weight out of range, a weight of a term the game
        // does not have (nothing promotes); then every weight the game has at 0.
        (t("") + "[ai]\nsearch = \"minimax\"\nmaterial = 1001\nadvance = 50\n", none.clone()),
        (t("") + "[ai]\nmaterial = 0\ncentre = 0\ngoal = 0\nreserve = 0\n", none),
    ]
}

#[test]
fn broken_rules_raise_every_kind_of_problem() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check_broken");
    std::fs::create_dir_all(&dir).unwrap();
    let mut all = String::new();
    let mut cases: Vec<(String, Vec<String>)> = vec![];
    for snippet in BROKEN {
        cases.push((TEMPLATE.replace("SNIPPET", snippet), vec![]));
        all.push_str(snippet);
        all.push('\n');
    }
    // All at once, with a broken setup, reserve, letters and fen as well.
    let toml = TEMPLATE.replace("SNIPPET", &all)
        + "[setup.grey]\nK = \"a1\"\n[reserve.grey]\nR = 1\n[letters.black]\nK = \"K\"\n\
           [letters.grey]\nR = \"X\"\n[fen]\nhalfmove = \"score\"\nfullmove = \"zz\"\n";
    cases.push((toml, vec![]));
    cases.extend(whole_file_cases());
    let mut seen = vec![];
    let mut report = String::new();
    for (i, (toml, options)) in cases.iter().enumerate() {
        let path = dir.join(format!("broken{i:02}.toml"));
        std::fs::write(&path, toml).unwrap();
        match compare_kinds(&path, options) {
            Some(Ok(problems)) => {
                for d in problems {
                    let at = (d.span.start, d.span.end);
                    report.push_str(&format!("broken{i:02} {} {at:?}: {} | {}\n", d.code.id(), d.message, d.hint));
                    seen.push(d.code);
                }
            }
            Some(Err(e)) => panic!("{e}"),
            None => panic!("{}: does not load", path.display()),
        }
    }
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => true}, {
        insta::assert_snapshot!("broken_rules", report);
    });
    // Every kind of problem the checker knows is met (the rest of the game's
    // problems are the board's).
    for k in CheckCode::ALL {
        assert!(seen.contains(&Code::Check(*k)), "no case raises {k:?}");
    }
}
