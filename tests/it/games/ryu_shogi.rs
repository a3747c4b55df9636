//! RULES.md §3.8: the Ryu Shogi test facts (perft, fact 2, is in tests/it/perft.rs; its per-move breakdown is here).
use super::common::*;
use crate::support::rules_facts::*;
use tatsu::rules::Side;

const START: &str = "csgkgsc/rbxwvrb/ppppppp/7/7/7/7/7/7/PPPPPPP/BRVWXBR/CSGKGSC[-] w - - 0 1";

#[test]
fn start_position_has_only_the_seven_pawn_pushes() {
    let e = engine("ryu-shogi");
    assert_eq!(
        moves(&e, START),
        vec!["a3a4", "b3b4", "c3c4", "d3d4", "e3e4", "f3f4", "g3g4"]
    );
    assert_eq!(
        moves(&e, &START.replace(" w ", " b ")),
        vec!["a10a9", "b10b9", "c10c9", "d10d9", "e10e9", "f10f9", "g10g9"]
    );
}

#[test]
fn second_move_counts_follow_the_zone_of_each_piece() {
    let e = engine("ryu-shogi");
    let mut pos = position(&e, START);
    let expected = [
        ("a3a4", 8),
        ("b3b4", 11),
        ("c3c4", 11),
        ("d3d4", 11),
        ("e3e4", 12),
        ("f3f4", 9),
        ("g3g4", 10),
    ];
    for (first, count) in expected {
        play(&mut pos, &format!("{first} a10a9"));
        let n = pos.legal_move_list().len();
        pos.unplay();
        pos.unplay();
        assert_eq!(n, count, "after {first}");
    }
}

#[test]
fn silver_in_zone_two_slides_and_promotes_on_reaching_zone_four() {
    let e = engine("ryu-shogi");
    let d5 = lone_destinations(&e, "S", Side::White, "d5");
    let expected = set(&[
        "d6", "d7", "d8", "d9", "d10", "d11", "d12", "c6", "b7", "a8", "e6", "f7", "g8", "c4",
        "b3", "a2", "e4", "f3", "g2",
    ]);
    assert_eq!(d5, expected);
    let promoting: Vec<String> = lone_moves(&e, "S", Side::White, "d5")
        .into_iter()
        .filter(|m| m.ends_with('+'))
        .collect();
    assert_eq!(promoting, vec!["d5d10+", "d5d11+", "d5d12+"]);
}

#[test]
fn silver_in_zone_three_adds_the_king_step() {
    let e = engine("ryu-shogi");
    let d8 = lone_destinations(&e, "S", Side::White, "d8");
    let expected = set(&[
        "d9", "d10", "d11", "d12", "c9", "b10", "a11", "e9", "f10", "g11", "c7", "b6", "a5", "e7",
        "f6", "g5", "c8", "e8", "d7",
    ]);
    assert_eq!(d8, expected);
    assert_eq!(
        lone_destinations(&e, "S", Side::White, "d2"),
        set(&["c1", "c3", "d3", "e1", "e3"])
    );
}

#[test]
fn rook_moves_by_zone_and_a_slide_may_cross_zones() {
    let e = engine("ryu-shogi");
    assert_eq!(
        lone_destinations(&e, "R", Side::White, "d3"),
        set(&["c3", "e3", "d2", "d4"])
    );
    assert_eq!(lone_destinations(&e, "R", Side::White, "d5").len(), 17);
    let d8 = lone_moves(&e, "R", Side::White, "d8");
    let d8_squares = lone_destinations(&e, "R", Side::White, "d8");
    assert_eq!(d8_squares.len(), 21);
    assert!(d8_squares.contains("d1"), "the backward slide reaches d1");
    for m in ["d8d10+", "d8d11+", "d8d12+", "d8d9"] {
        assert!(d8.contains(&m.to_string()), "{m}");
    }
    assert!(!d8.contains(&"d8d9+".to_string()) && !d8.contains(&"d8d10".to_string()));
}

#[test]
fn warriors_are_chiral() {
    let e = engine("ryu-shogi");
    let on = |p, sq| lone_destinations(&e, p, Side::White, sq);
    for (p, d2) in RYU_WARRIORS_ON_D2 {
        assert_eq!(on(p, "d2"), squares(d2), "{p} on d2");
    }
    for (p, d5, d8) in RYU_WARRIOR_COUNTS_ON_D5_D8 {
        assert_eq!(on(p, "d5").len(), d5, "{p} on d5");
        assert_eq!(on(p, "d8").len(), d8, "{p} on d8");
    }
}

