//! Direction slots and what direction letters select (XBoard 4.9, `moves.c`, `MovesFromString`): every atom has
//! eight direction slots numbered 0..8 clockwise from "forward" (see [`ROT`]); the letters `f b l r v s h` select
//! slots in a way that depends on the atom's symmetry (orthogonal, diagonal, oblique, or the king-like `K`/`Q`),
//! and the legs after an `a` use the king-like system *relative* to the direction of the previous leg.
use crate::{Atom, BetzaError, Direction, ErrorKind, Span};

/// A set of an atom's eight direction slots (bit `d` = slot `d`: 0 = forward, then clockwise).
///
/// Slots are indices with arithmetic (a later leg's slots are turned by the previous leg's slot, see
/// [`SlotSet::turned`]), so this is a small set type of its own rather than a set of named flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct SlotSet(u8);

impl SlotSet {
    pub const NONE: SlotSet = SlotSet(0);
    pub const ALL: SlotSet = SlotSet(0xFF);
    /// Slots 0, 2, 4, 6: the orthogonal directions of `W`/`K`, the right-handed jumps (`hr`) of an oblique atom.
    pub const EVEN: SlotSet = SlotSet(0x55);
    /// Slots 1, 3, 5, 7: the diagonal directions of `F`, the left-handed jumps (`hl`) of an oblique atom.
    pub const ODD: SlotSet = SlotSet(0xAA);
    /// Slot 2, right (on a later leg: a 90° turn right).
    pub const RIGHT: SlotSet = SlotSet(0x04);
    /// Slot 6, left.
    pub const LEFT: SlotSet = SlotSet(0x40);
    /// Slots 0 and 4, forward and back: a later leg that goes straight on or straight back does not bend.
    pub const VERTICAL: SlotSet = SlotSet(0x11);
    /// Left and right (castling's default).
    pub const SIDEWAYS: SlotSet = SlotSet(0x44);
    /// Slot 0: straight on (on a later leg).
    pub const FORWARD: SlotSet = SlotSet(0x01);
    /// Slots 1 and 7: the two 45° turns of a later leg.
    pub const FORWARD_DIAGONALS: SlotSet = SlotSet(0x82);
    /// Every slot but straight back: the default of a later leg on an 8-way atom.
    pub const ALL_BUT_BACK: SlotSet = SlotSet(0xEF);
    /// Straight on and the two 90° turns: the default of a later leg on a 4-way atom.
    pub const ON_OR_SQUARE_TURN: SlotSet = SlotSet(0x45);

    pub const fn contains(self, slot: usize) -> bool {
        self.0 & (1 << (slot & 7)) != 0
    }
    pub const fn union(self, other: SlotSet) -> SlotSet {
        SlotSet(self.0 | other.0)
    }
    pub const fn intersection(self, other: SlotSet) -> SlotSet {
        SlotSet(self.0 & other.0)
    }
    pub const fn difference(self, other: SlotSet) -> SlotSet {
        SlotSet(self.0 & !other.0)
    }
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// The slots relative to a direction `by` turned into absolute slots (slot 0 becomes `by`).
    pub const fn turned(self, by: usize) -> SlotSet {
        SlotSet(self.0.rotate_left((by & 7) as u32))
    }
    /// The slots in the set, in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..8).filter(move |&d| self.contains(d))
    }
}

impl std::ops::BitOr for SlotSet {
    type Output = SlotSet;
    fn bitor(self, other: SlotSet) -> SlotSet {
        self.union(other)
    }
}

impl std::ops::BitAnd for SlotSet {
    type Output = SlotSet;
    fn bitand(self, other: SlotSet) -> SlotSet {
        self.intersection(other)
    }
}

impl std::ops::BitOrAssign for SlotSet {
    fn bitor_assign(&mut self, other: SlotSet) {
        *self = self.union(other);
    }
}

