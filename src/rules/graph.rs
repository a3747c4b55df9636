//! The move-rule graph: for every piece type, side and square, the rays the piece may travel.
//!
//! A ray is a precomputed, board-clipped list of squares in [`crate::rules::Game::ray_squares`]. The executor
//! walks it; how it walks depends on the [`RayKind`]. Nothing here is allocated per generated move.

use crate::rules::Square;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// square has a [`StepRule`] in [`crate::rules::Game::ray_rules`] saying what may be there, and every walker
    /// asks [`step`] what that means. A hop on the last leg is one chain per hurdle square.
    Chain,
}

bitflags::bitflags! {
    /// What one square of a [`RayKind::Chain`] ray allows: independent choices read once from the XBetza
    /// modifiers of its leg (may it be empty; what happens to an enemy piece there; to a friendly one; is it a
    /// destination). [`step`] is the only place that interprets them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
    pub struct StepRule: u16 {
        /// The square may be empty (`m` on a turning square; always on a passed square). On a destination: a
        /// move may end on it when it is empty.
        const EMPTY = 1;
        /// An enemy piece here is captured (`c`).
        const CAPTURE = 1 << 1;
        /// An enemy piece here is jumped (`p`).
        const HOP_ENEMY = 1 << 2;
        /// A friendly, non-royal piece here is removed (`d`).
        const DESTROY = 1 << 3;
        /// A friendly piece here is jumped (`p`; with `t` on a hopping leg, only a friendly one).
        const HOP_FRIEND = 1 << 4;
        /// The friendly piece here (royal or not) makes the rest of the move (`x` before an `a`, induction).
        const INDUCE = 1 << 5;
        /// A royal enemy piece is never captured here (`t` on the last leg makes the whole move tame).
        const SPARE_ROYAL = 1 << 6;
        /// The end of a non-final leg (a turning square), not a square passed over.
        const TURN = 1 << 7;
        /// A square of the final leg: a destination, as on a slide (the first occupied one ends the walk).
        const DEST = 1 << 8;

        /// A square passed over: it must be empty (a lame square, or a leg's square before its end).
        const PASS = Self::EMPTY.bits();
        /// A turning square that must be empty (a plain or `m` turn): where an unloaded victim may be put.
        const TURN_EMPTY = Self::EMPTY.bits() | Self::TURN.bits();
        /// A hurdle: a turning square holding any piece, which is jumped (`p`, a must-jump square of `j`).
        const HURDLE = Self::HOP_ENEMY.bits() | Self::HOP_FRIEND.bits() | Self::TURN.bits();
    }
}

impl StepRule {
    /// The rule of a destination of a final leg that may do what `flags` say.
    pub fn destination(flags: RayFlags) -> StepRule {
        let mut rule = StepRule::DEST;
        for (flag, bit) in [
            (RayFlags::MOVE, StepRule::EMPTY),
            (RayFlags::CAPTURE, StepRule::CAPTURE),
            (RayFlags::DESTROY, StepRule::DESTROY),
            (RayFlags::TAME, StepRule::SPARE_ROYAL),
        ] {
            if flags.contains(flag) {
                rule |= bit;
            }
        }
        rule
    }

    /// A square that is not a destination and whose condition depends on a piece being there: moving a piece
    /// onto it can open a line (like a hopper's hurdle).
    #[inline]
    pub const fn reads_occupant(self) -> bool {
        !self.contains(StepRule::DEST)
            && self.intersects(
                StepRule::CAPTURE
                    .union(StepRule::HOP_ENEMY)
                    .union(StepRule::HOP_FRIEND)
                    .union(StepRule::DESTROY)
                    .union(StepRule::INDUCE),
            )
    }
}

/// Who stands on a square, as a chain step sees it: nobody, a piece of the side making the move, or an enemy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    Empty,
    Friend,
    Enemy,
    /// A wall (games with walls): nobody's, never captured; a hurdle only to a leg that hops over any piece.
    Wall,
}

