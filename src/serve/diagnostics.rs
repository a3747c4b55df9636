//! Diagnostics as the page shows them: located (line and column from 1, columns in characters), with the source
//! line, a caret line under the span, the notes, and the whole text as `tatsu check` prints it.
use crate::diag::{Diagnostic, LineIndex, Renderer};
use serde_json::{json, Value};

/// The diagnostics of one source text, as a JSON array.
pub fn diagnostics_json(source: &str, diagnostics: &[Diagnostic]) -> Value {
    let index = LineIndex::new(source);
    let renderer = Renderer::new(source);
    Value::Array(
        diagnostics
            .iter()
            .map(|d| one(source, &index, &renderer, d))
            .collect(),
    )
}

fn one(source: &str, index: &LineIndex, renderer: &Renderer, d: &Diagnostic) -> Value {
    let (line, column, range) = index.locate(source, d.span.start);
    let (end_line, end_column, _) = index.locate(source, d.span.end);
    let source_line = &source[range.clone()];
    // The caret runs under the span's part on its first line, and is at least one character wide.
    let width = if end_line == line {
        end_column.saturating_sub(column).max(1)
    } else {
        source_line
            .chars()
            .count()
            .saturating_sub(column - 1)
            .max(1)
    };
    let caret = format!("{}{}", " ".repeat(column - 1), "^".repeat(width));
    let labels: Vec<Value> = d
        .labels
        .iter()
        .map(|l| {
            let (line, column, _) = index.locate(source, l.span.start);
            json!({"line": line, "column": column, "message": l.message})
        })
        .collect();
    json!({
        "severity": d.severity.as_str(),
        "file": d.file,
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
        "source_line": source_line,
        "caret": caret,
        "message": d.message,
        "labels": labels,
        "notes": d.notes,
        "rendered": renderer.human(d),
    })
}
