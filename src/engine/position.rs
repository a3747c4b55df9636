//! One state of play. Changed in place by make/unmake; every derived field (hash, occupancy, piece lists, royal
//! squares) is updated incrementally by the three primitives `put`, `take` and `set_hand`.
use super::board::Cell;
use super::moves::Move;
use super::Engine;
use crate::rules::{Game, PieceId, Side, Square};

/// The squares an en-passant capture may land on, and the piece it removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnPassant {
    pub targets: [Square; 3],
    pub count: u8,
    pub victim: Square,
}

impl EnPassant {
    #[inline]
    pub fn is_target(&self, sq: Square) -> bool {
        self.targets[..self.count as usize].contains(&sq)
    }
}

/// What `unmake` needs to restore the position before a move: the move and what it took, and every field a move
/// can change beyond the board and hands (which `unmake` restores by undoing the move).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pub mv: Move,
    /// The piece captured on `mv.to`.
    pub captured: Cell,
    /// The piece captured on the move's e.p. or locust victim square.
    pub victim: Cell,
    /// How many pieces the move's explosion or burning removed (the top of [`Position::blasts`]); 0 without them.
    pub blasted: u8,
    pub side: Side,
    pub hash: u64,
    pub castling: u32,
    pub ep: Option<EnPassant>,
    pub halfmove: u32,
    pub fullmove: u32,
    pub rules: RuleState,
}

/// The state of play that only some rules keep, one value so that a move saves and restores it at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RuleState {
    /// `bonus-turn`: the side to move is playing the second part of a bonus turn.
    pub bonus_pending: bool,
    /// `pass allowed`: how many passes in a row led here (0 after any other move and in a position set up).
    pub passes: u8,
    /// `no-counter-strike`: where the last move took a piece of the set with a piece outside it (`None` after
    /// any other move, and in games without the rule).
    pub struck: Option<Square>,
    /// `check limit`: per side, the checks it has given.
    pub checks: [u8; 2],
    /// `counting`: the running count of the counting rules.
    pub count: super::rules::counting::Count,
    /// `walls duck`: where the duck stands.
    pub duck: Option<Square>,
}

/// Move lists legal generation reuses, so that it allocates nothing once warm; no part of the state of play.
#[derive(Clone, Default)]
pub(crate) struct Scratch {
    /// The moves that need make/test/unmake.
    pub deferred: Vec<Move>,
    /// One piece's moves awaiting a filter.
    pub piece: Vec<Move>,
    /// More lists, a stack for the calls that may nest inside generation (the drop-mate rule's
    /// [`Position::has_legal_move`]) and for [`Position::count_legal_moves`]'s full test.
    pub spare: Vec<Vec<Move>>,
}

/// A position reached in play, kept for repetition and perpetual-check detection.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HistoryEntry {
    pub hash: u64,
    /// The player who moved into this position (the side to move at the start of the game for the first entry).
    pub mover: Side,
    /// The side to move here is in check.
    pub check: bool,
    /// The turn passed to the opponent with this move (false in the middle of a bonus turn).
    pub turn_passed: bool,
    /// The check here is given by a piece of a type `checkmate-needs-check-by` lists (shatar's shak).
    pub shak: bool,
}

#[derive(Clone)]
pub struct Position<'e> {
    pub(crate) engine: &'e Engine,
    pub(crate) board: Vec<Cell>,
    /// Per (side, piece type): a bit set of the squares it occupies.
    pub(crate) occupancy: Vec<u64>,
    pub(crate) hands: [Vec<u16>; 2],
    pub(crate) side: Side,
    pub(crate) castling: u32,
    pub(crate) ep: Option<EnPassant>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// What only some rules keep (bonus turn, passes, counter-strike, check counts, counting, the duck).
    pub(crate) rules: RuleState,
    pub(crate) royal: [Option<Square>; 2],
    /// Per (side, piece type): how many are on the board.
    pub(crate) counts: Vec<u16>,
    /// Per side: bit `p` is set when a piece of type `p` (< 64) is on the board.
    pub(crate) present: [u64; 2],
    pub(crate) hash: u64,
    /// Per side: the squares of its pieces, in no particular order; `list_index[sq]` is a square's slot.
    pub(crate) lists: [Vec<Square>; 2],
    pub(crate) list_index: Vec<u16>,
    pub(crate) undo: Vec<Undo>,
    /// The pieces explosions or burning have removed, with their squares, as a stack that `unmake` pops (games
    /// with `explosions` or `burns` only).
    pub(crate) blasts: Vec<(Square, Cell)>,
    pub(crate) history: Vec<HistoryEntry>,
    pub(crate) scratch: Scratch,
}

