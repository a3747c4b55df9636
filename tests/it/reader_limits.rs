//! Pathological inputs for the variant reader and its diagnostics (issue 15): each must come back, with a
//! report of bounded size, however many mistakes the file holds. No test here times anything: a hang or a
//! quadratic blow-up shows as a test that does not finish (the figures are in docs/limits.md).
use std::io::Write as _;
use tatsu::diag::{Diagnostic, Format, Renderer, MAX_SHOWN};
use tatsu::dsl::source::{decode, MAX_FILE_BYTES};
use tatsu::variants::{self, LoadError, Text};

/// A report for people is at most this long, whatever the file (50 diagnostics of a few cut lines each).
const REPORT_BOUND: usize = 64 * 1024;

/// Compiles `bytes` as a variant file and renders every form of report; returns the diagnostics.
fn read(bytes: Vec<u8>) -> Vec<Diagnostic> {
    let text = Text {
        source: decode("p.tatsu", bytes),
        file: "p.tatsu".to_string(),
    };
    let diags = match text.compile() {
        Ok(c) => c.warnings,
        Err(d) => d,
    };
    let source = &text.source.text;
    for d in &diags {
        assert!(d.span.start <= d.span.end && d.span.end <= source.len());
    }
    let renderer = Renderer::new(source);
    let human = renderer.report(&diags, Format::Human);
    assert!(human.len() < REPORT_BOUND, "{} bytes", human.len());
    let short = renderer.report(&diags, Format::Short);
    assert!(short.lines().count() <= MAX_SHOWN + 1);
    assert!(!human.contains('\u{1b}') && !short.contains('\u{1b}'));
    diags
}

/// The errors other than the file's missing statements (these inputs have no board or start).
fn errors(diags: &[Diagnostic]) -> usize {
    diags
        .iter()
        .filter(|d| d.is_error() && !d.message.starts_with("the file has no"))
        .count()
}

/// About `MAX_FILE_BYTES` of `unit` repeated.
fn fill(unit: &str) -> String {
    unit.repeat(MAX_FILE_BYTES as usize / unit.len())
}

#[test]
fn a_megabyte_line_of_unknown_words_is_one_error() {
    let diags = read(fill("x ").into_bytes());
    assert_eq!(errors(&diags), 1, "{diags:#?}");
}

#[test]
fn tens_of_thousands_of_misspelt_statements_are_all_counted() {
    let line = "peice A { moves \"W\" }\n";
    let diags = read(fill(line).into_bytes());
    // One "unknown statement" each: the reader keeps the first MAX_SYNTAX_ERRORS and counts the others, and the
    // ones it keeps are folded into one diagnostic (four of them marked "also here") that counts the rest.
    let lines = MAX_FILE_BYTES as usize / line.len();
    let d = diags.iter().find(|d| d.message.contains("peice")).unwrap();
    let kept = tatsu::dsl::MAX_SYNTAX_ERRORS;
    assert!(
        d.notes.contains(&format!("{} more times", kept - 5)),
        "{d:#?}"
    );
    let rest = format!("{} more syntax errors from here on", lines - kept);
    assert!(diags.iter().any(|d| d.message.starts_with(&rest)), "{rest}");
}

#[test]
fn a_line_of_misspelt_items_stops_after_a_few_errors() {
    let source = format!("piece A {{{} }}\n", fill(" promot to A in z"));
    let diags = read(source.into_bytes());
    let syntax = diags
        .iter()
        .filter(|d| d.message.contains("promot"))
        .count();
    assert!(syntax <= tatsu::dsl::MAX_ERRORS_PER_LINE, "{syntax}");
}

#[test]
fn every_kind_of_unbalanced_text_comes_back() {
    for unit in [
        "{", "}", "}\n", "\"", "title \"", "{ \"", "#", "//", "\r", "\r\n}", "zone", "piece",
    ] {
        read(fill(unit).into_bytes());
    }
}

#[test]
fn a_megabyte_string_left_open_is_one_error() {
    let diags = read(format!("title \"{}", fill("a")).into_bytes());
    assert_eq!(errors(&diags), 1, "{diags:#?}");
    assert!(diags.iter().any(|d| d.message == "unterminated string"));
}

