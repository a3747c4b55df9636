//! `tatsu selfplay`: exit status, the summary's shape, and reproducibility with a seed.
use crate::support::binary;
use binary::bundled_games;

/// `tatsu ARGS`: exit code, stdout, stderr.
fn tatsu(args: &[&str]) -> (i32, String, String) {
    let run = binary::tatsu(args);
    (run.code, run.stdout, run.stderr)
}

/// The number after `label` on the first summary line that contains it.
fn count(summary: &str, label: &str) -> u64 {
    let line = summary
        .lines()
        .find(|l| l.contains(label))
        .unwrap_or_else(|| panic!("no `{label}` line in\n{summary}"));
    line[line.find(label).unwrap() + label.len()..]
        .split(|c: char| !c.is_ascii_digit())
        .find(|s| !s.is_empty())
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn every_bundled_game_plays_five_short_games_without_violations() {
    for game in bundled_games() {
        let (code, out, err) = tatsu(&[
            "selfplay",
            game,
            "--games",
            "5",
            "--seed",
            "7",
            "--max-plies",
            "60",
        ]);
        assert_eq!(code, 0, "{game}: {err}\n{out}");
        assert!(err.is_empty(), "{game}: {err}");
        assert!(
            out.starts_with(&format!(
                "selfplay {game}: 5 games, seed 7, at most 60 plies each\n"
            )),
            "{out}"
        );
        let endings: u64 = [
            "checkmate",
            "stalemate",
            "repetition",
            "perpetual check",
            "move limit",
            "bare king",
            "insufficient material",
            "unfinished at max plies",
        ]
        .iter()
        .map(|label| count(&out, label))
        .sum();
        assert_eq!(endings, 5, "{out}");
        assert!(count(&out, "plies:") <= 5 * 60, "{out}");
        assert_eq!(count(&out, "invariant violations:"), 0);
        let wins = count(&out, "wins: White") + count(&out, "Black") + count(&out, "draws");
        assert_eq!(wins + count(&out, "unfinished "), 5, "{out}");
    }
}

#[test]
fn the_same_seed_plays_the_same_games_and_another_seed_others() {
    let args = [
        "selfplay",
        "chess",
        "--games",
        "8",
        "--seed",
        "42",
        "--max-plies",
        "300",
    ];
    let (code, first, _) = tatsu(&args);
    assert_eq!(code, 0);
    assert_eq!(tatsu(&args).1, first);
    let mut other = args;
    other[5] = "43";
    assert_ne!(tatsu(&other).1, first.replace("seed 42", "seed 43"));
}

#[test]
fn json_summary() {
    let (code, out, _) = tatsu(&[
        "selfplay",
        "shogi",
        "--games",
        "3",
        "--seed",
        "1",
        "--max-plies",
        "40",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["schema"], "tatsu.selfplay/1");
    assert_eq!(v["variant"], "shogi");
    assert_eq!(v["seed"], 1);
    assert_eq!(v["max_plies"], 40);
    assert_eq!(v["games"], 3);
    let results = v["results"].as_object().expect("results");
    let total: u64 = results.values().map(|n| n.as_u64().unwrap()).sum();
    assert_eq!(total, 3, "every game has one ending");
    assert!(results.contains_key("checkmate") && results.contains_key("unfinished"));
    assert!(v["wins"]["white"].is_u64());
    assert_eq!(v["violations"], serde_json::json!([]));
}

#[test]
fn starts_from_a_fen_and_counts_a_finished_game() {
    // Black is checkmated already (fool's mate): no ply is played.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let (code, out, _) = tatsu(&["selfplay", "chess", "--games", "2", "--fen", fen]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(count(&out, "checkmate"), 2, "{out}");
    assert_eq!(count(&out, "wins: White"), 0);
    assert_eq!(count(&out, "Black"), 2);
    assert_eq!(count(&out, "plies:"), 0);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let (code, _, err) = tatsu(&["selfplay", "no-such-game"]);
    assert_eq!(code, 1);
    assert!(err.contains("neither a bundled variant"), "{err}");
    let (code, _, err) = tatsu(&["selfplay", "chess", "--fen", "not a fen"]);
    assert_eq!(code, 1);
    assert!(err.starts_with("error: invalid FEN"), "{err}");
    let (code, _, err) = tatsu(&["selfplay", "chess", "--games", "-3"]);
    assert_eq!(code, 2);
    assert!(!err.contains("panicked"), "{err}");
    // A run of no games is a usage error (tests/it/cli/bounds.rs checks every count's range).
    let (code, out, err) = tatsu(&["selfplay", "chess", "--games", "0"]);
    assert_eq!(code, 2);
    assert!(
        out.is_empty() && err.contains("0 is not in 1..=1000000"),
        "{err}"
    );
}
