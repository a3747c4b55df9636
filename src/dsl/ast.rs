//! The spanned syntax tree of a variant file. Every name, number and string keeps its byte span.
use crate::diag::Span;
pub use crate::rules::Symmetry;
use crate::rules::{PromotionTrigger, Side};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

/// A quoted string; `span` covers its contents (without the quotes), so positions inside it map to the file.
pub type Str = Spanned<String>;
/// A zone name or piece id as written.
pub type Name = Spanned<String>;

#[derive(Clone, Debug, Default)]
pub struct File {
    pub statements: Vec<Statement>,
    /// Statements that had a syntax error and were not read.
    pub unread: Vec<Unread>,
}

/// A statement the reader could not read, reported as a syntax error: its keyword and the name it declares
/// (`zone NAME`, `piece ID`), so that the checks that depend on it stay quiet instead of repeating the error.
#[derive(Clone, Debug)]
pub struct Unread {
    pub keyword: String,
    pub name: Option<String>,
}

impl File {
    /// The names declared by the unread statements with this keyword.
    pub fn unread_names(&self, keyword: &str) -> std::collections::HashSet<String> {
        self.unread
            .iter()
            .filter(|u| u.keyword == keyword)
            .filter_map(|u| u.name.clone())
            .collect()
    }

    /// Whether a statement with this keyword (and this name, if given) was written but could not be read.
    pub fn is_unread(&self, keyword: &str, name: Option<&str>) -> bool {
        self.unread
            .iter()
            .any(|u| u.keyword == keyword && (name.is_none() || u.name.as_deref() == name))
    }
}

#[derive(Clone, Debug)]
pub struct Statement {
    /// The statement's keyword, for "defined twice" messages.
    pub keyword: Span,
    pub kind: StatementKind,
}

#[derive(Clone, Debug)]
pub enum StatementKind {
    Title(Str),
    /// A one-line description of the game (`tatsu list`).
    Description(Str),
    /// `aliases "NAME"…`: other names the game is found by (`tatsu perft chu`, XBoard's `variant chu`).
    Aliases(Vec<Str>),
    /// A rule-test block (`test "name" { … }`), kept as its extent: `tatsu test` parses it (crate::ruletest).
    Test(Span),
    Board {
        files: Spanned<u32>,
        ranks: Spanned<u32>,
    },
    Orientation(Spanned<Symmetry>),
    Zone(ZoneDecl),
    Piece(PieceDecl),
    Start(Str),
    /// Captured pieces go to hand and may be dropped, not into the given zone.
    Drops {
        not_in: Option<Name>,
        /// `reserve`: the hands are what the start position gives; captured pieces leave the game.
        reserve: Option<Span>,
        /// `gating-only`: the hands' pieces enter only by gating, never by a drop.
        gating_only: Option<Span>,
    },
    /// Promoted pieces turn back into their base type when they end a move in this zone.
    Demote {
        zone: Name,
    },
    BonusTurn {
        zone: Name,
        may_pass: bool,
    },
    End(Vec<EndItem>),
    /// When a capture by one of these piece types (any type, if none is listed) is legal, only such captures are.
    ForcedCapture {
        by: Vec<Name>,
    },
    /// Every capture is an explosion: the capturer and every piece on the squares around the destination leave
    /// the board, but pieces of the `spare` types around it (the capturer is never spared).
    Explosions {
        spare: Vec<Name>,
        /// `immune ID…`: never blown up, not even when capturing (atomar's kings).
        immune: Vec<Name>,
    },
    /// While the side to move holds a piece in hand and may drop it, it must drop.
    MustDrop,
    /// `walls past|placed|shot [in ZONE]`: what wall every move leaves.
    Walls {
        placement: Spanned<String>,
        zone: Option<Name>,
    },
    /// `gating in ZONE`: a piece leaving a square of the zone where its side holds a gating right may bring a
    /// piece from hand onto it.
    Gating {
        zone: Name,
    },
    /// `petrify ID…`: a capture by a piece of these types turns it into a wall.
    Petrify {
        pieces: Vec<Name>,
    },
    /// `dead-squares allowed|forbidden`: may a piece end a move, or be dropped, where it could never move again?
    DeadSquares {
        allowed: bool,
    },
    /// `pass allowed`: the side to move may pass instead of moving, unless it is in check.
    Pass,
    /// `no-capture-of-protected ID… from-afar [bridge-not ID…]`: a piece of the set may not take a protected
    /// piece of the set that is not adjacent to its start, unless it also takes a piece of a type outside
    /// `bridge_not`.
    ProtectedCapture {
        set: Vec<Name>,
        bridge_not: Vec<Name>,
    },
    /// `no-counter-strike ID…`: after a piece outside the set takes one of the set, the reply may not take one
    /// of the set with a piece outside it.
    CounterStrike {
        set: Vec<Name>,
    },
    /// `rank-order ID… > ID… > …`: the pieces' rank for range capture, highest group first.
    RankOrder {
        groups: Vec<Vec<Name>>,
    },
}

