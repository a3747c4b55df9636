//! Diagnostics as text: for people (message, location, the source line, a caret underline, notes) and for editors
//! (`file:line:col: severity: message`). Tools get JSON from the command line (`check --json`), which locates
//! through [`Renderer::line_col`].
//!
//! The output is bounded whatever the input: an echoed source line shows at most [`MAX_ECHO_WIDTH`] columns around
//! the caret, a report shows at most [`MAX_SHOWN`] diagnostics and counts the rest, and locating costs a binary
//! search in the file's [`LineIndex`]. Carets are placed by display width (tabs, wide CJK characters), and control
//! characters are never written raw, neither from the source line nor from a message.
use super::lines::{floor_char_boundary, LineIndex};
use super::{Diagnostic, Severity, Span};
use anstyle::{AnsiColor, Style};
use std::fmt::Write as _;
use unicode_width::UnicodeWidthChar;

/// A report shows this many diagnostics, then counts the rest.
pub const MAX_SHOWN: usize = 50;
/// An echoed source line wider than this (in terminal columns) is cut around the caret.
pub const MAX_ECHO_WIDTH: usize = 100;
/// How much of a long line is shown before the caret.
pub const LEFT_CONTEXT: usize = 40;
/// A tab is shown as this many spaces, so that the caret line lines up in any terminal.
const TAB_WIDTH: usize = 4;

/// How diagnostics are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Message, location, the source line with an underline, labels and notes.
    Human,
    /// `file:line:col: severity: message`.
    Short,
}

/// Whether to colour the output (the command line decides, from `--color` and whether stderr is a terminal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Color {
    #[default]
    Never,
    Always,
}

/// Renders the diagnostics of one source text; build it once per file.
pub struct Renderer<'a> {
    source: &'a str,
    index: LineIndex,
    color: Color,
    max_shown: usize,
}

/// The styles of the human form (rustc's palette), or none.
struct Palette {
    error: Style,
    warning: Style,
    message: Style,
    gutter: Style,
    note: Style,
}

impl Palette {
    fn new(color: Color) -> Palette {
        if color == Color::Never {
            return Palette {
                error: Style::new(),
                warning: Style::new(),
                message: Style::new(),
                gutter: Style::new(),
                note: Style::new(),
            };
        }
        let bold = Style::new().bold();
        Palette {
            error: bold.fg_color(Some(AnsiColor::BrightRed.into())),
            warning: bold.fg_color(Some(AnsiColor::BrightYellow.into())),
            message: bold,
            gutter: bold.fg_color(Some(AnsiColor::BrightBlue.into())),
            note: bold,
        }
    }
    fn severity(&self, s: Severity) -> Style {
        match s {
            Severity::Error => self.error,
            Severity::Warning => self.warning,
        }
    }
}

impl<'a> Renderer<'a> {
    pub fn new(source: &'a str) -> Renderer<'a> {
        Renderer {
            source,
            index: LineIndex::new(source),
            color: Color::Never,
            max_shown: MAX_SHOWN,
        }
    }

    pub fn with_color(mut self, color: Color) -> Renderer<'a> {
        self.color = color;
        self
    }

