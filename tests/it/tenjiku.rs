//! Tenjiku Shogi's Fire Demon as the language writes it: `moves "BsRKmaKmamaK"` (the slides of six directions, and
//! the area move of up to three King steps through empty squares, stopping at the first capture) with
//! `burns "K" passive`. Tenjiku Shogi itself is not bundled yet (docs/rules/tenjiku-shogi.md says why); these tests
//! hold the piece to hand counts on a 7x7 board.
use tatsu::engine::{perft, Position};
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
