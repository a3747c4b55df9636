//! Located diagnostics: the data (`Diagnostic`, byte `Span`s) and its renderers.
//!
//! The compiler returns diagnostics as plain data; rendering is a separate step (`render`, [`Renderer`]) so that the CLI can
//! print them for people (`human`: message, location, source line, `^^^` underline, notes), for editors (`short`:
//! `file:line:col: severity: message`) or for tools (`json`).

mod lines;
mod render;

pub use lines::LineIndex;
pub use render::{
    render_human, render_short, Color, Format, Renderer, LEFT_CONTEXT, MAX_ECHO_WIDTH, MAX_SHOWN,
};

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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    /// Adds a label in place (for use on a `&mut Diagnostic` a sink returns).
    pub fn label(&mut self, span: Span, message: impl Into<String>) -> &mut Diagnostic {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }
    /// Adds a note in place.
    pub fn note(&mut self, note: impl Into<String>) -> &mut Diagnostic {
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

/// How many repeats of one diagnostic are shown as "also here" labels.
const MAX_REPEAT_LABELS: usize = 4;

/// Folds diagnostics that say the same thing (severity, message, labels and notes) into the first of them, the
/// later ones becoming "also here" labels: one mistake made four times in a start position is one error. Keeps
/// the order of the first occurrences.
pub fn merge_repeats(diags: &mut Vec<Diagnostic>) {
    type Key<'a> = (Severity, &'a str, &'a [Label], &'a [String]);
    // For each diagnostic, the first one that says the same thing (found without copying any text).
    let mut first: std::collections::HashMap<Key, usize> = Default::default();
    let leaders: Vec<usize> = diags
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let key = (d.severity, d.message.as_str(), &d.labels[..], &d.notes[..]);
            *first.entry(key).or_insert(i)
        })
        .collect();
    drop(first);
    let mut kept: Vec<Diagnostic> = Vec::new();
    let mut kept_at: Vec<usize> = vec![usize::MAX; diags.len()];
    let mut repeats: Vec<usize> = Vec::new();
    for (i, d) in diags.drain(..).enumerate() {
        let leader = leaders[i];
        if leader == i {
            kept_at[i] = kept.len();
            kept.push(d);
            repeats.push(0);
            continue;
        }
        let k = kept_at[leader];
        let same_place = kept[k].span == d.span || kept[k].labels.iter().any(|l| l.span == d.span);
        // The same diagnostic found twice at the same place (by two passes) is shown once.
        if !same_place {
            repeats[k] += 1;
            if repeats[k] <= MAX_REPEAT_LABELS {
                kept[k].label(d.span, "also here");
            }
        }
    }
    for (d, n) in kept.iter_mut().zip(repeats) {
        if n > MAX_REPEAT_LABELS {
            d.note(format!("{} more times", n - MAX_REPEAT_LABELS));
        }
    }
    *diags = kept;
}

/// Levenshtein distance, for "did you mean" suggestions (two rows, reused).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur: Vec<usize> = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// The closest candidate within a small edit distance, if any.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = name.chars().count();
    let limit = (len / 3).max(1) + 1;
    // Lengths further apart than the limit cannot be near: this also keeps a huge word from costing its length
    // times each candidate's.
    let lower = name.to_lowercase();
    candidates
        .into_iter()
        .filter(|c| c.chars().count().abs_diff(len) <= limit)
        .map(|c| (edit_distance(&lower, &c.to_lowercase()), c))
        .filter(|(d, _)| *d <= limit && *d < len)
        .min_by_key(|&(d, c)| (d, c))
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestion_finds_a_near_name() {
        assert_eq!(suggest("zone5", ["zone1", "last"]), Some("zone1"));
        assert_eq!(suggest("xyz", ["zone1"]), None);
    }
}
