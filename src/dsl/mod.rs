//! The front end: variant text → spanned syntax tree ([`ast::File`]), with located syntax errors.
pub mod ast;
mod lower;
mod reader;
mod scan;
pub mod source;
mod syntax;

use crate::diag::Diagnostic;

pub use reader::{MAX_ERRORS_PER_LINE, MAX_SYNTAX_ERRORS};

/// Reads a variant file: every statement that could be read, and a located diagnostic for every syntax error (the
/// reader resynchronises after each one). A UTF-8 byte-order mark is skipped.
pub fn parse(file_name: &str, source: &str) -> (ast::File, Vec<Diagnostic>) {
    let mut reader = reader::Reader::new(file_name, source);
    reader.read_all();
    let file = ast::File {
        statements: reader.statements,
        unread: reader.unread,
    };
    (file, reader.diags)
}
