//! `tatsu betza`, run as the real binary.
use crate::support::binary::{self, Run};

/// `tatsu betza ARGS`.
fn tatsu(args: &[&str]) -> Run {
    let mut all = vec!["betza"];
    all.extend_from_slice(args);
    binary::tatsu(&all)
}

#[test]
fn betza_valid_string_prints_canonical_description_and_diagram() {
    let out = tatsu(&["fNsW"]);
    assert!(out.code == 0);
    let s = &out.stdout;
    assert!(s.starts_with("fNsW\n"), "{s}");
    assert!(s.contains("knight's jump"), "{s}");
    assert!(s.contains("one square sideways"), "{s}");
    // from d4 (default middle of 8x8): c4 e4 c6 e6 marked
    assert!(s.contains("  6  . . * . * . . ."), "{s}");
    assert!(s.contains("  4  . . * @ * . . ."), "{s}");
    assert!(s.contains("legend:"), "{s}");
}

#[test]
fn betza_canonical_form_is_printed_first() {
    let out = tatsu(&["BNN"]);
    assert!(out.code == 0);
    assert!(out.stdout.starts_with("BN0\n"));
}

#[test]
fn betza_invalid_string_exits_1_with_caret_and_help() {
    let out = tatsu(&["fkW"]);
    assert_eq!(Some(out.code), Some(1));
    let err = &out.stderr;
    assert_eq!(err, "error: `k` is not an XBetza modifier\n  |\n1 | fkW\n  |  ^ did you mean `c` (capture only)?\n");
}

#[test]
fn betza_errors_are_capped_at_50_and_echo_100_characters_around_the_caret() {
    // 5,000 `(`: one error per parenthesis after the first. Printed whole, each echoing the string, they made
    // 38 MB of output.
    let text = format!("{}W", "(".repeat(5000));
    let errors = betza::parse(&text).unwrap_err().len();
    assert!(errors > 50, "{errors}");
    let out = tatsu(&[&text]);
    assert_eq!(out.code, 1);
    assert_eq!(out.stderr.matches("error: ").count(), 50);
    assert!(
        out.stderr.ends_with(&format!(
            "note: {} more errors not shown (a report shows the first 50)\n",
            errors - 50
        )),
        "{}",
        &out.stderr[out.stderr.len() - 200..]
    );
    // Each echo is 100 characters of the string, `…` where it is cut, and the caret stays under the error: the
    // 50th error is at the 50th parenthesis.
    for line in out.stderr.lines().filter(|l| l.starts_with("1 | ")) {
        let shown = line["1 | ".len()..]
            .trim_start_matches('…')
            .trim_end_matches('…');
        assert_eq!(shown.chars().count(), 100, "{line}");
    }
    // A caret beyond the first 100 characters moves the window: the `k` at character 201 of 200 `W`s and a `k`
    // is shown last, after `…` and 99 `W`s, with the caret under it.
    let out = tatsu(&[&format!("{}k", "W".repeat(200))]);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines[2], format!("1 | …{}k", "W".repeat(99)));
    assert_eq!(lines[3].find('^'), Some("1 | …".chars().count() + 99));
}

#[test]
fn betza_json_lists_moves_with_square_and_kind() {
    let out = tatsu(&["ifmnDfmWfceF", "--at", "d2", "--json"]);
    assert!(out.code == 0);
    let s = &out.stdout;
    assert!(s.contains("\"canonical\":\"ifmnDfmWfceF\""), "{s}");
    for m in [
        "{\"to\":\"d3\",\"kind\":\"move\"}",
        "{\"to\":\"d4\",\"kind\":\"initial\"}",
        "{\"to\":\"c3\",\"kind\":\"capture\"}",
        "{\"to\":\"e3\",\"kind\":\"capture\"}",
    ] {
        assert!(s.contains(m), "missing {m} in {s}");
    }
}

