//! Holes: squares that are not part of the board (`*` in the start position, Fairy-Stockfish's walls), on
//! `tests/data/variants/troitzky.tatsu`, `gustav3.tatsu` and `omicron.tatsu` (their perft tables, checked in
//! `perft.rs`, are pyffish's). The expected moves below are worked out by hand: a slider stops before a hole, a
//! leaper never lands on one but jumps over it.
use tatsu::engine::Position;
use tatsu::setup::Problem;
use variants::{engine, from, moves, sorted};

use crate::support::variants;

/// Troitzky's board with only the kings and queens: its corners cut away as in its start position.
const TROITZKY: &str = "****qk****/**6**/*8*/*8*/10/10/*8*/*8*/**6**/****QK**** w - - 0 1";

#[test]
fn a_slider_stops_before_a_hole_and_a_leaper_jumps_over_it() {
    // Gustav III: the rook b1 goes up the b-file to b8 and left to a1, never to a2..a7 (holes); the king f1
    // stops it on the right. The rook a8 does not reach a1: a7..a2 are holes.
    let g = engine("gustav3");
    let rook = from(
        &moves(&g, "r8k/*8*/*8*/*8*/*8*/*8*/*8*/1R3K4 w - - 0 1"),
        "b1",
    );
    let mut expected = vec!["b1a1", "b1c1", "b1d1", "b1e1"];
    let up = ["b1b2", "b1b3", "b1b4", "b1b5", "b1b6", "b1b7", "b1b8"];
    expected.extend(up);
    assert_eq!(rook, sorted(&expected));
    // Troitzky: the queen e1 cannot go left (d1 is a hole) nor right (its king); up the e-file to the queen e10
    // (9); up-left d2 c3 b4 a5 (4); up-right f2 g3 h4 i5 j6 (5).
    let e = engine("troitzky");
    let queen = from(&moves(&e, TROITZKY), "e1");
    let expected = [
        "e1e2", "e1e3", "e1e4", "e1e5", "e1e6", "e1e7", "e1e8", "e1e9", "e1e10", "e1d2", "e1c3",
        "e1b4", "e1a5", "e1f2", "e1g3", "e1h4", "e1i5", "e1j6",
    ];
    assert_eq!(queen, sorted(&expected));
    // A knight on c2 leaps over holes but never lands on one: a1 and a3 are holes, e1 holds its queen.
    let knight = from(
        &moves(
            &e,
            &TROITZKY.replace("**6**/****QK****", "**N5**/****QK****"),
        ),
        "c2",
    );
    assert_eq!(knight, sorted(&["c2b4", "c2d4", "c2e3"]));
}

#[test]
fn fens_write_holes_as_stars_and_refuse_them_elsewhere() {
    let e = engine("troitzky");
    let pos = Position::from_fen(&e, TROITZKY).unwrap();
    assert_eq!(pos.to_fen(), TROITZKY);
    // A piece on a hole (a1), and a FEN that leaves the hole a1 out (`10` on rank 1).
    let on_hole = TROITZKY.replace("****QK****", "R***QK****");
    let Err(err) = Position::from_fen(&e, &on_hole) else {
        panic!("accepted a piece on a hole");
    };
    assert!(
        matches!(&err.problems[0].problem, Problem::MissingHole(sq) if sq == "a1"),
        "{err}"
    );
    // `*` on a square of the board (e5, in the open middle).
    let star = TROITZKY.replace("/10/10/", "/10/4*5/");
    let Err(err) = Position::from_fen(&e, &star) else {
        panic!("accepted a hole the game does not have");
    };
    assert!(
        matches!(&err.problems[0].problem, Problem::NotAHole(sq) if sq == "e5"),
        "{err}"
    );
    // A game without holes refuses `*` too.
    let chess = engine("fischerandom");
    assert!(Position::from_fen(&chess, "*3k3/8/8/8/8/8/8/4K3 w - - 0 1").is_err());
}
