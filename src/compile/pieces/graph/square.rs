//! One piece's rays from one square, for one side: each path's rays built (or found in [`Built::paths`]), the
//! chains stored, the plain rays that another covers dropped, the rest stored.
use super::super::confine;
use super::super::rays::{build_ray, fits, BuiltRay, RayBuf};
use super::{
    component_span, Built, OwnComponent, PieceGraph, PlannedPath, MAX_RAY_SQUARES_PER_PIECE,
};
use crate::compile::board::holes;
use crate::compile::Diags;
use crate::rules::{Ray, RayFlags, RayKind, Side, Square, SquareSet, StepRule};
use std::ops::Range;

/// A plain ray from one square, before the redundant ones are dropped.
struct Candidate {
    kind: RayKind,
    flags: RayFlags,
    /// Where its squares start in [`Candidates::squares`], and how many there are.
    first: usize,
    len: usize,
    /// Its index in [`Built::ray_sources`].
    source: u16,
    /// Where its content is in the ray store, when it came from [`Built::paths`]; `None` when it was built here.
    stored: Option<u32>,
}

/// A square's plain rays before the redundant ones are dropped, and their squares.
#[derive(Default)]
struct Candidates {
    list: Vec<Candidate>,
    squares: Vec<Square>,
}

/// Buffers reused for every square of a piece: a square's rays are built, clipped and sorted out in them, so that
/// they allocate nothing once grown.
#[derive(Default)]
pub(super) struct Scratch {
    ray: RayBuf,
    candidates: Candidates,
    /// [`redundant_candidates`]' order by first square (with each candidate's index) and its answer.
    by_first: Vec<(Square, usize)>,
    redundant: Vec<bool>,
    /// Per candidate, where [`push_uncovered`] stored its content (`None`: covered by another, not stored).
    starts: Vec<Option<u32>>,
    /// The paths built on this square whose plain rays [`Built::paths`] is to remember once they are stored: each
    /// one's slot and its candidates.
    misses: Vec<(u32, Range<usize>)>,
    /// The rays of one path on this square (start and length in the ray store), found in [`Built::paths`] or
    /// just stored.
    found: Vec<(u32, u16)>,
}

