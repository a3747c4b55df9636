//! Expansion of a parsed move into geometric paths for one player's orientation.
//!
//! The direction rules follow XBoard 4.9 (`moves.c`, `MovesFromString`): every atom has eight direction
//! slots numbered 0..8 clockwise from "forward" (see [`ROT`]); the letters `f b l r v s h` select slots in a
//! way that depends on the atom's symmetry (orthogonal, diagonal, oblique, or the king-like `K`/`Q`), and the
//! legs after an `a` use the king-like system *relative* to the direction of the previous leg.
use crate::{Atom, BetzaError, Component, Direction, ErrorKind, LegSpec, Modifier, Range, Span};

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

impl Orientation {
    /// Applies the orientation to a first-player vector.
    pub fn apply(self, (dx, dy): (i32, i32)) -> (i32, i32) {
        match self {
            Orientation::First => (dx, dy),
            Orientation::MirroredRanks => (dx, -dy),
            Orientation::Rotated => (-dx, -dy),
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
    /// Expands every component into paths for the given orientation.
    ///
    /// Components that do not validate (only possible for hand-built trees: [`crate::parse`] rejects them)
    /// produce no paths; use [`crate::Betza::validate`] to find out why.
    pub fn expand(&self, orientation: Orientation) -> Vec<Path> {
        let mut out = Vec::new();
        for (index, comp) in self.components.iter().enumerate() {
            if let Ok(rs) = resolve_all(comp) {
                for r in &rs {
                    expand_component(index, r, orientation, &mut out);
                }
            }
        }
        out
    }

    /// Checks a (possibly hand-built) tree with the same rules as [`crate::parse`].
    pub fn validate(&self) -> Result<(), Vec<BetzaError>> {
        let errors: Vec<BetzaError> = self
            .components
            .iter()
            .filter_map(|c| resolve_all(c).err())
            .flatten()
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
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

fn rot(d: usize, (x, y): (i32, i32)) -> (i32, i32) {
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
fn length(atom: Atom) -> i32 {
    let (x, y) = base(atom);
    x.max(y)
}

// Per-letter tables (XBoard's dirType, dirs1..dirs4), indexed by Direction.
fn dir_type(d: Direction) -> u8 {
    match d {
        Direction::F | Direction::B => 1,
        // `z`/`q` are replaced by `l`/`r` before a mask is computed (see `leg_masks`).
        Direction::L | Direction::R | Direction::Z | Direction::Q => 2,
        Direction::H => 4,
        Direction::V => 5,
        Direction::S => 6,
    }
}
/// "Wide" sets: all slots on that side.
fn dirs1(d: Direction) -> u8 {
    match d {
        Direction::F => 0xC3,
        Direction::B => 0x3C,
        Direction::L => 0xF0,
        Direction::R => 0x0F,
        _ => 0,
    }
}
/// "Narrow" sets: the slots most in that direction.
fn dirs2(d: Direction) -> u8 {
    match d {
        Direction::F => 0x81,
        Direction::B => 0x18,
        Direction::L => 0x60,
        Direction::R => 0x06,
        Direction::S => 0x66,
        Direction::V => 0x99,
        Direction::H => 0xFF,
        Direction::Z | Direction::Q => 0,
    }
}
/// King-like wide sets (the straight slot and its two diagonal neighbours).
fn dirs3(d: Direction) -> u8 {
    match d {
        Direction::F => 0x83,
        Direction::B => 0x38,
        Direction::L => 0xE0,
        Direction::R => 0x0E,
        Direction::S => 0xEE,
        Direction::V => 0xBB,
        Direction::H => 0xFF,
        Direction::Z | Direction::Q => 0,
    }
}
/// King-like single slots.
fn dirs4(d: Direction) -> u8 {
    match d {
        Direction::F => 0x01,
        Direction::B => 0x10,
        Direction::L => 0x40,
        Direction::R => 0x04,
        Direction::S => 0x44,
        Direction::V => 0x11,
        Direction::H => 0xFF,
        Direction::Z | Direction::Q => 0,
    }
}

fn perpendicular(a: Direction, b: Direction) -> bool {
    (dir_type(a) | dir_type(b)) & 3 == 3
}

fn is_fblr(d: Direction) -> bool {
    matches!(d, Direction::F | Direction::B | Direction::L | Direction::R)
}

fn join(a: &Span, b: &Span) -> Span {
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
pub(crate) fn direction_mask(
    dirs: &[(Direction, Span)],
    atom: Atom,
    continuation: bool,
) -> Result<Option<u8>, BetzaError> {
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
    let n = dirs.len();
    let mut mask = 0u8;
    let mut i = 0;
    match cls {
        Class::Orth => {
            while i < n {
                let (d, ref sp) = dirs[i];
                if d == Direction::H {
                    return Err(meaningless(sp.clone(), "h", atom, "`h` (half) only means something on oblique atoms such as `N`; use `f`, `b`, `l`, `r`, `v` or `s`"));
                }
                if i > 0 && dirs[i - 1].0 == d {
                    let t = format!("{0}{0}", d.letter());
                    return Err(meaningless(join(&dirs[i - 1].1, sp), &t, atom, &format!("doubled letters only mean something on oblique atoms such as `N`; write `{}`", d.letter())));
                }
                mask |= dirs2(d) & 0x55;
                i += 1;
            }
        }
        Class::Diag => {
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
                    let b = dirs1(d) & dirs1(dirs[i + 1].0) & 0xAA;
                    if b == 0 {
                        let t = text_of(&dirs[i..i + 2]);
                        return Err(meaningless(join(sp, &dirs[i + 1].1), &t, atom, "on diagonal atoms use `f`, `b`, `l`, `r` (two directions each) or `fl`, `fr`, `bl`, `br` (one each)"));
                    }
                    mask |= b;
                    i += 2;
                } else if i + 1 < n && dirs[i + 1].0 == d {
                    let t = format!("{0}{0}", d.letter());
                    return Err(meaningless(join(sp, &dirs[i + 1].1), &t, atom, &format!("doubled letters only mean something on oblique atoms such as `N`; write `{}`", d.letter())));
                } else if matches!(d, Direction::V | Direction::S) {
                    // Reference table 2: `v` and `s` select orthogonal (and oblique) moves only. XBoard
                    // silently falls back to all four diagonals when nothing is selected; we say so instead.
                    return Err(meaningless(sp.clone(), &d.letter().to_string(), atom, &format!("`v` and `s` select no diagonal move; write `{0}` for all four, `f{0}`/`b{0}`/`l{0}`/`r{0}` for pairs", atom.letter())));
                } else {
                    mask |= dirs1(d) & 0xAA;
                    i += 1;
                }
            }
        }
        Class::Oblique => {
            if dirs[0].0 == Direction::H {
                let ok = n == 2 && matches!(dirs[1].0, Direction::L | Direction::R);
                if !ok {
                    let end = dirs.last().map_or(dirs[0].1.clone(), |x| x.1.clone());
                    return Err(meaningless(join(&dirs[0].1, &end), &text_of(dirs), atom, "a leading `h` must be `hl` or `hr` (the four jumps of one handedness), alone"));
                }
                return Ok(Some(if dirs[1].0 == Direction::R {
                    0x55
                } else {
                    0xAA
                }));
            }
            while i < n {
                let (d, ref sp) = dirs[i];
                let next = dirs.get(i + 1).map(|x| x.0);
                let (b, used) = if next == Some(Direction::H) {
                    (dirs1(d), 2)
                } else if let Some(nx) = next.filter(|&nx| {
                    nx == d || (is_fblr(d) && nx != Direction::H && perpendicular(d, nx))
                }) {
                    (dirs1(d) & dirs2(nx), 2)
                } else if d == Direction::H {
                    return Err(meaningless(sp.clone(), "h", atom, "`h` must follow `f`, `b`, `l` or `r` (`fhN`: the four forward jumps), or start the prefix as `hl`/`hr`"));
                } else {
                    (dirs2(d), 1)
                };
                if b == 0 {
                    let t = text_of(&dirs[i..i + used]);
                    return Err(meaningless(join(sp, &dirs[i + used - 1].1), &t, atom, "on oblique atoms use `f b l r` (narrow pairs), `ff`, `fs`, `fh`, `fr`, `rf`, `v`, `s`, `hl`, `hr`…"));
                }
                mask |= b;
                i += used;
            }
        }
        Class::King => {
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
                    mask |= dirs3(d);
                    i += 2;
                } else if next == Some(d) {
                    // XBoard: doubling forces the single (orthogonal) reading of the letter.
                    mask |= dirs4(d);
                    i += 1;
                } else if let Some(nx) =
                    next.filter(|&nx| is_fblr(d) && nx != Direction::H && perpendicular(d, nx))
                {
                    mask |= dirs3(d) & dirs3(nx);
                    i += 2;
                } else {
                    mask |= dirs4(d);
                    i += 1;
                }
            }
        }
        Class::Castle => {
            for (d, sp) in dirs {
                match d {
                    Direction::L => mask |= 0x40,
                    Direction::R => mask |= 0x04,
                    Direction::S => mask |= 0x44,
                    _ => {
                        return Err(meaningless(sp.clone(), &d.letter().to_string(), atom, "castling only goes left (`l`), right (`r`) or both (`s`, or no direction)"));
                    }
                }
            }
        }
        Class::Universal => {
            return Err(meaningless(
                dirs[0].1.clone(),
                &text_of(dirs),
                atom,
                "the universal leaper has no directions",
            ));
        }
    }
    Ok(Some(mask))
}

/// At most this many legs in one component (raised from 8 to 70 for `( … )` repetition: the longest path a
/// piece can need on a 36x36 board, a one-square staircase corner to corner, has 70 legs; [`MAX_PATHS`]
/// still refuses long chains of legs that branch, such as `aaaaaK`).
pub const MAX_LEGS: usize = 70;
/// At most this many paths from one component.
pub const MAX_PATHS: u64 = 4096;

/// A circular rider (`q`) on an oblique or king-like atom never needs more than this many steps: after
/// 8 turns of one slot it is back on its starting square (the Rose `qN` goes round an octagon). Orthogonal and
/// diagonal atoms turn two slots at a time and make at most 3.
pub const CIRCULAR_MAX_STEPS: u32 = 7;
/// A crooked rider (`z`) is cut at this many steps. The longest crooked path that fits on tatsu's
/// largest board (36x36) is the crooked rook's staircase corner to corner: 35 steps up + 35 across = 70.
pub const CROOKED_MAX_STEPS: u32 = 70;

/// Single-leg riders whose path bends at every step (legacy Betza `z` and `q`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bend {
    /// `z`: crooked, turning 90° (two slots) alternately one way and the other (`zB` boyscout).
    Crooked,
    /// `q`: circular, turning one slot the same way at every step (`qN` Rose).
    Circular,
}

/// A component checked and reduced to what expansion needs.
#[derive(Clone, Debug)]
pub(crate) struct Resolved {
    pub atom: Atom,
    pub initial: bool,
    pub legs: Vec<ResolvedLeg>,
    /// `z`/`q` on a single-leg move; the leg's `max` is then the number of steps (already bounded).
    pub bend: Option<Bend>,
}

#[derive(Clone, Debug)]
pub(crate) struct ResolvedLeg {
    /// Absolute slots for the first leg, slots relative to the previous leg's direction for the others.
    /// For a leg with `z`/`q` directions: what it selects with no bend before it.
    pub mask: u8,
    /// A later leg with `z`/`q` directions: its slots after a previous bend to the left and to the right.
    pub chiral: Option<[u8; 2]>,
    pub mode: Mode,
    pub lame: bool,
    /// `j` on an atom longer than one square: the square halfway must hold a piece, which is jumped.
    pub jump: bool,
    /// `j` on a one-step rider: the first square is skipped whatever it holds; `max` counts the steps
    /// after it.
    pub skip_first: bool,
    /// `o`: the leg wraps around the left and right board edges (a cylinder).
    pub wrap: bool,
    /// Range of this leg (after any `g`/`y` toggles on earlier legs).
    pub max: Option<u32>,
}

impl ResolvedLeg {
    /// How many directions a path may take on this leg (at least 1, for counting paths).
    fn branches(&self) -> u32 {
        let chiral = self
            .chiral
            .map_or(0, |[l, r]| l.count_ones().max(r.count_ones()));
        self.mask.count_ones().max(chiral).max(1)
    }
}

fn unsupported(span: Span, what: &str, help: &str) -> BetzaError {
    BetzaError::new(
        ErrorKind::Unsupported,
        span,
        format!("{what} is valid XBetza but tatsu does not support it"),
    )
    .help(help.to_string())
}

/// `x(y)zA` unrolled into the plain components `xzA`, `xyzA`, `xyyzA`, … up to [`MAX_LEGS`] legs (a
/// component without repetition is returned as it is).
pub(crate) fn unroll(c: &Component) -> Result<Vec<Component>, Vec<BetzaError>> {
    let Some(rep) = &c.repeat else {
        return Ok(vec![c.clone()]);
    };
    let mut errors = Vec::new();
    let bad_i = c.legs.iter().skip(1).chain(&rep.group).chain(&rep.after);
    for leg in bad_i {
        if let Some((_, sp)) = leg.modifiers.iter().find(|(m, _)| *m == Modifier::I) {
            errors.push(
                BetzaError::new(
                    ErrorKind::Other,
                    sp.clone(),
                    "`i` (initial move only) belongs to the whole move",
                )
                .help("put `i` at the start of the move, before `(`"),
            );
        }
    }
    if c.legs.is_empty() || rep.after.is_empty() || rep.group.len() < 2 {
        errors.push(BetzaError::new(
            ErrorKind::Unsupported,
            c.span.clone(),
            "a repeated group without `a` is valid XBetza but tatsu does not support it",
        ));
    }
    // The four places where two parts meet: x|z, x|y, y|y, y|z.
    for (a, b) in [
        (&c.legs, &rep.after),
        (&c.legs, &rep.group),
        (&rep.group, &rep.group),
        (&rep.group, &rep.after),
    ] {
        if let (Some(l), Some(r)) = (a.last(), b.first()) {
            if let Some(e) = junction_error(l, r) {
                errors.push(e);
            }
        }
    }
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.span.start);
        errors.dedup();
        return Err(errors);
    }
    let mut out = Vec::new();
    let mut legs = c.legs.clone();
    loop {
        let whole = concat(&legs, &rep.after);
        if whole.len() > MAX_LEGS {
            break;
        }
        out.push(Component {
            legs: whole,
            atom: c.atom,
            range: c.range,
            span: c.span.clone(),
            repeat: None,
        });
        legs = concat(&legs, &rep.group);
    }
    Ok(out)
}

