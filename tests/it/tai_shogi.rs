//! Tai Shogi (variants/tai-shogi.tatsu, docs/rules/tai-shogi.md): Evans' reading, with an Emperor a side from the
//! start. The start's count comes from an independent transcription of Evans' `Tai.dat` (a Python script run
//! locally, not committed), which agrees with tatsu move for move, and is derived by hand below.
use std::sync::Arc;
use tatsu::engine::{perft, Engine, Position};

use crate::support::variants::{from, moves};

fn tai() -> Arc<Engine> {
    tatsu::variants::bundled_engine("tai-shogi").expect("a bundled game")
}

#[test]
fn tai_start_perft_1_counted_per_piece() {
    // The 23 Pawns of rank 7 that nothing blocks (the Go-Betweens h8 and r8 stand before the other two), the two
    // Go-Betweens forward, the two Donkeys d6 and v6 jumping over their Pawns to d8 and v8, and the Emperor m1 to
    // each empty square: 625 squares less 2 × 177 pieces, 271. It takes nothing: every Black piece is guarded by
    // Black's Emperor m25 (`U`), and that Emperor by the Crown Prince m24. 23 + 2 + 2 + 271 = 298.
    let e = tai();
    let mut pos = Position::start(&e);
    assert_eq!(perft::perft(&mut pos, 1), 298);
    let all = moves(&e, &Position::start(&e).to_fen());
    assert_eq!(from(&all, "m1").len(), 271);
    assert_eq!(from(&all, "d6"), vec!["d6d8".to_string()]);
    assert!(
        !all.contains(&"m1m25".to_string()),
        "the Emperor is guarded"
    );
}