#[test]
fn pawn_moves_by_zone_and_tokin_moves_as_gold() {
    let e = engine("ryu-shogi");
    assert_eq!(lone_destinations(&e, "P", Side::White, "d2"), set(&["d3"]));
    assert_eq!(
        lone_destinations(&e, "P", Side::White, "d5"),
        set(&["c6", "d6", "e6"])
    );
    assert_eq!(
        lone_destinations(&e, "P", Side::White, "d8"),
        set(&["c8", "c9", "d7", "d9", "e8", "e9"])
    );
    assert_eq!(lone_destinations(&e, "+P", Side::White, "d5").len(), 6);
}

#[test]
fn other_pieces_and_promoted_forms_from_the_middle() {
    let e = engine("ryu-shogi");
    let n = |p, sq| lone_destinations(&e, p, Side::White, sq).len();
    assert_eq!(
        [n("B", "d5"), n("G", "d5"), n("C", "d5"), n("B", "d8")],
        [12, 23, 17, 16]
    );
    for (p, count) in RYU_PROMOTED_COUNTS_ON_D5 {
        assert_eq!(n(p, "d5"), count, "{p} on d5");
    }
}

#[test]
fn black_moves_are_the_rotation_of_whites() {
    let e = engine("ryu-shogi");
    assert_eq!(lone_destinations(&e, "S", Side::Black, "d8").len(), 19);
    let v = lone_destinations(&e, "V", Side::Black, "d8");
    assert_eq!(v.len(), 20);
    for sq in ["d1", "d12", "g8", "a5", "a11"] {
        assert!(v.contains(sq), "black Left Warrior on d8 reaches {sq}");
    }
    assert!(
        !v.contains("a8"),
        "it does not slide along the rank toward its right (the a-file)"
    );
    assert!(
        !v.contains("g5") && !v.contains("g11"),
        "its diagonals run toward its right"
    );
    assert_eq!(lone_destinations(&e, "P", Side::Black, "d5").len(), 6);
    assert_eq!(lone_destinations(&e, "B", Side::Black, "d11").len(), 4);
}

#[test]
fn drops_are_forbidden_in_the_droppers_fourth_zone() {
    let e = engine("ryu-shogi");
    let all = moves(&e, "3k3/7/7/7/7/7/7/7/7/7/7/3K3[G] w");
    let drops = starting_with(&all, "G@");
    assert_eq!(drops.len(), 62);
    assert!(drops.iter().all(|m| m[3..].parse::<u32>().unwrap() <= 9));
    assert_eq!(all.len(), 67);
    let black = moves(&e, "3k3/7/7/7/7/7/7/7/7/7/7/3K3[g] b");
    let drops = starting_with(&black, "G@");
    assert_eq!(drops.len(), 62);
    assert!(drops.iter().all(|m| m[3..].parse::<u32>().unwrap() >= 4));
}

#[test]
fn doubled_pawns_may_be_dropped() {
    let e = engine("ryu-shogi");
    let all = moves(&e, "3k3/7/7/7/7/7/7/7/7/3P3/7/K6[P] w");
    let d_file: Vec<&String> = all.iter().filter(|m| m.starts_with("P@d")).collect();
    assert_eq!(
        d_file,
        vec!["P@d1", "P@d2", "P@d4", "P@d5", "P@d6", "P@d7", "P@d8", "P@d9"]
    );
}

#[test]
fn pawn_drop_mate_is_illegal_but_gold_drop_mate_is_legal() {
    let e = engine("ryu-shogi");
    let all = moves(&e, "7/2ppp2/3k3/7/2G4/7/7/7/7/7/7/K6[P] w");
    assert!(!all.contains(&"P@d9".into()));
    assert_eq!(starting_with(&all, "P@").len(), 60);
    let mut pos = position(&e, "7/2ppp2/3k3/7/2G4/7/7/7/7/7/7/K6[G] w");
    play(&mut pos, "G@d9");
    assert!(
        pos.legal_move_list().is_empty() && pos.in_check(),
        "G@d9 mates"
    );
}

#[test]
fn stepping_back_to_zone_one_loses_the_rooks_slide() {
    let e = engine("ryu-shogi");
    let mut pos = position(&e, "k6/7/7/7/7/7/7/7/3R3/7/7/6K[] w");
    play(&mut pos, "d4d3 a12b12");
    let rook: Vec<String> = uci_moves(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("d3"))
        .collect();
    assert_eq!(rook, vec!["d3c3", "d3d2", "d3d4", "d3e3"]);
}

#[test]
fn promoted_pieces_stay_promoted_when_leaving_the_zone() {
    let e = engine("ryu-shogi");
    let mut pos = position(&e, "k6/7/3+R3/7/7/7/7/7/7/7/7/6K[] w");
    play(&mut pos, "d10d5");
    let g = e.game.geometry;
    let (piece, _) = pos.piece_at(g.parse_square("d5").unwrap()).unwrap();
    assert_eq!(e.game.piece(piece).symbol, "+R");
}
