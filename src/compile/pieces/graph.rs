//! Pass 4: the move-rule graph. For every piece, side and square, pick the move set of the zone the square is
//! in (or the piece's unconditional one), expand it for the side's orientation, and clip each path into a ray.
//! `i` moves are kept only on the piece's initial squares; `O` castling paths are set aside for the castling pass.
use super::ray_store::RayStore;
use super::rays::{fixed_box, refused, FixedBox};
use super::{ParsedMoveSet, PieceInfo, PieceNames};
use crate::compile::board::zones::ZoneTable;
use crate::compile::memory::{Budget, RayCount};
use crate::compile::Diags;
use crate::diag::Span;
use crate::rules::{
    Geometry, MoveComponent, MoveSet, PieceId, PieceType, Ray, RayFlags, RayKind, RaySlice,
    RaySource, Side, Square, SquareSet, StepRule, Symmetry,
};
use crate::setup::Setup;
use std::collections::{BTreeMap, HashSet};

mod path_cache;
mod share;
mod square;

/// At most this many ray squares (chain squares included) for one piece type, over all its squares and both
/// sides: 64 MiB of squares and step rules. A piece past it (`pzB`, `aaaK` on a 36x36 board) is refused with an
/// error at the component that crossed it, once the limit is reached, instead of filling memory.
pub const MAX_RAY_SQUARES_PER_PIECE: usize = 1 << 24;

pub struct Built {
    pub pieces: Vec<PieceType>,
    pub rays: Vec<Ray>,
    pub ray_squares: Vec<Square>,
    pub ray_rules: Vec<StepRule>,
    pub ray_sources: Vec<RaySource>,
    pub move_sets: Vec<MoveSet>,
    /// Per piece: its castling paths per side (the king's leg and distance), with the component's span.
    pub castling: Vec<Vec<(Side, betza::Path, Span)>>,
    /// Per piece and side: every square some ray of it may end on, on some board.
    pub destinations: Vec<[SquareSet; 2]>,
    /// The game passed the memory budget (reported): the types after the one that passed it have no rays.
    pub over_budget: bool,
    /// Where each distinct ray content is in `ray_squares`: every ray with that content points there.
    store: RayStore,
    /// The types whose rays later types that move alike copy ([`share`]).
    twins: share::Twins,
    /// Each path's rays from each square where some type built them ([`path_cache`]).
    paths: path_cache::PathCache,
}

impl Built {
    /// May a move along `ray` end on `to` ([`Ray::may_end_on`])?
    pub fn may_end_on(&self, ray: &Ray, to: Square) -> bool {
        let range = ray.first as usize..ray.first as usize + ray.len as usize;
        ray.may_end_on(&self.ray_squares[range.clone()], &self.ray_rules[range], to)
    }

    /// The rays of `piece` for `side` from `from`.
    pub fn rays_from(&self, piece: PieceId, side: Side, from: Square, squares: usize) -> &[Ray] {
        let slice = self.pieces[piece.index()].rays(side, squares, from);
        &self.rays[slice.range()]
    }
}

/// The kinds of capture a piece's own rays make, as far as move text is concerned.
#[derive(Clone, Copy, Default)]
struct CaptureForms {
    /// A capture that removes the victim (an enemy piece, or with `d` a friendly one).
    plain: bool,
    /// An unloading capture (`u`), which puts the victim back on the board.
    unloads: bool,
    /// It borrows (`x` on the last leg): it also makes the moves of the friendly pieces it reaches.
    borrows: bool,
}

impl CaptureForms {
    /// The forms of the rays `piece` has on any square, for either side.
    fn of(piece: &PieceType, rays: &[Ray]) -> CaptureForms {
        let mut forms = CaptureForms::default();
        for r in piece.graph.iter().flat_map(|slice| &rays[slice.range()]) {
            forms.plain |= r.flags.has(RayFlags::CAPTURE | RayFlags::DESTROY)
                && !r.flags.has(RayFlags::UNLOAD);
            forms.unloads |= r.flags.has(RayFlags::UNLOAD);
            forms.borrows |= r.flags.has(RayFlags::BORROW);
        }
        forms
    }
}