/// Rotation/reflection matrices `[a, b, c, d]` mapping an atom's base vector `(x, y)` to
/// `(a·x + b·y, c·x + d·y)` for each of the eight direction slots (XBoard's numbering).
/// With base `(0, 1)`: 0 = forward, 2 = right, 4 = back, 6 = left; with base `(1, 1)`: 1 = forward-right,
/// 3 = back-right, 5 = back-left, 7 = forward-left; with the knight's base `(1, 2)`: 0 = (1,2), 1 = (2,1),
/// 2 = (2,−1), 3 = (1,−2), 4 = (−1,−2), 5 = (−2,−1), 6 = (−2,1), 7 = (−1,2).
pub(crate) const ROT: [[i32; 4]; 8] = [
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [0, 1, -1, 0],
    [1, 0, 0, -1],
    [-1, 0, 0, -1],
    [0, -1, -1, 0],
    [0, -1, 1, 0],
    [-1, 0, 0, 1],
];

pub(crate) fn rot(d: usize, (x, y): (i32, i32)) -> (i32, i32) {
    let r = ROT[d & 7];
    (r[0] * x + r[1] * y, r[2] * x + r[3] * y)
}

/// The symmetry class of an atom, which decides how direction letters are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// `W D H R`: four orthogonal directions, letters combine by union.
    Orth,
    /// `F A G B`: four diagonal directions, a single letter picks a pair.
    Diag,
    /// `N C L Z J`: eight oblique directions.
    Oblique,
    /// `K Q`: eight directions, orthogonal and diagonal.
    King,
    /// `O`n.
    Castle,
    /// `U`.
    Universal,
}

pub(crate) fn class(atom: Atom) -> Class {
    match atom {
        Atom::W | Atom::D | Atom::H | Atom::R => Class::Orth,
        Atom::F | Atom::A | Atom::G | Atom::B => Class::Diag,
        Atom::N | Atom::C | Atom::L | Atom::Z | Atom::J => Class::Oblique,
        Atom::K | Atom::Q => Class::King,
        Atom::O(_) => Class::Castle,
        Atom::U => Class::Universal,
    }
}

/// Base vector `(files, ranks)` of an atom's slot 0. Camel `C` = `L` = (1,3), zebra `Z` = `J` = (2,3),
/// as on the XBetza reference page ("C = L, Z = J").
pub(crate) fn base(atom: Atom) -> (i32, i32) {
    match atom {
        Atom::W | Atom::R | Atom::K | Atom::Q => (0, 1),
        Atom::F | Atom::B => (1, 1),
        Atom::D => (0, 2),
        Atom::A => (2, 2),
        Atom::H => (0, 3),
        Atom::G => (3, 3),
        Atom::N => (1, 2),
        Atom::C | Atom::L => (1, 3),
        Atom::Z | Atom::J => (2, 3),
        Atom::O(_) | Atom::U => (0, 1),
    }
}

/// Step length of an atom in the king-like system of continuation legs.
pub(crate) fn length(atom: Atom) -> i32 {
    let (x, y) = base(atom);
    x.max(y)
}

/// The board vector of direction slot `d` of an atom (king-like atoms alternate orthogonal and diagonal).
pub(crate) fn slot_step(atom: Atom, d: usize) -> (i32, i32) {
    match class(atom) {
        Class::King => rot(d, if d % 2 == 0 { (0, 1) } else { (1, 1) }),
        _ => rot(d, base(atom)),
    }
}

/// Which axes a letter names (XBoard's `dirType`): 1 = vertical (`f b`), 2 = horizontal (`l r`), 4 = half
/// (`h`); `v` = 4|1, `s` = 4|2. Two letters are perpendicular when together they name both axes.
fn letter_axes(d: Direction) -> u8 {
    match d {
        Direction::F | Direction::B => 1,
        // `z`/`q` are replaced by `l`/`r` before slots are computed (see `leg_slots`).
        Direction::L | Direction::R | Direction::Z | Direction::Q => 2,
        Direction::H => 4,
        Direction::V => 5,
        Direction::S => 6,
    }
}

