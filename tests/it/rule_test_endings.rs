//! Rule tests can say every ending the executor gives: each `Reason` has its word, every word is shown reached by a
//! shipped rule-test file (tests/rules/, tests/rules/endings/), a result may leave its reason out, and a file with a
//! bad step still runs its other tests.
use tatsu::engine::Reason;
use tatsu::ruletest;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every `*.tatsu-test` file under `tests/rules/`, its folders included.
fn shipped_rule_files() -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![std::path::PathBuf::from(format!("{ROOT}/tests/rules"))];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("tests/rules reads") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "tatsu-test") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[test]
fn every_ending_the_executor_gives_is_reached_by_a_passing_rule_test() {
    let mut said = String::new();
    for path in shipped_rule_files() {
        let path = path.to_string_lossy().into_owned();
        let report = ruletest::run_file(&path);
        let failures: Vec<String> = report
            .errors
            .iter()
            .chain(report.tests.iter().flat_map(|t| &t.failures))
            .map(|d| tatsu::diag::render_human(d, &report.source))
            .collect();
        assert!(report.passed(), "{path}:\n{}", failures.concat());
        said += &report.source;
    }
    let missing: Vec<String> = Reason::ALL
        .iter()
        .map(|r| r.word())
        .filter(|word| {
            !said.lines().any(|l| {
                l.trim_start().starts_with("result")
                    && l.trim_end().ends_with(&format!(" by {word}"))
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "no shipped rule test reaches these endings: {missing:?}"
    );
}

#[test]
fn every_reason_has_a_word_that_reads_back() {
    for reason in Reason::ALL {
        assert_eq!(Reason::from_word(&reason.word()), Some(reason));
    }
    assert_eq!(Reason::from_word("flags"), None);
}

/// The file of the issue: a step that does not read costs its own test only; the tests around it run.
#[test]
fn a_test_that_does_not_read_is_reported_and_the_others_still_run() {
    let source = r#"variant "chess"
test "one" {
  play e2e4 e7e5
  result ongoing
}
test "bad" {
  play e2e4
  result white wins by nonsense
}
test "three" {
  fen "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"
  play f7g7
  result white wins
}
test "four" {
  fen "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"
  play f7g7
  result black wins
}
"#;
    let report = ruletest::run_source("endings.tatsu-test", source);
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    let error = &report.errors[0];
    assert!(
        error.message.contains("found `nonsense`"),
        "{}",
        error.message
    );
    assert_eq!(&source[error.span.start..error.span.end], "nonsense");
    let results: Vec<(&str, bool)> = report
        .tests
        .iter()
        .map(|t| (t.name.as_str(), t.passed()))
        .collect();
    assert_eq!(results, [("one", true), ("three", true), ("four", false)]);
    let failure = &report.tests[2].failures[0].message;
    assert_eq!(
        failure,
        "expected 0-1 (Black wins), found 1-0 (White wins by checkmate)"
    );
}

/// A test block of a variant file that does not read is an error; the file's other blocks still run.
#[test]
fn a_variant_files_bad_test_block_does_not_stop_its_other_blocks() {
    let chess = std::fs::read_to_string(format!("{ROOT}/variants/chess.tatsu")).unwrap();
    let source = format!(
        "{chess}\ntest \"good\" {{\n  play e2e4\n  to-move black\n}}\ntest \"bad\" {{\n  result white wins by\n}}\n"
    );
    let report = ruletest::run_source("mine.tatsu", &source);
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert!(report.tests.iter().any(|t| t.name == "good" && t.passed()));
}
