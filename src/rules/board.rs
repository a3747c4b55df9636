//! Squares, sides and square sets on a board of up to 36x36.
//! Files are named `a`..`z`, then `aa`..: the XBetza diagrams' names ([`betza::diagram::file_name`]).
use betza::diagram::{file_name, parse_file};
use std::fmt;

pub const MAX_FILES: u8 = 36;
pub const MAX_RANKS: u8 = 36;
pub const MAX_SQUARES: usize = MAX_FILES as usize * MAX_RANKS as usize;
const WORDS: usize = MAX_SQUARES.div_ceil(64);

/// A square index: `rank * files + file`, both counted from 0 at White's bottom-left (`a1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u16);

impl Square {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The two players. White is the first player and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    White = 0,
    Black = 1,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];
    pub const fn index(self) -> usize {
        self as usize
    }
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// The board's shape and the mapping between squares, coordinates and names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
}

impl Geometry {
    /// The letter a FEN's castling field names a square's file with: lower case, upper case for White (the
    /// first-move and gating rights, as Fairy-Stockfish writes its gates).
    pub fn file_letter(self, square: Square, side: Side) -> char {
        let file = (b'a' + self.file(square) as u8) as char;
        match side {
            Side::White => file.to_ascii_uppercase(),
            Side::Black => file,
        }
    }

    pub fn squares(self) -> usize {
        self.files as usize * self.ranks as usize
    }
    /// The square at (file, rank), both from 0, or `None` off the board.
    pub fn square(self, file: i32, rank: i32) -> Option<Square> {
        if file < 0 || rank < 0 || file >= self.files as i32 || rank >= self.ranks as i32 {
            return None;
        }
        Some(Square((rank * self.files as i32 + file) as u16))
    }
    pub fn file(self, sq: Square) -> i32 {
        (sq.0 % self.files as u16) as i32
    }
    pub fn rank(self, sq: Square) -> i32 {
        (sq.0 / self.files as u16) as i32
    }
    /// The square's colour: 0 for a1's colour (dark), 1 for the other (`drop opposite-colours`).
    pub fn colour(self, sq: Square) -> usize {
        ((self.file(sq) + self.rank(sq)) & 1) as usize
    }
    /// Algebraic name: files `a`..`z` then `aa`.. for boards wider than 26; ranks from 1.
    pub fn name(self, sq: Square) -> String {
        format!("{}{}", file_name(self.file(sq)), self.rank(sq) + 1)
    }
    /// Parses an algebraic square name such as `e4`, `j10` or `ab12`.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let split = text.find(|c: char| c.is_ascii_digit())?;
        let (letters, digits) = text.split_at(split);
        if letters.is_empty()
            || !letters.bytes().all(|b| b.is_ascii_lowercase())
            || digits.starts_with('0')
        {
            return None;
        }
        let file = parse_file(letters)?;
        let rank: i32 = digits.parse().ok()?;
        self.square(file, rank - 1)
    }
    pub fn all(self) -> impl Iterator<Item = Square> {
        (0..self.squares() as u16).map(Square)
    }
}

/// A fixed-size set of squares (bit set), big enough for any supported board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SquareSet {
    words: [u64; WORDS],
}

impl Default for SquareSet {
    fn default() -> Self {
        SquareSet { words: [0; WORDS] }
    }
}

impl SquareSet {
    pub fn new() -> Self {
        Self::default()
    }
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.words[sq.index() / 64] >> (sq.index() % 64) & 1 != 0
    }
    pub fn insert(&mut self, sq: Square) {
        self.words[sq.index() / 64] |= 1 << (sq.index() % 64);
    }
    pub fn remove(&mut self, sq: Square) {
        self.words[sq.index() / 64] &= !(1 << (sq.index() % 64));
    }
    pub fn union_with(&mut self, other: &SquareSet) {
        for (a, b) in self.words.iter_mut().zip(other.words.iter()) {
            *a |= *b;
        }
    }
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Square((i * 64 + b as usize) as u16))
            })
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::new();
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.0)).finish()
    }
}
