//! Why a FEN was refused: every problem found, each with the byte span of the text it is about.
use crate::diag::Span;
use crate::rules::Side;
use std::fmt;

/// One kind of mistake in a FEN. The first group is found by reading, the second by checking the rules of the
/// game ([`super::validate`]), the last by the executor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The text is empty.
    Empty,
    /// The board has the wrong number of ranks.
    RankCount { found: usize, expected: u8 },
    /// A rank describes the wrong number of squares.
    RankLength { rank: i32, found: i64, expected: u8 },
    /// A number of empty squares that is `0` or too large.
    BadEmptyRun(String),
    /// Neither a piece, a digit nor `/`.
    Unexpected(char),
    /// A `(` not closed by `)`, or parentheses around something that is not an id.
    BadParentheses(String),
    /// A piece id this game does not have.
    UnknownPiece(String),
    /// The holdings `[` are not closed by `]` at the end of the placement.
    UnclosedHand,
    /// A hand count that is `0`, too large, or not followed by a piece.
    BadCount(String),
    /// Not `w` or `b`.
    BadSide(String),
    /// Not a square of this board.
    BadEpSquare(String),
    /// A clock that is not a number of at most 4294967295.
    BadClock(String),
    /// A token after the position.
    UnexpectedToken(String),
    /// A piece standing where another one already is (only a setup built by a program can say this).
    SquareTwice,
    /// More pieces than a position can hold.
    TooManyPieces { found: u64 },
    /// Holdings in a game without drops.
    NoHands,
    /// A piece that is never dropped, in hand.
    CannotBeHeld(String),
    /// A second royal piece for one side.
    SecondRoyal(Side),
    /// A piece on a square from which it could never move.
    DeadSquare {
        side: Side,
        piece: String,
        square: String,
    },
    /// A square written `*` (a hole) that is part of this game's board.
    NotAHole(String),
    /// A second wall in a game whose one wall is the duck (`walls duck`).
    SecondDuck(String),
    /// A hole of the game (a square that is not part of the board) written as a piece or an empty square.
    MissingHole(String),
    /// A castling letter the game does not have.
    UnknownCastling(char),
    /// A castling right without its two pieces on their squares.
    CastlingPieces { letter: char, needs: String },
    /// No piece has just passed over the e.p. square.
    NoEpVictim(String),
    /// In a game with `no-counter-strike`, the e.p. field's square holds a piece that cannot have just taken
    /// there.
    NoStrike(String),
    /// `bonus` in a game without bonus turns.
    NoBonusTurns,
    /// A check-count field that is not `W+B`.
    BadCheckCount(String),
    /// A check-count field in a game without a check limit.
    NoCheckLimit,
    /// More checks left to give than the game's limit.
    ChecksOverLimit(u8),
    /// A counting limit (in the e.p. field's place) in a game without counting rules.
    NoCounting,
    /// A counting limit past the longest count the game gives, in plies.
    CountOverLimit(u32),
    /// The side not to move is in check (its royal piece could be taken).
    OpponentInCheck,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Empty
            | Problem::RankCount { .. }
            | Problem::RankLength { .. }
            | Problem::BadEmptyRun(_)
            | Problem::Unexpected(_)
            | Problem::BadParentheses(_)
            | Problem::UnknownPiece(_)
            | Problem::UnclosedHand
            | Problem::BadCount(_)
            | Problem::BadSide(_)
            | Problem::BadEpSquare(_)
            | Problem::BadClock(_)
            | Problem::UnexpectedToken(_)
            | Problem::BadCheckCount(_) => self.fmt_reading(f),
            _ => self.fmt_against_rules(f),
        }
    }
}

