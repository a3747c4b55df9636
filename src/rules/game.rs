//! The compiled game: board, zones, piece types with their move-rule graphs, and the rules around them.

use super::{
    Geometry, Promotion, PromotionReach, Ray, RaySlice, Side, Square, SquareSet, StepRule,
};

/// At most this many piece types in one game, promoted forms included (Taikyoku Shogi, the largest historical game,
/// has about 300). Far below the 32,767 that [`PieceId`] and the executor's packed board cells can number.
pub const MAX_PIECE_TYPES: usize = 1024;

/// Index into [`Game::pieces`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceId(pub u16);

impl PieceId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Index into [`Game::zones`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ZoneId(pub u16);

/// How the second player's pieces and zones relate to the first player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// Mirrored across the middle rank (chess).
    Mirror,
    /// Rotated 180° (shogi).
    Rotate,
}

/// A named set of squares, one per side (Black's is White's mirrored or rotated unless given explicitly).
#[derive(Clone, Debug)]
pub struct Zone {
    pub name: String,
    pub squares: [SquareSet; 2],
}

impl Zone {
    #[inline]
    pub fn contains(&self, side: Side, sq: Square) -> bool {
        self.squares[side.index()].contains(sq)
    }
}

/// The most piece types one game may drop under `drop opposite-colours` (move generation keeps their counts in a
/// fixed array, so that it allocates nothing).
pub const MAX_COLOUR_BOUND: usize = 8;

/// May this piece be dropped from hand, and where not.
#[derive(Clone, Debug, Default)]
pub struct DropRule {
    /// Per side: squares where it may not be dropped (besides occupied squares and [`PieceType::dead`] ones).
    pub forbidden: [SquareSet; 2],
    /// Not on a file that already holds this many friendly pieces of this exact type, so promoted ones do not
    /// count (`Some(1)` is shogi's nifu; tori shogi's swallows have `Some(2)`).
    pub per_file: Option<u16>,
    /// A drop of this piece may not give checkmate (uchifuzume).
    pub no_drop_mate: bool,
    /// It may also be dropped as this promoted form (`drop either-form`: kyoto shogi, micro shogi).
    pub as_promoted: Option<PieceId>,
    /// `drop opposite-colours` (placement chess's bishops, Fairy-Stockfish's `dropOppositeColoredBishop`): with
    /// `n` of this type held and on the board, a drop of it may not bring more than `(n + 1) / 2` of them onto
    /// one square colour, and a drop of another piece must leave, on each colour, at least `n / 2` squares that
    /// hold one of them or where one could still be dropped.
    pub opposite_colours: bool,
}

/// How a range capturer's slides pass over pieces of lower rank (`jumps-lower`, Tenjiku Shogi's jumping generals).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpsLower {
    /// Past a piece of lower rank it may stop on any square it reaches: empty, or an enemy to take.
    AnyMove,
    /// `to-capture`: past a piece of lower rank it may only stop on an enemy piece, taking it.
    ToCapture,
    /// `taking-passed` (Taikyoku Shogi's generals, as yetiowin and manbearian read them): it stops on any empty
    /// square it reaches or on an enemy piece of lower rank, and the move removes every piece it passed over, of
    /// either side. A piece of equal or higher rank ends the line and is never taken by the slide.
    TakingPassed,
}

/// Jumping slides (`jumps-over "XBETZA" [enemies] [taking-passed]`, Taikyoku Shogi's Great Hawk and Shitennou,
/// and its Free Eagle): the piece's slides along these lines pass over pieces, of any rank, which stay where they
/// are; every empty square and every enemy piece on the line is a destination. A limited line (`fB4`) passes
/// pieces only within its first squares: once past one, the slide stops at the line's last square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpsOver {
    /// The XBetza text as written (`fR`, `Q`, `fB4R3`).
    pub betza: String,
    /// The lines, with White's steps; Black's are these turned as the game's orientation says.
    pub lines: Vec<JumpLine>,
    /// `enemies`: only enemy pieces are passed; a friendly one ends the line, as on any slide.
    pub enemies: bool,
    /// `taking-passed`: every piece passed is taken (`make` removes the pieces between the move's squares).
    pub taking_passed: bool,
}

