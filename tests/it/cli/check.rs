//! `tatsu check`: exit status and the editor-friendly `short` format.
use crate::support::binary;

/// `tatsu ARGS`: exit code and stderr.
fn tatsu(args: &[&str]) -> (i32, String) {
    let run = binary::tatsu(args);
    (run.code, run.stderr)
}

#[test]
fn check_accepts_every_bundled_variant_silently() {
    let files: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/variants"))
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .collect();
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(tatsu(&args), (0, String::new()));
    assert_eq!(tatsu(&["check", "ryugi", "shogi"]), (0, String::new()));
}

#[test]
fn check_reports_every_mistake_one_line_each_and_fails() {
    let (code, stderr) = tatsu(&[
        "check",
        "--message-format",
        "short",
        "tests/data/invalid/several_mistakes.tatsu",
    ]);
    assert_eq!(code, 1);
    let f = "tests/data/invalid/several_mistakes.tatsu";
    let expected = [
        format!("{f}:3:11: error: a board has 1 to 36 ranks, not 40"),
        format!("{f}:8:7: error: piece `R` is defined twice"),
        format!("{f}:10:15: error: XBetza: `Y` is not an XBetza atom"),
        format!("{f}:11:19: error: unknown zone `lats`"),
        format!("{f}:14:33: error: a repetition count is 2 to 255, not 1"),
    ];
    assert_eq!(stderr.lines().collect::<Vec<_>>(), expected);
}

#[test]
fn check_warnings_alone_do_not_fail() {
    let (code, stderr) = tatsu(&["check", "tests/data/invalid/warning_unused_zone.tatsu"]);
    assert_eq!(code, 0);
    assert!(
        stderr.starts_with("warning: zone `middle` is never used"),
        "{stderr}"
    );
}

/// The diagnostics corpus through the real binary: `tatsu check` on each broken file prints exactly its golden
/// `.stderr` (the same files `tests/it/diagnostics.rs` checks through the library), and fails unless the file only
/// has warnings.
#[test]
fn check_prints_the_golden_diagnostics_of_every_broken_file() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/invalid");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tatsu"))
        .collect();
    files.sort();
    assert!(files.len() > 30, "the corpus is there");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let run = binary::tatsu_in(dir, &["check", &name]);
        let expected = std::fs::read_to_string(path.with_extension("stderr")).unwrap();
        assert_eq!(run.stderr, expected, "{name}");
        let code = if name.starts_with("warning_") { 0 } else { 1 };
        assert_eq!(run.code, code, "{name}");
        assert!(run.stdout.is_empty(), "{name}");
    }
}

#[test]
fn check_colours_its_report_only_when_asked_or_on_a_terminal() {
    let file = "tests/data/invalid/unknown_zone.tatsu";
    // The tests' stderr is a pipe: `auto` writes no colour.
    let (_, plain) = tatsu(&["check", file]);
    assert!(!plain.contains('\u{1b}'), "{plain:?}");
    let (_, never) = tatsu(&["check", "--color", "never", file]);
    assert_eq!(never, plain);
    let (code, coloured) = tatsu(&["check", "--color", "always", file]);
    assert_eq!(code, 1);
    assert!(coloured.contains("\u{1b}["), "{coloured:?}");
    let stripped = coloured
        .split('\u{1b}')
        .enumerate()
        .map(|(i, part)| {
            if i == 0 {
                part
            } else {
                &part[part.find('m').unwrap() + 1..]
            }
        })
        .collect::<String>();
    assert_eq!(stripped, plain);
}

/// The start position's one executor test: the side not to move may not be in check (Black's king on a5 faces
/// the White rook on a1 up the empty a-file, with White to move).
#[test]
fn check_refuses_a_start_where_the_side_not_to_move_is_in_check() {
    let (code, stderr) = tatsu(&[
        "check",
        "tests/data/cli/start-side-not-to-move-in-check.tatsu",
    ]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("the side not to move is in check"),
        "{stderr}"
    );
    assert!(stderr.contains(":6:8"), "{stderr}");
}

/// `check --json` reports every file, a clean one too (the issue: a clean file printed nothing), with its counts
/// and its diagnostics; a file that cannot be read says why.
#[test]
fn check_json_reports_every_file_a_clean_one_included() {
    let run = binary::tatsu(&[
        "check",
        "--json",
        "variants/chess.tatsu",
        "tests/data/invalid/promote_to_undeclared_piece.tatsu",
        "no-such-file.tatsu",
    ]);
    assert_eq!(run.code, 1);
    let reports: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(reports.len(), 3, "{}", run.stdout);
    assert_eq!(reports[0]["schema"], "tatsu.check/1");
    assert_eq!(reports[0]["ok"], true);
    assert_eq!(reports[0]["diagnostics"].as_array().unwrap().len(), 0);
    assert_eq!(reports[1]["ok"], false);
    assert_eq!(reports[1]["errors"], 1);
    assert_eq!(reports[1]["diagnostics"][0]["message"], "unknown piece `Q`");
    assert_eq!(reports[2]["ok"], false);
    assert!(reports[2]["read_error"]
        .as_str()
        .unwrap()
        .contains("no-such-file.tatsu"));
}
