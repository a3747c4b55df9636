//! One expanded XBetza path from one square → one board-clipped ray (or why it cannot be one).
use crate::rules::{Geometry, RayFlags, RayKind, Square, StepRule};
use betza::{Leg, Mode, Path};

/// More chain rays than this from one square for one path is surely a mistake (and would bloat the graph).
const MAX_CHAINS: usize = 4096;

/// What one path gives from one square. The squares themselves are in the [`RayBuf`] it was built into.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BuiltRay {
    /// Plain rays of one kind and flags: usually one, or one leap per other square for the universal leaper `U`.
    Rays { kind: RayKind, flags: RayFlags },
    /// Several chain rays (a multi-leg move or a lame rider): squares with the rule of each.
    Chains { flags: RayFlags },
    /// The path leaves the board at once from this square.
    Empty,
    /// The compiler has no ray form for this kind of move.
    Unsupported(&'static str),
}

/// The rays of one path from one square, and the chain unroller's walk: buffers the graph builder keeps for a
/// whole piece, so that building a square's rays allocates nothing once they have grown (a vector per ray and two
/// per chain made a third of the compiler's instructions allocation).
#[derive(Default)]
pub struct RayBuf {
    /// Every ray's squares, one ray after another.
    squares: Vec<Square>,
    /// Parallel to `squares` for chains: the rule of each square (empty while the rays are plain).
    rules: Vec<StepRule>,
    /// Each ray: where its squares start in `squares`, and how many there are.
    rays: Vec<(usize, usize)>,
    /// The chain unroller's path so far, and the rule of each of its squares.
    walk_squares: Vec<Square>,
    walk_rules: Vec<StepRule>,
}

impl RayBuf {
    fn clear(&mut self) {
        self.squares.clear();
        self.rules.clear();
        self.rays.clear();
    }

    fn push_ray(&mut self, squares: impl IntoIterator<Item = Square>) {
        let start = self.squares.len();
        self.squares.extend(squares);
        self.rays.push((start, self.squares.len() - start));
    }

    fn push_chain(&mut self, squares: &[Square], rules: &[StepRule]) {
        self.rays.push((self.squares.len(), squares.len()));
        self.squares.extend_from_slice(squares);
        self.rules.extend_from_slice(rules);
    }

    /// The squares of each plain ray.
    pub fn rays(&self) -> impl Iterator<Item = &[Square]> {
        self.rays
            .iter()
            .map(|&(start, len)| &self.squares[start..start + len])
    }

    /// The squares of each chain ray, with the rule of each.
    pub fn chains(&self) -> impl Iterator<Item = (&[Square], &[StepRule])> + Clone {
        self.rays.iter().map(|&(start, len)| {
            let end = start + len;
            (&self.squares[start..end], &self.rules[start..end])
        })
    }

    /// How many squares the rays (or chains) hold in all.
    pub fn square_count(&self) -> usize {
        self.rays.iter().map(|&(_, len)| len).sum()
    }

    /// Clips the rays of `built` in place, the one shape of every clip applied to built rays (holes, confinement).
    /// `ray` gives how many squares of a plain ray stay, `None` to drop it; `chain` may take destinations away
    /// from a chain's rules and gives how many of its squares stay. A ray left without squares, or a chain left
    /// without a destination, is dropped; a move left with nothing is [`BuiltRay::Empty`].
    pub fn retain(
        &mut self,
        built: BuiltRay,
        mut ray: impl FnMut(RayKind, &[Square]) -> Option<usize>,
        mut chain: impl FnMut(&[Square], &mut [StepRule]) -> usize,
    ) -> BuiltRay {
        let (squares, rules) = (&self.squares, &mut self.rules);
        match built {
            BuiltRay::Rays { kind, .. } => self.rays.retain_mut(|(start, len)| {
                *len = ray(kind, &squares[*start..*start + *len])
                    .unwrap_or(0)
                    .min(*len);
                *len > 0
            }),
            BuiltRay::Chains { .. } => self.rays.retain_mut(|(start, len)| {
                let rules = &mut rules[*start..*start + *len];
                *len = chain(&squares[*start..*start + *len], rules).min(*len);
                rules[..*len].iter().any(|r| r.contains(StepRule::DEST))
            }),
            BuiltRay::Empty | BuiltRay::Unsupported(_) => return built,
        }
        if self.rays.is_empty() {
            BuiltRay::Empty
        } else {
            built
        }
    }
}

