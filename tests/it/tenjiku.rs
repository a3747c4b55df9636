//! Tenjiku Shogi (variants/tenjiku-shogi.tatsu) held to hand counts: the start position's moves per piece
//! (docs/rules/tenjiku-shogi.md, "Hand counts", names every destination), one position per unusual piece of the
//! bundled file (Water Buffalo, Heavenly Tetrarch, Lion Hawk, Free Eagle, the soldiers) with the count derived
//! beside it, and the Fire Demon and Vice General as the language writes them (`moves "BsRKmaKmamaK"` with
//! `burns "K" passive`; `BKmaKmamaK` with `jumps-lower to-capture`) on a 7x7 board.
use std::collections::BTreeMap;
use tatsu::engine::{perft, Engine, Position};
use variants::{engine_of, moves, play_and_unplay, sorted};

use crate::support::variants;

const FIRE_DEMON: &str = r#"
board 7 x 7
orientation rotate
piece K "King"       { moves "K" }
piece F "Fire Demon" { moves "BsRKmaKmamaK" burns "K" passive }
piece P "Pawn"       { moves "fW" }
start "k6/7/7/3F3/7/7/K6 w - - 0 1"
end { extinction of K loss }
"#;

#[test]
fn the_fire_demon_reaches_every_square_within_three_king_steps_and_may_pass() {
    let e = engine_of(FIRE_DEMON);
    let mut pos = Position::start(&e);
    // The Demon d4 on an open 7x7 board: every square is within three King steps of d4, so its area move reaches
    // the 48 others but its own King's a1: 47, the Black King a7 taken among them; its slides add no square. A
    // three-step round (d4 d5 e5 d4) brings it back: the pass d4d4. 48 moves. The King a1: a2 b1 b2, 3. 51.
    assert_eq!(perft::perft(&mut pos, 1), 51);
}

#[test]
fn the_fire_demon_walks_round_its_own_pieces_and_burns_where_it_stops() {
    let e = engine_of(FIRE_DEMON);
    // White: Demon d1 behind its Pawns c2 d2 e2, King g1; Black: Pawns c4 e4, King g7.
    let fen = "6k/7/7/2p1p2/7/2PPP2/3F2K w - - 0 1";
    // Slides: both diagonals blocked by its Pawns; sideways c1 b1 a1 and e1 f1 (g1 is its King). The area move
    // starts through c1 or e1 (its only empty neighbours). Through c1: b1 b2, then from b1 a1 a2, from b2 a1 a2
    // a3 b3 c3: c1 b1 b2 a1 a2 a3 b3 c3. Through e1: f1 f2, then from f1 g2, from f2 g2 g3 f3 e3 (g1 is its
    // King): e1 f1 f2 g2 g3 f3 e3. 15 squares; no three-step round back to d1 (c1 and e1 touch d1 only through
    // the Pawns' squares), so no pass.
    let expected = [
        "d1a1", "d1a2", "d1a3", "d1b1", "d1b2", "d1b3", "d1c1", "d1c3", "d1e1", "d1e3", "d1f1",
        "d1f2", "d1f3", "d1g2", "d1g3",
    ];
    assert_eq!(variants::from(&moves(&e, fen), "d1"), sorted(&expected));
    // Round the Pawns to c3 in three steps: it burns the Pawn c4 beside it; e4 is two files away.
    play_and_unplay(&e, fen, "d1c3", "6k/7/7/4p2/2F4/2PPP2/6K b - - 0 1");
}

#[test]
fn the_vice_general_has_the_area_move_and_captures_over_lower_pieces() {
    // Tenjiku's Vice General: a Bishop General (`B` with `jumps-lower to-capture`) with the Fire Demon's area move.
    let source = r#"
board 7 x 7
orientation rotate
rank-order K > V
piece K "King"         { moves "K" }
piece V "Vice General" { moves "BKmaKmamaK" jumps-lower to-capture }
piece P "Pawn"         { moves "fW" }
start "6k/7/7/p6/7/2PPP2/3V2K w - - 0 1"
end { extinction of K loss }
"#;
    let e = engine_of(source);
    let fen = "6k/7/7/p6/7/2PPP2/3V2K w - - 0 1";
    // The area move round its Pawns c2 d2 e2 reaches the 15 squares of the Fire Demon's test above (c1 b1 b2 a1
    // a2 a3 b3 c3; e1 f1 f2 g2 g3 f3 e3). Its diagonals pass its own Pawns (lower): up-left past c2, b3 is empty
    // (no stop once past a piece, `to-capture`), a4 holds Black's Pawn: taken. Up-right past e2, f3 and g4 are
    // empty: nothing. 16 moves; a4 is four King steps away, so only the range capture reaches it.
    let expected = [
        "d1a1", "d1a2", "d1a3", "d1a4", "d1b1", "d1b2", "d1b3", "d1c1", "d1c3", "d1e1", "d1e3",
        "d1f1", "d1f2", "d1f3", "d1g2", "d1g3",
    ];
    assert_eq!(variants::from(&moves(&e, fen), "d1"), sorted(&expected));
}

