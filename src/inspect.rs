//! Questions a designer asks of a compiled game, answered from its data: which piece is "Silver", where does it
//! go from d5 and which XBetza component says so, which zones change its moves, what is a good square to show.
//!
//! Used by `tatsu piece` and `tatsu describe`; nothing here knows any particular game.
use crate::rules::{
    Game, PieceId, PromotionTrigger, RayFlags, RayKind, Side, Square, SquareSet, StepRole, ZoneId,
};
use betza::diagram::Kind;

/// Finds a piece by its FEN letter (`S`, `+R`, any case) or its name (`Dragon King`, any case).
/// The error names the closest letters or names ("did you mean").
pub fn find_piece(game: &Game, query: &str) -> Result<PieceId, String> {
    let q = query.trim();
    let id = |i: usize| PieceId(i as u16);
    if let Some(i) = game.pieces.iter().position(|p| p.symbol == q) {
        return Ok(id(i));
    }
    if let Some(i) = game
        .pieces
        .iter()
        .position(|p| p.symbol.eq_ignore_ascii_case(q) || p.name.eq_ignore_ascii_case(q))
    {
        return Ok(id(i));
    }
    let lower = q.to_lowercase();
    let mut scored: Vec<(usize, String)> = game
        .pieces
        .iter()
        .flat_map(|p| {
            [
                (
                    crate::diag::edit_distance(&lower, &p.name.to_lowercase()),
                    format!("{} ({})", p.name, p.symbol),
                ),
                (
                    crate::diag::edit_distance(&lower, &p.symbol.to_lowercase()),
                    format!("{} ({})", p.symbol, p.name),
                ),
            ]
        })
        .collect();
    scored.sort();
    let best: Vec<String> = scored
        .iter()
        .filter(|(d, _)| *d <= 1.max(lower.chars().count() / 3))
        .map(|(_, s)| s.clone())
        .take(3)
        .collect();
    let hint = if best.is_empty() {
        let all: Vec<&str> = game.pieces.iter().map(|p| p.symbol.as_str()).collect();
        format!("its pieces are {}", all.join(" "))
    } else {
        format!("did you mean {}?", best.join(", or "))
    };
    Err(format!("`{}` has no piece `{q}`; {hint}", game.name))
}

/// One move set of a piece: its XBetza text and the zone rule that selects it (`None`: everywhere else).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSet {
    pub zone: Option<ZoneId>,
    pub betza: String,
}

/// The piece's move sets, in the order the compiler recorded them (zone rules first seen first).
pub fn move_sets(game: &Game, piece: PieceId) -> Vec<MoveSet> {
    let mut out: Vec<MoveSet> = Vec::new();
    for s in game.ray_sources.iter().filter(|s| s.piece == piece) {
        let set = MoveSet {
            zone: s.zone,
            betza: s.betza.clone(),
        };
        if !out.contains(&set) {
            out.push(set);
        }
    }
    out.sort_by_key(|s| s.zone.map_or(u16::MAX, |z| z.0));
    out
}

/// A square to show the piece on: the middle of the board, or for a zone, the square of the zone on the middle
/// file (or the file nearest to it) halfway along it.
pub fn representative_square(game: &Game, side: Side, zone: Option<ZoneId>) -> Square {
    match zone {
        Some(z) => representative_square_in(game, &game.zone(z).squares[side.index()]),
        None => representative_square_in(game, &game.geometry.all().collect()),
    }
}

/// The square of `set` on the middle file (or the file nearest to it), halfway along that file.
pub fn representative_square_in(game: &Game, set: &SquareSet) -> Square {
    let g = game.geometry;
    let mid_file = (g.files as i32 - 1) / 2;
    let squares: Vec<Square> = set.iter().collect();
    let Some(file) = squares
        .iter()
        .map(|&s| g.file(s))
        .min_by_key(|&f| ((f - mid_file).abs(), f))
    else {
        return g
            .square(mid_file, (g.ranks as i32 - 1) / 2)
            .unwrap_or_default();
    };
    let mut on_file: Vec<Square> = squares.into_iter().filter(|&s| g.file(s) == file).collect();
    on_file.sort_by_key(|&s| g.rank(s));
    on_file[(on_file.len() - 1) / 2]
}

/// What the square a piece stands on means for its destinations.
pub trait Board {
    /// The side of the piece on `sq`, if any.
    fn occupant(&self, sq: Square) -> Option<Side>;
    /// Is the piece on `sq` royal (a royal piece is never destroyed by a `d` move)?
    fn royal(&self, _sq: Square) -> bool {
        false
    }
    /// The type of the piece on `sq`, if known (a borrower on a real board moves as the friends next to it).
    fn piece(&self, _sq: Square) -> Option<PieceId> {
        None
    }
    /// Show what the piece could do if the squares held whatever it needs: capture-only squares count as
    /// captures, and a hopper is shown as if a hurdle stood on the first square of each ray.
    fn hypothetical_hurdles(&self) -> bool {
        false
    }
}

