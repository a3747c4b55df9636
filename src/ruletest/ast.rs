//! The spanned syntax tree of a rule-test file (or of the test blocks of a variant file).
use crate::diag::Span;
use crate::dsl::ast::Spanned;

/// A rule-test file: the game it tests (absent in a variant file's own test blocks) and its tests.
#[derive(Clone, Debug, Default)]
pub struct TestFile {
    pub variant: Option<Spanned<String>>,
    pub tests: Vec<Test>,
}

/// One named test: steps run in order on one position, which starts as the game's start position.
#[derive(Clone, Debug)]
pub struct Test {
    pub name: Spanned<String>,
    pub steps: Vec<Step>,
}

/// A step and the span of its text (from its keyword to its last word), where a failure is reported.
#[derive(Clone, Debug)]
pub struct Step {
    pub span: Span,
    pub kind: StepKind,
}

/// The moves counted by `count`: all legal moves, those of one square's piece, or drops (of one piece).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Filter {
    All,
    From(Spanned<String>),
    Drops(Option<Spanned<String>>),
}

/// What a finished game's result must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The game goes on.
    Ongoing,
    /// The game is over. `winner` `None`: a draw; `reason` `None`: any reason.
    Over {
        winner: Option<crate::rules::Side>,
        reason: Option<crate::engine::Reason>,
    },
}

#[derive(Clone, Debug)]
pub enum StepKind {
    /// Set up this position (FEN).
    Fen(Spanned<String>),
    /// Play these moves, each legal in turn.
    Play(Vec<Spanned<String>>),
    /// Each of these moves is legal here.
    Legal(Vec<Spanned<String>>),
    /// None of these moves is legal here.
    Illegal(Vec<Spanned<String>>),
    /// The legal moves (of the piece on a square) are exactly these.
    Moves {
        from: Option<Spanned<String>>,
        moves: Vec<Spanned<String>>,
    },
    /// The number of legal moves (that the filter keeps).
    Count {
        filter: Filter,
        count: u64,
    },
    /// Perft at this depth.
    Perft {
        depth: u32,
        nodes: u64,
    },
    /// A lone piece on an empty board: its zone there, and its destinations (`+`: the move promotes) or their number.
    Piece {
        piece: Spanned<String>,
        square: Spanned<String>,
        zone: Option<Spanned<String>>,
        reaches: Reaches,
    },
    Result(Expected),
    /// The side to move is (`true`) or is not in check.
    Check(bool),
    ToMove(crate::rules::Side),
}

#[derive(Clone, Debug)]
pub enum Reaches {
    Count(usize),
    Squares(Vec<Spanned<String>>),
}