/// Two parts written next to each other: the last leg of `a` and the first of `b` are one leg.
fn concat(a: &[LegSpec], b: &[LegSpec]) -> Vec<LegSpec> {
    let mut out = a.to_vec();
    let Some((first, rest)) = b.split_first() else {
        return out;
    };
    match out.last_mut() {
        Some(l) => {
            l.directions.extend(first.directions.iter().cloned());
            l.modifiers.extend(first.modifiers.iter().cloned());
            l.modifiers.sort_by_key(|(m, _)| m.rank());
        }
        None => out.push(first.clone()),
    }
    out.extend(rest.iter().cloned());
    out
}

/// Why the leg `l` followed directly by `r` (across a parenthesis) is not one valid leg, if it is not.
fn junction_error(l: &LegSpec, r: &LegSpec) -> Option<BetzaError> {
    let lm: Vec<&(Modifier, Span)> = l
        .modifiers
        .iter()
        .filter(|(m, _)| *m != Modifier::I)
        .collect();
    if let (Some((m, _)), Some((d, sp))) = (lm.first(), r.directions.first()) {
        return Some(
            BetzaError::new(
                ErrorKind::Other,
                sp.clone(),
                format!("repeating the group puts the direction `{}` after the modifier `{}`", d.letter(), m.letter()),
            )
            .help("in one leg, directions come first: move the `a` so that each repeated leg reads directions then modifiers, e.g. `m(af)W`"),
        );
    }
    let dup = r
        .modifiers
        .iter()
        .find(|(m, _)| *m != Modifier::I && lm.iter().any(|(x, _)| x == m))?;
    Some(
        BetzaError::new(
            ErrorKind::Other,
            dup.1.clone(),
            format!(
                "repeating the group repeats the modifier `{}` in one leg",
                dup.0.letter()
            ),
        )
        .help("write it once, on one side of the parenthesis"),
    )
}

