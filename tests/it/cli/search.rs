//! `tatsu search`: its limits are checked where they are read. A budget of nothing (`--nodes 0`, `--movetime 0`,
//! `--depth 0`) used to print a best move no search had looked at, and a depth past the longest line the search
//! keeps (`search::MAX_PLY`, 100 plies) was cut without a word.
use super::*;

#[test]
fn a_search_limit_of_nothing_or_past_the_longest_line_is_a_usage_error() {
    for (flag, value, range) in [
        ("--nodes", "0", "at least 1"),
        ("--movetime", "0", "at least 1"),
        ("--depth", "0", "1..100"),
        ("--depth", "100", "1..100"),
    ] {
        usage_error(&["search", "chess", flag, value], range);
    }
}

#[test]
fn the_smallest_search_limits_still_search_one_ply() {
    // The smallest depth is searched, not cut: its iteration line is printed before the best move.
    let out = ok(&["search", "chess", "--depth", "1"]);
    assert!(out.lines().any(|l| l.starts_with("depth 1 ")), "{out}");
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
}

/// `xboard --hash` is checked as `search --hash` is (it was clamped: 0 became 1 MiB and 70000 became 64 GiB, which
/// the session then filled until the kernel killed it on a machine with less).
#[test]
fn a_table_size_outside_the_range_is_a_usage_error_for_search_and_xboard() {
    for command in ["search", "xboard"] {
        for size in ["0", "65537"] {
            usage_error(
                &[command, "chess", "--hash", size],
                "MiB is outside 1..=65536 MiB",
            );
        }
    }
}

/// `search --json`: every iteration and the best move in one object (the issue: `search` had no `--json`).
#[test]
fn search_json_gives_every_iteration_and_the_best_move() {
    let v = json(&["search", "chess", "--depth", "3", "--json"]);
    assert_eq!(v["schema"], "tatsu.search/1");
    let iterations = v["iterations"].as_array().unwrap();
    assert_eq!(iterations.len(), 3);
    assert_eq!(iterations[2]["depth"], 3);
    let best = v["bestmove"].as_str().unwrap();
    assert_eq!(iterations[2]["pv"][0], best);
    // Mate in one for White: the score is a mate, not centipawns.
    let v = json(&[
        "search",
        "chess",
        "--fen",
        "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
        "--depth",
        "2",
        "--json",
    ]);
    let last = v["iterations"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["mate"], 1, "{v}");
    assert!(last["score"].is_null());
}
