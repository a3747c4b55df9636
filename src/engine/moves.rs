//! Moves as small copyable values, and the list they are generated into.
use crate::rules::{PieceId, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A board move, capturing whatever enemy piece stands on `to`.
    Normal,
    /// A move-only step along a ray that makes the squares it passes over en-passant targets (a double step).
    CreatesEp,
    /// An en-passant capture: the victim stands on `victim`, not on `to`.
    EnPassant { victim: Square },
    /// A multi-leg move that captures on `victim` on its way (a locust capture), and on `to` too if an enemy
    /// stands there.
    Locust { victim: Square },
    /// Castling number `index` of [`crate::rules::Game::castlings`]; `from`/`to` are the king's squares.
    Castle { index: u16 },
    /// A piece from hand onto the empty square `to`; `from` is meaningless.
    Drop,
    /// Declining a bonus turn (`0000`).
    Pass,
    /// A capture on `to` that does not remove the captured piece but puts it on `square` (`u`, unload:
    /// the square where the capturing leg starts: for a single-leg move `from`, so the two pieces swap; for a
    /// multi-leg move the last turning square, which was empty, written `from square,square to`).
    Unload { square: Square },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// The moving (or dropped) piece's type before any promotion.
    pub piece: PieceId,
    pub kind: MoveKind,
    /// The type it becomes on arrival, when the move promotes.
    pub promotion: Option<PieceId>,
    /// The square the move walls, in games whose moves leave walls (`walls`); written `from to,to wall`. Read
    /// it with [`Move::wall`].
    pub wall: Option<WallSquare>,
}

/// A walled square, stored one above its index so that `Option<WallSquare>` takes two bytes and a move stays
/// 16 bytes (a plain `Option<Square>` made every game's move lists an eighth larger, measured).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WallSquare(std::num::NonZeroU16);

impl MoveKind {
    /// The square of a piece captured elsewhere than on the destination (e.p. and locust captures).
    pub fn victim(self) -> Option<Square> {
        match self {
            MoveKind::EnPassant { victim } | MoveKind::Locust { victim } => Some(victim),
            _ => None,
        }
    }
}

impl Move {
    pub fn is_drop(&self) -> bool {
        matches!(self.kind, MoveKind::Drop)
    }
    /// The square this move walls, if it leaves a wall.
    #[inline]
    pub fn wall(&self) -> Option<Square> {
        self.wall.map(|w| Square(w.0.get() - 1))
    }
    /// This move, leaving a wall on `square`.
    #[inline]
    pub fn walling(self, square: Square) -> Move {
        let stored =
            std::num::NonZeroU16::new(square.0 + 1).expect("a square index is below u16::MAX");
        Move {
            wall: Some(WallSquare(stored)),
            ..self
        }
    }
}

/// Generated moves. Reused across calls so that generation allocates nothing once warm.
pub type MoveList = Vec<Move>;

/// Where generated moves go: a list, or just a count (perft's last ply needs no list).
pub(crate) trait Sink {
    fn add(&mut self, mv: Move);
}

impl Sink for MoveList {
    #[inline(always)]
    fn add(&mut self, mv: Move) {
        self.push(mv);
    }
}

/// A [`Sink`] that counts.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn add(&mut self, _: Move) {
        self.0 += 1;
    }
}