/// What a square of a chain does to the move walking it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepOutcome {
    /// The move can neither pass this square nor end on it: the walk ends.
    Blocked,
    /// The move goes on past this square (empty, or its piece jumped); it does not end here.
    Cross,
    /// The piece here is removed (a locust capture, or a friend destroyed) and the move goes on.
    Remove,
    /// The friendly piece here makes the rest of the move.
    Induce,
    /// An empty destination: the move may end here, and may also go on past it.
    Land,
    /// An occupied destination whose piece the move takes: the move ends here, and no further.
    Take,
}

/// The one rule of a chain square: what a square with rule `rule` holding `occupant` does to a move. `royal` is
/// asked only when it matters (a royal piece is never destroyed, nor captured where the rule spares it).
/// Every walker of chains (move generation, attack detection, borrowing, the attack tables, the designer's
/// diagrams) goes through here.
#[inline(always)]
pub fn step(rule: StepRule, occupant: Occupant, royal: impl Fn() -> bool) -> StepOutcome {
    let dest = rule.contains(StepRule::DEST);
    match occupant {
        Occupant::Empty if dest && rule.contains(StepRule::EMPTY) => StepOutcome::Land,
        Occupant::Empty if dest || rule.contains(StepRule::EMPTY) => StepOutcome::Cross,
        Occupant::Empty => StepOutcome::Blocked,
        Occupant::Friend if rule.contains(StepRule::INDUCE) => StepOutcome::Induce,
        Occupant::Friend if rule.contains(StepRule::HOP_FRIEND) => StepOutcome::Cross,
        Occupant::Friend if rule.contains(StepRule::DESTROY) && !royal() => taken(dest),
        Occupant::Enemy if rule.contains(StepRule::HOP_ENEMY) => StepOutcome::Cross,
        Occupant::Enemy
            if rule.contains(StepRule::CAPTURE)
                && !(rule.contains(StepRule::SPARE_ROYAL) && royal()) =>
        {
            taken(dest)
        }
        Occupant::Wall if rule.contains(StepRule::HOP_FRIEND | StepRule::HOP_ENEMY) => {
            StepOutcome::Cross
        }
        Occupant::Friend | Occupant::Enemy | Occupant::Wall => StepOutcome::Blocked,
    }
}

#[inline(always)]
fn taken(dest: bool) -> StepOutcome {
    if dest {
        StepOutcome::Take
    } else {
        StepOutcome::Remove
    }
}

bitflags::bitflags! {
    /// What a ray's destinations may be used for.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
    pub struct RayFlags: u8 {
        /// Moving to an empty destination.
        const MOVE = 1;
        /// Capturing an enemy piece on the destination.
        const CAPTURE = 1 << 1;
        /// Capturing en passant on the destination (the current e.p. target square).
        const EN_PASSANT = 1 << 2;
        /// A move along this ray makes the squares passed over e.p. targets for the opponent's next move.
        const CREATES_EP = 1 << 3;
        /// Capturing (destroying) a friendly, non-royal piece on the destination (`d`). Only on chain rays;
        /// never an attack.
        const DESTROY = 1 << 4;
        /// `t` on the last leg ("tame"): the move never captures a royal piece, so the ray never gives check.
        /// Only [`RayKind::Chain`] rays carry it (ordinary rays stay on the fast path).
        const TAME = 1 << 5;
        /// `u` (unload): a capture puts the captured piece on the mover's square instead of removing it
        /// (a swap). Only [`RayKind::Chain`] rays carry it.
        const UNLOAD = 1 << 6;
        /// `x` on the last leg (borrowing): a friendly piece on a destination lends the mover its moves (that
        /// piece type's rays from the mover's square, one level deep). Only [`RayKind::Chain`] rays carry it;
        /// it never captures by itself.
        const BORROW = 1 << 7;
    }
}