impl JumpsOver {
    /// The piece item as a variant file writes it: `jumps-over "fB4R3" enemies taking-passed`.
    pub fn written(&self) -> String {
        let mut text = format!("jumps-over \"{}\"", self.betza);
        if self.enemies {
            text += " enemies";
        }
        if self.taking_passed {
            text += " taking-passed";
        }
        text
    }

    /// What the pieces passed are, in words: `any number of pieces, of either side and any rank, which stay`.
    pub fn passed_words(&self) -> String {
        let whose = if self.enemies {
            "enemy pieces, of any rank (a friendly piece ends the line)"
        } else {
            "pieces, of either side and any rank"
        };
        let fate = if self.taking_passed {
            "taking every one"
        } else {
            "which stay"
        };
        format!("any number of {whose}, {fate}")
    }
}

/// One line of a [`JumpsOver`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JumpLine {
    /// White's step (`(0, 1)`: forward).
    pub step: (i32, i32),
    /// The squares of the line within which pieces are passed (`fB4`: 4); `None`, the whole line.
    pub within: Option<u16>,
}

#[derive(Clone, Debug)]
pub struct PieceType {
    /// The designer's name, e.g. "Left Warrior".
    pub name: String,
    /// The FEN letter(s) of the White piece, e.g. `P`, `+P`; Black's is the same in lower case.
    pub symbol: String,
    /// Losing all royal pieces, or leaving one attacked, is what check and mate are about.
    pub royal: bool,
    /// Per side and square (index `side * squares + square`): the rays of this piece there.
    pub graph: Vec<RaySlice>,
    /// Per side: squares from which this piece has no move at all on an empty board.
    pub dead: [SquareSet; 2],
    /// The types it may never capture (`may-not-capture`; atomar's king may not take the other king).
    pub may_not_capture: Vec<PieceId>,
    /// `confined to ZONE`: its destinations lie in the zone (already applied to its rays; kept for the exporters).
    pub confined: Option<ZoneId>,
    /// `glyph "竜"`: the text a board draws for the piece; `None`: its letters.
    pub glyph: Option<String>,
    /// The types it never hops over (`may-not-hop-over`; janggi's cannon over a cannon): a hop ray whose hurdle is
    /// one of them ends there.
    pub may_not_hop_over: Vec<PieceId>,
    /// Its rank for range capture (`rank-order`): 0 for the types not listed, the last group 1, and so up to the
    /// first group. Only a piece that [`Self::jumps_lower`] reads it, about the pieces it meets.
    pub rank: u16,
    /// `jumps-lower`: its slides pass over pieces of lower [`Self::rank`] (range capture); `None`: they stop at
    /// the first piece, as every slide does.
    pub jumps_lower: Option<JumpsLower>,
    /// Under `jumps-lower taking-passed`: the ray sources ([`Ray::source`](super::Ray)) of its unlimited slides
    /// (`R`, `B`, `Q`, `fR`), the only rays that pass and take; its leaps and limited slides (`D`, `R2`) move as
    /// any piece's. Empty otherwise.
    pub sweeping_sources: Vec<u16>,
    /// `jumps-over`: the lines along which its slides pass over any piece; `None` without it.
    pub jumps_over: Option<JumpsOver>,
    /// `burns …`: after it moves, the enemy pieces in its area are removed (and with `passive`, an enemy piece that
    /// stops in it); `None`: it burns nothing.
    pub burns: Option<super::Burn>,
    /// `captures-unprotected-only`: it never takes an enemy piece whose square an enemy piece attacks once the
    /// capture is made, and it checks a royal piece only where that capture would be legal.
    pub captures_unprotected_only: bool,
    /// Its `promote` lines, in the order of the file (empty: it never promotes).
    pub promotions: Vec<Promotion>,
    /// Per side: where a move must end, or (for `start-or-destination` lines) may start, for one of its lines to
    /// fire ([`PromotionReach`]).
    pub promotion_reach: [PromotionReach; 2],
    /// What the piece becomes in the captor's hand (its unpromoted type), or `None` if it is removed.
    pub in_hand: Option<PieceId>,
    /// Per side: ending a move here turns the piece back into this type (Heian's demotion in the first zone).
    pub demote_in: Option<(ZoneId, PieceId)>,
    /// `None`: it is never dropped.
    pub drop: Option<DropRule>,
    /// Is this a promoted form (written with a `+` in FEN, counted separately for nifu)?
    pub promoted: bool,
    /// For a shadow type `X~` (made by a `remembered` promotion, written `X~` in FEN): the type `X` it plays as.
    /// It has `X`'s moves and rules and goes to hand as the piece that promoted ([`Self::in_hand`]).
    pub shadow_of: Option<PieceId>,
    /// For a type `X` with a shadow `X~`: that shadow. Rules that name `X` (extinction, material limits,
    /// insufficient material, flags) count it too.
    pub shadow: Option<PieceId>,
    /// `initial unmoved`: its `i` moves last while it has not moved (see [`super::FirstMoveRight`]).
    pub unmoved: Option<Box<super::Unmoved>>,
    /// It has both a plain capture (of an enemy, or with `d` of a friend) and a swap (`u`), its own or, for a
    /// borrower, borrowed: the two may land on the
    /// same square from the same origin, so its swaps are written in legs (`d3d3,d3d7`) and never read as the plain
    /// capture (`d3d7`).
    pub swaps_in_legs: bool,
}

