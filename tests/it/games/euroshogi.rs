//! RULES.md §2.8: the EuroShogi test facts (perft, facts 2, is in tests/it/perft.rs).
use super::common::*;
use tatsu::engine::Reason;
use tatsu::rules::Side;

const START: &str = "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w - - 0 1";

#[test]
fn start_position_has_25_moves_for_each_side() {
    let e = engine("euroshogi");
    let mut expected: Vec<String> = [
        "a3a4", "b3b4", "c3c4", "d3d4", "e3e4", "f3f4", "g3g4", "h3h4", "b1a1", "g1h1", "b2a1",
        "c1c2", "c1d2", "e1d2", "e1e2", "e1f2", "d1c2", "d1d2", "d1e2", "f1e2", "g2c2", "g2d2",
        "g2e2", "g2f2", "g2h2",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    expected.sort();
    assert_eq!(moves(&e, START), expected);
    assert_eq!(moves(&e, &START.replace(" w ", " b ")).len(), 25);
}

#[test]
fn knight_jumps_like_the_shogi_knight_or_steps_sideways_and_promotes_in_the_zone() {
    let e = engine("euroshogi");
    let white = |sq| lone_moves(&e, "N", Side::White, sq);
    assert_eq!(white("d4"), vec!["d4c4", "d4c6+", "d4e4", "d4e6+"]);
    assert_eq!(white("d5"), vec!["d5c5", "d5c7+", "d5e5", "d5e7+"]);
    assert_eq!(white("d7"), vec!["d7c7+", "d7e7+"]);
    assert_eq!(
        lone_moves(&e, "N", Side::Black, "e5"),
        vec!["e5d3+", "e5d5", "e5f3+", "e5f5"]
    );
}

#[test]
fn promotion_is_forced_on_moves_starting_or_ending_in_the_zone() {
    let e = engine("euroshogi");
    let from_d6: Vec<String> = moves(&e, "4k3/8/3B4/8/8/8/8/K7[-] w")
        .into_iter()
        .filter(|m| m.starts_with("d6"))
        .collect();
    assert_eq!(from_d6.len(), 11);
    assert!(from_d6.iter().all(|m| m.ends_with('+')), "{from_d6:?}");
    assert!(from_d6.contains(&"d6a3+".into()) && from_d6.contains(&"d6h2+".into()));
    let from_d5: Vec<String> = moves(&e, "4k3/8/8/3B4/8/8/8/K7[-] w")
        .into_iter()
        .filter(|m| m.starts_with("d5"))
        .collect();
    for m in &from_d5 {
        let rank: u32 = m[3..].trim_end_matches('+').parse().unwrap();
        assert_eq!(m.ends_with('+'), rank >= 6, "{m}");
    }
}

#[test]
fn pawn_entering_the_zone_must_promote() {
    let e = engine("euroshogi");
    let pawn: Vec<String> = moves(&e, "4k3/8/8/3P4/8/8/8/K7[-] w")
        .into_iter()
        .filter(|m| m.starts_with("d5"))
        .collect();
    assert_eq!(pawn, vec!["d5d6+"]);
}

#[test]
fn nifu_forbids_a_pawn_drop_on_a_file_with_an_unpromoted_pawn() {
    let e = engine("euroshogi");
    let all = moves(&e, "4k3/8/8/8/8/3P4/8/4K3[P] w");
    let drops = starting_with(&all, "P@");
    assert_eq!(drops.len(), 48);
    assert!(drops.iter().all(|m| !m.starts_with("P@d")));
}

#[test]
fn a_tokin_does_not_count_for_nifu() {
    let e = engine("euroshogi");
    let all = moves(&e, "4k3/8/3+P4/8/8/8/8/4K3[P] w");
    let d_file: Vec<&String> = all.iter().filter(|m| m.starts_with("P@d")).collect();
    assert_eq!(d_file, vec!["P@d1", "P@d2", "P@d3", "P@d4", "P@d5", "P@d7"]);
}

#[test]
fn no_pawn_drop_where_every_file_holds_a_pawn() {
    let e = engine("euroshogi");
    let all = moves(
        &e,
        "1nbgkgn1/1r4b1/2pppppp/Pp6/8/1PPPPPPP/1B4R1/1NGKGBN1[P] w - - 1 3",
    );
    assert!(starting_with(&all, "P@").is_empty());
    assert_eq!(all.len(), 27);
    assert!(all.contains(&"a5a6+".into()));
}

#[test]
fn knights_may_be_dropped_on_every_empty_square() {
    let e = engine("euroshogi");
    let all = moves(&e, "4k3/8/8/8/8/8/8/K7[N] w");
    assert_eq!(starting_with(&all, "N@").len(), 62);
    assert_eq!(moves(&e, "4k3/8/8/8/8/8/8/4K3[N] w").len(), 67);
}

#[test]
fn pawn_drop_mate_is_illegal_but_other_drop_mates_and_pawn_drop_checks_are_legal() {
    let e = engine("euroshogi");
    assert!(!moves(&e, "6rk/6p1/6G1/8/8/8/8/K7[P] w").contains(&"P@h7".into()));
    let mut pos = position(&e, "6rk/6p1/6G1/8/8/8/8/K7[G] w");
    assert!(uci_moves(&mut pos).contains(&"G@h7".into()));
    play(&mut pos, "G@h7");
    assert!(pos.legal_move_list().is_empty());
    let outcome = pos.outcome().expect("mate");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::White), Reason::Checkmate)
    );
    assert!(moves(&e, "7k/6p1/6G1/8/8/8/8/K7[P] w").contains(&"P@h7".into()));
}

