//! The move-rule graph: for every piece type, side and square, the rays the piece may travel.
//!
//! A ray is a precomputed, board-clipped list of squares in [`crate::rules::Game::ray_squares`]. The executor
//! walks it; how it walks depends on the [`RayKind`]. Nothing here is allocated per generated move.

/// A slice of [`crate::rules::Game::rays`]: all rays of one (piece, side, square).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RaySlice {
    pub start: u32,
    pub len: u32,
}

impl RaySlice {
    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..(self.start + self.len) as usize
    }
}

/// How the executor walks a ray's squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RayKind {
    /// Every square is a destination in turn; the first occupied square ends the ray (a rider; a leaper is a
    /// slide of length 1; a nightrider is a slide over its touch-down squares).
    Slide,
    /// Only the last square is a destination; every earlier square must be empty (a lame leaper, `nD`).
    Lame,
    /// Slide to the first occupied square (the hurdle), jump it, then every square after it is a destination
    /// until the next occupied one, which ends the ray (`p`, the cannon's hop).
    Hop,
    /// Only the square directly behind the first occupied square is a destination (`g`, the grasshopper).
    Grasshop,
    /// A path of several legs (`a`), a lame rider, or any move that may capture a friendly piece (`d`): each
    /// square has a [`StepRole`] in [`crate::rules::Game::ray_roles`] saying what must be there; the `Dest`
    /// squares are walked like a slide. A hop on the last leg is one chain per hurdle square (`TurnHop`).
    Chain,
}

/// What a square of a [`RayKind::Chain`] ray requires, in the order the piece travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum StepRole {
    /// Passed over: must be empty.
    Pass,
    /// The end of a non-final leg that must be empty (`m`).
    TurnEmpty,
    /// The end of a non-final leg holding an enemy piece, which is captured (`c`: a locust capture).
    TurnCapture,
    /// The end of a non-final leg holding any piece, which is jumped (`p`).
    TurnHop,
    /// The end of a non-final leg, empty or holding any piece, which is jumped (`mp`: a relay square).
    TurnAny,
    /// The end of a non-final leg, empty or holding an enemy piece that is captured (`mc`).
    TurnEither,
    /// The end of a non-final leg holding a friendly, non-royal piece, which is removed (`d`: a friendly locust
    /// capture).
    TurnDestroy,
    /// The end of a non-final leg, empty or holding a friendly, non-royal piece that is removed (`md`).
    TurnEmptyOrDestroy,
    /// The end of a non-final leg holding an enemy piece (captured) or a friendly, non-royal one (removed) (`cd`).
    TurnRemove,
    /// The end of a non-final leg, empty or holding a piece that is removed as `TurnRemove` says (`mcd`).
    TurnEmptyOrRemove,
    /// A square of the final leg: a destination, as on a slide (the first occupied one ends the ray).
    Dest,
    /// The end of a non-final leg holding a friendly piece, which is jumped (`tp`, XBoard's "test").
    TurnHopFriend,
    /// The end of a non-final leg holding a friendly piece (any, royal too) that makes the rest of the move
    /// (`x` before an `a`, induction): the mover stays where it is, and the generated move is that piece's, from
    /// this square.
    TurnInduce,
}

impl StepRole {
    /// A role whose condition depends on a piece being there: moving a piece onto it can open an attack.
    pub const fn needs_piece(self) -> bool {
        matches!(
            self,
            StepRole::TurnCapture
                | StepRole::TurnHop
                | StepRole::TurnEither
                | StepRole::TurnDestroy
                | StepRole::TurnEmptyOrDestroy
                | StepRole::TurnRemove
                | StepRole::TurnEmptyOrRemove
                | StepRole::TurnHopFriend
                | StepRole::TurnInduce
        )
    }

    /// A turning square that may be empty.
    pub const fn allows_empty(self) -> bool {
        matches!(
            self,
            StepRole::TurnEmpty
                | StepRole::TurnAny
                | StepRole::TurnEither
                | StepRole::TurnEmptyOrDestroy
                | StepRole::TurnEmptyOrRemove
        )
    }

    /// A turning square whose enemy piece is captured (an attack on that square).
    pub const fn captures_enemy(self) -> bool {
        matches!(
            self,
            StepRole::TurnCapture
                | StepRole::TurnEither
                | StepRole::TurnRemove
                | StepRole::TurnEmptyOrRemove
        )
    }

    /// A turning square whose friendly (non-royal) piece is removed.
    pub const fn destroys_friend(self) -> bool {
        matches!(
            self,
            StepRole::TurnDestroy
                | StepRole::TurnEmptyOrDestroy
                | StepRole::TurnRemove
                | StepRole::TurnEmptyOrRemove
        )
    }
}

/// What a ray's destinations may be used for (bit set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct RayFlags(pub u8);

impl RayFlags {
    /// Moving to an empty destination.
    pub const MOVE: RayFlags = RayFlags(1);
    /// Capturing an enemy piece on the destination.
    pub const CAPTURE: RayFlags = RayFlags(2);
    /// Capturing en passant on the destination (the current e.p. target square).
    pub const EN_PASSANT: RayFlags = RayFlags(4);
    /// A move along this ray makes the squares passed over e.p. targets for the opponent's next move.
    pub const CREATES_EP: RayFlags = RayFlags(8);
    /// Capturing (destroying) a friendly, non-royal piece on the destination (`d`). Only on chain rays; never an
    /// attack.
    pub const DESTROY: RayFlags = RayFlags(16);
    /// `t` on the last leg ("tame"): the move never captures a royal piece, so the ray never gives check.
    /// Only [`RayKind::Chain`] rays carry it (ordinary rays stay on the fast path).
    pub const TAME: RayFlags = RayFlags(32);
    /// `u` (unload): a capture puts the captured piece on the mover's square instead of removing it
    /// (a swap). Only [`RayKind::Chain`] rays carry it.
    pub const UNLOAD: RayFlags = RayFlags(64);
    /// `x` on the last leg (borrowing): a friendly piece on a destination lends the mover its moves (that
    /// piece type's rays from the mover's square, one level deep). Only [`RayKind::Chain`] rays carry it; it
    /// never captures by itself.
    pub const BORROW: RayFlags = RayFlags(128);

    #[inline]
    pub const fn has(self, flag: RayFlags) -> bool {
        self.0 & flag.0 != 0
    }
    pub const fn union(self, other: RayFlags) -> RayFlags {
        RayFlags(self.0 | other.0)
    }
}

/// One precomputed ray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    /// Index of the first square in [`crate::rules::Game::ray_squares`].
    pub first: u32,
    pub len: u16,
    pub kind: RayKind,
    pub flags: RayFlags,
    /// Index into [`crate::rules::Game::ray_sources`]: which XBetza component and zone rule produced this ray.
    pub source: u16,
}
