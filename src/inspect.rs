//! Questions a designer asks of a compiled game, answered from its data: which piece is "Silver", where does it
//! go from d5 and which XBetza component says so, which zones change its moves, what is a good square to show.
//!
//! Used by `tatsu piece` and `tatsu describe`; nothing here knows any particular game.
use crate::rules::{
    step, Game, MoveSet, Occupant, PieceId, Ray, RayFlags, RayKind, Side, Square, SquareSet,
    StepOutcome, StepRule, ZoneId,
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

/// What the square a piece stands on means for its destinations.
pub trait Board {
    /// The side of the piece on `sq`, if any.
    fn occupant(&self, sq: Square) -> Option<Side>;
    /// Is there a wall on `sq` (games with walls)?
    fn wall(&self, _sq: Square) -> bool {
        false
    }
    /// Is the piece on `sq` royal (a royal piece is never destroyed by a `d` move)?
    fn royal(&self, _sq: Square) -> bool {
        false
    }
    /// The type of the piece on `sq`, if known (a borrower on a real board moves as the friends next to it).
    fn piece(&self, _sq: Square) -> Option<PieceId> {
        None
    }
    /// How many pieces of `piece` `side` has on the board, if known (a promotion limited by material is judged by
    /// it; on an empty board every choice is shown).
    fn on_board(&self, _side: Side, _piece: PieceId) -> Option<u16> {
        None
    }
    /// Show what the piece could do if the squares held whatever it needs (see [`EmptyBoard`]).
    fn hypothetical_hurdles(&self) -> bool {
        false
    }
}

/// An empty board, drawn as a designer wants to see it: every ray runs to its end; capture-only squares are
/// shown as captures; a hopper's landing squares are shown for every position of its hurdle (a cannon's hop
/// captures from the second square of each line on, a grasshopper lands on every square but the first); a
/// turning square that needs a piece is taken to hold one (and its destinations are shown as reached by
/// hopping), a turning square that may be empty is taken to be empty.
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

#[derive(Default, Clone)]
struct Acc {
    mv: bool,
    cap: bool,
    initial: bool,
    hop: bool,
    /// Reached after capturing on a first leg.
    second_leg: bool,
    /// A friend the piece makes move lands here.
    induced: bool,
    destroy: bool,
    /// A friendly piece here would lend its moves (`x` on the last leg).
    borrow: bool,
    castling: Option<usize>,
    sources: Vec<usize>,
}

/// How a multi-leg walk got to a square: directly, over or turning on a piece, after capturing on the way,
/// or as the friend it made move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Via {
    Direct,
    Hop,
    Capture,
    Induce,
}

/// The walk of one piece's rays from one square, accumulating what each square is.
struct Survey<'a> {
    game: &'a Game,
    board: &'a dyn Board,
    piece: PieceId,
    side: Side,
    from: Square,
    hypothetical: bool,
    acc: Vec<Acc>,
    lame: SquareSet,
    dead_ends: SquareSet,
    first_legs: SquareSet,
    /// Slices of rays still to walk: the piece's own, then those its friends lend it; whether they may lend.
    slices: Vec<(std::ops::Range<usize>, bool)>,
    lenders: Vec<PieceId>,
}

/// The destinations of `piece` (owned by `side`) standing on `from`, on `board`, found by walking its rays as
/// move generation does (chains through [`step`]). `castlings`: the castling indices to include (the caller
/// decides whether they are available).
pub fn piece_moves(
    game: &Game,
    piece: PieceId,
    side: Side,
    from: Square,
    board: &dyn Board,
    castlings: &[usize],
) -> PieceMoves {
    let squares = game.geometry.squares();
    let mut survey = Survey {
        game,
        board,
        piece,
        side,
        from,
        hypothetical: board.hypothetical_hurdles(),
        acc: vec![Acc::default(); squares],
        lame: SquareSet::new(),
        dead_ends: SquareSet::new(),
        first_legs: SquareSet::new(),
        slices: vec![(game.piece(piece).rays(side, squares, from).range(), true)],
        lenders: Vec::new(),
    };
    let mut zone = None;
    let mut next = 0;
    while let Some((range, lend)) = survey.slices.get(next).cloned() {
        next += 1;
        for ray in &game.rays[range] {
            zone = zone.or(game.source(ray.source as usize).0.zone);
            survey.ray(ray, lend);
        }
    }
    for &c in castlings {
        survey.acc[game.castlings[c].king_to.index()].castling = Some(c);
    }
    survey.finish(zone)
}

