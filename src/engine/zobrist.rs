//! Hash keys for positions, drawn once per game from a fixed-seed generator so hashes are reproducible.
use crate::rng::SplitMix64;
use crate::rules::{Game, PieceId, Side, Square};

/// Hand counts below this have a key of their own; a larger count's key is mixed from the last one and the count.
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
    /// The last move took a piece of the `no-counter-strike` set with an outsider.
    pub struck: u64,
    /// Per side and number of checks given (check-limit games).
    checks: Vec<u64>,
    /// Per square: a wall stands there (games with walls).
    wall: Vec<u64>,
}

impl Zobrist {
    pub fn new(game: &Game) -> Zobrist {
        let squares = game.geometry.squares();
        let pieces = game.pieces.len();
        let mut rng = SplitMix64::new(0x7A75_0000_0000_0001);
        let mut keys = |n: usize| (0..n).map(|_| rng.next_u64()).collect::<Vec<u64>>();
        Zobrist {
            squares,
            pieces,
            board: keys(2 * pieces * squares),
            hand: keys(2 * pieces * HAND_KEYS),
            castling: keys(
                game.castling_rights.len()
                    + game.first_move_rights.len()
                    + game.gating.as_ref().map_or(0, |g| g.rights.len()),
            ),
            ep: keys(squares),
            black_to_move: keys(1)[0],
            bonus_pending: keys(1)[0],
            struck: keys(1)[0],
            checks: keys(2 * CHECK_KEYS),
            wall: if game.walls.is_some() {
                keys(squares)
            } else {
                Vec::new()
            },
        }
    }
    #[inline]
    /// The bytes of its key tables (for [`crate::engine::Engine::table_sizes`]).
    pub(crate) fn bytes(&self) -> usize {
        [
            &self.board,
            &self.hand,
            &self.castling,
            &self.ep,
            &self.checks,
            &self.wall,
        ]
        .iter()
        .map(|keys| keys.len() * 8)
        .sum()
    }

    pub fn piece(&self, piece: PieceId, side: Side, sq: Square) -> u64 {
        self.board[(piece.index() * 2 + side.index()) * self.squares + sq.index()]
    }
    /// The key of holding `count` pieces of a type (XOR out the old count's key, XOR in the new one).
    #[inline]
    pub fn hand(&self, side: Side, piece: PieceId, count: u16) -> u64 {
        if count == 0 {
            return 0;
        }
        let c = (count as usize).min(HAND_KEYS) - 1;
        let key = self.hand[(side.index() * self.pieces + piece.index()) * HAND_KEYS + c];
        if (count as usize) < HAND_KEYS {
            key
        } else {
            SplitMix64::new(key ^ u64::from(count)).next_u64()
        }
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
    pub fn wall(&self, sq: Square) -> u64 {
        self.wall[sq.index()]
    }
    pub fn ep(&self, sq: Square) -> u64 {
        self.ep[sq.index()]
    }
}
