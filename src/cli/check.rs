//! `tatsu check FILE…`: compile variant files and print every diagnostic. Exit status 1 on any error.
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use tatsu::compile::compile;
use tatsu::diag::{self, Diagnostic};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MessageFormat {
    /// Message, location, source line with an underline, notes.
    Human,
    /// `file:line:col: severity: message`, one line each.
    Short,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Variant files, folders of them (every `*.tatsu` inside, recursively), or bundled names such as `ryugi`.
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
    let mut paths = Vec::new();
    for path in &args.files {
        super::common::expand_folder(path, "tatsu", &mut paths);
    }
    for path in &paths {
        let text = path.to_string_lossy().into_owned();
        let (file, source) = match std::fs::read_to_string(path) {
            Ok(s) => (text, s),
            Err(io) => match tatsu::variants::bundled().iter().find(|(n, _)| *n == text) {
                Some((name, s)) => (format!("{name}.tatsu"), s.to_string()),
                None => {
                    eprintln!("error: cannot read `{text}`: {io}");
                    failed = true;
                    continue;
                }
            },
        };
        let diagnostics: Vec<Diagnostic> = match compile(&file, &source) {
            Ok(c) => c.warnings,
            Err(d) => {
                failed = true;
                d
            }
        };
        for d in &diagnostics {
            if args.json {
                outln!("{}", diag::render_json(d, &source));
            } else if args.message_format == MessageFormat::Short {
                eprintln!("{}", diag::render_short(d, &source));
            } else {
                eprintln!("{}", diag::render_human(d, &source));
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
