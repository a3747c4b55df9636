//! Located diagnostics: the data (`Diagnostic`, byte `Span`s) and its renderers.
//!
//! The compiler returns diagnostics as plain data; rendering is a separate step so that the CLI can print them for
//! people (`human`: message, location, source line, `^^^` underline, notes), for editors (`short`:
//! `file:line:col: severity: message`) or for tools (`json`).

use std::fmt::Write as _;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
}

impl From<std::ops::Range<usize>> for Span {
    fn from(r: std::ops::Range<usize>) -> Span {
        Span::new(r.start, r.end)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// A secondary location with its own message, e.g. "first defined here".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub message: String,
    pub file: String,
    pub span: Span,
    pub labels: Vec<Label>,
    /// Free-standing remarks ("did you mean `zone1`?").
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn error(file: &str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            file: file.to_string(),
            span,
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }
    pub fn warning(file: &str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(file, span, message)
        }
    }
    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }
    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Sorts diagnostics by position (then severity), the order in which they are shown.
pub fn sort(diags: &mut [Diagnostic]) {
    diags.sort_by(|a, b| {
        (a.span.start, a.span.end, a.severity, &a.message).cmp(&(
            b.span.start,
            b.span.end,
            b.severity,
            &b.message,
        ))
    });
}

/// Line (from 1), column (from 1, in characters) and the line's byte range of a byte offset.
pub fn locate(source: &str, offset: usize) -> (usize, usize, std::ops::Range<usize>) {
    let offset = floor_char_boundary(source, offset.min(source.len()));
    let line_start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[offset..]
        .find('\n')
        .map_or(source.len(), |i| offset + i);
    let line = source[..line_start].matches('\n').count() + 1;
    let column = source[line_start..offset].chars().count() + 1;
    (line, column, line_start..line_end)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The `file:line:col: severity: message` form for editors.
pub fn render_short(d: &Diagnostic, source: &str) -> String {
    let (line, col, _) = locate(source, d.span.start);
    format!(
        "{}:{}:{}: {}: {}",
        d.file,
        line,
        col,
        d.severity.as_str(),
        d.message
    )
}

/// The human form: message, location, the source line with a `^^^` underline, labels and notes.
pub fn render_human(d: &Diagnostic, source: &str) -> String {
    let mut out = String::new();
    let (line, col, _) = locate(source, d.span.start);
    let gutter = " ".repeat(line.to_string().len().max(2));
    let _ = writeln!(out, "{}: {}", d.severity.as_str(), d.message);
    let _ = writeln!(out, "{gutter}--> {}:{}:{}", d.file, line, col);
    let _ = writeln!(out, "{gutter} |");
    underline(&mut out, source, d.span, '^', "", &gutter);
    for label in &d.labels {
        let (lline, lcol, _) = locate(source, label.span.start);
        let _ = writeln!(out, "{gutter} = {}:{}:{}", d.file, lline, lcol);
        underline(&mut out, source, label.span, '-', &label.message, &gutter);
    }
    for note in &d.notes {
        let _ = writeln!(out, "{gutter} = note: {note}");
    }
    out
}

fn underline(out: &mut String, source: &str, span: Span, mark: char, message: &str, gutter: &str) {
    let (line, col, range) = locate(source, span.start);
    let text = &source[range.clone()];
    let end = floor_char_boundary(source, span.end.clamp(span.start, range.end));
    let start = floor_char_boundary(source, span.start.min(range.end));
    let width = source[start..end].chars().count().max(1);
    let _ = writeln!(out, "{:>w$} | {}", line, text, w = gutter.len());
    let pad = " ".repeat(col - 1);
    let marks: String = std::iter::repeat_n(mark, width).collect();
    let sep = if message.is_empty() { "" } else { " " };
    let _ = writeln!(out, "{gutter} | {pad}{marks}{sep}{message}");
}

/// Levenshtein distance, for "did you mean" suggestions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest candidate within a small edit distance, if any.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = name.chars().count();
    let limit = (len / 3).max(1) + 1;
    candidates
        .into_iter()
        .map(|c| (edit_distance(&name.to_lowercase(), &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= limit && *d < len)
        .min_by_key(|&(d, c)| (d, c))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn underline_sits_under_the_span() {
        let src = "board 10 x 99\n";
        let d = Diagnostic::error("f.tatsu", Span::new(11, 13), "board too big");
        let text = render_human(&d, src);
        assert!(text.contains("--> f.tatsu:1:12"), "{text}");
        assert!(text.contains("   |            ^^"), "{text}");
        assert_eq!(render_short(&d, src), "f.tatsu:1:12: error: board too big");
    }

    #[test]
    fn suggestion_finds_a_near_name() {
        assert_eq!(suggest("zone5", ["zone1", "last"]), Some("zone1"));
        assert_eq!(suggest("xyz", ["zone1"]), None);
    }
}