/// The rays of `path` from `from`, written into `buf` (cleared first); `refusal` is [`refused`]`(path)`, asked
/// once per path by the caller.
pub fn build_ray(
    g: Geometry,
    from: Square,
    path: &Path,
    refusal: Option<&'static str>,
    buf: &mut RayBuf,
) -> BuiltRay {
    buf.clear();
    if let Some(what) = refusal {
        return BuiltRay::Unsupported(what);
    }
    if path.universal {
        return universal_leaper(g, from, path, buf);
    }
    let leg = match path.legs.as_slice() {
        [leg] if !needs_chain_walker(path) => leg,
        _ => return build_chains(g, from, &path.legs, buf),
    };
    let mode = leg.mode;
    let flags = final_flags(mode);
    let (x0, y0) = (g.file(from), g.rank(from));
    let kind = if mode.contains(Mode::GRASSHOP) {
        RayKind::Grasshop
    } else if mode.contains(Mode::HOP) {
        RayKind::Hop
    } else if !leg.lame_path.is_empty() {
        // Every square of the path must be on the board.
        let steps = leg.lame_path.iter().chain(std::iter::once(&leg.step));
        buf.push_ray(steps.map_while(|&(dx, dy)| g.square(x0 + dx, y0 + dy)));
        if buf.squares.len() != leg.lame_path.len() + 1 {
            buf.clear();
            return BuiltRay::Empty;
        }
        return BuiltRay::Rays {
            kind: RayKind::Lame,
            flags,
        };
    } else {
        RayKind::Slide
    };
    if leg.step == (0, 0) {
        return BuiltRay::Empty;
    }
    let limit = leg.max.unwrap_or(u32::MAX).min(64) as i32;
    buf.push_ray((1..=limit).map_while(|k| g.square(x0 + k * leg.step.0, y0 + k * leg.step.1)));
    if buf.squares.is_empty() {
        buf.clear();
        return BuiltRay::Empty;
    }
    BuiltRay::Rays { kind, flags }
}

/// Least and greatest (file, rank) offsets from a path's start square.
pub type FixedBox = [(i32, i32); 2];

/// The box (least and greatest file and rank offsets) of the squares every realisation of a path visits: its
/// legs up to the first that may go further than one step, and that leg's first step. A square where this box
/// leaves the board gives the path no ray at all, so the compiler skips it without walking the path. `None`
/// when the path has no such fixed part (the universal leaper, cylinder legs that wrap round the edges).
pub fn fixed_box(path: &Path) -> Option<FixedBox> {
    if path.universal || path.legs.iter().any(|l| l.wrap) {
        return None;
    }
    let (mut x, mut y) = (0, 0);
    let mut lo = (0, 0);
    let mut hi = (0, 0);
    let mut include = |(px, py): (i32, i32)| {
        lo = (lo.0.min(px), lo.1.min(py));
        hi = (hi.0.max(px), hi.1.max(py));
    };
    for leg in &path.legs {
        if leg.step == (0, 0) {
            break;
        }
        for &(dx, dy) in leg.lame_path.iter().chain(&leg.jump_path) {
            include((x + dx, y + dy));
        }
        (x, y) = (x + leg.step.0, y + leg.step.1);
        include((x, y));
        if leg.max != Some(1) {
            break;
        }
    }
    Some([lo, hi])
}

/// Does a path whose [`fixed_box`] is `bounds` fit on the board from `from`?
pub fn fits(g: Geometry, from: Square, bounds: Option<FixedBox>) -> bool {
    let (x, y) = (g.file(from), g.rank(from));
    bounds.is_none_or(|[lo, hi]| {
        g.square(x + lo.0, y + lo.1).is_some() && g.square(x + hi.0, y + hi.1).is_some()
    })
}