impl RayFlags {
    /// Does this set hold any flag of `flag`?
    #[inline(always)]
    pub const fn has(self, flag: RayFlags) -> bool {
        self.intersects(flag)
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

impl Ray {
    /// May a move along this ray (`squares` and `rules` are its own) end on `to`, on some board? A slide or hop
    /// on any of its squares, a lame leap or grasshopper on its last, a chain on a destination square. For the
    /// compiler's checks of what moves could be written alike; the executor walks rays instead.
    pub fn may_end_on(&self, squares: &[Square], rules: &[StepRule], to: Square) -> bool {
        match self.kind {
            RayKind::Slide | RayKind::Hop => squares.contains(&to),
            RayKind::Lame | RayKind::Grasshop => squares.last() == Some(&to),
            RayKind::Chain => squares
                .iter()
                .zip(rules)
                .any(|(&sq, rule)| sq == to && rule.contains(StepRule::DEST)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_turn_must_be_empty() {
        let rule = StepRule::TURN_EMPTY;
        assert_eq!(step(rule, Occupant::Empty, || false), StepOutcome::Cross);
        assert_eq!(step(rule, Occupant::Enemy, || false), StepOutcome::Blocked);
        assert_eq!(step(rule, Occupant::Friend, || false), StepOutcome::Blocked);
    }

    #[test]
    fn a_locust_turn_captures_an_enemy_and_needs_one() {
        let rule = StepRule::TURN | StepRule::CAPTURE;
        assert_eq!(step(rule, Occupant::Enemy, || false), StepOutcome::Remove);
        assert_eq!(step(rule, Occupant::Empty, || false), StepOutcome::Blocked);
        assert_eq!(step(rule, Occupant::Friend, || false), StepOutcome::Blocked);
    }

    #[test]
    fn a_royal_friend_is_never_destroyed() {
        let rule = StepRule::TURN | StepRule::DESTROY;
        assert_eq!(step(rule, Occupant::Friend, || false), StepOutcome::Remove);
        assert_eq!(step(rule, Occupant::Friend, || true), StepOutcome::Blocked);
    }

    #[test]
    fn a_hurdle_is_jumped_whoever_it_is() {
        let rule = StepRule::HURDLE;
        assert_eq!(step(rule, Occupant::Enemy, || false), StepOutcome::Cross);
        assert_eq!(step(rule, Occupant::Friend, || false), StepOutcome::Cross);
        assert_eq!(step(rule, Occupant::Empty, || false), StepOutcome::Blocked);
    }

    #[test]
    fn a_tame_hop_turn_jumps_only_a_friend() {
        let rule = StepRule::TURN | StepRule::HOP_FRIEND;
        assert_eq!(step(rule, Occupant::Friend, || false), StepOutcome::Cross);
        assert_eq!(step(rule, Occupant::Enemy, || false), StepOutcome::Blocked);
    }

    #[test]
    fn an_induction_turn_hands_the_move_to_any_friend_royal_too() {
        let rule = StepRule::TURN | StepRule::INDUCE;
        assert_eq!(step(rule, Occupant::Friend, || true), StepOutcome::Induce);
        assert_eq!(step(rule, Occupant::Enemy, || false), StepOutcome::Blocked);
    }

    #[test]
    fn a_destination_lands_when_empty_and_takes_what_its_flags_allow() {
        let rule = StepRule::destination(RayFlags::MOVE | RayFlags::CAPTURE | RayFlags::TAME);
        assert_eq!(step(rule, Occupant::Empty, || false), StepOutcome::Land);
        assert_eq!(step(rule, Occupant::Enemy, || false), StepOutcome::Take);
        assert_eq!(step(rule, Occupant::Enemy, || true), StepOutcome::Blocked);
        assert_eq!(step(rule, Occupant::Friend, || false), StepOutcome::Blocked);
        let capture_only = StepRule::destination(RayFlags::CAPTURE);
        assert_eq!(
            step(capture_only, Occupant::Empty, || false),
            StepOutcome::Cross
        );
    }
}
