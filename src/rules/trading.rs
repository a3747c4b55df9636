//! Rules against trading pieces of a set (Chu Shogi's Lions): a protected one may not be taken from afar, and
//! one taken by an outsider may not be answered by an outsider taking one back.

use super::PieceId;

/// `no-capture-of-protected ID… from-afar [bridge-not ID…]`: a piece of the set may not take an enemy piece of
/// the set that stands on a square not adjacent to the mover's start when, after the move, the opponent attacks
/// that square, unless the same move also takes a piece of a type outside `bridge_not` (the "bridge").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtectedCapture {
    /// Per piece type (index = [`PieceId`]): is it in the set?
    pub set: Vec<bool>,
    /// Per piece type: does taking it alongside leave the rule in force (a pawn or go-between as the bridge)?
    pub bridge_not: Vec<bool>,
}

/// `no-counter-strike ID…`: after a piece outside the set takes a piece of the set, the very next move may not
/// take a piece of the set with a piece outside it. The position carries whether the last move was such a
/// capture ([`crate::engine::Position`]'s `struck`), written in the FEN's e.p. field as the square where it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterStrike {
    /// Per piece type (index = [`PieceId`]): is it in the set?
    pub set: Vec<bool>,
}

impl ProtectedCapture {
    #[inline]
    pub fn has(&self, piece: PieceId) -> bool {
        self.set.get(piece.index()).copied().unwrap_or(false)
    }
}

impl CounterStrike {
    #[inline]
    pub fn has(&self, piece: PieceId) -> bool {
        self.set.get(piece.index()).copied().unwrap_or(false)
    }
}
