//! `tatsu check FILE…`: compile variant files and print every diagnostic. Exit status 1 on any error.
use super::common::print_json;
use super::error::{CliError, Status};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::path::PathBuf;
use tatsu::diag::{Diagnostic, Format, Renderer};
use tatsu::dsl::ast::StatementKind;
use tatsu::engine::{Engine, Position};
use tatsu::variants;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MessageFormat {
    /// Message, location, source line with an underline, notes.
    Human,
    /// `file:line:col: severity: message`, one line each.
    Short,
}

/// One diagnostic of `check --json` (schema `tatsu.diagnostic/1`): lines and columns count from 1, `start`/`end`
/// are byte offsets into the file.
#[derive(Serialize)]
pub(super) struct DiagnosticJson<'a> {
    schema: &'static str,
    severity: &'static str,
    message: &'a str,
    file: &'a str,
    line: usize,
    column: usize,
    start: usize,
    end: usize,
    labels: Vec<LabelJson<'a>>,
    notes: &'a [String],
}

/// `check --json`: one object per file (schema `tatsu.check/1`), also for a file without a diagnostic, so that a
/// clean file says so rather than printing nothing.
#[derive(Serialize)]
struct FileJson<'a> {
    schema: &'static str,
    file: &'a str,
    /// No error (warnings allowed).
    ok: bool,
    errors: usize,
    warnings: usize,
    /// Why the file could not be read at all, if it could not.
    read_error: Option<String>,
    diagnostics: Vec<DiagnosticJson<'a>>,
}

impl<'a> FileJson<'a> {
    fn unread(file: &'a str, why: String) -> FileJson<'a> {
        FileJson {
            schema: "tatsu.check/1",
            file,
            ok: false,
            errors: 1,
            warnings: 0,
            read_error: Some(why),
            diagnostics: Vec::new(),
        }
    }
}

/// A secondary place a diagnostic points at ("first defined here").
#[derive(Serialize)]
struct LabelJson<'a> {
    line: usize,
    column: usize,
    start: usize,
    end: usize,
    message: &'a str,
}

impl<'a> DiagnosticJson<'a> {
    pub(super) fn new(d: &'a Diagnostic, at: &Renderer) -> DiagnosticJson<'a> {
        let (line, column) = at.line_col(d.span.start);
        DiagnosticJson {
            schema: "tatsu.diagnostic/1",
            severity: d.severity.as_str(),
            message: &d.message,
            file: &d.file,
            line,
            column,
            start: d.span.start,
            end: d.span.end,
            labels: d
                .labels
                .iter()
                .map(|l| {
                    let (line, column) = at.line_col(l.span.start);
                    LabelJson {
                        line,
                        column,
                        start: l.span.start,
                        end: l.span.end,
                        message: &l.message,
                    }
                })
                .collect(),
            notes: &d.notes,
        }
    }
}

/// Compile variant files and report every error and warning, with its place in the file.
///
/// Exit status 1 if any file has an error (warnings alone leave it 0).
///
/// Examples:
///   tatsu check my-game.tatsu
///   tatsu check variants/*.tatsu --message-format short
///   tatsu check ryugi docs/examples/mini-ryu.tatsu
///   tatsu check my-game.tatsu --json
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct CheckArgs {
    /// Variant files, folders of them (every `*.tatsu` inside, recursively), or bundled names such as `ryugi`.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    pub message_format: MessageFormat,
    /// Print one JSON object per file on stdout instead (schema `tatsu.check/1`, its diagnostics
    /// `tatsu.diagnostic/1`, in docs/cli.md); a clean file gives a report with no diagnostic.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: CheckArgs) -> Result<(), CliError> {
    let mut failed = false;
    let paths = super::common::files_named(&args.files, "tatsu", "variant files")?;
    for path in &paths {
        let text = path.to_string_lossy().into_owned();
        let read = match variants::read(&text) {
            Ok(read) => read,
            Err(e) => {
                failed = true;
                let why = match e {
                    variants::LoadError::NotFound { io, .. } => {
                        format!("cannot read `{text}`: {io}")
                    }
                    other => other.to_string().trim_end().to_string(),
                };
                if args.json {
                    print_json(&FileJson::unread(&text, why))?;
                } else if why.starts_with("cannot read") {
                    eprintln!("error: {why}");
                } else {
                    eprintln!("{why}");
                }
                continue;
            }
        };
        let diagnostics: Vec<Diagnostic> = match read.compile() {
            Ok(c) => {
                let mut diagnostics = c.warnings.clone();
                if let Some(d) = unplayable_start(c) {
                    failed = true;
                    diagnostics.push(d);
                }
                diagnostics
            }
            Err(d) => {
                failed = true;
                d
            }
        };
        let renderer = Renderer::new(&read.source.text).with_color(super::common::stderr_color());
        if args.json {
            let errors = diagnostics.iter().filter(|d| d.is_error()).count();
            print_json(&FileJson {
                schema: "tatsu.check/1",
                file: &text,
                ok: errors == 0,
                errors,
                warnings: diagnostics.len() - errors,
                read_error: None,
                diagnostics: diagnostics
                    .iter()
                    .map(|d| DiagnosticJson::new(d, &renderer))
                    .collect(),
            })?;
        } else if args.message_format == MessageFormat::Short {
            eprint!("{}", renderer.report(&diagnostics, Format::Short));
        } else {
            eprint!("{}", renderer.report(&diagnostics, Format::Human));
        }
    }
    if failed {
        Err(CliError::reported(Status::Input))
    } else {
        Ok(())
    }
}

/// The one test of the start position the compiler leaves to the executor (it builds none): the side not to move
/// must not be in check. The error points at the `start` string.
fn unplayable_start(c: tatsu::compile::Compiled) -> Option<Diagnostic> {
    let (file, source) = (c.file.clone(), c.source.clone());
    let engine = Engine::new(c.game);
    let error = Position::from_fen(&engine, &engine.game.start_fen).err()?;
    let (ast, _) = tatsu::dsl::parse(&file, &source);
    let span = ast.statements.iter().find_map(|s| match &s.kind {
        StatementKind::Start(fen) => Some(fen.span),
        _ => None,
    })?;
    Some(Diagnostic::error(
        &file,
        span,
        format!("start position: {error}"),
    ))
}
