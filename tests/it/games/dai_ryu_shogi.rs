//! RULES.md §5.4: the Dai-Ryu Shogi test facts (perft, fact 2, is in tests/it/perft.rs).
use super::common::*;
use crate::support::rules_facts::*;
use tatsu::rules::Side;

const START: &str =
    "csgtktgsc/lrbxwvrbl/3nun3/ppppppppp/9/9/9/9/9/9/9/9/PPPPPPPPP/3NUN3/LBRVWXBRL/CSGTKTGSC[-] w - - 0 1";

#[test]
fn start_position_has_twenty_moves_for_each_side() {
    let e = engine("dai-ryu-shogi");
    let mut expected: Vec<String> = [
        "a4a5", "b4b5", "c4c5", "d4d5", "e4e5", "f4f5", "g4g5", "h4h5", "i4i5", "d3c5", "d3e5",
        "f3e5", "f3g5", "a2a3", "i2i3", "b2a3", "b2c3", "g2h3", "c2c3", "h2h3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    expected.sort();
    assert_eq!(moves(&e, START), expected);
    assert_eq!(moves(&e, &START.replace(" w ", " b ")).len(), 20);
}

#[test]
fn a_pawn_entering_zone_two_gains_its_diagonal_steps() {
    let e = engine("dai-ryu-shogi");
    let mut pos = position(&e, START);
    play(&mut pos, "a4a5 a13a12");
    let all = uci_moves(&mut pos);
    assert_eq!(all.len(), 22);
    for m in ["a5a6", "a5b6", "a2a3", "a2a4"] {
        assert!(all.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn knight_moves_by_zone() {
    let e = engine("dai-ryu-shogi");
    let on = |side, sq| lone_destinations(&e, "N", side, sq);
    assert_eq!(on(Side::White, "e3"), set(&["d5", "f5"]));
    assert_eq!(on(Side::White, "e6"), set(&["d8", "f8", "d4", "f4"]));
    assert_eq!(on(Side::White, "e10").len(), 8);
    assert_eq!(on(Side::Black, "e11"), set(&["d9", "f9", "d13", "f13"]));
}

#[test]
fn lance_promotes_on_reaching_zone_four() {
    let e = engine("dai-ryu-shogi");
    let promoting: Vec<String> = lone_moves(&e, "L", Side::White, "e3")
        .into_iter()
        .filter(|m| m.ends_with('+'))
        .collect();
    assert_eq!(promoting, vec!["e3e13+", "e3e14+", "e3e15+", "e3e16+"]);
}

#[test]
fn lance_generals_and_reverse_warrior_by_zone() {
    let e = engine("dai-ryu-shogi");
    for (p, counts) in DAI_RYU_COUNTS_BY_ZONE {
        for (sq, count) in DAI_RYU_ZONE_SQUARES.into_iter().zip(counts) {
            assert_eq!(
                lone_destinations(&e, p, Side::White, sq).len(),
                count,
                "{p} on {sq}"
            );
        }
    }
    assert_eq!(
        lone_destinations(&e, "U", Side::White, "e3"),
        set(&["d2", "d3", "e4", "f2", "f3"])
    );
}

#[test]
fn gold_drops_are_forbidden_in_zone_four() {
    let e = engine("dai-ryu-shogi");
    let all = moves(&e, "4k4/9/9/9/9/9/9/9/9/9/9/9/9/9/9/4K4[G] w");
    let drops = starting_with(&all, "G@");
    assert_eq!(drops.len(), 107);
    assert!(drops.iter().all(|m| m[3..].parse::<u32>().unwrap() <= 12));
    assert_eq!(all.len(), 112);
}

#[test]
fn promoted_forms_move_with_their_zone_three_set() {
    let e = engine("dai-ryu-shogi");
    for (p, count) in DAI_RYU_PROMOTED_COUNTS_ON_E6 {
        assert_eq!(
            lone_destinations(&e, p, Side::White, "e6").len(),
            count,
            "{p} on e6"
        );
    }
}
