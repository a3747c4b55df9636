//! Hash keys for positions, drawn once per game from a fixed-seed generator so hashes are reproducible.
use crate::rules::{Game, PieceId, Side, Square};

/// Pieces of one type in one hand beyond this count share the last key (no real game gets near it).
const HAND_KEYS: usize = 64;
/// Check limits go up to 99 (the compiler enforces it).
const CHECK_KEYS: usize = 99;

pub struct Zobrist {
    squares: usize,
    pieces: usize,
    board: Vec<u64>,
    hand: Vec<u64>,
    castling: Vec<u64>,
    ep: Vec<u64>,
    pub black_to_move: u64,
    pub bonus_pending: u64,
    /// Per side and number of checks given (check-limit games).
    checks: Vec<u64>,
}

/// SplitMix64: tiny, good enough for hash keys, and needs no dependency.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    pub fn new(game: &Game) -> Zobrist {
        let squares = game.geometry.squares();
        let pieces = game.pieces.len();
        let mut state = 0x7A75_0000_0000_0001u64;
        let mut keys = |n: usize| (0..n).map(|_| next(&mut state)).collect::<Vec<u64>>();
        Zobrist {
            squares,
            pieces,
            board: keys(2 * pieces * squares),
            hand: keys(2 * pieces * HAND_KEYS),
            castling: keys(game.castling_rights.len()),
            ep: keys(squares),
            black_to_move: keys(1)[0],
            bonus_pending: keys(1)[0],
            checks: keys(2 * CHECK_KEYS),
        }
    }
    #[inline]
    pub fn piece(&self, piece: PieceId, side: Side, sq: Square) -> u64 {
        self.board[(piece.index() * 2 + side.index()) * self.squares + sq.index()]
    }
    /// The key of holding `count` pieces of a type (XOR out the old count's key, XOR in the new one).
    #[inline]
    pub fn hand(&self, side: Side, piece: PieceId, count: u8) -> u64 {
        if count == 0 {
            return 0;
        }
        let c = (count as usize).min(HAND_KEYS) - 1;
        self.hand[(side.index() * self.pieces + piece.index()) * HAND_KEYS + c]
    }
    pub fn castling(&self, rights: u32) -> u64 {
        (0..self.castling.len())
            .filter(|i| rights >> i & 1 != 0)
            .fold(0, |h, i| h ^ self.castling[i])
    }
    /// The key of having given `count` checks (0 has none).
    #[inline]
    pub fn checks(&self, side: Side, count: u8) -> u64 {
        match count as usize {
            0 => 0,
            c => self.checks[side.index() * CHECK_KEYS + c.min(CHECK_KEYS) - 1],
        }
    }
    pub fn ep(&self, sq: Square) -> u64 {
        self.ep[sq.index()]
    }
}
