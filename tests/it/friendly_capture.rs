//! XBetza `d` (capturing, i.e. destroying, a friendly piece) and hops on the last leg of a multi-leg move.
//! The variants are `tests/data/variants/friendly-capture.tatsu` (`d` where a move ends; the fast legality test
//! applies) and `tests/data/variants/final-leg-hops.tatsu` (the friendly locust `dafK` and the step-cannons, which
//! need a piece on a square of the path). Every expected count is worked out by hand in the comments.
use tatsu::engine::{perft, Engine, Position};
use variants::{engine, moves, play_and_unplay, sorted};

use crate::support::variants;

fn destroyers() -> Engine {
    engine("friendly-capture")
}

fn hoppers() -> Engine {
    engine("final-leg-hops")
}

#[test]
fn destroyer_removes_a_friendly_piece_and_unplay_restores_it() {
    let e = destroyers();
    // Destroyer d4 (`mcdK`) next to its own pawn e4; kings e1 and e8, black pawn d5.
    // Destroyer: c5 e5 c4 c3 d3 e3 (moves), d5 (captures the pawn), e4 (destroys its own pawn): 8.
    // Pawn e4 (`fmWfcF`): e5, and d5 diagonally forward-left is a capture: 2. King e1: d1 d2 e2 f1 f2: 5.
    // No square is attacked by Black (the pawn d5 attacks c4 and e4 diagonally forward, i.e. down for Black:
    // c4 and e4, which no king move reaches). Total 8 + 2 + 5 = 15.
    let fen = "4k3/8/8/3p4/3DP3/8/8/4K3[] w - - 0 1";
    let all = moves(&e, fen);
    assert_eq!(all.len(), 15, "{all:?}");
    assert!(all.contains(&"d4e4".to_string()));
    // Destroying is an ordinary move in notation; the pawn is gone and goes to no hand (drops are on: a capture
    // of the black pawn would put it in White's hand, the destroyed white pawn goes nowhere).
    play_and_unplay(&e, fen, "d4e4", "4k3/8/8/3p4/4D3/8/8/4K3[] b - - 0 1");
    play_and_unplay(&e, fen, "d4d5", "4k3/8/8/3D4/4P3/8/8/4K3[P] b - - 0 1");
}

#[test]
fn friendly_royal_is_never_destroyed() {
    let e = destroyers();
    // Destroyer e2 in front of its king e1: the neighbours of e2 are d1 e1 f1 d2 f2 d3 e3 f3, and e1 (the royal
    // king) is not a destination: 7. King e1: d1 d2 f1 f2 (e2 holds its own piece): 4. Total 11.
    let all = moves(&e, "4k3/8/8/8/8/8/4D3/4K3[] w - - 0 1");
    assert_eq!(all.len(), 11, "{all:?}");
    assert!(!all.contains(&"e2e1".to_string()));
    // The same with the Sapper (`mdK`).
    let all = moves(&e, "4k3/8/8/8/8/8/4S3/4K3[] w - - 0 1");
    assert_eq!(all.len(), 11, "{all:?}");
    // The Eater (`dafK`) next to its king and no other friend: no turning square holds a friend it may remove.
    let h = hoppers();
    let eater: Vec<String> = moves(&h, "4k3/8/8/8/8/8/4E3/4K3[] w - - 0 1")
        .into_iter()
        .filter(|m| m.starts_with("e2"))
        .collect();
    assert!(eater.is_empty(), "{eater:?}");
}

#[test]
fn destroying_is_not_check() {
    let e = destroyers();
    let check = |fen: &str| Position::from_fen(&e, fen).unwrap().in_check();
    // A black Sapper (`mdK`) next to the white king: it may destroy black pieces but never capture: no check.
    assert!(!check("4k3/8/8/8/8/8/4s3/4K3[] w - - 0 1"));
    // The king may take it or step beside it (the Sapper attacks nothing): d1 d2 e2 f1 f2 = 5.
    assert_eq!(moves(&e, "4k3/8/8/8/8/8/4s3/4K3[] w - - 0 1").len(), 5);
    // A black Destroyer (`mcdK`) there does capture: check, and the only escape is taking it (d1 d2 f1 f2 are
    // next to it): 1.
    assert!(check("4k3/8/8/8/8/8/4d3/4K3[] w - - 0 1"));
    assert_eq!(moves(&e, "4k3/8/8/8/8/8/4d3/4K3[] w - - 0 1"), vec!["e1e2"]);
}

