//! Every limit of the XBetza reader, in one place. Each is enforced before the work it bounds, with an
//! [`crate::ErrorKind::Unsupported`] error that names it, so that any string is read, resolved and expanded in
//! bounded time and memory.

/// At most this many legs in one component, and the length `( … )` repetition is unrolled to: the longest path
/// a piece can need on a 36x36 board, a one-square staircase corner to corner, has 70 legs ([`MAX_PATHS`] and
/// [`MAX_REALISATIONS`] still refuse long chains of legs that branch, such as `aaaaaK`).
pub const MAX_LEGS: usize = 70;

/// At most this many paths from one component (every unrolled form of a repetition counted). A crooked or
/// circular rider's paths are bounded by its steps instead ([`CROOKED_MAX_STEPS`], [`CIRCULAR_MAX_STEPS`]): the
/// crooked rook-hopper `pzR` has 19,324; [`MAX_MOVE_LEGS`] bounds them with the rest of the move.
pub const MAX_PATHS: u64 = 4096;

/// At most this many ways the paths of one component may be realised from one square of the largest (36x36)
/// board: each path counts the squares every leg before the last may go before turning (multiplied), and a hop on
/// the last leg of a multi-leg move its hurdle squares. The variant compiler builds one chain per realisation and
/// square, so moves such as `aaW0` (36 paths × 35²) or `a(al)aW0` (unrolled: up to 69 rider legs) are refused
/// here, before any work, instead of being enumerated.
pub const MAX_REALISATIONS: u64 = 8192;

/// At most this many legs in all the paths of one whole move, every component and every unrolled form counted
/// (a path of `n` one-step legs counts `n`). The per-component limits above bound each component; this bounds how
/// many may be written side by side. A crooked rook-hopper `pzR` alone has 914,480 (19,324 paths); no piece of the
/// bundled games, the test variants or the XBetza test data has a tenth of that but `pzB` (114,240). Expanded, a
/// leg takes about 45 bytes: the limit keeps one move under 50 MB and a tenth of a second.
pub const MAX_MOVE_LEGS: u64 = 1 << 20;

/// The longest line on the largest board (36x36): a rider never makes more than this many steps in one leg.
pub const BOARD_SPAN: u32 = 35;

/// A circular rider (`q`) on an oblique or king-like atom never needs more than this many steps: after
/// 8 turns of one slot it is back on its starting square (the Rose `qN` goes round an octagon). Orthogonal and
/// diagonal atoms turn two slots at a time and make at most 3.
pub const CIRCULAR_MAX_STEPS: u32 = 7;

/// A crooked rider (`z`) is cut at this many steps. The longest crooked path that fits on tatsu's
/// largest board (36x36) is the crooked rook's staircase corner to corner: 35 steps up + 35 across = 70.
/// Paths that cannot fit on a 36x36 board from any square (a boyscout `zB` zig-zags along a line, so at most 35
/// steps) are not produced.
pub const CROOKED_MAX_STEPS: u32 = 70;

/// A bracket (`[W-F-W]`) is read into at most this many `a` chains per place the move may stop. A later leg that
/// goes straight on or turns 90° one way (`[W-frW]`) has no single spelling in an `a` chain's letters (`fr` is the
/// 45° turn) and becomes two chains; the limit stops a long bracket of such legs from multiplying them.
pub const MAX_BRACKET_FORMS: usize = 64;