/// Sets [`PieceType::swaps_in_legs`]: a piece whose moves include both a plain capture (`c`, or `d` of a friendly
/// piece) and an unloading one (`uc`, `ud`) may make both from one square to another, and the two must read
/// differently (`mRudRdR`'s friendly capture and friendly swap were found by fuzzing too). A borrower's moves include those of any
/// type it may borrow from, which is any type of the game (a friendly piece of every type may stand where it
/// looks), so its own forms are joined with every type's; one borrower borrowing the cylinder rook's capture and
/// the swapper's swap on the same square was found by fuzzing.
fn written_in_legs(b: &mut Built) {
    let all: Vec<CaptureForms> = b
        .pieces
        .iter()
        .map(|p| CaptureForms::of(p, &b.rays))
        .collect();
    let any_plain = all.iter().any(|f| f.plain);
    let any_unload = all.iter().any(|f| f.unloads);
    for (piece, forms) in b.pieces.iter_mut().zip(&all) {
        piece.swaps_in_legs = if forms.borrows {
            (forms.plain || any_plain) && (forms.unloads || any_unload)
        } else {
            forms.plain && forms.unloads
        };
    }
}

/// How `side` faces the board in a game of this symmetry, as the XBetza expander needs it.
pub fn betza_facing(o: Symmetry, side: Side) -> betza::Facing {
    match (side, o) {
        (Side::White, _) => betza::Facing::First,
        (Side::Black, Symmetry::Mirror) => betza::Facing::MirroredRanks,
        (Side::Black, Symmetry::Rotate) => betza::Facing::Rotated,
    }
}

/// The file span of a component inside a move string.
fn component_span(set: &ParsedMoveSet, component: usize) -> Span {
    let base = set.betza_text.span.start;
    set.parsed
        .as_ref()
        .and_then(|b| b.components.get(component))
        .map_or(set.betza_text.span, |c| {
            Span::new(base + c.span.start, base + c.span.end)
        })
}

/// What explanations need of a move set: its text once, and each component's text, English and `i` flag.
fn explained(piece: PieceId, set: &ParsedMoveSet) -> MoveSet {
    let components = set.parsed.as_ref().map_or_else(Vec::new, |b| {
        b.components
            .iter()
            .map(|c| MoveComponent {
                text: c.to_string(),
                description: betza::describe::describe_component(c),
                initial_only: c.initial_only(),
            })
            .collect()
    });
    MoveSet {
        piece,
        zone: set.zone,
        adds: set.adds,
        within: set.within,
        betza: set.betza_text.value.clone(),
        components,
    }
}

/// The game-wide setting the graph is built in.
pub struct Setting<'a> {
    pub names: &'a PieceNames,
    pub zones: &'a ZoneTable,
    pub geometry: Geometry,
    pub orientation: Symmetry,
    pub start: Option<&'a Setup>,
    /// The squares that are not part of the board.
    pub holes: &'a SquareSet,
    /// The memory the game may still take, when the board is valid: the rays stop once it is spent.
    pub budget: Option<Budget>,
}

pub fn build_graph(infos: &[PieceInfo], setting: &Setting, d: &mut Diags) -> Built {
    let mut b = Built {
        pieces: Vec::new(),
        rays: Vec::new(),
        ray_squares: Vec::new(),
        ray_rules: Vec::new(),
        ray_sources: Vec::new(),
        move_sets: Vec::new(),
        castling: Vec::new(),
        destinations: Vec::new(),
        over_budget: false,
        store: RayStore::default(),
        twins: share::Twins::default(),
        paths: path_cache::PathCache::new(setting.geometry.squares()),
    };
    let mut over_budget = false;
    let mut counted = RayCount::default();
    for (pi, info) in infos.iter().enumerate() {
        let mut graph = PieceGraph::new(PieceId(pi as u16), info, setting);
        // Past the budget (reported), the remaining types get no rays: the game is refused, but every pass after
        // this one still finds one entry per piece type.
        graph.too_big = over_budget;
        match setting.names.shadows[pi] {
            None => graph.build(&mut b, d),
            // A shadow's moves are a declared piece's: their problems are reported there.
            Some(_) => graph.build(&mut b, &mut Diags::new("")),
        }
        if let (Some(budget), false) = (&setting.budget, over_budget) {
            if b.twins.last_copied {
                counted.add_copy(b.rays.len(), b.ray_squares.len());
            } else {
                counted.add_piece(pi, &b.pieces, &b.rays, b.ray_squares.len(), &b.ray_rules);
            }
            over_budget = budget.over(pi as u64 + 1, &counted, d);
        }
    }
    written_in_legs(&mut b);
    b.over_budget = over_budget;
    b
}

