//! Gating (Seirawan chess, `gating in ZONE`): a piece that leaves a square of the zone where its side still holds
//! a gating right may bring a piece from its hand onto the square it leaves; castling may gate onto the castling
//! piece's square or the partner's. A right goes when a piece leaves its square or is taken there, gating or not.
//! The position keeps the rights as bits after the castling and first-move rights, and the FEN writes them in its
//! castling field with the square's file letter, as Fairy-Stockfish writes its gates (`KQBCDFGkqbcdfg`).
use super::{Side, Square};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gating {
    /// `drops … gating-only`: the hands' pieces enter only by gating, never by a drop (Seirawan chess; S-House
    /// drops them too).
    pub only: bool,
    /// Every square where a gating right may be held: the zone's squares, one per file and side.
    pub rights: Vec<GateRight>,
}

/// A square where `side` may hold a gating right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GateRight {
    pub side: Side,
    pub square: Square,
    /// The square's file letter, upper case for White.
    pub letter: char,
}
