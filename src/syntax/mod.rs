//! The rules DSL: syntax tree and parser.

pub mod ast;
pub mod parse;
