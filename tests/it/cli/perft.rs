//! `tatsu perft`: totals, `--divide` in sorted order, and `--json`. Counts are the published chess perft figures
//! (depth 1: 20, depth 2: 400; Chess Programming Wiki, "Perft Results").
use super::*;

#[test]
fn perft_divide_lines_are_sorted_by_move_text_and_sum_to_the_total() {
    let out = ok(&["perft", "chess", "--depth", "2", "--divide"]);
    let lines: Vec<&str> = out.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 20);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert!(lines.iter().all(|l| l.ends_with(": 20")), "{out}");
    assert!(out.ends_with("\nNodes searched: 400\n"), "{out}");
}

#[test]
fn perft_json_gives_the_total_and_the_divide() {
    let v = json(&["perft", "chess", "--depth", "2", "--divide", "--json"]);
    assert_eq!(v["schema"], "tatsu.perft/1");
    assert_eq!(v["depth"], 2);
    assert_eq!(v["nodes"], 400);
    let divide = v["divide"].as_array().expect("divide");
    assert_eq!(divide.len(), 20);
    assert_eq!(divide[0], serde_json::json!({"move": "a2a3", "nodes": 20}));
    let plain = json(&["perft", "chess", "--depth", "1", "--json"]);
    assert_eq!(plain["nodes"], 20);
    assert!(plain["divide"].is_null());
}

/// A depth past the documented limit (64) is a usage error, not a stack overflow.
#[test]
fn perft_depth_past_its_limit_is_a_usage_error() {
    usage_error(&["perft", "chess", "--depth", "10000"], "0..=64");
}

/// Diagnostics written to a full standard error are dropped; the exit status still says what happened.
#[test]
fn a_full_standard_error_is_no_panic() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tatsu"))
        .args(["betza", "fkW"])
        .stderr(std::fs::File::create("/dev/full").expect("/dev/full exists on Linux"))
        .output()
        .expect("tatsu runs");
    assert_eq!(out.status.code(), Some(1));
}
