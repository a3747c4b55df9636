//! Expansion of a parsed move into geometric paths for one player's orientation.

/// How a player's moves relate to the first player's on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// The first player: forward is +rank, left is toward file `a`.
    First,
    /// Mirrored across the middle rank (chess): `(dx, dy) → (dx, −dy)`.
    MirroredRanks,
    /// Rotated 180° (shogi): `(dx, dy) → (−dx, −dy)`.
    Rotated,
}

/// What a leg may do on the square where it ends (bit set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Mode(pub u16);

impl Mode {
    /// May end on an empty square (`m`).
    pub const MOVE: Mode = Mode(1);
    /// May end on an enemy piece, capturing it (`c`).
    pub const CAPTURE: Mode = Mode(2);
    /// May end on a friendly piece, destroying it (`d`).
    pub const DESTROY: Mode = Mode(4);
    /// May capture en passant (`e`).
    pub const EN_PASSANT: Mode = Mode(8);
    /// Passes over exactly one occupied square before this destination (`p`, cannon-like).
    pub const HOP: Mode = Mode(16);
    /// Lands directly behind the first occupied square (`g`, grasshopper-like).
    pub const GRASSHOP: Mode = Mode(32);

    pub const fn contains(self, other: Mode) -> bool {
        self.0 & other.0 == other.0
    }
    pub const fn union(self, other: Mode) -> Mode {
        Mode(self.0 | other.0)
    }
}

/// One straight-line piece of a move: a step vector repeated up to `max` times.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// Board vector of one step, in files (`dx`) and ranks (`dy`), already oriented for the player.
    pub step: (i32, i32),
    /// How many steps at most: `Some(1)` for a leaper, `None` for an unlimited rider.
    pub max: Option<u32>,
    /// What the leg may do where it ends (for a non-final leg: what must be on the turning square).
    pub mode: Mode,
    /// Squares, relative to the start of each step, that must be empty for the step (`n`: lame leapers).
    /// Empty for a jumping step.
    pub lame_path: Vec<(i32, i32)>,
}

/// One way of moving, with all its legs. A component expands into several paths (one per direction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Index of the component in [`crate::Betza::components`] that produced this path.
    pub component: usize,
    pub legs: Vec<Leg>,
    /// `i`: only allowed as the piece's initial move (what "initial" means is the variant's business).
    pub initial_only: bool,
    /// `O`n: castling in which the royal piece moves `n` squares; `legs` then holds the king's leg.
    pub castling: Option<u8>,
}

impl crate::Betza {
    /// Expands every component into paths for the given orientation.
    pub fn expand(&self, orientation: Orientation) -> Vec<Path> {
        let _ = orientation;
        unimplemented!("owned by the betza helper")
    }
}