/// A component checked and reduced, with `( … )` unrolled: one [`Resolved`] per repetition count.
pub(crate) fn resolve_all(c: &Component) -> Result<Vec<Resolved>, Vec<BetzaError>> {
    let comps = unroll(c)?;
    let too_many = |paths: String| {
        Err(vec![unsupported(
            c.span.clone(),
            &format!("a repetition that, unrolled to {MAX_LEGS} legs (enough for any path on a 36x36 board), expands into {paths} paths"),
            &format!("tatsu supports at most {MAX_PATHS} paths per component; restrict the directions of the repeated legs"),
        )])
    };
    let mut out = Vec::new();
    let mut paths = 0u64;
    for comp in &comps {
        if comps.len() > 1 && paths > MAX_PATHS {
            return too_many(format!("more than {MAX_PATHS}"));
        }
        // The first unrolled form that fails says why; the longer ones would repeat it.
        let r = resolve(comp)?;
        paths = paths.saturating_add(path_count(&r));
        out.push(r);
    }
    if comps.len() > 1 && paths > MAX_PATHS {
        return too_many(paths.to_string());
    }
    Ok(out)
}

/// How many paths a resolved component expands into (per orientation).
fn path_count(r: &Resolved) -> u64 {
    if r.bend.is_some() {
        let first = u64::from(r.legs[0].mask.count_ones());
        let steps = u64::from(r.legs[0].max.unwrap_or(1));
        let hops = if r.legs[0].mode.contains(Mode::HOP) {
            steps
        } else {
            1
        };
        return first * (1 + 2 * steps.saturating_sub(1)) * hops;
    }
    leg_paths(&r.legs)
}

