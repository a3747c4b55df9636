//! The contents of one square, packed in a `u16` so that the board is a flat array the move generator scans.
use crate::rules::{Occupant, PieceId, Side};

/// `0` is an empty square; [`Cell::WALL`] a wall; otherwise `(piece << 1 | side) + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell(pub u16);

impl Cell {
    pub const EMPTY: Cell = Cell(0);
    /// A wall (games with `walls` or `petrify`): occupied, but by nobody. No piece type has this cell's id (the
    /// compiler keeps ids below it), so code that reads a cell's piece must first rule out a wall, as it rules
    /// out an empty square; only games with walls ever have one.
    pub const WALL: Cell = Cell(u16::MAX);

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
    /// Is there a piece of `side` here? A wall reads as White's: rule walls out first where one may stand.
    #[inline]
    pub const fn is(self, side: Side) -> bool {
        self.0 != 0 && (self.0 - 1) & 1 == side as u16
    }
    #[inline(always)]
    pub const fn is_wall(self) -> bool {
        self.0 == Cell::WALL.0
    }
    /// Who stands here, as a move of `us` sees it.
    #[inline(always)]
    pub const fn occupant_for(self, us: Side) -> Occupant {
        if self.0 == 0 {
            Occupant::Empty
        } else if self.is_wall() {
            Occupant::Wall
        } else if self.is(us) {
            Occupant::Friend
        } else {
            Occupant::Enemy
        }
    }
    /// The piece here and its owner; `None` on an empty square or a wall.
    pub fn occupant(self) -> Option<(PieceId, Side)> {
        (!self.is_empty() && !self.is_wall()).then(|| (self.piece(), self.side()))
    }
}
