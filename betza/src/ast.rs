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

/// Direction letters: `f b l r v s h`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    F,
    B,
    L,
    R,
    V,
    S,
    H,
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
