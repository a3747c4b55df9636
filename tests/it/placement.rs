//! Placement chess (`tests/data/variants/placement.tatsu`, Fairy-Stockfish's `placement`): a royal piece in hand
//! (`drop allowed`), drops bound to both square colours (`drop opposite-colours`) and castling rights gained by
//! drops (`castles with R after drop on e1 a1 h1`). The perft table `tests/data/perft/placement.tsv` (pyffish's
//! counts) is checked by `perft.rs`; these tests state each rule on a position worked out by hand.
use tatsu::engine::Position;
use tatsu::rules::Side;

use crate::support::variants::{self, engine, moves, play_and_unplay, sorted};

#[test]
fn a_side_with_its_king_in_hand_is_never_in_check_and_may_not_drop_it_attacked() {
    let e = engine("placement");
    // White's king is in hand and the black rook on b1 sweeps the first rank: no drop is legal, so White plays
    // its pawn, though the rook "attacks" every square its king could stand on.
    let fen = "4k3/8/8/8/8/8/P7/1r6[K] w - - 0 1";
    let pos = Position::from_fen(&e, fen).unwrap();
    assert!(!pos.in_check());
    assert_eq!(moves(&e, fen), sorted(&["a2a3", "a2a4"]));
    // With the b-pawn gone, the king still may not go where the rook attacks: a1 and c1..h1 are attacked (the
    // pawn on a2 blocks nothing on the rank), so only the queen is dropped.
    let fen = "4k3/pppppppp/8/8/8/8/P1PPPPPP/1r6[KQ] w - - 0 1";
    let all = moves(&e, fen);
    assert!(all.iter().all(|m| m.starts_with("Q@")), "{all:?}");
    assert_eq!(all.len(), 7);
}

#[test]
fn the_second_bishop_goes_on_the_other_colour_and_no_piece_takes_its_last_square() {
    let e = engine("placement");
    // The bishop on b1 stands on a light square; c1 is the only dark square left: the bishop must go there and
    // the knight may not, so the knight goes to f1.
    let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/RB1QK1NR[BN] w - - 0 1";
    assert_eq!(moves(&e, fen), sorted(&["B@c1", "N@f1"]));
    // With only a light square left, no drop is legal at all: the board moves are.
    let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/RBNQK1NR[BN] w - - 0 1";
    let all = moves(&e, fen);
    assert!(!all.iter().any(|m| m.contains('@')));
    assert_eq!(all.len(), 21);
}

#[test]
fn dropping_king_and_rook_on_their_squares_gains_the_castling_right() {
    let e = engine("placement");
    // The king dropped on e1 between rooks on a1 and h1 gains both of White's rights; Black's pieces, set up
    // without rights, gain none.
    play_and_unplay(
        &e,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1",
        "K@e1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] b KQ - 0 1",
    );
    // A rook dropped on h1 beside the king on e1 gains the king-side right only; one dropped on b1 none.
    play_and_unplay(
        &e,
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[RRq] w - - 0 1",
        "R@h1",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R[Rq] b K - 0 1",
    );
    play_and_unplay(
        &e,
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[RRq] w - - 0 1",
        "R@b1",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/1R2K3[Rq] b - - 0 1",
    );
    // Once gained, the right castles as in chess.
    let pos = variants::played(
        &e,
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R6R[K] w - - 0 1",
        "K@e1 a7a6",
    );
    assert_eq!(pos.side_to_move(), Side::White);
    let fen = pos.to_fen();
    assert!(moves(&e, &fen).contains(&"e1g1".to_string()), "{fen}");
}

#[test]
fn a_royal_piece_in_hand_needs_drop_allowed_and_stays_one_per_side() {
    let e = engine("placement");
    assert!(Position::from_fen(&e, "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1").is_err());
    assert!(Position::from_fen(&e, "8/8/8/8/8/8/8/8[KKk] w - - 0 1").is_err());
    assert!(Position::from_fen(&e, "8/8/8/8/8/8/8/8[Kk] w - - 0 1").is_ok());
}
