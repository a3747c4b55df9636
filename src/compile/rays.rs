//! One expanded XBetza path from one square → one board-clipped ray (or why it cannot be one).
use crate::rules::{Geometry, RayFlags, RayKind, Square, StepRole};
use betza::{Leg, Mode, Path};

/// More chain rays than this from one square for one path is surely a mistake (and would bloat the graph).
const MAX_CHAINS: usize = 4096;

pub enum BuiltRay {
    /// Plain rays of one kind and flags: usually one, or one leap per other square for the universal leaper `U`.
    Rays {
        kind: RayKind,
        flags: RayFlags,
        rays: Vec<Vec<Square>>,
    },
    /// Several chain rays (a multi-leg move or a lame rider): squares with the role of each.
    Chains {
        flags: RayFlags,
        chains: Vec<(Vec<Square>, Vec<StepRole>)>,
    },
    /// The path leaves the board at once from this square.
    Empty,
    /// The compiler has no ray form for this kind of move.
    Unsupported(&'static str),
}

pub fn build_ray(g: Geometry, from: Square, path: &Path) -> BuiltRay {
    if let Some(what) = unplayable(path) {
        return BuiltRay::Unsupported(what);
    }
    if let Some(built) = build_exotic(g, from, path) {
        return built;
    }
    // A move that may capture a friendly piece (`d`) is always a chain, so that the walks of the ordinary ray
    // kinds (the hot path) never test for it.
    // So is a move with `x` (induction or borrowing): the chain walker reads the friendly piece there.
    let destroys = path
        .legs
        .iter()
        .any(|l| l.mode.intersects(Mode(Mode::DESTROY.0 | Mode::INDUCE.0)));
    let leg = match path.legs.as_slice() {
        [leg] if !destroys && (leg.lame_path.is_empty() || leg.max == Some(1)) => leg,
        _ => return build_chains(g, from, &path.legs),
    };
    let mode = leg.mode;
    let flags = final_flags(mode);
    let (x0, y0) = (g.file(from), g.rank(from));
    let kind = if mode.contains(Mode::GRASSHOP) {
        RayKind::Grasshop
    } else if mode.contains(Mode::HOP) {
        RayKind::Hop
    } else if !leg.lame_path.is_empty() {
        let mut squares = Vec::with_capacity(leg.lame_path.len() + 1);
        for &(dx, dy) in leg.lame_path.iter().chain(std::iter::once(&leg.step)) {
            match g.square(x0 + dx, y0 + dy) {
                Some(sq) => squares.push(sq),
                None => return BuiltRay::Empty,
            }
        }
        return BuiltRay::Rays {
            kind: RayKind::Lame,
            flags,
            rays: vec![squares],
        };
    } else {
        RayKind::Slide
    };
    let limit = leg.max.unwrap_or(u32::MAX).min(64);
    let mut squares = Vec::new();
    for k in 1..=limit as i32 {
        match g.square(x0 + k * leg.step.0, y0 + k * leg.step.1) {
            Some(sq) => squares.push(sq),
            None => break,
        }
    }
    if squares.is_empty() || leg.step == (0, 0) {
        return BuiltRay::Empty;
    }
    BuiltRay::Rays {
        kind,
        flags,
        rays: vec![squares],
    }
}

/// Whether a leg removes the piece on its square: a capture (`c`) or destruction (`d`) that does not hop over it.
fn removes(l: &Leg) -> bool {
    !l.mode.contains(Mode::HOP) && l.mode.intersects(Mode(Mode::CAPTURE.0 | Mode::DESTROY.0))
}

/// XBetza the betza crate reads but the executor cannot play yet.
fn unplayable(path: &Path) -> Option<&'static str> {
    let any = |f: &dyn Fn(&Leg) -> bool| path.legs.iter().any(f);
    let (last, turns) = path.legs.split_last()?;
    let induces = |l: &Leg| l.mode.contains(Mode::INDUCE);
    let others = Mode(
        Mode::MOVE.0
            | Mode::CAPTURE.0
            | Mode::DESTROY.0
            | Mode::EN_PASSANT.0
            | Mode::HOP.0
            | Mode::GRASSHOP.0
            | Mode::TAME.0
            | Mode::UNLOAD.0,
    );
    let induction = turns.iter().position(induces);
    if let Some(at) = induction {
        if turns.iter().filter(|l| induces(l)).count() > 1 {
            return Some("moves with more than one induction (`x` on two legs before an `a`)");
        }
        if induces(last) {
            return Some(
                "inductions followed by borrowing (`x` before an `a` and on the last leg)",
            );
        }
        if turns[at].mode.intersects(others) {
            return Some("inductions combined with other modifiers on the same leg (`mx`, `cx`, `px` … before an `a`; a lone `x` needs a friendly piece there)");
        }
        if turns[..at].iter().any(removes) {
            return Some("captures before an induction (`caxaK`: the mover would capture, then a friend move on)");
        }
    }
    if induces(last)
        && last.mode.intersects(Mode(
            Mode::EN_PASSANT.0 | Mode::HOP.0 | Mode::GRASSHOP.0 | Mode::TAME.0 | Mode::UNLOAD.0,
        ))
    {
        return Some(
            "borrowing moves (`x` on the last leg) combined with `e`, `p`, `g`, `t` or `u`",
        );
    }
    if induces(last) && !turns.is_empty() {
        return Some("borrowing moves after a turn (`x` on the last leg of a multi-leg move; single-leg `xK`, `xR` work)");
    }
    if let Some(what) = unplayable_unload(last, turns) {
        Some(what)
    } else if last.mode.contains(Mode::EN_PASSANT)
        && (path.universal
            || any(&|l| l.wrap || !l.jump_path.is_empty())
            || last.mode.intersects(Mode(Mode::TAME.0 | Mode::UNLOAD.0)))
    {
        Some("en-passant captures (`e`) on cylinder, must-jump, tame or unloading moves")
    } else if any(&|l| {
        l.mode.contains(Mode::TAME) && l.mode.contains(Mode::MOVE) && l.mode.contains(Mode::HOP)
    }) && path.legs.len() > 1
    {
        Some("relay squares that must hold a friendly piece if any (`tmp` before an `a`)")
    } else if last.mode.intersects(Mode(Mode::HOP.0 | Mode::GRASSHOP.0))
        && !last.lame_path.is_empty()
    {
        // Neither the hop ray nor the hop chains check lame squares: refuse rather than drop the lameness.
        Some("lame hoppers (`n` with `p` or `g` on the last leg, e.g. `pnN0`)")
    } else {
        None
    }
}