/// An empty board: every ray runs to its end, capture-only squares are shown as captures, a hopper is shown as if
/// a hurdle stood on the first square of each ray.
pub struct EmptyBoard;

impl Board for EmptyBoard {
    fn occupant(&self, _: Square) -> Option<Side> {
        None
    }
    fn hypothetical_hurdles(&self) -> bool {
        true
    }
}

/// One destination of a piece, with why it is one.
#[derive(Clone, Debug)]
pub struct Destination {
    pub to: Square,
    /// How the piece gets here: castling, else a plain move and/or capture, else an initial move, else a hop.
    pub kind: Kind,
    /// Other ways of getting here (a cannon's square that it may move to and also capture on by hopping).
    pub also: Vec<Kind>,
    /// The types the piece may become on arriving (empty: it does not promote here).
    pub promotion: Vec<PieceId>,
    /// Promotion is forced here (the rule says so, or the unpromoted piece could never move again).
    pub must_promote: bool,
    /// Indices into [`Game::ray_sources`] of the rays that reach it.
    pub sources: Vec<usize>,
    /// Index into [`Game::castlings`] for a castling destination.
    pub castling: Option<usize>,
}

/// Where a piece can go from one square.
#[derive(Clone, Debug)]
pub struct Reach {
    pub piece: PieceId,
    pub side: Side,
    pub from: Square,
    /// The zone whose move set applies on `from`, if the piece's moves depend on the zone.
    pub zone: Option<ZoneId>,
    pub destinations: Vec<Destination>,
    /// Squares that must be empty for a lame leap (`n`), not destinations themselves.
    pub lame_path: Vec<Square>,
}

#[derive(Default, Clone)]
struct Acc {
    mv: bool,
    cap: bool,
    initial: bool,
    hop: bool,
    destroy: bool,
    /// A friendly piece here would lend its moves (`x` on the last leg).
    borrow: bool,
    castling: Option<usize>,
    sources: Vec<usize>,
}

