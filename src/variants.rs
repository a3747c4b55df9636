//! The bundled games (built into the binary, so commands work from any directory) and loading by name or path.
use crate::compile::{compile, Compiled};
use crate::diag::{Diagnostic, Format, Renderer};
use crate::dsl::source::{self, ReadError};
use crate::engine::Engine;
use std::fmt;
use std::sync::{Arc, OnceLock};

include!(concat!(env!("OUT_DIR"), "/bundled.rs"));

/// The bundled game a name means, whether its own name, one of its `aliases` (XBoard's `normal`, `chu`,
/// Fairy-Stockfish's names…) or a spelling of either: a name is matched ignoring case, spaces, `-` and `_`
/// (`Chu Shogi`, `chushogi`, `ryu_shogi`). `None` if no bundled game.
pub fn bundled_name(name: &str) -> Option<&'static str> {
    let wanted = squashed(name);
    BUNDLED
        .iter()
        .map(|(n, _)| *n)
        .find(|n| squashed(n) == wanted)
        .or_else(|| {
            summaries()
                .iter()
                .find(|s| s.aliases.iter().any(|a| squashed(a) == wanted))
                .map(|s| s.game)
        })
}

/// A name as [`bundled_name`] compares it.
fn squashed(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

/// What a bundled file says about itself without compiling: its `aliases` and its board. Read once per process
/// from the files' syntax trees, the first time either is asked for (the great shogi games take seconds to compile;
/// parsing every bundled file takes milliseconds).
struct Summary {
    game: &'static str,
    aliases: Vec<String>,
    board: Option<(u32, u32)>,
}

/// Every bundled file's [`Summary`], in `BUNDLED`'s order.
fn summaries() -> &'static [Summary] {
    use crate::dsl::ast::StatementKind;
    static SUMMARIES: OnceLock<Vec<Summary>> = OnceLock::new();
    SUMMARIES.get_or_init(|| {
        BUNDLED
            .iter()
            .map(|&(game, source)| {
                let (file, _) = crate::dsl::parse(game, source);
                let mut summary = Summary {
                    game,
                    aliases: Vec::new(),
                    board: None,
                };
                for statement in file.statements {
                    match statement.kind {
                        StatementKind::Aliases(names) => {
                            summary.aliases.extend(names.into_iter().map(|n| n.value))
                        }
                        StatementKind::Board { files, ranks } if summary.board.is_none() => {
                            summary.board = Some((files.value, ranks.value))
                        }
                        _ => {}
                    }
                }
                summary
            })
            .collect()
    })
}

/// Every bundled game's `aliases`, `(alias, game)`. `bundled_aliases_name_one_game_each` holds them apart.
pub fn aliases() -> Vec<(&'static str, &'static str)> {
    summaries()
        .iter()
        .flat_map(|s| s.aliases.iter().map(move |a| (a.as_str(), s.game)))
        .collect()
}

/// A bundled game's board, `(files, ranks)`, read without compiling the game: a session that cannot name squares
/// past a size (USI) leaves those games out without building them. `None` for a name that is not bundled.
pub fn bundled_board(name: &str) -> Option<(u32, u32)> {
    let name = bundled_name(name)?;
    summaries().iter().find(|s| s.game == name)?.board
}

/// The bundled variants: `(name, source)`.
pub fn bundled() -> &'static [(&'static str, &'static str)] {
    &BUNDLED
}

/// A bundled game's engine, compiled the first time it is asked for and shared for the rest of the process: `tatsu
/// test` over many files naming the same game compiles it once (Chu Shogi takes ~70 ms). `None` for a name that is
/// not bundled.
pub fn bundled_engine(name: &str) -> Option<Arc<Engine>> {
    static ENGINES: [OnceLock<Arc<Engine>>; BUNDLED.len()] =
        [const { OnceLock::new() }; BUNDLED.len()];
    let name = bundled_name(name)?;
    let i = BUNDLED.iter().position(|(n, _)| *n == name)?;
    let engine = ENGINES[i].get_or_init(|| {
        // Every bundled game compiles: `every_bundled_variant_compiles_without_diagnostics` holds it to that.
        let compiled =
            load(name).unwrap_or_else(|e| panic!("the bundled game {name} compiles: {e}"));
        Arc::new(Engine::new(compiled.game))
    });
    Some(Arc::clone(engine))
}

/// Why a variant could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// Neither a bundled name nor a readable file.
    NotFound { name: String, io: std::io::Error },
    /// A file larger than [`source::MAX_FILE_BYTES`].
    TooLarge { name: String, bytes: Option<u64> },
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
            LoadError::TooLarge { name, bytes } => write!(
                f,
                "error: `{name}` is not read: {}",
                ReadError::TooLarge { bytes: *bytes }
            ),
            LoadError::Invalid {
                source,
                diagnostics,
                ..
            } => write!(
                f,
                "{}",
                Renderer::new(source).report(diagnostics, Format::Human)
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// A variant's text: a bundled game by name, else the file at that path (`file` is the name diagnostics give).
pub struct Text {
    pub file: String,
    pub source: source::Source,
}

/// Reads a bundled variant by name, else the file at that path (at most [`source::MAX_FILE_BYTES`]).
pub fn read(name_or_path: &str) -> Result<Text, LoadError> {
    // A bundled game by any of its names, unless a file of that very name is meant (`chess.tatsu` is a path).
    let bundled =
        bundled_name(name_or_path).filter(|_| !std::path::Path::new(name_or_path).is_file());
    if let Some((name, text)) = BUNDLED.iter().find(|(n, _)| Some(*n) == bundled) {
        let file = format!("{name}.tatsu");
        let source = source::decode(&file, text.as_bytes().to_vec());
        return Ok(Text { file, source });
    }
    let name = name_or_path.to_string();
    match source::read_file(name_or_path, std::path::Path::new(name_or_path)) {
        Ok(source) => Ok(Text { file: name, source }),
        Err(ReadError::Io(io)) => Err(LoadError::NotFound { name, io }),
        Err(ReadError::TooLarge { bytes }) => Err(LoadError::TooLarge { name, bytes }),
    }
}

impl Text {
    /// Compiles the text: the game and its warnings, or every diagnostic (encoding errors included).
    pub fn compile(&self) -> Result<Compiled, Vec<Diagnostic>> {
        let errors = self.source.encoding_errors.iter().any(Diagnostic::is_error);
        match compile(&self.file, &self.source.text) {
            Ok(c) if !errors => Ok(c),
            Ok(c) => Err(source::with_encoding_errors(&self.source, c.warnings)),
            Err(d) => Err(source::with_encoding_errors(&self.source, d)),
        }
    }
}

/// Loads a bundled variant by name, else the file at that path.
pub fn load(name_or_path: &str) -> Result<Compiled, LoadError> {
    let text = read(name_or_path)?;
    text.compile().map_err(|diagnostics| LoadError::Invalid {
        file: text.file,
        source: text.source.text,
        diagnostics,
    })
}
