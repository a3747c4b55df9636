//! `tatsu test` and the rule-test format (docs/rule-tests.md): the shipped rule facts of RULES.md pass, each kind
//! of step fails as the docs show, and the machine-readable reports say the same.
use crate::support::binary::{tatsu, tatsu_in};
use crate::support::scratch::scratch;
use tatsu::ruletest;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn path(rel: &str) -> String {
    format!("{ROOT}/{rel}")
}

/// Every test of the file passes; otherwise the failures are shown as `tatsu test` shows them.
fn assert_passes(rel: &str) -> usize {
    let report = ruletest::run_file(&path(rel));
    let mut shown = String::new();
    for d in report
        .errors
        .iter()
        .chain(report.tests.iter().flat_map(|t| &t.failures))
    {
        shown += &tatsu::diag::render_human(d, &report.source);
    }
    assert!(report.passed(), "{rel}:\n{shown}");
    report.tests.len()
}

#[test]
fn every_rules_md_fact_of_the_bundled_games_holds() {
    for game in [
        "ryugi",
        "euroshogi",
        "ryu-shogi",
        "heian-ryu-shogi",
        "dai-ryu-shogi",
    ] {
        let n = assert_passes(&format!("tests/rules/{game}.tatsu-test"));
        assert!(n >= 6, "{game}: only {n} tests");
    }
}