#[test]
fn betza_black_side_mirrors_forward() {
    let out = tatsu(&["fW", "--at", "d5", "--side", "black", "--json"]);
    assert!(out.code == 0);
    let s = &out.stdout;
    assert!(
        s.contains("\"moves\":[{\"to\":\"d4\",\"kind\":\"move-or-capture\"}]"),
        "{s}"
    );
}

#[test]
fn betza_castling_and_board_size() {
    let out = tatsu(&["KisO2", "--at", "e1", "--board", "10x8", "--json"]);
    assert!(out.code == 0);
    let s = &out.stdout;
    assert!(
        s.contains("{\"to\":\"c1\",\"kind\":\"castling\"}")
            && s.contains("{\"to\":\"g1\",\"kind\":\"castling\"}"),
        "{s}"
    );
}

#[test]
fn betza_board_takes_every_size_the_language_allows_up_to_36x36() {
    // Files past `z` are `aa`..`aj`, as in variant files; a rook on aj36 reaches a36 and aj1.
    let out = tatsu(&["R", "--board", "36x36", "--at", "aj36", "--json"]);
    assert!(out.code == 0, "{}", out.stderr);
    let s = &out.stdout;
    for to in ["a36", "z36", "aa36", "ai36", "aj1", "aj35"] {
        assert!(s.contains(&format!("{{\"to\":\"{to}\",")), "{to}: {s}");
    }
    let out = tatsu(&["R", "--board", "36x36", "--at", "aj36"]);
    let s = &out.stdout;
    assert!(
        s.contains("a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j\n"),
        "{s}"
    );
    for board in ["37x8", "8x37", "0x8"] {
        let out = tatsu(&["R", "--board", board]);
        assert_eq!(Some(out.code), Some(2), "{board}");
        assert!(out.stderr.contains("at most 36x36"), "{board}");
    }
}

#[test]
fn betza_refuses_repeated_rider_legs_at_once_on_the_largest_board() {
    // `a(al)aWW(af)B` took 27 s on 26x26 before its refusal; it is refused when it is read.
    for s in ["a(al)aWW(af)B", "a(al)aW0", "fm(afm)alW0"] {
        let out = tatsu(&[s, "--board", "36x36"]);
        assert_eq!(Some(out.code), Some(1), "{s}");
        assert!(out.stderr.contains("at most 8192 realisations"), "{s}");
    }
}

#[test]
fn betza_bad_square_is_a_usage_error() {
    let out = tatsu(&["K", "--at", "z9"]);
    assert_eq!(Some(out.code), Some(2));
    assert!(out.stderr.contains("not a square"));
}

#[test]
fn betza_invalid_json_mode_reports_errors_as_json() {
    let out = tatsu(&["ffW", "--json"]);
    assert_eq!(Some(out.code), Some(1));
    assert!(out.stdout.contains("\"kind\":\"MeaninglessDirection\""));
}

#[test]
fn closed_stdout_pipe_ends_output_without_a_panic() {
    // `tatsu betza … | head -1`: the reader goes away before the diagram is written.
    for args in [
        &["betza", "masN", "--board", "26x26"][..],
        &["perft", "ryugi", "--depth", "2", "--divide"][..],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tatsu"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run tatsu");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("wait for tatsu");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.status.success(), "{args:?}: {err}");
    }
}

#[test]
fn output_lost_to_a_full_disk_fails_the_command() {
    // `tatsu describe chess > /dev/full` exited 0 with nothing written: only a reader that quits (above) is not a
    // failure. Linux's /dev/full refuses every write with "No space left on device".
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    for args in [
        &["describe", "chess"][..],
        &["perft", "chess", "--depth", "2"][..],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tatsu"))
            .args(args)
            .stdout(full.try_clone().unwrap())
            .output()
            .expect("run tatsu");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("error: cannot write the output: No space left on device"),
            "{args:?}: {err}"
        );
    }
}
