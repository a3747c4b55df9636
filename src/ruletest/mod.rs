//! Rule tests: what must hold in a game, written down beside it and checked (`tatsu test`, docs/rule-tests.md).
//!
//! A rule-test file (`*.tatsu-test`) names a game (`variant "ryugi"`, a bundled name or a path relative to the
//! file) and holds `test "name" { … }` blocks; a variant file (`*.tatsu`) may hold the same blocks, which then test
//! the game the file defines. Each block runs its steps in order on one position: set it up (`fen`, `play`),
//! then assert (`legal`, `illegal`, `moves`, `count`, `perft`, `piece`, `result`, `check`, `to-move`).
pub mod ast;
mod explain;
mod run;
mod syntax;

pub use explain::{source_text, why_destination, why_move};
pub use run::{run_test, TestResult, MAX_PERFT_DEPTH};
pub use syntax::{parse_block, parse_file, MAX_SYNTAX_ERRORS};

use crate::compile::compile;
use crate::diag::{Diagnostic, Span};
use crate::dsl::ast::StatementKind;
use crate::dsl::source::{read_file, ReadError, MAX_FILE_BYTES};
use crate::engine::Engine;
use std::path::Path;
use std::sync::Arc;

/// What running one file gave: the game tested, each test's result, and the problems that stopped tests from
/// running at all (a syntax error, a game that does not load), all located in `source`.
#[derive(Clone, Debug)]
pub struct FileReport {
    pub file: String,
    pub source: String,
    /// The game's name, when it loaded.
    pub variant: Option<String>,
    pub tests: Vec<TestResult>,
    pub errors: Vec<Diagnostic>,
}

impl FileReport {
    pub fn passed(&self) -> bool {
        self.errors.is_empty() && self.tests.iter().all(TestResult::passed)
    }
}

/// Is this a variant file (whose test blocks test the game it defines) rather than a rule-test file?
pub fn is_variant_file(path: &str) -> bool {
    path.ends_with(".tatsu")
}

/// Reads and runs the tests of one file (a rule-test file, or a variant file's own test blocks).
/// The file is read as variant files are: at most [`MAX_FILE_BYTES`] (an endless input stops there), and bytes that
/// are not UTF-8 are errors at their line and column.
pub fn run_file(path: &str) -> FileReport {
    let not_run = |source: String, errors: Vec<Diagnostic>| FileReport {
        file: path.to_string(),
        source,
        variant: None,
        tests: Vec::new(),
        errors,
    };
    match read_file(path, Path::new(path)) {
        Ok(source) if source.encoding_errors.is_empty() => run_source(path, &source.text),
        Ok(source) => not_run(source.text, source.encoding_errors),
        Err(e) => {
            let why = match e {
                ReadError::Io(io) => io.to_string(),
                ReadError::TooLarge { bytes: Some(n) } => {
                    format!("the file is {n} bytes; a rule-test file may have at most {MAX_FILE_BYTES} (1 MiB)")
                }
                ReadError::TooLarge { bytes: None } => format!(
                    "the input goes on past {MAX_FILE_BYTES} bytes (1 MiB), the most a rule-test file may have"
                ),
            };
            let error = Diagnostic::error(
                path,
                Span::default(),
                format!("cannot read `{path}`: {why}"),
            );
            not_run(String::new(), vec![error])
        }
    }
}

/// Runs the tests of `source`, read from `path` (which decides the kind of file and where relative variant
/// paths start).
pub fn run_source(path: &str, source: &str) -> FileReport {
    let mut report = FileReport {
        file: path.to_string(),
        source: source.to_string(),
        variant: None,
        tests: Vec::new(),
        errors: Vec::new(),
    };
    let loaded = if is_variant_file(path) {
        load_variant_file(path, source)
    } else {
        load_test_file(path, source)
    };
    report.errors = loaded.errors;
    if let Some(engine) = loaded.engine {
        report.variant = Some(engine.game.name.clone());
        report.tests = loaded
            .tests
            .iter()
            .map(|t| run_test(&engine, path, t))
            .collect();
    }
    report
}

/// A file read for testing: its game (if it loads), the tests that read, and the errors found. A test that does not
/// read is an error of its own; the others still run.
struct Loaded {
    engine: Option<Arc<Engine>>,
    tests: Vec<ast::Test>,
    errors: Vec<Diagnostic>,
}

impl Loaded {
    fn failed(errors: Vec<Diagnostic>) -> Loaded {
        Loaded {
            engine: None,
            tests: Vec::new(),
            errors,
        }
    }
}

