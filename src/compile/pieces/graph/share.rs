//! Types that move alike share their rays' building: a type whose move sets (XBetza text, zone, `also`,
//! `within`), `confined to` zone and, when it has `i` moves, initial squares are those of a type built before it
//! gets a copy of that type's rays instead of building them again. Taikyoku Shogi's 404 types have 218 distinct
//! move strings (a promoted form often moves as another type does): building and interning each square's rays
//! was most of `tatsu check`'s time there. What comes out is the same as building them: the rays, in the same
//! order, with the sources renamed to the type's own move sets, so move text and explanations name its own
//! components.
//!
//! A type whose build reported anything (an unsupported move, a ray past the limit) is never copied from, so
//! that the types after it report their own problems at their own spans; nor is a type with `initial unmoved`
//! (its per-square `tail` is its own) or one built past the memory budget.
use super::square::Scratch;
use super::{Built, OwnComponent, PieceGraph};
use crate::compile::Diags;
use crate::rules::{RayFlags, RayKind, RaySlice, Side, SquareSet, ZoneId};
use std::collections::HashMap;
use std::ops::Range;

/// What makes two types' rays the same on every square, for both sides.
#[derive(PartialEq, Eq, Hash)]
pub(super) struct TwinKey {
    /// Per move set: its text, zone, `also` and `within`.
    sets: Vec<(String, Option<ZoneId>, bool, Option<ZoneId>)>,
    /// The squares its `i` moves start from, per side, if it has `i` moves.
    initial: Option<[SquareSet; 2]>,
    confined: Option<ZoneId>,
}

/// A type built from scratch that others may copy.
#[derive(Clone)]
pub(super) struct Twin {
    /// Its index in [`Built::pieces`].
    piece: usize,
    /// Its rays in [`Built::rays`] and its sources in [`Built::ray_sources`].
    rays: Range<usize>,
    sources: Range<usize>,
    /// Its first move set in [`Built::move_sets`].
    first_set: usize,
    squares_built: usize,
    has_ep_capture: bool,
}

/// The types built so far that may be copied, by what their rays depend on.
#[derive(Default)]
pub(super) struct Twins {
    map: HashMap<TwinKey, Twin>,
    /// The last type built was copied from a twin (the memory guard then knows its attack class).
    pub(super) last_copied: bool,
}

/// The rays of `graph`'s piece for every side and square, appended to `b`: copied from a twin when there is
/// one, else built. Returns the per-(side, square) slices, the dead squares and the `initial unmoved` tail.
pub(super) fn piece_rays(
    graph: &mut PieceGraph,
    b: &mut Built,
    d: &mut Diags,
) -> (Vec<RaySlice>, [SquareSet; 2], Vec<u16>) {
    let key = key_of(graph);
    b.twins.last_copied = false;
    if let Some(twin) = key.as_ref().and_then(|k| b.twins.map.get(k)) {
        let twin = twin.clone();
        b.twins.last_copied = true;
        return copy(graph, &twin, b);
    }
    let (errors, first_ray, first_source) = (d.error_count(), b.rays.len(), b.ray_sources.len());
    let built = graph.build_rays(b, d);
    let clean = d.error_count() == errors && !graph.too_big;
    if let (Some(key), true) = (key, clean) {
        let twin = Twin {
            piece: b.pieces.len(),
            rays: first_ray..b.rays.len(),
            sources: first_source..b.ray_sources.len(),
            first_set: graph.first_set,
            squares_built: graph.squares_built,
            has_ep_capture: graph.has_ep_capture,
        };
        b.twins.map.entry(key).or_insert(twin);
    }
    built
}

/// The key of `graph`'s piece, or `None` when it may neither copy nor be copied.
fn key_of(graph: &PieceGraph) -> Option<TwinKey> {
    if graph.info.unmoved.is_some() || graph.too_big {
        return None;
    }
    let has_initial = graph
        .expanded
        .iter()
        .flatten()
        .flatten()
        .any(|p| p.path.initial_only);
    Some(TwinKey {
        sets: graph
            .info
            .move_sets
            .iter()
            .map(|s| (s.betza_text.value.clone(), s.zone, s.adds, s.within))
            .collect(),
        initial: has_initial.then(|| graph.initial.clone()),
        confined: graph.info.confined,
    })
}

