//! The board declaration of the rules text turned into [`Builder`] calls: the generator,
//! the edits in order, the colour formula; every problem as a diagnostic at its place.

use crate::board::{Board, BuildError, Builder};
use crate::diag::{CheckCode, Diag, Span};
use crate::syntax::ast::{BoardDecl, BoardStmt, Expr, Generator};

/// Builds the board of a declaration. A generator problem stops at once; otherwise every
/// edit's problem is reported, in order, before the colour formula and the finished board
/// are looked at.
pub fn build(decl: &BoardDecl) -> Result<Board, Vec<Diag>> {
    let mut b = generate(&decl.generator, decl.span).map_err(|d| vec![d])?;
    let mut errs = vec![];
    let mut colour = None;
    let mut number = None;
    for s in &decl.stmts {
        match s {
            BoardStmt::Colour(e, m) => colour = Some((e, *m)),
            BoardStmt::Number(k, sp) => number = Some((*k, *sp)),
            _ => {
                if let Err(e) = edit(&mut b, s) {
                    errs.push(e);
                }
            }
        }
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    if let Some((e, m)) = colour {
        b.recolour(|vars| Ok(eval_coord(e, vars)?.rem_euclid(m))).map_err(|d| vec![d])?;
    }
    if let Some((k, sp)) = number
        && !b.number(k)
    {
        let hint = "square boards colour a1 0 and b1 1 unless a `colour` edit says otherwise";
        return Err(vec![Diag::new(CheckCode::NumberNoCells, sp, format!("no cell has colour {k}"), hint)]);
    }
    b.finish().map_err(|e| vec![diag(e, Span::default())])
}

fn diag(e: BuildError, at: Span) -> Diag {
    Diag::new(e.code(), at, e.message(), e.hint())
}

fn generate(g: &Generator, span: Span) -> Result<Builder, Diag> {
    match g {
        Generator::Square { files, ranks } => Builder::square(&files.0.text, &files.1.text, *ranks).map_err(|e| {
            let at = match e {
                BuildError::BadFileRange => Span { start: files.0.span.start, end: files.1.span.end },
                _ => span,
            };
            diag(e, at)
        }),
        Generator::Triangle { rows } => Builder::triangle(*rows).map_err(|e| diag(e, span)),
        Generator::Hex { radius } => Builder::hex(*radius).map_err(|e| diag(e, span)),
    }
}

/// Applies one `remove`, `cell` or `link` edit.
fn edit(b: &mut Builder, s: &BoardStmt) -> Result<(), Diag> {
    match s {
        BoardStmt::Remove(names) => {
            for n in names {
                b.remove(&n.text).map_err(|e| diag(e, n.span))?;
            }
        }
        BoardStmt::Cell(name, (x, y), span) => {
            b.add_cell(name.as_ref().map(|n| n.text.as_str()), *x, *y).map_err(|e| {
                let at = match (&e, name) {
                    (BuildError::DuplicateCell(_), Some(n)) => n.span,
                    _ => *span,
                };
                diag(e, at)
            })?;
        }
        BoardStmt::Link(a, d, targets) => {
            let from = b.find(&a.text).map_err(|e| diag(e, a.span))?;
            let dir = b.dir(&d.text).map_err(|e| diag(e, d.span))?;
            for t in targets {
                let to = b.find(&t.text).map_err(|e| diag(e, t.span))?;
                b.link(from, dir, to);
            }
        }
        BoardStmt::Colour(..) | BoardStmt::Number(..) => {}
    }
    Ok(())
}

/// The value of a colour formula for a cell with these generator coordinates.
fn eval_coord(e: &Expr, vars: &[(&'static str, i64)]) -> Result<i64, Diag> {
    match e {
        Expr::Int(v, _) => Ok(*v),
        Expr::Name(n) => vars.iter().find(|(k, _)| *k == n.text).map(|(_, v)| *v).ok_or_else(|| {
            let known = vars.iter().map(|(k, _)| k.to_string()).collect();
            diag(BuildError::UnknownCoordinate { name: n.text.clone(), known }, n.span)
        }),
        Expr::Add(a, b, neg) => {
            let (a, b) = (eval_coord(a, vars)?, eval_coord(b, vars)?);
            Ok(if *neg { a - b } else { a + b })
        }
        Expr::Func(n, _) => Err(diag(BuildError::FunctionInColour, n.span)),
    }
}
