//! Pass 4: the move-rule graph. For every piece, side and square, pick the move set of the zone the square is
//! in (or the piece's unconditional one), expand it for the side's orientation, and clip each path into a ray.
//! `i` moves are kept only on the piece's initial squares; `O` castling paths are set aside for the castling pass.
use super::pieces::{PieceInfo, PieceNames};
use super::rays::{build_ray, BuiltRay};
use super::zones::ZoneTable;
use super::Diags;
use crate::diag::Span;
use crate::rules::{
    Geometry, Orientation, PieceType, Ray, RayFlags, RayKind, RaySlice, RaySource, Side, Square,
    SquareSet, StepRole,
};
use crate::setup::Setup;
use std::collections::HashMap;

pub struct Built {
    pub pieces: Vec<PieceType>,
    pub rays: Vec<Ray>,
    pub ray_squares: Vec<Square>,
    pub ray_roles: Vec<StepRole>,
    pub ray_sources: Vec<RaySource>,
    /// Per piece: its castling paths per side (the king's leg and distance), with the component's span.
    pub castling: Vec<Vec<(Side, betza::Path, Span)>>,
    /// Per piece and side: every square some ray of it can reach on an empty board.
    pub reach: Vec<[SquareSet; 2]>,
}

pub fn betza_orientation(o: Orientation, side: Side) -> betza::Orientation {
    match (side, o) {
        (Side::White, _) => betza::Orientation::First,
        (Side::Black, Orientation::Mirror) => betza::Orientation::MirroredRanks,
        (Side::Black, Orientation::Rotate) => betza::Orientation::Rotated,
    }
}

/// The file span of a component inside a move string.
fn component_span(set: &super::pieces::MoveSet, component: usize) -> Span {
    let base = set.betza_text.span.start;
    set.parsed
        .as_ref()
        .and_then(|b| b.components.get(component))
        .map_or(set.betza_text.span, |c| {
            Span::new(base + c.span.start, base + c.span.end)
        })
}