fn tenjiku() -> Engine {
    Engine::new(
        tatsu::variants::load("tenjiku-shogi")
            .expect("bundled")
            .game,
    )
}

/// The number of moves from `square` in `fen` (a square name is never the start of another's: h8, d4, m8).
fn count_from(e: &Engine, fen: &str, square: &str) -> usize {
    variants::from(&moves(e, fen), square).len()
}

#[test]
fn tenjiku_start_has_74_moves_as_counted_by_hand_per_piece() {
    // docs/rules/tenjiku-shogi.md, "Hand counts": each piece's destinations named there.
    let mut want: BTreeMap<String, usize> = [
        // Rank 4: the Falcons' jump over their Pawn (d6, m6), the Eagles' forward A jumps (c6 g6, j6 n6); the
        // generals' captures over their own Pawns: Bishop Generals n12 o13 p14 and c12 b13 a14, Rook Generals
        // g12 g13 and j12 j13 (each with and without promotion), Great General h12 h13 h14 h15 h16 and p12, Vice
        // General a12.
        ("d4", 1),
        ("e4", 2),
        ("f4", 6),
        ("g4", 4),
        ("h4", 6),
        ("i4", 1),
        ("j4", 4),
        ("k4", 6),
        ("l4", 2),
        ("m4", 1),
        // Ranks 3, 2 and 1 fill the empty squares b2 (4 moves), e2 (9), l2 (8) and o2 (4).
        ("b3", 1),
        ("c3", 1),
        ("d3", 1),
        ("e3", 1),
        ("f3", 1),
        ("k3", 1),
        ("l3", 1),
        ("m3", 1),
        ("n3", 1),
        ("o3", 1),
        ("c2", 1),
        ("d2", 1),
        ("f2", 1),
        ("g2", 1),
        ("k2", 1),
        ("m2", 1),
        ("n2", 1),
        ("c1", 1),
        ("d1", 1),
        ("e1", 1),
        ("f1", 1),
        ("k1", 1),
        ("l1", 1),
        ("m1", 1),
        ("n1", 1),
        // The Dogs step forward.
        ("e6", 1),
        ("l6", 1),
    ]
    .iter()
    .map(|(sq, n)| (sq.to_string(), *n))
    .collect();
    // Fourteen Pawns step forward: those on e5 and l5 stand behind the Dogs.
    want.extend("abcdfghijkmnop".chars().map(|file| (format!("{file}5"), 1)));
    let e = tenjiku();
    let mut pos = Position::start(&e);
    assert_eq!(
        crate::support::variants::moves_per_from_square(&mut pos),
        want
    );
    assert_eq!(perft::perft(&mut pos, 1), 74);
}

#[test]
fn tenjiku_water_buffalo_slides_diagonally_and_sideways_and_goes_two_squares_vertically() {
    // `BsRvR2` on h8, a Black Pawn h9 before it. Diagonals: up-right i9 j10 k11 and l12 m13 n14 o15 p16 in the
    // camp (each with and without promotion to the Fire Demon): 3 + 10; up-left g9 f10 e11 and d12 c13 b14 a15:
    // 3 + 8; down-right i7 .. o1: 7; down-left g7 .. b2 (a1 its King): 6. Sideways a8..g8 and i8..p8: 15.
    // Forward: h9, the Pawn, taken (the line ends); back h7 h6: 3. 13 + 11 + 7 + 6 + 15 + 3 = 55.
    let fen = "16/16/16/16/16/16/16/7p8/7(Wb)8/16/16/16/16/16/16/K14k w - - 0 1";
    assert_eq!(count_from(&tenjiku(), fen, "h8"), 55);
}

#[test]
fn tenjiku_heavenly_tetrarch_never_stops_beside_its_square_but_takes_there_without_moving() {
    // `vjRjBsjR3cabK` on h8: its own Pawn h9, Black Pawns i9 g8 e8. Up: skips h9, h10 .. h16: 7. Down: skips h7,
    // h6 .. h1: 6. Up-right: skips the Pawn i9, j10 .. p16: 7. Up-left: skips g9, f10 .. a15: 6. Down-right:
    // skips i7, j6 .. o1: 6. Down-left: skips g7, f6 .. b2 (a1 its King): 5. Left: skips the Pawn g8, f8 and
    // e8 taken: 2. Right: skips i8, j8 k8: 2. Igui on the Pawns beside it, i9 and g8: 2. 43.
    let fen = "16/16/16/16/16/16/16/7Pp7/4p1p+(Cs)8/16/16/16/16/16/16/K14k w - - 0 1";
    let e = tenjiku();
    assert_eq!(count_from(&e, fen, "h8"), 43);
    let igui: Vec<String> = variants::from(&moves(&e, fen), "h8")
        .into_iter()
        .filter(|m| m.contains(','))
        .collect();
    assert_eq!(igui, sorted(&["h8g8,g8h8", "h8i9,i9h8"]));
}