impl PieceType {
    #[inline]
    pub fn rays(&self, side: Side, squares: usize, sq: Square) -> RaySlice {
        self.graph[side.index() * squares + sq.index()]
    }
}

/// One castling right, written with a FEN letter: `K`, `Q`, `k`, `q`, or under fixed-file castling the partner's
/// file (`H`, `a`: Shredder-FEN).
#[derive(Clone, Debug)]
pub struct CastlingRight {
    pub side: Side,
    pub letter: char,
    /// The castling piece's square; `None` under fixed-file castling, where it castles from wherever it stands on
    /// the partner's rank.
    pub king_from: Option<Square>,
    pub rook_from: Square,
    /// The castling piece and its partner types: a FEN may grant the right only with these on their squares.
    pub king: PieceId,
    pub rooks: Vec<PieceId>,
    /// `castles with … after drop on …`: the right is gained when a drop leaves the castling piece on
    /// `king_from` and a partner on `rook_from` (Fairy-Stockfish's `castlingDroppedPiece`).
    pub by_drop: bool,
}

/// One castling move: king and rook squares and what must hold for it.
#[derive(Clone, Debug)]
pub struct Castling {
    /// Index into [`Game::castling_rights`].
    pub right: usize,
    pub king_from: Square,
    pub king_to: Square,
    pub rook_from: Square,
    pub rook_to: Square,
    /// The square the move is written to: the king's destination, or the partner's square (the king takes its own
    /// rook, as Fairy-Stockfish writes Chess960 castling) under fixed-file castling and wherever the king's own
    /// moves reach its destination; the compiler refuses a king that could also capture its partner, so no other
    /// move shares the text (`compile::castling_text`).
    pub move_to: Square,
    /// Every square that must be empty (other than the king's and rook's own).
    pub empty: Vec<Square>,
    /// Every square the opponent must not attack, the king's start square included.
    pub safe: Vec<Square>,
}

/// A bonus turn after a drop into a zone (Heian): the same side moves again, and may pass instead.
#[derive(Clone, Debug)]
pub struct BonusTurn {
    pub zone: ZoneId,
    pub may_pass: bool,
}

/// Compulsory capture (antichess, losers): when a capture by one of the listed types is legal, only such
/// captures are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForcedCapture {
    /// Per piece type (index = [`PieceId`]): are its captures compulsory?
    pub by: Vec<bool>,
}

