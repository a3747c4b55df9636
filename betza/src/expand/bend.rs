//! Bent legs: the legacy single-leg crooked (`z`) and circular (`q`) riders, which expand into paths of
//! one-step legs, and `z`/`q` as directions of a later leg, which bend against or with the previous bend.
use super::directions::{class, slot_step, Class};
use super::paths::{make_leg, Shape};
use super::resolve::{ResolvedForm, ResolvedLeg};
use super::{Facing, Mode, Path};
use crate::limits::{BOARD_SPAN, CIRCULAR_MAX_STEPS, CROOKED_MAX_STEPS};
use crate::{Atom, BetzaError, Component, ErrorKind, Modifier, Range, Span};

/// Single-leg riders whose path bends at every step (legacy Betza `z` and `q`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bend {
    /// `z`: crooked, turning 90° (two slots) alternately one way and the other (`zB` boyscout).
    Crooked,
    /// `q`: circular, turning one slot the same way at every step (`qN` Rose).
    Circular,
}

/// `z`/`q` as a modifier: on a single-leg move it makes the rider bend at every step (recorded in `bend`); on
/// a multi-leg move it belongs to a later leg as a direction.
pub(crate) fn read_bend(
    c: &Component,
    m: Modifier,
    sp: Span,
    bend: &mut Option<(Bend, Span)>,
    errors: &mut Vec<BetzaError>,
) {
    if c.legs.len() > 1 {
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                sp,
                format!(
                    "`{}` on the first leg of a multi-leg move has no earlier bend to follow",
                    m.letter()
                ),
            )
            .help("in a multi-leg move `z`/`q` are directions of a later leg, bending against (`z`) or with (`q`) the previous bend: `afsafzW`"),
        );
        return;
    }
    let b = if m == Modifier::Z {
        Bend::Crooked
    } else {
        Bend::Circular
    };
    if bend.as_ref().is_some_and(|x| x.0 != b) {
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                sp,
                "a move cannot be both crooked (`z`) and circular (`q`)",
            )
            .help("write two components: `zB` and `qN`"),
        );
    } else {
        *bend = Some((b, sp));
    }
}

/// Checks a `z`/`q` move and turns its range into the number of steps of the bent path.
///
/// Legacy Betza: `z` (crooked) makes a rider zig-zag — every step turns 90° from the previous one, alternately
/// one way and back (`zB` the boyscout, `zR` the crooked rook, `zN0` the quintessence); on a leaper it means
/// nothing. `q` (circular) goes round a circle, turning the same way at every step by the smallest angle that
/// keeps the atom: one slot (45°) on oblique and king-like atoms (`qN` is the Rose, closing after 8 steps),
/// two slots (90°) on orthogonal and diagonal ones (`qW` goes round a 2x2 square, closing after 4).
pub(crate) fn check_bend(
    c: &Component,
    b: Bend,
    sp: Span,
    legs: &mut [ResolvedLeg],
    errors: &mut Vec<BetzaError>,
) {
    let atom = c.atom;
    let leg = &mut legs[0];
    if !matches!(
        class(atom),
        Class::Orth | Class::Diag | Class::Oblique | Class::King
    ) {
        let letter = if b == Bend::Crooked { 'z' } else { 'q' };
        errors.push(
            BetzaError::new(
                ErrorKind::Other,
                sp,
                format!("`{letter}` means nothing on `{}`", atom.letter()),
            )
            .help("crooked and circular moves bend a line of steps: `zB`, `zN0`, `qN`"),
        );
        return;
    }
    match b {
        Bend::Crooked => {
            if c.range.normalized(atom) == Range::Leap {
                let a = atom.letter();
                errors.push(
                    BetzaError::new(ErrorKind::Other, sp, format!("`z` (crooked) needs a rider, but `{a}` here is a single leap"))
                        .help(format!("a crooked rider zig-zags over several steps: write `z{a}0` (or `z{a}4` for at most four steps)")),
                );
                return;
            }
            leg.max = Some(
                leg.max
                    .map_or(CROOKED_MAX_STEPS, |n| n.min(CROOKED_MAX_STEPS)),
            );
        }
        Bend::Circular => {
            let most = circular_max_steps(atom);
            // `qN` (written as a leaper) is the whole circle; a number limits the steps.
            let n = match c.range.normalized(atom) {
                Range::Limited(n) => n.min(most),
                _ => most,
            };
            leg.max = Some(n);
        }
    }
}

/// How many slots a circular (`q`) move turns at each step.
fn circular_turn(atom: Atom) -> usize {
    match class(atom) {
        Class::Orth | Class::Diag => 2,
        _ => 1,
    }
}

/// The most steps a circular move makes before it would be back on its starting square.
fn circular_max_steps(atom: Atom) -> u32 {
    (CIRCULAR_MAX_STEPS + 1) / circular_turn(atom) as u32 - 1
}

