//! A lone royal piece against an army. Mate needs it confined and driven to the edge of the board with the other
//! royal piece close by, which neither material nor the square terms say (the lone king's own square term even
//! keeps it at home, which may be anywhere). Without this term the search, with no mate in sight, shuffles until a
//! move-count or counting rule (makruk's) draws a won ending.
use super::king_steps::KingSteps;
use crate::engine::Position;
use crate::rules::{Geometry, Side, Square, MAX_SQUARES};

/// Per square of the board the lone royal piece can no longer walk to (see [`room`]).
const CONFINED: i32 = 6;
/// Per half-square the lone royal piece stands from the centre (both coordinates summed, so corners count most).
const EDGE: i32 = 5;
/// Per square the two royal pieces stand closer than the board's longest line (in king moves).
const CLOSE: i32 = 10;

/// The bonus of the side whose opponent has nothing but its royal piece on the board and in hand, for that side;
/// 0 in any other position.
pub(super) fn lone_royal(pos: &Position, steps: &KingSteps) -> [i32; 2] {
    let mut bonus = [0; 2];
    for strong in Side::BOTH {
        let weak = strong.opponent();
        if pos.pieces_of(weak).len() != 1 || pos.pieces_of(strong).len() < 2 {
            continue;
        }
        let Some(lone) = pos.royal_square(weak) else {
            continue;
        };
        // Read from the game only here, in the rare lone-royal position: every other evaluation stops above.
        let geometry = pos.game().geometry;
        if pos.game().drops && pos.hand(weak).iter().any(|&n| n > 0) {
            continue;
        }
        let squares = geometry.squares() as i32;
        let mut term = CONFINED * (squares - room(pos, lone, strong, steps) as i32)
            + EDGE * from_centre(geometry, lone);
        if let Some(ours) = pos.royal_square(strong) {
            let apart = (geometry.file(ours) - geometry.file(lone))
                .abs()
                .max((geometry.rank(ours) - geometry.rank(lone)).abs());
            let longest = geometry.files.max(geometry.ranks) as i32 - 1;
            term += CLOSE * (longest - apart);
        }
        bonus[strong.index()] = term;
    }
    bonus
}

/// The squares the lone royal piece on `lone` could walk to by king steps over squares `strong` does not attack,
/// its own included: the box the other side's pieces keep it in, which shrinks as mate comes (a rook's fence in
/// king and rook against king). On stack arrays: the evaluation allocates nothing.
fn room(pos: &Position, lone: Square, strong: Side, steps: &KingSteps) -> usize {
    let mut seen = [0u64; MAX_SQUARES.div_ceil(64)];
    let mut stack = [lone; MAX_SQUARES];
    let mut top = 1;
    seen[lone.index() / 64] |= 1 << (lone.index() % 64);
    let mut count = 0;
    while top > 0 {
        top -= 1;
        let sq = stack[top];
        count += 1;
        for &next in steps.around(sq) {
            let bit = 1 << (next.index() % 64);
            if seen[next.index() / 64] & bit != 0 {
                continue;
            }
            seen[next.index() / 64] |= bit;
            // The lone piece's own square counts as empty: a slider's line goes on behind it.
            if !pos.is_attacked_vacating(next, strong, lone) {
                stack[top] = next;
                top += 1;
            }
        }
    }
    count
}

/// How far `sq` stands from the board's centre, in half-squares along the file plus along the rank.
fn from_centre(geometry: Geometry, sq: Square) -> i32 {
    (2 * geometry.file(sq) - (geometry.files as i32 - 1)).abs()
        + (2 * geometry.rank(sq) - (geometry.ranks as i32 - 1)).abs()
}
