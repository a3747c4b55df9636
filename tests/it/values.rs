//! `tatsu values`: piece values estimated from the moves alone must come out in the order and near the ratios
//! chess players have long used (Q 9, R 5, B 3, N 3, P 1), and drop games value hand pieces above board pieces.
use crate::support::binary::tatsu;

fn values(variant: &str) -> serde_json::Value {
    let run = tatsu(&["values", variant, "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    serde_json::from_str(&run.stdout).expect("JSON")
}

fn value_of(json: &serde_json::Value, symbol: &str) -> f64 {
    json["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .find(|p| p["symbol"] == symbol)
        .and_then(|p| p["value"].as_f64())
        .unwrap_or_else(|| panic!("no {symbol}"))
}

#[test]
fn chess_values_keep_the_classical_order_and_ratios() {
    let json = values("chess");
    let [q, r, b, n, p] = ["Q", "R", "B", "N", "P"].map(|s| value_of(&json, s));
    assert!(
        q > r && r > b && b >= n && n > p,
        "Q {q} R {r} B {b} N {n} P {p}"
    );
    // Bishop and knight within half a pawn of each other; the others near 9 : 5 : 3 : 1 in pawns.
    assert!((b - n).abs() <= 0.5 * p, "B {b} N {n}");
    let pawns = |v: f64| v / p;
    assert!((8.0..=11.0).contains(&pawns(q)), "Q {} pawns", pawns(q));
    assert!((4.0..=6.0).contains(&pawns(r)), "R {} pawns", pawns(r));
    assert!((2.5..=3.7).contains(&pawns(n)), "N {} pawns", pawns(n));
}

#[test]
fn shogi_values_a_promoted_rook_above_the_rook_and_hand_pieces_above_board_pieces() {
    let json = values("shogi");
    assert!(value_of(&json, "+R") > value_of(&json, "R"));
    assert!(value_of(&json, "G") > value_of(&json, "P"));
    for piece in json["pieces"].as_array().expect("pieces") {
        if piece["royal"] == false && piece["promoted"] == false {
            assert!(piece["hand"].as_f64() > piece["value"].as_f64(), "{piece}");
        }
    }
}

#[test]
fn values_prints_every_piece_of_every_bundled_game() {
    for (name, _) in tatsu::variants::bundled() {
        let json = values(name);
        let game = tatsu::variants::load(name).expect("bundled").game;
        assert_eq!(
            json["pieces"].as_array().map(Vec::len),
            Some(game.pieces.len()),
            "{name}"
        );
    }
}
