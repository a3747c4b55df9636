//! The counting rules of the makruk family: a side that cannot win by force is given a number of moves in which
//! its opponent must mate, or the game is drawn. The count is kept by the position (`engine::rules::counting`); this is
//! what the variant file says about it.
use super::PieceId;

/// How long a count lasts, and when one runs. A count is run for one side (the side being counted, which hopes
/// to draw) against the other, which must mate in time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counting {
    /// No count starts while a piece of one of these types stands on the board, either side's (makruk's pawns).
    pub suspended_by: Vec<PieceId>,
    /// No pieces' honour count starts while a piece of one of these types stands on the board (Cambodian's pawns,
    /// which leave the board's honour alone).
    pub pieces_honour_suspended_by: Vec<PieceId>,
    /// Board's honour: the moves a side that still has more than its king is given, when the opponent is not bare
    /// (makruk: 64). `None`: no count for such a side (ASEAN).
    pub board_honour: Option<u16>,
    /// The board's honour runs only for a side with at most this many pieces, its king included (Cambodian: 3).
    pub board_honour_max_pieces: Option<u16>,
    /// Pieces' honour: a side down to its king is given the moves of the first row the opponent's force matches.
    pub pieces_honour: Vec<HonourRow>,
    /// Pieces' honour counts from the number of pieces on the board (makruk: a bare king against K+R+R starts at
    /// 4 and draws after move 8), not from zero (ASEAN). With it, a bare king that takes the last suspending
    /// piece starts its own count with that capture.
    pub from_piece_count: bool,
}

/// One row of the pieces' honour table: the opponent has at least `at_least` pieces of type `piece` (any force at
/// all when `piece` is `None`, the `else` row), and the count lasts `moves` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HonourRow {
    pub at_least: u16,
    pub piece: Option<PieceId>,
    pub moves: u16,
}

/// The longest count a file may give, in moves: Fairy-Stockfish writes the limit in plies, and tatsu keeps plies in
/// 16 bits.
pub const MAX_COUNT_MOVES: u16 = 999;

impl Counting {
    /// The longest count the rule gives, in moves.
    pub fn longest(&self) -> u16 {
        self.pieces_honour
            .iter()
            .map(|row| row.moves)
            .chain(self.board_honour)
            .max()
            .unwrap_or(0)
    }
}