/// The destinations of `piece` (owned by `side`) standing on `from`, on `board`. `castlings`: the castling
/// indices to include (the caller decides whether they are available).
pub fn reach(
    game: &Game,
    piece: PieceId,
    side: Side,
    from: Square,
    board: &dyn Board,
    castlings: &[usize],
) -> Reach {
    let ty = game.piece(piece);
    let squares = game.geometry.squares();
    let initial = initial_sources(game);
    let mut acc: Vec<Acc> = vec![Acc::default(); squares];
    let mut lame = SquareSet::new();
    let mut zone = None;
    let empty = |sq: Square| board.occupant(sq).is_none();
    // On an empty board, squares are shown as if they held whatever the move needs.
    let hypothetical = board.hypothetical_hurdles();
    // The index in `path` of a hopper's hurdle: the first piece, or the first square on an empty board.
    let hurdle = |path: &[Square]| {
        if hypothetical {
            Some(0)
        } else {
            path.iter().position(|&s| !empty(s))
        }
    };
    // The piece's own rays, then (on a real board) the rays of each friend that lends it its moves (`x` on the
    // last leg), walked from the same square; borrowed rays lend nothing further.
    let mut slices = vec![(ty.rays(side, squares, from).range(), true)];
    let mut lenders: Vec<PieceId> = Vec::new();
    let mut next = 0;
    while let Some((range, lend)) = slices.get(next).cloned() {
        next += 1;
        for ray in &game.rays[range] {
            let source = ray.source as usize;
            zone = zone.or(game.ray_sources[source].zone);
            let path = game.ray_squares(ray);
            // Records a destination; returns whether the ray may end there.
            let mut mark = |sq: Square, hop: bool| -> bool {
                let a = &mut acc[sq.index()];
                let enemy = board.occupant(sq).is_some_and(|s| s != side);
                let friend = board.occupant(sq) == Some(side) && !board.royal(sq);
                let vacant = board.occupant(sq).is_none();
                let can_move = ray.flags.has(RayFlags::MOVE) && vacant;
                let can_cap = (ray.flags.has(RayFlags::CAPTURE)
                    || ray.flags.has(RayFlags::EN_PASSANT))
                    && (enemy || vacant && hypothetical);
                let can_destroy =
                    ray.flags.has(RayFlags::DESTROY) && (friend || vacant && hypothetical);
                let lends = ray.flags.has(RayFlags::BORROW)
                    && (board.occupant(sq) == Some(side) || vacant && hypothetical);
                if !(can_move || can_cap || can_destroy || lends) {
                    return false;
                }
                a.borrow |= lends;
                if hop {
                    a.hop = true;
                } else if initial[source] {
                    a.initial = true;
                } else {
                    a.mv |= can_move;
                    a.cap |= can_cap;
                    a.destroy |= can_destroy;
                }
                if !a.sources.contains(&source) {
                    a.sources.push(source);
                }
                true
            };
            match ray.kind {
                RayKind::Slide => {
                    for &sq in path {
                        mark(sq, false);
                        if !empty(sq) {
                            break;
                        }
                    }
                }
                RayKind::Lame => {
                    let (&to, before) = path.split_last().expect("a ray has squares");
                    if before.iter().all(|&s| empty(s)) {
                        before.iter().for_each(|&s| lame.insert(s));
                        mark(to, false);
                    }
                }
                RayKind::Hop => {
                    if let Some(h) = hurdle(path) {
                        for &sq in &path[h + 1..] {
                            mark(sq, true);
                            if !empty(sq) {
                                break;
                            }
                        }
                    }
                }
                RayKind::Chain => {
                    // A multi-leg path: every turning square must hold what its leg asks for. On an empty board a
                    // leg that needs a piece is taken as if one stood there (shown as a hop); a hop's hurdle is
                    // taken to be the first square of its leg, as for a single-leg hopper. The squares that must be
                    // empty are shown only for a path that gets somewhere.
                    let roles = game.ray_roles(ray);
                    if hypothetical
                        && roles
                            .windows(2)
                            .any(|w| w == [StepRole::Pass, StepRole::TurnHop])
                    {
                        continue;
                    }
                    let mut victim: Option<Square> = None;
                    let mut via_piece = false;
                    let mut must_be_empty: Vec<Square> = Vec::new();
                    // After an induction (`x`) the friend there moves on: its square is the one left empty.
                    let mut origin = from;
                    for (&sq, &role) in path.iter().zip(roles) {
                        let here = if sq == origin || Some(sq) == victim {
                            None
                        } else {
                            board.occupant(sq)
                        };
                        match role {
                            StepRole::Pass | StepRole::TurnEmpty => {
                                if here.is_some() {
                                    break;
                                }
                                must_be_empty.push(sq);
                            }
                            StepRole::TurnCapture => match here {
                                Some(s) if s != side => {
                                    victim = Some(sq);
                                    via_piece = true;
                                }
                                None if hypothetical => via_piece = true,
                                _ => break,
                            },
                            StepRole::TurnAny => {}
                            StepRole::TurnHop => {
                                if here.is_none() && !hypothetical {
                                    break;
                                }
                                via_piece = true;
                            }
                            StepRole::TurnHopFriend => {
                                if here != Some(side) && !(here.is_none() && hypothetical) {
                                    break;
                                }
                                via_piece = true;
                            }
                            // The friend there makes the rest of the move (shown like a hop's destinations).
                            StepRole::TurnInduce => {
                                if here != Some(side) && !(here.is_none() && hypothetical) {
                                    break;
                                }
                                via_piece = true;
                                origin = sq;
                            }
                            StepRole::TurnEither
                            | StepRole::TurnDestroy
                            | StepRole::TurnEmptyOrDestroy
                            | StepRole::TurnRemove
                            | StepRole::TurnEmptyOrRemove => match here {
                                // A friend is removed only by `d`, and never a royal one.
                                Some(s)
                                    if s == side
                                        && (!role.destroys_friend() || board.royal(sq)) =>
                                {
                                    break
                                }
                                Some(s) if s != side && !role.captures_enemy() => break,
                                Some(_) => {
                                    victim = Some(sq);
                                    via_piece = true;
                                }
                                None if role.allows_empty() => {}
                                None if hypothetical => via_piece = true,
                                None => break,
                            },
                            StepRole::Dest => {
                                if lend && ray.flags.has(RayFlags::BORROW) && here == Some(side) {
                                    if let Some(lender) = board.piece(sq) {
                                        if !lenders.contains(&lender) {
                                            lenders.push(lender);
                                            let rays = game.piece(lender).rays(side, squares, from);
                                            slices.push((rays.range(), false));
                                        }
                                    }
                                }
                                if mark(sq, via_piece) {
                                    must_be_empty.drain(..).for_each(|s| lame.insert(s));
                                }
                                if here.is_some() {
                                    break;
                                }
                            }
                        }
                    }
                }
                RayKind::Grasshop => {
                    if let Some(&sq) = hurdle(path).and_then(|h| path.get(h + 1)) {
                        mark(sq, true);
                    }
                }
            }
        }
    }
    for &c in castlings {
        acc[game.castlings[c].king_to.index()].castling = Some(c);
    }
    let mut destinations = Vec::new();
    for sq in game.geometry.all() {
        let a = &acc[sq.index()];
        let plain = match (a.mv, a.cap) {
            (true, true) => Some(Kind::MoveOrCapture),
            (true, false) => Some(Kind::Move),
            (false, true) => Some(Kind::Capture),
            (false, false) => None,
        };
        let mut kinds: Vec<Kind> = [
            a.castling.map(|_| Kind::Castling),
            plain,
            a.initial.then_some(Kind::Initial),
            a.hop.then_some(Kind::Hop),
            a.destroy.then_some(Kind::Destroy),
            a.borrow.then_some(Kind::Borrow),
        ]
        .into_iter()
        .flatten()
        .collect();
        if kinds.is_empty() {
            continue;
        }
        let kind = kinds.remove(0);
        let (promotion, must_promote) = match &ty.promotion {
            Some(p) if a.castling.is_none() => {
                let z = game.zone(p.zone);
                let fires = z.contains(side, sq)
                    || p.trigger == PromotionTrigger::StartOrDestination && z.contains(side, from);
                if fires {
                    (
                        p.choices.clone(),
                        p.mandatory || ty.dead[side.index()].contains(sq),
                    )
                } else {
                    (Vec::new(), false)
                }
            }
            _ => (Vec::new(), false),
        };
        destinations.push(Destination {
            to: sq,
            kind,
            also: kinds,
            promotion,
            must_promote,
            sources: a.sources.clone(),
            castling: a.castling,
        });
    }
    let lame_path = lame
        .iter()
        .filter(|&s| acc[s.index()].sources.is_empty())
        .collect();
    Reach {
        piece,
        side,
        from,
        zone,
        destinations,
        lame_path,
    }
}

