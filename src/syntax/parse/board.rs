//! The board declaration: a generator and its edits.

use super::{Ctx, P, Rule, first};
use crate::diag::Diag;
use crate::syntax::ast::*;

impl Ctx {
    /// `board GENERATOR [{ STMTS }]`
    pub(super) fn board(self, p: P) -> Result<BoardDecl, Diag> {
        let sp = self.span(&p);
        let mut it = p.into_inner();
        let generator = self.generator(first(it.next().unwrap()))?;
        let stmts = it.map(|s| self.board_stmt(s)).collect::<Result<_, _>>()?;
        Ok(BoardDecl { generator, stmts, span: sp })
    }

    fn generator(self, g: P) -> Result<Generator, Diag> {
        Ok(match g.as_rule() {
            Rule::gen_square => {
                let mut i = g.into_inner();
                let f0 = self.name(i.next().unwrap());
                let f1 = self.name(i.next().unwrap());
                let r0 = self.int(i.next().unwrap())?;
                let r1 = self.int(i.next().unwrap())?;
                Generator::Square { files: (f0, f1), ranks: (r0, r1) }
            }
            Rule::gen_triangle => Generator::Triangle { rows: self.int(first(g))? },
            _ => Generator::Hex { radius: self.int(first(g))? },
        })
    }

    fn board_stmt(self, s: P) -> Result<BoardStmt, Diag> {
        Ok(match s.as_rule() {
            Rule::remove_stmt => BoardStmt::Remove(self.names(s)),
            Rule::cell_stmt => self.cell_stmt(s),
            Rule::number_stmt => {
                let sp = self.span(&s);
                BoardStmt::Number(self.int(first(s))?, sp)
            }
            Rule::link_stmt => {
                let mut i = s.into_inner();
                let a = self.name(i.next().unwrap());
                let d = self.name(i.next().unwrap());
                BoardStmt::Link(a, d, i.map(|q| self.name(q)).collect())
            }
            _ => {
                let mut i = s.into_inner();
                let e = self.expr(i.next().unwrap())?;
                BoardStmt::Colour(e, self.int(i.next().unwrap())?)
            }
        })
    }

    /// `cell [NAME at] (X, Y)`
    fn cell_stmt(self, s: P) -> BoardStmt {
        let ssp = self.span(&s);
        let mut n = None;
        let mut c = (0.0, 0.0);
        for q in s.into_inner() {
            if q.as_rule() == Rule::ident {
                n = Some(self.name(q));
            } else {
                let v: Vec<f64> = q.into_inner().map(|x| x.as_str().parse().unwrap_or(0.0)).collect();
                c = (v[0], v[1]);
            }
        }
        BoardStmt::Cell(n, c, ssp)
    }
}