/// XBoard's `dirs1`: every slot on that side of the atom (`f` on `N`: the four forward jumps).
fn side_slots(d: Direction) -> SlotSet {
    SlotSet(match d {
        Direction::F => 0xC3,
        Direction::B => 0x3C,
        Direction::L => 0xF0,
        Direction::R => 0x0F,
        _ => 0,
    })
}

/// XBoard's `dirs2`: the slots most in that direction (`f` on `N`: the two narrow forward jumps).
fn narrow_slots(d: Direction) -> SlotSet {
    SlotSet(match d {
        Direction::F => 0x81,
        Direction::B => 0x18,
        Direction::L => 0x60,
        Direction::R => 0x06,
        Direction::S => 0x66,
        Direction::V => 0x99,
        Direction::H => 0xFF,
        Direction::Z | Direction::Q => 0,
    })
}

/// XBoard's `dirs3`, king-like: the straight slot and its two diagonal neighbours (`fh` on `K`).
fn king_half_slots(d: Direction) -> SlotSet {
    SlotSet(match d {
        Direction::F => 0x83,
        Direction::B => 0x38,
        Direction::L => 0xE0,
        Direction::R => 0x0E,
        Direction::S => 0xEE,
        Direction::V => 0xBB,
        Direction::H => 0xFF,
        Direction::Z | Direction::Q => 0,
    })
}

/// XBoard's `dirs4`, king-like: the straight slot alone (`f` on `K`).
fn king_straight_slots(d: Direction) -> SlotSet {
    SlotSet(match d {
        Direction::F => 0x01,
        Direction::B => 0x10,
        Direction::L => 0x40,
        Direction::R => 0x04,
        Direction::S => 0x44,
        Direction::V => 0x11,
        Direction::H => 0xFF,
        Direction::Z | Direction::Q => 0,
    })
}

fn perpendicular(a: Direction, b: Direction) -> bool {
    (letter_axes(a) | letter_axes(b)) & 3 == 3
}

fn is_fblr(d: Direction) -> bool {
    matches!(d, Direction::F | Direction::B | Direction::L | Direction::R)
}

pub(crate) fn join(a: &Span, b: &Span) -> Span {
    a.start.min(b.start)..a.end.max(b.end)
}

fn class_name(atom: Atom) -> &'static str {
    match class(atom) {
        Class::Orth => "an orthogonal atom (four directions: forward, backward, left, right)",
        Class::Diag => "a diagonal atom (four directions: fl, fr, bl, br)",
        Class::Oblique => "an oblique atom (eight directions)",
        Class::King => "a king-like atom",
        Class::Castle => "castling (the king moves left or right)",
        Class::Universal => "the universal leaper",
    }
}

fn meaningless(span: Span, text: &str, atom: Atom, help: &str) -> BetzaError {
    BetzaError::new(
        ErrorKind::MeaninglessDirection,
        span,
        format!(
            "`{text}` means no direction on `{}`, {}",
            atom.letter(),
            class_name(atom)
        ),
    )
    .help(help.to_string())
}

fn text_of(dirs: &[(Direction, Span)]) -> String {
    dirs.iter().map(|(d, _)| d.letter()).collect()
}

/// The set of direction slots selected by one leg's direction letters, or `None` when there are none
/// (the caller applies the default). `continuation` legs use the king-like system relative to the previous leg.
pub(crate) fn direction_slots(
    dirs: &[(Direction, Span)],
    atom: Atom,
    continuation: bool,
) -> Result<Option<SlotSet>, BetzaError> {
    if dirs.is_empty() {
        return Ok(None);
    }
    if let Some((d, sp)) = dirs
        .iter()
        .find(|(d, _)| matches!(d, Direction::Z | Direction::Q))
    {
        return Err(meaningless(sp.clone(), &d.letter().to_string(), atom, "`z`/`q` are directions only in a leg after an `a`, bending against (`z`) or with (`q`) the previous bend"));
    }
    let cls = if continuation {
        Class::King
    } else {
        class(atom)
    };
    let slots = match cls {
        Class::Orth => orthogonal_slots(dirs, atom)?,
        Class::Diag => diagonal_slots(dirs, atom)?,
        Class::Oblique => oblique_slots(dirs, atom)?,
        Class::King => king_slots(dirs, atom)?,
        Class::Castle => castling_slots(dirs, atom)?,
        Class::Universal => {
            return Err(meaningless(
                dirs[0].1.clone(),
                &text_of(dirs),
                atom,
                "the universal leaper has no directions",
            ));
        }
    };
    Ok(Some(slots))
}

