//! Typed parse errors with byte spans and designer-readable messages.
use crate::Span;
use std::fmt;

/// What kind of mistake a [`BetzaError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A letter or character that XBetza does not know (`k`, `E`, `-` in the middle of a move…).
    UnknownLetter,
    /// Direction or modifier letters that are not followed by an atom (`fm` at the end of the string).
    ModifierWithoutAtom,
    /// A direction that selects nothing on its atom (`ffW`, `hF`, `vvN`, `fO2`).
    MeaninglessDirection,
    /// A range that is not a plain number after an atom (`W00`, `N-`, `O` without distance, a lone `3`).
    MalformedRange,
    /// The empty string.
    Empty,
    /// Anything else (misplaced or repeated letters, a modifier that cannot apply to its atom…).
    Other,
    /// Characters after the last atom that cannot start a move (`W)`, `N ` …).
    TrailingJunk,
    /// Valid XBetza that tatsu deliberately does not implement (a second `( )` group, more than
    /// `MAX_PATHS` paths, …).
    Unsupported,
}

/// One mistake in an XBetza string: what, where (byte span in the input), and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    pub kind: ErrorKind,
    pub span: Span,
    pub message: String,
    pub help: Option<String>,
}

impl BetzaError {
    pub(crate) fn new(kind: ErrorKind, span: Span, message: impl Into<String>) -> Self {
        BetzaError {
            kind,
            span,
            message: message.into(),
            help: None,
        }
    }

    pub(crate) fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Renders the error the way a compiler does, with the input line and a caret under the bad
    /// letters, e.g.
    /// ```text
    /// error: `k` is not an XBetza modifier
    ///   |
    /// 1 | fkW
    ///   |  ^ did you mean `c` (capture only)?
    /// ```
    pub fn render(&self, input: &str) -> String {
        let start = self.span.start.min(input.len());
        let end = self.span.end.clamp(start, input.len());
        let col = input.get(..start).map_or(start, |s| s.chars().count());
        let width = input
            .get(start..end)
            .map_or(1, |s| s.chars().count())
            .max(1);
        let mut out = format!(
            "error: {}\n  |\n1 | {}\n  | {}{}",
            self.message,
            input,
            " ".repeat(col),
            "^".repeat(width)
        );
        if let Some(help) = &self.help {
            out.push(' ');
            out.push_str(help);
        }
        out.push('\n');
        out
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at byte {})", self.message, self.span.start)?;
        if let Some(help) = &self.help {
            write!(f, "; {help}")?;
        }
        Ok(())
    }
}

impl std::error::Error for BetzaError {}
