//! Range capture that takes every piece it passes (`jumps-lower taking-passed`, Taikyoku Shogi's generals in the
//! modern readings: yetiowin805/taikyoku_shogi's `BlockingMode::Capturing`, manbearian/Taikyoku's range capture;
//! docs/rules/taikyoku-shogi.md). Counts derived by hand beside each test.
use tatsu::engine::{perft, Position};
use variants::{engine, engine_of, moves, play_and_unplay, replaced, sorted};

use crate::support::variants;

/// The start of `range-sweep.tatsu`: White K a1, Great General e5, Pawn e6, Gold c5, Bishop General d6; Black
/// King i9, Pawns e8 a5 h8, Vice General e3, Great General g5, Bishop General g3.
const START: &str = "8k/4p2p1/9/3(Bg)P4/p1G1(Gg)1(gg)2/9/4(vg)1(bg)2/9/K8 w - - 0 1";

#[test]
fn taking_passed_generals_perft_1_counted_by_hand() {
    let e = engine("range-sweep");
    // The Great General e5 (rank 3; passes the Vice and Bishop Generals, Golds and Pawns of both sides):
    //   north: e6 its Pawn (passed, no landing), e7, e8 (Black's Pawn, taken), e9: 3;
    //   south: e4, e3 (Black's Vice General, lower: taken), e2, e1: 4;
    //   east: f5, then Black's Great General g5 (equal: neither passed nor taken): 1;
    //   west: d5, its Gold c5 (passed), b5, a5 (Black's Pawn, taken): 3;
    //   north-east: f6, g7, h8 (Pawn, taken), then Black's King i9 (higher: not taken): 3;
    //   north-west: its Bishop General d6 (passed), c7, b8, a9: 3;
    //   south-east: f4, g3 (Black's Bishop General, taken), h2, i1: 4;
    //   south-west: d4, c3, b2, then its King a1 (higher): 3. 24.
    // The King a1: a2 b1 b2, none attacked (no general takes a King; Black's Pawns attack e7 a4 h7): 3.
    // The Pawn e6: e7: 1. The Gold c5 (`WfF`): c6 c4 b5 d5 b6 (d6 its own): 5.
    // The Bishop General d6 (rank 1; passes Golds and Pawns): e7 f8 g9, c7 b8 a9, past its Gold c5 to b4 a3 (its
    // Great General e5 blocks the fourth diagonal): 8. 24 + 3 + 1 + 5 + 8 = 41.
    let list = moves(&e, START);
    let gg: Vec<String> = variants::from(&list, "e5");
    assert_eq!(
        gg,
        sorted(&[
            "e5e7", "e5e8", "e5e9", "e5e4", "e5e3", "e5e2", "e5e1", "e5f5", "e5d5", "e5b5", "e5a5",
            "e5f6", "e5g7", "e5h8", "e5c7", "e5b8", "e5a9", "e5f4", "e5g3", "e5h2", "e5i1", "e5d4",
            "e5c3", "e5b2",
        ])
    );
    let mut pos = Position::start(&e);
    assert_eq!(perft::perft(&mut pos, 1), 41);
}

#[test]
fn taking_passed_removes_every_piece_passed_and_unmake_restores_them() {
    let e = engine("range-sweep");
    // Up the file past its own Pawn e6 and Black's Pawn e8 to the empty e9: both gone.
    play_and_unplay(
        &e,
        START,
        "e5e9",
        "4(Gg)3k/7p1/9/3(Bg)5/p1G3(gg)2/9/4(vg)1(bg)2/9/K8 b - - 0 1",
    );
    // Along the rank past its own Gold c5, taking the Pawn a5: the Gold is gone too.
    play_and_unplay(
        &e,
        START,
        "e5a5",
        "8k/4p2p1/9/3(Bg)P4/(Gg)5(gg)2/9/4(vg)1(bg)2/9/K8 b - - 0 1",
    );
    // To an empty square with nothing passed: a plain move.
    play_and_unplay(
        &e,
        START,
        "e5f5",
        "8k/4p2p1/9/3(Bg)P4/p1G2(Gg)(gg)2/9/4(vg)1(bg)2/9/K8 b - - 1 1",
    );
}

/// Plays every legal move to `depth` plies, checking after each that the incremental hash is the hash of the FEN
/// read afresh, and after taking it back that the FEN and hash are restored; returns the leaves (perft).
fn perft_checked(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (fen, hash) = (pos.to_fen(), pos.hash());
    let mut leaves = 0;
    for mv in pos.legal_move_list().to_vec() {
        pos.play(mv);
        let after = pos.to_fen();
        let fresh = Position::from_fen(pos.engine(), &after).unwrap();
        assert_eq!(
            pos.hash(),
            fresh.hash(),
            "hash after {} from {fen}",
            pos.uci(&mv)
        );
        leaves += perft_checked(pos, depth - 1);
        pos.unplay();
        assert_eq!((pos.to_fen(), pos.hash()), (fen.clone(), hash));
    }
    leaves
}

