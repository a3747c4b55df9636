//! Several royal pieces per side (docs/variant-language.md, "Several royal pieces"): `royals all-safe` (coregal),
//! `royals last-safe` (shoshogi's king and crown prince) and `duple-check` (spartan's two kings), promotion to a
//! royal type, and the diagnostics of a game that has several royals without saying what they mean. Positions
//! are worked out by hand from the rules as written; the perft tables of coregal and shoshogi come from
//! Fairy-Stockfish (tests/it/perft.rs).
use crate::support::variants::{compile_errors, engine, engine_of, moves, sorted};
use tatsu::engine::{Engine, Outcome, Position, Reason};
use tatsu::rules::Side;

/// Two black kings (a5, e5) against two white rooks (a1, d1) and a king (c1), on a 5x5 board with `royals …`.
fn two_kings(royals: &str) -> Engine {
    let source = format!(
        "board 5 x 5\npiece K {{ royal moves \"K\" }}\npiece R {{ moves \"R\" }}\n\
         start \"k3k/5/5/5/R1KR1 b - - 0 1\"\nend {{ {royals} }}\n"
    );
    engine_of(&source)
}

#[test]
fn the_meaning_of_several_royals_decides_which_may_be_left_attacked() {
    let fen = "k3k/5/5/5/R1KR1 b - - 0 1";
    // all-safe: the a5 king is in check and must escape to a square no rook reaches.
    let all = two_kings("royals all-safe");
    assert!(Position::from_fen(&all, fen).unwrap().in_check());
    assert_eq!(moves(&all, fen), sorted(&["a5b4", "a5b5"]));
    // last-safe: with two kings either may stand attacked, the other may step into attack too.
    let last = two_kings("royals last-safe");
    assert!(!Position::from_fen(&last, fen).unwrap().in_check());
    assert_eq!(
        moves(&last, fen),
        sorted(&["a5a4", "a5b4", "a5b5", "e5d4", "e5d5", "e5e4"])
    );
    // duple-check: …but not both at once, so the e5 king may not step onto the d-file.
    let duple = two_kings("royals last-safe duple-check");
    assert_eq!(
        moves(&duple, fen),
        sorted(&["a5a4", "a5b4", "a5b5", "e5e4"])
    );
}

#[test]
fn a_coregal_queen_may_not_be_left_attacked_and_can_be_mated() {
    let e = engine("coregal");
    // The rook on d8 attacks the queen: the king may not move, the queen must leave the file (taking the rook
    // would put it beside the black king).
    let fen = "3rk3/8/8/8/3Q4/8/8/4K3 w - - 0 1";
    let list = moves(&e, fen);
    assert!(list.iter().all(|m| m.starts_with("d4")), "{list:?}");
    assert!(list.contains(&"d4a4".to_string()) && list.contains(&"d4h8".to_string()));
    for attacked in ["d4d8", "d4d5", "d4d2"] {
        assert!(!list.contains(&attacked.to_string()), "{list:?}");
    }
    // The queen is boxed in by its own pieces and attacked by a knight nothing can take: mate.
    let mate = "7k/8/8/8/8/1n6/RP6/QN5K w - - 0 1";
    let mut pos = Position::from_fen(&e, mate).unwrap();
    assert!(pos.legal_move_list().is_empty());
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Some(Side::Black),
            reason: Reason::Checkmate
        })
    );
}