#[derive(Clone, Debug)]
pub struct ZoneDecl {
    pub name: Name,
    /// White's squares, and Black's if given separately (else derived by the board's orientation).
    pub white: ZoneExpr,
    pub black: Option<ZoneExpr>,
}

/// A union of terms.
#[derive(Clone, Debug)]
pub struct ZoneExpr {
    pub terms: Vec<Spanned<ZoneTerm>>,
}

#[derive(Clone, Debug)]
pub enum ZoneTerm {
    Ranks(Spanned<u32>, Spanned<u32>),
    Files(Name, Name),
    All,
    Squares(Vec<Name>),
    Zone(Name),
    /// A word followed by a number: a `rank` range with its keyword misspelt (`rnk 8`).
    MisspeltRange(Name),
}

#[derive(Clone, Debug)]
pub struct PieceDecl {
    pub id: Name,
    pub title: Option<Str>,
    pub items: Vec<PieceItem>,
    /// An item had a syntax error and was not read: checks of what the piece can do stay quiet.
    pub incomplete: bool,
}

#[derive(Clone, Debug)]
pub enum PieceItem {
    Royal(Span),
    Moves {
        zone: Option<Name>,
        betza: Str,
        /// `also moves in …`: added to the piece's other moves on the zone's squares instead of replacing them.
        also: Option<Span>,
        /// `… within ZONE`: this line's destinations lie in the zone.
        confined: Option<Name>,
    },
    Initial {
        zone: Name,
    },
    /// `initial unmoved …`: the `i` moves last while the piece has not moved.
    InitialUnmoved {
        keyword: Span,
        /// `not-in-check`: they may not be made while the side is in check.
        not_in_check: bool,
        /// `lost-when-aligned-with ID…`: the right goes when an enemy piece of these types moves onto the piece's
        /// rank or file.
        lost_when_aligned_with: Vec<Name>,
    },
    /// `confined to ZONE`: every destination of the piece lies in the zone.
    Confined {
        zone: Name,
    },
    /// `glyph "竜"`: the text a board draws for the piece.
    Glyph(Str),
    /// `may-not-capture ID…`: the piece never captures a piece of these types.
    MayNotCapture(Vec<Name>),
    /// `may-not-hop-over ID…`: the piece never hops over a piece of these types.
    MayNotHopOver(Vec<Name>),
    /// `jumps-lower [to-capture | taking-passed]`: the piece's slides pass over pieces of lower rank (only to
    /// capture, with `to-capture`; removing them, with `taking-passed`). At the keyword.
    JumpsLower {
        keyword: Span,
        to_capture: bool,
        taking_passed: bool,
    },
    /// `jumps-over "XBETZA" [enemies] [taking-passed]`: the piece's slides along these lines pass over any piece
    /// (only enemy ones, with `enemies`), which stays (is taken, with `taking-passed`).
    JumpsOver {
        lines: Str,
        /// `enemies`: only enemy pieces are passed; a friendly one ends the line.
        enemies: bool,
        /// `taking-passed`: every piece passed is taken.
        taking_passed: bool,
    },
    /// `burns "AREA" [spare ID…] [passive]`: after it moves, the enemy pieces in the area around where it stops
    /// are removed, but those of the spared types; with `passive`, so is an enemy piece that ends its move in its
    /// area. At the keyword.
    Burns {
        keyword: Span,
        area: Str,
        spare: Vec<Name>,
        passive: bool,
    },
    /// `captures-unprotected-only`: the piece never takes an enemy piece that an enemy piece attacks once the
    /// capture is made. At the keyword.
    CapturesUnprotectedOnly(Span),
    Promote(PromoteLine),
    /// `castles with R C [to g c]`: the partner types, and the king's fixed destination files (toward the
    /// higher files, toward the lower) when castling does not depend on where king and partner start.
    CastlesWith {
        partners: Vec<Name>,
        files: Option<(Name, Name)>,
        /// `after drop on K R…`: castling from these squares (White's; Black's mirrored or rotated), its rights
        /// gained when a drop puts the castling piece and a partner on them (placement chess). At `after`.
        after_drop: Option<(Span, Vec<Name>)>,
    },
    Drop(Vec<DropOption>),
}