/// The multi-leg unloads (`u` with `a`) the executor cannot play. The victim of `u` on the last leg is put on
/// the square where that leg starts, the last turning square, so that square must be empty when the move is made:
/// its leg must end on an empty square (a plain or `m` turn, [`StepRole::TurnEmpty`]). The move records that square
/// as its only extra square (`MoveKind::Unload`), so no earlier leg may capture, and the chain
/// walker takes the last empty turn as the unload square, so no induction either.
fn unplayable_unload(last: &Leg, turns: &[Leg]) -> Option<&'static str> {
    let unloads = |l: &Leg| l.mode.contains(Mode::UNLOAD);
    let (Some(before), true) = (turns.last(), turns.iter().chain([last]).any(unloads)) else {
        return None;
    };
    if turns.iter().any(unloads) {
        Some("unloading captures on a leg other than the last (`u` before an `a`; on the last leg, as in `afucQ`, they work)")
    } else if turn_role(before.mode) != Ok(StepRole::TurnEmpty) {
        Some("unloading captures on a leg that starts on a turning square that may hold a piece (`u` after a `c`, `d`, `p` or `x` turn: the victim is put where the leg starts, which must be empty; after an empty turn, as in `afucQ`, they work)")
    } else if turns.iter().any(removes) {
        Some("unloading captures in moves that also capture on a turning square (a move records one square besides its destination)")
    } else if turns.iter().any(|l| l.mode.contains(Mode::INDUCE)) {
        Some("unloading captures in induced moves (`x` before an `a` and `u` on the last leg)")
    } else {
        None
    }
}

/// The moves ordinary rays do not express — the universal leaper `U`, cylinder legs (`o`), must-jump
/// leapers (`j` on a leaper), tame (`t`) and unloading (`u`) moves — or `None` for an ordinary path.
///
/// `U` becomes one leap per other square of the board (plain rays, so the executor and the reverse attack tables
/// need nothing new). Everything else becomes [`RayKind::Chain`] rays, whose squares the executor checks one by
/// one: a cylinder leg's squares wrap round the left and right edges (`leg_square`), a must-jump step adds its
/// jump square as a [`StepRole::TurnHop`], and `t`/`u` are flags the chain walker reads.
fn build_exotic(g: Geometry, from: Square, path: &Path) -> Option<BuiltRay> {
    let last = path.legs.last()?;
    let flags = final_flags(last.mode);
    let walker_only = RayFlags::TAME
        .union(RayFlags::UNLOAD)
        .union(RayFlags::BORROW);
    if path.universal {
        let rays: Vec<Vec<Square>> = g.all().filter(|&s| s != from).map(|s| vec![s]).collect();
        if rays.is_empty() {
            return Some(BuiltRay::Empty);
        }
        // `tU`, `uU` and `xU` (which borrows from any friendly piece on the board) need the chain walker.
        return Some(if flags.has(walker_only) {
            BuiltRay::Chains {
                flags,
                chains: rays
                    .into_iter()
                    .map(|r| (r, vec![StepRole::Dest]))
                    .collect(),
            }
        } else {
            BuiltRay::Rays {
                kind: RayKind::Slide,
                flags,
                rays,
            }
        });
    }
    let exotic = path.legs.iter().any(|l| {
        l.wrap || !l.jump_path.is_empty() || l.mode.intersects(Mode(Mode::TAME.0 | Mode::UNLOAD.0))
    });
    if !exotic {
        return None;
    }
    Some(build_chains(g, from, &path.legs))
}

