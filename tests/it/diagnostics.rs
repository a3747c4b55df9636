//! The diagnostics corpus: `tests/data/invalid/*.tatsu`, one mistake per file (plus one with several), each with
//! its expected human-readable output in `*.stderr`. Run with `BLESS=1` to rewrite the expected files after a
//! deliberate change, then review the diff.
use std::fs;
use std::path::{Path, PathBuf};
use tatsu::compile::compile;
use tatsu::diag::{render_human, render_short, Diagnostic};

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/invalid");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tatsu"))
        .collect();
    files.sort();
    files
}

/// Compiles a corpus file: `(failed, diagnostics, source, display name)`.
fn check(path: &Path) -> (bool, Vec<Diagnostic>, String, String) {
    let source = fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    match compile(&name, &source) {
        Ok(c) => (false, c.warnings, source, name),
        Err(d) => (true, d, source, name),
    }
}

#[test]
fn each_invalid_file_renders_its_expected_diagnostics() {
    let bless = std::env::var_os("BLESS").is_some();
    let mut mismatches = Vec::new();
    for path in corpus() {
        let (_, diags, source, _) = check(&path);
        let rendered: String = diags
            .iter()
            .map(|d| render_human(d, &source) + "\n")
            .collect();
        let expected_path = path.with_extension("stderr");
        if bless {
            fs::write(&expected_path, &rendered).unwrap();
            continue;
        }
        let expected = fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != rendered {
            mismatches.push(format!(
                "{}:\n--- expected\n{expected}--- got\n{rendered}",
                path.display()
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn every_file_but_the_warning_ones_is_rejected_with_at_least_one_error() {
    for path in corpus() {
        let (failed, diags, _, name) = check(&path);
        if name.starts_with("warning_") {
            assert!(!failed, "{name} should compile");
            assert!(!diags.is_empty(), "{name} should warn");
        } else {
            assert!(failed, "{name} should be rejected");
            assert!(diags.iter().any(Diagnostic::is_error), "{name}");
        }
    }
}

#[test]
fn one_mistake_per_file_gives_one_error() {
    for path in corpus() {
        let (_, diags, _, name) = check(&path);
        if name.starts_with("several") {
            continue;
        }
        let errors = diags.iter().filter(|d| d.is_error()).count();
        assert!(errors <= 1, "{name}: {errors} errors: {diags:#?}");
    }
}

#[test]
fn several_mistakes_are_all_reported_in_source_order() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/invalid/several_mistakes.tatsu");
    let (failed, diags, _, _) = check(&path);
    assert!(failed);
    assert!(diags.len() >= 5, "{diags:#?}");
    assert!(diags.windows(2).all(|w| w[0].span.start <= w[1].span.start));
}

#[test]
fn xbetza_errors_point_inside_the_string() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/invalid/bad_xbetza_atom.tatsu");
    let (_, diags, source, name) = check(&path);
    let d = &diags[0];
    assert_eq!(&source[d.span.start..d.span.end], "Y");
    let line = source.lines().position(|l| l.contains("fmWfcY")).unwrap() + 1;
    let column = source.lines().nth(line - 1).unwrap().find('Y').unwrap() + 1;
    assert_eq!(
        render_short(d, &source),
        format!("{name}:{line}:{column}: error: {}", d.message)
    );
}

#[test]
fn unknown_names_suggest_the_nearest_one() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/invalid/unknown_zone.tatsu");
    let (_, diags, _, _) = check(&path);
    let error = diags.iter().find(|d| d.is_error()).unwrap();
    assert!(
        error
            .notes
            .iter()
            .any(|n| n.contains("did you mean `last`?")),
        "{diags:#?}"
    );
}
