//! The real `tatsu` binary: piece, moves, show and describe, their errors, and the walkthrough in
//! README.md. Expected facts come from RULES.md; text outputs are compared with golden files in
//! tests/data/cli (set BLESS=1 to rewrite them).
use serde_json::Value;

use crate::support::binary;
use crate::support::rules_facts;
use binary::{bundled_games, tatsu};
use rules_facts::squares as set;
use rules_facts::*;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

fn ok(args: &[&str]) -> String {
    let run = tatsu(args);
    assert_eq!(run.code, 0, "tatsu {args:?} failed: {}", run.stderr);
    run.stdout
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

/// The destination squares of `tatsu piece … --json`.
fn destinations(args: &[&str]) -> BTreeSet<String> {
    let mut all: Vec<&str> = args.to_vec();
    all.push("--json");
    let v = json(&all);
    moves_of(&v)
        .iter()
        .map(|m| m["to"].as_str().expect("to").to_string())
        .collect()
}

/// The `moves` list of a `--json` answer.
fn moves_of(v: &Value) -> &Vec<Value> {
    v["moves"].as_array().expect("a moves list")
}

/// The `must_be_empty` squares of `tatsu piece … --json`.
fn must_be_empty(v: &Value) -> BTreeSet<String> {
    v["must_be_empty"]
        .as_array()
        .expect("a must_be_empty list")
        .iter()
        .map(|s| s.as_str().expect("a square").to_string())
        .collect()
}

fn count(args: &[&str]) -> usize {
    destinations(args).len()
}

/// An error: exit status 1, one `error:` message on stderr, nothing on stdout, no panic.
fn fails_with(args: &[&str], needle: &str) {
    let run = tatsu(args);
    assert_eq!(run.code, 1, "tatsu {args:?} should fail: {}", run.stdout);
    assert!(run.stderr.starts_with("error: "), "stderr: {}", run.stderr);
    assert!(
        run.stderr.contains(needle),
        "stderr lacks `{needle}`: {}",
        run.stderr
    );
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "stdout: {}", run.stdout);
}

fn golden(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/cli")
        .join(name);
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(&path, actual).expect("write golden file");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing {}; run with BLESS=1", path.display()));
    assert_eq!(actual, expected, "output differs from {}", path.display());
}

// ---- tatsu piece -------------------------------------------------------------------------------------------

#[test]
fn piece_ryugi_empty_board_counts_on_e5() {
    for (piece, n) in RYUGI_COUNTS_ON_E5 {
        assert_eq!(
            count(&["piece", "ryugi", piece, "--at", "e5"]),
            n,
            "{piece} on e5"
        );
    }
    assert_eq!(
        destinations(&["piece", "ryugi", "Kirin", "--at", "e5"]),
        set(RYUGI_KIRIN_ON_E5)
    );
}

#[test]
fn piece_ryugi_corner_pieces_on_a1() {
    assert_eq!(
        count(&["piece", "ryugi", "D", "--at", "a1"]),
        RYUGI_DRAGON_COUNT_ON_A1
    );
    assert_eq!(
        destinations(&["piece", "ryugi", "I", "--at", "a1"]),
        set(RYUGI_KIRIN_ON_A1)
    );
    assert_eq!(
        count(&["piece", "ryugi", "M", "--at", "a1"]),
        RYUGI_MARSHALL_COUNT_ON_A1
    );
}

#[test]
fn piece_dragon_in_a_position_is_blocked_only_on_touch_down_squares() {
    let fen = "5k4/10/10/10/10/10/10/10/PP8/D4K4 w - - 0 1";
    assert_eq!(
        count(&["piece", "ryugi", "D", "--at", "a1", "--fen", fen]),
        8
    );
    let fen = "5k4/10/10/10/10/10/10/1P8/10/D4K4 w - - 0 1";
    assert_eq!(
        count(&["piece", "ryugi", "D", "--at", "a1", "--fen", fen]),
        13
    );
}

#[test]
fn piece_ryu_shogi_silver_per_zone() {
    assert_eq!(
        destinations(&["piece", "ryu-shogi", "S", "--at", "d5"]),
        set("d6 d7 d8 d9 d10 d11 d12 c6 b7 a8 e6 f7 g8 c4 b3 a2 e4 f3 g2")
    );
    assert_eq!(count(&["piece", "ryu-shogi", "Silver", "--at", "d8"]), 19);
    assert_eq!(
        destinations(&["piece", "ryu-shogi", "silver", "--at", "d2"]),
        set("c1 c3 d3 e1 e3")
    );
}

