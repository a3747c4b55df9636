//! `tatsu show`: boards, hands, check, results, and errors.
use super::*;

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
        "move 1 of --moves, `e2e4`, is not legal",
    );
    fails_with(&["show", "shogi", "--fen", "lnsgkgsnl[-] w"], "invalid FEN");
}

/// `show --json`: the board rank by rank from the top, hands, side to move and the result with its reason
/// (the position of `show_reports_check_and_the_result_with_its_reason`: a drop mate in EuroShogi).
#[test]
fn show_json_gives_board_hands_and_result() {
    let v = json(&[
        "show",
        "euroshogi",
        "--fen",
        "6rk/6p1/6G1/8/8/8/8/K7[G] w",
        "--moves",
        "G@h7",
        "--json",
    ]);
    assert_eq!(v["schema"], "tatsu.show/1");
    assert_eq!(v["board"][0][7], "k");
    assert_eq!(v["board"][1][7], "G");
    assert_eq!(v["board"][7][0], "K");
    assert!(v["board"][4][4].is_null());
    assert_eq!(v["hands"]["white"], serde_json::json!({}));
    assert_eq!(v["side_to_move"], "black");
    assert_eq!(v["in_check"], true);
    assert_eq!(
        v["result"],
        serde_json::json!({"score": "1-0", "winner": "white", "reason": "checkmate"})
    );
}