/// An expanded path with what holds of it whatever square it starts from, worked out once: a piece with thousands
/// of paths (`pzQ`) would otherwise work it out again on every square.
struct PlannedPath {
    path: betza::Path,
    /// Its [`fixed_box`].
    bounds: Option<FixedBox>,
    /// Why the executor cannot play it ([`refused`]).
    refusal: Option<&'static str>,
    /// Its slot in [`Built::paths`], given when the piece's rays are built (none for a castling or a refused
    /// path, which are never remembered).
    slot: Option<u32>,
}

/// The paths planned, but for those that repeat an earlier one in all but their component (`WW`, `KfW`, a string
/// that writes one move a thousand times): a twin gives the same rays as the first on every square, which would be
/// built on each square and then dropped as covered. Only paths whose rays alone say what they do are merged: a
/// castling, an `i` move or a path the executor refuses is reported per component, so each keeps its own.
fn plan(paths: Vec<betza::Path>) -> Vec<PlannedPath> {
    let planned: Vec<PlannedPath> = paths
        .into_iter()
        .map(|path| PlannedPath {
            bounds: fixed_box(&path),
            refusal: refused(&path),
            path,
            slot: None,
        })
        .collect();
    let keep: Vec<bool> = {
        let mut seen = HashSet::new();
        planned
            .iter()
            .map(|planned| {
                let path = &planned.path;
                path.castling.is_some()
                    || path.initial_only
                    || planned.refusal.is_some()
                    || seen.insert((&path.legs[..], path.universal))
            })
            .collect()
    };
    planned
        .into_iter()
        .zip(keep)
        .filter_map(|(p, keep)| keep.then_some(p))
        .collect()
}

/// One piece's part of the graph being built.
struct PieceGraph<'a> {
    id: PieceId,
    info: &'a PieceInfo,
    setting: &'a Setting<'a>,
    /// Expanded paths per (move set, side).
    expanded: Vec<[Vec<PlannedPath>; 2]>,
    /// Per side: the squares its `i` moves start from.
    initial: [SquareSet; 2],
    /// Per side: the zone its destinations must lie in (`confined to`), if any.
    confined: Option<[SquareSet; 2]>,
    /// The index in [`Built::move_sets`] of its first move set.
    first_set: usize,
    /// Per component: its index in [`Built::ray_sources`]. A few dozen keys, looked up per path and square:
    /// ordered small-integer comparisons cost less than hashing them.
    sources: BTreeMap<OwnComponent, u16>,
    /// The components already reported as unsupported.
    reported: Vec<OwnComponent>,
    destinations: [SquareSet; 2],
    has_ep_capture: bool,
    /// The ray squares of this piece's rays so far, each counted where it is used (a content shared with another
    /// ray counts again): what [`MAX_RAY_SQUARES_PER_PIECE`] bounds.
    squares_built: usize,
    /// The piece has crossed [`MAX_RAY_SQUARES_PER_PIECE`] (reported): no more rays are built.
    too_big: bool,
}

/// A component of one of the piece's own move sets: what its rays come from and what a refusal points at.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct OwnComponent {
    /// The move set's index among the piece's (`info.move_sets`).
    set: usize,
    /// The component's index in that move set's XBetza.
    component: usize,
}