/// How many paths legs without a bend expand into: each leg multiplies them by its number of directions.
fn leg_paths(legs: &[ResolvedLeg]) -> u64 {
    legs.iter()
        .fold(1u64, |n, l| n.saturating_mul(u64::from(l.branches())))
}

/// Checks one component and reduces it to direction masks and modes.
pub(crate) fn resolve(c: &Component) -> Result<Resolved, Vec<BetzaError>> {
    let mut errors = Vec::new();
    let atom = c.atom;
    let atom_span = c.span.end.saturating_sub(1).max(c.span.start)..c.span.end;
    if let Atom::O(0) = atom {
        errors.push(
            BetzaError::new(
                ErrorKind::MalformedRange,
                c.span.clone(),
                "castling `O` needs the king's distance",
            )
            .help("write e.g. `O2` (the king moves two squares)"),
        );
    }
    if c.legs.is_empty() {
        errors.push(BetzaError::new(
            ErrorKind::Other,
            c.span.clone(),
            "a move needs at least one leg",
        ));
        return Err(errors);
    }
    let multi = c.legs.len() > 1;
    if multi && class(atom) == Class::Castle {
        errors.push(unsupported(
            c.span.clone(),
            "a multi-leg (`a`) castling",
            "write castling as `O2`, `isO3`, …",
        ));
    }
    if atom == Atom::U {
        check_universal(c, &mut errors);
    }
    let max = match c.range {
        Range::Leap => {
            if atom.is_slider() {
                None
            } else {
                Some(1)
            }
        }
        Range::Limited(0) | Range::Unlimited => None,
        Range::Limited(n) => Some(n),
    };
    let mut legs = Vec::new();
    let mut leg_max = max;
    // XBoard's range toggle (`g`/`y` before an `a`): `W F K` become `R B Q` (unlimited, whatever range was
    // written) and back (range 1); other atoms go from range 1 to unlimited and from anything else to 1.
    let family = matches!(
        atom,
        Atom::W | Atom::F | Atom::K | Atom::R | Atom::B | Atom::Q
    );
    let mut slider_letter = atom.is_slider();
    let mut bend: Option<(Bend, Span)> = None;
    for (li, leg) in c.legs.iter().enumerate() {
        let last = li + 1 == c.legs.len();
        let (mask, chiral) = leg_masks(leg, atom, li, &legs, &mut errors).unwrap_or_default();
        let mut mode = Mode::default();
        let mut toggle = false;
        let mut lame = false;
        let mut wrap = false;
        let mut jump: Option<Span> = None;
        for (m, sp) in &leg.modifiers {
            let sp = sp.clone();
            match m {
                Modifier::I => {
                    if li > 0 {
                        errors.push(
                            BetzaError::new(
                                ErrorKind::Other,
                                sp,
                                "`i` (initial move only) belongs to the whole move",
                            )
                            .help("put `i` at the start of the move, before its first leg"),
                        );
                    }
                }
                Modifier::M => mode = mode.union(Mode::MOVE),
                Modifier::C => mode = mode.union(Mode::CAPTURE),
                Modifier::D => mode = mode.union(Mode::DESTROY),
                Modifier::E => mode = mode.union(Mode::EN_PASSANT),
                Modifier::T => mode = mode.union(Mode::TAME),
                Modifier::U => mode = mode.union(Mode::UNLOAD),
                Modifier::X => mode = mode.union(Mode::INDUCE),
                Modifier::O => wrap = true,
                Modifier::N => lame = true,
                Modifier::J => jump = Some(sp),
                Modifier::P => mode = mode.union(Mode::HOP),
                Modifier::G => {
                    if last {
                        mode = mode.union(Mode::GRASSHOP)
                    } else {
                        mode = mode.union(Mode::HOP);
                        toggle = true;
                    }
                }
                Modifier::Y => {
                    if last {
                        errors.push(
                            BetzaError::new(
                                ErrorKind::Other,
                                sp,
                                "`y` means nothing on the last leg of a move",
                            )
                            .help("`y` goes before an `a`: it moves to an empty square and toggles leaper ↔ rider for the next leg (`FyafsF`, the griffon)"),
                        );
                    } else {
                        mode = mode.union(Mode::MOVE);
                        toggle = true;
                    }
                }
                Modifier::Z | Modifier::Q if !multi => {
                    let b = if *m == Modifier::Z {
                        Bend::Crooked
                    } else {
                        Bend::Circular
                    };
                    if bend.as_ref().is_some_and(|x| x.0 != b) {
                        errors.push(
                            BetzaError::new(
                                ErrorKind::Other,
                                sp,
                                "a move cannot be both crooked (`z`) and circular (`q`)",
                            )
                            .help("write two components: `zB` and `qN`"),
                        );
                    } else {
                        bend = Some((b, sp));
                    }
                }
                Modifier::Z | Modifier::Q => errors.push(
                    BetzaError::new(
                        ErrorKind::Other,
                        sp,
                        format!(
                            "`{}` on the first leg of a multi-leg move has no earlier bend to follow",
                            m.letter()
                        ),
                    )
                    .help("in a multi-leg move `z`/`q` are directions of a later leg, bending against (`z`) or with (`q`) the previous bend: `afsafzW`"),
                ),
            }
        }
        if class(atom) == Class::Castle {
            if let Some((m, sp)) = leg.modifiers.iter().find(|(m, _)| *m != Modifier::I) {
                errors.push(
                    BetzaError::new(
                        ErrorKind::Other,
                        sp.clone(),
                        format!("`{}` cannot modify castling", m.letter()),
                    )
                    .help("castling only takes `i` and `l`/`r`/`s`: `isO2`"),
                );
            }
            mode = Mode::MOVE;
        } else if last {
            // `x` on the last leg borrows the moves of the friendly piece there: no default move or capture.
            if !mode.intersects(Mode(
                Mode::MOVE.0
                    | Mode::CAPTURE.0
                    | Mode::DESTROY.0
                    | Mode::EN_PASSANT.0
                    | Mode::INDUCE.0,
            )) {
                mode = mode.union(Mode::MOVE).union(Mode::CAPTURE);
            }
            // (A bent leaper such as `qN` makes several steps: `pqN` hops.)
            if mode.intersects(Mode(Mode::HOP.0 | Mode::GRASSHOP.0))
                && leg_max == Some(1)
                && bend.is_none()
            {
                let sp = leg
                    .modifiers
                    .iter()
                    .find(|(m, _)| matches!(m, Modifier::P | Modifier::G))
                    .map_or(atom_span.clone(), |x| x.1.clone());
                errors.push(BetzaError::new(ErrorKind::Other, sp, format!("a hop (`p`/`g`) needs a rider, but `{}` here is a single leap", atom.letter())).help("hoppers slide: `pR` (cannon), `gQ` (grasshopper); a leaper that must jump over a piece is `jD`"));
            }
        } else {
            if mode.contains(Mode::TAME) && !mode.contains(Mode::HOP) {
                let sp = leg
                    .modifiers
                    .iter()
                    .find(|(m, _)| *m == Modifier::T)
                    .map_or(atom_span.clone(), |x| x.1.clone());
                errors.push(
                    BetzaError::new(
                        ErrorKind::Other,
                        sp,
                        "`t` on a leg before an `a` only restricts a hop: it needs `p` or `g` there",
                    )
                    .help("`tpafR` turns on a friendly piece only; on the last leg `t` means the move cannot capture a royal piece"),
                );
            }
            if !mode.intersects(Mode(
                Mode::MOVE.0
                    | Mode::CAPTURE.0
                    | Mode::DESTROY.0
                    | Mode::EN_PASSANT.0
                    | Mode::HOP.0
                    | Mode::INDUCE.0,
            )) {
                mode = mode.union(Mode::MOVE);
            }
        }
        let mut resolved = ResolvedLeg {
            mask,
            chiral,
            mode,
            lame,
            jump: false,
            skip_first: false,
            wrap,
            max: leg_max,
        };
        if let Some(sp) = jump {
            check_jump(c, li, sp, bend.is_some(), &mut resolved, &mut errors);
        }
        legs.push(resolved);
        if toggle {
            if family {
                slider_letter = !slider_letter;
                leg_max = if slider_letter { None } else { Some(1) };
            } else {
                leg_max = if leg_max == Some(1) { None } else { Some(1) };
            }
        }
    }
    if legs.iter().any(|l| l.mode.contains(Mode::UNLOAD))
        && !legs.iter().any(|l| {
            l.mode
                .intersects(Mode(Mode::CAPTURE.0 | Mode::DESTROY.0 | Mode::EN_PASSANT.0))
        })
    {
        let sp = c
            .legs
            .iter()
            .flat_map(|l| &l.modifiers)
            .find(|(m, _)| *m == Modifier::U)
            .map_or(c.span.clone(), |x| x.1.clone());
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                sp,
                "`u` unloads a captured piece, but this move captures nothing",
            )
            .help("combine it with a capture: `ucR` swaps places with an enemy piece, `udR` with a friendly one"),
        );
    }
    if let Some((b, sp)) = bend.clone() {
        check_bend(c, b, sp, &mut legs, &mut errors);
    }
    // Each leg multiplies the number of paths by its number of directions: refuse moves that would expand
    // into an unreasonable number of paths (e.g. a long chain of `a`s), instead of hanging.
    let paths = leg_paths(&legs);
    if legs.len() > MAX_LEGS || paths > MAX_PATHS {
        errors.push(unsupported(
            c.span.clone(),
            &format!("a move with {} legs expanding into {paths} paths", legs.len()),
            &format!("tatsu supports at most {MAX_LEGS} legs and {MAX_PATHS} paths per component; restrict the directions of the later legs"),
        ));
    }
    if errors.is_empty() {
        Ok(Resolved {
            atom,
            initial: c.initial_only(),
            legs,
            bend: bend.map(|x| x.0),
        })
    } else {
        Err(errors)
    }
}

