//! `tatsu check FILE…`: compile variant files and print every diagnostic. Exit status 1 on any error.
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use tatsu::diag::{Diagnostic, Format, Renderer};
use tatsu::variants;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MessageFormat {
    /// Message, location, source line with an underline, notes.
    Human,
    /// `file:line:col: severity: message`, one line each.
    Short,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Variant files (or bundled names such as `ryugi`).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    pub message_format: MessageFormat,
    /// Print one JSON object per diagnostic instead.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &CheckArgs) -> ExitCode {
    let mut failed = false;
    for path in &args.files {
        let text = path.to_string_lossy().into_owned();
        let read = match variants::read(&text) {
            Ok(read) => read,
            Err(e) => {
                super::common::print_load_error(&text, &e);
                failed = true;
                continue;
            }
        };
        let diagnostics: Vec<Diagnostic> = match read.compile() {
            Ok(c) => c.warnings,
            Err(d) => {
                failed = true;
                d
            }
        };
        let renderer = Renderer::new(&read.source.text).with_color(super::common::stderr_color());
        if args.json {
            out!("{}", renderer.report(&diagnostics, Format::Json));
        } else if args.message_format == MessageFormat::Short {
            eprint!("{}", renderer.report(&diagnostics, Format::Short));
        } else {
            eprint!("{}", renderer.report(&diagnostics, Format::Human));
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