/// Why the executor cannot play a path, whatever square it starts from.
pub fn refused(path: &Path) -> Option<&'static str> {
    let turns = path.legs.split_last().map_or(&[][..], |(_, turns)| turns);
    // A move records one victim besides its destination (`MoveKind::Locust`).
    if turns.iter().filter(|l| removes(l)).count() > 1 {
        return Some("multi-leg moves that capture on more than one turning square");
    }
    unplayable(path)
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
/// its leg must end on an empty square (a plain or `m` turn, [`StepRule::TURN_EMPTY`]). The move records that square
/// as its only extra square (`MoveKind::Unload`), so no earlier leg may capture, and the chain
/// walker takes the last empty turn as the unload square, so no induction either.
fn unplayable_unload(last: &Leg, turns: &[Leg]) -> Option<&'static str> {
    let unloads = |l: &Leg| l.mode.contains(Mode::UNLOAD);
    let (Some(before), true) = (turns.last(), turns.iter().chain([last]).any(unloads)) else {
        return None;
    };
    if turns.iter().any(unloads) {
        Some("unloading captures on a leg other than the last (`u` before an `a`; on the last leg, as in `afucQ`, they work)")
    } else if turn_rule(before.mode) != Ok(StepRule::TURN_EMPTY) {
        Some("unloading captures on a leg that starts on a turning square that may hold a piece (`u` after a `c`, `d`, `p` or `x` turn: the victim is put where the leg starts, which must be empty; after an empty turn, as in `afucQ`, they work)")
    } else if turns.iter().any(removes) {
        Some("unloading captures in moves that also capture on a turning square (a move records one square besides its destination)")
    } else if turns.iter().any(|l| l.mode.contains(Mode::INDUCE)) {
        Some("unloading captures in induced moves (`x` before an `a` and `u` on the last leg)")
    } else {
        None
    }
}

/// Does a single-leg path need the chain walker? The ray kinds of the fast path know nothing of cylinder legs
/// (`o`: a leg's squares wrap round the left and right edges, [`leg_square`]), must-jump squares (`j` on a leaper:
/// a [`StepRule::HURDLE`] before each step's end), lame riders, tame (`t`) and unloading (`u`) captures, friendly
/// captures (`d`) or `x` (induction, borrowing: the walker reads the friendly piece there). Keeping those moves
/// chains means the walks of the ordinary ray kinds (the hot path) never test for them.
fn needs_chain_walker(path: &Path) -> bool {
    path.legs.iter().any(|l| {
        l.wrap
            || !l.jump_path.is_empty()
            || (!l.lame_path.is_empty() && l.max != Some(1))
            || l.mode.intersects(Mode(
                Mode::TAME.0 | Mode::UNLOAD.0 | Mode::DESTROY.0 | Mode::INDUCE.0,
            ))
    })
}

/// The universal leaper `U`: one leap per other square of the board, as plain rays (so the executor and the
/// reverse attack tables need nothing new), or as chains for `tU`, `uU` and `xU` (which borrows from any friendly
/// piece on the board), whose flags only the chain walker reads.
fn universal_leaper(g: Geometry, from: Square, path: &Path, buf: &mut RayBuf) -> BuiltRay {
    let Some(last) = path.legs.last() else {
        return BuiltRay::Empty;
    };
    let flags = final_flags(last.mode);
    let walker_only = RayFlags::TAME | RayFlags::UNLOAD | RayFlags::BORROW;
    let dest = StepRule::destination(flags);
    for sq in g.all().filter(|&s| s != from) {
        if flags.has(walker_only) {
            buf.push_chain(&[sq], &[dest]);
        } else {
            buf.push_ray([sq]);
        }
    }
    if buf.rays.is_empty() {
        BuiltRay::Empty
    } else if flags.has(walker_only) {
        BuiltRay::Chains { flags }
    } else {
        BuiltRay::Rays {
            kind: RayKind::Slide,
            flags,
        }
    }
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

/// What the final leg may do where it ends (`t` and `u` only on chain rays: see [`needs_chain_walker`]).
fn final_flags(mode: Mode) -> RayFlags {
    [
        (Mode::MOVE, RayFlags::MOVE),
        (Mode::CAPTURE, RayFlags::CAPTURE),
        (Mode::EN_PASSANT, RayFlags::EN_PASSANT),
        (Mode::DESTROY, RayFlags::DESTROY),
        (Mode::INDUCE, RayFlags::BORROW),
        (Mode::TAME, RayFlags::TAME),
        (Mode::UNLOAD, RayFlags::UNLOAD),
    ]
    .into_iter()
    .filter(|(m, _)| mode.contains(*m))
    .fold(RayFlags::empty(), |flags, (_, flag)| flags | flag)
}

/// The rule of a turning square whose leg has these modifiers, or why there is none. Hopping wins over capturing
/// (`cp` jumps); `t` on a hopping leg means the piece jumped must be a friendly one.
fn turn_rule(mode: Mode) -> Result<StepRule, &'static str> {
    if mode.intersects(Mode(Mode::GRASSHOP.0 | Mode::EN_PASSANT.0)) {
        return Err("grasshopper or e.p. modifiers on a non-final leg");
    }
    if mode.contains(Mode::INDUCE) {
        return Ok(StepRule::TURN | StepRule::INDUCE);
    }
    let mut rule = StepRule::TURN;
    if mode.contains(Mode::MOVE) {
        rule |= StepRule::EMPTY;
    }
    if mode.contains(Mode::HOP) {
        let tame = mode.contains(Mode::TAME) && !mode.contains(Mode::MOVE);
        rule |= if tame {
            StepRule::HOP_FRIEND
        } else {
            StepRule::HURDLE
        };
        return Ok(rule);
    }
    if !mode.intersects(Mode(Mode::CAPTURE.0 | Mode::DESTROY.0)) {
        rule |= StepRule::EMPTY;
    }
    if mode.contains(Mode::CAPTURE) {
        rule |= StepRule::CAPTURE;
    }
    if mode.contains(Mode::DESTROY) {
        rule |= StepRule::DESTROY;
    }
    Ok(rule)
}

