//! Holes: squares that are not part of the board (`*` in the start position, Fairy-Stockfish's walls). The rays
//! built for the rectangle are clipped here, once, as at the board's edge: a slide or a rider's leg stops before a
//! hole, a leap or a lame leap whose destination or passed square is a hole does not exist, a multi-leg move ends
//! where it would enter one, and a piece has no move from a hole. So the executor, the attack tables and the
//! designer's diagrams know nothing of holes, and games without them pay nothing.
use crate::compile::pieces::rays::{BuiltRay, RayBuf};
use crate::rules::{Castling, RayKind, SquareSet};

/// Does a castling stay on the board: no square it needs empty or safe, and neither destination, is a hole?
pub fn keeps_castling(c: &Castling, holes: &SquareSet) -> bool {
    let mut squares = c
        .empty
        .iter()
        .chain(&c.safe)
        .chain([&c.king_to, &c.rook_to]);
    !squares.any(|&sq| holes.contains(sq))
}

/// `built` (its rays in `buf`) with every square from the first hole on taken away (every square of a lame leap,
/// whose path must all be on the board). `holes` is `None` on a board without any.
pub fn clip(built: BuiltRay, buf: &mut RayBuf, holes: Option<&SquareSet>) -> BuiltRay {
    let Some(holes) = holes else {
        return built;
    };
    let before_hole = |squares: &[crate::rules::Square]| {
        squares
            .iter()
            .position(|&sq| holes.contains(sq))
            .unwrap_or(squares.len())
    };
    buf.retain(
        built,
        |kind, squares| {
            let keep = before_hole(squares);
            (kind != RayKind::Lame || keep == squares.len()).then_some(keep)
        },
        |squares, _| before_hole(squares),
    )
}
