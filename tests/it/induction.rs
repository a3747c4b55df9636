//! XBetza `x`: induction (`xaN`: a friend a knight jump away makes a knight jump of its own; the mover stays) and
//! borrowing (`xK`: the mover moves as any friend next to it). The variant is `tests/data/variants/induction.tatsu`:
//! K king, N relay knight (`NxaN`), B borrower (`mKxK`), R rook, P pawn (`fmWfcF`, promotes to R on rank 8).
//! Every expected count is worked out by hand in the comments.
use tatsu::engine::{perft, Engine, Position};
use variants::{from, moves, play_and_unplay, sorted};

use crate::support::variants;

fn engine() -> Engine {
    variants::engine("induction")
}

#[test]
fn knight_relays_its_move_to_a_friend_a_knight_jump_away() {
    let e = engine();
    // White: relay knight d4, rook e6 (a knight jump from d4: (1,2)), king h1; Black: king h8.
    // King h1: g1 g2 h2 (3; the black king attacks only g7 g8 h7).
    // Knight d4 (its own N): b3 b5 c2 c6 e2 f3 f5, not e6 (own rook): 7.
    // Induced (`xaN`: d4 jumps onto e6, then the rook jumps on as a knight, any way but straight back to d4):
    // from e6 + (1,2) f8, (2,1) g7, (2,-1) g5, (1,-2) f4, (-1,2) d8, (-2,1) c7, (-2,-1) c5; (-1,-2) is d4: 7.
    // Rook e6: e7 e8, e5 e4 e3 e2 e1, a6 b6 c6 d6, f6 g6 h6: 14 (none is a knight jump, so none repeats).
    // Total 3 + 7 + 7 + 14 = 31.
    let fen = "7k/8/4R3/8/3N4/8/8/7K w - - 0 1";
    let all = moves(&e, fen);
    assert_eq!(all.len(), 31, "{all:?}");
    let rook = from(&all, "e6");
    for jump in ["e6f8", "e6g7", "e6g5", "e6f4", "e6d8", "e6c7", "e6c5"] {
        assert!(rook.contains(&jump.to_string()), "{jump} in {rook:?}");
    }
    // The knight itself never lands on a square it only induces.
    assert_eq!(
        from(&all, "d4"),
        sorted(&["d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4f3", "d4f5"])
    );
    let mut pos = Position::from_fen(&e, fen).unwrap();
    assert_eq!(perft::perft(&mut pos, 1), 31);
}

#[test]
fn induced_move_is_the_friends_own_move_and_unplay_restores_it() {
    let e = engine();
    // Same position: the induced jump e6f8 moves the rook from e6 to f8 (a quiet move: the half-move clock
    // goes to 1); the relay knight stays on d4. Then the rook on f8 attacks h8 along rank 8 (g8 empty).
    let fen = "7k/8/4R3/8/3N4/8/8/7K w - - 0 1";
    play_and_unplay(&e, fen, "e6f8", "5R1k/8/8/8/3N4/8/8/7K b - - 1 1");
    let mut pos = Position::from_fen(&e, fen).unwrap();
    let mv = pos.parse_move("e6f8").unwrap();
    assert_eq!(pos.piece_at(mv.from).map(|(p, _)| p), Some(mv.piece));
    pos.play(mv);
    assert!(pos.in_check(), "the rook on f8 checks h8");
}

#[test]
fn induced_pawn_promotes_by_its_own_rules() {
    let e = engine();
    // White: relay knight b5, pawn c7 (a knight jump from b5: (1,2)), king h1; Black: king a1.
    // King h1: g1 g2 h2: 3. Knight b5: a7 d6 d4 c3 a3 (c7 is its own pawn): 5.
    // Induced jumps of the pawn from c7, any way but straight back to b5: e8 e6 d5 a8 a6 (d9, b9 are off the
    // board): 5; e8 and a8 are on rank 8, where the pawn must promote to a rook: one move each (c7e8r, c7a8r).
    // Pawn c7 by itself: c8, promoting (c7c8r); b8 and d8 hold nothing to capture: 1. Total 3 + 5 + 5 + 1 = 14.
    let fen = "8/2P5/8/1N6/8/8/8/k6K w - - 0 1";
    let all = moves(&e, fen);
    assert_eq!(all.len(), 14, "{all:?}");
    assert_eq!(
        from(&all, "c7"),
        sorted(&["c7a6", "c7a8r", "c7c8r", "c7d5", "c7e6", "c7e8r"])
    );
    play_and_unplay(&e, fen, "c7e8r", "4R3/8/8/1N6/8/8/8/k6K b - - 1 1");
}

#[test]
fn identical_induced_moves_count_once() {
    let e = engine();
    // White: relay knights b1, d2, f1 (each pair b1-d2 and d2-f1 a knight jump apart), king h1; Black: king a8.
    // Own moves: king h1 g1 g2 h2 (3); knight b1 a3 c3 (d2 is a friend): 2; knight f1 e3 g3 h2: 3; knight d2
    // b3 c4 e4 f3 (b1, f1 friends): 4. That is 12.
    // Induced moves, all repeats: b1 and f1 both make d2 jump (b3 c4 e4 f3: d2's own moves, and the same from
    // either inducer), d2 makes b1 jump (a3 c3: b1's own) and f1 jump (e3 g3 h2: f1's own). Generated 12 + 4 + 4
    // + 2 + 3 = 25 times, 12 distinct moves.
    let fen = "k7/8/8/8/8/8/3N4/1N3N1K w - - 0 1";
    let all = moves(&e, fen);
    assert_eq!(all.len(), 12, "{all:?}");
    let mut unique = all.clone();
    unique.dedup();
    assert_eq!(unique.len(), 12, "no move twice: {all:?}");
    let mut pos = Position::from_fen(&e, fen).unwrap();
    assert_eq!(perft::perft(&mut pos, 1), 12);
}

