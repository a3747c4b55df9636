//! The diagnostics corpus: `tests/data/invalid/*.tatsu`, one mistake per file (plus the `several_*` and `many_*`
//! ones), each with its expected human-readable output (the report `tatsu check` prints) in `*.stderr`. Run with
//! `BLESS=1` to rewrite the expected files after a deliberate change, then review the diff.
use std::fs;
use std::path::{Path, PathBuf};
use tatsu::diag::{render_short, Diagnostic, Format, Renderer};
use tatsu::dsl::source::decode;
use tatsu::variants::Text;

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

/// Compiles a corpus file (read as bytes: some are not UTF-8): `(failed, diagnostics, source, display name)`.
fn check(path: &Path) -> (bool, Vec<Diagnostic>, String, String) {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = Text {
        source: decode(&name, fs::read(path).unwrap()),
        file: name.clone(),
    };
    match text.compile() {
        Ok(c) => (false, c.warnings, text.source.text, name),
        Err(d) => (true, d, text.source.text, name),
    }
}

#[test]
fn each_invalid_file_renders_its_expected_diagnostics() {
    let bless = std::env::var_os("BLESS").is_some();
    let mut mismatches = Vec::new();
    for path in corpus() {
        let (_, diags, source, _) = check(&path);
        let rendered = Renderer::new(&source).report(&diags, Format::Human);
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
        if name.starts_with("several") || name.starts_with("many") {
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

fn corpus_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/invalid")
        .join(name)
}

#[test]
fn three_independent_mistakes_are_three_errors() {
    // `peice` on line 6, a bad XBetza string on line 7, an unknown zone on line 10.
    let (failed, diags, source, _) = check(&corpus_file("several_independent_mistakes.tatsu"));
    assert!(failed);
    let errors: Vec<(usize, &str)> = diags
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let line = source[..d.span.start].matches('\n').count() + 1;
            (line, &source[d.span.start..d.span.end])
        })
        .collect();
    assert_eq!(errors, [(6, "peice"), (7, "z"), (10, "lsat")], "{diags:#?}");
}

#[test]
fn misspelt_keywords_are_suggested_and_read_as_meant() {
    for (file, typo, meant) in [
        ("syntax_unknown_statement.tatsu", "peice", "piece"),
        ("syntax_misspelt_item.tatsu", "promot", "promote"),
        ("syntax_drops_inside_piece.tatsu", "drops", "drop"),
        ("syntax_misspelt_option.tatsu", "mandtory", "mandatory"),
    ] {
        let (_, diags, source, _) = check(&corpus_file(file));
        // One error: the statement or item was read as the keyword meant, so nothing follows from it.
        assert_eq!(diags.len(), 1, "{file}: {diags:#?}");
        let d = &diags[0];
        assert_eq!(&source[d.span.start..d.span.end], typo);
        let hint = format!("did you mean `{meant}`?");
        assert!(d.notes.contains(&hint), "{file}: {d:#?}");
    }
}

/// The walkthrough's game with editor accidents that are not mistakes.
fn mini_ryu() -> String {
    fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/examples/mini-ryu.tatsu"
    ))
    .unwrap()
}

#[test]
fn a_byte_order_mark_slash_comments_and_any_line_ending_are_accepted() {
    let plain = mini_ryu();
    let variants = [
        format!("\u{feff}{plain}"),
        plain.replace("# Mini Ryu", "// Mini Ryu"),
        plain.replace('#', "//"),
        plain.replace('\n', "\r\n"),
        plain.replace('\n', "\r"),
    ];
    for source in variants {
        match tatsu::compile::compile("mini-ryu.tatsu", &source) {
            Ok(c) => assert!(c.warnings.is_empty(), "{:#?}", c.warnings),
            Err(d) => panic!("{source:?}: {d:#?}"),
        }
    }
}

/// What a message says once the user's own text (in backquotes) is taken out.
fn own_words(message: &str) -> String {
    message.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

#[test]
fn messages_never_name_the_grammar_s_rules() {
    let base = mini_ryu();
    let mut sources: Vec<String> = corpus()
        .iter()
        .map(|p| String::from_utf8_lossy(&fs::read(p).unwrap()).into_owned())
        .collect();
    // Every prefix of a valid file ends somewhere inside a statement: each is a syntax error of its own.
    let cuts: Vec<usize> = (0..base.len())
        .filter(|&i| base.is_char_boundary(i))
        .collect();
    sources.extend(cuts.iter().step_by(7).map(|&i| base[..i].to_string()));
    for source in &sources {
        let Err(diags) = tatsu::compile::compile("f.tatsu", source) else {
            continue;
        };
        for d in diags {
            let words = own_words(&d.message);
            let internal = words.split(|c: char| !(c.is_alphanumeric() || c == '_'));
            for w in internal {
                assert!(
                    !w.contains('_') && !["EOI", "SOI", "WHITESPACE", "COMMENT"].contains(&w),
                    "{}",
                    d.message
                );
            }
        }
    }
}