    /// Line (from 1) and column (from 1, in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let (line, col, _) = self.index.locate(self.source, offset);
        (line, col)
    }

    /// The diagnostics in `format`, each followed by a line break (and a blank line in the human form): the
    /// first [`MAX_SHOWN`], then a line that says how many errors and warnings were left out. Takes any sequence
    /// (a list, or the failures of many tests) and only counts what it does not show.
    pub fn report<'d>(
        &self,
        diags: impl IntoIterator<Item = &'d Diagnostic>,
        format: Format,
    ) -> String {
        let mut out = String::new();
        let (mut errors, mut warnings) = (0, 0);
        for (i, d) in diags.into_iter().enumerate() {
            if i >= self.max_shown {
                if d.is_error() {
                    errors += 1;
                } else {
                    warnings += 1;
                }
                continue;
            }
            match format {
                Format::Human => out += &self.human(d),
                Format::Short => out += &self.short(d),
            }
            out.push('\n');
        }
        if errors + warnings > 0 {
            let p = Palette::new(self.color);
            let _ = writeln!(
                out,
                "{}note{}: {} not shown (a report shows the first {})",
                p.note,
                p.note.render_reset(),
                count_phrase(errors, warnings),
                self.max_shown
            );
        }
        out
    }

    /// The `file:line:col: severity: message` form for editors.
    pub fn short(&self, d: &Diagnostic) -> String {
        let (line, col) = self.line_col(d.span.start);
        format!(
            "{}:{}:{}: {}: {}",
            escape_controls(&d.file),
            line,
            col,
            d.severity.as_str(),
            escape_controls(&d.message)
        )
    }

    /// The human form: message, location, the source line with a `^^^` underline, labels and notes.
    pub fn human(&self, d: &Diagnostic) -> String {
        let p = Palette::new(self.color);
        let sev = p.severity(d.severity);
        let mut out = String::new();
        let (line, col) = self.line_col(d.span.start);
        let widest = d
            .labels
            .iter()
            .map(|l| self.line_col(l.span.start).0)
            .fold(line, usize::max);
        let gutter = " ".repeat(widest.to_string().len().max(2));
        let (g, g_) = (p.gutter, p.gutter.render_reset());
        let _ = writeln!(
            out,
            "{sev}{}{sev:#}{}: {}{}",
            d.severity.as_str(),
            p.message,
            escape_controls(&d.message),
            p.message.render_reset()
        );
        let file = escape_controls(&d.file);
        let _ = writeln!(out, "{gutter}{g}-->{g_} {file}:{line}:{col}");
        let _ = writeln!(out, "{gutter} {g}|{g_}");
        // Labels right of the primary span on its line that all say the same thing ("also here") share its
        // underline, their message after the last of them.
        let primary_line = self.index.line(d.span.start);
        let (beside, apart): (Vec<_>, Vec<_>) = d.labels.iter().partition(|l| {
            l.span.start >= d.span.end && self.index.line(l.span.start) == primary_line
        });
        let shared = beside.windows(2).all(|w| w[0].message == w[1].message);
        let (beside, apart) = if shared {
            (beside, apart)
        } else {
            (Vec::new(), d.labels.iter().collect())
        };
        let mut marks = vec![(d.span, '^', sev)];
        marks.extend(beside.iter().map(|l| (l.span, '-', p.gutter)));
        let message = beside.first().map(|l| escape_controls(&l.message));
        self.underline(
            &mut out,
            &marks,
            message.as_deref().unwrap_or(""),
            &gutter,
            &p,
        );
        for label in apart {
            let (lline, lcol) = self.line_col(label.span.start);
            let _ = writeln!(out, "{gutter} {g}={g_} {file}:{lline}:{lcol}");
            let message = escape_controls(&label.message);
            self.underline(
                &mut out,
                &[(label.span, '-', p.gutter)],
                &message,
                &gutter,
                &p,
            );
        }
        for note in &d.notes {
            let (n, n_) = (p.note, p.note.render_reset());
            let _ = writeln!(
                out,
                "{gutter} {g}={g_} {n}note{n_}: {}",
                escape_controls(note)
            );
        }
        out
    }

    /// The source line of the first mark's span (cut to a window around it if it is long) and, under it, each
    /// mark's character under its span (at least one column), then `message`.
    fn underline(
        &self,
        out: &mut String,
        marks: &[(Span, char, Style)],
        message: &str,
        gutter: &str,
        p: &Palette,
    ) {
        let anchor = marks[0].0;
        let (line, _, range) = self.index.locate(self.source, anchor.start);
        let clamp = |at: usize| floor_char_boundary(self.source, at.clamp(range.start, range.end));
        let shown = Window::around(self.source, range.clone(), clamp(anchor.start));
        let mut text = String::new();
        // The display column at which each byte of the shown text starts, and the column after it.
        let mut columns: Vec<(usize, usize)> = Vec::new();
        let mut width = 0;
        if shown.cut_left {
            text.push('…');
            width += 1;
        }
        for (i, c) in self.source[shown.bytes.clone()].char_indices() {
            columns.push((shown.bytes.start + i, width));
            width += push_cell(&mut text, c);
        }
        columns.push((shown.bytes.end, width));
        if shown.cut_right {
            text.push('…');
        }
        let column_of = |at: usize| {
            let i = columns.partition_point(|&(b, _)| b < at);
            columns.get(i).map_or(width, |&(_, c)| c)
        };
        let mut row: Vec<Option<(char, Style)>> = Vec::new();
        for &(span, mark, style) in marks.iter().rev() {
            let (start, end) = (clamp(span.start), clamp(span.end.max(span.start)));
            if start < shown.bytes.start || start > shown.bytes.end {
                continue;
            }
            let from = column_of(start);
            let to = column_of(end).max(from + 1);
            if row.len() < to {
                row.resize(to, None);
            }
            for cell in &mut row[from..to] {
                *cell = Some((mark, style));
            }
        }
        let (g, g_) = (p.gutter, p.gutter.render_reset());
        let _ = writeln!(out, "{g}{line:>w$} |{g_} {text}", w = gutter.len());
        let mut under = String::new();
        let mut current: Option<Style> = None;
        for cell in &row {
            let style = cell.map(|(_, s)| s);
            if style != current {
                if let Some(s) = current {
                    let _ = write!(under, "{s:#}");
                }
                if let Some(s) = style {
                    let _ = write!(under, "{s}");
                }
                current = style;
            }
            under.push(cell.map_or(' ', |(c, _)| c));
        }
        if !message.is_empty() {
            under.push(' ');
            under += message;
        }
        if let Some(s) = current {
            let _ = write!(under, "{s:#}");
        }
        let _ = writeln!(out, "{gutter} {g}|{g_} {under}");
    }
}

