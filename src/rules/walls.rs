//! Walls: squares that pieces make impassable during the game. A wall belongs to nobody: no piece may enter,
//! cross, capture or be dropped on it, and it stays to the end of the game. Fairy-Stockfish's walling rules
//! (Joust, Snailtrail, Isolation, the Game of the Amazons) and its petrification on capture (Petrified) are this.
use super::{PieceId, ZoneId};

/// Where a move leaves its wall, if the game's moves leave one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallPlacement {
    /// The square the moving piece leaves becomes a wall (Joust, Snailtrail).
    Past,
    /// After moving, the mover walls any empty square, of the zone if one is given (Isolation).
    Placed(Option<ZoneId>),
    /// After moving, the piece shoots a wall onto a square it could move to from where it now stands, its own
    /// square counting as empty behind it (the Game of the Amazons' arrows).
    Shot,
    /// One wall, the duck: after moving, the mover moves it to any other empty square (the first move of the game
    /// puts it on the board).
    Duck,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walls {
    /// What every move leaves, with Fairy-Stockfish's notation `from to,to wall`; `None`: moves leave no wall.
    pub placement: Option<WallPlacement>,
    /// Per piece type (index = [`PieceId`]): does a capture by it turn it to stone, a wall on the capture square
    /// (Petrified)? Petrification is not a placement: such moves are written as usual.
    pub petrify: Vec<bool>,
}

impl Walls {
    /// Does a capture by a `piece` leave it as a wall?
    #[inline]
    pub fn petrifies(&self, piece: PieceId) -> bool {
        self.petrify.get(piece.index()).copied().unwrap_or(false)
    }
}

impl WallPlacement {
    /// The zone a placed wall must go in (`walls placed in ZONE`); `None`: any empty square.
    pub fn zone(self) -> Option<ZoneId> {
        match self {
            WallPlacement::Placed(zone) => zone,
            _ => None,
        }
    }

    /// The word of `walls` that says this placement.
    pub fn word(self) -> &'static str {
        match self {
            WallPlacement::Past => "past",
            WallPlacement::Placed(_) => "placed",
            WallPlacement::Shot => "shot",
            WallPlacement::Duck => "duck",
        }
    }
}
