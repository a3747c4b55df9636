//! What the game-querying subcommands share: loading a variant, reading squares and sides, reporting errors.
use super::error::{CliError, Status};
use std::sync::OnceLock;
use tatsu::diag::{Color, Format, Renderer};
use tatsu::engine::Engine;
use tatsu::rules::{Game, Side, Square};
use tatsu::variants::{self, LoadError};

/// `--color`: when diagnostics on stderr are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless `NO_COLOR` is set (or `CLICOLOR_FORCE` asks for it anyway).
    #[default]
    Auto,
    Always,
    Never,
}

static STDERR_COLOR: OnceLock<Color> = OnceLock::new();
static STDOUT_COLOR: OnceLock<Color> = OnceLock::new();

/// Decides once, for the whole run, whether stderr gets colour. `auto` follows anstream's reading of the
/// terminal and of the `NO_COLOR`, `CLICOLOR`, `CLICOLOR_FORCE` and `TERM` conventions.
pub fn set_color(when: ColorWhen) {
    let decide = |auto: anstream::ColorChoice| match (when, auto) {
        (ColorWhen::Always, _) => Color::Always,
        (ColorWhen::Never, _) | (ColorWhen::Auto, anstream::ColorChoice::Never) => Color::Never,
        (ColorWhen::Auto, _) => Color::Always,
    };
    let _ = STDERR_COLOR.set(decide(anstream::AutoStream::choice(&std::io::stderr())));
    let _ = STDOUT_COLOR.set(decide(anstream::AutoStream::choice(&std::io::stdout())));
}

/// Whether pictures on stdout (`tatsu piece`) are coloured: `--color`, else whether stdout is a terminal.
pub fn stdout_color() -> bool {
    STDOUT_COLOR.get().copied().unwrap_or_default() == Color::Always
}

pub fn stderr_color() -> Color {
    STDERR_COLOR.get().copied().unwrap_or_default()
}

/// Prints the diagnostics of a file (human form, coloured as `--color` says) on stderr.
pub fn print_diagnostics(source: &str, diagnostics: &[tatsu::diag::Diagnostic]) {
    let renderer = Renderer::new(source).with_color(stderr_color());
    eprint!("{}", renderer.report(diagnostics, Format::Human));
}

/// Loads and compiles a variant (bundled name or file); a misspelt bundled name gets a suggestion, a file with
/// mistakes gets its diagnostics printed.
pub fn load_engine(name: &str) -> Result<Engine, CliError> {
    match variants::load(name) {
        Ok(compiled) => Ok(Engine::new(compiled.game)),
        Err(LoadError::Invalid {
            source,
            diagnostics,
            ..
        }) => {
            print_diagnostics(&source, &diagnostics);
            Err(CliError::reported(Status::Input))
        }
        Err(error) => {
            let mut failure = CliError::input(error.to_string());
            if let LoadError::NotFound { .. } = error {
                let names = variants::bundled().iter().map(|(n, _)| *n);
                if let Some(n) = tatsu::diag::suggest(name, names) {
                    failure = failure.hint(format!("did you mean `{n}`?"));
                }
            }
            Err(failure)
        }
    }
}

/// The help of a command's variant argument, naming the bundled games (so that it follows `variants/`).
pub fn variant_help() -> String {
    let names: Vec<&str> = variants::bundled().iter().map(|(name, _)| *name).collect();
    format!(
        "A bundled game's name ({}) or a path to a variant file",
        names.join(", ")
    )
}

/// A player, as `--side` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SideArg {
    White,
    Black,
}

impl From<SideArg> for Side {
    fn from(side: SideArg) -> Side {
        match side {
            SideArg::White => Side::White,
            SideArg::Black => Side::Black,
        }
    }
}

/// An algebraic square of this game's board.
pub fn parse_square(game: &Game, text: &str) -> Result<Square, CliError> {
    let g = game.geometry;
    g.parse_square(text.trim()).ok_or_else(|| {
        let last = g.name(
            g.square(g.files as i32 - 1, g.ranks as i32 - 1)
                .unwrap_or_default(),
        );
        CliError::input(format!(
            "`{text}` is not a square of the {}x{} board of {} (a1 to {last})",
            g.files, g.ranks, game.name
        ))
    })
}

