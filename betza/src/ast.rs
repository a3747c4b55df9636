//! The syntax tree of an XBetza string. Every node keeps the byte span it was read from.

/// A byte range in the parsed string.
pub type Span = std::ops::Range<usize>;

/// A whole XBetza move description: components written one after another (`BN0` = `B` then `N0`).
#[derive(Clone, Debug)]
pub struct Betza {
    pub components: Vec<Component>,
}

/// One atom with its prefixes and range, e.g. `ifmnD`, `fceF`, `isO3`, `mcabK`.
#[derive(Clone, Debug)]
pub struct Component {
    /// The legs of the move, first leg first. A component without `a` has exactly one leg.
    pub legs: Vec<LegSpec>,
    pub atom: Atom,
    pub range: Range,
    pub span: Span,
    /// Parenthesised repetition `x(y)zA` (XBetza: `xzA`, `xyzA`, `xyyzA`, …). `legs` then holds the
    /// legs written before `(` (`x`, at least one possibly empty leg), and this the group and what follows `)`.
    pub repeat: Option<Repeat>,
}

/// The parts of `x(y)zA` after `x`: the legs of `y` and of `z`, each split at `a` (at least one leg
/// each, possibly empty). The text is a macro: the last leg of one part and the first of the next are one
/// leg when the parts are written next to each other (`m(af)W` → `mW`, `mafW`, `mafafW`, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repeat {
    pub group: Vec<LegSpec>,
    pub after: Vec<LegSpec>,
}

/// The direction and modifier letters of one leg (the text between two `a`s).
#[derive(Clone, Debug, Default)]
pub struct LegSpec {
    pub directions: Vec<(Direction, Span)>,
    pub modifiers: Vec<(Modifier, Span)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    W,
    F,
    D,
    N,
    A,
    H,
    C,
    L,
    Z,
    J,
    G,
    K,
    Q,
    R,
    B,
    U,
    /// Castling, with the king's distance (`O2`, `O3`).
    O(u8),
}

/// Direction letters: `f b l r v s h`, and in a leg after an `a` also `z` and `q`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    F,
    B,
    L,
    R,
    V,
    S,
    H,
    /// `z` in a leg after an `a` (Muller, 2021): a turn like `l`/`r`, to the side opposite the previous
    /// bend (`afsafzW`: the second bend undoes the first, a crooked path).
    Z,
    /// `q` in a leg after an `a`: a turn like `l`/`r`, to the same side as the previous bend (circular).
    Q,
}

/// Modifier letters: `m c d e i n j p g y o t u x a z q` (`a` is represented by the leg structure).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Modifier {
    M,
    C,
    D,
    E,
    I,
    N,
    J,
    P,
    G,
    Y,
    O,
    T,
    U,
    X,
    Z,
    Q,
}

/// How far an atom goes: a leaper (`Leap`), a limited rider (`W4`) or an unlimited one (`N0`, `NN`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Range {
    Leap,
    Limited(u32),
    Unlimited,
}

impl Atom {
    /// The letter of the atom (`'O'` for castling; the distance is printed as its range).
    pub fn letter(self) -> char {
        match self {
            Atom::W => 'W',
            Atom::F => 'F',
            Atom::D => 'D',
            Atom::N => 'N',
            Atom::A => 'A',
            Atom::H => 'H',
            Atom::C => 'C',
            Atom::L => 'L',
            Atom::Z => 'Z',
            Atom::J => 'J',
            Atom::G => 'G',
            Atom::K => 'K',
            Atom::Q => 'Q',
            Atom::R => 'R',
            Atom::B => 'B',
            Atom::U => 'U',
            Atom::O(_) => 'O',
        }
    }

    /// The atom of a capital letter, if XBetza has one (`O` needs its distance: this returns `O(0)`).
    pub fn from_letter(c: char) -> Option<Atom> {
        Some(match c {
            'W' => Atom::W,
            'F' => Atom::F,
            'D' => Atom::D,
            'N' => Atom::N,
            'A' => Atom::A,
            'H' => Atom::H,
            'C' => Atom::C,
            'L' => Atom::L,
            'Z' => Atom::Z,
            'J' => Atom::J,
            'G' => Atom::G,
            'K' => Atom::K,
            'Q' => Atom::Q,
            'R' => Atom::R,
            'B' => Atom::B,
            'U' => Atom::U,
            'O' => Atom::O(0),
            _ => return None,
        })
    }