#[test]
fn destroying_the_shield_of_a_pinned_line_keeps_it_shut() {
    let e = destroyers();
    // White king e1, pawn e4 between it and the black rook e8 (black king h8), Destroyer d3. Destroying e4 puts the Destroyer on
    // e4, so the file stays shut: legal (the fast legality test must agree).
    // Destroyer d3: c2 d2 e2 c3 e3 c4 d4 (moves) and e4 (destroys): 8. Pawn e4: e5: 1. King e1: d1 d2 e2 f1 f2
    // (e2 is shielded by the pawn; the rook reaches nothing else): 5. Total 14.
    let all = moves(&e, "4r2k/8/8/8/4P3/3D4/8/4K3[] w - - 0 1");
    assert_eq!(all.len(), 14, "{all:?}");
    assert!(all.contains(&"d3e4".to_string()));
    // The Rook (`RdW`) destroys an adjacent friend only: rook a1 with a pawn on a2 and the king on b1. The rook
    // slides nowhere up the file (a2 is its own) but may destroy a2; it cannot destroy b1 (royal) and slides
    // nowhere right (b1 holds its king): 1 rook move, a1a2.
    let rook: Vec<String> = moves(&e, "4k3/8/8/8/8/8/P7/RK6[] w - - 0 1")
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert_eq!(rook, vec!["a1a2"]);
}

#[test]
fn eater_removes_a_friend_on_its_way_written_like_a_locust_capture() {
    let e = hoppers();
    // Eater d4 (`dafK`), white pawn d5, kings a1 and h8. The only neighbour holding a friend is d5; straight on is
    // d6, empty: d4d5,d5d6. Pawn d5: d6. King a1: a2 b1 b2. Total 5.
    let fen = "7k/8/8/3P4/3E4/8/8/K7[] w - - 0 1";
    assert_eq!(
        moves(&e, fen),
        sorted(&["d4d5,d5d6", "d5d6", "a1a2", "a1b1", "a1b2"])
    );
    // The removed pawn goes to no hand.
    play_and_unplay(&e, fen, "d4d5,d5d6", "7k/8/3E4/8/8/8/8/K7[] b - - 0 1");
    // With a black rook on d6 the second leg captures it, and the rook goes to White's hand (as R).
    play_and_unplay(
        &e,
        "7k/8/3r4/3P4/3E4/8/8/K7[] w - - 0 1",
        "d4d5,d5d6",
        "7k/8/3E4/8/8/8/8/K7[R] b - - 0 1",
    );
    // With a white piece on d6 there is nowhere to land: no Eater move.
    let blocked = moves(&e, "7k/8/3R4/3P4/3E4/8/8/K7[] w - - 0 1");
    assert!(blocked.iter().all(|m| !m.starts_with("d4")), "{blocked:?}");
}

#[test]
fn destroying_a_pinned_shield_on_the_way_is_illegal() {
    let e = hoppers();
    // White king e1, pawn e4 between it and the black rook e8 (black king h8), Eater d3. The Eater's only path is d3→e4 (its
    // friend, removed) → f5, which opens the e-file: illegal. Pawn e4: e5: 1. King e1: d1 d2 e2 f1 f2: 5. Total 6.
    let pinned = moves(&e, "4r2k/8/8/8/4P3/3E4/8/4K3[] w - - 0 1");
    assert_eq!(pinned.len(), 6, "{pinned:?}");
    assert!(!pinned.contains(&"d3e4,e4f5".to_string()));
    // With the rook on h8 instead (the h-file and f8 g8 only), the same move is legal: 7.
    let free = moves(&e, "4k2r/8/8/8/4P3/3E4/8/4K3[] w - - 0 1");
    assert_eq!(free.len(), 7, "{free:?}");
    assert!(free.contains(&"d3e4,e4f5".to_string()));
}

#[test]
fn a_friendly_locust_through_its_own_piece_gives_check() {
    let e = hoppers();
    let check = |fen: &str| Position::from_fen(&e, fen).unwrap().in_check();
    // Black Eater e3, black Step-cannon e2 (which attacks nothing next to it), white king e1: e3→e2 removes the
    // cannon, then e2→e1 takes the king: check.
    assert!(check("4k3/8/8/8/8/4e3/4c3/4K3[] w - - 0 1"));
    // Without the pawn (e2 empty) or with a white piece on e2 (not a friend of the Eater): no check.
    assert!(!check("4k3/8/8/8/8/4e3/8/4K3[] w - - 0 1"));
    assert!(!check("4k3/8/8/8/8/4e3/4P3/4K3[] w - - 0 1"));
}

