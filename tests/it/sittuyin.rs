//! Sittuyin (`tests/data/variants/sittuyin.tatsu`, Fairy-Stockfish's `sittuyin`): the promotion made as a move of
//! its own (`promote … on standing limited to 1 anywhere-if-last not-attacking not-checking`), the draw when only
//! promotions are left (`only-promotions draws`) and the set-up phase. The perft table
//! `tests/data/perft/sittuyin.tsv` (pyffish's counts) is checked by `perft.rs`; these tests state each rule on a
//! position worked out by hand (pyffish lists the same moves on each).
use tatsu::engine::{Position, Reason};

use crate::support::variants::{engine, from, moves, play_and_unplay, sorted};

/// White: king e1, pawns a2 and d5 (d5 is a promotion square); Black: king e8.
const PAWN_ON_D5: &str = "4k3/8/8/3P4/8/8/P7/4K3[] w - - 5 1";

#[test]
fn a_pawn_on_a_promotion_square_becomes_a_general_in_place_or_by_a_general_step() {
    let e = engine("sittuyin");
    // In place (d5d5f) or by a general's step to each empty diagonal neighbour; and the pawn's own step.
    assert_eq!(
        from(&moves(&e, PAWN_ON_D5), "d5"),
        sorted(&["d5c4f", "d5c6f", "d5d5f", "d5d6", "d5e4f", "d5e6f"])
    );
    // The pawn on a2 stands on no promotion square and is not the last pawn: it only steps.
    assert_eq!(from(&moves(&e, PAWN_ON_D5), "a2"), sorted(&["a2a3"]));
}

#[test]
fn an_in_place_promotion_is_written_with_its_square_twice_and_made_and_unmade() {
    let e = engine("sittuyin");
    // A pawn move: the clock is reset.
    play_and_unplay(
        &e,
        PAWN_ON_D5,
        "d5d5f",
        "4k3/8/8/3F4/8/8/P7/4K3[] b - - 0 1",
    );
    play_and_unplay(
        &e,
        PAWN_ON_D5,
        "d5e6f",
        "4k3/8/4F3/8/8/8/P7/4K3[] b - - 0 1",
    );
    let mut pos = Position::from_fen(&e, PAWN_ON_D5).unwrap();
    let mv = pos.parse_move("d5d5f").unwrap();
    assert_eq!(mv.from, mv.to);
    assert_eq!(pos.uci(&mv), "d5d5f");
}

#[test]
fn the_new_general_may_not_attack_an_enemy_piece() {
    let e = engine("sittuyin");
    // A black knight on b5: a general on c4 or c6 would attack it, so those two promotions are not legal; in
    // place, on e4 or on e6 it attacks nothing.
    let fen = "4k3/8/8/1n1P4/8/8/P7/4K3 w - - 0 1";
    assert_eq!(
        from(&moves(&e, fen), "d5"),
        sorted(&["d5d5f", "d5d6", "d5e4f", "d5e6f"])
    );
}

#[test]
fn no_pawn_promotes_while_its_side_has_a_general() {
    let e = engine("sittuyin");
    let fen = "4k3/8/8/3P4/8/8/P7/4K2F w - - 0 1";
    assert_eq!(from(&moves(&e, fen), "d5"), sorted(&["d5d6"]));
}

#[test]
fn the_last_pawn_promotes_on_any_square() {
    let e = engine("sittuyin");
    // d3 is no promotion square, but the pawn is White's only one.
    let fen = "4k3/8/8/8/8/3P4/8/4K3 w - - 0 1";
    assert_eq!(
        from(&moves(&e, fen), "d3"),
        sorted(&["d3c2f", "d3c4f", "d3d3f", "d3d4", "d3e2f", "d3e4f"])
    );
    // With a second pawn it does not.
    let fen = "4k3/8/8/8/8/3P4/P7/4K3 w - - 0 1";
    assert_eq!(from(&moves(&e, fen), "d3"), sorted(&["d3d4"]));
}

#[test]
fn a_promotion_may_not_give_a_discovered_check() {
    let e = engine("sittuyin");
    // The pawn on d5 stands between the rook on d1 and the black king on d8: a step promotion would uncover the
    // rook's check, so only the promotion in place (the general still blocks) is legal.
    let fen = "3k4/8/8/3P4/8/8/P7/K2R4 w - - 0 1";
    assert_eq!(from(&moves(&e, fen), "d5"), sorted(&["d5d5f", "d5d6"]));
}

#[test]
fn a_step_promotion_may_block_a_check_and_one_in_place_cannot_answer_it() {
    let e = engine("sittuyin");
    // The rook on h1 checks along the first rank; the last pawn on g2 may become a general on f1, between them.
    let fen = "4k3/8/8/8/8/8/6P1/4K2r w - - 0 1";
    assert_eq!(moves(&e, fen), sorted(&["e1d2", "e1e2", "e1f2", "g2f1f"]));
}

#[test]
fn a_side_with_king_and_pawn_that_could_only_promote_is_stalemated() {
    let e = engine("sittuyin");
    // White's king on a1 has no square (b1 and a2 are the knight's, b2 the king's) and its pawn is blocked: its
    // only moves are promotions of its last pawn, so the game is drawn (the rules' 3.9 c.7).
    let fen = "8/8/3p4/3P4/8/1kn5/8/K7 w - - 0 1";
    assert_eq!(
        moves(&e, fen),
        sorted(&["d5c6f", "d5d5f", "d5e4f", "d5e6f"])
    );
    let mut pos = Position::from_fen(&e, fen).unwrap();
    let outcome = pos.outcome().expect("drawn");
    assert_eq!((outcome.winner, outcome.reason), (None, Reason::Stalemate));
    // Black, with three pieces, may promote its last pawn anywhere too, but that is no stalemate: it has other
    // moves, and more than two pieces.
    let fen = "8/8/3p4/3P4/8/1kn5/8/K7 b - - 0 1";
    assert_eq!(
        from(&moves(&e, fen), "d6"),
        sorted(&["d6c5f", "d6c7f", "d6d6f", "d6e5f", "d6e7f"])
    );
    assert_eq!(Position::from_fen(&e, fen).unwrap().outcome(), None);
    // A king that can still move is no stalemate.
    let fen = "8/8/3p4/3P4/8/8/8/K1k5 w - - 0 1";
    let mut pos = Position::from_fen(&e, fen).unwrap();
    assert!(moves(&e, fen).iter().any(|m| m.starts_with("a1")));
    assert_eq!(pos.outcome(), None);
}

#[test]
fn the_set_up_drops_go_on_the_first_three_ranks_and_rooks_on_the_first() {
    let e = engine("sittuyin");
    let start = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
    let all = moves(&e, start);
    // 20 free squares on ranks 1 to 3 (a3..d3 hold pawns) for the king, general, elephant and knight; the rook
    // on the 8 squares of the first rank only. No board move while a piece is in hand.
    assert_eq!(all.len(), 4 * 20 + 8);
    assert!(all.iter().all(|m| m.contains('@')));
    let rooks: Vec<&String> = all.iter().filter(|m| m.starts_with("R@")).collect();
    assert!(rooks.iter().all(|m| m.ends_with('1')), "{rooks:?}");
}