    /// `R`, `B` and `Q` slide by themselves: their default range is [`Range::Unlimited`].
    pub fn is_slider(self) -> bool {
        matches!(self, Atom::R | Atom::B | Atom::Q)
    }
}

impl Direction {
    pub fn letter(self) -> char {
        match self {
            Direction::F => 'f',
            Direction::B => 'b',
            Direction::L => 'l',
            Direction::R => 'r',
            Direction::V => 'v',
            Direction::S => 's',
            Direction::H => 'h',
            Direction::Z => 'z',
            Direction::Q => 'q',
        }
    }

    /// The direction letters `f b l r v s h`. `z` and `q` are directions only in a leg after an `a` (elsewhere
    /// they are the crooked and circular modifiers): see [`Direction::from_bend_letter`].
    pub fn from_letter(c: char) -> Option<Direction> {
        Some(match c {
            'f' => Direction::F,
            'b' => Direction::B,
            'l' => Direction::L,
            'r' => Direction::R,
            'v' => Direction::V,
            's' => Direction::S,
            'h' => Direction::H,
            _ => return None,
        })
    }

    /// `z` and `q` read as directions of a leg after an `a`.
    pub fn from_bend_letter(c: char) -> Option<Direction> {
        match c {
            'z' => Some(Direction::Z),
            'q' => Some(Direction::Q),
            _ => None,
        }
    }
}

impl Modifier {
    /// Canonical order of modifiers inside a leg: XBoard's `m c d e t p g o y n j`, then the letters XBoard
    /// does not read, `u x z q`. `i` is not in this list: it belongs to the whole move and is printed first
    /// (XBoard only recognises `i` at the very start of a move).
    pub const CANONICAL: [Modifier; 15] = [
        Modifier::M,
        Modifier::C,
        Modifier::D,
        Modifier::E,
        Modifier::T,
        Modifier::P,
        Modifier::G,
        Modifier::O,
        Modifier::Y,
        Modifier::N,
        Modifier::J,
        Modifier::U,
        Modifier::X,
        Modifier::Z,
        Modifier::Q,
    ];

    /// Position in the canonical order (`i` first).
    pub fn rank(self) -> usize {
        if self == Modifier::I {
            return 0;
        }
        1 + Self::CANONICAL
            .iter()
            .position(|&m| m == self)
            .unwrap_or(Self::CANONICAL.len())
    }

    pub fn letter(self) -> char {
        match self {
            Modifier::M => 'm',
            Modifier::C => 'c',
            Modifier::D => 'd',
            Modifier::E => 'e',
            Modifier::I => 'i',
            Modifier::N => 'n',
            Modifier::J => 'j',
            Modifier::P => 'p',
            Modifier::G => 'g',
            Modifier::Y => 'y',
            Modifier::O => 'o',
            Modifier::T => 't',
            Modifier::U => 'u',
            Modifier::X => 'x',
            Modifier::Z => 'z',
            Modifier::Q => 'q',
        }
    }

    pub fn from_letter(c: char) -> Option<Modifier> {
        Some(match c {
            'm' => Modifier::M,
            'c' => Modifier::C,
            'd' => Modifier::D,
            'e' => Modifier::E,
            'i' => Modifier::I,
            'n' => Modifier::N,
            'j' => Modifier::J,
            'p' => Modifier::P,
            'g' => Modifier::G,
            'y' => Modifier::Y,
            'o' => Modifier::O,
            't' => Modifier::T,
            'u' => Modifier::U,
            'x' => Modifier::X,
            'z' => Modifier::Z,
            'q' => Modifier::Q,
            _ => return None,
        })
    }
}

impl LegSpec {
    /// Whether the leg carries the modifier.
    pub fn has(&self, m: Modifier) -> bool {
        self.modifiers.iter().any(|&(x, _)| x == m)
    }
}

impl Component {
    /// Whether the component is only allowed as the piece's first move (`i` on its first leg).
    pub fn initial_only(&self) -> bool {
        self.legs.first().is_some_and(|l| l.has(Modifier::I))
    }
}