/// The direction slots of one leg and, for a later leg with `z`/`q` directions, the slots after a previous bend
/// to the left and to the right (`[after_left, after_right]`; the plain mask is then what the leg selects with
/// no bend before it).
fn leg_masks(
    leg: &LegSpec,
    atom: Atom,
    li: usize,
    earlier: &[ResolvedLeg],
    errors: &mut Vec<BetzaError>,
) -> Option<(u8, Option<[u8; 2]>)> {
    let default = |li: usize| match (li > 0, class(atom)) {
        (false, Class::Orth) => 0x55,
        (false, Class::Diag) => 0xAA,
        (false, Class::Castle) => 0x44,
        (false, _) => 0xFF,
        (true, Class::King) | (true, Class::Oblique) => 0xEF,
        (true, _) => 0x45,
    };
    let bends = leg
        .directions
        .iter()
        .any(|(d, _)| matches!(d, Direction::Z | Direction::Q));
    if !bends {
        return match direction_mask(&leg.directions, atom, li > 0) {
            Ok(m) => Some((m.unwrap_or_else(|| default(li)), None)),
            Err(e) => {
                errors.push(e);
                None
            }
        };
    }
    let first = leg
        .directions
        .iter()
        .find(|(d, _)| matches!(d, Direction::Z | Direction::Q))
        .map(|x| x.1.clone())
        .unwrap_or_default();
    if li == 0 {
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                first,
                "`z`/`q` directions bend relative to an earlier bend, but this is the first leg",
            )
            .help("`z` and `q` as directions belong to a leg after an `a`: `afsafzW`"),
        );
        return None;
    }
    // After a bend to the left, `z` (the other way) is `r` and `q` (the same way) is `l`; after a right bend the
    // reverse.
    let with = |z: Direction, q: Direction| -> Vec<(Direction, Span)> {
        leg.directions
            .iter()
            .map(|(d, sp)| match d {
                Direction::Z => (z, sp.clone()),
                Direction::Q => (q, sp.clone()),
                d => (*d, sp.clone()),
            })
            .collect()
    };
    let after_left = direction_mask(&with(Direction::R, Direction::L), atom, true);
    let after_right = direction_mask(&with(Direction::L, Direction::R), atom, true);
    match (after_left, after_right) {
        (Ok(l), Ok(r)) => {
            let (l, r) = (l.unwrap_or(0), r.unwrap_or(0));
            // Earlier legs must be able to bend; the first leg's direction is absolute, not a bend.
            // An oblique leap is itself bent (g1-f3 starts forward and veers left), so it always counts.
            if class(atom) != Class::Oblique
                && !earlier
                    .iter()
                    .skip(1)
                    .any(|e| (e.mask | e.chiral.map_or(0, |c| c[0] | c[1])) & !0x11 != 0)
            {
                errors.push(
                    BetzaError::new(ErrorKind::Other, first, "`z`/`q` bend against or with the previous bend, but no earlier leg bends")
                        .help("an earlier leg after an `a` must turn, e.g. `afsafzW`: `fs` turns 45° either way, `fz` turns back"),
                );
                return None;
            }
            Some((l & r, Some([l, r])))
        }
        (Err(e), _) | (_, Err(e)) => {
            errors.push(e);
            None
        }
    }
}