#[test]
fn control_characters_and_bytes_that_are_not_utf8_everywhere() {
    let controls: Vec<u8> = (0u8..32).chain([127]).collect();
    read(controls.repeat(MAX_FILE_BYTES as usize / 33));
    let diags = read(vec![0xff; MAX_FILE_BYTES as usize]);
    assert!(diags.len() < 100, "{}", diags.len());
    read(b"a\xff".repeat(MAX_FILE_BYTES as usize / 2));
}

#[test]
fn a_ten_kilobyte_xbetza_string_of_bad_letters_gives_a_bounded_report() {
    let source = format!(
        "board 8 x 8\npiece K {{ royal moves \"{}\" }}\nstart \"8/8/8/8/8/8/8/K7 w - - 0 1\"\n",
        "w".repeat(10_000)
    );
    let diags = read(source.into_bytes());
    assert!(errors(&diags) >= 1);
}

/// Fairy-Stockfish lets `cR4` replace the capture range `R` gave, so the whole string is read as another piece
/// there: one warning at the string. Reading it in that order once per component took minutes at this length
/// (25,000 components, 348 s in a release build; now a fraction of a second).
#[test]
fn a_hundred_kilobyte_string_fairy_stockfish_reads_otherwise_gives_one_warning() {
    let source = format!(
        "board 8 x 8\npiece K {{ royal moves \"K\" }}\npiece R {{ moves \"{}\" }}\nstart \"8/8/8/8/8/8/8/KR6 w - - 0 1\"\n",
        "RcR4".repeat(25_000)
    );
    let diags = read(source.into_bytes());
    let whole: Vec<_> = diags
        .iter()
        .filter(|d| d.message.contains("as another piece"))
        .collect();
    assert_eq!(whole.len(), 1, "{diags:#?}");
    assert!(
        whole[0].message.contains("written weakest first"),
        "{}",
        whole[0].message
    );
}

#[test]
fn thousands_of_unknown_zones_are_reported_and_capped() {
    // 1,000 pieces (a game has at most 1,024 types), each in five zones that do not exist.
    let mut source = String::from("board 8 x 8\n");
    for i in 0..1000 {
        source += &format!("piece A{i} {{");
        for z in 0..5 {
            source += &format!(" moves in nowhere{i}x{z} \"W\"");
        }
        source += " }\n";
    }
    source += "start \"8/8/8/8/8/8/8/8 w - - 0 1\"\n";
    let diags = read(source.into_bytes());
    assert!(errors(&diags) >= 5000, "{}", errors(&diags));
}

#[test]
fn a_file_over_the_size_limit_is_refused_before_it_is_read() {
    let dir = crate::support::scratch::scratch("limits");
    let at_limit = dir.join("at-limit.tatsu");
    let over = dir.join("over-limit.tatsu");
    let comment = fill("#\n");
    let mut f = std::fs::File::create(&at_limit).unwrap();
    f.write_all(comment.as_bytes()).unwrap();
    let mut f = std::fs::File::create(&over).unwrap();
    f.write_all(comment.as_bytes()).unwrap();
    f.write_all(b"# one byte too many, and more\n").unwrap();
    drop(f);
    let read_at = variants::read(at_limit.to_str().unwrap());
    assert!(read_at.is_ok(), "{:?}", read_at.err());
    match variants::read(over.to_str().unwrap()) {
        Err(LoadError::TooLarge { bytes, .. }) => {
            assert!(bytes.is_some_and(|b| b > MAX_FILE_BYTES))
        }
        other => panic!("{:?}", other.err()),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A device or a pipe has no size: the reader stops one byte past the limit and says the input goes on past it
/// (not that a file of 0 bytes is too large).
#[cfg(unix)]
#[test]
fn an_endless_input_is_refused_after_one_mebibyte() {
    match variants::read("/dev/zero") {
        Err(error @ LoadError::TooLarge { bytes: None, .. }) => {
            assert!(
                error.to_string().contains("goes on past 1048576 bytes"),
                "{error}"
            )
        }
        other => panic!("{:?}", other.err()),
    }
}
