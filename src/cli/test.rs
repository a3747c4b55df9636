//! `tatsu test FILE…`: run rule tests (docs/rule-tests.md) and report each, with failures located in the test
//! file; `--json` and `--junit FILE` for CI systems. Exit status 1 if any test fails or any file cannot run.
use super::check::DiagnosticJson;
use super::common::{emit, files_named, print_json};
use super::error::{CliError, Status};
use clap::Args;
use serde::Serialize;
use std::path::PathBuf;
use tatsu::diag;
use tatsu::ruletest::{self, FileReport};

/// Run rule tests: `*.tatsu-test` files, the test blocks of variant files (`*.tatsu`), or folders of either.
///
/// Examples:
///   tatsu test tests/rules/ryugi.tatsu-test
///   tatsu test tests/rules                        # every rule-test file in the folder, recursively
///   tatsu test my-game.tatsu                      # the `test` blocks inside a variant file
///   tatsu test tests/rules --junit report.xml     # also write JUnit XML for a CI system
#[derive(Args, Debug)]
#[command(verbatim_doc_comment)]
pub struct TestArgs {
    /// Rule-test files, variant files with test blocks, or folders (their `*.tatsu-test` files, recursively).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print one JSON object (every file, test and failure; schema `tatsu.test/1`) instead of the report.
    #[arg(long)]
    pub json: bool,
    /// Also write the results as JUnit XML to this file.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
}

pub fn run(args: &TestArgs) -> Result<(), CliError> {
    let paths = files_named(&args.files, "tatsu-test", "rule-test files")?;
    let reports: Vec<FileReport> = paths
        .iter()
        .map(|p| ruletest::run_file(&p.to_string_lossy()))
        .collect();
    if args.json {
        print_json(&ReportJson::new(&reports))?;
    } else {
        emit(&human_report(&reports));
    }
    if let Some(path) = &args.junit {
        std::fs::write(path, junit_report(&reports))
            .map_err(|e| CliError::input(format!("cannot write `{}`: {e}", path.display())))?;
    }
    if reports.iter().all(FileReport::passed) {
        Ok(())
    } else {
        Err(CliError::reported(Status::Input))
    }
}

/// Each file's load errors, a line per test, then the failing tests' diagnostics: the first [`diag::MAX_SHOWN`]
/// of the file and a count of the rest (`--json` and `--junit` carry them all).
fn human_report(reports: &[FileReport]) -> String {
    let mut out = String::new();
    let (mut passed, mut failed, mut errors) = (0, 0, 0);
    for r in reports {
        let renderer = diag::Renderer::new(&r.source);
        let game = r
            .variant
            .as_deref()
            .map_or(String::new(), |v| format!(" ({v})"));
        let plural = if r.tests.len() == 1 { "" } else { "s" };
        out += &format!("{}{game}: {} test{plural}\n", r.file, r.tests.len());
        errors += usize::from(!r.errors.is_empty());
        if r.source.is_empty() {
            // Nothing was read (or the file is empty): no line to show under the message.
            for e in &r.errors {
                out += &format!("error: {}\n", e.message);
            }
        } else {
            out += &renderer.report(&r.errors, diag::Format::Human);
        }
        for t in &r.tests {
            if t.passed() {
                passed += 1;
                out += &format!("  ok      {}\n", t.name);
            } else {
                failed += 1;
                out += &format!("  FAILED  {}\n", t.name);
            }
        }
        out.push('\n');
        let failures = r.tests.iter().flat_map(|t| &t.failures);
        out += &renderer.report(failures, diag::Format::Human);
        if !out.ends_with("\n\n") {
            // The count of failures not shown is one line: set it off from the next file, as a diagnostic is.
            out.push('\n');
        }
    }
    let verdict = if failed == 0 && errors == 0 {
        "ok"
    } else {
        "FAILED"
    };
    out += &format!(
        "test result: {verdict}. {passed} passed; {failed} failed; {errors} {} with errors\n",
        if errors == 1 { "file" } else { "files" }
    );
    out
}

/// `test --json` (schema `tatsu.test/1`): the totals, then per file its game, load errors and tests.
#[derive(Serialize)]
struct ReportJson<'a> {
    schema: &'static str,
    passed: bool,
    tests_passed: usize,
    tests_failed: usize,
    files_with_errors: usize,
    files: Vec<FileJson<'a>>,
}