/// Captures are explosions (atomic chess): after a capture, the capturer and every piece on the (up to eight)
/// squares around its destination leave the board, of either side, but the pieces of the spared types around it.
/// A move may not blow up its own side's royal piece; blowing up the enemy's is legal whatever it leaves attacked;
/// a royal piece next to the enemy's is never in check (taking it would blow up the taker's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explosions {
    /// Per piece type (index = [`PieceId`]): does a piece of it survive an explosion next to it?
    pub spared: Vec<bool>,
    /// Per piece type: is it never blown up, not even as the capturer (atomar's kings)?
    pub immune: Vec<bool>,
}

/// The stalemated side's result.
pub type StalemateResult = Verdict;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// The game ends the `count`-th time a position occurs.
    pub count: u8,
    /// If every move of one side in the cycle gave check, that side loses instead of a draw.
    pub perpetual_check_loses: bool,
    /// Otherwise: `None` is a draw, `Some(side)` a loss for that side (see [`RepetitionLoser`]).
    pub loser: Option<RepetitionLoser>,
}

/// Who loses by repetition where it is not a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionLoser {
    /// The side whose move completed the repetition.
    Mover,
    /// This side, whoever completed it (minishogi: the first player).
    Side(Side),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BareKing {
    /// Only a bare king with an empty hand loses.
    pub hand_must_be_empty: bool,
    /// Shatranj's reprieve: a bared side to move is not yet lost while the opponent has a single non-royal piece
    /// (its move may bare the other side too); both sides bare is no result.
    pub reprieve: bool,
}

/// A result for one side, from that side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Win,
    Draw,
    Loss,
}

/// Which pieces an extinction rule counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extinct {
    /// All of a side's pieces together, on the board and in hand.
    AnyPiece,
    /// Each listed type on its own (board and hand): one type falling to the limit is enough.
    Types(Vec<PieceId>),
    /// The listed types counted as one (`together`: Chu Shogi's King and Crown Prince).
    Together(Vec<PieceId>),
}

/// A side with at most `at_most` pieces of what `pieces` counts gets `verdict` (capture the king, antichess,
/// extinction chess, horde).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    pub pieces: Extinct,
    pub at_most: u16,
    pub verdict: Verdict,
}

/// A side that ends a move with a piece of one of `pieces` in its copy of `zone` wins (king of the hill).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    pub pieces: Vec<PieceId>,
    pub zone: ZoneId,
    /// A flag piece counts only where no enemy piece attacks it; both sides there is a draw (dobutsu's try).
    pub if_safe: bool,
    /// A flag piece counts only for the side to move: it has stood there through the opponent's reply (jeson
    /// mor, Fairy-Stockfish's `flagMove`).
    pub after_reply: bool,
}

/// The rules that decide which moves are legal beyond the pieces' own moves: what the royal pieces mean, and the
/// moves that may not leave or make a position. Move generation and the legality test read them; how the game ends
/// is [`EndRules`].
#[derive(Clone, Debug)]
pub struct Legality {
    /// What the royal pieces of one side mean when it has several.
    pub royalty: Royalty,
    /// A move that gives check is illegal (racing kings).
    pub giving_check_illegal: bool,
    /// A royal piece in check may not move: the check must be met otherwise (makpong).
    pub royal_frozen_in_check: bool,
    /// Royal pieces of opposite sides may not stand on one file with nothing between them: no move may leave
    /// them so (xiangqi's flying general).
    pub facing_royals_illegal: bool,
}

