//! What a FEN says, before it is a position: [`Setup`] is the unvalidated contents of one FEN (board, hands, side to
//! move, castling letters, e.p. square, clocks, the `bonus` token), every part with its byte span in the text.
//!
//! The pipeline sits between the compiled rules and the executor: [`Setup::read`] is the one FEN reader (it needs
//! only the board's shape and a way to look piece ids up, so the compiler uses it on a variant's `start` before any
//! [`crate::rules::Game`] exists); [`validate`] checks a setup against a game's rules without an executor (the
//! compiler reports its problems as located diagnostics); `engine::Position::from_setup` adds the one check that
//! needs the executor (the side not to move is in check) and builds the position. [`Setup::write`] is the one FEN
//! writer.
//!
//! # Piece text
//! A piece is written as its id, upper case for White and lower case for Black. An id of one letter is written
//! bare (`N`, `n`, `+P`); a longer id (`N2`, `Na`, `+Ky`) is put in parentheses after its `+`: `(N2)`, `(na)`,
//! `+(Ky)`. Without them `N2k4` and `Na` would be ambiguous (a White `N2` or an `N` and two empty squares; a White
//! `Na` or a White `N` beside a Black `A`). The parentheses follow H. G. Muller's proposal for multi-letter piece
//! ids in FEN (Game Courier uses braces the same way). Move text needs no parentheses: a drop's piece ends at `@`,
//! a promotion suffix at the end of the move (`a7a8n2`, `N2@e4`).
mod castling;
mod error;
mod read;
mod validate;
mod write;

pub use error::{FenError, FenProblem, Problem};
pub use validate::{validate, Derived};
pub use write::{piece_text, symbol_for};

use crate::diag::Span;
use crate::rules::{PieceId, Side, Square};

/// A position as a FEN describes it: read, ids resolved, not yet checked against the rules of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The pieces on the board, in the order they are written (top rank first, each from the a-file).
    pub board: Vec<Placed>,
    /// The squares written `*`: holes, squares that are not part of the board (Fairy-Stockfish's walls), each
    /// checked against the game's holes by [`validate`]; in a game with walls, the others are walls.
    pub holes: Vec<(Square, Span)>,
    /// Where the board is written.
    pub board_span: Span,
    /// The pieces in hand, one entry per token (`2P` is one entry of count 2; the same piece may come back).
    pub hands: Vec<Held>,
    /// The holdings between `[` and `]`, when the FEN has them.
    pub hands_span: Option<Span>,
    pub side: Side,
    /// Where the side to move is written; `None` when the FEN leaves it out (White moves).
    pub side_span: Option<Span>,
    /// The castling letters as written, each checked against the game's rights by [`validate`].
    pub castling: Vec<(char, Span)>,
    /// The e.p. target square.
    pub ep: Option<(Square, Span)>,
    /// The piece that passed over the target, when the FEN names it: Fairy-Stockfish writes `e3f4` (target and
    /// piece, in board order) where the piece that passed is not straight ahead of the target (Berolina's
    /// diagonal double step). `None`: found from the target alone (see `validate`).
    pub ep_victim: Option<Square>,
    /// The checks White and Black have still to give, in games with a check limit: Fairy-Stockfish's `3+3` field
    /// after the e.p. square.
    pub checks_left: Option<([u32; 2], Span)>,
    /// A running count's limit in plies, in games with counting rules: Fairy-Stockfish writes it in the e.p.
    /// field's place (`8/8/8/4k3/8/8/8/R3K3 w - 32 5 40`), and the halfmove field then holds the count's plies.
    pub counting_limit: Option<(u32, Span)>,
    pub halfmove: u32,
    pub fullmove: u32,
    /// The `bonus` token: the side to move is playing the second part of a bonus turn.
    pub bonus: Option<Span>,
}

/// One piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub square: Square,
    pub piece: PieceId,
    pub side: Side,
    pub span: Span,
}

/// `count` pieces of one type in one side's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    pub side: Side,
    pub piece: PieceId,
    pub count: u32,
    pub span: Span,
}

/// At most this many pieces in one position, on the board and in both hands together: a hand count is a `u16`, and
/// no capture can then overflow it.
pub const MAX_PIECES: u32 = u16::MAX as u32;

impl Setup {
    /// An empty board, White to move, no rights, clocks `0 1`.
    pub fn empty() -> Setup {
        Setup {
            board: Vec::new(),
            holes: Vec::new(),
            board_span: Span::new(0, 0),
            hands: Vec::new(),
            hands_span: None,
            side: Side::White,
            side_span: None,
            castling: Vec::new(),
            ep: None,
            ep_victim: None,
            halfmove: 0,
            fullmove: 1,
            checks_left: None,
            counting_limit: None,
            bonus: None,
        }
    }

    /// The squares where `side` has a piece of type `piece`.
    pub fn squares_of(&self, piece: PieceId, side: Side) -> impl Iterator<Item = Square> + '_ {
        self.board
            .iter()
            .filter(move |p| p.side == side && p.piece == piece)
            .map(|p| p.square)
    }
}