// Equality ignores spans: two trees are equal when they describe the same text up to canonical ordering.
impl PartialEq for LegSpec {
    fn eq(&self, other: &Self) -> bool {
        let d = |l: &LegSpec| l.directions.iter().map(|&(d, _)| d).collect::<Vec<_>>();
        let m = |l: &LegSpec| {
            let mut v: Vec<Modifier> = l.modifiers.iter().map(|&(m, _)| m).collect();
            v.sort_by_key(|m| m.rank());
            v
        };
        d(self) == d(other) && m(self) == m(other)
    }
}
impl Eq for LegSpec {}

impl Range {
    /// The range with equivalent spellings merged, for comparisons: `Limited(1)` on a leaper is
    /// `Leap`, `Limited(0)` is `Unlimited`, and `R`/`B`/`Q` are `Unlimited` unless limited.
    pub fn normalized(self, atom: Atom) -> Range {
        match (self, atom.is_slider()) {
            (Range::Limited(0), _) | (Range::Leap, true) => Range::Unlimited,
            (Range::Limited(1), false) => Range::Leap,
            (r, _) => r,
        }
    }
}

impl PartialEq for Component {
    /// Ignores spans, the order of modifiers within a leg, and equivalent spellings of the range.
    fn eq(&self, other: &Self) -> bool {
        self.legs == other.legs
            && self.repeat == other.repeat
            && self.atom == other.atom
            && self.range.normalized(self.atom) == other.range.normalized(other.atom)
    }
}
impl Eq for Component {}

impl PartialEq for Betza {
    fn eq(&self, other: &Self) -> bool {
        self.components == other.components
    }
}
impl Eq for Betza {}

impl std::fmt::Display for Component {
    /// Canonical form: `i` first, then per leg the direction letters as written (their order carries meaning
    /// on oblique atoms: `frN` ≠ `rfN`) and the modifiers in canonical order, legs joined by `a`; then the atom
    /// and its range (`W` leaper, `W3` limited, `W0` unlimited; `R`/`B`/`Q` unlimited print bare).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use std::fmt::Write;
        if self.initial_only() {
            f.write_char('i')?;
        }
        write_legs(f, &self.legs)?;
        if let Some(r) = &self.repeat {
            f.write_char('(')?;
            write_legs(f, &r.group)?;
            f.write_char(')')?;
            write_legs(f, &r.after)?;
        }
        f.write_char(self.atom.letter())?;
        if let Atom::O(n) = self.atom {
            return write!(f, "{n}");
        }
        match (self.range, self.atom.is_slider()) {
            (Range::Leap, _) | (Range::Unlimited, true) => Ok(()),
            (Range::Limited(n), _) => write!(f, "{n}"),
            (Range::Unlimited, false) => f.write_char('0'),
        }
    }
}

/// Legs joined by `a`: per leg the directions as written, then the modifiers (without `i`) in canonical order.
fn write_legs(f: &mut std::fmt::Formatter<'_>, legs: &[LegSpec]) -> std::fmt::Result {
    use std::fmt::Write;
    for (i, leg) in legs.iter().enumerate() {
        if i > 0 {
            f.write_char('a')?;
        }
        for &(d, _) in &leg.directions {
            f.write_char(d.letter())?;
        }
        let mut mods: Vec<Modifier> = leg
            .modifiers
            .iter()
            .map(|&(m, _)| m)
            .filter(|&m| m != Modifier::I)
            .collect();
        mods.sort_by_key(|m| m.rank());
        for m in mods {
            f.write_char(m.letter())?;
        }
    }
    Ok(())
}

impl std::fmt::Display for Betza {
    /// The components one after another. Where a bare atom would be followed by a component starting with
    /// the same capital (`W` then `W` would read as the rider `WW`), the first gets an explicit range
    /// (`W1W`, `R0R`) so that the text parses back to the same tree.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let texts: Vec<String> = self.components.iter().map(|c| c.to_string()).collect();
        for (i, t) in texts.iter().enumerate() {
            f.write_str(t)?;
            let last = t.chars().last();
            if last.is_some_and(|c| c.is_ascii_uppercase())
                && texts.get(i + 1).and_then(|n| n.chars().next()) == last
            {
                f.write_str(if self.components[i].atom.is_slider() {
                    "0"
                } else {
                    "1"
                })?;
            }
        }
        Ok(())
    }
}
