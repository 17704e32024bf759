//! The syntax's operator and outcome words as the compiled game's vocabulary.

use crate::ir::{AssignOp, CmpOp, Event, Outcome};
use crate::syntax::ast;

impl From<ast::CmpOp> for CmpOp {
    fn from(op: ast::CmpOp) -> Self {
        match op {
            ast::CmpOp::Eq => CmpOp::Eq,
            ast::CmpOp::Ne => CmpOp::Ne,
            ast::CmpOp::Lt => CmpOp::Lt,
            ast::CmpOp::Le => CmpOp::Le,
            ast::CmpOp::Gt => CmpOp::Gt,
            ast::CmpOp::Ge => CmpOp::Ge,
        }
    }
}

impl From<ast::AssignOp> for AssignOp {
    fn from(op: ast::AssignOp) -> Self {
        match op {
            ast::AssignOp::Set => AssignOp::Set,
            ast::AssignOp::Add => AssignOp::Add,
            ast::AssignOp::Sub => AssignOp::Sub,
        }
    }
}

impl From<ast::Event> for Event {
    fn from(e: ast::Event) -> Self {
        match e {
            ast::Event::Move => Event::Move,
            ast::Event::Capture => Event::Capture,
            ast::Event::Turn => Event::Turn,
        }
    }
}

impl From<ast::Outcome> for Outcome {
    fn from(o: ast::Outcome) -> Self {
        match o {
            ast::Outcome::Win => Outcome::Win,
            ast::Outcome::Loss => Outcome::Loss,
            ast::Outcome::Draw => Outcome::Draw,
        }
    }
}