/// The castlings of a royal piece standing on `from` for `side` (all of them, as on an empty board).
pub fn castlings_from(game: &Game, piece: PieceId, side: Side, from: Square) -> Vec<usize> {
    if !game.piece(piece).royal {
        return Vec::new();
    }
    game.castlings
        .iter()
        .enumerate()
        .filter(|(_, c)| c.king_from == from && game.castling_rights[c.right].side == side)
        .map(|(i, _)| i)
        .collect()
}

/// Per entry of [`Game::ray_sources`]: is it an `i` (initial-only) component?
pub fn initial_sources(game: &Game) -> Vec<bool> {
    game.ray_sources
        .iter()
        .map(|s| {
            betza::parse(&s.betza)
                .ok()
                .and_then(|b| b.components.get(s.component).map(|c| c.initial_only()))
                .unwrap_or(false)
        })
        .collect()
}

/// The squares from which a piece's `i` (initial) moves are allowed, per side.
pub fn initial_squares(game: &Game, piece: PieceId, side: Side) -> SquareSet {
    let squares = game.geometry.squares();
    let ty = game.piece(piece);
    let initial = initial_sources(game);
    let mut out = SquareSet::new();
    for sq in game.geometry.all() {
        let has = game.rays[ty.rays(side, squares, sq).range()]
            .iter()
            .any(|r| initial[r.source as usize]);
        if has {
            out.insert(sq);
        }
    }
    out
}

/// A square set in words: a zone's name if it is exactly one, `ranks 10–12`, `rank 1`, or the squares.
pub fn squares_in_words(game: &Game, set: &SquareSet) -> String {
    let g = game.geometry;
    if set.is_empty() {
        return "no square".into();
    }
    let mut ranks: Vec<i32> = Vec::new();
    let mut whole = true;
    for r in 0..g.ranks as i32 {
        let n = (0..g.files as i32)
            .filter(|&f| g.square(f, r).is_some_and(|s| set.contains(s)))
            .count();
        if n == g.files as usize {
            ranks.push(r + 1);
        } else if n > 0 {
            whole = false;
        }
    }
    if whole {
        let contiguous = ranks.windows(2).all(|w| w[1] == w[0] + 1);
        return match (ranks.len(), contiguous) {
            (1, _) => format!("rank {}", ranks[0]),
            (_, true) => format!("ranks {}–{}", ranks[0], ranks[ranks.len() - 1]),
            _ => format!(
                "ranks {}",
                ranks
                    .iter()
                    .map(|r| r.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
    }
    set.iter().map(|s| g.name(s)).collect::<Vec<_>>().join(" ")
}

impl Board for crate::engine::Position<'_> {
    fn occupant(&self, sq: Square) -> Option<Side> {
        self.piece_at(sq).map(|(_, side)| side)
    }
    fn royal(&self, sq: Square) -> bool {
        self.piece_at(sq)
            .is_some_and(|(piece, _)| self.game().piece(piece).royal)
    }
    fn piece(&self, sq: Square) -> Option<PieceId> {
        self.piece_at(sq).map(|(piece, _)| piece)
    }
}
