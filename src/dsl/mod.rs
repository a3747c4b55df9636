//! The front end: variant text → spanned syntax tree ([`ast::File`]), with located parse errors.
pub mod ast;
mod lower;
mod syntax;

pub(crate) use syntax::pest_error_diagnostic;

use crate::diag::Diagnostic;

/// Parses a variant file. A syntax error is returned as a located diagnostic (the parser stops at the first one).
pub fn parse(file_name: &str, source: &str) -> Result<ast::File, Vec<Diagnostic>> {
    match syntax::parse_file(source) {
        Ok(pair) => Ok(lower::lower_file(pair)),
        Err(err) => Err(vec![syntax::to_diagnostic(file_name, source, &err)]),
    }
}
