//! The sink the passes report into: one file name, every diagnostic in the order found.
use crate::diag::{Diagnostic, Span};

pub struct Diags {
    file: String,
    list: Vec<Diagnostic>,
}

impl Diags {
    pub fn new(file: &str) -> Diags {
        Diags {
            file: file.to_string(),
            list: Vec::new(),
        }
    }
    /// Reports an error; the returned reference lets the caller add labels and notes.
    pub fn error(&mut self, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.list.push(Diagnostic::error(&self.file, span, message));
        self.list.last_mut().expect("just pushed")
    }
    pub fn warning(&mut self, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.list
            .push(Diagnostic::warning(&self.file, span, message));
        self.list.last_mut().expect("just pushed")
    }
    /// Adds diagnostics found elsewhere (the reader's syntax errors).
    pub fn extend(&mut self, diags: Vec<Diagnostic>) {
        self.list.extend(diags);
    }
    /// Adds the note `explain` gives to each error located inside `within`.
    pub fn annotate(&mut self, within: Span, explain: impl Fn(&Diagnostic) -> Option<String>) {
        for d in &mut self.list {
            let inside = within.start <= d.span.start && d.span.end <= within.end;
            if d.is_error() && inside {
                if let Some(note) = explain(d) {
                    d.notes.push(note);
                }
            }
        }
    }
    pub fn has_errors(&self) -> bool {
        self.list.iter().any(Diagnostic::is_error)
    }
    pub fn error_count(&self) -> usize {
        self.list.iter().filter(|d| d.is_error()).count()
    }
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.list
    }
}
