//! The contents of one square, packed in a `u16` so that the board is a flat array the move generator scans.
use crate::rules::{Occupant, PieceId, Side};

/// `0` is an empty square; otherwise `(piece << 1 | side) + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell(pub u16);

impl Cell {
    pub const EMPTY: Cell = Cell(0);

    #[inline]
    pub const fn new(piece: PieceId, side: Side) -> Cell {
        Cell(((piece.0 << 1) | side as u16) + 1)
    }
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The piece type; meaningless on an empty cell.
    #[inline]
    pub const fn piece(self) -> PieceId {
        PieceId((self.0 - 1) >> 1)
    }
    /// The owner; meaningless on an empty cell.
    #[inline]
    pub const fn side(self) -> Side {
        if (self.0 - 1) & 1 == 0 {
            Side::White
        } else {
            Side::Black
        }
    }
    /// Is there a piece of `side` here?
    #[inline]
    pub const fn is(self, side: Side) -> bool {
        self.0 != 0 && (self.0 - 1) & 1 == side as u16
    }
    /// Who stands here, as a move of `us` sees it.
    #[inline(always)]
    pub const fn occupant_for(self, us: Side) -> Occupant {
        if self.0 == 0 {
            Occupant::Empty
        } else if self.is(us) {
            Occupant::Friend
        } else {
            Occupant::Enemy
        }
    }
    pub fn occupant(self) -> Option<(PieceId, Side)> {
        (!self.is_empty()).then(|| (self.piece(), self.side()))
    }
}