/// How the game ends: mate and stalemate, the draws by rule and the counts behind them, and the positions that
/// decide a game whatever the moves.
#[derive(Clone, Debug)]
pub struct EndRules {
    pub stalemate: StalemateResult,
    pub repetition: Option<Repetition>,
    /// Draw after this many plies without a capture or a move of a `resets_clock` piece.
    pub move_limit: Option<u32>,
    /// Pieces whose moves reset the halfmove clock (pawns).
    pub resets_clock: Vec<PieceId>,
    /// Every move that promotes resets the halfmove clock, whatever the piece (`reset-by promotions`): where the
    /// pawns' own moves do not (pawnback, whose pawns step back), a promotion still cannot be undone.
    pub promotion_resets_clock: bool,
    pub bare_king_loses: Option<BareKing>,
    /// Draw when the non-royal pieces on the board (both sides, hands empty) are exactly one of these multisets.
    pub insufficient_material: Vec<Vec<PieceId>>,
    /// The mated side's result (a loss but in misère games).
    pub checkmate: Verdict,
    /// `checkmate-by-only …`: a mate given by pieces of these types alone is lost by the mating side (shatar's
    /// knights); empty without the rule.
    pub checkmate_by_only_loses: Vec<PieceId>,
    /// `checkmate-needs-check-by …`: a mate counts only if the unbroken series of checks that led to it held a
    /// check by one of these types (shatar's shak), and draws otherwise; empty without the rule.
    pub checkmate_needs_check_by: Vec<PieceId>,
    pub extinction: Vec<Extinction>,
    pub flags: Vec<Flag>,
    /// The side that gives check this many times wins (three-check); counted in the FEN as `3+3`, the checks
    /// each side has still to give.
    pub check_limit: Option<u8>,
    /// Every drawn result is scored as a win for this side (armageddon: Black).
    pub draws_win: Option<Side>,
    /// When White reaches a flag first, Black may reply by reaching its own: a draw (racing kings).
    pub black_may_equalise: bool,
    /// A stalemate is won by the side with fewer pieces on the board, drawn with equal counts (suicide chess);
    /// `stalemate` is then not read.
    pub stalemate_by_piece_count: bool,
    /// `facing-royals must-break` (janggi's bikjang): the side to move whose royal piece faces the enemy's on an
    /// open line must break the line or pass; a pass there ends the game as a draw.
    pub facing_royals_must_break: bool,
    /// `double-pass draws`: two passes in a row end the game as a draw.
    pub double_pass_draws: bool,
    /// `only-promotions draws` (sittuyin's stalemate): a side not in check with two pieces on the board, one of
    /// them a piece that promotes `on standing`, whose every legal move promotes, is drawn. A draw by rule, like
    /// the move limit: it does not stop move generation.
    pub only_promotions_draw: bool,
    /// `material-count`: draws by the move limit, repetition or passing are decided by material (janggi).
    pub material_count: Option<MaterialCount>,
    /// The makruk family's counting rules: a count that runs out draws.
    pub counting: Option<super::Counting>,
}

/// Janggi's scoring of draws by rule: each side's piece values (in tenths) summed, a bonus added to one side;
/// the higher total wins, equal totals draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialCount {
    /// Per piece type: its value in tenths of a point (0 for types not listed).
    pub tenths: Vec<u32>,
    /// Per side: its bonus in tenths.
    pub bonus_tenths: [u32; 2],
}

impl MaterialCount {
    /// Tenths of a point as the file writes them (`13`, `1.5`).
    pub fn tenths_text(t: u32) -> String {
        if t % 10 == 0 {
            (t / 10).to_string()
        } else {
            format!("{}.{}", t / 10, t % 10)
        }
    }

    /// The declared piece types with a value, and their values in tenths (shadow types `X~` share `X`'s and are
    /// left out).
    pub fn valued<'a>(&'a self, game: &'a Game) -> impl Iterator<Item = (PieceId, u32)> + 'a {
        (0..self.tenths.len())
            .filter(|&i| self.tenths[i] > 0 && game.pieces[i].shadow_of.is_none())
            .map(|i| (PieceId(i as u16), self.tenths[i]))
    }
}

