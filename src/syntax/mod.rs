//! The rules DSL: syntax tree, parser and the table of top-level statements.

pub mod ast;
pub mod parse;
pub mod statements;
