//! First-move rights: `i` moves that last while the piece has not moved (`initial unmoved`), as Cambodian's king
//! and met have them. Each start square of such a piece is a right, kept by the position beside the castling
//! rights and written in the FEN's castling field with its file letter, as Fairy-Stockfish writes its gates.
use super::{PieceId, Side, Square};

/// One first-move right: the piece that starts on `square` may still make its `i` moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstMoveRight {
    pub side: Side,
    pub square: Square,
    pub piece: PieceId,
    /// The square's file letter, upper case for White.
    pub letter: char,
}

/// What `initial unmoved` says of a piece type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unmoved {
    /// Per side and square (index `side * squares + square`): how many rays at the end of the piece's ray slice
    /// there are its `i` moves, cut off once the right is gone.
    pub tail: Vec<u16>,
    /// The `i` moves may not be made while the side is in check (Cambodian's king).
    pub not_in_check: bool,
    /// The right is lost when an enemy piece of one of these types moves onto the piece's rank or file, whatever
    /// stands between (Cambodian's king and the rooks).
    pub lost_when_aligned_with: Vec<PieceId>,
}

/// At most this many castling and first-move rights in one game: the position keeps them as bits of one word.
pub const MAX_RIGHTS: usize = 32;