/// A `promote` line: to which types, in which zone, when, and on what conditions.
#[derive(Clone, Debug)]
pub struct PromoteLine {
    pub keyword: Span,
    pub to: Vec<Name>,
    pub zone: Name,
    pub mandatory: Option<Spanned<bool>>,
    pub trigger: PromotionTrigger,
    /// `limited`: only to a type of which the side has fewer on the board than at the start; `limited to N`:
    /// fewer than N.
    pub limited: Option<Span>,
    pub limited_to: Option<Spanned<u32>>,
    /// `anywhere-if-last`: the side's last piece of the promoting type promotes on any square (`on standing`).
    pub anywhere_if_last: Option<Span>,
    /// `not-attacking`: the promoted piece may attack no enemy piece where it stands (`on standing`).
    pub not_attacking: Option<Span>,
    /// `not-checking`: the promoting move may not give check (`on standing`).
    pub not_checking: Option<Span>,
    /// `remembered`: each choice is made as its shadow type `X~`, which goes to the captor's hand as the
    /// promoting piece (crazyhouse).
    pub remembered: Option<Span>,
    /// `for white` / `for black`: the line is that side's only.
    pub side: Option<Spanned<Side>>,
}

#[derive(Clone, Debug)]
pub enum DropOption {
    OnePerFile(Span),
    /// `at-most N per-file`: the span covers the whole option.
    PerFile(Spanned<u32>, Span),
    NoMate(Span),
    NotIn(Name),
    /// `either-form`: it may also be dropped as its promoted form `+X`.
    EitherForm(Span),
    /// `allowed`: a royal piece may be held and dropped (placement chess's king).
    Allowed(Span),
    /// `opposite-colours`: its drops keep the side's pieces of its type spread over both square colours.
    OppositeColours(Span),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

#[derive(Clone, Debug)]
pub enum EndItem {
    Stalemate(Spanned<Outcome>),
    /// `stalemate fewer-pieces-win`: the side with fewer pieces wins a stalemate, equal counts draw (suicide).
    StalemateByPieceCount,
    Repetition {
        count: Spanned<u32>,
        /// `perpetual-check-loses`, where.
        perpetual_check_loses: Option<Span>,
        result: RepetitionResult,
    },
    MoveLimit {
        /// `None`: `move-limit none`, a clock without a draw.
        plies: Option<Spanned<u32>>,
        reset_by: Vec<Name>,
        /// `reset-by promotions`, where: every promoting move restarts the count.
        reset_by_promotions: Option<Span>,
    },
    BareKing {
        keyword: Span,
        hand_must_be_empty: bool,
        reprieve: bool,
    },
    InsufficientMaterial(Vec<Spanned<Vec<Name>>>),
    /// The mated side's result.
    Checkmate(Spanned<Outcome>),
    /// A side with at most `at_most` pieces (of each listed type, or in all when none is listed) gets `outcome`.
    Extinction {
        keyword: Span,
        pieces: Vec<Name>,
        /// `together`: the listed types are counted as one.
        together: bool,
        at_most: Option<Spanned<u32>>,
        outcome: Spanned<Outcome>,
    },
    /// A side ending a move with one of `pieces` in `zone` wins.
    Flag {
        pieces: Vec<Name>,
        zone: Name,
        black_may_equalise: Option<Span>,
        /// `if-safe`: a flag piece counts only where no enemy piece attacks it (dobutsu's try).
        if_safe: Option<Span>,
        /// `after-reply`: a flag piece counts only once it has stood there through the opponent's reply (jeson mor).
        after_reply: Option<Span>,
    },
    /// A move that gives check is illegal.
    GivingCheckIllegal,
    /// A royal piece in check may not move.
    RoyalFrozenInCheck,
    /// Royal pieces of opposite sides may not face each other on an open file (at the keyword).
    FacingRoyalsIllegal(Span),
    /// `facing-royals must-break` (janggi's bikjang): the side to move whose royal piece faces the enemy's must
    /// break the line or pass, and a pass there ends the game as a draw (at the keyword).
    FacingRoyalsMustBreak(Span),
    /// `checkmate-by-only ID… loses`: a mate given by pieces of these types alone loses for the mating side.
    CheckmateByOnlyLoses(Vec<Name>),
    /// `checkmate-needs-check-by ID…`: a mate counts only if its series of checks held a check by one of these.
    CheckmateNeedsCheckBy(Vec<Name>),
    /// `double-pass draws`: two passes in a row end the game as a draw (at the keyword).
    DoublePassDraws(Span),
    /// `only-promotions draws`: a side with its royal piece and one `on standing` promoter, not in check, whose
    /// every legal move is a promotion, is drawn (sittuyin's stalemate; at the keyword).
    OnlyPromotionsDraws(Span),
    /// The side giving its `count`-th check wins.
    CheckLimit(Spanned<u32>),
    /// What several royal pieces of one side mean.
    Royals {
        keyword: Span,
        meaning: Spanned<RoyalMeaning>,
        duple_check: Option<Span>,
    },
    /// `material-count ID N, … [bonus white|black X]`: draws by rule are decided by material.
    MaterialCount {
        keyword: Span,
        values: Vec<(Name, Spanned<u32>)>,
        /// The side given the bonus (`true`: White) and the bonus as written.
        bonus: Option<(bool, Spanned<String>)>,
    },
    /// Every draw is scored as a win for this side (`true`: White).
    DrawsWin {
        white: bool,
    },
    /// The makruk family's counting rules, its parts as written.
    Counting {
        keyword: Span,
        parts: Vec<CountingPart>,
    },
}

/// One part of a `counting` rule; each span covers its keyword.
#[derive(Clone, Debug)]
pub enum CountingPart {
    /// The pieces, and `in pieces-honour` (`true`): they suspend only the pieces' honour.
    SuspendedBy(Span, Vec<Name>, bool),
    /// The moves, and `at-most N pieces`: the board's honour runs only for a side with at most N pieces.
    BoardHonour(Span, Spanned<u32>, Option<Spanned<u32>>),
    PiecesHonour(Span, Vec<HonourRowSyntax>),
    /// `count-from piece-count` (`true`) or `count-from zero`.
    CountFrom(Span, bool),
}

impl CountingPart {
    pub fn keyword(&self) -> Span {
        match self {
            CountingPart::SuspendedBy(at, ..)
            | CountingPart::BoardHonour(at, ..)
            | CountingPart::PiecesHonour(at, _)
            | CountingPart::CountFrom(at, _) => *at,
        }
    }
}

/// A row of the pieces' honour table: `2 R 8`, `R 16` or `else 64`.
#[derive(Clone, Debug)]
pub struct HonourRowSyntax {
    pub span: Span,
    pub at_least: Option<Spanned<u32>>,
    /// `None`: the `else` row.
    pub piece: Option<Name>,
    pub moves: Spanned<u32>,
}

/// `royals all-safe` or `royals last-safe`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoyalMeaning {
    AllSafe,
    LastSafe,
}

/// Who a repetition that is not a perpetual check is scored against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionResult {
    Draw,
    /// The side whose move completed the repetition loses.
    MoverLoses,
    /// White (`true`) or Black loses, whoever completed it.
    SideLoses {
        white: bool,
    },
}
