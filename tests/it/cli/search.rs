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
        let run = tatsu(&["search", "chess", flag, value]);
        assert_eq!(run.code, 2, "{flag} {value}: {}", run.stderr);
        assert!(run.stderr.contains(range), "{flag} {value}: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{flag} {value}: {}", run.stdout);
    }
}

#[test]
fn the_smallest_search_limits_still_search_one_ply() {
    // One ply of chess from the start: 20 moves, each scored; the best is one of them and a depth-1 line is shown.
    let out = ok(&["search", "chess", "--depth", "1"]);
    assert!(out.lines().any(|l| l.starts_with("depth 1 ")), "{out}");
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
}