#[test]
fn final_leg_cannon_hop_needs_exactly_one_hurdle() {
    let e = hoppers();
    // Step-cannon d1 (`yafpW`): up, d2 is empty (the step), then d3 empty, d4 (white pawn) the hurdle, d5 a
    // destination, d6 (black pawn) a capture that ends the line; d7 behind a second piece is not. Left: c1, then b1,
    // a1 (its king) the hurdle, nothing beyond. Right: e1 f1 g1 h1, no hurdle. Down: off the board. 2 moves.
    // King a1: a2 b1 b2: 3. Pawn d4: d5: 1. Total 6.
    let fen = "4k3/8/3p4/8/3P4/8/8/K2C4[] w - - 0 1";
    assert_eq!(
        moves(&e, fen),
        sorted(&["d1d5", "d1d6", "a1a2", "a1b1", "a1b2", "d4d5"])
    );
    // The capture beyond the hurdle puts the pawn in hand; unplay restores it.
    play_and_unplay(&e, fen, "d1d6", "4k3/8/3C4/8/3P4/8/8/K7[P] b - - 0 1");
    // A piece on the step square d2 stops the upward move altogether (the first leg must end on an empty square,
    // and the hurdle must be on the last leg): the cannon has no move.
    let stepped = moves(&e, "4k3/8/3p4/8/3P4/8/3P4/K2C4[] w - - 0 1");
    assert!(stepped.iter().all(|m| !m.starts_with("d1")), "{stepped:?}");
    // Check: a black king on d6 behind exactly one hurdle (d4) is attacked; with no hurdle, or with two pieces
    // (d4 and d5) in between, or with the only piece on the step square d2, it is not.
    let check = |fen: &str| Position::from_fen(&e, fen).unwrap().in_check();
    assert!(check("8/8/3k4/8/3P4/8/8/K2C4[] b - - 0 1"));
    assert!(!check("8/8/3k4/8/8/8/8/K2C4[] b - - 0 1"));
    assert!(!check("8/8/3k4/3p4/3P4/8/8/K2C4[] b - - 0 1"));
    assert!(!check("8/8/3k4/8/8/8/3P4/K2C4[] b - - 0 1"));
}

#[test]
fn final_leg_grasshopper_lands_right_behind_the_hurdle() {
    let e = hoppers();
    // Step-grasshopper d1 (`yafgW`): up d2 (step), d3 empty, d4 the hurdle, lands on d5 only. Left: c1, b1, a1
    // (its king) the hurdle, nothing behind. King a1: 3, pawn d4: d5. Total 1 + 3 + 1 = 5.
    assert_eq!(
        moves(&e, "4k3/8/3p4/8/3P4/8/8/K2G4[] w - - 0 1"),
        sorted(&["d1d5", "a1a2", "a1b1", "a1b2", "d4d5"])
    );
    // A black pawn on d5: the landing square holds an enemy, captured; the pawn d4 (`fW`) captures it too: d1d5,
    // d4d5 and the king's 3: 5. A white pawn on d5: no landing; pawn d5 moves to d6: 3 + 1 = 4 without d1d5.
    assert_eq!(
        moves(&e, "4k3/8/8/3p4/3P4/8/8/K2G4[] w - - 0 1"),
        sorted(&["d1d5", "d4d5", "a1a2", "a1b1", "a1b2"])
    );
    assert_eq!(
        moves(&e, "4k3/8/8/3P4/3P4/8/8/K2G4[] w - - 0 1"),
        sorted(&["d5d6", "a1a2", "a1b1", "a1b2"])
    );
}

#[test]
fn griffon_cannon_turns_outward_then_hops_once() {
    let e = hoppers();
    // `yafspF` on d1: a ferz step to c2 or e2 (both empty), then 45° outward, i.e. orthogonally away: from e2
    // right along rank 2 or up the e-file, from c2 left along rank 2 or up the c-file, as a cannon. Up the e-file:
    // e3 empty, e4 (white pawn) the hurdle, e5 a destination, e6 (black pawn) captured. No other line holds a
    // hurdle. 2 moves. King a1: a2 b1 b2: 3. Pawn e4: e5: 1. Total 6.
    assert_eq!(
        moves(&e, "4k3/8/4p3/8/4P3/8/8/K2F4[] w - - 0 1"),
        sorted(&["d1e5", "d1e6", "a1a2", "a1b1", "a1b2", "e4e5"])
    );
}

#[test]
fn divide_sums_to_perft_and_hash_is_restored_with_destroyers_and_hoppers() {
    for (e, fen) in [
        (
            destroyers(),
            "rsd1k3/ppp1pp2/8/3D4/3pP3/2S5/PP3PPP/R3K1DR[] w - - 0 1",
        ),
        (
            hoppers(),
            "r1c1k3/pp1p1ppp/8/2P1p3/3EP3/8/PPC2PPP/G2K1FR1[] w - - 0 1",
        ),
    ] {
        let mut pos = Position::from_fen(&e, fen).unwrap();
        let hash = pos.hash();
        let divided: u64 = perft::divide(&mut pos, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(divided, perft::perft(&mut pos, 3));
        assert_eq!(pos.hash(), hash);
        assert_eq!(pos.to_fen(), fen);
    }
}