#[derive(Serialize)]
struct FileJson<'a> {
    file: &'a str,
    variant: Option<&'a str>,
    passed: bool,
    errors: Vec<DiagnosticJson<'a>>,
    tests: Vec<TestJson<'a>>,
}

#[derive(Serialize)]
struct TestJson<'a> {
    name: &'a str,
    line: usize,
    passed: bool,
    failures: Vec<DiagnosticJson<'a>>,
}

impl<'a> ReportJson<'a> {
    fn new(reports: &'a [FileReport]) -> ReportJson<'a> {
        let count = |ok: bool| {
            reports
                .iter()
                .flat_map(|r| &r.tests)
                .filter(|t| t.passed() == ok)
                .count()
        };
        let files = reports
            .iter()
            .map(|r| {
                let at = diag::Renderer::new(&r.source);
                let diags = |list: &'a [diag::Diagnostic]| {
                    list.iter().map(|d| DiagnosticJson::new(d, &at)).collect()
                };
                FileJson {
                    file: &r.file,
                    variant: r.variant.as_deref(),
                    passed: r.passed(),
                    errors: diags(&r.errors),
                    tests: r
                        .tests
                        .iter()
                        .map(|t| TestJson {
                            name: &t.name,
                            line: at.line_col(t.span.start).0,
                            passed: t.passed(),
                            failures: diags(&t.failures),
                        })
                        .collect(),
                }
            })
            .collect();
        ReportJson {
            schema: "tatsu.test/1",
            passed: reports.iter().all(FileReport::passed),
            tests_passed: count(true),
            tests_failed: count(false),
            files_with_errors: reports.iter().filter(|r| !r.errors.is_empty()).count(),
            files,
        }
    }
}

/// JUnit XML: one `testsuite` per file, one `testcase` per test; a file that could not run is one test case with
/// an `error`.
fn junit_report(reports: &[FileReport]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let total: usize = reports.iter().map(|r| r.tests.len().max(1)).sum();
    let failures: usize = reports
        .iter()
        .flat_map(|r| &r.tests)
        .filter(|t| !t.passed())
        .count();
    let errors = reports.iter().filter(|r| !r.errors.is_empty()).count();
    out += &format!(
        "<testsuites name=\"tatsu test\" tests=\"{total}\" failures=\"{failures}\" errors=\"{errors}\">\n"
    );
    for r in reports {
        // One line index per file: locating each test and failure is then a binary search, not a scan.
        let renderer = diag::Renderer::new(&r.source);
        let game = xml(r.variant.as_deref().unwrap_or(""));
        let failed = r.tests.iter().filter(|t| !t.passed()).count();
        out += &format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failed}\" errors=\"{}\">\n",
            xml(&r.file),
            r.tests.len().max(usize::from(!r.errors.is_empty())),
            usize::from(!r.errors.is_empty())
        );
        if let Some(first) = r.errors.first() {
            let text = rendered(&r.errors, &renderer);
            out += &format!(
                "    <testcase name=\"(load)\" classname=\"{game}\" file=\"{}\">\n      <error message=\"{}\">{}</error>\n    </testcase>\n",
                xml(&r.file),
                xml(&first.message),
                xml(&text)
            );
        }
        for t in &r.tests {
            let line = renderer.line_col(t.span.start).0;
            out += &format!(
                "    <testcase name=\"{}\" classname=\"{game}\" file=\"{}\" line=\"{line}\"",
                xml(&t.name),
                xml(&r.file)
            );
            match t.failures.first() {
                None => out += "/>\n",
                Some(first) => {
                    let text = rendered(&t.failures, &renderer);
                    out += &format!(
                        ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
                        xml(&first.message),
                        xml(&text)
                    );
                }
            }
        }
        out += "  </testsuite>\n";
    }
    out += "</testsuites>\n";
    out
}

/// Diagnostics as `tatsu test` prints them, one after another.
fn rendered(list: &[diag::Diagnostic], renderer: &diag::Renderer) -> String {
    list.iter().map(|d| renderer.human(d)).collect()
}

fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
