//! Chu Shogi (variants/chu-shogi.tatsu): the rules against trading Lions (`no-capture-of-protected … from-afar
//! bridge-not …`, `no-counter-strike …`), promotion on entering or on a capture in or out of the camp
//! (`on capture-touching`), and the loss of both royal pieces (`extinction of K +E together`). The rules are
//! those of Hodges' Middle Shogi Manual and the English Wikipedia article, as docs/rules/chu-shogi.md states them;
//! every expected move list is worked out by hand in the comments. scripts/hachu_oracle.py compares whole
//! positions with HaChu.
use crate::support::variants::{from, sorted};
use tatsu::engine::{Engine, Outcome, Position, Reason};
use tatsu::rules::Side;

fn chu() -> Engine {
    Engine::new(tatsu::variants::load("chu-shogi").expect("bundled").game)
}

fn moves(e: &Engine, fen: &str) -> Vec<String> {
    crate::support::variants::moves(e, fen)
}

fn played<'e>(e: &'e Engine, fen: &str, moves: &str) -> Position<'e> {
    crate::support::variants::played(e, fen, moves)
}

#[test]
fn the_start_position_has_36_moves() {
    // Counted by hand: 10 pawn steps (d5 and i5 hold the go-betweens), 2 go-between steps, 11 from the third rank
    // (b3b2, d3d2, e3d2, h3i2, i3i2, k3k2 and the Lion's f3d2, e5, f5, g5, h5), 3 from the second (e2d2, f2d2,
    // h2i2) and 10 from the first (b1b2, c1b2, c1d2, d1d2, e1d2, h1i2, i1i2, j1i2, j1k2, k1k2). HaChu's `lift`
    // of every White piece gives the same 36 destinations.
    let e = chu();
    let mut pos = Position::start(&e);
    assert_eq!(pos.legal_move_list().len(), 36);
    // No first move reaches a square Black's replies use (White's pieces stay on ranks 1 to 6, Black's move on
    // ranks 7 to 12), so Black has the same 36 answers to each: 36 x 36.
    assert_eq!(tatsu::engine::perft::perft(&mut pos, 2), 1296);
}

#[test]
fn a_lion_may_not_take_a_protected_lion_two_squares_away() {
    // White's Lion f6, Black's Lion f8 guarded by a gold on f9 (a Black gold steps straight back to f8).
    let e = chu();
    let list = moves(&e, "12/12/12/5g6/5n6/12/5N6/12/12/12/12/K10k w - - 0 1");
    assert!(!list.contains(&"f6f8".to_string()), "{list:?}");
    // Without the gold, the jump takes it.
    let list = moves(&e, "12/12/12/12/5n6/12/5N6/12/12/12/12/K10k w - - 0 1");
    assert!(list.contains(&"f6f8".to_string()), "{list:?}");
}

#[test]
fn a_pawn_taken_on_the_way_does_not_lift_the_protection_but_a_silver_does() {
    let e = chu();
    // A Black pawn on f7 between them: taking it and then the guarded Lion is still a trade.
    let list = moves(&e, "12/12/12/5g6/5n6/5p6/5N6/12/12/12/12/K10k w - - 0 1");
    assert!(!list.iter().any(|m| m.ends_with("f8")), "{list:?}");
    // A Black silver there instead is a bridge worth taking: the double capture is legal, the jump is not.
    let list = moves(&e, "12/12/12/5g6/5n6/5s6/5N6/12/12/12/12/K10k w - - 0 1");
    let to_f8: Vec<&String> = list.iter().filter(|m| m.ends_with("f8")).collect();
    assert_eq!(to_f8, ["f6f7,f7f8"]);
}

#[test]
fn an_adjacent_lion_may_be_taken_even_when_protected() {
    // Black's Lion on f7 is guarded by the gold on f8; White's Lion next to it takes it by a step, by taking it
    // and moving on (to e6, e7, e8, f6 — its own square, which is igui — g6, g7 or g8: f8 holds the gold, which it
    // may take too) or by taking it without moving.
    let e = chu();
    let list = moves(&e, "12/12/12/12/5g6/5n6/5N6/12/12/12/12/K10k w - - 0 1");
    let takes: Vec<String> = list
        .iter()
        .filter(|m| m.starts_with("f6f7"))
        .cloned()
        .collect();
    assert_eq!(
        takes,
        sorted(&[
            "f6f7",
            "f6f7,f7e6",
            "f6f7,f7e7",
            "f6f7,f7e8",
            "f6f7,f7f6",
            "f6f7,f7f8",
            "f6f7,f7g6",
            "f6f7,f7g7",
            "f6f7,f7g8"
        ])
    );
}

#[test]
fn a_promoted_kirin_is_a_lion_to_the_trading_rules() {
    // The same guarded Lion as above, attacked by a promoted Kirin: the jump is refused.
    let e = chu();
    let list = moves(&e, "12/12/12/5g6/5n6/12/5+O6/12/12/12/12/K10k w - - 0 1");
    assert!(!list.contains(&"f6f8".to_string()), "{list:?}");
}

const COUNTER: &str = "12/12/12/12/6n5/4n2p4/4G2N4/12/12/12/12/K10k w - - 0 1";