fn doubled(dirs: &[(Direction, Span)], i: usize, atom: Atom) -> BetzaError {
    let d = dirs[i].0;
    let t = format!("{0}{0}", d.letter());
    meaningless(
        join(&dirs[i].1, &dirs[i + 1].1),
        &t,
        atom,
        &format!(
            "doubled letters only mean something on oblique atoms such as `N`; write `{}`",
            d.letter()
        ),
    )
}

/// Orthogonal atoms (`W D H R`): one slot per letter, letters add up.
fn orthogonal_slots(dirs: &[(Direction, Span)], atom: Atom) -> Result<SlotSet, BetzaError> {
    let mut slots = SlotSet::NONE;
    for (i, (d, sp)) in dirs.iter().enumerate() {
        if *d == Direction::H {
            return Err(meaningless(sp.clone(), "h", atom, "`h` (half) only means something on oblique atoms such as `N`; use `f`, `b`, `l`, `r`, `v` or `s`"));
        }
        if i > 0 && dirs[i - 1].0 == *d {
            return Err(doubled(dirs, i - 1, atom));
        }
        slots |= narrow_slots(*d) & SlotSet::EVEN;
    }
    Ok(slots)
}

/// Diagonal atoms (`F A G B`): a single letter picks a pair, a perpendicular pair one slot.
fn diagonal_slots(dirs: &[(Direction, Span)], atom: Atom) -> Result<SlotSet, BetzaError> {
    let (n, mut i) = (dirs.len(), 0);
    let mut slots = SlotSet::NONE;
    while i < n {
        let (d, ref sp) = dirs[i];
        if d == Direction::H {
            return Err(meaningless(
                sp.clone(),
                "h",
                atom,
                "`h` (half) only means something on oblique atoms such as `N`",
            ));
        }
        if i + 1 < n && perpendicular(d, dirs[i + 1].0) {
            let b = side_slots(d) & side_slots(dirs[i + 1].0) & SlotSet::ODD;
            if b.is_empty() {
                let t = text_of(&dirs[i..i + 2]);
                return Err(meaningless(join(sp, &dirs[i + 1].1), &t, atom, "on diagonal atoms use `f`, `b`, `l`, `r` (two directions each) or `fl`, `fr`, `bl`, `br` (one each)"));
            }
            slots |= b;
            i += 2;
        } else if i + 1 < n && dirs[i + 1].0 == d {
            return Err(doubled(dirs, i, atom));
        } else if matches!(d, Direction::V | Direction::S) {
            // Reference table 2: `v` and `s` select orthogonal (and oblique) moves only. XBoard
            // silently falls back to all four diagonals when nothing is selected; we say so instead.
            return Err(meaningless(sp.clone(), &d.letter().to_string(), atom, &format!("`v` and `s` select no diagonal move; write `{0}` for all four, `f{0}`/`b{0}`/`l{0}`/`r{0}` for pairs", atom.letter())));
        } else {
            slots |= side_slots(d) & SlotSet::ODD;
            i += 1;
        }
    }
    Ok(slots)
}

