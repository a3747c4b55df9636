//! Expansion of a parsed move into geometric paths for one player's orientation, in two phases:
//! [`crate::Betza::resolve`] checks every component and reduces it to direction slots and modes once
//! ([`Resolved`]), and [`Resolved::expand`] turns that into [`Path`]s for one orientation.
//!
//! The modules follow the phases: `directions` (the slot tables and what direction letters select),
//! `resolve` (one component's legs), `repeat` (`( … )` unrolling), `bend` (crooked and circular riders), and
//! `paths` (geometric paths from the resolved form).
//!
//! The direction rules follow XBoard 4.9 (`moves.c`, `MovesFromString`): every atom has eight direction
//! slots numbered 0..8 clockwise from "forward" (see [`ROT`]); the letters `f b l r v s h` select slots in a
//! way that depends on the atom's symmetry (orthogonal, diagonal, oblique, or the king-like `K`/`Q`), and the
//! legs after an `a` use the king-like system *relative* to the direction of the previous leg.
mod bend;
mod directions;
mod paths;
mod repeat;
mod resolve;

use crate::BetzaError;
pub(crate) use bend::Bend;
pub(crate) use directions::{base, class, direction_slots, Class, SlotSet, ROT};
pub(crate) use repeat::{resolve_all, unroll};
pub(crate) use resolve::{leg_count, move_too_large, resolve, ResolvedForm, ResolvedLeg};

/// Which way one player faces: how that player's moves relate to the first player's on the board. (A game's
/// rule for its second player, mirror or rotate, is the variant's business: it picks `MirroredRanks` or `Rotated`
/// for that player and `First` for the other.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Facing {
    /// The first player: forward is +rank, left is toward file `a`.
    First,
    /// Mirrored across the middle rank (chess): `(dx, dy) → (dx, −dy)`.
    MirroredRanks,
    /// Rotated 180° (shogi): `(dx, dy) → (−dx, −dy)`.
    Rotated,
}

impl Facing {
    /// Applies the orientation to a first-player vector.
    pub fn apply(self, (dx, dy): (i32, i32)) -> (i32, i32) {
        match self {
            Facing::First => (dx, dy),
            Facing::MirroredRanks => (dx, -dy),
            Facing::Rotated => (-dx, -dy),
        }
    }
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
    /// On a non-final leg: the turning square must hold a piece (any colour), which is jumped, not captured.
    pub const HOP: Mode = Mode(16);
    /// Lands directly behind the first occupied square (`g`, grasshopper-like).
    pub const GRASSHOP: Mode = Mode(32);
    /// `t`: on the last leg the move may not capture a royal piece ("tame", XBoard); on a hopping leg before an
    /// `a` the piece jumped must be a friendly one ("test").
    pub const TAME: Mode = Mode(64);
    /// `u` (unload): the piece this move captures is not removed but put back on the square where this leg
    /// starts (`ucR` swaps places with an enemy piece, `udR` with a friendly one).
    pub const UNLOAD: Mode = Mode(128);
    /// `x` (induction): on a leg before an `a` the turning square must hold a friendly piece, which makes the
    /// rest of the move instead of the mover; on the last leg the mover borrows the moves of the friendly piece
    /// on that square (Interactive Diagram).
    pub const INDUCE: Mode = Mode(256);

    pub const fn contains(self, other: Mode) -> bool {
        self.0 & other.0 == other.0
    }
    pub const fn union(self, other: Mode) -> Mode {
        Mode(self.0 | other.0)
    }
    /// Whether any bit of `other` is set in `self`.
    pub const fn intersects(self, other: Mode) -> bool {
        self.0 & other.0 != 0
    }
}

/// One straight-line piece of a move: a step vector repeated up to `max` times.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
    /// Squares, relative to the start of each step, that must hold a piece, which the step jumps (`j` on
    /// a leaper longer than one square: Betza's "must jump"). Empty unless `j`.
    pub jump_path: Vec<(i32, i32)>,
    /// `o`: the leg goes round a cylinder: leaving the board on the left or right comes back on the other
    /// side (ranks do not wrap). The piece's own square stops it when it comes round.
    pub wrap: bool,
}

/// One way of moving, with all its legs. A component expands into several paths (one per direction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Index of the component in [`crate::Betza::components`] that produced this path.
    pub component: usize,
    pub legs: Vec<Leg>,
    /// `i`: only allowed as the piece's initial move (what "initial" means is the variant's business).
    pub initial_only: bool,
    /// `O`n: castling in which the royal piece moves `n` squares; `legs` then holds the king's leg
    /// (`step` = (±1, 0) oriented, `max = Some(n)`, `mode = MOVE`).
    pub castling: Option<u8>,
    /// `U`, the universal leaper: the move goes to any square of the board except its own. `legs` then
    /// holds one leg with `step` (0, 0) that carries the mode; a consumer that ignores this flag sees a leg
    /// that goes nowhere.
    pub universal: bool,
}

impl crate::Betza {
    /// Checks every component and reduces it to what expansion needs (direction slots, modes, ranges, `( … )`
    /// unrolled), once for every orientation: [`Resolved::expand`] then gives the paths of one player.
    pub fn resolve(&self) -> Result<Resolved, Vec<BetzaError>> {
        let mut forms = Vec::new();
        let mut errors = Vec::new();
        for (index, comp) in self.components.iter().enumerate() {
            match repeat::resolve_all(comp) {
                Ok(rs) => forms.extend(rs.into_iter().map(|r| (index, r))),
                Err(es) => errors.extend(es),
            }
        }
        let legs = forms
            .iter()
            .fold(0u64, |n, (_, f)| n.saturating_add(resolve::leg_count(f)));
        if errors.is_empty() {
            errors.extend(resolve::move_too_large(legs, &self.components));
        }
        if errors.is_empty() {
            Ok(Resolved { forms })
        } else {
            Err(errors)
        }
    }

    /// Expands every component into paths for the given orientation: [`crate::Betza::resolve`] then
    /// [`Resolved::expand`].
    ///
    /// Components that do not validate (only possible for hand-built trees: [`crate::parse`] rejects them)
    /// produce no paths; use [`crate::Betza::validate`] to find out why.
    pub fn expand(&self, orientation: Facing) -> Vec<Path> {
        let forms = self
            .components
            .iter()
            .enumerate()
            .filter_map(|(index, comp)| Some((index, repeat::resolve_all(comp).ok()?)))
            .flat_map(|(index, rs)| rs.into_iter().map(move |r| (index, r)))
            .collect();
        Resolved { forms }.expand(orientation)
    }

    /// Checks a (possibly hand-built) tree with the same rules as [`crate::parse`].
    pub fn validate(&self) -> Result<(), Vec<BetzaError>> {
        self.resolve().map(|_| ())
    }
}

/// A whole move checked and reduced for expansion: per component, one form per `( … )` repetition count, each
/// with its legs' direction slots (relative to the player), modes and ranges. Independent of the orientation.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The component index of each form, and the form.
    forms: Vec<(usize, ResolvedForm)>,
}

impl Resolved {
    /// The paths of every component for one player's orientation.
    pub fn expand(&self, orientation: Facing) -> Vec<Path> {
        let mut out = Vec::new();
        for (index, form) in &self.forms {
            paths::expand_form(*index, form, orientation, &mut out);
        }
        out
    }

    /// How many paths [`Resolved::expand`] gives (the same for every orientation).
    pub fn path_count(&self) -> u64 {
        self.forms
            .iter()
            .fold(0u64, |n, (_, f)| n.saturating_add(resolve::path_count(f)))
    }
}