/// "3 errors and 1 warning".
fn count_phrase(errors: usize, warnings: usize) -> String {
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    match (errors, warnings) {
        (e, 0) => plural(e, "more error"),
        (0, w) => plural(w, "more warning"),
        (e, w) => format!("{} and {}", plural(e, "more error"), plural(w, "warning")),
    }
}

/// The part of a line that is echoed: all of it when it is narrow enough, else a window around the caret.
struct Window {
    bytes: std::ops::Range<usize>,
    cut_left: bool,
    cut_right: bool,
}

impl Window {
    fn around(source: &str, line: std::ops::Range<usize>, caret: usize) -> Window {
        let whole = &source[line.clone()];
        let mut width = 0;
        let fits = whole.chars().all(|c| {
            width += cell_width(c);
            width <= MAX_ECHO_WIDTH
        });
        if fits {
            return Window {
                bytes: line,
                cut_left: false,
                cut_right: false,
            };
        }
        let mut left = caret;
        let mut width = 0;
        for (i, c) in source[line.start..caret].char_indices().rev() {
            width += cell_width(c);
            if width > LEFT_CONTEXT {
                break;
            }
            left = line.start + i;
        }
        let mut right = left;
        let mut width = usize::from(left > line.start);
        for (i, c) in source[left..line.end].char_indices() {
            width += cell_width(c);
            if width > MAX_ECHO_WIDTH - 1 {
                break;
            }
            right = left + i + c.len_utf8();
        }
        Window {
            bytes: left..right,
            cut_left: left > line.start,
            cut_right: right < line.end,
        }
    }
}

/// Whether a character is shown escaped: controls, and the invisible ones that reorder or hide text.
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

/// Writes how a character of the source is shown and returns its width in terminal columns: a tab as spaces, an
/// ASCII control as its Unicode control picture (`␇`), other hidden characters as `\u{…}`.
fn push_cell(out: &mut String, c: char) -> usize {
    match c {
        '\t' => {
            out.push_str(&" ".repeat(TAB_WIDTH));
            TAB_WIDTH
        }
        c if (c as u32) < 0x20 => {
            out.push(char::from_u32(0x2400 + c as u32).unwrap_or('?'));
            1
        }
        '\u{7f}' => {
            out.push('\u{2421}');
            1
        }
        c if is_hidden(c) => {
            let escaped = c.escape_unicode().to_string();
            out.push_str(&escaped);
            escaped.len()
        }
        c => {
            out.push(c);
            c.width().unwrap_or(0)
        }
    }
}