impl PieceGraph<'_> {
    /// Gives each of the piece's paths (but castlings and refused ones) its slot in [`Built::paths`], under the
    /// zones that clip it for its side.
    pub(super) fn assign_slots(&mut self, b: &mut Built) {
        let confined = self.info.confined;
        for (set, sides) in self.info.move_sets.iter().zip(&mut self.expanded) {
            for side in Side::BOTH {
                for planned in &mut sides[side.index()] {
                    planned.slot = (planned.path.castling.is_none() && planned.refusal.is_none())
                        .then(|| {
                            b.paths.slot(
                                &planned.path,
                                confined.map(|z| (z, side)),
                                set.within.map(|z| (z, side)),
                            )
                        })
                        .flatten();
                }
            }
        }
    }

    /// The rays of the piece on `sq` for `side`, appended to `b`: its chains, then its plain rays but those another
    /// covers.
    ///
    /// `initial_pass` sorts the rays of a piece whose `i` moves last while it has not moved (`initial unmoved`):
    /// `Some(false)` keeps its other rays, `Some(true)` only its `i` rays, which go last in the square's slice.
    pub(super) fn square_rays(
        &mut self,
        side: Side,
        sq: Square,
        initial_pass: Option<bool>,
        scratch: &mut Scratch,
        b: &mut Built,
        d: &mut Diags,
    ) {
        if self.setting.holes.contains(sq) {
            return;
        }
        let zones = self.setting.zones;
        scratch.candidates.list.clear();
        scratch.candidates.squares.clear();
        scratch.misses.clear();
        for mi in self.move_sets_on(side, sq) {
            let within = self.info.move_sets[mi]
                .within
                .map(|z| &zones.get(z).squares[side.index()]);
            for pi in 0..self.expanded[mi][side.index()].len() {
                let path = &self.expanded[mi][side.index()][pi].path;
                if path.castling.is_some()
                    || path.initial_only && !self.initial[side.index()].contains(sq)
                    || initial_pass.is_some_and(|only_initial| only_initial != path.initial_only)
                {
                    continue;
                }
                if !self.path_rays(side, sq, (mi, pi), within, scratch, b, d) {
                    return;
                }
            }
        }
        self.squares_built += push_uncovered(scratch, b);
        remember_plain_rays(scratch, sq, b);
    }

    /// The rays of the path `at` (move set, path) on `sq` for `side`: chains appended to `b`, plain rays to the
    /// candidates. Found in [`Built::paths`] when a type built them before, else built (and remembered there).
    /// False when they would take the piece past [`MAX_RAY_SQUARES_PER_PIECE`] (reported): no more are built.
    #[allow(clippy::too_many_arguments)]
    fn path_rays(
        &mut self,
        side: Side,
        sq: Square,
        (mi, pi): (usize, usize),
        within: Option<&SquareSet>,
        scratch: &mut Scratch,
        b: &mut Built,
        d: &mut Diags,
    ) -> bool {
        let g = self.setting.geometry;
        let &PlannedPath {
            ref path,
            bounds,
            refusal,
            slot,
        } = &self.expanded[mi][side.index()][pi];
        let own = OwnComponent {
            set: mi,
            component: path.component,
        };
        let fits = fits(g, sq, bounds);
        // A path that cannot fit here gives no ray (nothing to remember); only its refusal, if any, is reported.
        let slot = slot.filter(|_| fits);
        if let Some((built, rays)) = slot.and_then(|slot| b.paths.get(slot, sq.index())) {
            scratch.found.clear();
            scratch.found.extend_from_slice(rays);
            return self.found_rays(side, own, built, scratch, b, d);
        }
        let buf = &mut scratch.ray;
        let built = if fits {
            let built = build_ray(g, sq, path, refusal, buf);
            let built = holes::clip(
                built,
                buf,
                Some(self.setting.holes).filter(|h| !h.is_empty()),
            );
            let zone = self.confined.as_ref().map(|z| &z[side.index()]);
            confine::clip(confine::clip(built, buf, zone), buf, within)
        } else {
            refusal.map_or(BuiltRay::Empty, BuiltRay::Unsupported)
        };
        let adding = match built {
            BuiltRay::Chains { .. } | BuiltRay::Rays { .. } => buf.square_count(),
            BuiltRay::Empty | BuiltRay::Unsupported(_) => 0,
        };
        if self.past_limit(adding, own, d) {
            return false;
        }
        match built {
            BuiltRay::Chains { flags } => {
                let source = self.source(b, own);
                let starts =
                    b.store
                        .intern_chains(&mut b.ray_squares, &mut b.ray_rules, buf.chains());
                scratch.found.clear();
                scratch.found.extend(
                    starts
                        .iter()
                        .zip(buf.chains())
                        .map(|(&start, (squares, _))| (start, squares.len() as u16)),
                );
                if let Some(slot) = slot {
                    b.paths
                        .put(slot, sq.index(), built, scratch.found.iter().copied());
                }
                for &(first, len) in &scratch.found {
                    self.push_chain(side, flags, source, (first, len), b);
                }
            }
            BuiltRay::Rays { kind, flags } => {
                let source = self.source(b, own);
                self.has_ep_capture |= flags.has(RayFlags::EN_PASSANT);
                let first_candidate = scratch.candidates.list.len();
                for squares in scratch.ray.rays() {
                    let ray = (kind, flags, source);
                    self.push_candidate(side, ray, squares, None, &mut scratch.candidates);
                }
                if let Some(slot) = slot {
                    let candidates = first_candidate..scratch.candidates.list.len();
                    scratch.misses.push((slot, candidates));
                }
            }
            BuiltRay::Empty => {
                if let Some(slot) = slot {
                    b.paths.put(slot, sq.index(), built, std::iter::empty());
                }
            }
            BuiltRay::Unsupported(what) => {
                if let Some(span) = self.first_report_of(own) {
                    d.error(span, format!("{what} are not supported yet"));
                }
            }
        }
        true
    }

    /// [`Self::path_rays`] for rays found in [`Built::paths`] (in `scratch.found`): what building them would do,
    /// with their contents where the ray store keeps them.
    fn found_rays(
        &mut self,
        side: Side,
        own: OwnComponent,
        built: BuiltRay,
        scratch: &mut Scratch,
        b: &mut Built,
        d: &mut Diags,
    ) -> bool {
        let adding = scratch.found.iter().map(|&(_, len)| len as usize).sum();
        if self.past_limit(adding, own, d) {
            return false;
        }
        match built {
            BuiltRay::Chains { flags } => {
                let source = self.source(b, own);
                for &(first, len) in &scratch.found {
                    self.push_chain(side, flags, source, (first, len), b);
                }
            }
            BuiltRay::Rays { kind, flags } => {
                let source = self.source(b, own);
                self.has_ep_capture |= flags.has(RayFlags::EN_PASSANT);
                for &(first, len) in &scratch.found {
                    let squares = &b.ray_squares[first as usize..first as usize + len as usize];
                    let ray = (kind, flags, source);
                    self.push_candidate(side, ray, squares, Some(first), &mut scratch.candidates);
                }
            }
            BuiltRay::Empty | BuiltRay::Unsupported(_) => {}
        }
        true
    }

    /// Would adding `adding` ray squares take this piece past [`MAX_RAY_SQUARES_PER_PIECE`]? Then it is reported
    /// at the component `own` and the piece builds no more. (The rays already kept for this square are counted,
    /// the candidates not yet kept are not: at most one square's plain rays over.)
    fn past_limit(&mut self, adding: usize, own: OwnComponent, d: &mut Diags) -> bool {
        if self.squares_built + adding <= MAX_RAY_SQUARES_PER_PIECE {
            return false;
        }
        let span = component_span(&self.info.move_sets[own.set], own.component);
        d.error(span, format!("this move needs more than {MAX_RAY_SQUARES_PER_PIECE} ray squares on this board (the limit per piece type)"))
            .note("give the legs a range or fewer directions, or use a smaller board");
        self.too_big = true;
        true
    }

    /// Adds a plain ray of `squares` (stored at `stored` in the ray store, if it is) to the square's candidates,
    /// and its destinations to the piece's.
    fn push_candidate(
        &mut self,
        side: Side,
        (kind, flags, source): (RayKind, RayFlags, u16),
        squares: &[Square],
        stored: Option<u32>,
        candidates: &mut Candidates,
    ) {
        let ends = match kind {
            RayKind::Slide | RayKind::Hop => squares,
            RayKind::Lame | RayKind::Grasshop | RayKind::Chain => &squares[squares.len() - 1..],
        };
        ends.iter()
            .for_each(|s| self.destinations[side.index()].insert(*s));
        let first = candidates.squares.len();
        candidates.squares.extend_from_slice(squares);
        candidates.list.push(Candidate {
            kind,
            flags,
            first,
            len: squares.len(),
            source,
            stored,
        });
    }

    /// Appends the chain ray whose content is stored at `first`, `len` squares long, and counts its destinations.
    fn push_chain(
        &mut self,
        side: Side,
        flags: RayFlags,
        source: u16,
        (first, len): (u32, u16),
        b: &mut Built,
    ) {
        let range = first as usize..first as usize + len as usize;
        for (s, r) in b.ray_squares[range.clone()].iter().zip(&b.ray_rules[range]) {
            if r.contains(StepRule::DEST) {
                self.destinations[side.index()].insert(*s);
            }
        }
        b.rays.push(Ray {
            first,
            len,
            kind: RayKind::Chain,
            flags,
            source,
        });
        self.squares_built += len as usize;
    }
}