/// Every path of a crooked or circular rider, as the slots of its one-step legs and the step its hurdle is on:
/// for each first direction, the one-step path, then for each way of turning (both chiralities) every length
/// from 2 to the leg's `max` that fits on a 36x36 board. A hopping bent move (`p`) has one path per hurdle
/// position, a grasshopping one (`g`) its hurdle on the step before the last.
fn for_each_bent_path(r: &ResolvedForm, b: Bend, mut visit: impl FnMut(&[usize], Option<usize>)) {
    let first = &r.legs[0];
    let steps = first.max.unwrap_or(1).max(1) as usize;
    let hop = first.mode.contains(Mode::HOP);
    let grasshop = first.mode.contains(Mode::GRASSHOP);
    let turn_size = match b {
        Bend::Crooked => 2,
        Bend::Circular => circular_turn(r.atom),
    };
    let mut visit_all = |slots: &[usize]| {
        let n = slots.len();
        if hop {
            for h in 0..n.saturating_sub(1) {
                visit(slots, Some(h));
            }
        } else if grasshop {
            if n >= 2 {
                visit(slots, Some(n - 2));
            }
        } else if !(first.skip_first && n < 2) {
            visit(slots, None);
        }
    };
    for d in first.slots.iter() {
        visit_all(&[d]);
        for turn in [1usize, 7] {
            for len in 2..=steps {
                let slots: Vec<usize> = (0..len)
                    .map(|k| match b {
                        // alternately turned 90° (two slots) and back
                        Bend::Crooked => (d + (k % 2) * turn_size * turn) & 7,
                        // one more turn the same way at every step
                        Bend::Circular => (d + k * turn_size * turn) & 7,
                    })
                    .collect();
                // A longer path only adds steps: once one cannot fit on the largest board, none can.
                if !fits_largest_board(r.atom, &slots, first.wrap) {
                    break;
                }
                visit_all(&slots);
            }
        }
    }
}

/// Whether one-step legs in these slots stay within a 36x36 board from some square (a cylinder leg may go round
/// the files, so only its ranks count).
fn fits_largest_board(atom: Atom, slots: &[usize], wrap: bool) -> bool {
    let (mut x, mut y) = (0i32, 0i32);
    let (mut lo, mut hi) = ((0i32, 0i32), (0i32, 0i32));
    for &s in slots {
        let (dx, dy) = slot_step(atom, s);
        (x, y) = (x + dx, y + dy);
        lo = (lo.0.min(x), lo.1.min(y));
        hi = (hi.0.max(x), hi.1.max(y));
    }
    let span = BOARD_SPAN as i32;
    (wrap || hi.0 - lo.0 <= span) && hi.1 - lo.1 <= span
}

/// How many paths a crooked or circular rider expands into.
pub(crate) fn bent_path_count(r: &ResolvedForm, b: Bend) -> u64 {
    let mut n = 0u64;
    for_each_bent_path(r, b, |_, _| n += 1);
    n
}

/// How many legs the paths of a crooked or circular rider have in all (one per step).
pub(crate) fn bent_leg_count(r: &ResolvedForm, b: Bend) -> u64 {
    let mut n = 0u64;
    for_each_bent_path(r, b, |slots, _| n += slots.len() as u64);
    n
}

/// The paths of a crooked or circular rider (see [`for_each_bent_path`]). Each step is a one-step leg; the
/// squares where it turns must be empty (`MOVE`), the last step has the move's own mode; a hurdle step must hold
/// a piece (`HOP`).
pub(crate) fn expand_bent(index: usize, r: &ResolvedForm, b: Bend, o: Facing, out: &mut Vec<Path>) {
    let first = &r.legs[0];
    let shape = Shape::of(first);
    let last_mode = Mode(first.mode.0 & !Mode::HOP.union(Mode::GRASSHOP).0);
    // The mode of the turning square after step `k` of a path with its hurdle on step `hurdle`.
    let turn_mode = |k: usize, hurdle: Option<usize>| {
        if Some(k) == hurdle {
            Mode::HOP.union(Mode(first.mode.0 & Mode::TAME.0))
        } else if k == 0 && first.skip_first {
            Mode::MOVE.union(Mode::HOP)
        } else {
            Mode::MOVE
        }
    };
    for_each_bent_path(r, b, |slots, hurdle| {
        let n = slots.len();
        out.push(Path {
            component: index,
            legs: slots
                .iter()
                .enumerate()
                .map(|(k, &s)| {
                    let mode = if k + 1 == n {
                        last_mode
                    } else {
                        turn_mode(k, hurdle)
                    };
                    make_leg(slot_step(r.atom, s), Some(1), mode, shape, o)
                })
                .collect(),
            initial_only: r.initial,
            castling: None,
            universal: false,
        });
    });
}