/// Appends a copy of `twin`'s rays for `graph`'s piece, each ray's source renamed to the same component of the
/// piece's own move sets; returns its slices (the twin's, moved to the copy) and dead squares.
fn copy(
    graph: &mut PieceGraph,
    twin: &Twin,
    b: &mut Built,
) -> (Vec<RaySlice>, [SquareSet; 2], Vec<u16>) {
    let own_first = b.rays.len();
    // The twin's sources in the order it made them, which is the order this piece's build would make them in.
    let renamed: Vec<u16> = twin
        .sources
        .clone()
        .map(|i| {
            let of = b.ray_sources[i];
            let own = OwnComponent {
                set: of.move_set as usize - twin.first_set,
                component: of.component as usize,
            };
            graph.source(b, own)
        })
        .collect();
    b.rays.reserve(twin.rays.len());
    for i in twin.rays.clone() {
        let mut ray = b.rays[i];
        ray.source = renamed[ray.source as usize - twin.sources.start];
        b.rays.push(ray);
    }
    let from = &b.pieces[twin.piece];
    let slices = from
        .graph
        .iter()
        .map(|s| RaySlice {
            start: (s.start as usize - twin.rays.start + own_first) as u32,
            len: s.len,
        })
        .collect();
    graph.squares_built = twin.squares_built;
    graph.has_ep_capture = twin.has_ep_capture;
    for side in Side::BOTH {
        graph.destinations[side.index()] = b.destinations[twin.piece][side.index()].clone();
    }
    (slices, from.dead.clone(), Vec::new())
}

impl PieceGraph<'_> {
    /// Builds the piece's rays for every side and square ([`Self::square_rays`]), appended to `b`; returns the
    /// per-(side, square) slices, the squares without rays and the `initial unmoved` tail.
    pub(super) fn build_rays(
        &mut self,
        b: &mut Built,
        d: &mut Diags,
    ) -> (Vec<RaySlice>, [SquareSet; 2], Vec<u16>) {
        let g = self.setting.geometry;
        let n = g.squares();
        let mut graph = vec![RaySlice::default(); 2 * n];
        let mut dead = [SquareSet::new(), SquareSet::new()];
        let first_ray = b.rays.len();
        let unmoved = self.info.unmoved.as_ref();
        let mut tail = Vec::new();
        let mut scratch = Scratch::default();
        self.assign_slots(b);
        for side in Side::BOTH {
            for sq in g.all() {
                let start = b.rays.len();
                if !self.too_big {
                    self.square_rays(side, sq, unmoved.map(|_| false), &mut scratch, b, d);
                }
                if unmoved.is_some() && !self.too_big {
                    let first = b.rays.len();
                    self.square_rays(side, sq, Some(true), &mut scratch, b, d);
                    self.refuse_initial_captures(first, b, d);
                    tail.push((b.rays.len() - first) as u16);
                }
                let len = b.rays.len() - start;
                graph[side.index() * n + sq.index()] = RaySlice {
                    start: start as u32,
                    len: len as u32,
                };
                if len == 0 {
                    dead[side.index()].insert(sq);
                }
            }
        }
        if self.has_ep_capture {
            self.refuse_ep_beside_move(&graph, b, d);
        }
        // A lame move-only leap of a piece that also captures en passant creates e.p. targets on its path.
        if self.has_ep_capture {
            for ray in &mut b.rays[first_ray..] {
                if ray.kind == RayKind::Lame && ray.len >= 2 && ray.flags == RayFlags::MOVE {
                    ray.flags |= RayFlags::CREATES_EP;
                }
            }
        }
        (graph, dead, tail)
    }
}