#[test]
fn piece_silver_on_d5_promotes_on_d10_to_d12_only() {
    let v = json(&["piece", "ryu-shogi", "S", "--at", "d5", "--json"]);
    let promoting: BTreeSet<String> = moves_of(&v)
        .iter()
        .filter(|m| !m["promotion"].as_array().unwrap().is_empty())
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(promoting, set("d10 d11 d12"));
    let d10 = moves_of(&v).iter().find(|m| m["to"] == "d10").unwrap();
    assert_eq!(d10["promotion"][0], "+S");
    assert_eq!(d10["must_promote"], true);
    assert_eq!(d10["kind"], "move-or-capture");
    assert_eq!(v["zone"], "zone2");
}

#[test]
fn piece_without_at_draws_one_diagram_per_zone() {
    let v = json(&["piece", "ryu-shogi", "S", "--json"]);
    let diagrams = v["diagrams"].as_array().expect("one diagram per zone");
    let got: Vec<(String, usize)> = diagrams
        .iter()
        .map(|d| {
            (
                d["from"].as_str().unwrap().to_string(),
                d["moves"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("d2".to_string(), 5),
            ("d5".to_string(), 19),
            ("d8".to_string(), 19)
        ]
    );
    let text = ok(&["piece", "ryu-shogi", "S"]);
    assert!(text.contains("White Silver (S) on d2 (in zone1), on an empty board: 5 destinations"));
    assert!(text.contains("on d8 (in zone3), on an empty board: 19 destinations"));
}

#[test]
fn piece_ryu_shogi_rook_warriors_pawn_and_promoted_counts() {
    for (sq, n) in [("d3", 4), ("d5", 17), ("d8", 21)] {
        assert_eq!(
            count(&["piece", "ryu-shogi", "R", "--at", sq]),
            n,
            "rook on {sq}"
        );
    }
    for (p, d2) in RYU_WARRIORS_ON_D2 {
        assert_eq!(
            destinations(&["piece", "ryu-shogi", p, "--at", "d2"]),
            set(d2),
            "{p} on d2"
        );
    }
    for (p, d5, d8) in RYU_WARRIOR_COUNTS_ON_D5_D8 {
        assert_eq!(
            count(&["piece", "ryu-shogi", p, "--at", "d5"]),
            d5,
            "{p} on d5"
        );
        assert_eq!(
            count(&["piece", "ryu-shogi", p, "--at", "d8"]),
            d8,
            "{p} on d8"
        );
    }
    for (sq, n) in [("d2", 1), ("d5", 3), ("d8", 6)] {
        assert_eq!(
            count(&["piece", "ryu-shogi", "P", "--at", sq]),
            n,
            "pawn on {sq}"
        );
    }
    assert_eq!(count(&["piece", "ryu-shogi", "Tokin", "--at", "d5"]), 6);
    for (p, n) in RYU_PROMOTED_COUNTS_ON_D5 {
        assert_eq!(
            count(&["piece", "ryu-shogi", p, "--at", "d5"]),
            n,
            "{p} on d5"
        );
    }
}

#[test]
fn piece_black_side_is_the_rotation() {
    let black =
        |p: &str, sq: &str| count(&["piece", "ryu-shogi", p, "--at", sq, "--side", "black"]);
    assert_eq!(black("S", "d8"), 19);
    assert_eq!(black("V", "d8"), 20);
    assert_eq!(black("P", "d5"), 6);
    assert_eq!(black("B", "d11"), 4);
}

#[test]
fn piece_dai_ryu_pieces_move_by_zone() {
    assert_eq!(
        destinations(&["piece", "dai-ryu-shogi", "N", "--at", "e3"]),
        set("d5 f5")
    );
    assert_eq!(
        destinations(&["piece", "dai-ryu-shogi", "N", "--at", "e6"]),
        set("d8 f8 d4 f4")
    );
    assert_eq!(count(&["piece", "dai-ryu-shogi", "N", "--at", "e10"]), 8);
    assert_eq!(
        destinations(&[
            "piece",
            "dai-ryu-shogi",
            "N",
            "--at",
            "e11",
            "--side",
            "black"
        ]),
        set("d9 f9 d13 f13")
    );
    // The Lance by its name, the others by their symbols.
    for (p, counts) in DAI_RYU_COUNTS_BY_ZONE {
        let name = if p == "L" { "Lance" } else { p };
        for (sq, n) in DAI_RYU_ZONE_SQUARES.into_iter().zip(counts) {
            assert_eq!(
                count(&["piece", "dai-ryu-shogi", name, "--at", sq]),
                n,
                "{name} on {sq}"
            );
        }
    }
    for (p, n) in DAI_RYU_PROMOTED_COUNTS_ON_E6 {
        assert_eq!(
            count(&["piece", "dai-ryu-shogi", p, "--at", "e6"]),
            n,
            "{p} on e6"
        );
    }
}

#[test]
fn piece_euroshogi_knight_promotes_on_entering_the_zone() {
    let v = json(&["piece", "euroshogi", "N", "--at", "d4", "--json"]);
    let moves: Vec<(String, bool)> = moves_of(&v)
        .iter()
        .map(|m| {
            (
                m["to"].as_str().unwrap().to_string(),
                !m["promotion"].as_array().unwrap().is_empty(),
            )
        })
        .collect();
    let expected = [("c4", false), ("e4", false), ("c6", true), ("e6", true)];
    assert_eq!(moves.len(), 4);
    for (sq, promotes) in expected {
        assert!(
            moves.contains(&(sq.to_string(), promotes)),
            "{sq}: {moves:?}"
        );
    }
    assert_eq!(
        destinations(&["piece", "euroshogi", "N", "--at", "d7"]),
        set("c7 e7")
    );
    assert_eq!(
        destinations(&["piece", "euroshogi", "N", "--at", "e5", "--side", "black"]),
        set("d5 f5 d3 f3")
    );
}

#[test]
fn piece_euroshogi_bishop_in_zone_promotes_on_every_move_even_leaving_it() {
    let v = json(&[
        "piece",
        "euroshogi",
        "B",
        "--at",
        "d6",
        "--fen",
        "4k3/8/3B4/8/8/8/8/K7[-] w",
        "--json",
    ]);
    let moves = moves_of(&v);
    assert_eq!(moves.len(), 11);
    assert!(moves.iter().all(|m| m["promotion"][0] == "+B"));
    assert!(moves.iter().any(|m| m["to"] == "a3") && moves.iter().any(|m| m["to"] == "h2"));
}

#[test]
fn piece_marks_pawn_initial_capture_and_move_with_betza_kind_names() {
    let v = json(&["piece", "ryugi", "P", "--at", "e3", "--json"]);
    let kind = |sq: &str| {
        moves_of(&v)
            .iter()
            .find(|m| m["to"] == sq)
            .map(|m| m["kind"].as_str().unwrap().to_string())
    };
    assert_eq!(kind("e4").as_deref(), Some("move"));
    assert_eq!(kind("e5").as_deref(), Some("initial"));
    assert_eq!(kind("d4").as_deref(), Some("capture"));
    assert_eq!(kind("f4").as_deref(), Some("capture"));
    // The chess pawn's double step from a square that is not a start square does not exist.
    assert_eq!(count(&["piece", "ryugi", "P", "--at", "e4"]), 3);
}

#[test]
fn piece_king_on_its_start_square_shows_the_four_castlings() {
    let v = json(&["piece", "ryugi", "K", "--at", "f1", "--json"]);
    let castling: BTreeSet<String> = moves_of(&v)
        .iter()
        .filter(|m| m["kind"] == "castling")
        .map(|m| {
            format!(
                "{}:{}",
                m["to"].as_str().unwrap(),
                m["rook_to"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(castling, set("h1:g1 i1:h1 d1:e1 c1:d1"));
    // In a position where g1 is attacked, only the queenside castlings remain.
    let fen = "5k4/10/10/10/6r3/10/10/10/10/R4K3R w KQ - 0 1";
    let v = json(&["piece", "ryugi", "K", "--at", "f1", "--fen", fen, "--json"]);
    let castling: BTreeSet<String> = moves_of(&v)
        .iter()
        .filter(|m| m["kind"] == "castling")
        .map(|m| m["to"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(castling, set("c1 d1"));
}

#[test]
fn piece_explain_names_the_component_and_zone_rule() {
    let out = ok(&["piece", "ryu-shogi", "S", "--at", "d5", "--explain"]);
    assert!(
        out.contains("d5 is in zone2, so the piece moves as \"BfR\""),
        "{out}"
    );
    assert!(
        out.contains("d10  move-or-capture, must promote to +S  <- fR of \"BfR\" (in zone2)"),
        "{out}"
    );
    assert!(
        out.contains("a2   move-or-capture  <- B of \"BfR\" (in zone2)"),
        "{out}"
    );
    golden("piece-ryu-shogi-S-d5-explain.out", &out);
}

#[test]
fn piece_svg_writes_an_image_per_zone() {
    let dir = std::env::temp_dir().join(format!("tatsu-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let one = dir.join("dragon.svg");
    ok(&[
        "piece",
        "ryugi",
        "D",
        "--at",
        "e5",
        "--svg",
        one.to_str().unwrap(),
    ]);
    let svg = std::fs::read_to_string(&one).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(
        svg.matches(r##"fill="#1565c0""##).count(),
        33 + 1,
        "33 marks and one legend key"
    );
    let zones = dir.join("silver.svg");
    ok(&["piece", "ryu-shogi", "S", "--svg", zones.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&zones).unwrap();
    assert_eq!(
        svg.matches("<svg").count(),
        4,
        "one outer image holding three boards"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn piece_errors_are_one_message_with_a_suggestion() {
    fails_with(&["piece", "ryugi", "Dargon"], "did you mean Dragon (D)?");
    fails_with(
        &["piece", "ryu-shogi", "Slver", "--at", "d5"],
        "did you mean Silver (S)",
    );
    fails_with(
        &["piece", "ryugi", "D", "--at", "k11"],
        "`k11` is not a square of the 10x10 board of ryugi",
    );
    fails_with(
        &["piece", "ryugi", "D", "--at", "e5", "--fen", "not a fen"],
        "invalid FEN",
    );
    fails_with(
        &[
            "piece",
            "ryugi",
            "D",
            "--fen",
            "5k4/10/10/10/10/10/10/10/10/5K4 w - - 0 1",
        ],
        "--fen needs --at",
    );
    fails_with(&["piece", "nosuchgame", "D"], "neither a bundled variant");
}

// ---- tatsu moves -------------------------------------------------------------------------------------------

#[test]
fn moves_euroshogi_start_are_the_25_of_rules_2_8_1() {
    let out = ok(&["moves", "euroshogi"]);
    let got: BTreeSet<String> = out.lines().map(String::from).collect();
    let expected = set(
        "a3a4 b3b4 c3c4 d3d4 e3e4 f3f4 g3g4 h3h4 b1a1 g1h1 b2a1 c1c2 c1d2 e1d2 e1e2 e1f2 d1c2 d1d2 d1e2 f1e2 \
         g2c2 g2d2 g2e2 g2f2 g2h2",
    );
    assert_eq!(got, expected);
    assert_eq!(out.lines().count(), 25);
    golden("moves-euroshogi.out", &out);
}

#[test]
fn moves_start_counts_for_ryugi_ryu_and_dai_ryu() {
    assert_eq!(ok(&["moves", "ryugi"]).lines().count(), 34);
    assert_eq!(ok(&["moves", "ryu-shogi"]).lines().count(), 7);
    assert_eq!(ok(&["moves", "dai-ryu-shogi"]).lines().count(), 20);
    assert_eq!(
        ok(&["moves", "ryugi", "--moves", "g1j7"]).lines().count(),
        33
    );
}

#[test]
fn moves_from_filters_one_piece() {
    assert_eq!(
        ok(&["moves", "ryugi", "--from", "g1"]),
        "g1h3\ng1i5\ng1j7\n"
    );
    let out = ok(&[
        "moves",
        "ryugi",
        "--fen",
        "5k4/10/10/10/10/10/10/4p5/3P6/5K4 w - - 0 1",
        "--from",
        "d2",
    ]);
    assert_eq!(out, "d2d3\nd2d4\nd2e3\n");
    let out = ok(&[
        "moves",
        "ryugi",
        "--fen",
        "5k4/10/10/10/10/10/10/4p5/3P6/5K4 w - - 0 1",
        "--moves",
        "d2e3",
        "f10f9",
        "--from",
        "e3",
    ]);
    assert_eq!(out, "e3e4\ne3e5\n");
}

#[test]
fn moves_json_has_from_to_piece_capture_promotion_drop_check() {
    let v = json(&[
        "moves",
        "ryugi",
        "--fen",
        "5k4/P9/10/10/10/10/10/10/10/5K4 w - - 0 1",
        "--json",
    ]);
    let moves = moves_of(&v);
    assert_eq!(moves.len(), 12);
    let promotions: BTreeSet<String> = moves
        .iter()
        .filter(|m| m["from"] == "a9" && m["to"] == "a10")
        .map(|m| m["promotion"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(promotions, set("Q D M R N B I"));
    for m in moves {
        for key in [
            "from",
            "to",
            "piece",
            "capture",
            "promotion",
            "drop",
            "check",
        ] {
            assert!(m.get(key).is_some(), "{key} missing in {m}");
        }
    }
    // A gold drop that mates is a drop, and gives check.
    let v = json(&[
        "moves",
        "euroshogi",
        "--fen",
        "6rk/6p1/6G1/8/8/8/8/K7[G] w",
        "--json",
    ]);
    let g = moves_of(&v)
        .iter()
        .find(|m| m["uci"] == "G@h7")
        .expect("G@h7 is legal");
    assert_eq!(g["drop"], true);
    assert_eq!(g["check"], true);
    assert_eq!(g["from"], Value::Null);
    assert_eq!(g["piece"], "G");
}

#[test]
fn moves_pawn_drop_mate_is_not_listed() {
    let out = ok(&["moves", "euroshogi", "--fen", "6rk/6p1/6G1/8/8/8/8/K7[P] w"]);
    assert!(!out.lines().any(|l| l == "P@h7"), "{out}");
    let out = ok(&["moves", "euroshogi", "--fen", "7k/6p1/6G1/8/8/8/8/K7[P] w"]);
    assert!(out.lines().any(|l| l == "P@h7"));
}

#[test]
fn moves_heian_bonus_turn_offers_a_pass() {
    let out = ok(&[
        "moves",
        "heian-ryu-shogi",
        "--fen",
        "3k3/6p/7/7/7/7/7/7/7/7/7/3K3[G] w",
        "--moves",
        "G@c2",
    ]);
    assert!(out.lines().any(|l| l == "0000"), "{out}");
    assert!(out.lines().any(|l| l == "c2c3"));
}

#[test]
fn moves_errors_name_the_bad_move_fen_or_square() {
    fails_with(
        &["moves", "ryugi", "--moves", "e2e5"],
        "`e2e5` is not a legal move",
    );
    fails_with(
        &["moves", "ryugi", "--moves", "hello"],
        "`hello` is not a move",
    );
    fails_with(&["moves", "ryugi", "--fen", "8/8 w"], "invalid FEN");
    fails_with(&["moves", "ryugi", "--from", "a0"], "is not a square");
    let run = tatsu(&["moves", "ryugii"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("did you mean `ryugi`?"),
        "{}",
        run.stderr
    );
}

// ---- tatsu show --------------------------------------------------------------------------------------------

#[test]
fn show_heian_drop_in_zone_1_gives_white_a_bonus_turn() {
    let out = ok(&[
        "show",
        "heian-ryu-shogi",
        "--fen",
        "3k3/6p/7/7/7/7/7/7/7/7/7/3K3[G] w",
        "--moves",
        "G@c2",
    ]);
    assert!(
        out.contains("White to move (a bonus turn: it moves again, or passes with 0000)"),
        "{out}"
    );
    assert!(out.ends_with("bonus\n"), "{out}");
    let out = ok(&[
        "show",
        "heian-ryu-shogi",
        "--fen",
        "3k3/6p/7/7/7/7/7/7/7/7/7/3K3[G] w",
        "--moves",
        "G@c5",
    ]);
    assert!(out.contains("Black to move\n"), "{out}");
}

#[test]
fn show_start_positions_match_golden_files() {
    golden("show-euroshogi.out", &ok(&["show", "euroshogi"]));
    golden(
        "show-ryugi-ascii-flip.out",
        &ok(&["show", "ryugi", "--ascii", "--flip"]),
    );
}

#[test]
fn show_reports_check_and_the_result_with_its_reason() {
    let out = ok(&["show", "euroshogi", "--fen", "k7/1P6/1G6/8/8/8/8/7K[-] b"]);
    assert!(
        out.contains("Game over: 1-0 (White wins by stalemate)"),
        "{out}"
    );
    let out = ok(&[
        "show",
        "euroshogi",
        "--fen",
        "6rk/6p1/6G1/8/8/8/8/K7[G] w",
        "--moves",
        "G@h7",
    ]);
    assert!(out.contains("Black is in check"), "{out}");
    assert!(
        out.contains("Game over: 1-0 (White wins by checkmate)"),
        "{out}"
    );
    let cycle = ["e2c3", "e9c8", "c3e2", "c8e9"];
    let mut args = vec!["show", "ryugi", "--moves"];
    for _ in 0..2 {
        args.extend(cycle);
    }
    let out = ok(&args);
    assert!(
        out.contains("Game over: 1/2-1/2 (draw by repetition)"),
        "{out}"
    );
}

#[test]
fn show_hands_are_listed_for_drop_games_only() {
    let out = ok(&[
        "show",
        "ryu-shogi",
        "--fen",
        "3k3/7/7/7/7/7/7/7/7/7/7/3K3[GGp] w",
    ]);
    assert!(out.contains("White in hand: G×2"), "{out}");
    assert!(out.contains("Black in hand: p"), "{out}");
    assert!(!ok(&["show", "ryugi"]).contains("in hand"));
}

#[test]
fn show_errors() {
    fails_with(
        &["show", "ryugi", "--moves", "e2e4", "e7e5"],
        "`e2e4` is not a legal move",
    );
    fails_with(&["show", "shogi", "--fen", "lnsgkgsnl[-] w"], "invalid FEN");
}

// ---- tatsu describe ----------------------------------------------------------------------------------------

#[test]
fn describe_every_game_in_markdown_and_html() {
    for game in bundled_games() {
        let md = ok(&["describe", game]);
        assert!(md.starts_with("# "), "{game}");
        for section in [
            "## The board and the players",
            "## The pieces",
            "## How the game ends",
            "## Writing moves",
        ] {
            assert!(md.contains(section), "{game} lacks {section}");
        }
        assert!(
            !md.contains("invalid:"),
            "{game}: a move the describer could not read"
        );
        let html = ok(&["describe", game, "--format", "html"]);
        assert!(
            html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"),
            "{game}"
        );
        assert!(html.contains("<svg"), "{game}");
        assert_eq!(
            html.matches("<svg").count(),
            html.matches("</svg>").count(),
            "{game}"
        );
    }
}

#[test]
fn describe_states_the_rules_that_rules_md_lists() {
    let ryu = ok(&["describe", "ryu-shogi"]);
    assert!(ryu.contains("**zone4** (ranks 10–12 for White, ranks 1–3 for Black): promotes"));
    assert!(ryu.contains(
        "Standing in **zone2** (ranks 4–6 for White, ranks 7–9 for Black), it moves as `BfR`:"
    ));
    assert!(ryu.contains("Silver on d5 (in zone2): 19 destinations."));
    assert!(ryu.contains("it must promote to Silver Dragon (`+S`)"));
    assert!(
        ryu.contains("**Stalemate**: a player who is not in check but has no legal move loses.")
    );
    assert!(ryu.contains("the 4th time the same position occurs"));
    let heian = ok(&["describe", "heian-ryu-shogi"]);
    assert!(heian.contains("**Bonus turn**"));
    assert!(heian.contains("Not on a file that already holds an unpromoted Pawn"));
    assert!(heian.contains("**Bare king**"));
    let ryugi = ok(&["describe", "ryugi"]);
    assert!(
        ryugi.contains("| White (`K`) | `f1h1` | j1–g1 | g1 h1 i1 | f1 g1 h1 |"),
        "{ryugi}"
    );
    assert!(ryugi.contains("Dragon on e5: 33 destinations."));
    assert!(ryugi.contains("that means: from a2 b2 c2 d2 g2 h2 i2 j2 e3 f3 (White)"));
    assert!(ryugi.contains("after 128 plies (64 moves by each player)"));
    assert!(ryugi.contains("## En passant"));
    let euro = ok(&["describe", "euroshogi"]);
    assert!(euro.contains("on any move that starts or ends in"));
    assert!(euro
        .contains("squares from which it could never move (rank 8 for White, rank 1 for Black)"));
}

#[test]
fn describe_errors() {
    fails_with(&["describe", "ryu-shogii"], "neither a bundled variant");
    let run = tatsu(&["describe", "ryugi", "--format", "pdf"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("invalid value 'pdf'"));
}

// ---- help --------------------------------------------------------------------------------------------------

#[test]
fn help_of_every_new_command_shows_examples() {
    for command in ["piece", "moves", "show", "describe"] {
        let out = ok(&[command, "--help"]);
        assert!(out.contains("Examples:"), "{command}");
        assert!(out.contains(&format!("tatsu {command} ")), "{command}");
    }
}

#[test]
fn piping_into_a_closed_reader_does_not_panic() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tatsu"))
        .args(["describe", "dai-ryu-shogi"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
}

// ---- the documentation ------------------------------------------------------------------------------------

/// Splits a shell command line: words, "double" and 'single' quoted strings.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut in_word = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, ' ') => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// Every `$ tatsu …` line of a console block in a document, with the output shown under it.
fn console_examples(doc: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut current: Option<(String, String)> = None;
    // The fence that opened the block we are in, and whether it is a console block.
    let mut fence: Option<(String, bool)> = None;
    for line in doc.lines() {
        let ticks: String = line.chars().take_while(|&c| c == '`').collect();
        match &fence {
            None if ticks.len() >= 3 => {
                fence = Some((ticks.clone(), &line[ticks.len()..] == "console"));
                continue;
            }
            Some((open, _)) if line == open.as_str() => {
                if let Some(done) = current.take() {
                    out.push(done);
                }
                fence = None;
                continue;
            }
            _ => {}
        }
        if !fence.as_ref().is_some_and(|(_, console)| *console) {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            if let Some(done) = current.take() {
                out.push(done);
            }
            current = Some((cmd.to_string(), String::new()));
        } else if let Some((_, text)) = &mut current {
            text.push_str(line);
            text.push('\n');
        }
    }
    out
}

/// Runs the `tatsu` examples of a document and compares their output; a shown output ending in `…` is a prefix.
fn check_document(path: &str, broken: &[(&str, &str)]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join(path)).expect("the document exists");
    let examples = console_examples(&doc);
    assert!(!examples.is_empty(), "{path} shows no command");
    let source = std::fs::read_to_string(root.join("docs/examples/mini-ryu.tatsu")).unwrap();
    let mut broken = broken.iter();
    let scratch =
        std::env::temp_dir().join(format!("tatsu-doc-{}-{}", std::process::id(), path.len()));
    std::fs::create_dir_all(&scratch).unwrap();
    for (cmd, shown) in examples {
        let words = shell_words(&cmd);
        let (dir, run_in) = if words.iter().any(|w| w == "broken.tatsu") {
            if words[0] == "tatsu" {
                let (from, to) = broken.next().expect("a broken file for each broken check");
                std::fs::write(scratch.join("broken.tatsu"), source.replace(from, to)).unwrap();
                (scratch.clone(), true)
            } else {
                continue; // the `sed` line that makes the file
            }
        } else {
            (root.to_path_buf(), words[0] == "tatsu")
        };
        if !run_in {
            continue; // `echo $?`
        }
        let out = Command::new(env!("CARGO_BIN_EXE_tatsu"))
            .args(&words[1..])
            .current_dir(&dir)
            .output()
            .unwrap();
        let actual = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let shown = shown.split("$ echo $?").next().unwrap();
        match shown.strip_suffix("…\n") {
            Some(prefix) => assert!(
                actual.starts_with(prefix),
                "{path}: `{cmd}` prints\n{actual}"
            ),
            None => assert_eq!(actual, shown, "{path}: `{cmd}`"),
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
}

#[test]
fn walkthrough_commands_print_what_the_walkthrough_shows() {
    check_document(
        "README.md",
        &[
            ("in field \"fRsW\"", "in feild \"fRsW\""),
            ("\"fRsW\"", "\"fRsw\""),
        ],
    );
}

#[test]
fn walkthrough_variant_checks_clean_and_its_broken_copy_fails() {
    let run = tatsu(&["check", "docs/examples/mini-ryu.tatsu"]);
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (0, "", "")
    );
    // Counted by hand: only the five pawns can move (every other piece is boxed in by its own men), and
    // nothing meets within two plies: 5 and 5 x 5.
    assert_eq!(
        ok(&["perft", "docs/examples/mini-ryu.tatsu", "--depth", "2"]),
        "Nodes searched: 25\n"
    );
    let dir = std::env::temp_dir().join(format!("tatsu-walk-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = std::fs::read_to_string("docs/examples/mini-ryu.tatsu").unwrap();
    let broken = dir.join("broken.tatsu");
    std::fs::write(
        &broken,
        source.replace("in field \"fRsW\"", "in feild \"fRsW\""),
    )
    .unwrap();
    let run = tatsu(&["check", broken.to_str().unwrap()]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("unknown zone `feild`") && run.stderr.contains("did you mean `field`?")
    );
    std::fs::remove_dir_all(&dir).ok();
    // No pawn drop while every file holds a White pawn (one-per-file).
    let out = ok(&[
        "moves",
        "docs/examples/mini-ryu.tatsu",
        "--moves",
        "c2c3",
        "c5c4",
        "c3c4",
        "b6c5",
    ]);
    assert!(!out.contains("P@"), "{out}");
}

#[test]
fn cli_reference_examples_print_what_docs_cli_md_shows() {
    check_document("docs/cli.md", &[]);
}

#[test]
fn piece_in_a_position_keeps_only_legal_moves_when_it_stands_there() {
    // The king on f1 is checked along the first rank: the knight on e2 may only block on g1.
    let fen = "5k4/10/10/10/10/10/10/10/4N5/5K2r1 w - - 0 1";
    let v = json(&["piece", "ryugi", "N", "--at", "e2", "--fen", fen, "--json"]);
    assert_eq!(v["board"], "position-legal");
    let to: Vec<&str> = moves_of(&v)
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(to, ["g1"]);
    // Put on an empty square instead, it is shown with every move its rules allow there.
    let v = json(&["piece", "ryugi", "N", "--at", "e5", "--fen", fen, "--json"]);
    assert_eq!(v["board"], "position");
    assert_eq!(moves_of(&v).len(), 8);
}

#[test]
fn piece_marks_hops_and_lame_paths_of_a_test_variant() {
    let file = "tests/data/cli/hoppers.tatsu";
    // A cannon on an empty board: moves along its lines (8 on the e-file and 8 on rank 5 of the 9x9 board: 16),
    // and beyond the first square could capture by hopping.
    let v = json(&["piece", file, "Cannon", "--at", "e5", "--json"]);
    let moves = moves_of(&v);
    assert_eq!(moves.len(), 16);
    let e7 = moves.iter().find(|m| m["to"] == "e7").unwrap();
    assert_eq!(
        (e7["kind"].as_str(), e7["also"][0].as_str()),
        (Some("move"), Some("hop"))
    );
    let e6 = moves.iter().find(|m| m["to"] == "e6").unwrap();
    assert!(e6.get("also").is_none());
    // In a position it hops over its own horse on d4 to take the black horse on d6. By hand, on the 9x9 board:
    // a2 b2 c2 and e2..i2 along rank 2 (8), d1 (1), d3 up to the hurdle on d4 (1), and d6 over it (1): 11.
    let fen = "4k4/9/9/3h5/9/3H5/9/3C5/4K4 w - - 0 1";
    let v = json(&["piece", file, "C", "--at", "d2", "--fen", fen, "--json"]);
    let d6 = moves_of(&v)
        .iter()
        .find(|m| m["to"] == "d6")
        .expect("d6 is a capture");
    assert_eq!(d6["kind"], "hop");
    assert_eq!(moves_of(&v).len(), 11);
    let text = ok(&["piece", file, "C", "--at", "d2", "--fen", fen]);
    assert!(text.contains("  6 │ ·  ·  · ×h  ·"), "{text}");
    // The grasshopper lands right behind the (imagined) hurdle; the xiangqi horse needs its first step empty.
    assert_eq!(count(&["piece", file, "Grasshopper", "--at", "e5"]), 8);
    let v = json(&["piece", file, "Horse", "--at", "e5", "--json"]);
    assert_eq!(moves_of(&v).len(), 8);
    assert_eq!(must_be_empty(&v), set("e4 d5 f5 e6"));
}

#[test]
fn moves_in_a_finished_game_prints_none_and_says_why() {
    let run = tatsu(&["moves", "euroshogi", "--fen", "k7/1P6/1G6/8/8/8/8/7K[-] b"]);
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "no legal moves: 1-0 (White wins by stalemate)\n"
    );
}

#[test]
fn piece_and_moves_follow_multi_leg_paths() {
    let file = "tests/data/variants/multi-leg.tatsu";
    // The xiangqi horse `mafsW`: its first step must be empty (listed), then a diagonal step outward.
    let v = json(&["piece", file, "Horse", "--at", "d4", "--json"]);
    assert_eq!(moves_of(&v).len(), 8);
    assert_eq!(must_be_empty(&v), set("d5 c4 e4 d3"));
    // The checkers-style jumper `cafW` captures the pawn it jumps over.
    let fen = "4k3/8/8/3p4/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        destinations(&["piece", file, "J", "--at", "d4", "--fen", fen]),
        set("d6")
    );
    let v = json(&[
        "moves",
        file,
        "--fen",
        "4k3/8/8/3p4/3J4/8/8/4K3 w - - 0 1",
        "--from",
        "d4",
        "--json",
    ]);
    let m = &v["moves"][0];
    assert_eq!(
        (
            m["to"].as_str(),
            m["victim"].as_str(),
            m["capture"].as_bool()
        ),
        (Some("d6"), Some("d5"), Some(true))
    );
}
