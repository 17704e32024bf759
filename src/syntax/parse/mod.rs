//! Parses rules text into the [`ast`](super::ast) with pest. One file a part of the
//! language: top-level statements ([`items`]), the board ([`board`]), patterns, conditions
//! and expressions ([`pattern`]), decisions and effects ([`step`]).

mod board;
mod items;
mod nesting;
mod pattern;
mod step;

use super::ast::{Name, Rules, Span};
use super::statements;
use crate::diag::{Diag, SyntaxCode};
use pest::Parser;
use pest::iterators::Pair;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/rules.pest"]
struct RulesParser;

type P<'a> = Pair<'a, Rule>;

/// Builds syntax tree nodes from pest's pairs. Every span is moved by `shift`: where the
/// text being parsed starts in the shared span space.
#[derive(Clone, Copy)]
struct Ctx {
    shift: usize,
}

impl Ctx {
    fn span(self, p: &P) -> Span {
        let s = p.as_span();
        Span { start: s.start() + self.shift, end: s.end() + self.shift }
    }

    fn name(self, p: P) -> Name {
        Name { text: p.as_str().to_string(), span: self.span(&p) }
    }

    fn names(self, p: P) -> Vec<Name> {
        p.into_inner().map(|q| self.name(q)).collect()
    }

    /// The name held by the first inner pair of `p`.
    fn inner_name(self, p: P) -> Name {
        self.name(first(p))
    }

    fn int(self, p: P) -> Result<i64, Diag> {
        p.as_str().parse().map_err(|_| {
            Diag::new(SyntaxCode::NumberOutOfRange, self.span(&p), "number out of range", "use a smaller number")
        })
    }
}

/// The first inner pair (the grammar guarantees there is one).
fn first(p: P) -> P {
    p.into_inner().next().unwrap()
}

/// Parses one rules text; `shift` is added to every span (the text's place in the span space).
pub fn parse(text: &str, shift: usize) -> Result<Rules, Diag> {
    nesting::check_depth(text, shift)?;
    nesting::limit_parser_calls();
    let mut pairs = RulesParser::parse(Rule::file, text).map_err(|e| pest_error(e, shift))?;
    let file = pairs.next().expect("file rule");
    let cx = Ctx { shift };
    let mut rules = Rules::default();
    for item in file.into_inner() {
        cx.item(item, &mut rules)?;
    }
    Ok(rules)
}

fn pest_error(e: pest::error::Error<Rule>, shift: usize) -> Diag {
    let (start, end) = match e.location {
        pest::error::InputLocation::Pos(p) => (p, p),
        pest::error::InputLocation::Span((a, b)) => (a, b),
    };
    let msg = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<String> = positives.iter().map(describe).collect();
            names.sort();
            names.dedup();
            if names.is_empty() {
                "syntax error".to_string()
            } else {
                format!("syntax error: expected {}", names.join(", "))
            }
        }
        pest::error::ErrorVariant::CustomError { message } => {
            let span = Span { start: start + shift, end: end + shift };
            let msg = format!("the rules text is too complex to parse ({message})");
            let hint = "split long statements, name repeated parts with `define`, close open brackets";
            return Diag::new(SyntaxCode::TooComplex, span, msg, hint);
        }
    };
    let span = Span { start: start + shift, end: end + shift };
    Diag::new(SyntaxCode::Syntax, span, msg, "see docs/LANGUAGE.md for the syntax of each statement")
}

fn describe(r: &Rule) -> String {
    match r {
        Rule::ident | Rule::dir_ref | Rule::cname | Rule::ename => "a name".into(),
        Rule::int | Rule::number => "a number".into(),
        Rule::pattern | Rule::seq | Rule::postfix => "a pattern".into(),
        Rule::cond | Rule::cand | Rule::cnot => "a condition".into(),
        Rule::expr => "an expression".into(),
        Rule::EOI => format!("a statement ({})", statements::keyword_list()),
        other => format!("{other:?}").replace('_', " "),
    }
}