#[test]
fn a_pawn_promotes_to_a_royal_queen_that_must_then_be_safe() {
    let e = engine("coregal");
    // b8 is attacked by the rook on a8: promoting to a queen there would leave a royal piece attacked.
    let list = moves(&e, "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!list.contains(&"b7b8q".to_string()), "{list:?}");
    assert!(list.contains(&"b7b8r".to_string()) && list.contains(&"b7a8q".to_string()));
}

#[test]
fn a_shoshogi_king_may_be_captured_while_the_crown_prince_lives() {
    let e = engine("shoshogi");
    let mut pos = Position::from_fen(&e, "4k4/4r4/9/9/4+E4/9/9/9/4K4 w - - 0 1").unwrap();
    // The prince may leave the file and uncover the king: White keeps a royal piece whatever happens.
    let mv = pos.parse_move("e5d5").unwrap();
    pos.play(mv);
    let take = pos.parse_move("e8e1").expect("the king may be captured");
    pos.play(take);
    assert_eq!(pos.outcome(), None);
    // Now the prince is White's last royal piece: it may not step onto the rook's rank.
    let list = moves(&e, &pos.to_fen());
    assert!(!list.contains(&"d5e4".to_string()), "{list:?}");
    assert!(list.contains(&"d5c6".to_string()), "{list:?}");
}

/// Fairy-Stockfish (pyffish 0.0.90) keeps the old king royal during a move that promotes a Drunk Elephant, so it
/// refuses these promotions while the king is attacked; by the rules the side has two royal pieces after the
/// move and the king may be left en prise. Worked out by hand: the checked king on d1 has c2, d2 and e2; the
/// elephant has its three promotions; its unpromoted moves leave the last royal piece attacked.
#[test]
fn promoting_to_a_crown_prince_answers_a_check_on_the_last_king() {
    let e = engine("shoshogi");
    let mut pos = Position::from_fen(&e, "4k4/9/r8/4E4/9/9/9/9/4K4 w - - 0 1").unwrap();
    for text in ["e1d1", "a7a1"] {
        let mv = pos.parse_move(text).unwrap();
        pos.play(mv);
    }
    assert!(pos.in_check());
    assert_eq!(
        moves(&e, &pos.to_fen()),
        sorted(&["d1c2", "d1d2", "d1e2", "e6d7+", "e6e7+", "e6f7+"])
    );
}

/// fuzz/fen (Sho Shogi): a side with no royal piece left skipped the legality test of its moves, so a Drunk
/// Elephant could promote to a Crown Prince on a square the rook attacks: its last royal piece, left attacked. The
/// royals are counted after the move (`royals last-safe`), so the promotion is tested like a royal drop. Worked
/// out by hand: the elephant on e1 has d1, d2, e2, f1, f2; the one on e6 steps to d5, d6, d7, e7, f5, f6, f7, and
/// its promotions on d7, e7 and f7 all stand on the rook's rank.
#[test]
fn a_promotion_that_makes_the_last_royal_piece_may_not_leave_it_attacked() {
    let e = engine("shoshogi");
    let fen = "4k4/9/r8/4E4/9/9/9/9/4E4 w - - 0 1";
    assert_eq!(
        moves(&e, fen),
        sorted(&[
            "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e6d5", "e6d6", "e6d7", "e6e7", "e6f5", "e6f6",
            "e6f7"
        ])
    );
    // Off the rook's rank, the same promotion is legal.
    assert!(moves(&e, "4k4/9/9/4E4/9/r8/9/9/4E4 w - - 0 1").contains(&"e6e7+".to_string()));
}

const TWO_ROYAL_TYPES: &str =
    "board 5 x 5\npiece K { royal moves \"K\" }\npiece Q { royal moves \"Q\" }\n\
     start \"k3q/5/5/5/K3Q w - - 0 1\"\n";

#[test]
fn a_second_royal_type_needs_a_declared_meaning() {
    let errors = compile_errors(TWO_ROYAL_TYPES);
    assert!(
        errors
            .iter()
            .any(|e| e.contains(":3:11") && e.contains("second royal piece type")),
        "{errors:?}"
    );
    let declared = format!("{TWO_ROYAL_TYPES}end {{ royals all-safe }}\n");
    assert_eq!(compile_errors(&declared), Vec::<String>::new());
}

#[test]
fn a_promotion_to_a_royal_type_needs_a_declared_meaning() {
    let source = "board 5 x 5\nzone last = rank 5\npiece K { royal moves \"K\" }\n\
                  piece P { moves \"fW\" promote to K in last }\nstart \"k4/5/5/P4/4K w - - 0 1\"\n";
    let errors = compile_errors(source);
    assert!(
        errors
            .iter()
            .any(|e| e.contains(":4:33") && e.contains("promotion to a royal")),
        "{errors:?}"
    );
    let declared = format!("{source}end {{ royals all-safe }}\n");
    assert_eq!(compile_errors(&declared), Vec::<String>::new());
}

#[test]
fn two_royals_of_one_side_in_the_start_position_need_a_declared_meaning() {
    let source = "board 5 x 5\npiece K { royal moves \"K\" }\nstart \"k3k/5/5/5/4K w - - 0 1\"\n";
    let errors = compile_errors(source);
    assert!(
        errors
            .iter()
            .any(|e| e.contains(":3:10") && e.contains("`royals all-safe` or `royals last-safe`")),
        "{errors:?}"
    );
}

#[test]
fn duple_check_with_all_safe_and_a_second_royals_line_are_refused() {
    let errors = compile_errors(&format!(
        "{TWO_ROYAL_TYPES}end {{ royals all-safe duple-check\n royals last-safe }}\n"
    ));
    assert!(
        errors
            .iter()
            .any(|e| e.contains(":5:23") && e.contains("`duple-check` goes with")),
        "{errors:?}"
    );
    assert!(
        errors
            .iter()
            .any(|e| e.contains(":6:2") && e.contains("given twice")),
        "{errors:?}"
    );
}