/// Every realisation of a multi-leg path (or a lame rider) from one square: for each non-final leg, each distance
/// it may go before turning; then the final leg's squares as destinations. Lame steps add passed squares.
fn build_chains(g: Geometry, from: Square, legs: &[Leg], buf: &mut RayBuf) -> BuiltRay {
    let last = legs.last().expect("a path has legs");
    let flags = final_flags(last.mode);
    // A tame move (`t` on the last leg) never captures a royal piece, on its turning squares either.
    let tame = if flags.has(RayFlags::TAME) {
        StepRule::SPARE_ROYAL
    } else {
        StepRule::empty()
    };
    let mut unroller = ChainUnroller {
        g,
        origin: from,
        tame,
        destination: StepRule::destination(flags),
        buf,
    };
    unroller.buf.walk_squares.clear();
    unroller.buf.walk_rules.clear();
    if let Err(what) = unroller.unroll((g.file(from), g.rank(from)), legs) {
        buf.clear();
        return BuiltRay::Unsupported(what);
    }
    if buf.rays.is_empty() {
        return BuiltRay::Empty;
    }
    BuiltRay::Chains { flags }
}

/// Unrolls a multi-leg path from one square into its chains: the path walked so far (the buffer's walk) grows
/// and shrinks as each leg tries each of its distances; each chain found is appended to the buffer's rays.
struct ChainUnroller<'b> {
    g: Geometry,
    origin: Square,
    /// [`StepRule::SPARE_ROYAL`] on every capturing square of a tame move, else nothing.
    tame: StepRule,
    /// The rule of every destination square (what the final leg may do there).
    destination: StepRule,
    buf: &'b mut RayBuf,
}

