//! RULES.md §4: the Heian Ryu Shogi test facts.
use super::common::*;
use tatsu::engine::Reason;
use tatsu::rules::Side;

const KINGS_AND_GOLD: &str = "3k3/6p/7/7/7/7/7/7/7/7/7/3K3[G] w";

#[test]
fn a_drop_in_the_first_zone_earns_a_bonus_turn_that_may_be_declined() {
    let e = engine("heian-ryu-shogi");
    let mut pos = position(&e, KINGS_AND_GOLD);
    play(&mut pos, "G@c2");
    assert_eq!(pos.side_to_move(), Side::White, "White moves again");
    assert!(pos.bonus_pending());
    assert!(
        uci_moves(&mut pos).contains(&"0000".into()),
        "the bonus turn may be declined"
    );
    assert!(pos.to_fen().ends_with(" bonus"), "{}", pos.to_fen());
    play(&mut pos, "0000");
    assert_eq!(pos.side_to_move(), Side::Black);

    let mut pos = position(&e, KINGS_AND_GOLD);
    play(&mut pos, "G@c5");
    assert_eq!(
        pos.side_to_move(),
        Side::Black,
        "a drop outside the first zone earns nothing"
    );
    assert!(!uci_moves(&mut pos).contains(&"0000".into()));
}

#[test]
fn a_bonus_turn_earns_no_third_turn() {
    let e = engine("heian-ryu-shogi");
    let mut pos = position(&e, "3k3/6p/7/7/7/7/7/7/7/7/7/3K3[GG] w");
    play(&mut pos, "G@c2 G@e2");
    assert_eq!(pos.side_to_move(), Side::Black);
    assert!(!pos.bonus_pending());
}

#[test]
fn a_promoted_piece_ending_its_move_in_the_first_zone_demotes() {
    let e = engine("heian-ryu-shogi");
    let fen = "k6/6p/3+R3/7/7/7/7/7/7/7/7/6K[] w";
    let symbol_after = |mv: &str, sq: &str| {
        let mut pos = position(&e, fen);
        play(&mut pos, mv);
        let (piece, _) = pos
            .piece_at(e.game.geometry.parse_square(sq).unwrap())
            .unwrap();
        e.game.piece(piece).symbol.clone()
    };
    assert_eq!(symbol_after("d10d3", "d3"), "R");
    assert_eq!(symbol_after("d10d4", "d4"), "+R");
}

#[test]
fn nifu_is_restored() {
    let e = engine("heian-ryu-shogi");
    let all = moves(&e, "3k3/6p/7/7/7/7/7/7/7/3P3/7/K6[P] w");
    let drops = starting_with(&all, "P@");
    assert!(drops.iter().all(|m| !m.starts_with("P@d")));
    assert_eq!(drops.len(), 53);
}

#[test]
fn a_bare_king_with_an_empty_hand_loses() {
    let e = engine("heian-ryu-shogi");
    let mut pos = position(&e, "3k3/7/7/7/3r3/7/7/3G3/7/7/7/K6[] b");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "d8d5");
    let outcome = pos.outcome().expect("White is bare");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Side::Black), Reason::BareKing)
    );
}

#[test]
fn a_bare_king_with_pieces_in_hand_plays_on() {
    let e = engine("heian-ryu-shogi");
    let mut pos = position(&e, "3k3/3p3/7/7/7/7/7/7/7/7/7/K6[G] w");
    assert_eq!(pos.outcome(), None);
}