#[test]
fn relay_check_is_check() {
    let e = engine();
    // White: relay knight b5, rook d6 (a knight jump from b5: (2,1)), king e1; Black: king e8, to move.
    // Neither piece attacks e8 itself (rook: file d, rank 6; knight: a7 c7 d6 d4 c3 a3), but b5 makes the rook
    // jump on from d6, any way but back to b5: e8 f7 f5 e4 c8 b7 c4. So e8 is in check.
    // King e8: d8 d7 (rook's file), f7 (relay) are attacked; e7 and f8 are not: 2 moves.
    let fen = "4k3/8/3R4/1N6/8/8/8/4K3 b - - 0 1";
    let pos = Position::from_fen(&e, fen).unwrap();
    assert!(pos.in_check());
    assert_eq!(moves(&e, fen), sorted(&["e8e7", "e8f8"]));
}

#[test]
fn induced_royal_piece_may_not_move_into_check() {
    let e = engine();
    // White: king e1, relay knight g2 (e1 is a knight jump from g2: (-2,-1)); Black: king a8, rook d8.
    // King e1 itself: d1 d2 are on the rook's file; e2 f1 f2: 3.
    // Induced king jumps from e1, any way but back to g2: f3 d3 c2 (the rest are off the board); d3 is on the
    // rook's file: 2 (e1f3, e1c2). Knight g2: e3 f4 h4 (e1 is its own king): 3. Total 3 + 2 + 3 = 8.
    let fen = "k2r4/8/8/8/8/8/6N1/4K3 w - - 0 1";
    let all = moves(&e, fen);
    assert_eq!(all.len(), 8, "{all:?}");
    assert_eq!(
        from(&all, "e1"),
        sorted(&["e1c2", "e1e2", "e1f1", "e1f2", "e1f3"])
    );
}

#[test]
fn borrower_moves_as_an_adjacent_friend() {
    let e = engine();
    // White: borrower d4 (`mKxK`), rook d5 (next to it), king a1; Black: king h8, pawn g4.
    // Borrower: its own steps c3 c4 c5 d3 e3 e4 e5 (d5 is its friend; it never captures by itself): 7.
    // Borrowed from the rook on d5: the rook's moves from d4: d3 d2 d1 (d5 blocks upward), c4 b4 a4, e4 f4 g4
    // (capturing the pawn; h4 is behind it). New besides its steps: d2 d1 b4 a4 f4 g4: 6. Borrower 13.
    // Rook d5: d6 d7 d8 (d4 blocks downward), a5 b5 c5, e5 f5 g5 h5: 10. King a1: a2 b1 b2: 3.
    // The black pawn (moving down) attacks f3 and h3, where no white king goes. Total 13 + 10 + 3 = 26.
    let fen = "7k/8/8/3R4/3B2p1/8/8/K7 w - - 0 1";
    let all = moves(&e, fen);
    assert_eq!(all.len(), 26, "{all:?}");
    assert_eq!(
        from(&all, "d4"),
        sorted(&[
            "d4a4", "d4b4", "d4c3", "d4c4", "d4c5", "d4d1", "d4d2", "d4d3", "d4e3", "d4e4", "d4e5",
            "d4f4", "d4g4"
        ])
    );
    // The borrowed capture is the borrower's own move: it lands on g4 and the pawn is gone.
    play_and_unplay(&e, fen, "d4g4", "7k/8/8/3R4/6B1/8/8/K7 b - - 0 1");
}

#[test]
fn borrowing_goes_one_level_deep() {
    let e = engine();
    // White: borrowers d4 and e4, rook f4 (next to e4, not to d4), king a1; Black: king h8.
    // Borrower d4: its steps c3 c4 c5 d3 d5 e3 e5 (e4 is a friend): 7. From e4 it borrows a borrower's moves:
    // the steps again, but not what e4 borrows from the rook (borrowed moves lend nothing): still 7.
    // Borrower e4: steps d3 d5 e3 e5 f3 f5: 6; borrowed from f4 the rook's moves from e4: e5 e6 e7 e8, e3 e2 e1
    // (d4 and f4 are friends): new e6 e7 e8 e2 e1: 11. Rook f4: f5 f6 f7 f8, f3 f2 f1, g4 h4: 9. King a1: 3.
    // Total 7 + 11 + 9 + 3 = 30.
    let fen = "7k/8/8/8/3BBR2/8/8/K7 w - - 0 1";
    let all = moves(&e, fen);
    assert_eq!(all.len(), 30, "{all:?}");
    assert_eq!(from(&all, "d4").len(), 7, "{all:?}");
}

#[test]
fn borrowed_attack_gives_check() {
    let e = engine();
    // White: borrower d4, rook e3 (next to it), king h1; Black: king d8, to move.
    // The rook on e3 attacks file e and rank 3, not d8; the borrower never captures by itself; but it moves as
    // the rook from d4: up the d-file (d5 d6 d7 empty) to d8. So d8 is in check.
    // King d8: d7 (still on the borrowed rook's file), e7 e8 (the rook's file e) are attacked; c7 c8 are not: 2.
    let fen = "3k4/8/8/8/3B4/4R3/8/7K b - - 0 1";
    let pos = Position::from_fen(&e, fen).unwrap();
    assert!(pos.in_check());
    assert_eq!(moves(&e, fen), sorted(&["d8c7", "d8c8"]));
    // Without the lender next to it, the borrower gives no check: rook on e2 instead attacks file e and rank 2.
    let away = "3k4/8/8/8/3B4/8/4R3/7K b - - 0 1";
    assert!(!Position::from_fen(&e, away).unwrap().in_check());
}