/// What a side's royal pieces mean.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Royalty {
    /// At most one royal piece per side (every start position and promotion keeps it so): checkmate is about it.
    #[default]
    One,
    /// Every royal piece must be kept safe: a move may leave none of them attacked (coregal's king and queens).
    AllSafe,
    /// Royal pieces may be captured while the side has two or more; its last one must be kept safe (shoshogi's
    /// king and crown prince). With `duple_check`, a side with several may not leave every one of them attacked
    /// at once (spartan's two kings).
    LastSafe { duple_check: bool },
}

impl EndRules {
    /// Does a rule decide positions by what stands on the board, whatever the moves (bare king, extinction, flags,
    /// check counting)? Such positions have no legal moves; games without such rules never look.
    pub fn decides_positions(&self) -> bool {
        self.bare_king_loses.is_some()
            || !self.extinction.is_empty()
            || !self.flags.is_empty()
            || self.check_limit.is_some()
            || self.double_pass_draws
            || self.facing_royals_must_break
    }
}

/// One move set of a piece as the game states it: its XBetza text (kept once, however many rays it makes) and
/// the zone rule that selects it (`None`: everywhere else), with what explanations say of each component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSet {
    pub piece: PieceId,
    pub zone: Option<ZoneId>,
    /// `also moves in ZONE`: added to the set that applies in the zone rather than replacing it.
    pub adds: bool,
    /// `… within ZONE`: this set's destinations lie in the zone.
    pub within: Option<ZoneId>,
    pub betza: String,
    pub components: Vec<MoveComponent>,
}

/// One component of a move set (`ifmnD`), for explanations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveComponent {
    /// Its canonical XBetza text.
    pub text: String,
    /// What it does, in English.
    pub description: String,
    /// An `i` move: only from the piece's initial squares.
    pub initial_only: bool,
}

/// Where a ray came from, for explanations (`tatsu piece --explain`): a component of one of
/// [`Game::move_sets`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaySource {
    pub move_set: u32,
    pub component: u32,
}

#[derive(Clone, Debug)]
pub struct Game {
    /// The bundled name (`ryugi`) or the file's stem.
    pub name: String,
    pub title: String,
    /// The file's `description` (a line of prose for listings and the rule book), or empty.
    pub description: String,
    /// The file's `aliases`: other names the game is found by.
    pub aliases: Vec<String>,
    pub geometry: Geometry,
    pub orientation: Symmetry,
    pub zones: Vec<Zone>,
    pub pieces: Vec<PieceType>,
    pub rays: Vec<Ray>,
    pub ray_squares: Vec<Square>,
    /// Parallel to `ray_squares`: what each square of a [`super::RayKind::Chain`] ray allows (on other rays, the
    /// destination rule of the ray's flags, which their walks never read).
    pub ray_rules: Vec<StepRule>,
    pub ray_sources: Vec<RaySource>,
    /// Every piece's move sets, in the order of the file.
    pub move_sets: Vec<MoveSet>,
    /// Squares that are not part of the board (Fairy-Stockfish's walls, `*` in a FEN): no ray reaches, crosses or
    /// leaves them, no piece is dropped there.
    pub holes: SquareSet,
    pub castling_rights: Vec<CastlingRight>,
    pub castlings: Vec<Castling>,
    /// The rights of pieces whose `i` moves last while they have not moved; the position keeps them as bits
    /// after the castling rights' (bit `castling_rights.len() + i` for right `i`).
    pub first_move_rights: Vec<super::FirstMoveRight>,
    /// `gating in ZONE`: pieces from hand enter on the squares pieces leave; the position keeps its rights as bits
    /// after the first-move rights' (bit `castling_rights.len() + first_move_rights.len() + i` for right `i`).
    pub gating: Option<super::Gating>,
    /// Captured pieces go to the captor's hand and may be dropped.
    pub drops: bool,
    pub bonus_turn: Option<BonusTurn>,
    pub forced_capture: Option<ForcedCapture>,
    pub explosions: Option<Explosions>,
    /// `walls …` and `petrify …`: squares made impassable during the game; `None` in games without walls.
    pub walls: Option<super::Walls>,
    /// `dead-squares allowed`: a piece may end a move, or be dropped, where it could never move again (every
    /// piece's [`PieceType::dead`] sets are then empty). The default forbids it.
    pub dead_squares_allowed: bool,
    /// `must-drop`: while the side to move holds a piece in hand and some drop is legal, only drops are
    /// (Fairy-Stockfish's `mustDrop`: placement, sittuyin's set-up).
    pub must_drop: bool,
    /// `pass allowed`: the side to move may pass instead of moving, unless it is in check (written as its royal
    /// piece's square twice, `e2e2`, as Fairy-Stockfish writes janggi's pass).
    pub pass_allowed: bool,
    /// `no-capture-of-protected … from-afar`: protected pieces of a set may not be taken from afar.
    pub protected_capture: Option<super::ProtectedCapture>,
    /// `no-counter-strike …`: a piece of a set taken by an outsider may not be answered in kind.
    pub counter_strike: Option<super::CounterStrike>,
    pub legality: Legality,
    pub end: EndRules,
    pub start_fen: String,
}