impl<'a> PieceGraph<'a> {
    fn new(id: PieceId, info: &'a PieceInfo, setting: &'a Setting<'a>) -> Self {
        let o = setting.orientation;
        let expanded = info
            .move_sets
            .iter()
            .map(|set| {
                // Resolved once; each side's paths are that form turned to its orientation.
                let resolved = set.parsed.as_ref().and_then(|p| p.resolve().ok());
                Side::BOTH.map(|side| {
                    resolved
                        .as_ref()
                        .map(|r| plan(r.expand(betza_facing(o, side))))
                        .unwrap_or_default()
                })
            })
            .collect();
        let initial = Side::BOTH.map(|side| match info.initial {
            Some(z) => setting.zones.get(z).squares[side.index()].clone(),
            None => setting
                .start
                .map(|s| s.squares_of(id, side).collect())
                .unwrap_or_default(),
        });
        let confined = info.confined.map(|z| setting.zones.get(z).squares.clone());
        PieceGraph {
            id,
            info,
            setting,
            expanded,
            initial,
            confined,
            first_set: 0,
            sources: BTreeMap::new(),
            reported: Vec::new(),
            destinations: [SquareSet::new(), SquareSet::new()],
            has_ep_capture: false,
            squares_built: 0,
            too_big: false,
        }
    }

    fn build(mut self, b: &mut Built, d: &mut Diags) {
        self.first_set = b.move_sets.len();
        b.move_sets
            .extend(self.info.move_sets.iter().map(|s| explained(self.id, s)));
        let (graph, dead, tail) = share::piece_rays(&mut self, b, d);
        let unmoved = self.info.unmoved.as_ref();
        let decl = &self.setting.names.decls[self.id.index()];
        b.pieces.push(PieceType {
            name: decl
                .title
                .as_ref()
                .map_or_else(|| decl.id.value.clone(), |t| t.value.clone()),
            symbol: decl.id.value.clone(),
            royal: self.info.royal,
            graph,
            dead,
            may_not_capture: self.info.may_not_capture.clone(),
            may_not_hop_over: self.info.may_not_hop_over.clone(),
            rank: 0, // set by `range_capture::apply` once every type is built
            jumps_lower: self.info.jumps_lower.map(|(_, j)| j),
            sweeping_sources: Vec::new(), // set by `range_capture::apply`
            jumps_over: None,             // likewise
            burns: None, // set by `burn::apply` once the game's other rules are known
            captures_unprotected_only: false, // set by `restrict::apply_unprotected`
            confined: self.info.confined,
            glyph: self.info.glyph.clone(),
            promotions: Vec::new(),
            promotion_reach: Default::default(),
            in_hand: None,
            demote_in: None,
            drop: None,
            promoted: decl.id.value.starts_with('+'),
            shadow_of: None,
            shadow: None,
            unmoved: unmoved.map(|u| {
                Box::new(crate::rules::Unmoved {
                    tail,
                    not_in_check: u.not_in_check,
                    lost_when_aligned_with: u.lost_when_aligned_with.clone(),
                })
            }),
            swaps_in_legs: false, // set by `written_in_legs` once every type is built
        });
        b.castling.push(self.castling_paths());
        b.destinations.push(self.destinations);
    }

    /// An `i` move that lasts while the piece has not moved may only move: attacks are tabled once per square,
    /// whether the right is held or not, so a capturing one would give check after the right is gone. Each such
    /// component is reported once; its rays are dropped.
    fn refuse_initial_captures(&mut self, first: usize, b: &mut Built, d: &mut Diags) {
        let capturing = |r: &Ray| {
            r.kind == RayKind::Chain
                || r.flags
                    .has(RayFlags::CAPTURE | RayFlags::EN_PASSANT | RayFlags::DESTROY)
        };
        if !b.rays[first..].iter().any(capturing) {
            return;
        }
        for ray in b.rays[first..].iter().filter(|r| capturing(r)) {
            if let Some(span) = self.first_report(b, ray) {
                d.error(
                    span,
                    "an `i` move of a piece with `initial unmoved` may only move (`m`), in one leg: captures and multi-leg first moves are not supported yet",
                );
            }
        }
        b.rays.truncate(first);
    }