pub fn build_graph(
    infos: &[PieceInfo],
    names: &PieceNames,
    zones: &ZoneTable,
    g: Geometry,
    o: Orientation,
    start: Option<&Setup>,
    d: &mut Diags,
) -> Built {
    let n = g.squares();
    let mut b = Built {
        pieces: Vec::new(),
        rays: Vec::new(),
        ray_squares: Vec::new(),
        ray_roles: Vec::new(),
        ray_sources: Vec::new(),
        castling: Vec::new(),
        reach: Vec::new(),
    };
    for (pi, info) in infos.iter().enumerate() {
        let decl = &names.decls[pi];
        // Expanded paths per (move set, side).
        let expanded: Vec<[Vec<betza::Path>; 2]> = info
            .movesets
            .iter()
            .map(|set| {
                Side::BOTH.map(|side| {
                    set.parsed
                        .as_ref()
                        .map(|p| p.expand(betza_orientation(o, side)))
                        .unwrap_or_default()
                })
            })
            .collect();
        let initial: [SquareSet; 2] = Side::BOTH.map(|side| match info.initial {
            Some(z) => zones.get(z).squares[side.index()].clone(),
            None => start
                .map(|s| {
                    s.squares_of(crate::rules::PieceId(pi as u16), side)
                        .collect()
                })
                .unwrap_or_default(),
        });
        let mut graph = vec![RaySlice::default(); 2 * n];
        let mut dead = [SquareSet::new(), SquareSet::new()];
        let mut reach = [SquareSet::new(), SquareSet::new()];
        let mut sources: HashMap<(usize, usize), u16> = HashMap::new();
        let mut reported: Vec<(usize, usize)> = Vec::new();
        let mut castling = Vec::new();
        let mut has_ep_capture = false;
        let first_ray = b.rays.len();
        for side in Side::BOTH {
            for sq in g.all() {
                let chosen = info
                    .movesets
                    .iter()
                    .position(|m| m.zone.is_some_and(|z| zones.get(z).contains(side, sq)))
                    .or_else(|| info.movesets.iter().position(|m| m.zone.is_none()));
                let start_ray = b.rays.len();
                let mut candidates: Vec<Candidate> = Vec::new();
                if let Some(mi) = chosen {
                    for path in &expanded[mi][side.index()] {
                        if path.castling.is_some() {
                            continue;
                        }
                        if path.initial_only && !initial[side.index()].contains(sq) {
                            continue;
                        }
                        let key = (mi, path.component);
                        let mut source_of = |b: &mut Built| {
                            let next = b.ray_sources.len() as u16;
                            *sources.entry(key).or_insert_with(|| {
                                b.ray_sources.push(RaySource {
                                    piece: crate::rules::PieceId(pi as u16),
                                    betza: info.movesets[mi].betza_text.value.clone(),
                                    component: path.component,
                                    zone: info.movesets[mi].zone,
                                });
                                next
                            })
                        };
                        match build_ray(g, sq, path) {
                            BuiltRay::Chains { flags, chains } => {
                                let source = source_of(&mut b);
                                for (squares, roles) in chains {
                                    for (s, r) in squares.iter().zip(&roles) {
                                        if *r == StepRole::Dest {
                                            reach[side.index()].insert(*s);
                                        }
                                    }
                                    b.rays.push(Ray {
                                        first: b.ray_squares.len() as u32,
                                        len: squares.len() as u16,
                                        kind: RayKind::Chain,
                                        flags,
                                        source,
                                    });
                                    b.ray_squares.extend(squares);
                                    b.ray_roles.extend(roles);
                                }
                            }
                            BuiltRay::Rays { kind, flags, rays } => {
                                let source = source_of(&mut b);
                                has_ep_capture |= flags.has(RayFlags::EN_PASSANT);
                                for squares in rays {
                                    match kind {
                                        RayKind::Slide | RayKind::Hop => squares
                                            .iter()
                                            .for_each(|s| reach[side.index()].insert(*s)),
                                        RayKind::Lame | RayKind::Grasshop | RayKind::Chain => reach
                                            [side.index()]
                                        .insert(*squares.last().expect("non-empty ray")),
                                    }
                                    candidates.push((kind, flags, squares, source));
                                }
                            }
                            BuiltRay::Empty => {}
                            BuiltRay::Unsupported(what) => {
                                if !reported.contains(&key) {
                                    reported.push(key);
                                    d.error(
                                        component_span(&info.movesets[mi], path.component),
                                        format!("{what} are not supported yet"),
                                    );
                                }
                            }
                        }
                    }
                }
                // Overlapping components (`vRlRrBK`: the K's steps are the riders' first squares) would generate
                // the same move twice; keep one ray for each.
                let by_first = by_first_square(&candidates);
                for (i, candidate) in candidates.iter().enumerate() {
                    // Only a ray with the same first square can cover another (`covers`).
                    let same_start = &by_first[&candidate.2[0]];
                    let redundant =
                        same_start
                            .iter()
                            .map(|&j| (j, &candidates[j]))
                            .any(|(j, other)| {
                                j != i
                                    && covers(view(other), view(candidate))
                                    && (j < i || !covers(view(candidate), view(other)))
                            });
                    if redundant {
                        continue;
                    }
                    let (kind, flags, squares, source) = candidate;
                    b.rays.push(Ray {
                        first: b.ray_squares.len() as u32,
                        len: squares.len() as u16,
                        kind: *kind,
                        flags: *flags,
                        source: *source,
                    });
                    b.ray_roles.extend(squares.iter().map(|_| StepRole::Dest));
                    b.ray_squares.extend(squares);
                }
                let len = b.rays.len() - start_ray;
                graph[side.index() * n + sq.index()] = RaySlice {
                    start: start_ray as u32,
                    len: len as u32,
                };
                if len == 0 {
                    dead[side.index()].insert(sq);
                }
            }
        }
        // Castling paths do not depend on the square: collect them once per side.
        for (mi, set) in info.movesets.iter().enumerate() {
            for side in Side::BOTH {
                for path in expanded[mi][side.index()]
                    .iter()
                    .filter(|p| p.castling.is_some())
                {
                    castling.push((side, path.clone(), component_span(set, path.component)));
                }
            }
        }
        // A lame move-only leap of a piece that also captures en passant creates e.p. targets on its path.
        if has_ep_capture {
            for ray in &mut b.rays[first_ray..] {
                if ray.kind == RayKind::Lame && ray.len >= 2 && ray.flags == RayFlags::MOVE {
                    ray.flags = ray.flags.union(RayFlags::CREATES_EP);
                }
            }
        }
        b.pieces.push(PieceType {
            name: decl
                .title
                .as_ref()
                .map_or_else(|| decl.id.value.clone(), |t| t.value.clone()),
            symbol: decl.id.value.clone(),
            royal: info.royal,
            graph,
            dead,
            promotion: None,
            in_hand: None,
            demote_in: None,
            drop: None,
            promoted: decl.id.value.starts_with('+'),
        });
        b.castling.push(castling);
        b.reach.push(reach);
    }
    b
}

/// Does ray `b` generate every move ray `a` generates (from the same square)? When `a` is the same ray, or a slide
/// or lame leap whose squares begin `b`'s slide, with no use of its destinations that `b` lacks: a slide reaches its
/// k-th square exactly when the squares before are empty, as a lame leap or a shorter slide does.
fn covers(b: (RayKind, RayFlags, &[Square]), a: (RayKind, RayFlags, &[Square])) -> bool {
    let ((b_kind, b_flags, b_squares), (a_kind, a_flags, a_squares)) = (b, a);
    if a_flags.0 & !b_flags.0 != 0 {
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

type Candidate = (RayKind, RayFlags, Vec<Square>, u16);

/// The candidates of one square grouped by their first square, so that the redundancy test stays linear
/// for pieces with many rays (the universal leaper `U` has one per square of the board).
fn by_first_square(candidates: &[Candidate]) -> HashMap<Square, Vec<usize>> {
    let mut groups: HashMap<Square, Vec<usize>> = HashMap::new();
    for (i, c) in candidates.iter().enumerate() {
        groups.entry(c.2[0]).or_default().push(i);
    }
    groups
}

fn view(c: &Candidate) -> (RayKind, RayFlags, &[Square]) {
    (c.0, c.1, c.2.as_slice())
}