impl Problem {
    /// A mistake found by reading the text. Text from the FEN is echoed with control characters escaped.
    fn fmt_reading(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Empty => write!(f, "the FEN is empty"),
            Problem::RankCount { found, expected } => {
                write!(f, "{found} ranks, but the board has {expected}")
            }
            Problem::RankLength {
                rank,
                found,
                expected,
            } => write!(
                f,
                "rank {rank} describes {found} squares, but the board has {expected} files"
            ),
            Problem::BadEmptyRun(t) => {
                write!(f, "`{}` is not a number of empty squares", t.escape_debug())
            }
            Problem::Unexpected(c) => {
                write!(f, "`{}` is not a piece, a number or `/`", c.escape_debug())
            }
            Problem::BadParentheses(t) => write!(
                f,
                "`{}`: parentheses hold an id of several letters, e.g. `(N2)`",
                t.escape_debug()
            ),
            Problem::UnknownPiece(t) => {
                write!(f, "`{}` is not a piece of this game", t.escape_debug())
            }
            Problem::UnclosedHand => {
                write!(
                    f,
                    "the holdings `[` are not closed by `]` at the end of the placement"
                )
            }
            Problem::BadCount(t) => write!(
                f,
                "`{}` is not a count of pieces in hand (1 to 65535, before a piece)",
                t.escape_debug()
            ),
            Problem::BadSide(t) => write!(
                f,
                "`{}` is not a side to move (`w` or `b`)",
                t.escape_debug()
            ),
            Problem::BadEpSquare(t) => write!(
                f,
                "`{}` is not an e.p. square on this board",
                t.escape_debug()
            ),
            Problem::BadClock(t) => write!(
                f,
                "`{}` is not a move clock (at most 4294967295)",
                t.escape_debug()
            ),
            Problem::UnexpectedToken(t) => {
                write!(f, "unexpected `{}` after the position", t.escape_debug())
            }
            Problem::BadCheckCount(t) => write!(
                f,
                "`{}` is not the checks each side has still to give (`3+3`)",
                t.escape_debug()
            ),
            _ => unreachable!("not a reading problem: {self:?}"),
        }
    }

    /// A mistake found by checking the rules of the game, or by the executor.
    fn fmt_against_rules(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::SquareTwice => write!(f, "a second piece on the same square"),
            Problem::TooManyPieces { found } => write!(
                f,
                "{found} pieces on the board and in hand; a position holds at most {}",
                super::MAX_PIECES
            ),
            Problem::NoHands => write!(
                f,
                "this game has no pieces in hand, but the FEN gives holdings"
            ),
            Problem::CannotBeHeld(t) => write!(
                f,
                "`{}` cannot be held in hand in this game",
                t.escape_debug()
            ),
            Problem::SecondRoyal(side) => {
                write!(
                    f,
                    "a second royal piece for {side:?}, in a game that does not say what several mean \
                     (`royals all-safe` or `royals last-safe` in its `end` block)"
                )
            }
            Problem::DeadSquare {
                side,
                piece,
                square,
            } => {
                write!(
                    f,
                    "{side:?} {piece} on {square} could never move from there"
                )
            }
            Problem::NotAHole(sq) => {
                write!(
                    f,
                    "`*` on {sq}: that square is part of this game's board (it has no hole there)"
                )
            }
            Problem::SecondDuck(sq) => {
                write!(
                    f,
                    "`*` on {sq}: a second wall, but this game has one, the duck (`walls duck`)"
                )
            }
            Problem::MissingHole(sq) => {
                write!(
                    f,
                    "{sq} is a hole of this game (not part of the board): write it `*`"
                )
            }
            Problem::UnknownCastling(c) => {
                write!(
                    f,
                    "`{}` is not a castling right of this game",
                    c.escape_debug()
                )
            }
            Problem::CastlingPieces { letter, needs } => {
                write!(f, "castling right `{letter}` needs {needs}")
            }
            Problem::NoStrike(t) => write!(
                f,
                "{t}: in this game the e.p. field names where the last move took a piece of the `no-counter-strike` set, so it must be empty or hold a piece of the side that moved from outside the set"
            ),
            Problem::NoEpVictim(t) => {
                write!(f, "e.p. square {t}: no piece has just passed over it")
            }
            Problem::NoBonusTurns => write!(f, "`bonus`: this game has no bonus turns"),
            Problem::NoCheckLimit => write!(f, "this game does not count checks"),
            Problem::ChecksOverLimit(limit) => {
                write!(f, "more checks left to give than the limit of {limit}")
            }
            Problem::NoCounting => write!(
                f,
                "a counting limit, but this game has no counting rules (an e.p. square is written like `e3`)"
            ),
            Problem::CountOverLimit(most) => write!(
                f,
                "a counting limit is at most {most} plies, twice the longest count of this game"
            ),
            Problem::OpponentInCheck => write!(f, "the side not to move is in check"),
            _ => unreachable!("a reading problem: {self:?}"),
        }
    }
}

/// One problem and where it is: a byte range of the FEN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenProblem {
    pub span: Span,
    pub problem: Problem,
}

/// Why a FEN was rejected: every problem found, in the order of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub problems: Vec<FenProblem>,
}

impl FenError {
    pub(crate) fn one(span: Span, problem: Problem) -> FenError {
        FenError {
            problems: vec![FenProblem { span, problem }],
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            // Columns count from 1, in bytes (a FEN is ASCII; anything else is an error anyway).
            write!(f, "column {}: {}", p.span.start + 1, p.problem)?;
        }
        Ok(())
    }
}

impl std::error::Error for FenError {}
