//! Multi-leg XBetza moves (`a`) and lame riders, compiled into chain rays and walked by the executor.
//! The variant is `tests/data/variants/multi-leg.tatsu`; every expected count is worked out by hand in the comments.
use tatsu::engine::{perft, Engine, Position};
use variants::moves;

use crate::support::variants;

fn engine() -> Engine {
    variants::engine("multi-leg")
}

#[test]
fn lion_captures_twice_returns_home_and_passes() {
    let e = engine();
    // Lion d4, black pawns d5 and c4, kings e1 and e8.
    // KNAD: 8 + 8 + 4 + 4 = 24 single moves (two of them capture d5 and c4).
    // caK over d5: d6 e6 e5 e4 c5 c6, c4 (a second capture) and d4 (capture and return): 8; over c4 likewise 8.
    // mcabK through an empty neighbour and back: the null move d4d4 (once). King e1: 5. Total 24 + 16 + 1 + 5 = 46.
    let all = moves(&e, "4k3/8/8/3p4/2pL4/8/8/4K3 w - - 0 1");
    assert_eq!(all.len(), 46, "{all:?}");
    for m in [
        "d4d5,d5c4",
        "d4d5,d5d4",
        "d4c4,c4d4",
        "d4d4",
        "d4d5",
        "d4f6",
    ] {
        assert!(all.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn locust_capture_removes_the_victim_and_unplay_restores_it() {
    let e = engine();
    let fen = "4k3/8/8/3p4/2pL4/8/8/4K3 w - - 0 1";
    let mut pos = Position::from_fen(&e, fen).unwrap();
    let mv = pos.parse_move("d4d5,d5c4").unwrap();
    pos.play(mv);
    assert_eq!(pos.to_fen(), "4k3/8/8/8/2L5/8/8/4K3 b - - 0 1");
    pos.unplay();
    assert_eq!(pos.to_fen(), fen);
}

#[test]
fn jumper_captures_only_by_jumping_an_adjacent_enemy() {
    let e = engine();
    // Jumper d4 with black pawns d5 (d6 empty) and e4 (f4 holds a white pawn): only d4d5,d5d6.
    let jumps: Vec<String> = moves(&e, "4k3/8/8/3p4/3JpP2/8/8/4K3 w - - 0 1")
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    assert_eq!(jumps, vec!["d4d5,d5d6"]);
}

#[test]
fn a_locust_capture_of_the_king_is_check() {
    let e = engine();
    // Black king d5 next to the white Jumper on d4, d6 empty: check; with a black piece on d6 too (the second leg
    // may capture): check; with d6 off limits (a black jumper cannot land on its own piece, but the white one
    // lands on a white piece): no check.
    let check = |fen: &str| Position::from_fen(&e, fen).unwrap().in_check();
    assert!(check("8/8/8/3k4/3J4/8/8/4K3 b - - 0 1"));
    assert!(check("8/8/3p4/3k4/3J4/8/8/4K3 b - - 0 1"));
    assert!(!check("8/8/3P4/3k4/3J4/8/8/4K3 b - - 0 1"));
}

#[test]
fn bent_stepper_is_the_xiangqi_horse_blocked_on_its_first_step() {
    let e = engine();
    let from_d4 = |fen: &str| {
        let mut list: Vec<String> = moves(&e, fen)
            .into_iter()
            .filter(|m| m.starts_with("d4"))
            .collect();
        list.sort();
        list
    };
    // `mafsW`: one orthogonal step to an empty square, then one step turned 45° outward (XBetza measures a later
    // leg's directions from the previous one, and a W turned 45° is an F): the eight knight squares.
    let alone = from_d4("4k3/8/8/8/3M4/8/8/4K3 w - - 0 1");
    assert_eq!(
        alone,
        vec!["d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"]
    );
    // A pawn on d5 blocks the two jumps that pass it: c6 and e6.
    let blocked = from_d4("4k3/8/8/3P4/3M4/8/8/4K3 w - - 0 1");
    assert_eq!(
        blocked,
        vec!["d4b3", "d4b5", "d4c2", "d4e2", "d4f3", "d4f5"]
    );
}

#[test]
fn lame_nightrider_is_blocked_by_the_squares_it_passes() {
    let e = engine();
    // Alone on a1: the rays (1,2) → b3 c5 d7 and (2,1) → c2 e3 g4: 6 squares.
    let alone = moves(&e, "4k3/8/8/8/8/8/8/Z3K3 w - - 0 1");
    assert_eq!(alone.iter().filter(|m| m.starts_with("a1")).count(), 6);
    // A pawn on a2 blocks the orthogonal first square of the (1,2) ray's first step (XBoard's lame knight steps
    // orthogonally first): b3 c5 d7 are gone, c2 e3 g4 remain.
    let blocked = moves(&e, "4k3/8/8/8/8/8/P7/Z3K3 w - - 0 1");
    let lame: Vec<&String> = blocked.iter().filter(|m| m.starts_with("a1")).collect();
    assert_eq!(lame, vec!["a1c2", "a1e3", "a1g4"]);
}

#[test]
fn divide_sums_to_perft_with_multi_leg_pieces() {
    let e = engine();
    let mut pos = Position::from_fen(&e, "4k3/2p5/8/3p4/2pL4/3J4/3M4/Z3K3 w - - 0 1").unwrap();
    let hash = pos.hash();
    let divided: u64 = perft::divide(&mut pos, 3).iter().map(|(_, n)| n).sum();
    assert_eq!(divided, perft::perft(&mut pos, 3));
    assert_eq!(pos.hash(), hash);
}

#[test]
fn rose_circles_on_knight_steps() {
    let e = engine();
    // `qN` from d4: the knight vectors in angular order are (2,1) (1,2) (-1,2) (-2,1) (-2,-1) (-1,-2) (1,-2) (2,-1);
    // a Rose starts on any of them and keeps turning to the next one the same way round. First steps: the 8 knight
    // squares. Second steps still on the board: counter-clockwise f5→g7, e6→d8, c6→a7, b3→a1, e2→g1, f3→h4;
    // clockwise f5→h4, e6→g7, c6→d8, b5→a7, c2→a1, f3→g1. Every third step leaves the 8x8 board.
    // Destinations: the 8 knight squares plus g7 h4 g1 a1 a7 d8 = 14.
    let rose: Vec<String> = moves(&e, "4k3/8/8/8/3X4/8/8/7K w - - 0 1")
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .map(|m| m[2..].to_string())
        .collect();
    let mut expected: Vec<String> = [
        "b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5", "g7", "h4", "g1", "a1", "a7", "d8",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    expected.sort();
    assert_eq!(rose, expected);
}

#[test]
fn lame_nightrider_keeps_its_steps_before_the_board_edge() {
    let e = engine();
    // `nNN` from d4 on an empty board: each knight step needs its orthogonal first square empty. (1,2): e6 f8 (the
    // next step's first square f9 is off the board: the ray ends, but e6 and f8 stand); (-1,2): c6 b8; (2,1): f5 h6;
    // (-2,1): b5; (1,-2): e2; (-1,-2): c2; (2,-1): f3 h2; (-2,-1): b3. 12 squares.
    let lame: Vec<String> = moves(&e, "4k3/8/8/8/3Z4/8/8/7K w - - 0 1")
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .map(|m| m[2..].to_string())
        .collect();
    let mut expected: Vec<String> = [
        "e6", "f8", "c6", "b8", "f5", "h6", "b5", "e2", "c2", "f3", "h2", "b3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    expected.sort();
    assert_eq!(lame, expected);
}

/// The rays a lion-like piece compiles to when its moves are written `copies` times on a 5x5 board.
fn rays_of_written(copies: usize) -> (usize, usize) {
    let moves = "mafsmafWcaK".repeat(copies);
    let source = format!(
        "board 5 x 5\npiece K {{ royal moves \"K\" }}\npiece L {{ moves \"{moves}\" }}\nstart \"k4/5/2L2/5/4K w - - 0 1\"\n"
    );
    let game = tatsu::compile::compile("t.tatsu", &source).unwrap().game;
    (game.rays.len(), game.ray_squares.len())
}

#[test]
fn a_move_written_twice_compiles_to_the_rays_of_one() {
    // A component that repeats an earlier one adds no move (`WW` moves as `W`), so it must add no ray either: each
    // chain ray used to be built once per copy, and a piece written as thousands of copies took seconds to compile.
    let once = rays_of_written(1);
    assert!(once.0 > 0);
    assert_eq!(rays_of_written(2), once);
    assert_eq!(rays_of_written(50), once);
}