#[test]
fn after_a_non_lion_takes_a_lion_the_reply_may_not_take_a_lion_with_a_non_lion() {
    // White's gold e6 takes Black's Lion e7. Black's pawn h7 could take White's Lion h6, but may not now; Black's
    // Lion g8 may (the rule is about pieces that are not Lions, and h6 is not protected).
    let e = chu();
    let mut pos = played(&e, COUNTER, "e6e7");
    let list: Vec<String> = pos.legal_move_list().iter().map(|m| pos.uci(m)).collect();
    assert!(!list.contains(&"h7h6".to_string()), "{list:?}");
    assert!(list.contains(&"g8h6".to_string()), "{list:?}");
}

#[test]
fn the_counter_strike_ban_lasts_one_reply() {
    let e = chu();
    let mut pos = played(&e, COUNTER, "e6e7 l1l2 a1a2");
    let list: Vec<String> = pos.legal_move_list().iter().map(|m| pos.uci(m)).collect();
    assert!(list.contains(&"h7h6".to_string()), "{list:?}");
}

#[test]
fn the_fen_writes_the_counter_strike_square_in_the_ep_field() {
    let e = chu();
    let pos = played(&e, COUNTER, "e6e7");
    let fen = pos.to_fen();
    assert_eq!(fen, "12/12/12/12/6n5/4G2p4/7N4/12/12/12/12/K10k b - e7 0 1");
    // Read back, the position forbids the same replies.
    assert!(!moves(&e, &fen).contains(&"h7h6".to_string()));
    assert_eq!(
        Position::from_fen(&e, &fen).expect("reads").hash(),
        pos.hash()
    );
    // A Lion taking a Lion leaves no such state.
    let pos = played(
        &e,
        "12/12/12/12/12/4n7/4N7/12/12/12/12/K10k w - - 0 1",
        "e6e7",
    );
    assert!(pos.to_fen().contains(" b - - "), "{}", pos.to_fen());
    // The square must hold a piece of the side that moved, not a Lion (or be empty, after a capture without
    // moving): a Black piece there cannot have just taken.
    assert!(
        Position::from_fen(&e, "12/12/12/12/6n5/4g2p4/7N4/12/12/12/12/K10k b - e7 0 1").is_err()
    );
}

#[test]
fn the_game_is_lost_when_king_and_crown_prince_are_both_gone() {
    let e = chu();
    // White has a Crown Prince and no King: the game goes on.
    let mut pos =
        Position::from_fen(&e, "12/12/12/12/12/12/12/12/12/12/12/+E10k w - - 0 1").expect("reads");
    assert_eq!(pos.decided(), None);
    // White has neither: Black has won.
    let mut pos =
        Position::from_fen(&e, "12/12/12/12/12/12/12/12/12/12/12/G10k w - - 0 1").expect("reads");
    assert_eq!(
        pos.decided(),
        Some(Outcome {
            winner: Some(Side::Black),
            reason: Reason::Extinction
        })
    );
}

#[test]
fn a_piece_promotes_on_entering_the_camp_or_capturing_in_or_out_of_it() {
    let e = chu();
    // A silver on e9 (inside White's camp, ranks 9 to 12): its quiet moves inside (d10, e10, f10) and out (f8)
    // may not promote; its capture of the pawn on d8, out of the camp, may.
    let list = moves(&e, "12/12/12/4S7/3p8/12/12/12/12/12/12/K10k w - - 0 1");
    assert_eq!(
        from(&list, "e9"),
        sorted(&["e9d10", "e9e10", "e9f10", "e9d8", "e9d8+", "e9f8"])
    );
    // A silver on e8 enters the camp with d9, e9 and f9, which may promote; d7 and f7 may not.
    let list = moves(&e, "12/12/12/12/4S7/12/12/12/12/12/12/K10k w - - 0 1");
    assert_eq!(
        from(&list, "e8"),
        sorted(&["e8d7", "e8d9", "e8d9+", "e8e9", "e8e9+", "e8f7", "e8f9", "e8f9+"])
    );
}

#[test]
fn a_pawn_may_promote_on_reaching_the_far_rank_and_may_stay_there_unpromoted() {
    // A pawn on c11, already inside the camp, steps to the far rank: it may promote there, or not (Chu never
    // forces promotion, so an unmovable pawn on the far rank is legal).
    let e = chu();
    let list = moves(&e, "12/2P9/12/12/12/12/12/12/12/12/12/K10k w - - 0 1");
    assert_eq!(from(&list, "c11"), sorted(&["c11c12", "c11c12+"]));
}

#[test]
fn a_lion_passes_by_stepping_out_and_back_only_with_an_empty_square_next_to_it() {
    let e = chu();
    // The Lion on f6 surrounded by its own pawns cannot step out, so it cannot pass (f6f6).
    let list = moves(
        &e,
        "12/12/12/12/12/4PPP5/4PNP5/4PPP5/12/12/12/K10k w - - 0 1",
    );
    assert!(!list.contains(&"f6f6".to_string()), "{list:?}");
    // With e5 empty it can.
    let list = moves(
        &e,
        "12/12/12/12/12/4PPP5/4PNP5/5PP5/12/12/12/K10k w - - 0 1",
    );
    assert!(list.contains(&"f6f6".to_string()), "{list:?}");
}