    /// An en-passant capture is written as its origin and destination (`e5d6`), as a move to that empty square
    /// is: a piece that may both move to a square and capture en passant onto it from the same square (`fmFfceF`)
    /// would list two moves written alike whenever that square is the e.p. target. Refused at the component that
    /// captures en passant.
    fn refuse_ep_beside_move(&mut self, graph: &[RaySlice], b: &Built, d: &mut Diags) {
        let ends = |ray: Ray| {
            let first = ray.first as usize;
            b.ray_squares[first..first + ray.len as usize]
                .iter()
                .copied()
                .filter(move |&sq| b.may_end_on(&ray, sq))
        };
        for slice in graph {
            let rays = &b.rays[slice.range()];
            let mut moves_to = SquareSet::new();
            for ray in rays.iter().filter(|r| r.flags.has(RayFlags::MOVE)) {
                ends(*ray).for_each(|sq| moves_to.insert(sq));
            }
            for ray in rays.iter().filter(|r| r.flags.has(RayFlags::EN_PASSANT)) {
                let Some(clash) = ends(*ray).find(|&sq| moves_to.contains(sq)) else {
                    continue;
                };
                if let Some(span) = self.first_report(b, ray) {
                    let g = self.setting.geometry;
                    d.error(
                        span,
                        format!(
                            "this piece may capture en passant onto a square it may also move to without capturing \
                             ({}, for one): the two moves would be written alike",
                            g.name(clash)
                        ),
                    )
                    .note("an en-passant capture is written with its origin and destination only, as Fairy-Stockfish writes it");
                }
            }
        }
    }

    /// The span of the component `ray` was built from, the first time that component is reported; `None` after
    /// (one error per component, not one per square).
    fn first_report(&mut self, b: &Built, ray: &Ray) -> Option<Span> {
        let source = b.ray_sources[ray.source as usize];
        self.first_report_of(OwnComponent {
            set: source.move_set as usize - self.first_set,
            component: source.component as usize,
        })
    }

    /// [`Self::first_report`] for a component named as one of this piece's own.
    fn first_report_of(&mut self, own: OwnComponent) -> Option<Span> {
        if self.reported.contains(&own) {
            return None;
        }
        self.reported.push(own);
        Some(component_span(&self.info.move_sets[own.set], own.component))
    }

    /// Castling paths do not depend on the square: collected once per side.
    fn castling_paths(&self) -> Vec<(Side, betza::Path, Span)> {
        let mut castling = Vec::new();
        for (mi, set) in self.info.move_sets.iter().enumerate() {
            for side in Side::BOTH {
                for PlannedPath { path, .. } in self.expanded[mi][side.index()]
                    .iter()
                    .filter(|p| p.path.castling.is_some())
                {
                    castling.push((side, path.clone(), component_span(set, path.component)));
                }
            }
        }
        castling
    }

    /// The move set that applies on `sq`: the first whose zone holds it, else the unconditional one.
    fn move_set_on(&self, side: Side, sq: Square) -> Option<usize> {
        let sets = &self.info.move_sets;
        let zones = self.setting.zones;
        sets.iter()
            .position(|m| !m.adds && m.zone.is_some_and(|z| zones.get(z).contains(side, sq)))
            .or_else(|| sets.iter().position(|m| m.zone.is_none()))
    }

    /// The move sets that apply on `sq` for `side`: the one [`Self::move_set_on`] picks, then every `also` set
    /// whose zone holds the square.
    fn move_sets_on(&self, side: Side, sq: Square) -> Vec<usize> {
        let zones = self.setting.zones;
        let added = self
            .info
            .move_sets
            .iter()
            .enumerate()
            .filter(|(_, m)| m.adds && m.zone.is_some_and(|z| zones.get(z).contains(side, sq)));
        self.move_set_on(side, sq)
            .into_iter()
            .chain(added.map(|(i, _)| i))
            .collect()
    }

    fn source(&mut self, b: &mut Built, own: OwnComponent) -> u16 {
        let next = b.ray_sources.len() as u16;
        let first_set = self.first_set;
        *self.sources.entry(own).or_insert_with(|| {
            b.ray_sources.push(RaySource {
                move_set: (first_set + own.set) as u32,
                component: own.component as u32,
            });
            next
        })
    }
}
