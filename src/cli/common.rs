//! What the game-querying subcommands share: loading a variant, reading squares and sides, reporting errors.
use std::process::ExitCode;
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

/// Decides once, for the whole run, whether stderr gets colour. `auto` follows anstream's reading of the
/// terminal and of the `NO_COLOR`, `CLICOLOR`, `CLICOLOR_FORCE` and `TERM` conventions.
pub fn set_color(when: ColorWhen) {
    let color = match when {
        ColorWhen::Always => Color::Always,
        ColorWhen::Never => Color::Never,
        ColorWhen::Auto => match anstream::AutoStream::choice(&std::io::stderr()) {
            anstream::ColorChoice::Never => Color::Never,
            _ => Color::Always,
        },
    };
    let _ = STDERR_COLOR.set(color);
}

pub fn stderr_color() -> Color {
    STDERR_COLOR.get().copied().unwrap_or_default()
}

/// Prints `error: message` on stderr and returns the failure exit code.
pub fn fail(message: &str) -> ExitCode {
    let style = match stderr_color() {
        Color::Always => anstyle::Style::new()
            .bold()
            .fg_color(Some(anstyle::AnsiColor::BrightRed.into())),
        Color::Never => anstyle::Style::new(),
    };
    eprintln!("{style}error{style:#}: {message}");
    ExitCode::FAILURE
}

/// Prints why a variant could not be loaded: its diagnostics, or why it could not be read (with a hint for a
/// misspelt bundled name).
pub fn print_load_error(name: &str, error: &LoadError) {
    match error {
        LoadError::Invalid {
            source,
            diagnostics,
            ..
        } => eprint!(
            "{}",
            Renderer::new(source)
                .with_color(stderr_color())
                .report(diagnostics, Format::Human)
        ),
        other => {
            let text = other.to_string();
            fail(text.strip_prefix("error: ").unwrap_or(&text));
        }
    }
    if let LoadError::NotFound { .. } = error {
        if let Some(n) = tatsu::diag::suggest(name, variants::bundled().iter().map(|(n, _)| *n)) {
            eprintln!("help: did you mean `{n}`?");
        }
    }
}

/// Loads and compiles a variant (bundled name or file), printing why not on failure; with a hint for a
/// misspelt bundled name.
pub fn load_engine(name: &str) -> Result<Engine, ExitCode> {
    match variants::load(name) {
        Ok(compiled) => Ok(Engine::new(compiled.game)),
        Err(error) => {
            print_load_error(name, &error);
            Err(ExitCode::FAILURE)
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

pub fn parse_side(text: &str) -> Side {
    if text.eq_ignore_ascii_case("black") {
        Side::Black
    } else {
        Side::White
    }
}

/// An algebraic square of this game's board.
pub fn parse_square(game: &Game, text: &str) -> Result<Square, String> {
    let g = game.geometry;
    g.parse_square(text.trim()).ok_or_else(|| {
        let last = g.name(
            g.square(g.files as i32 - 1, g.ranks as i32 - 1)
                .unwrap_or_default(),
        );
        format!(
            "`{text}` is not a square of the {}x{} board of {} (a1 to {last})",
            g.files, g.ranks, game.name
        )
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

/// Writes to stdout; a closed pipe (`tatsu … | head`) is not an error worth a panic.
pub fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}
