//! Questions a designer asks of a compiled game, answered from its data: which piece is "Silver", where does it
//! go from d5 and which XBetza component says so, which zones change its moves, what is a good square to show.
//!
//! Used by `tatsu piece` and `tatsu describe`; nothing here knows any particular game.
pub mod json;
pub mod spots;

pub use crate::engine::reach::{Board, EmptyBoard};
use crate::engine::reach::{Reached, Survey};
use crate::rules::{Game, MoveSet, PieceId, RayFlags, Side, Square, SquareSet, ZoneId};
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

/// The piece's move sets, zone rules first (in the order the zones were declared), then the unconditional one.
pub fn move_sets(game: &Game, piece: PieceId) -> Vec<&MoveSet> {
    let mut out: Vec<&MoveSet> = game.move_sets.iter().filter(|s| s.piece == piece).collect();
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

/// One destination of a piece, with why it is one.
#[derive(Clone, Debug)]
pub struct Destination {
    pub to: Square,
    /// How the piece gets here: castling, else a plain move and/or capture, else an initial move, else a hop.
    pub kind: Kind,
    /// Other ways of getting here (a cannon's square that it may move to and also capture on by hopping).
    pub also: Vec<Kind>,
    /// What a hop ending here does, when one does: `moves` without capturing, `captures`, or both.
    pub hop: HopWays,
    /// The types the piece may become on arriving (empty: it does not promote here).
    pub promotion: Vec<PieceId>,
    /// Promotion is forced here (the rule says so, or the unpromoted piece could never move again).
    pub must_promote: bool,
    /// Indices into [`Game::ray_sources`] of the rays that reach it.
    pub sources: Vec<usize>,
    /// Index into [`Game::castlings`] for a castling destination.
    pub castling: Option<usize>,
}

/// What the hops ending on a square (or in a diagram) do: a cannon's only capture, a grasshopper's may do either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HopWays {
    pub moves: bool,
    pub captures: bool,
}

/// Where a piece can go from one square.
#[derive(Clone, Debug)]
pub struct PieceMoves {
    pub piece: PieceId,
    pub side: Side,
    pub from: Square,
    /// The zone whose move set applies on `from`, if the piece's moves depend on the zone.
    pub zone: Option<ZoneId>,
    pub destinations: Vec<Destination>,
    /// Squares that must be empty for a lame leap (`n`), not destinations themselves.
    pub lame_path: Vec<Square>,
    /// Squares where a first leg captures on the way to a destination (the Lion's first step), not destinations
    /// themselves unless another move ends there.
    pub first_legs: Vec<Square>,
    /// Squares a ray reaches where the piece may not stand, because it could never move again from there and
    /// does not promote there (the executor generates no move to them: see `docs/variant-language.md`).
    pub dead_ends: Vec<Square>,
}

/// The destinations of `piece` (owned by `side`) standing on `from`, on `board`, found by walking its rays as
/// move generation does (chains through [`crate::rules::step`]). `castlings`: the castling indices to include
/// (the caller decides whether they are available).
pub fn piece_moves(
    game: &Game,
    piece: PieceId,
    side: Side,
    from: Square,
    board: &dyn Board,
    castlings: &[usize],
) -> PieceMoves {
    let (survey, zone) = Survey::walk(game, piece, side, from, board, castlings);
    finish(survey, zone)
}

/// The destinations a walk found, with their kinds and promotions.
fn finish(survey: Survey, zone: Option<ZoneId>) -> PieceMoves {
    let game = survey.game;
    let mut destinations = Vec::new();
    for sq in game.geometry.all() {
        let a = &survey.reached[sq.index()];
        let Some((kind, also)) = kinds(a) else {
            continue;
        };
        let (promotion, must_promote) = match survey.promotions_to(sq, a.cap) {
            (choices, must) if a.castling.is_none() && !choices.is_empty() => (choices, must),
            _ => (Vec::new(), false),
        };
        destinations.push(Destination {
            to: sq,
            kind,
            also,
            hop: HopWays {
                moves: a.hop_moves,
                captures: a.hop_captures,
            },
            promotion,
            must_promote,
            sources: a.sources.clone(),
            castling: a.castling,
        });
    }
    let unreached = |s: &Square| survey.reached[s.index()].sources.is_empty();
    PieceMoves {
        piece: survey.piece,
        side: survey.side,
        from: survey.from,
        zone,
        destinations,
        lame_path: survey.lame.iter().filter(unreached).collect(),
        first_legs: survey.first_legs.iter().collect(),
        dead_ends: survey.dead_ends.iter().filter(unreached).collect(),
    }
}

/// The main kind of a square and the others, or `None` if it is no destination.
fn kinds(a: &Reached) -> Option<(Kind, Vec<Kind>)> {
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
        a.second_leg.then_some(Kind::SecondLeg),
        a.induced.then_some(Kind::Induced),
        a.destroy.then_some(Kind::Destroy),
        a.borrow.then_some(Kind::Borrow),
    ]
    .into_iter()
    .flatten()
    .collect();
    if kinds.is_empty() {
        return None;
    }
    let kind = kinds.remove(0);
    Some((kind, kinds))
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

/// The pieces with a ray that leaves en-passant squares behind (a pawn's double step).
pub fn en_passant_makers(game: &Game) -> Vec<PieceId> {
    let n = game.geometry.squares();
    (0..game.pieces.len())
        .map(|i| PieceId(i as u16))
        .filter(|&p| {
            Side::BOTH.iter().any(|&s| {
                game.geometry.all().any(|sq| {
                    game.rays[game.piece(p).rays(s, n, sq).range()]
                        .iter()
                        .any(|r| r.flags.has(RayFlags::CREATES_EP))
                })
            })
        })
        .collect()
}

/// The squares from which a piece's `i` (initial) moves are allowed, per side.
pub fn initial_squares(game: &Game, piece: PieceId, side: Side) -> SquareSet {
    let squares = game.geometry.squares();
    let ty = game.piece(piece);
    let mut out = SquareSet::new();
    for sq in game.geometry.all() {
        let has = game.rays[ty.rays(side, squares, sq).range()]
            .iter()
            .any(|r| game.source(r.source as usize).1.initial_only);
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
    fn wall(&self, sq: Square) -> bool {
        self.is_wall(sq)
    }
    fn royal(&self, sq: Square) -> bool {
        self.piece_at(sq)
            .is_some_and(|(piece, _)| self.game().piece(piece).royal)
    }
    fn piece(&self, sq: Square) -> Option<PieceId> {
        self.piece_at(sq).map(|(piece, _)| piece)
    }
    fn on_board(&self, side: Side, piece: PieceId) -> Option<u16> {
        Some(self.count_for_limit(side, piece))
    }
}
