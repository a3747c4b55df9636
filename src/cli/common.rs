//! What the game-querying subcommands share: loading a variant, reading squares and sides, reporting errors.
use std::process::ExitCode;
use tatsu::engine::Engine;
use tatsu::rules::{Game, Side, Square};
use tatsu::variants::{self, LoadError};

/// Prints `error: message` on stderr and returns the failure exit code.
pub fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::FAILURE
}

/// Loads and compiles a variant (bundled name or file), printing why not on failure; with a hint for a
/// misspelt bundled name.
pub fn load_engine(name: &str) -> Result<Engine, ExitCode> {
    match variants::load(name) {
        Ok(compiled) => Ok(Engine::new(compiled.game)),
        Err(error) => {
            eprint!("{error}");
            if !format!("{error}").ends_with('\n') {
                eprintln!();
            }
            if let LoadError::NotFound { .. } = error {
                if let Some(n) =
                    tatsu::diag::suggest(name, variants::bundled().iter().map(|(n, _)| *n))
                {
                    eprintln!("help: did you mean `{n}`?");
                }
            }
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

/// A path as given if it is not a folder; a folder's files ending in `.{extension}`, recursively, in name order.
/// An unreadable folder is returned as is, so that reading it reports why.
pub fn expand_folder(path: &std::path::Path, extension: &str, out: &mut Vec<std::path::PathBuf>) {
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
        if entry.is_dir() {
            expand_folder(&entry, extension, out);
        } else if entry.extension().is_some_and(|e| e == extension) {
            out.push(entry);
        }
    }
}