impl Survey<'_> {
    fn occupant(&self, sq: Square) -> Occupant {
        match self.board.occupant(sq) {
            None if self.board.wall(sq) => Occupant::Wall,
            None => Occupant::Empty,
            Some(s) if s == self.side => Occupant::Friend,
            Some(_) => Occupant::Enemy,
        }
    }

    /// Records `sq` as a destination of `ray`, as far as the ray's flags and the square's occupant allow.
    fn mark(&mut self, ray: &Ray, sq: Square, via: Via) {
        self.mark_as(ray, sq, self.occupant(sq), via);
    }

    /// [`Survey::mark`] with the occupant the walk sees there, reached `via` what the walk passed: a chain that
    /// comes back to the mover's square finds it empty. Whether `sq` became a destination.
    fn mark_as(&mut self, ray: &Ray, sq: Square, occupant: Occupant, via: Via) -> bool {
        let vacant = occupant == Occupant::Empty;
        let imagined = vacant && self.hypothetical;
        let flags = ray.flags;
        let can_move = flags.has(RayFlags::MOVE) && vacant;
        let can_cap = flags.has(RayFlags::CAPTURE | RayFlags::EN_PASSANT)
            && (occupant == Occupant::Enemy || imagined);
        let friend = occupant == Occupant::Friend;
        let can_destroy =
            flags.has(RayFlags::DESTROY) && (friend && !self.board.royal(sq) || imagined);
        let lends = flags.has(RayFlags::BORROW) && (friend || imagined);
        if !(can_move || can_cap || can_destroy || lends) {
            return false;
        }
        if !self.may_stand(sq, can_cap) {
            self.dead_ends.insert(sq);
            return false;
        }
        let source = ray.source as usize;
        let initial = self.game.source(source).1.initial_only;
        let a = &mut self.acc[sq.index()];
        a.borrow |= lends;
        if via == Via::Hop {
            a.hop = true;
        } else if via == Via::Capture {
            a.second_leg = true;
        } else if via == Via::Induce {
            a.induced = true;
        } else if initial {
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
    }

    /// May the piece end a move on `sq`: not where it must promote (a dead square, a mandatory line) unless a
    /// choice is open there, as move generation says.
    fn may_stand(&self, sq: Square, captures: bool) -> bool {
        let (choices, must) = self.promotions_to(sq, captures);
        !choices.is_empty() || !must
    }

    /// The types a move to `sq` (a capture or not) may become, each once (closed choices of a `limited` line left
    /// out where the board says how many there are), and whether the move must promote (or else may not be made).
    fn promotions_to(&self, sq: Square, captures: bool) -> (Vec<PieceId>, bool) {
        let (game, side) = (self.game, self.side);
        let ty = game.piece(self.piece);
        let mut choices = Vec::new();
        let mut must = ty.dead[side.index()].contains(sq);
        for line in ty.promotions.iter() {
            if !line.fires(game, side, self.from, sq, captures) {
                continue;
            }
            must |= line.mandatory;
            for (i, &c) in line.choices.iter().enumerate() {
                let open = self
                    .board
                    .on_board(side, c)
                    .is_none_or(|n| line.open(side, i, n));
                let dead = game.piece(c).dead[side.index()].contains(sq);
                if open && !dead && !choices.contains(&c) {
                    choices.push(c);
                }
            }
        }
        (choices, must)
    }

    fn ray(&mut self, ray: &Ray, lend: bool) {
        let path = self.game.ray_squares(ray);
        let empty = |s: &Square| self.board.occupant(*s).is_none() && !self.board.wall(*s);
        match ray.kind {
            RayKind::Slide => {
                for &sq in path {
                    self.mark(ray, sq, Via::Direct);
                    if !empty(&sq) {
                        break;
                    }
                }
            }
            RayKind::Lame => {
                let (&to, before) = path.split_last().expect("a ray has squares");
                if before.iter().all(empty) {
                    before.iter().for_each(|&s| self.lame.insert(s));
                    self.mark(ray, to, Via::Direct);
                }
            }
            // On an empty board every square of the line may be the hurdle: the cannon lands anywhere after the
            // first square, and so does the grasshopper.
            RayKind::Hop | RayKind::Grasshop if self.hypothetical => {
                for &sq in &path[1..] {
                    self.mark(ray, sq, Via::Hop);
                }
            }
            RayKind::Hop => {
                let after = path
                    .iter()
                    .position(|s| !empty(s))
                    .map_or(path.len(), |h| h + 1);
                for &sq in &path[after..] {
                    self.mark(ray, sq, Via::Hop);
                    if !empty(&sq) {
                        break;
                    }
                }
            }
            RayKind::Grasshop => {
                let landing = path.iter().position(|s| !empty(s)).map(|h| h + 1);
                if let Some(&sq) = landing.and_then(|i| path.get(i)) {
                    self.mark(ray, sq, Via::Hop);
                }
            }
            RayKind::Chain => self.chain(ray, lend),
        }
    }

    /// A chain, square by square through [`step`], as move generation walks it. On an empty board a square
    /// that may be empty is taken as empty, and one that needs a piece as holding what it needs.
    fn chain(&mut self, ray: &Ray, lend: bool) {
        let game = self.game;
        let mut victim: Option<Square> = None;
        let mut via = Via::Direct;
        let mut must_be_empty: Vec<Square> = Vec::new();
        let mut captured_on_the_way: Vec<Square> = Vec::new();
        // After an induction (`x`) the friend there moves on: its square is the one left empty.
        let mut origin = self.from;
        for (&sq, &rule) in game.ray_squares(ray).iter().zip(game.ray_rules(ray)) {
            let occupant = if sq == origin || Some(sq) == victim {
                Occupant::Empty
            } else {
                self.occupant(sq)
            };
            let occupant = match occupant {
                Occupant::Empty if self.hypothetical => imagined_occupant(rule),
                real => real,
            };
            let imagined = !matches!(occupant, Occupant::Empty | Occupant::Wall)
                && self.board.occupant(sq).is_none();
            let royal = || !imagined && self.board.royal(sq);
            let dest = rule.contains(StepRule::DEST);
            if dest && lend && ray.flags.has(RayFlags::BORROW) && occupant == Occupant::Friend {
                self.lend(sq);
            }
            match step(rule, occupant, royal) {
                // A friend that lends its moves is not a destination of the move itself.
                StepOutcome::Blocked if dest && ray.flags.has(RayFlags::BORROW) => {
                    self.mark_as(ray, sq, occupant, via);
                    break;
                }
                StepOutcome::Blocked => break,
                StepOutcome::Cross if dest => {
                    if self.mark_as(ray, sq, occupant, via) {
                        captured_on_the_way
                            .iter()
                            .for_each(|&s| self.first_legs.insert(s));
                    }
                }
                StepOutcome::Cross if occupant != Occupant::Empty => via = via.max_hop(),
                StepOutcome::Cross if !rule.reads_occupant() => must_be_empty.push(sq),
                StepOutcome::Cross => {}
                StepOutcome::Remove => {
                    via = Via::Capture;
                    victim = Some(sq);
                    captured_on_the_way.push(sq);
                }
                StepOutcome::Induce => {
                    via = Via::Induce;
                    origin = sq;
                }
                StepOutcome::Land | StepOutcome::Take => {
                    if self.mark_as(ray, sq, occupant, via) {
                        captured_on_the_way
                            .iter()
                            .for_each(|&s| self.first_legs.insert(s));
                    }
                    must_be_empty.drain(..).for_each(|s| self.lame.insert(s));
                    if occupant != Occupant::Empty {
                        break;
                    }
                }
            }
        }
    }

    /// A friend on `sq` lends the piece its moves from the piece's square (one level deep).
    fn lend(&mut self, sq: Square) {
        if let Some(lender) = self.board.piece(sq) {
            if !self.lenders.contains(&lender) {
                self.lenders.push(lender);
                let squares = self.game.geometry.squares();
                let rays = self.game.piece(lender).rays(self.side, squares, self.from);
                self.slices.push((rays.range(), false));
            }
        }
    }

    fn finish(self, zone: Option<ZoneId>) -> PieceMoves {
        let game = self.game;
        let mut destinations = Vec::new();
        for sq in game.geometry.all() {
            let a = &self.acc[sq.index()];
            let Some((kind, also)) = kinds(a) else {
                continue;
            };
            let (promotion, must_promote) = match self.promotions_to(sq, a.cap) {
                (choices, must) if a.castling.is_none() && !choices.is_empty() => (choices, must),
                _ => (Vec::new(), false),
            };
            destinations.push(Destination {
                to: sq,
                kind,
                also,
                promotion,
                must_promote,
                sources: a.sources.clone(),
                castling: a.castling,
            });
        }
        let unreached = |s: &Square| self.acc[s.index()].sources.is_empty();
        PieceMoves {
            piece: self.piece,
            side: self.side,
            from: self.from,
            zone,
            destinations,
            lame_path: self.lame.iter().filter(unreached).collect(),
            first_legs: self.first_legs.iter().collect(),
            dead_ends: self.dead_ends.iter().filter(unreached).collect(),
        }
    }
}

impl Via {
    /// Passing a piece: a hop, unless the walk already captured or pushed on the way (which says more).
    fn max_hop(self) -> Via {
        match self {
            Via::Direct => Via::Hop,
            other => other,
        }
    }
}

/// On an empty board: what a square with `rule` is taken to hold. Empty if it may be; else the piece it needs.
fn imagined_occupant(rule: StepRule) -> Occupant {
    if rule.intersects(StepRule::DEST | StepRule::EMPTY) {
        Occupant::Empty
    } else if rule.intersects(StepRule::CAPTURE | StepRule::HOP_ENEMY) {
        Occupant::Enemy
    } else {
        Occupant::Friend
    }
}

/// The main kind of a square and the others, or `None` if it is no destination.
fn kinds(a: &Acc) -> Option<(Kind, Vec<Kind>)> {
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
