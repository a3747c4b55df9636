//! Paths: a resolved form turned into geometric [`Path`]s for one orientation, one per choice of direction on
//! each leg.
use super::bend;
use super::directions::{base, class, length, rot, slot_step, Class};
use super::resolve::{ResolvedForm, ResolvedLeg};
use super::{Facing, Leg, Mode, Path};
use crate::Atom;

/// What a leg's steps require besides their vector: the per-leg flags of a [`ResolvedLeg`].
#[derive(Clone, Copy)]
pub(crate) struct Shape {
    lame: bool,
    jump: bool,
    wrap: bool,
}

impl Shape {
    pub(crate) fn of(leg: &ResolvedLeg) -> Shape {
        Shape {
            lame: leg.lame,
            jump: leg.jump,
            wrap: leg.wrap,
        }
    }
}

fn lame_path((x, y): (i32, i32)) -> Vec<(i32, i32)> {
    if x == 0 || y == 0 || x.abs() == y.abs() {
        let n = x.abs().max(y.abs());
        (1..n).map(|k| (x.signum() * k, y.signum() * k)).collect()
    } else {
        // Oblique leaps: XBoard's rule, the square halfway (rounded toward the start), i.e. the orthogonal
        // square next to the start for the knight (Xiangqi horse).
        vec![(x / 2, y / 2)]
    }
}

pub(crate) fn make_leg(
    step: (i32, i32),
    max: Option<u32>,
    mode: Mode,
    shape: Shape,
    o: Facing,
) -> Leg {
    Leg {
        step: o.apply(step),
        max,
        mode,
        lame_path: if shape.lame {
            lame_path(step).into_iter().map(|v| o.apply(v)).collect()
        } else {
            Vec::new()
        },
        // XBoard's "must jump" square: halfway, rounded toward the start (`(x/2, y/2)`).
        jump_path: if shape.jump {
            vec![o.apply((step.0 / 2, step.1 / 2))]
        } else {
            Vec::new()
        },
        wrap: shape.wrap,
    }
}

/// Pushes the legs of one resolved leg going in direction `step`: one leg, or for `j` on a one-step rider a
/// one-step leg whose square may hold anything (`MOVE | HOP`, as `mp` on a relay square) and then the rest.
fn push_legs(legs: &mut Vec<Leg>, step: (i32, i32), spec: &ResolvedLeg, mode: Mode, o: Facing) {
    let shape = Shape::of(spec);
    if spec.skip_first {
        legs.push(make_leg(
            step,
            Some(1),
            Mode::MOVE.union(Mode::HOP),
            shape,
            o,
        ));
    }
    legs.push(make_leg(step, spec.max, mode, shape, o));
}

/// Pushes the paths of one resolved form for one orientation.
pub(crate) fn expand_form(index: usize, r: &ResolvedForm, o: Facing, out: &mut Vec<Path>) {
    if r.atom == Atom::U {
        let shape = Shape::of(&r.legs[0]);
        out.push(Path {
            component: index,
            legs: vec![make_leg((0, 0), Some(1), r.legs[0].mode, shape, o)],
            initial_only: r.initial,
            castling: None,
            universal: true,
        });
        return;
    }
    if let Atom::O(n) = r.atom {
        for d in [6usize, 2] {
            if r.legs[0].slots.contains(d) {
                out.push(Path {
                    component: index,
                    legs: vec![make_leg(
                        rot(d, (0, 1)),
                        Some(u32::from(n)),
                        Mode::MOVE,
                        Shape::of(&r.legs[0]),
                        o,
                    )],
                    initial_only: r.initial,
                    castling: Some(n),
                    universal: false,
                });
            }
        }
        return;
    }
    if let Some(b) = r.bend {
        return bend::expand_bent(index, r, b, o, out);
    }
    let first = &r.legs[0];
    for d in first.slots.iter() {
        let mut legs = Vec::new();
        push_legs(&mut legs, slot_step(r.atom, d), first, first.mode, o);
        // An oblique leap is read as starting in its longer direction and veering off (Muller): (1,2) veers
        // right, (2,1) left, and so on round the even and odd slots.
        let bend = (class(r.atom) == Class::Oblique).then_some(d % 2 == 0);
        continue_legs(index, r, o, 1, d, bend, legs, out);
    }
}

/// Expands the legs from `li` on. `angle` is the absolute slot of the previous leg; `bend` the side of the
/// last leg that turned (`Some(true)` = right), which `z`/`q` directions follow.
#[allow(clippy::too_many_arguments)]
fn continue_legs(
    index: usize,
    r: &ResolvedForm,
    o: Facing,
    li: usize,
    angle: usize,
    bend: Option<bool>,
    legs: Vec<Leg>,
    out: &mut Vec<Path>,
) {
    let Some(spec) = r.legs.get(li) else {
        out.push(Path {
            component: index,
            legs,
            initial_only: r.initial,
            castling: None,
            universal: false,
        });
        return;
    };
    let relative = match (spec.chiral, bend) {
        (Some([left, _]), Some(false)) => left,
        (Some([_, right]), Some(true)) => right,
        _ => spec.slots,
    };
    let abs = relative.turned(angle);
    let len = length(r.atom);
    for d in abs.iter() {
        // Oblique atoms keep their own slots (only straight on / back are allowed); the others use the
        // king system, where a slot of the other parity converts W ↔ F, D ↔ A, H ↔ G (same length).
        let step = if class(r.atom) == Class::Oblique {
            rot(d, base(r.atom))
        } else {
            rot(d, if d % 2 == 0 { (0, len) } else { (len, len) })
        };
        let turn = (d + 8 - angle) & 7;
        let next_bend = match turn {
            1..=3 => Some(true),
            5..=7 => Some(false),
            _ => bend,
        };
        let mut next = legs.clone();
        push_legs(&mut next, step, spec, spec.mode, o);
        continue_legs(index, r, o, li + 1, d, next_bend, next, out);
    }
}