#[test]
fn stalemate_loses_for_the_stalemated_side() {
    let e = engine("euroshogi");
    let mut pos = position(&e, "k7/1P6/1G6/8/8/8/8/7K[-] b");
    assert!(pos.legal_move_list().is_empty());
    assert!(!pos.in_check());
    let outcome = pos.outcome().expect("stalemate");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::White), Reason::Stalemate)
    );
}

#[test]
fn fourth_repetition_is_a_draw() {
    let e = engine("euroshogi");
    let mut pos = position(&e, START);
    play(&mut pos, "b1a1 b8a8 a1b1 a8b8 b1a1 b8a8 a1b1 a8b8");
    assert_eq!(pos.outcome(), None, "third occurrence: the game goes on");
    play(&mut pos, "b1a1 b8a8 a1b1 a8b8");
    let outcome = pos.outcome().expect("fourth occurrence");
    assert_eq!((outcome.winner, outcome.reason), (None, Reason::Repetition));
}

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    let e = engine("euroshogi");
    let mut pos = position(&e, "8/8/8/3k4/7R/8/8/K7[-] w");
    for _ in 0..3 {
        play(&mut pos, "h4h5 d5d4 h5h4 d4d5");
    }
    let outcome = pos.outcome().expect("fourth occurrence");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::Black), Reason::PerpetualCheck)
    );
}

#[test]
fn gold_and_king_never_promote() {
    let e = engine("euroshogi");
    let all = moves(&e, "4k3/8/3G4/8/8/8/8/K7[-] w");
    assert!(!all.is_empty());
    assert!(all.iter().all(|m| !m.ends_with('+')), "{all:?}");
    let kings = moves(&e, "8/3K4/8/8/8/8/8/k7[-] w");
    assert!(kings.iter().all(|m| !m.ends_with('+')), "{kings:?}");
}

#[test]
fn captured_promoted_pieces_go_to_hand_unpromoted() {
    let e = engine("euroshogi");
    for (promoted, held) in [("+R", "R"), ("+N", "N"), ("+P", "P")] {
        let fen = format!("4k3/3r4/8/8/3{promoted}4/8/8/K7[-] b");
        let mut pos = position(&e, &fen);
        play(&mut pos, "d7d4");
        assert!(
            pos.to_fen().contains(&format!("[{}]", held.to_lowercase())),
            "{promoted}: {}",
            pos.to_fen()
        );
    }
}
