//! The counts of the game-playing commands are checked where they are read (src/cli/bounds.rs, docs/limits.md):
//! one past each edge is a usage error naming the range, the edge itself is taken. Before, `--games 0` printed an
//! empty report, `balance --games 18446744073709551615` wrapped to a run of 0 games, `match` with as many games
//! aborted on an allocation (exit 101), `perft --threads 18446744073709551615` started threads without end, and
//! `--threads 0` or `--concurrency 1000` were clamped without a word.
use super::*;

/// An edge value that is taken: the command goes on to load the game, which does not exist (exit 1, not 2).
fn taken(args: &[&str]) {
    let mut all = args.to_vec();
    all[1] = "no-such-game";
    exits_with(&all, 1, "no-such-game");
}

#[test]
fn the_number_of_games_is_one_to_a_million() {
    let engines = ["--engine", "a", "--engine", "b"];
    for command in ["selfplay", "balance", "match"] {
        let extra: &[&str] = if command == "match" { &engines } else { &[] };
        for (value, refused) in [
            ("0", true),
            ("1", false),
            ("1000000", false),
            ("1000001", true),
            ("18446744073709551615", true),
        ] {
            let mut args = vec![command, "chess", "--games", value];
            args.extend_from_slice(extra);
            if refused {
                usage_error(&args, "--games");
            } else {
                taken(&args);
            }
        }
    }
}

#[test]
fn plies_of_a_game_and_of_an_opening_are_bounded() {
    for (command, flag, min, max) in [
        ("selfplay", "--max-plies", 1, 100_000),
        ("balance", "--max-plies", 1, 100_000),
        ("balance", "--opening-plies", 0, 1_000),
        ("match", "--opening-plies", 0, 1_000),
    ] {
        let engines = ["--engine", "a", "--engine", "b"];
        let extra: &[&str] = if command == "match" { &engines } else { &[] };
        let range = format!("is not in {min}..={max}");
        for (value, refused) in [(max + 1, true), (max, false), (min, false)] {
            let value = value.to_string();
            let mut args = vec![command, "chess", flag, &value];
            args.extend_from_slice(extra);
            if refused {
                usage_error(&args, &range);
            } else {
                taken(&args);
            }
        }
        if min > 0 {
            let below = (min - 1).to_string();
            let mut args = vec![command, "chess", flag, &below];
            args.extend_from_slice(extra);
            usage_error(&args, &range);
        }
    }
}

#[test]
fn threads_are_one_to_256_and_match_runs_one_to_64_games_at_once() {
    for command in ["search", "perft"] {
        for value in ["0", "257", "18446744073709551615"] {
            usage_error(
                &[command, "chess", "--threads", value, "--depth", "2"],
                "--threads",
            );
        }
    }
    for value in ["0", "257"] {
        usage_error(&["diff", "chess", "chess", "--threads", value], "--threads");
    }
    let out = ok(&["search", "chess", "--threads", "256", "--depth", "2"]);
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
    // Chess's published perft 3, on more threads than the position has first moves.
    let out = ok(&["perft", "chess", "--threads", "256", "--depth", "3"]);
    assert!(out.contains("Nodes searched: 8902"), "{out}");
    let concurrency = |value| {
        [
            "match",
            "chess",
            "--engine",
            "a",
            "--engine",
            "b",
            "--concurrency",
            value,
        ]
    };
    for value in ["0", "65"] {
        usage_error(&concurrency(value), "is not in 1..=64");
    }
    taken(&concurrency("64"));
}

/// `sh -c` starts any command, so an engine that is not there used to show only as games lost by silence (exit 0).
#[test]
fn a_match_with_an_engine_that_cannot_start_says_why_and_plays_nothing() {
    let us = format!("{} xboard", env!("CARGO_BIN_EXE_tatsu"));
    let not_a_program = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    for (engine, why) in [
        (
            "no-such-engine-anywhere",
            "exit status 127: no such command",
        ),
        (not_a_program, "exit status 126: not an executable program"),
        ("false", "exit status 1"),
    ] {
        let text = exits_with(
            &["match", "chess", "--engine", &us, "--engine", engine],
            1,
            why,
        );
        assert!(
            text.contains(&format!("no game was played: `{engine}`")),
            "{text}"
        );
    }
}

#[test]
fn a_match_time_control_is_seconds_from_0_to_a_day_with_a_base_above_0() {
    let check = |value: &str, refused: bool| {
        let tc = format!("--tc={value}");
        let args = ["match", "chess", "--engine", "a", "--engine", "b", &tc];
        if refused {
            usage_error(&args, "is not a time control");
        } else {
            taken(&args);
        }
    };
    for value in [
        "nan+0", "inf+0", "-1+0", "0+0", "86401+0", "10+86401", "10+-1", "10+nan",
    ] {
        check(value, true);
    }
    for value in ["86400+86400", "0.001+0", "10"] {
        check(value, false);
    }
}
