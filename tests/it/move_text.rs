//! Every legal move has a text of its own (`tatsu moves`, rule tests and XBoard read moves back by their text), so
//! what two different moves would write alike is written apart or refused by the compiler. The cases live beside
//! their rules: a borrower's swaps (`exotic_moves.rs`), castling the king also reaches (`castling.rs`), a pass beside
//! a royal move back to its square (`janggi.rs`), a promotion written like a gate (`gating.rs`); en passant here.

use crate::support::variants::{compile_errors, source_with};

/// Chess with the pawn's moves written `pawn`.
fn chess_with_pawn(pawn: &str) -> String {
    source_with(
        "variants/chess.tatsu",
        "moves \"ifmnDfmWfceF\"",
        &format!("moves \"{pawn}\""),
    )
}

/// A pawn that also steps diagonally without capturing (`fmF`) and captures en passant diagonally: on e5, with
/// Black's d-pawn just past it, `e5d6` would be both the step and the capture. Refused at the e.p. component
/// (`fceF`, line 24). Chess's pawn, whose diagonal moves only capture, compiles.
#[test]
fn a_piece_that_may_move_and_capture_en_passant_onto_one_square_is_refused() {
    let errors_of = |pawn: &str| compile_errors(&chess_with_pawn(pawn));
    let refused = errors_of("ifmnDfmWfmFfceF");
    assert!(
        refused.iter().any(|e| e.contains("t.tatsu:24:21")
            && e.contains("capture en passant onto a square it may also move to")),
        "{refused:?}"
    );
    assert!(errors_of("ifmnDfmWfceF").is_empty());
    // A Berolina pawn moves diagonally and captures straight ahead, en passant too: the two never share a square.
    assert!(
        errors_of("ifmnAfmFfceW").is_empty(),
        "{:?}",
        errors_of("ifmnAfmFfceW")
    );
}