/// The square at (`x`, `y`) for a leg starting from a move that began on `origin`. On a cylinder leg
/// (`wrap`) files wrap round; a square reached across the edge that is the origin counts as occupied by the
/// mover (XBoard: the start square blocks once the ray has looped), so the leg stops there: `None`.
fn leg_square(g: Geometry, wrap: bool, origin: Square, x: i32, y: i32) -> Option<Square> {
    if !wrap {
        return g.square(x, y);
    }
    let fx = x.rem_euclid(g.files as i32);
    let sq = g.square(fx, y)?;
    (fx == x || sq != origin).then_some(sq)
}

/// What the final leg may do where it ends (`t` and `u` only on chain rays: see [`build_exotic`]).
fn final_flags(mode: Mode) -> RayFlags {
    let mut flags = RayFlags::default();
    if mode.contains(Mode::MOVE) {
        flags = flags.union(RayFlags::MOVE);
    }
    if mode.contains(Mode::CAPTURE) {
        flags = flags.union(RayFlags::CAPTURE);
    }
    if mode.contains(Mode::EN_PASSANT) {
        flags = flags.union(RayFlags::EN_PASSANT);
    }
    if mode.contains(Mode::DESTROY) {
        flags = flags.union(RayFlags::DESTROY);
    }
    if mode.contains(Mode::INDUCE) {
        flags = flags.union(RayFlags::BORROW);
    }
    if mode.contains(Mode::TAME) {
        flags = flags.union(RayFlags::TAME);
    }
    if mode.contains(Mode::UNLOAD) {
        flags = flags.union(RayFlags::UNLOAD);
    }
    flags
}

/// What a non-final leg requires on its turning square. `t` on a hopping leg: the piece jumped must be a
/// friendly one.
fn turn_role(mode: Mode) -> Result<StepRole, &'static str> {
    if mode.contains(Mode::TAME) && mode.contains(Mode::HOP) && !mode.contains(Mode::MOVE) {
        return Ok(StepRole::TurnHopFriend);
    }
    if mode.contains(Mode::GRASSHOP) || mode.contains(Mode::EN_PASSANT) {
        return Err("grasshopper or e.p. modifiers on a non-final leg");
    }
    if mode.contains(Mode::INDUCE) {
        return Ok(StepRole::TurnInduce);
    }
    let (m, c, d) = (
        mode.contains(Mode::MOVE),
        mode.contains(Mode::CAPTURE),
        mode.contains(Mode::DESTROY),
    );
    Ok(if mode.contains(Mode::HOP) && m {
        StepRole::TurnAny
    } else if mode.contains(Mode::HOP) {
        StepRole::TurnHop
    } else {
        match (m, c, d) {
            (_, false, false) => StepRole::TurnEmpty,
            (false, true, false) => StepRole::TurnCapture,
            (true, true, false) => StepRole::TurnEither,
            (false, false, true) => StepRole::TurnDestroy,
            (true, false, true) => StepRole::TurnEmptyOrDestroy,
            (false, true, true) => StepRole::TurnRemove,
            (true, true, true) => StepRole::TurnEmptyOrRemove,
        }
    })
}

/// Every realisation of a multi-leg path (or a lame rider) from one square: for each non-final leg, each distance
/// it may go before turning; then the final leg's squares as destinations. Lame steps add `Pass` squares.
fn build_chains(g: Geometry, from: Square, legs: &[Leg]) -> BuiltRay {
    let (last, turns) = legs.split_last().expect("a path has legs");
    // A move records one victim besides its destination (`MoveKind::Locust`).
    if turns.iter().filter(|l| removes(l)).count() > 1 {
        return BuiltRay::Unsupported(
            "multi-leg moves that capture on more than one turning square",
        );
    }
    let mut chains = Vec::new();
    let start = (g.file(from), g.rank(from));
    if let Err(what) = extend(
        g,
        from,
        start,
        legs,
        &mut Vec::new(),
        &mut Vec::new(),
        &mut chains,
    ) {
        return BuiltRay::Unsupported(what);
    }
    if chains.is_empty() {
        return BuiltRay::Empty;
    }
    BuiltRay::Chains {
        flags: final_flags(last.mode),
        chains,
    }
}