impl<'e> Position<'e> {
    /// An empty board with White to move.
    pub(crate) fn empty(engine: &'e Engine) -> Position<'e> {
        let squares = engine.squares();
        let pieces = engine.game.pieces.len();
        Position {
            engine,
            board: vec![Cell::EMPTY; squares],
            occupancy: vec![0; 2 * pieces * engine.words],
            hands: [vec![0; pieces], vec![0; pieces]],
            side: Side::White,
            castling: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            rules: RuleState::default(),
            royal: [None, None],
            counts: vec![0; 2 * pieces],
            present: [0, 0],
            hash: 0,
            lists: [Vec::new(), Vec::new()],
            blasts: Vec::new(),
            list_index: vec![0; squares],
            undo: Vec::new(),
            history: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// An empty scratch list from [`Scratch::spare`]; give it back with [`Position::give_list`].
    #[inline]
    pub(crate) fn take_list(&mut self) -> Vec<Move> {
        self.scratch.spare.pop().unwrap_or_default()
    }

    #[inline]
    pub(crate) fn give_list(&mut self, mut list: Vec<Move>) {
        list.clear();
        self.scratch.spare.push(list);
    }

    pub fn game(&self) -> &'e Game {
        &self.engine.game
    }
    pub fn engine(&self) -> &'e Engine {
        self.engine
    }
    pub fn side_to_move(&self) -> Side {
        self.side
    }
    pub fn piece_at(&self, sq: Square) -> Option<(PieceId, Side)> {
        self.board[sq.index()].occupant()
    }
    pub fn hand(&self, side: Side) -> &[u16] {
        &self.hands[side.index()]
    }
    pub fn hash(&self) -> u64 {
        self.hash
    }
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    pub fn bonus_pending(&self) -> bool {
        self.rules.bonus_pending
    }
    pub fn castling_rights(&self) -> u32 {
        self.castling
    }
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }
    pub fn royal_square(&self, side: Side) -> Option<Square> {
        self.royal[side.index()]
    }
    /// The squares of `side`'s pieces.
    /// How many pieces of `piece` `side` has on the board.
    pub fn count_on_board(&self, side: Side, piece: PieceId) -> u16 {
        self.counts[piece.index() * 2 + side.index()]
    }
    pub fn pieces_of(&self, side: Side) -> &[Square] {
        &self.lists[side.index()]
    }

    #[inline]
    pub(crate) fn occupancy_slot(&self, side: Side, piece: PieceId) -> usize {
        (piece.index() * 2 + side.index()) * self.engine.words
    }

    /// Places a piece on an empty square.
    pub(crate) fn put(&mut self, sq: Square, piece: PieceId, side: Side) {
        debug_assert!(self.board[sq.index()].is_empty());
        self.board[sq.index()] = Cell::new(piece, side);
        let slot = self.occupancy_slot(side, piece);
        self.occupancy[slot + sq.index() / 64] |= 1 << (sq.index() % 64);
        self.hash ^= self.engine.zobrist.piece(piece, side, sq);
        let list = &mut self.lists[side.index()];
        self.list_index[sq.index()] = list.len() as u16;
        list.push(sq);
        self.counts[piece.index() * 2 + side.index()] += 1;
        if piece.index() < 64 {
            self.present[side.index()] |= 1 << piece.index();
        }
        // With several royal pieces per side, their squares are read from the occupancy bit sets instead.
        if self.engine.game.pieces[piece.index()].royal && self.engine.royal_types.is_empty() {
            self.royal[side.index()] = Some(sq);
        }
    }