#[test]
fn taking_passed_make_and_unmake_restore_every_position_to_perft_3() {
    let e = engine("range-sweep");
    let mut pos = Position::start(&e);
    // The counts are the plain perft's (tatsu's own: no other engine plays this rule), so the checked walk
    // visits every node; the hand count of depth 1 is above.
    let leaves = perft_checked(&mut pos, 3);
    assert_eq!(leaves, perft::perft(&mut pos, 3));
    assert_eq!(perft_checked(&mut pos, 1), 41);
}

#[test]
fn taking_passed_sends_the_enemy_pieces_passed_to_the_hand_in_a_game_with_drops() {
    let source = std::fs::read_to_string(format!(
        "{}/tests/data/variants/range-sweep.tatsu",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let e = engine_of(&replaced(&source, "board 9 x 9\n", "board 9 x 9\ndrops\n"));
    let start = Position::start(&e).to_fen();
    // e5e9 takes Black's Pawn e8 (to White's hand, as any capture) and its own Pawn e6 (to no hand, as a `d`
    // move's victim): White holds one Pawn.
    play_and_unplay(
        &e,
        &start,
        "e5e9",
        "4(Gg)3k/7p1/9/3(Bg)5/p1G3(gg)2/9/4(vg)1(bg)2/9/K8[P] b - - 0 1",
    );
}

#[test]
fn taking_passed_may_not_sweep_away_the_piece_that_shields_its_king() {
    let source = std::fs::read_to_string(format!(
        "{}/tests/data/variants/range-sweep.tatsu",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let e = engine_of(&replaced(
        &source,
        "piece P  \"Pawn\"",
        "piece R  \"Rook\" { moves \"R\" }\npiece P  \"Pawn\"",
    ));
    // White King b1 behind its Pawn b2 on the file of Black's Rook b9 (unranked: a plain slider). The Great
    // General d2 going west: c2, then past the Pawn b2 to a2, which would take the Pawn and leave the King in
    // check: illegal. c2 stays legal.
    let fen = "1r6k/9/9/9/9/9/9/1P1(Gg)5/1K7 w - - 0 1";
    let list = variants::from(&moves(&e, fen), "d2");
    assert!(list.contains(&"d2c2".to_string()), "{list:?}");
    assert!(!list.contains(&"d2a2".to_string()), "{list:?}");
}

#[test]
fn taking_passed_acts_on_unlimited_slides_only_and_is_warned_about_without_one() {
    let source = |gg: &str| {
        format!(
            "board 5 x 5\nrank-order K > Gg\npiece K \"King\" {{ royal moves \"K\" }}\npiece Gg \"GG\" {{ {gg} }}\n\
             piece P \"Pawn\" {{ moves \"fW\" }}\nstart \"k4/5/5/5/K(Gg)3 w - - 0 1\"\n"
        )
    };
    let text = source(r#"moves "R2" jumps-lower taking-passed"#);
    let warnings: Vec<String> = tatsu::compile::compile("t.tatsu", &text)
        .expect("compiles")
        .warnings
        .iter()
        .map(|d| tatsu::diag::render_short(d, &text))
        .collect();
    assert!(
        warnings
            .iter()
            .any(|w| w.contains("t.tatsu:4:28") && w.contains("no unlimited slide")),
        "{warnings:?}"
    );
    // A Great General `QD` b1 with its Pawn b2 and Black's Pawn b3 on the file: the slide passes b2 and takes b3
    // (b3, b4, b5 as destinations), the leap `D` to b3 takes only b3, and is the same move (b1b3): the slide's,
    // which also removes b2. Along the rank a1 is its King; c1 d1 e1. Diagonals a2; c2 d3 e4. 3 + 3 + 1 + 3 = 10.
    let e = engine_of(&source(r#"moves "QD" jumps-lower taking-passed"#));
    let fen = "k4/5/1p3/1P3/K(Gg)3 w - - 0 1";
    let list = variants::from(&moves(&e, fen), "b1");
    assert_eq!(
        list,
        sorted(&["b1b3", "b1b4", "b1b5", "b1c1", "b1d1", "b1e1", "b1a2", "b1c2", "b1d3", "b1e4"])
    );
    let pos = variants::played(&e, fen, "b1b3");
    assert_eq!(pos.to_fen(), "k4/5/1(Gg)3/5/K4 b - - 0 1");
    // Black's Great General b2 instead of the Pawn (equal rank: not passed): b1b3 is the leap only, and the
    // piece it jumps stays.
    let fen = "k4/5/1p3/1(gg)3/K(Gg)3 w - - 0 1";
    let pos = variants::played(&e, fen, "b1b3");
    assert_eq!(pos.to_fen(), "k4/5/1(Gg)3/1(gg)3/K4 b - - 0 1");
}

#[test]
fn taking_passed_rule_tests_of_the_variant_file_pass() {
    let path = format!(
        "{}/tests/data/variants/range-sweep.tatsu",
        env!("CARGO_MANIFEST_DIR")
    );
    let report = tatsu::ruletest::run_file(&path);
    assert!(
        report.passed() && report.tests.len() == 1,
        "{:?}",
        report.errors
    );
}