/// A variant file: compile it, then parse each of its test blocks.
fn load_variant_file(path: &str, source: &str) -> Loaded {
    let compiled = match compile(path, source) {
        Ok(compiled) => compiled,
        Err(errors) => return Loaded::failed(errors),
    };
    // The file compiled, so it read without a syntax error: its statements are all there.
    let (file, _) = crate::dsl::parse(path, source);
    let mut tests = Vec::new();
    let mut errors = Vec::new();
    for st in &file.statements {
        if let StatementKind::Test(span) = st.kind {
            match parse_block(path, source, span) {
                Ok(t) => tests.push(t),
                Err(d) => errors.push(d),
            }
        }
    }
    Loaded {
        engine: Some(Arc::new(Engine::new(compiled.game))),
        tests,
        errors,
    }
}

/// A rule-test file: parse it, then load the game it names.
fn load_test_file(path: &str, source: &str) -> Loaded {
    let (file, errors) = parse_file(path, source);
    let mut all_errors = errors;
    let engine = match load_named_game(path, &file) {
        Ok(engine) => Some(engine),
        Err(game_errors) => {
            // A missing `variant` line is news only when no syntax error could have hidden it.
            if file.variant.is_some() || all_errors.is_empty() {
                all_errors.extend(game_errors);
            }
            None
        }
    };
    all_errors.sort_by_key(|d| d.span.start);
    Loaded {
        engine,
        tests: file.tests,
        errors: all_errors,
    }
}

/// The game a rule-test file names.
fn load_named_game(path: &str, file: &ast::TestFile) -> Result<Arc<Engine>, Vec<Diagnostic>> {
    let Some(variant) = &file.variant else {
        return Err(vec![Diagnostic::error(
            path,
            Span::new(0, 0),
            "the file does not say which game it tests",
        )
        .with_note(
            "begin it with e.g. `variant \"ryugi\"` (a bundled game or a path to a variant file)",
        )]);
    };
    let name = resolve(path, &variant.value);
    if let Some(engine) = crate::variants::bundled_engine(&name) {
        return Ok(engine);
    }
    let does_not_load = |why: String| {
        vec![Diagnostic::error(
            path,
            variant.span,
            format!("the game `{}` does not load", variant.value),
        )
        .with_note(why)]
    };
    let text = read_variant_path(&name).map_err(does_not_load)?;
    match text.compile() {
        Ok(compiled) => Ok(Arc::new(Engine::new(compiled.game))),
        Err(diagnostics) => {
            let text = crate::diag::Renderer::new(&text.source.text)
                .report(&diagnostics, crate::diag::Format::Human);
            let mut d = does_not_load(format!("`{name}` has errors:")).remove(0);
            d.notes.extend(
                text.lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(String::from),
            );
            Err(vec![d])
        }
    }
}

/// Reads the variant file a rule test names by path, refusing what is not one before opening it: a name that does
/// not end in `.tatsu` (so that the diagnostics of a file that is no variant file, `/etc/passwd`, never quote
/// its lines) and anything but a regular file (a FIFO would block the run for ever, a device never end). The
/// read is bounded as a variant file's is ([`crate::dsl::source::MAX_FILE_BYTES`]).
fn read_variant_path(name: &str) -> Result<crate::variants::Text, String> {
    if !is_variant_file(name) {
        let bundled: Vec<&str> = crate::variants::bundled().iter().map(|(n, _)| *n).collect();
        return Err(format!(
            "`{name}` is not read: a rule test's `variant` is a bundled game ({}) or a variant file (`*.tatsu`)",
            bundled.join(", ")
        ));
    }
    // `metadata` follows links and never blocks (opening a FIFO does, until a writer comes).
    let metadata = std::fs::metadata(name).map_err(|e| format!("cannot read `{name}`: {e}"))?;
    if !metadata.is_file() {
        return Err(format!(
            "`{name}` is not read: it is not a regular file (a directory, a FIFO or a device)"
        ));
    }
    crate::variants::read(name).map_err(|e| {
        let text = e.to_string();
        text.strip_prefix("error: ").unwrap_or(&text).to_string()
    })
}

/// A bundled game's name as it is; a path relative to the test file's folder.
fn resolve(test_path: &str, variant: &str) -> String {
    if crate::variants::bundled()
        .iter()
        .any(|(n, _)| *n == variant)
    {
        return variant.to_string();
    }
    let base = Path::new(test_path).parent().unwrap_or(Path::new(""));
    base.join(variant).to_string_lossy().into_owned()
}