/// `println!` through [`emit`]: a closed pipe ends the output quietly instead of panicking.
macro_rules! outln {
    () => {
        $crate::cli::common::emit("\n")
    };
    ($($arg:tt)*) => {
        $crate::cli::common::emit(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` through [`emit`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::common::emit(&format!($($arg)*))
    };
}

/// Why writing stdout failed, other than a reader that quit: `main` reports it and exits 1.
static STDOUT_FAILED: OnceLock<String> = OnceLock::new();

/// Writes to stdout. A closed pipe (`tatsu … | head`) is not an error worth a panic, nor a failure: the reader
/// has what it wanted. Any other failure (`> /dev/full`, a full disk) lost output the user asked for, so it is
/// remembered for [`stdout_failure`] and the command does not exit 0.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            let _ = STDOUT_FAILED.set(e.to_string());
        }
    }
}

/// The first failure to write stdout other than a closed pipe, if any.
pub fn stdout_failure() -> Option<&'static str> {
    STDOUT_FAILED.get().map(String::as_str)
}

/// The files the command-line paths name: each path that is not a folder as given, each folder's files ending
/// in `.{extension}` ([`expand_folder`]). A folder holding none is an error naming it (`what`: the kind of file
/// looked for): a mistyped folder in a CI script must not pass with nothing checked.
pub fn files_named(
    paths: &[std::path::PathBuf],
    extension: &str,
    what: &str,
) -> Result<Vec<std::path::PathBuf>, CliError> {
    let mut files = Vec::new();
    for path in paths {
        let before = files.len();
        expand_folder(path, extension, &mut files);
        if files.len() == before {
            return Err(CliError::input(format!(
                "`{}` holds no {what} (`*.{extension}`, in it or its folders)",
                path.display()
            )));
        }
    }
    Ok(files)
}

/// A path as given if it is not a folder; a folder's files ending in `.{extension}`, recursively, in name order.
/// An unreadable folder is returned as is, so that reading it reports why. Links to folders found inside are not
/// followed (as `find` does not), so a link cycle (`ln -s .. loop`, or `/proc`) cannot make the walk endless;
/// links to files are read.
fn expand_folder(path: &std::path::Path, extension: &str, out: &mut Vec<std::path::PathBuf>) {
    if !path.is_dir() {
        out.push(path.to_path_buf());
        return;
    }
    let Ok(dir) = std::fs::read_dir(path) else {
        out.push(path.to_path_buf());
        return;
    };
    let mut entries: Vec<std::path::PathBuf> =
        dir.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for entry in entries {
        let linked = entry
            .symlink_metadata()
            .is_ok_and(|m| m.file_type().is_symlink());
        if entry.is_dir() {
            if !linked {
                expand_folder(&entry, extension, out);
            }
        } else if entry.extension().is_some_and(|e| e == extension) {
            out.push(entry);
        }
    }
}

/// Prints one JSON document (a command's `--json` output) on one line of stdout.
pub fn print_json(value: &impl serde::Serialize) -> Result<(), CliError> {
    let text = serde_json::to_string(value)
        .map_err(|e| CliError::input(format!("cannot write JSON: {e}")))?;
    emit(&format!("{text}\n"));
    Ok(())
}

/// The threads a counting command uses: `--threads` if given (clap has checked its range), else one per core.
pub fn threads_or_every_core(threads: Option<u32>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        |n| n as usize,
    )
}

/// A progress bar on a terminal, with its rate and the time left; nothing when stderr is piped or redirected.
pub fn progress_bar(length: u64, command: &str, unit: &str) -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(length);
    let template = format!(
        "{{spinner}} {command} {{bar:40}} {{pos}}/{{len}} {unit}, {{per_sec}}, {{elapsed}} elapsed, {{eta}} left"
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(&template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}

/// A side as JSON names it: `white` or `black`.
pub use tatsu::describe::side_key;

/// Why a game ended, as JSON names it.
pub fn reason_key(reason: tatsu::engine::Reason) -> &'static str {
    reason.key()
}

/// The search options every protocol command (`xboard`, `uci`, `usi`) takes.
#[derive(clap::Args, Debug)]
pub struct EngineOptions {
    /// Transposition table size in MiB, 1 to 65536 and no more than the memory free (the protocol's own setting
    /// changes it: XBoard's `memory`, UCI's `Hash`, USI's `USI_Hash`).
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Stop every search after at most this many nodes, whatever the clock allows: play that is the same on a
    /// loaded machine as on an idle one (fixed-node engine tests), 1 to 10^12.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000))]
    pub nodes: Option<u64>,
}

impl EngineOptions {
    /// Refuses a table size the machine cannot give, before the session makes the table (which would otherwise
    /// clamp it).
    pub fn check(&self) -> Result<(), CliError> {
        tatsu::search::tt::check_size(self.hash)
            .map_err(|e| CliError::usage(format!("--hash: {e}")))
    }
}