/// Appends the candidates no other one covers. Overlapping components (`vRlRrBK`: the K's steps are the riders'
/// first squares) would generate the same move twice; one ray is kept for each. Returns the squares of the rays kept.
fn push_uncovered(scratch: &mut Scratch, b: &mut Built) -> usize {
    redundant_candidates(scratch);
    let Scratch {
        candidates,
        redundant,
        starts,
        ..
    } = scratch;
    starts.clear();
    let mut kept = 0;
    for (candidate, &redundant) in candidates.list.iter().zip(redundant.iter()) {
        if redundant {
            starts.push(None);
            continue;
        }
        let &Candidate {
            kind,
            flags,
            first,
            len,
            source,
            stored,
        } = candidate;
        let first = stored.unwrap_or_else(|| {
            let squares = &candidates.squares[first..first + len];
            let at = b.ray_squares.len();
            let rule = StepRule::destination(flags);
            b.ray_rules.extend(squares.iter().map(|_| rule));
            b.ray_squares.extend_from_slice(squares);
            b.store
                .intern_tail(&mut b.ray_squares, &mut b.ray_rules, at)
        });
        starts.push(Some(first));
        b.rays.push(Ray {
            first,
            len: len as u16,
            kind,
            flags,
            source,
        });
        kept += len;
    }
    kept
}

