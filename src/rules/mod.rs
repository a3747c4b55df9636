//! The compiled, span-free rules of one game: what the executor interprets.
//!
//! The compiler (`crate::compile`) produces a [`Game`] from a variant file; nothing in here knows any particular game.
//! Spans and names for explanations live in the compiler's side tables, not in these hot structures.

mod board;
mod burn;
mod counting;
mod first_move;
mod game;
mod gating;
mod graph;
mod promotion;
mod trading;
mod walls;

pub use board::{Geometry, Side, Square, SquareSet, MAX_FILES, MAX_RANKS, MAX_SQUARES};
pub use burn::{Burn, MAX_BURN_AREA};
pub use counting::{Counting, HonourRow, MAX_COUNT_MOVES};
pub use first_move::{FirstMoveRight, Unmoved, MAX_RIGHTS};
pub use game::{
    BareKing, BonusTurn, Castling, CastlingRight, DropRule, EndRules, Explosions, Extinct,
    Extinction, Flag, ForcedCapture, Game, JumpLine, JumpsLower, JumpsOver, Legality,
    MaterialCount, MoveComponent, MoveSet, PieceId, PieceType, RaySource, Repetition,
    RepetitionLoser, Royalty, StalemateResult, Symmetry, Verdict, Zone, ZoneId, MAX_COLOUR_BOUND,
    MAX_PIECE_TYPES,
};
pub use gating::{GateRight, Gating};
pub use graph::{step, Occupant, Ray, RayFlags, RayKind, RaySlice, StepOutcome, StepRule};
pub use promotion::{Promotion, PromotionReach, PromotionTrigger, StandingRules};
pub use trading::{CounterStrike, ProtectedCapture};
pub use walls::{WallPlacement, Walls};