impl ChainUnroller<'_> {
    fn push(&mut self, sq: Square, rule: StepRule) {
        let rule = if rule.contains(StepRule::CAPTURE) {
            rule | self.tame
        } else {
            rule
        };
        self.buf.walk_squares.push(sq);
        self.buf.walk_rules.push(rule);
    }

    fn truncate(&mut self, len: usize) {
        self.buf.walk_squares.truncate(len);
        self.buf.walk_rules.truncate(len);
    }

    /// The walk so far is a chain: append it to the buffer's rays.
    fn emit(&mut self) {
        let buf = &mut *self.buf;
        buf.rays.push((buf.squares.len(), buf.walk_squares.len()));
        buf.squares.extend_from_slice(&buf.walk_squares);
        buf.rules.extend_from_slice(&buf.walk_rules);
    }

    fn square(&self, leg: &Leg, x: i32, y: i32) -> Option<Square> {
        leg_square(self.g, leg.wrap, self.origin, x, y)
    }

    fn check_size(&self) -> Result<(), &'static str> {
        if self.buf.rays.len() >= MAX_CHAINS {
            Err("multi-leg moves with this many realisations")
        } else {
            Ok(())
        }
    }

    /// Appends every chain that walks `legs` from (`x`, `y`) after the path so far.
    fn unroll(&mut self, (x, y): (i32, i32), legs: &[Leg]) -> Result<(), &'static str> {
        let (leg, rest) = legs.split_first().expect("called with legs");
        if leg.step == (0, 0) {
            return Ok(());
        }
        let limit = leg.max.unwrap_or(u32::MAX).min(64) as i32;
        if rest.is_empty() && leg.mode.intersects(Mode(Mode::HOP.0 | Mode::GRASSHOP.0)) {
            return self.final_hop((x, y), leg, limit);
        }
        let mark = self.buf.walk_squares.len();
        for k in 1..=limit {
            let (bx, by) = (x + (k - 1) * leg.step.0, y + (k - 1) * leg.step.1);
            // The lame squares of this step (empty), its must-jump squares (occupied), then its end.
            // A step whose lame or jump square is off the board ends the leg; the earlier steps stand (a lame
            // nightrider from d4 still reaches e6 when the square beside f8 is off the board).
            let step_mark = self.buf.walk_squares.len();
            let lame = leg.lame_path.iter().map(|v| (v, StepRule::PASS));
            let jumps = leg.jump_path.iter().map(|v| (v, StepRule::HURDLE));
            let mut off_board = false;
            for (&(dx, dy), rule) in lame.chain(jumps) {
                let Some(sq) = self.square(leg, bx + dx, by + dy) else {
                    off_board = true;
                    break;
                };
                self.push(sq, rule);
            }
            let (ex, ey) = (x + k * leg.step.0, y + k * leg.step.1);
            let Some(end) = self.square(leg, ex, ey).filter(|_| !off_board) else {
                self.truncate(step_mark);
                break;
            };
            if rest.is_empty() {
                self.push(end, self.destination);
                continue;
            }
            self.check_size()?;
            let before = self.buf.walk_squares.len();
            self.push(end, turn_rule(leg.mode)?);
            let next = (ex.rem_euclid(self.g.files as i32), ey);
            self.unroll(next, rest)?;
            self.truncate(before);
            // Going further along this leg passes over the turning square.
            self.push(end, StepRule::PASS);
        }
        if rest.is_empty()
            && self.buf.walk_rules[mark..]
                .iter()
                .any(|r| r.contains(StepRule::DEST))
        {
            self.emit();
        }
        self.truncate(mark);
        Ok(())
    }

    /// A hop on the final leg (`p`: cannon, `g`: grasshopper) after the path so far: one chain per square of the
    /// leg that may be the hurdle. The squares before the hurdle are passed over, the hurdle must hold a piece, and
    /// the squares after it are destinations as on a slide (`p`), or only the first of them (`g`). The range
    /// counts every square of the leg, the hurdle included, as for a single-leg hopper.
    fn final_hop(&mut self, (x, y): (i32, i32), leg: &Leg, limit: i32) -> Result<(), &'static str> {
        // At most 64 squares (the range limit of a leg): on the stack.
        let mut line = [Square(0); 64];
        let mut len = 0;
        for k in 1..=limit {
            let Some(sq) = self.square(leg, x + k * leg.step.0, y + k * leg.step.1) else {
                break;
            };
            line[len] = sq;
            len += 1;
        }
        let line = &line[..len];
        let grasshop = leg.mode.contains(Mode::GRASSHOP);
        let mark = self.buf.walk_squares.len();
        for hurdle in 0..line.len().saturating_sub(1) {
            self.check_size()?;
            let end = if grasshop { hurdle + 2 } else { line.len() };
            for (i, &sq) in line[..end].iter().enumerate() {
                let rule = match i.cmp(&hurdle) {
                    std::cmp::Ordering::Less => StepRule::PASS,
                    std::cmp::Ordering::Equal => StepRule::HURDLE,
                    std::cmp::Ordering::Greater => self.destination,
                };
                self.push(sq, rule);
            }
            self.emit();
            self.truncate(mark);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(modes: &[Mode]) -> StepRule {
        let mode = modes.iter().fold(Mode(0), |m, &x| m.union(x));
        turn_rule(mode).expect("a turning rule")
    }

    #[test]
    fn a_turning_square_allows_what_its_leg_modifiers_say() {
        assert_eq!(turn(&[]), StepRule::TURN_EMPTY);
        assert_eq!(turn(&[Mode::CAPTURE]), StepRule::TURN | StepRule::CAPTURE);
        assert_eq!(turn(&[Mode::DESTROY]), StepRule::TURN | StepRule::DESTROY);
        assert_eq!(turn(&[Mode::INDUCE]), StepRule::TURN | StepRule::INDUCE);
    }

    #[test]
    fn hopping_wins_over_capturing_on_a_turn() {
        assert_eq!(turn(&[Mode::CAPTURE, Mode::HOP]), StepRule::HURDLE);
    }

    #[test]
    fn a_tame_hop_turn_jumps_only_a_friend() {
        assert_eq!(
            turn(&[Mode::TAME, Mode::HOP]),
            StepRule::TURN | StepRule::HOP_FRIEND
        );
    }

    #[test]
    fn grasshopper_and_en_passant_modifiers_have_no_turning_rule() {
        assert!(turn_rule(Mode::GRASSHOP).is_err());
        assert!(turn_rule(Mode::EN_PASSANT).is_err());
    }
}