/// Oblique atoms (`N C L Z J`): narrow pairs, doubled and perpendicular pairs, `h` halves, `hl`/`hr`.
fn oblique_slots(dirs: &[(Direction, Span)], atom: Atom) -> Result<SlotSet, BetzaError> {
    let (n, mut i) = (dirs.len(), 0);
    if dirs[0].0 == Direction::H {
        let ok = n == 2 && matches!(dirs[1].0, Direction::L | Direction::R);
        if !ok {
            let end = dirs.last().map_or(dirs[0].1.clone(), |x| x.1.clone());
            return Err(meaningless(
                join(&dirs[0].1, &end),
                &text_of(dirs),
                atom,
                "a leading `h` must be `hl` or `hr` (the four jumps of one handedness), alone",
            ));
        }
        return Ok(if dirs[1].0 == Direction::R {
            SlotSet::EVEN
        } else {
            SlotSet::ODD
        });
    }
    let mut slots = SlotSet::NONE;
    while i < n {
        let (d, ref sp) = dirs[i];
        let next = dirs.get(i + 1).map(|x| x.0);
        let (b, used) = if next == Some(Direction::H) {
            (side_slots(d), 2)
        } else if let Some(nx) =
            next.filter(|&nx| nx == d || (is_fblr(d) && nx != Direction::H && perpendicular(d, nx)))
        {
            (side_slots(d) & narrow_slots(nx), 2)
        } else if d == Direction::H {
            return Err(meaningless(sp.clone(), "h", atom, "`h` must follow `f`, `b`, `l` or `r` (`fhN`: the four forward jumps), or start the prefix as `hl`/`hr`"));
        } else {
            (narrow_slots(d), 1)
        };
        if b.is_empty() {
            let t = text_of(&dirs[i..i + used]);
            return Err(meaningless(join(sp, &dirs[i + used - 1].1), &t, atom, "on oblique atoms use `f b l r` (narrow pairs), `ff`, `fs`, `fh`, `fr`, `rf`, `v`, `s`, `hl`, `hr`…"));
        }
        slots |= b;
        i += used;
    }
    Ok(slots)
}

/// King-like atoms (`K Q`, and every later leg): a letter is the straight slot, a perpendicular pair a diagonal,
/// `fh` the half-plane, a doubled letter the straight slot.
fn king_slots(dirs: &[(Direction, Span)], atom: Atom) -> Result<SlotSet, BetzaError> {
    let (n, mut i) = (dirs.len(), 0);
    let mut slots = SlotSet::NONE;
    while i < n {
        let (d, ref sp) = dirs[i];
        if d == Direction::H {
            return Err(meaningless(sp.clone(), "h", atom, "`h` must follow `f`, `b`, `l` or `r` (`fhK`: the three forward moves); leave out the directions to mean all of them"));
        }
        let next = dirs.get(i + 1).map(|x| x.0);
        if next == Some(Direction::H) {
            // Reference table 2 (half-planes): `fhK` = the straight move and its two diagonal neighbours.
            if !is_fblr(d) {
                let t = text_of(&dirs[i..i + 2]);
                return Err(meaningless(
                    join(sp, &dirs[i + 1].1),
                    &t,
                    atom,
                    "`h` must follow `f`, `b`, `l` or `r`",
                ));
            }
            slots |= king_half_slots(d);
            i += 2;
        } else if next == Some(d) {
            // XBoard: doubling forces the single (orthogonal) reading of the letter.
            slots |= king_straight_slots(d);
            i += 1;
        } else if let Some(nx) =
            next.filter(|&nx| is_fblr(d) && nx != Direction::H && perpendicular(d, nx))
        {
            slots |= king_half_slots(d) & king_half_slots(nx);
            i += 2;
        } else {
            slots |= king_straight_slots(d);
            i += 1;
        }
    }
    Ok(slots)
}

/// Castling (`O`n): left, right or both.
fn castling_slots(dirs: &[(Direction, Span)], atom: Atom) -> Result<SlotSet, BetzaError> {
    let mut slots = SlotSet::NONE;
    for (d, sp) in dirs {
        slots |= match d {
            Direction::L => SlotSet::LEFT,
            Direction::R => SlotSet::RIGHT,
            Direction::S => SlotSet::SIDEWAYS,
            _ => {
                return Err(meaningless(
                    sp.clone(),
                    &d.letter().to_string(),
                    atom,
                    "castling only goes left (`l`), right (`r`) or both (`s`, or no direction)",
                ));
            }
        };
    }
    Ok(slots)
}
