//! The bundled games (built into the binary, so commands work from any directory) and loading by name or path.
use crate::compile::{compile, Compiled};
use crate::diag::{self, Diagnostic};
use std::fmt;

static BUNDLED: &[(&str, &str)] = &[
    ("ryugi", include_str!("../variants/ryugi.tatsu")),
    ("euroshogi", include_str!("../variants/euroshogi.tatsu")),
    ("ryu-shogi", include_str!("../variants/ryu-shogi.tatsu")),
    (
        "heian-ryu-shogi",
        include_str!("../variants/heian-ryu-shogi.tatsu"),
    ),
    (
        "dai-ryu-shogi",
        include_str!("../variants/dai-ryu-shogi.tatsu"),
    ),
    ("chess", include_str!("../variants/chess.tatsu")),
    ("shogi", include_str!("../variants/shogi.tatsu")),
];

/// The bundled variants: `(name, source)`.
pub fn bundled() -> &'static [(&'static str, &'static str)] {
    BUNDLED
}

/// Why a variant could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// Neither a bundled name nor a readable file.
    NotFound { name: String, io: std::io::Error },
    /// The file was read but does not compile.
    Invalid {
        file: String,
        source: String,
        diagnostics: Vec<Diagnostic>,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotFound { name, io } => {
                let names: Vec<&str> = BUNDLED.iter().map(|(n, _)| *n).collect();
                write!(
                    f,
                    "error: `{name}` is neither a bundled variant ({}) nor a readable file: {io}",
                    names.join(", ")
                )
            }
            LoadError::Invalid {
                source,
                diagnostics,
                ..
            } => {
                for d in diagnostics {
                    write!(f, "{}", diag::render_human(d, source))?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Loads a bundled variant by name, else the file at that path.
pub fn load(name_or_path: &str) -> Result<Compiled, LoadError> {
    let (file, source) = match BUNDLED.iter().find(|(n, _)| *n == name_or_path) {
        Some((name, source)) => (format!("{name}.tatsu"), source.to_string()),
        None => match std::fs::read_to_string(name_or_path) {
            Ok(s) => (name_or_path.to_string(), s),
            Err(io) => {
                return Err(LoadError::NotFound {
                    name: name_or_path.to_string(),
                    io,
                })
            }
        },
    };
    compile(&file, &source).map_err(|diagnostics| LoadError::Invalid {
        file,
        source,
        diagnostics,
    })
}
