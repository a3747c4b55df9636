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
    /// What else the move leaves on the board: a wall (`walls`) or a piece gated in from hand (`gating`). Read it
    /// with [`Move::wall`] and [`Move::gate`].
    pub extra: Option<Extra>,
}

/// What a move leaves on the board besides its own piece, in two bytes so that a move stays 16 bytes (a plain
/// `Option<Square>` made every game's move lists an eighth larger, measured). The top bit tells a gate from a
/// wall: a wall stores its square plus one; a gate the gated type plus one (piece types number at most
/// [`crate::rules::MAX_PIECE_TYPES`]) and, in bit 14, whether it goes on a castling partner's square rather than
/// the mover's. A game has walls or gating, never both (the compiler refuses it), so one slot serves both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Extra(std::num::NonZeroU16);

const GATE: u16 = 1 << 15;
const ON_PARTNER: u16 = 1 << 14;

/// A piece gated in from hand by a move: its type, and the square it enters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gate {
    pub piece: PieceId,
    /// It enters on the castling partner's start square (the move is a castling); otherwise on the square the
    /// moving piece (the castling piece, when castling) leaves.
    pub on_partner: bool,
}

impl Gate {
    /// The square this gate fills when `mv` is made in `game`.
    pub fn square(self, game: &crate::rules::Game, mv: &Move) -> Square {
        match mv.kind {
            MoveKind::Castle { index } if self.on_partner => {
                game.castlings[index as usize].rook_from
            }
            _ => mv.from,
        }
    }
}

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
    /// The pass that names no piece (`0000`): declining a bonus turn, and the search's null move.
    pub const NULL: Move = Move::pass(Square(0), PieceId(0));

    /// A pass, written with the square and type of the piece it names (the royal piece under `pass allowed`).
    #[inline]
    pub const fn pass(on: Square, piece: PieceId) -> Move {
        Move::board(on, on, piece, MoveKind::Pass)
    }

    /// A move of `piece` from `from` to `to` of this kind, without promotion and leaving nothing else.
    #[inline(always)]
    pub const fn board(from: Square, to: Square, piece: PieceId, kind: MoveKind) -> Move {
        Move {
            from,
            to,
            piece,
            kind,
            promotion: None,
            extra: None,
        }
    }

    pub fn is_drop(&self) -> bool {
        matches!(self.kind, MoveKind::Drop)
    }
    /// The square this move walls, if it leaves a wall.
    #[inline]
    pub fn wall(&self) -> Option<Square> {
        let stored = self.extra?.0.get();
        (stored & GATE == 0).then(|| Square(stored - 1))
    }
    /// The piece this move gates in from hand, if any.
    #[inline]
    pub fn gate(&self) -> Option<Gate> {
        let stored = self.extra?.0.get();
        (stored & GATE != 0).then(|| Gate {
            piece: PieceId((stored & !(GATE | ON_PARTNER)) - 1),
            on_partner: stored & ON_PARTNER != 0,
        })
    }
    /// This move, leaving a wall on `square`.
    #[inline]
    pub fn walling(self, square: Square) -> Move {
        debug_assert!(square.0 < GATE - 1, "squares number far fewer");
        Move {
            extra: std::num::NonZeroU16::new(square.0 + 1).map(Extra),
            ..self
        }
    }
    /// This move, gating in `gate`.
    #[inline]
    pub fn gating(self, gate: Gate) -> Move {
        debug_assert!(
            gate.piece.0 < ON_PARTNER - 1,
            "piece types number far fewer"
        );
        let partner = if gate.on_partner { ON_PARTNER } else { 0 };
        Move {
            extra: std::num::NonZeroU16::new(GATE | partner | (gate.piece.0 + 1)).map(Extra),
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

// The hot path's lists are sized for it: gating and walls share `Extra` to keep it so.
const _: () = assert!(std::mem::size_of::<Move>() == 16);
