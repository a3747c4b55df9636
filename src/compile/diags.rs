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

impl Diagnostic {
    /// Adds a label in place (for use on the `&mut` returned by [`Diags::error`]).
    pub fn label(&mut self, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.labels.push(crate::diag::Label {
            span,
            message: message.into(),
        });
        self
    }
    pub fn note(&mut self, note: impl Into<String>) -> &mut Diagnostic {
        self.notes.push(note.into());
        self
    }
}