#[test]
fn tenjiku_lion_hawk_is_a_lion_with_a_bishops_slides() {
    // On h8, a Black Pawn i9 beside it. The Lion: the 8 squares beside it (i9 taken) and the 16 two away: 24;
    // the Bishop's slides beyond them: up-left e11 d12 c13 b14 a15, down-right k5 l4 m3 n2 o1, down-left e5 d4
    // c3 b2 (a1 its King), up-right none (i9 ends the line): 14. Take i9 and step on to one of its other seven
    // neighbours: 7; take it without moving (igui): 1; the pass: 1. 47.
    let fen = "16/16/16/16/16/16/16/8p7/7(Lh)8/16/16/16/16/16/16/K14k w - - 0 1";
    assert_eq!(count_from(&tenjiku(), fen, "h8"), 47);
}

#[test]
fn tenjiku_free_eagle_jumps_two_and_has_the_lions_power_on_the_diagonals() {
    // On h8, a Black Pawn i9 diagonally beside it. Queen lines: up h9..h16 8, down h7..h1 7, left 7, right 8,
    // up-right i9 taken 1, up-left g9..a15 7, down-right i7..o1 7, down-left g7..b2 6: 51. The jumps two away
    // add j10 (over the Pawn); the other seven are on its lines: 52. Take i9 and step on diagonally: to j10 on
    // the line, or turning to h10 or j8: 3; igui on i9: 1; the pass: 1. 57.
    let fen = "16/16/16/16/16/16/16/8p7/7(Fe)8/16/16/16/16/16/16/K14k w - - 0 1";
    let e = tenjiku();
    assert_eq!(count_from(&e, fen, "h8"), 57);
    let doubles: Vec<String> = variants::from(&moves(&e, fen), "h8")
        .into_iter()
        .filter(|m| m.contains(','))
        .collect();
    assert_eq!(
        doubles,
        sorted(&["h8i9,i9h10", "h8i9,i9h8", "h8i9,i9j10", "h8i9,i9j8"])
    );
}

#[test]
fn tenjiku_soldiers_go_far_one_way_two_squares_another_and_step_back() {
    let fen = "16/16/16/16/16/16/16/16/12(Cs)3/16/16/16/3(Ss)3(Vs)8/16/16/K14k w - - 0 1";
    let e = tenjiku();
    // Side Soldier `sRbWfR2` on d4: left c4 b4 a4, right e4 f4 g4 (h4 its Vertical Soldier), back d3, forward d5
    // d6: 9.
    assert_eq!(count_from(&e, fen, "d4"), 9);
    // Vertical Soldier `fRbWsR2` on h4: forward h5..h11 (7) and h12..h16 in the camp, each with and without
    // promotion to the Chariot Soldier (10); back h3; sideways g4 f4 and i4 j4: 7 + 10 + 1 + 4 = 22.
    assert_eq!(count_from(&e, fen, "h4"), 22);
    // Chariot Soldier `vRBsR2` on m8: up m9 m10 m11 and m12..m16 (3 + 10), down m7..m1 (7); up-right n9 o10 p11
    // (3), up-left l9 k10 j11 and i12 h13 g14 f15 e16 (3 + 10), down-right n7 o6 p5 (3), down-left l7 k6 j5 i4
    // h3 g2 f1 (7); sideways l8 k8 and n8 o8 (4): 13 + 7 + 3 + 13 + 3 + 7 + 4 = 50.
    assert_eq!(count_from(&e, fen, "m8"), 50);
}

#[test]
fn tenjiku_water_buffalo_promoting_to_a_fire_demon_burns_on_the_promoting_move() {
    // The Buffalo h10 goes two squares forward to h12, entering the camp, beside Black Pawns g13 and i12. Promoted,
    // the Fire Demon that arrives burns both (the rules page's choice: no "newborn" Demon waiting a turn, as the
    // ZRF has); unpromoted, nothing burns.
    let e = tenjiku();
    let fen = "16/16/16/6p9/8p7/16/7(Wb)8/16/16/16/16/16/16/16/16/K14k w - - 0 1";
    let burned = "16/16/16/16/7+(Wb)8/16/16/16/16/16/16/16/16/16/16/K14k b - - 0 1";
    play_and_unplay(&e, fen, "h10h12+", burned);
    let kept = "16/16/16/6p9/7(Wb)p7/16/16/16/16/16/16/16/16/16/16/K14k b - - 1 1";
    play_and_unplay(&e, fen, "h10h12", kept);
}

#[test]
fn tenjiku_rook_general_takes_a_king_over_lower_pieces_as_the_language_reads_range_capture() {
    // The one rule where the file is known to differ from a source (rules page): the ZRF lets a jumping general
    // take a King only by a plain slide, the language takes any enemy that ends the line. Rook General h4 over its
    // Pawn h5: h6..h11 are empty (no stop past a piece), the Black King h12 ends the line and is taken, with and
    // without promotion; down h3 h2 h1, sideways a4..g4 and i4..p4: 2 + 3 + 15 = 20.
    let e = tenjiku();
    let fen = "16/16/16/16/7k8/16/16/16/16/16/16/7P8/7(Rg)8/16/16/K15 w - - 0 1";
    let list = variants::from(&moves(&e, fen), "h4");
    assert_eq!(list.len(), 20);
    assert!(list.contains(&"h4h12".to_string()) && list.contains(&"h4h12+".to_string()));
}
