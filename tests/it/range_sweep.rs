//! Range capture that takes every piece it passes (`jumps-lower taking-passed`, Taikyoku Shogi's generals in the
//! modern readings: yetiowin805/taikyoku_shogi's `BlockingMode::Capturing`, manbearian/Taikyoku's range capture;
//! docs/rules/taikyoku-shogi.md). Counts derived by hand beside each test.
use tatsu::engine::{perft, Position};
use variants::{engine, moves, play_and_unplay, sorted};

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
