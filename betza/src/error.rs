//! Typed parse errors with byte spans and designer-readable messages.
use crate::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    UnknownLetter,
    ModifierWithoutAtom,
    MeaninglessDirection,
    MalformedRange,
    Empty,
    Other,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    pub kind: ErrorKind,
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
}