type Chain = (Vec<Square>, Vec<StepRole>);

fn extend(
    g: Geometry,
    origin: Square,
    (x, y): (i32, i32),
    legs: &[Leg],
    squares: &mut Vec<Square>,
    roles: &mut Vec<StepRole>,
    out: &mut Vec<Chain>,
) -> Result<(), &'static str> {
    let (leg, rest) = legs.split_first().expect("called with legs");
    if leg.step == (0, 0) {
        return Ok(());
    }
    let limit = leg.max.unwrap_or(u32::MAX).min(64) as i32;
    if rest.is_empty() && leg.mode.intersects(Mode(Mode::HOP.0 | Mode::GRASSHOP.0)) {
        return final_hop(g, origin, (x, y), leg, limit, squares, roles, out);
    }
    let mark = squares.len();
    for k in 1..=limit {
        let (bx, by) = (x + (k - 1) * leg.step.0, y + (k - 1) * leg.step.1);
        // The lame squares of this step (empty), its must-jump squares (occupied), then its end.
        // A step whose lame or jump square is off the board ends the leg; the earlier steps stand (a lame
        // nightrider from d4 still reaches e6 when the square beside f8 is off the board).
        let step_mark = squares.len();
        let lame = leg.lame_path.iter().map(|v| (v, StepRole::Pass));
        let mut off_board = false;
        for (&(dx, dy), role) in lame.chain(leg.jump_path.iter().map(|v| (v, StepRole::TurnHop))) {
            let Some(sq) = leg_square(g, leg.wrap, origin, bx + dx, by + dy) else {
                off_board = true;
                break;
            };
            squares.push(sq);
            roles.push(role);
        }
        let (ex, ey) = (x + k * leg.step.0, y + k * leg.step.1);
        let end = leg_square(g, leg.wrap, origin, ex, ey);
        let Some(end) = end.filter(|_| !off_board) else {
            squares.truncate(step_mark);
            roles.truncate(step_mark);
            break;
        };
        if rest.is_empty() {
            squares.push(end);
            roles.push(StepRole::Dest);
            continue;
        }
        if out.len() >= MAX_CHAINS {
            return Err("multi-leg moves with this many realisations");
        }
        let before = squares.len();
        squares.push(end);
        roles.push(turn_role(leg.mode)?);
        let next = (ex.rem_euclid(g.files as i32), ey);
        extend(g, origin, next, rest, squares, roles, out)?;
        squares.truncate(before);
        roles.truncate(before);
        // Going further along this leg passes over the turning square.
        squares.push(end);
        roles.push(StepRole::Pass);
    }
    if rest.is_empty() && roles[mark..].contains(&StepRole::Dest) {
        out.push((squares.clone(), roles.clone()));
    }
    squares.truncate(mark);
    roles.truncate(mark);
    Ok(())
}

/// A hop on the final leg (`p`: cannon, `g`: grasshopper) after the earlier legs in `squares`: one chain per square
/// of the leg that may be the hurdle. The squares before the hurdle are passed over, the hurdle must hold a piece
/// (`TurnHop`), and the squares after it are destinations as on a slide (`p`), or only the first of them (`g`).
/// The range counts every square of the leg, the hurdle included, as for a single-leg hopper.
#[allow(clippy::too_many_arguments)]
fn final_hop(
    g: Geometry,
    origin: Square,
    (x, y): (i32, i32),
    leg: &Leg,
    limit: i32,
    squares: &[Square],
    roles: &[StepRole],
    out: &mut Vec<Chain>,
) -> Result<(), &'static str> {
    let line: Vec<Square> = (1..=limit)
        .map_while(|k| leg_square(g, leg.wrap, origin, x + k * leg.step.0, y + k * leg.step.1))
        .collect();
    let grasshop = leg.mode.contains(Mode::GRASSHOP);
    for hurdle in 0..line.len().saturating_sub(1) {
        if out.len() >= MAX_CHAINS {
            return Err("multi-leg moves with this many realisations");
        }
        let end = if grasshop { hurdle + 2 } else { line.len() };
        let mut chain_squares = squares.to_vec();
        chain_squares.extend_from_slice(&line[..end]);
        let mut chain_roles = roles.to_vec();
        chain_roles.extend(std::iter::repeat_n(StepRole::Pass, hurdle));
        chain_roles.push(StepRole::TurnHop);
        chain_roles.extend(std::iter::repeat_n(StepRole::Dest, end - hurdle - 1));
        out.push((chain_squares, chain_roles));
    }
    Ok(())
}