impl Game {
    /// Piece types as a variant file lists them: their symbols, space-separated (`N B`).
    pub fn symbols_text(&self, ids: &[PieceId]) -> String {
        ids.iter()
            .map(|&p| self.piece(p).symbol.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The `insufficient-material` sets as a variant file writes them: comma-separated, `none` for bare royal
    /// pieces (`none, N, B`).
    pub fn insufficient_material_text(&self) -> String {
        let sets: Vec<String> = self
            .end
            .insufficient_material
            .iter()
            .map(|set| {
                if set.is_empty() {
                    "none".to_string()
                } else {
                    self.symbols_text(set)
                }
            })
            .collect();
        sets.join(", ")
    }

    /// The piece types a per-type flag list marks (`forced-capture by`, `explosions spare`/`immune`), in order.
    pub fn types_marked<'a>(&'a self, marks: &'a [bool]) -> impl Iterator<Item = PieceId> + 'a {
        marks
            .iter()
            .enumerate()
            .filter(|(_, &marked)| marked)
            .map(|(i, _)| PieceId(i as u16))
    }

    /// The file a castling king ends on toward the higher files (`kingside`) or the lower ones, if the game has
    /// such a castling (`side`'s, or either side's).
    pub fn castling_king_file(&self, side: Option<Side>, kingside: bool) -> Option<i32> {
        let g = self.geometry;
        self.castlings
            .iter()
            .filter(|c| side.is_none_or(|s| self.castling_rights[c.right].side == s))
            .find(|c| (g.file(c.rook_from) > g.file(c.king_from)) == kingside)
            .map(|c| g.file(c.king_to))
    }

    /// The position's bit for gating right `i` of [`Game::gating`].
    pub fn gate_bit(&self, i: usize) -> u32 {
        1 << (self.castling_rights.len() + self.first_move_rights.len() + i)
    }

    /// `side`'s gating rights, as the position's bits.
    pub fn gate_rights(&self, side: Side) -> u32 {
        let Some(gating) = &self.gating else {
            return 0;
        };
        (0..gating.rights.len())
            .filter(|&i| gating.rights[i].side == side)
            .fold(0, |bits, i| bits | self.gate_bit(i))
    }

    /// Gating with hands that captures never refill (`drops reserve`): a side's gating rights lapse once its hand
    /// is empty, as nothing could use them (Fairy-Stockfish stops writing them then).
    pub fn gates_lapse(&self) -> bool {
        self.gating.is_some() && !self.pieces.iter().any(|p| p.in_hand.is_some())
    }

    /// Are drops moves of this game (rather than hands entered only by gating)?
    pub fn drops_moves(&self) -> bool {
        self.drops && !self.gating_only()
    }

    /// `drops … gating-only`: the hands' pieces enter only by gating (Seirawan chess).
    pub fn gating_only(&self) -> bool {
        self.gating.as_ref().is_some_and(|g| g.only)
    }

    pub fn piece(&self, id: PieceId) -> &PieceType {
        &self.pieces[id.index()]
    }
    pub fn zone(&self, id: ZoneId) -> &Zone {
        &self.zones[id.0 as usize]
    }
    /// The suffix written after a promoting move: `+` when the piece has a single promoted form written `+X` or
    /// becomes its own promoted form, `-` when a promoted form `+X` turns back into `X` (demotion, as Fairy-Stockfish
    /// writes it), otherwise the chosen piece's id in lower case (`q`, `n2`, `+n` for another piece's promoted form
    /// among several choices).
    pub fn promotion_suffix(&self, piece: PieceId, promoted: PieceId) -> String {
        let from = &self.pieces[piece.index()];
        let to = &self.pieces[promoted.index()];
        // One promoted form, however many lines offer it.
        let mut choices = from.promotions.iter().flat_map(|p| &p.choices);
        let first = choices.next();
        let single = first.is_some() && choices.all(|c| Some(c) == first);
        if from.symbol.strip_prefix('+') == Some(to.symbol.as_str()) {
            "-".into()
        } else if to.symbol.starts_with('+') && (single || to.symbol[1..] == from.symbol) {
            // The piece's own promoted form is `+` even among other choices, as Fairy-Stockfish writes it (Wolf
            // chess: a pawn becomes a queen, …, or its promoted form, the elephant: `d9d10+`).
            "+".into()
        } else {
            // A remembered promotion is written with the piece it plays as (`e7e8q` makes a `Q~`).
            to.symbol.trim_end_matches('~').to_lowercase()
        }
    }
    /// The squares of a ray, in the order the piece travels them.
    #[inline]
    pub fn ray_squares(&self, ray: &Ray) -> &[Square] {
        &self.ray_squares[ray.first as usize..ray.first as usize + ray.len as usize]
    }
    /// The step rules of a ray's squares (meaningful for [`super::RayKind::Chain`] rays).
    #[inline]
    pub fn ray_rules(&self, ray: &Ray) -> &[StepRule] {
        &self.ray_rules[ray.first as usize..ray.first as usize + ray.len as usize]
    }
    /// The move set and component a ray source stands for.
    pub fn source(&self, source: usize) -> (&MoveSet, &MoveComponent) {
        let s = self.ray_sources[source];
        let set = &self.move_sets[s.move_set as usize];
        (set, &set.components[s.component as usize])
    }
    /// The jumping line (`jumps-over`) `ray` (a slide of `piece`, owned by `side`) goes along, if it is one of the
    /// piece's jumping slides, which pass over pieces. A slide of one square passes nothing: never.
    pub fn jumps_along(&self, piece: PieceId, side: Side, ray: &Ray) -> Option<JumpLine> {
        let over = self.pieces[piece.index()].jumps_over.as_ref()?;
        let (a, b) = match self.ray_squares(ray) {
            [a, b, ..] => (*a, *b),
            _ => return None,
        };
        let g = self.geometry;
        let (dx, dy) = (g.file(b) - g.file(a), g.rank(b) - g.rank(a));
        // Black's lines are White's turned as the board is.
        let white = match (side, self.orientation) {
            (Side::White, _) => (dx, dy),
            (Side::Black, Symmetry::Mirror) => (dx, -dy),
            (Side::Black, Symmetry::Rotate) => (-dx, -dy),
        };
        if ray.kind != super::RayKind::Slide {
            return None;
        }
        over.lines.iter().find(|l| l.step == white).copied()
    }
    /// The type a piece plays as: itself, or for a shadow `X~` the type `X`.
    #[inline]
    pub fn plays_as(&self, id: PieceId) -> PieceId {
        self.piece(id).shadow_of.unwrap_or(id)
    }
    pub fn piece_by_symbol(&self, symbol: &str) -> Option<PieceId> {
        self.pieces
            .iter()
            .position(|p| p.symbol == symbol)
            .map(|i| PieceId(i as u16))
    }
}
