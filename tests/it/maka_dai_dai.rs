//! Maka Dai Dai Shogi (variants/maka-dai-dai-shogi.tatsu, docs/rules/maka-dai-dai-shogi.md): Evans' reading. The
//! start's counts come from an independent transcription of Evans' `Maka.dat` (a Python script run locally, not
//! committed: it reads each piece's eight direction codes, 1 a step, 2/3/5 a range, 64 a slide, 128 a jump to the
//! second square, 1024 the forward Knight, 2048 a hook, `L` the Lion, and moves White's pieces on the start board);
//! it agrees with tatsu move for move. The Emperor's rule has its own tests (unprotected_capture.rs).
use std::sync::Arc;
use tatsu::engine::{perft, Engine, Position};

use crate::support::variants::{from, moves};

fn maka() -> Arc<Engine> {
    tatsu::variants::bundled_engine("maka-dai-dai-shogi").expect("a bundled game")
}

#[test]
fn maka_dai_dai_start_perft_1_counted_per_piece() {
    // Per type: Pawn 17 (the f and n Pawns stand behind their Go-Betweens f7 and n7), Angry Boar 8, Dragon Horse 6,
    // Violent Ox 6, Iron General 4, Stone General 4, and 2 each for the Blind Bear, Chinese Cock, Copper General,
    // Donkey, Earth General, Evil Wolf, Ferocious Leopard, Go-Between, Old Rat, Reclining Dragon, Reverse Chariot,
    // She-Devil, Silver General (26), 1 each for the Coiled Serpent, Kylin, Left Chariot and Right Chariot (4):
    // 17 + 8 + 6 + 6 + 4 + 4 + 26 + 4 = 75. The Lion j3, the hook movers and the Emperor-to-be King j1 are walled in.
    let e = maka();
    let start = Position::start(&e).to_fen();
    let mut pos = Position::start(&e);
    assert_eq!(perft::perft(&mut pos, 1), 75);
    let all = moves(&e, &start);
    // The Kylin i3 jumps two squares sideways over the Evil Wolf h3 (its orthogonal `D`); the Donkey a4 steps
    // sideways to b4 (its forward and backward jumps land on its own pieces).
    assert_eq!(from(&all, "i3"), vec!["i3g3".to_string()]);
    assert_eq!(from(&all, "a4"), vec!["a4b4".to_string()]);
    // The She-Devil l4 reaches m3 and n2 (its diagonal range 2, backward right).
    assert_eq!(
        from(&all, "l4"),
        vec!["l4m3".to_string(), "l4n2".to_string()]
    );
    assert!(from(&all, "j3").is_empty(), "the Lion is walled in");
    // Black's camp is White's turned 180°, so Black has 75 replies too; White's first moves end on ranks 1 to 8
    // and Black's on ranks 12 to 19, so none opens, closes or takes away another's: 75 × 75.
    let mut pos = Position::start(&e);
    assert_eq!(perft::perft(&mut pos, 2), 75 * 75);
}

#[test]
fn the_maka_king_promotes_to_the_emperor_who_takes_only_unprotected_pieces() {
    let e = maka();
    let perft_1 = |fen: &str| perft::perft(&mut Position::from_fen(&e, fen).unwrap(), 1);
    // White's King j1 and a Black Pawn j2 that nothing guards (Black's King is on s19): the King steps to i1 k1 i2
    // k2, or takes j2 and turns over, compulsorily, into the Emperor (+K): 5 moves, none a plain capture.
    let fen = "18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/9p9/9K9 w - - 0 1";
    let list = moves(&e, fen);
    assert_eq!(list.len(), 5);
    assert!(list.contains(&"j1j2+".to_string()), "{list:?}");
    assert!(
        !list.contains(&"j1j2".to_string()),
        "promotion by capture is compulsory"
    );
    // The Emperor j2 against a lone King s19: the 359 empty squares and the King, whom nothing guards: 360.
    let lone = "18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/9+K9/19 w - - 0 1";
    assert_eq!(perft_1(lone), 360);
    // A Black Gold r19 beside it: King and Gold guard each other (the Gold steps sideways), so the Emperor takes
    // neither: the 358 empty squares.
    let guarded = "17gk/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/9+K9/19 w - - 0 1";
    assert_eq!(perft_1(guarded), 358);
}