/// The universal leaper `U` (the Interactive Diagram's Kraken) jumps to any square of the board but its
/// own. It has no directions and no range; modifiers that need a line or a later leg mean nothing on it.
fn check_universal(c: &Component, errors: &mut Vec<BetzaError>) {
    if !matches!(c.range, Range::Leap) {
        errors.push(
            BetzaError::new(
                ErrorKind::MalformedRange,
                c.span.clone(),
                "the universal leaper `U` takes no range: it already reaches every square",
            )
            .help("write `U`"),
        );
    }
    for leg in &c.legs {
        for (m, sp) in &leg.modifiers {
            if matches!(
                m,
                Modifier::N
                    | Modifier::J
                    | Modifier::P
                    | Modifier::G
                    | Modifier::Y
                    | Modifier::O
                    | Modifier::Z
                    | Modifier::Q
            ) {
                errors.push(
                    BetzaError::new(
                        ErrorKind::Other,
                        sp.clone(),
                        format!("`{}` means nothing on the universal leaper `U`", m.letter()),
                    )
                    .help("`U` teleports: it takes `m c d e i t u x` only"),
                );
            }
        }
    }
    if c.legs.len() > 1 {
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                c.span.clone(),
                "the universal leaper `U` cannot continue with `a`",
            )
            .help("a teleport has no direction for a next leg to follow"),
        );
    }
}

/// Checks a `z`/`q` move and turns its range into the number of steps of the bent path.
///
/// Legacy Betza: `z` (crooked) makes a rider zig-zag — every step turns 90° from the previous one, alternately
/// one way and back (`zB` the boyscout, `zR` the crooked rook, `zN0` the quintessence); on a leaper it means
/// nothing. `q` (circular) goes round a circle, turning the same way at every step by the smallest angle that
/// keeps the atom: one slot (45°) on oblique and king-like atoms (`qN` is the Rose, closing after 8 steps),
/// two slots (90°) on orthogonal and diagonal ones (`qW` goes round a 2x2 square, closing after 4).
fn check_bend(
    c: &Component,
    b: Bend,
    sp: Span,
    legs: &mut [ResolvedLeg],
    errors: &mut Vec<BetzaError>,
) {
    let atom = c.atom;
    let leg = &mut legs[0];
    if !matches!(
        class(atom),
        Class::Orth | Class::Diag | Class::Oblique | Class::King
    ) {
        let letter = if b == Bend::Crooked { 'z' } else { 'q' };
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                sp,
                format!("`{letter}` means nothing on `{}`", atom.letter()),
            )
            .help("crooked and circular moves bend a line of steps: `zB`, `zN0`, `qN`"),
        );
        return;
    }
    match b {
        Bend::Crooked => {
            if c.range.normalized(atom) == Range::Leap {
                let a = atom.letter();
                errors.push(
                    BetzaError::new(ErrorKind::Other, sp, format!("`z` (crooked) needs a rider, but `{a}` here is a single leap"))
                        .help(format!("a crooked rider zig-zags over several steps: write `z{a}0` (or `z{a}4` for at most four steps)")),
                );
                return;
            }
            leg.max = Some(
                leg.max
                    .map_or(CROOKED_MAX_STEPS, |n| n.min(CROOKED_MAX_STEPS)),
            );
        }
        Bend::Circular => {
            let most = circular_max_steps(atom);
            // `qN` (written as a leaper) is the whole circle; a number limits the steps.
            let n = match c.range.normalized(atom) {
                Range::Limited(n) => n.min(most),
                _ => most,
            };
            leg.max = Some(n);
        }
    }
}