fn cell_width(c: char) -> usize {
    push_cell(&mut String::new(), c)
}

/// A message or note with its control and hidden characters written as `\u{…}`.
fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_hidden) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if is_hidden(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}

/// The human form of one diagnostic. Builds a line index: to render many, use one [`Renderer`].
pub fn render_human(d: &Diagnostic, source: &str) -> String {
    Renderer::new(source).human(d)
}

/// The short form of one diagnostic. Builds a line index: to render many, use one [`Renderer`].
pub fn render_short(d: &Diagnostic, source: &str) -> String {
    Renderer::new(source).short(d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caret_line(text: &str) -> &str {
        text.lines().nth(4).unwrap()
    }

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
    fn a_caret_after_a_tab_lines_up_with_its_text() {
        let src = "\tzone x = rank 99\n";
        let at = src.find("99").unwrap();
        let text = render_human(&Diagnostic::error("f", Span::new(at, at + 2), "m"), src);
        let source_line = text.lines().nth(3).unwrap();
        assert_eq!(
            source_line.find("99").unwrap(),
            caret_line(&text).find('^').unwrap(),
            "{text}"
        );
        assert!(!text.contains('\t'), "{text}");
    }

    #[test]
    fn a_caret_after_wide_characters_counts_two_columns_each() {
        let src = "title \"竜王戦\" x\n";
        let at = src.find('x').unwrap();
        let text = render_human(&Diagnostic::error("f", Span::new(at, at + 1), "m"), src);
        let source_line = text.lines().nth(3).unwrap();
        let width_before: usize = source_line[..source_line.find(" x").unwrap() + 1]
            .chars()
            .map(|c| c.width().unwrap_or(0))
            .sum();
        assert_eq!(caret_line(&text).find('^').unwrap(), width_before, "{text}");
    }

    #[test]
    fn control_characters_are_never_echoed_raw() {
        let src = "title \u{1b}[2J\u{7}\u{202e}x\n";
        let d = Diagnostic::error("f", Span::new(6, 7), "found `\u{1b}`");
        let text = render_human(&d, src) + &render_short(&d, src);
        assert!(!text.chars().any(is_hidden_or_escape), "{text:?}");
        assert!(text.contains('␛') && text.contains("\\u{202e}"), "{text}");
    }

    fn is_hidden_or_escape(c: char) -> bool {
        c != '\n' && is_hidden(c)
    }

    #[test]
    fn a_long_line_is_cut_around_the_caret() {
        let src = format!("moves \"{}Y{}\"\n", "W".repeat(10_000), "W".repeat(10_000));
        let at = src.find('Y').unwrap();
        let text = render_human(&Diagnostic::error("f", Span::new(at, at + 1), "m"), &src);
        assert!(text.len() < 600, "{}", text.len());
        let source_line = text.lines().nth(3).unwrap();
        assert!(source_line.contains("…W") && source_line.ends_with("W…"));
        let caret = caret_line(&text).find('^').unwrap();
        assert_eq!(source_line.chars().nth(caret), Some('Y'), "{text}");
    }

    #[test]
    fn a_report_counts_what_it_does_not_show() {
        let src = "x\n".repeat(200);
        let diags: Vec<Diagnostic> = (0..200)
            .map(|i| Diagnostic::error("f", Span::new(2 * i, 2 * i + 1), "bad"))
            .collect();
        let text = Renderer::new(&src).report(&diags, Format::Short);
        assert_eq!(text.lines().count(), MAX_SHOWN + 1);
        assert!(text.ends_with("note: 150 more errors not shown (a report shows the first 50)\n"));
    }

    #[test]
    fn colour_is_only_written_when_asked_for() {
        let d = Diagnostic::warning("f", Span::new(0, 1), "w");
        assert!(!render_human(&d, "x").contains('\u{1b}'));
        let coloured = Renderer::new("x").with_color(Color::Always).human(&d);
        assert!(coloured.contains("\u{1b}["), "{coloured:?}");
    }
}