/// Remembers in [`Built::paths`] the plain rays built on `sq` ([`Scratch::misses`]), once stored: a path is
/// remembered only when none of its rays was covered by another's, so that each it gives has a stored content.
fn remember_plain_rays(scratch: &Scratch, sq: Square, b: &mut Built) {
    for (slot, range) in &scratch.misses {
        let starts = &scratch.starts[range.clone()];
        if starts.iter().any(Option::is_none) {
            continue;
        }
        let candidates = &scratch.candidates.list[range.clone()];
        let built = BuiltRay::Rays {
            kind: candidates[0].kind,
            flags: candidates[0].flags,
        };
        let rays = starts
            .iter()
            .zip(candidates)
            .map(|(start, c)| (start.unwrap_or_default(), c.len as u16));
        b.paths.put(*slot, sq.index(), built, rays);
    }
}

/// Does ray `b` generate every move ray `a` generates (from the same square)? When `a` is the same ray, or a slide
/// or lame leap whose squares begin `b`'s slide, with no use of its destinations that `b` lacks: a slide reaches its
/// k-th square exactly when the squares before are empty, as a lame leap or a shorter slide does.
fn covers(b: (RayKind, RayFlags, &[Square]), a: (RayKind, RayFlags, &[Square])) -> bool {
    let ((b_kind, b_flags, b_squares), (a_kind, a_flags, a_squares)) = (b, a);
    if !b_flags.contains(a_flags) {
        return false;
    }
    // A lame move-only multi-step may yet create e.p. targets (set once the piece's rays are known): only its
    // exact twin covers it.
    let may_create_ep =
        a_kind == RayKind::Lame && a_squares.len() >= 2 && a_flags == RayFlags::MOVE;
    if a_kind == b_kind && a_squares == b_squares {
        return !may_create_ep || a_flags == b_flags;
    }
    if may_create_ep {
        return false;
    }
    b_kind == RayKind::Slide
        && matches!(a_kind, RayKind::Slide | RayKind::Lame)
        && b_squares.starts_with(a_squares)
}

/// Which candidates of one square another covers (the first of two that cover each other is kept), into
/// `scratch.redundant`. Only a ray with the same first square can cover another (`covers`), so they are compared
/// within runs of the same first square, which keeps the test linear for pieces with many rays (the universal
/// leaper `U` has one per square of the board).
fn redundant_candidates(scratch: &mut Scratch) {
    let Scratch {
        candidates:
            Candidates {
                list: candidates,
                squares: candidate_squares,
            },
        by_first,
        redundant,
        ..
    } = scratch;
    let view = |i: usize| {
        let Candidate {
            kind,
            flags,
            first,
            len,
            ..
        } = candidates[i];
        (kind, flags, &candidate_squares[first..first + len])
    };
    by_first.clear();
    by_first.extend((0..candidates.len()).map(|i| (view(i).2[0], i)));
    by_first.sort_unstable();
    redundant.clear();
    redundant.resize(candidates.len(), false);
    for group in by_first.chunk_by(|a, b| a.0 == b.0) {
        for &(_, i) in group {
            let candidate = view(i);
            redundant[i] = group.iter().any(|&(_, j)| {
                let other = view(j);
                j != i && covers(other, candidate) && (j < i || !covers(candidate, other))
            });
        }
    }
}