/// How many slots a circular (`q`) move turns at each step.
fn circular_turn(atom: Atom) -> usize {
    match class(atom) {
        Class::Orth | Class::Diag => 2,
        _ => 1,
    }
}

/// The most steps a circular move makes before it would be back on its starting square.
fn circular_max_steps(atom: Atom) -> u32 {
    (CIRCULAR_MAX_STEPS + 1) / circular_turn(atom) as u32 - 1
}

/// Checks `j` on one leg. On the one-step atoms `W F K` and the sliders `R B Q` (XBoard: "on W & F
/// atoms `j` = skip first square") it skips the first square of the line whatever it holds, which needs a
/// rider and takes the skipped step off the range. On every other atom it is Betza's "must jump": the square
/// halfway (XBoard's rule, rounded toward the start) must hold a piece, which is jumped.
fn check_jump(
    c: &Component,
    li: usize,
    sp: Span,
    bent: bool,
    leg: &mut ResolvedLeg,
    errors: &mut Vec<BetzaError>,
) {
    let atom = c.atom;
    let spec = &c.legs[li];
    let clash = spec
        .modifiers
        .iter()
        .find(|(m, _)| matches!(m, Modifier::P | Modifier::G | Modifier::N));
    if let Some((m, msp)) = clash {
        let why = if *m == Modifier::N {
            "`j` (must jump) and `n` (must not jump) contradict each other"
        } else {
            "`j` cannot be combined with a hop (`p`/`g`) on the same leg"
        };
        errors.push(
            BetzaError::new(ErrorKind::Other, join(&sp, msp), why).help(
                "`jR` skips the first square, `jD` must jump over a piece, `pR` hops over one",
            ),
        );
        return;
    }
    if length(atom) > 1 {
        leg.jump = true;
        return;
    }
    if bent {
        // A crooked or circular move: its first square may hold anything (the path has at least two steps).
        leg.skip_first = true;
        return;
    }
    match leg.max {
        None => leg.skip_first = true,
        Some(n) if n >= 2 => {
            leg.max = Some(n - 1);
            leg.skip_first = true;
        }
        Some(_) => {
            let a = atom.letter();
            errors.push(
                BetzaError::new(ErrorKind::Other, sp, format!("`j` on the one-step leaper `{a}` means nothing"))
                    .help(format!("on `{a}` `j` skips the first square of a line: write the rider `j{a}0`, or `j{a}3` for up to 3 squares counting the skipped one")),
            );
        }
    }
}

/// The board vector of direction slot `d` of an atom (king-like atoms alternate orthogonal and diagonal).
fn slot_step(atom: Atom, d: usize) -> (i32, i32) {
    match class(atom) {
        Class::King => rot(d, if d % 2 == 0 { (0, 1) } else { (1, 1) }),
        _ => rot(d, base(atom)),
    }
}

/// What a leg's steps require besides their vector: the per-leg flags of a [`ResolvedLeg`].
#[derive(Clone, Copy)]
struct Shape {
    lame: bool,
    jump: bool,
    wrap: bool,
}

impl Shape {
    fn of(leg: &ResolvedLeg) -> Shape {
        Shape {
            lame: leg.lame,
            jump: leg.jump,
            wrap: leg.wrap,
        }
    }
}

/// The paths of a crooked or circular rider: for each first direction, the one-step path, then for
/// each way of turning (both chiralities) every length from 2 to the leg's `max`. Each step is a one-step leg;
/// the squares where it turns must be empty (`MOVE`), the last step has the move's own mode. A hopping bent
/// move (`p`) has one path per hurdle position: that step must hold a piece (`HOP`), the later turns are empty;
/// a grasshopping one (`g`) has its hurdle on the step before the last.
fn expand_bent(index: usize, r: &Resolved, b: Bend, o: Orientation, out: &mut Vec<Path>) {
    let first = &r.legs[0];
    let steps = first.max.unwrap_or(1).max(1) as usize;
    let shape = Shape::of(first);
    let hop = first.mode.contains(Mode::HOP);
    let grasshop = first.mode.contains(Mode::GRASSHOP);
    let last_mode = Mode(first.mode.0 & !(Mode::HOP.0 | Mode::GRASSHOP.0));
    let turn_size = match b {
        Bend::Crooked => 2,
        Bend::Circular => circular_turn(r.atom),
    };
    // The mode of the turning square after step `k` of a path of `n` steps with its hurdle on step `hurdle`.
    let turn_mode = |k: usize, hurdle: Option<usize>| {
        if Some(k) == hurdle {
            Mode::HOP.union(Mode(first.mode.0 & Mode::TAME.0))
        } else if k == 0 && first.skip_first {
            Mode::MOVE.union(Mode::HOP)
        } else {
            Mode::MOVE
        }
    };
    for d in 0..8usize {
        if first.mask & (1 << d) == 0 {
            continue;
        }
        let mut emit = |slots: &[usize], hurdle: Option<usize>| {
            let n = slots.len();
            out.push(Path {
                component: index,
                legs: slots
                    .iter()
                    .enumerate()
                    .map(|(k, &s)| {
                        let mode = if k + 1 == n {
                            last_mode
                        } else {
                            turn_mode(k, hurdle)
                        };
                        make_leg(slot_step(r.atom, s), Some(1), mode, shape, o)
                    })
                    .collect(),
                initial_only: r.initial,
                castling: None,
                universal: false,
            });
        };
        let mut emit_all = |slots: &[usize]| {
            let n = slots.len();
            if hop {
                for h in 0..n.saturating_sub(1) {
                    emit(slots, Some(h));
                }
            } else if grasshop {
                if n >= 2 {
                    emit(slots, Some(n - 2));
                }
            } else if !(first.skip_first && n < 2) {
                emit(slots, None);
            }
        };
        emit_all(&[d]);
        for turn in [1usize, 7] {
            for len in 2..=steps {
                let slots: Vec<usize> = (0..len)
                    .map(|k| match b {
                        // alternately turned 90° (two slots) and back
                        Bend::Crooked => (d + (k % 2) * turn_size * turn) & 7,
                        // one more turn the same way at every step
                        Bend::Circular => (d + k * turn_size * turn) & 7,
                    })
                    .collect();
                emit_all(&slots);
            }
        }
    }
}