#[test]
fn the_shipped_rule_files_pass_through_the_binary_with_exit_status_0() {
    let run = tatsu(&["test", "tests/rules", "docs/examples/mini-ryu.tatsu-test"]);
    assert_eq!(run.code, 0, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .ends_with("test result: ok. 77 passed; 0 failed; 0 files with errors\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn test_blocks_inside_a_variant_file_test_that_game() {
    assert_eq!(assert_passes("tests/data/ruletest/knights.tatsu"), 2);
    let check = tatsu(&["check", "tests/data/ruletest/knights.tatsu"]);
    assert_eq!(check.code, 0, "{}", check.stderr);
}

/// The console block of docs/rule-tests.md that follows the line `$ <command>`.
fn documented_output(command: &str) -> String {
    let doc = std::fs::read_to_string(path("docs/rule-tests.md")).expect("docs/rule-tests.md");
    let start = doc
        .find(&format!("$ {command}\n"))
        .unwrap_or_else(|| panic!("docs/rule-tests.md shows `{command}`"));
    let body = &doc[start + command.len() + 3..];
    body[..body.find("```").expect("the block ends")].to_string()
}

#[test]
fn every_kind_of_step_fails_as_the_docs_show() {
    let run = tatsu_in(
        &path("docs/examples"),
        &["test", "mini-ryu-failing.tatsu-test"],
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        documented_output("cd docs/examples && tatsu test mini-ryu-failing.tatsu-test")
    );
    for kind in [
        "piece S on c3",
        "piece G on c4 in camp",
        "moves a2a3",
        "legal c2c4",
        "illegal c2c3",
        "count 6",
        "perft 2 = 24",
        "legal P@c3",
        "result white wins",
        "check",
        "to-move white",
        "play c2c4",
        "fen \"k5",
    ] {
        let underlined = run
            .stdout
            .lines()
            .filter_map(|l| l.split_once(" | ").map(|(_, text)| text.trim()))
            .any(|text| text.starts_with(kind));
        assert!(underlined, "no failure shown for `{kind}`");
    }
}

#[test]
fn the_passing_example_prints_as_the_docs_show() {
    let run = tatsu_in(&path("docs/examples"), &["test", "mini-ryu.tatsu-test"]);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        documented_output("cd docs/examples && tatsu test mini-ryu.tatsu-test")
    );
}

#[test]
fn an_unexpected_destination_names_the_xbetza_component_behind_it() {
    let report = ruletest::run_file(&path("docs/examples/mini-ryu-failing.tatsu-test"));
    let scout = &report.tests[0].failures[0];
    assert!(
        scout.notes.contains(
            &"unexpected: b3  <- sW of \"fRsW\" (in field): moves or captures one square sideways"
                .to_string()
        ),
        "{:?}",
        scout.notes
    );
}

#[test]
fn json_report_counts_every_test_and_locates_each_failure() {
    let run = tatsu_in(
        &path("docs/examples"),
        &[
            "test",
            "--json",
            "mini-ryu-failing.tatsu-test",
            "mini-ryu.tatsu-test",
        ],
    );
    assert_eq!(run.code, 1);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(v["schema"], "tatsu.test/1");
    assert_eq!(v["passed"], false);
    assert_eq!(v["tests_passed"], 4);
    assert_eq!(v["tests_failed"], 9);
    let first = &v["files"][0]["tests"][0];
    assert_eq!(first["name"], "piece: the Scout in the field");
    assert_eq!(first["line"], 4);
    assert_eq!(first["failures"][0]["schema"], "tatsu.diagnostic/1");
    assert_eq!(first["failures"][0]["line"], 5);
    assert_eq!(first["failures"][0]["column"], 3);
    assert_eq!(v["files"][1]["passed"], true);
}

#[test]
fn junit_report_has_one_testcase_per_test_and_a_failure_per_failing_one() {
    let dir = scratch("junit");
    let out = dir.join("report.xml");
    let run = tatsu_in(
        &path("docs/examples"),
        &[
            "test",
            "mini-ryu-failing.tatsu-test",
            "mini-ryu.tatsu-test",
            "--junit",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(run.code, 1);
    let xml = std::fs::read_to_string(&out).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(xml.starts_with("<?xml"));
    assert_eq!(xml.matches("<testcase ").count(), 13);
    assert_eq!(xml.matches("<failure ").count(), 9);
    assert!(
        xml.contains("<testsuites name=\"tatsu test\" tests=\"13\" failures=\"9\" errors=\"0\">")
    );
    assert!(xml.contains("name=\"piece: the Scout in the field\" classname=\"mini-ryu\""));
    assert!(
        xml.contains("&quot;fRsW&quot;"),
        "attribute text is escaped"
    );
}

#[test]
fn a_syntax_error_in_a_test_file_is_located_and_the_file_cannot_run() {
    let dir = scratch("ruletest");
    let file = dir.join("broken.tatsu-test");
    std::fs::write(
        &file,
        "variant \"ryugi\"\ntest \"t\" {\n  count thirty\n}\n",
    )
    .unwrap();
    let run = tatsu_in(dir.to_str().unwrap(), &["test", "broken.tatsu-test"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(run.code, 1);
    assert!(
        run.stdout.contains("--> broken.tatsu-test:3:9"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("1 file with errors"), "{}", run.stdout);
}

#[test]
fn a_syntax_error_in_a_variant_files_test_block_is_located_in_that_file() {
    let source = crate::support::variants::source_with(
        "tests/data/ruletest/knights.tatsu",
        "count 9",
        "count nine",
    );
    let report = ruletest::run_source("knights.tatsu", &source);
    assert!(!report.passed());
    let d = &report.errors[0];
    let (line, column) = tatsu::diag::Renderer::new(&source).line_col(d.span.start);
    assert_eq!((line, column), (13, 9), "{}", d.message);
}

#[test]
fn a_test_file_without_a_variant_line_says_what_to_write() {
    let report = ruletest::run_source("x.tatsu-test", "test \"t\" { count 1 }\n");
    assert!(report.errors[0].message.contains("does not say which game"));
}

#[test]
fn a_test_file_naming_a_missing_game_cannot_run() {
    let report = ruletest::run_source("x.tatsu-test", "variant \"ryugy\"\n");
    assert!(report.errors[0]
        .message
        .contains("the game `ryugy` does not load"));
}

#[test]
fn perft_deeper_than_the_limit_is_refused_not_run() {
    let report = ruletest::run_source(
        "x.tatsu-test",
        "variant \"ryugi\"\ntest \"deep\" { perft 9 = 1 }\n",
    );
    assert!(report.tests[0].failures[0]
        .message
        .contains("over the limit of 7"));
}

/// A piece's destinations are asked of the piece alone on the board; in an extinction game that position is
/// decided, and its destinations must still be found (they come from the designer's view, not the legal moves).
#[test]
fn piece_reaches_holds_in_a_game_where_a_lone_piece_is_a_decided_position() {
    assert_eq!(
        assert_passes("tests/data/ruletest/lone-piece-in-extinction.tatsu-test"),
        1
    );
}

/// One mistake does not hide the next: every test block with a syntax error is reported, each at its place, and
/// text between blocks that is not a test is an error of its own.
#[test]
fn every_syntax_error_of_a_test_file_is_reported() {
    let source = "variant \"chess\"\n\
                  test \"a\" { count thirty }\n\
                  test \"b\" { count 20 }\n\
                  test \"c\" { perft 1 400 }\n\
                  stray words\n\
                  test \"d\" { legal }\n";
    let report = ruletest::run_source("x.tatsu-test", source);
    let renderer = tatsu::diag::Renderer::new(source);
    let places: Vec<(usize, usize)> = report
        .errors
        .iter()
        .map(|d| renderer.line_col(d.span.start))
        .collect();
    assert_eq!(
        places,
        [(2, 18), (4, 20), (5, 1), (6, 18)],
        "{:#?}",
        report.errors
    );
    assert!(
        report.errors[2].message.contains("`stray`"),
        "{}",
        report.errors[2].message
    );
    let dir = scratch("ruletest-many");
    std::fs::write(dir.join("broken.tatsu-test"), source).unwrap();
    let run = tatsu_in(dir.to_str().unwrap(), &["test", "broken.tatsu-test"]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        run.stdout
            .contains("1 passed; 0 failed; 1 file with errors"),
        "{}",
        run.stdout
    );
}

/// Thousands of mistakes are read in one pass and reported up to the cap, the last error counting the rest.
#[test]
fn a_test_file_of_many_mistakes_reports_the_first_fifty() {
    let source = format!(
        "variant \"chess\"\n{}",
        "test \"x\" { count x }\n".repeat(20_000)
    );
    let report = ruletest::run_source("x.tatsu-test", &source);
    assert_eq!(report.errors.len(), tatsu::ruletest::MAX_SYNTAX_ERRORS);
    let last = report.errors.last().unwrap();
    assert!(
        last.notes
            .iter()
            .any(|n| n == "19950 more syntax errors not shown"),
        "{:?}",
        last.notes
    );
}

/// Thousands of failing tests: the report lists every test, shows the first fifty failures and counts the rest;
/// `--json` keeps every failure and locates every test. Each file's lines are indexed once, so this is linear in
/// the file (it took 30 s for 40,000 tests when each failure and each test's line indexed the file again).
#[test]
fn a_file_of_thousands_of_failing_tests_reports_the_first_fifty_failures_and_counts_the_rest() {
    let tests = 5_000;
    let source = format!(
        "variant \"chess\"\n{}",
        "test \"t\" { legal a2a5 }\n".repeat(tests)
    );
    let dir = scratch("ruletest-fails");
    std::fs::write(dir.join("fails.tatsu-test"), source).unwrap();
    let human = tatsu_in(dir.to_str().unwrap(), &["test", "fails.tatsu-test"]);
    let json = tatsu_in(
        dir.to_str().unwrap(),
        &["test", "--json", "fails.tatsu-test"],
    );
    std::fs::remove_dir_all(&dir).ok();

    assert_eq!(human.code, 1);
    assert_eq!(human.stdout.matches("  FAILED  t\n").count(), tests);
    let shown = tatsu::diag::MAX_SHOWN;
    assert_eq!(
        human
            .stdout
            .matches("error: `a2a5` is not legal here")
            .count(),
        shown
    );
    assert!(human.stdout.contains(&format!(
        "note: {} more errors not shown (a report shows the first {shown})",
        tests - shown
    )));
    assert!(human.stdout.contains("--> fails.tatsu-test:51:18"));
    assert!(!human.stdout.contains("--> fails.tatsu-test:52:18"));

    let v: serde_json::Value = serde_json::from_str(&json.stdout).expect("one JSON object");
    assert_eq!(v["tests_failed"], tests);
    let all = v["files"][0]["tests"].as_array().unwrap();
    assert_eq!(all.len(), tests);
    for (i, t) in all.iter().enumerate() {
        assert_eq!(t["line"], i + 2);
        assert_eq!(t["failures"][0]["line"], i + 2);
    }
}

/// A misspelt step is answered with the list of steps, each named once (pest also reports the steps it tried,
/// which the `}` alternative already lists).
#[test]
fn a_misspelt_step_names_each_step_once() {
    let source = "variant \"chess\"\ntest \"a\" { lgeal a2a4 }\n";
    let report = ruletest::run_source("x.tatsu-test", source);
    let message = &report.errors[0].message;
    assert_eq!(
        message,
        "syntax error: expected `}` or a step (`fen`, `play`, `legal`, `illegal`, `moves`, `count`, `perft`, \
         `piece`, `result`, `check`, `to-move`), found `lgeal`"
    );
}

/// A rule-test file is read as a variant file is: an endless input stops at 1 MiB (`tatsu test /dev/zero` hung),
/// and bytes that are not UTF-8 are errors at their place instead of one unlocated "cannot read".
#[test]
fn a_rule_test_file_is_read_with_the_variant_files_bounds() {
    let report = ruletest::run_file("/dev/zero");
    assert!(!report.passed());
    assert_eq!(
        report.errors[0].message,
        "cannot read `/dev/zero`: the input goes on past 1048576 bytes (1 MiB), the most a rule-test file may have"
    );
    let dir = scratch("ruletest-bytes");
    let file = dir.join("bytes.tatsu-test");
    std::fs::write(
        &file,
        b"variant \"chess\"\ntest \"t\" { count 20 }\n# caf\xe9\n",
    )
    .unwrap();
    let report = ruletest::run_file(file.to_str().unwrap());
    std::fs::remove_dir_all(&dir).ok();
    let d = &report.errors[0];
    assert!(d.message.contains("not UTF-8"), "{d:?}");
    assert_eq!(
        tatsu::diag::Renderer::new(&report.source).line_col(d.span.start),
        (3, 6)
    );
    assert!(report.tests.is_empty());
}

#[test]
fn a_file_that_cannot_be_read_is_one_line_and_a_folder_without_tests_is_an_error() {
    let dir = scratch("ruletest-nothing");
    std::fs::create_dir_all(dir.join("empty/sub")).unwrap();
    let d = dir.to_str().unwrap();
    // Before, the read error was shown as a diagnostic at `missing.tatsu-test:1:1` under an empty source line, the
    // game as `(?)`, and the total as `1 files`.
    let run = tatsu_in(d, &["test", "missing.tatsu-test"]);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "missing.tatsu-test: 0 tests\nerror: cannot read `missing.tatsu-test`: No such file or directory (os error 2)\n\n\
         test result: FAILED. 0 passed; 0 failed; 1 file with errors\n"
    );
    // A folder without a rule-test file (here only a folder inside) passed with 0 tests; `check` was silent.
    for (command, said) in [
        ("test", "`empty` holds no rule-test files (`*.tatsu-test`"),
        ("check", "`empty` holds no variant files (`*.tatsu`"),
    ] {
        let run = tatsu_in(d, &[command, "empty"]);
        assert_eq!(run.code, 1);
        assert!(run.stderr.contains(said), "{}", run.stderr);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Runs the rule test `source` written as `name` in a fresh folder (made by `prepare`), on a thread: a run that
/// blocks (a FIFO opened for reading) fails the test after 20 s instead of hanging it.
fn run_in_scratch(
    tag: &str,
    prepare: impl FnOnce(&std::path::Path),
    source: &str,
) -> ruletest::FileReport {
    let dir = scratch(tag);
    let sub = dir.join("tests");
    std::fs::create_dir_all(&sub).unwrap();
    prepare(&dir);
    let file = sub.join("t.tatsu-test");
    std::fs::write(&file, source).unwrap();
    let path = file.to_string_lossy().into_owned();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(ruletest::run_file(&path)));
    let report = receive
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("the rule test came back within 20 s");
    std::fs::remove_dir_all(&dir).ok();
    report
}

/// Everything a report says, as `tatsu test` shows it.
fn shown(report: &ruletest::FileReport) -> String {
    report
        .errors
        .iter()
        .map(|d| tatsu::diag::render_human(d, &report.source))
        .collect()
}

#[test]
fn a_variant_path_is_read_from_the_test_files_folder() {
    let report = run_in_scratch(
        "ruletest-relative",
        |dir| {
            let chess = std::fs::read_to_string(path("variants/chess.tatsu")).unwrap();
            std::fs::write(dir.join("mine.tatsu"), chess).unwrap();
        },
        "variant \"../mine.tatsu\"\ntest \"t\" { count 20 }\n",
    );
    assert!(report.passed(), "{}", shown(&report));
}

#[test]
fn a_variant_path_to_a_file_that_is_no_variant_file_is_not_read_or_quoted() {
    let report = run_in_scratch(
        "ruletest-passwd",
        |dir| std::fs::write(dir.join("passwd"), "root:x:0:0:root:/root:/bin/bash\n").unwrap(),
        "variant \"../passwd\"\ntest \"t\" { count 20 }\n",
    );
    let text = shown(&report);
    assert!(!report.passed());
    assert!(text.contains("does not load"), "{text}");
    assert!(text.contains("a variant file (`*.tatsu`)"), "{text}");
    assert!(
        !text.contains("root:x"),
        "the file's content is quoted:\n{text}"
    );
}

#[test]
fn a_variant_path_to_a_directory_or_a_device_is_refused() {
    for target in ["d.tatsu", "/dev/zero"] {
        let report = run_in_scratch(
            "ruletest-directory",
            |dir| std::fs::create_dir_all(dir.join("tests/d.tatsu")).unwrap(),
            &format!("variant \"{target}\"\ntest \"t\" {{ count 20 }}\n"),
        );
        let text = shown(&report);
        assert!(
            text.contains("not a regular file") || text.contains("not read"),
            "{text}"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_variant_path_to_a_fifo_is_refused_without_blocking() {
    let report = run_in_scratch(
        "ruletest-fifo",
        |dir| {
            let made = std::process::Command::new("mkfifo")
                .arg(dir.join("tests/pipe.tatsu"))
                .status()
                .expect("mkfifo runs");
            assert!(made.success());
        },
        "variant \"pipe.tatsu\"\ntest \"t\" { count 20 }\n",
    );
    let text = shown(&report);
    assert!(text.contains("not a regular file"), "{text}");
}

#[test]
fn a_variant_path_to_a_file_past_the_size_limit_is_refused_unread() {
    let report = run_in_scratch(
        "ruletest-large",
        |dir| std::fs::write(dir.join("tests/big.tatsu"), vec![b'#'; 2 << 20]).unwrap(),
        "variant \"big.tatsu\"\ntest \"t\" { count 20 }\n",
    );
    let text = shown(&report);
    assert!(text.contains("at most 1048576"), "{text}");
}