    /// Removes the piece on an occupied square and returns it.
    pub(crate) fn take(&mut self, sq: Square) -> Cell {
        let cell = self.board[sq.index()];
        debug_assert!(!cell.is_empty());
        let (piece, side) = (cell.piece(), cell.side());
        self.board[sq.index()] = Cell::EMPTY;
        let slot = self.occupancy_slot(side, piece);
        self.occupancy[slot + sq.index() / 64] &= !(1 << (sq.index() % 64));
        self.hash ^= self.engine.zobrist.piece(piece, side, sq);
        let list = &mut self.lists[side.index()];
        let i = self.list_index[sq.index()] as usize;
        let last = list.pop().expect("a piece is listed");
        if i < list.len() {
            list[i] = last;
            self.list_index[last.index()] = i as u16;
        }
        let count = &mut self.counts[piece.index() * 2 + side.index()];
        *count -= 1;
        if *count == 0 && piece.index() < 64 {
            self.present[side.index()] &= !(1 << piece.index());
        }
        if self.royal[side.index()] == Some(sq) {
            self.royal[side.index()] = None;
        }
        cell
    }

    /// Walls an empty square (games with walls).
    pub(crate) fn put_wall(&mut self, sq: Square) {
        debug_assert!(self.board[sq.index()].is_empty());
        self.board[sq.index()] = Cell::WALL;
        self.hash ^= self.engine.zobrist.wall(sq);
    }

    /// Takes a wall down (unmake).
    pub(crate) fn take_wall(&mut self, sq: Square) {
        debug_assert!(self.board[sq.index()].is_wall());
        self.board[sq.index()] = Cell::EMPTY;
        self.hash ^= self.engine.zobrist.wall(sq);
    }

    /// Is there a wall on `sq`?
    pub fn is_wall(&self, sq: Square) -> bool {
        self.board[sq.index()].is_wall()
    }

    pub(crate) fn set_hand(&mut self, side: Side, piece: PieceId, count: u16) {
        let old = self.hands[side.index()][piece.index()];
        self.hash ^= self.engine.zobrist.hand(side, piece, old)
            ^ self.engine.zobrist.hand(side, piece, count);
        self.hands[side.index()][piece.index()] = count;
    }

    pub(crate) fn set_castling(&mut self, rights: u32) {
        self.hash ^=
            self.engine.zobrist.castling(self.castling) ^ self.engine.zobrist.castling(rights);
        self.castling = rights;
    }

    pub(crate) fn set_ep(&mut self, ep: Option<EnPassant>) {
        if let Some(old) = self.ep {
            self.hash ^= self.engine.zobrist.ep(old.victim);
        }
        if let Some(new) = ep {
            self.hash ^= self.engine.zobrist.ep(new.victim);
        }
        self.ep = ep;
    }

    pub(crate) fn set_side(&mut self, side: Side) {
        if side != self.side {
            self.hash ^= self.engine.zobrist.black_to_move;
            self.side = side;
        }
    }

    pub(crate) fn set_checks(&mut self, side: Side, count: u8) {
        let old = self.rules.checks[side.index()];
        self.hash ^=
            self.engine.zobrist.checks(side, old) ^ self.engine.zobrist.checks(side, count);
        self.rules.checks[side.index()] = count;
    }

    pub(crate) fn set_struck(&mut self, struck: Option<Square>) {
        if struck.is_some() != self.rules.struck.is_some() {
            self.hash ^= self.engine.zobrist.struck;
        }
        self.rules.struck = struck;
    }

    pub(crate) fn set_bonus(&mut self, pending: bool) {
        if pending != self.rules.bonus_pending {
            self.hash ^= self.engine.zobrist.bonus_pending;
            self.rules.bonus_pending = pending;
        }
    }

    /// The positions of the game so far, oldest first, as `(hash, mover, check, turn_passed)`: what a search
    /// needs to score repetitions with the game's own history (see `HistoryEntry`).
    pub fn history_visits(&self) -> impl Iterator<Item = (u64, Side, bool, bool)> + '_ {
        self.history
            .iter()
            .map(|e| (e.hash, e.mover, e.check, e.turn_passed))
    }

    /// Starts the repetition history at the current position.
    pub(crate) fn reset_history(&mut self) {
        let check = self.in_check();
        let shak = check && self.is_shak();
        self.history = vec![HistoryEntry {
            hash: self.hash,
            mover: self.side.opponent(),
            check,
            turn_passed: true,
            shak,
        }];
    }
}