fn lame_path((x, y): (i32, i32)) -> Vec<(i32, i32)> {
    if x == 0 || y == 0 || x.abs() == y.abs() {
        let n = x.abs().max(y.abs());
        (1..n).map(|k| (x.signum() * k, y.signum() * k)).collect()
    } else {
        // Oblique leaps: XBoard's rule, the square halfway (rounded toward the start), i.e. the orthogonal
        // square next to the start for the knight (Xiangqi horse).
        vec![(x / 2, y / 2)]
    }
}

fn make_leg(step: (i32, i32), max: Option<u32>, mode: Mode, shape: Shape, o: Orientation) -> Leg {
    Leg {
        step: o.apply(step),
        max,
        mode,
        lame_path: if shape.lame {
            lame_path(step).into_iter().map(|v| o.apply(v)).collect()
        } else {
            Vec::new()
        },
        // XBoard's "must jump" square: halfway, rounded toward the start (`(x/2, y/2)`).
        jump_path: if shape.jump {
            vec![o.apply((step.0 / 2, step.1 / 2))]
        } else {
            Vec::new()
        },
        wrap: shape.wrap,
    }
}

/// Pushes the legs of one resolved leg going in direction `step`: one leg, or for `j` on a one-step rider a
/// one-step leg whose square may hold anything (`MOVE | HOP`, as `mp` on a relay square) and then the rest.
fn push_legs(
    legs: &mut Vec<Leg>,
    step: (i32, i32),
    spec: &ResolvedLeg,
    mode: Mode,
    o: Orientation,
) {
    let shape = Shape::of(spec);
    if spec.skip_first {
        legs.push(make_leg(
            step,
            Some(1),
            Mode::MOVE.union(Mode::HOP),
            shape,
            o,
        ));
    }
    legs.push(make_leg(step, spec.max, mode, shape, o));
}

fn expand_component(index: usize, r: &Resolved, o: Orientation, out: &mut Vec<Path>) {
    if r.atom == Atom::U {
        let shape = Shape::of(&r.legs[0]);
        out.push(Path {
            component: index,
            legs: vec![make_leg((0, 0), Some(1), r.legs[0].mode, shape, o)],
            initial_only: r.initial,
            castling: None,
            universal: true,
        });
        return;
    }
    if let Atom::O(n) = r.atom {
        for d in [6usize, 2] {
            if r.legs[0].mask & (1 << d) != 0 {
                out.push(Path {
                    component: index,
                    legs: vec![make_leg(
                        rot(d, (0, 1)),
                        Some(u32::from(n)),
                        Mode::MOVE,
                        Shape::of(&r.legs[0]),
                        o,
                    )],
                    initial_only: r.initial,
                    castling: Some(n),
                    universal: false,
                });
            }
        }
        return;
    }
    if let Some(b) = r.bend {
        return expand_bent(index, r, b, o, out);
    }
    let first = &r.legs[0];
    for d in 0..8usize {
        if first.mask & (1 << d) == 0 {
            continue;
        }
        let mut legs = Vec::new();
        push_legs(&mut legs, slot_step(r.atom, d), first, first.mode, o);
        // An oblique leap is read as starting in its longer direction and veering off (Muller): (1,2) veers
        // right, (2,1) left, and so on round the even and odd slots.
        let bend = (class(r.atom) == Class::Oblique).then_some(d % 2 == 0);
        continue_legs(index, r, o, 1, d, bend, legs, out);
    }
}

/// Expands the legs from `li` on. `angle` is the absolute slot of the previous leg; `bend` the side of the
/// last leg that turned (`Some(true)` = right), which `z`/`q` directions follow.
#[allow(clippy::too_many_arguments)]
fn continue_legs(
    index: usize,
    r: &Resolved,
    o: Orientation,
    li: usize,
    angle: usize,
    bend: Option<bool>,
    legs: Vec<Leg>,
    out: &mut Vec<Path>,
) {
    let Some(spec) = r.legs.get(li) else {
        out.push(Path {
            component: index,
            legs,
            initial_only: r.initial,
            castling: None,
            universal: false,
        });
        return;
    };
    let relative = match (spec.chiral, bend) {
        (Some([left, _]), Some(false)) => left,
        (Some([_, right]), Some(true)) => right,
        _ => spec.mask,
    };
    let abs = relative.rotate_left(angle as u32);
    let len = length(r.atom);
    for d in 0..8usize {
        if abs & (1 << d) == 0 {
            continue;
        }
        // Oblique atoms keep their own slots (only straight on / back are allowed); the others use the
        // king system, where a slot of the other parity converts W ↔ F, D ↔ A, H ↔ G (same length).
        let step = if class(r.atom) == Class::Oblique {
            rot(d, base(r.atom))
        } else {
            rot(d, if d % 2 == 0 { (0, len) } else { (len, len) })
        };
        let turn = (d + 8 - angle) & 7;
        let next_bend = match turn {
            1..=3 => Some(true),
            5..=7 => Some(false),
            _ => bend,
        };
        let mut next = legs.clone();
        push_legs(&mut next, step, spec, spec.mode, o);
        continue_legs(index, r, o, li + 1, d, next_bend, next, out);
    }
}
