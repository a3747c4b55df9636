//! `tatsu moves`: the legal move lists, `--from`, JSON, and the errors of `--moves`.
use super::*;

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
        "move 1 of --moves, `e2e5`, is not legal",
    );
    fails_with(
        &["moves", "ryugi", "--moves", "hello"],
        "move 1 of --moves, `hello`, is not a move in UCI notation",
    );
    fails_with(&["moves", "ryugi", "--fen", "8/8 w"], "invalid FEN");
    fails_with(&["moves", "ryugi", "--from", "a0"], "is not a square");
    fails_with(
        &["moves", "chess", "--from", "e4"],
        "--from e4: the square is empty",
    );
    fails_with(
        &["moves", "chess", "--from", "e7"],
        "--from e7: the Pawn there is Black's, and White is to move",
    );
    let run = tatsu(&["moves", "ryugii"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("did you mean `ryugi`?"),
        "{}",
        run.stderr
    );
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

/// A move that fails names its place in `--moves`, the position, and the legal moves of the same piece.
#[test]
fn moves_an_illegal_move_names_its_index_position_and_the_legal_moves_from_its_square() {
    let run = tatsu(&["moves", "chess", "--moves", "e2e4", "e7e5", "e1e3"]);
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stderr,
        "error: move 3 of --moves, `e1e3`, is not legal\n  in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\nhelp: the legal moves from e1: e1e2\n"
    );
}

/// A list written with commas fails at its first item, and the help says to separate moves with spaces (a comma
/// joins a move to its wall square only, as in duck chess's `e2e4,e4d5`).
#[test]
fn moves_a_comma_separated_list_is_told_to_use_spaces() {
    let run = tatsu(&["moves", "chess", "--moves", "e2e4,e7e5"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("help: separate moves with spaces: `e2e4` is a legal move"),
        "{}",
        run.stderr
    );
}

/// A pawn reaching the last rank must name its promotion: the error lists the letters (RULES.md's notation,
/// chess: queen, rook, bishop, knight); the letter is read in either case.
#[test]
fn moves_a_promotion_without_its_letter_lists_the_letters_and_upper_case_is_accepted() {
    let fen = "8/P7/8/8/8/8/8/k6K w - - 0 1";
    let run = tatsu(&["moves", "chess", "--fen", fen, "--moves", "a7a8"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("help: `a7a8` promotes: add one of q, r, b, n (a7a8q, a7a8r, a7a8b, a7a8n)"),
        "{}",
        run.stderr
    );
    let upper = ok(&["show", "chess", "--fen", fen, "--moves", "a7a8Q"]);
    assert!(upper.contains("FEN: Q7/8/8/8/8/8/8/k6K b"), "{upper}");
}
