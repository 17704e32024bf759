//! The table of top-level statements (`interp::syntax::statements::STATEMENTS`) and the
//! grammar's `item` rule must list the same statements, in the same order; each entry's
//! keyword must be a word its grammar rule starts with.

use interp::syntax::statements::STATEMENTS;

fn grammar() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/rules.pest");
    std::fs::read_to_string(path).expect("read grammar/rules.pest")
}

/// The body of the rule `name` (the text between its first `{` and the end of its line).
fn rule_body<'a>(grammar: &'a str, name: &str) -> Option<&'a str> {
    grammar.lines().find_map(|l| {
        let (head, body) = l.split_once('=')?;
        (head.trim() == name).then(|| body.trim())
    })
}

/// The alternatives of the grammar's `item` rule, in order.
fn items(grammar: &str) -> Vec<String> {
    let body = rule_body(grammar, "item").expect("an `item` rule");
    let inner = body.trim_start_matches("_{").trim_end_matches('}');
    inner.split('|').map(|s| s.trim().to_string()).collect()
}

#[test]
fn table_lists_the_grammars_items_in_order() {
    let g = grammar();
    let items = items(&g);
    assert_eq!(items.len(), 21, "the item rule as read: {items:?}");
    let table: Vec<&str> = STATEMENTS.iter().map(|s| s.rule).collect();
    assert_eq!(table, items, "STATEMENTS (src/syntax/statements.rs) and the grammar's `item` rule differ");
}

#[test]
fn each_keyword_starts_its_rule() {
    let g = grammar();
    for s in STATEMENTS {
        let body = rule_body(&g, s.rule).unwrap_or_else(|| panic!("no grammar rule `{}`", s.rule));
        assert!(
            body.contains(&format!("\"{}\"", s.keyword)),
            "rule `{}` has no keyword \"{}\": {body}",
            s.rule,
            s.keyword
        );
        assert!(!s.about.is_empty(), "`{}` needs a description", s.keyword);
    }
}

#[test]
fn keywords_are_unique() {
    let mut k: Vec<&str> = STATEMENTS.iter().map(|s| s.keyword).collect();
    k.sort();
    k.dedup();
    assert_eq!(k.len(), STATEMENTS.len());
}
