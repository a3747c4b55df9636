//! What a piece's rays reach from one square on a board, square by square: walked as move generation walks them
//! (chains through [`step`]), on a real board or on an empty one that imagines whatever a ray needs. The executor
//! asks it, on an empty board, for the quiet reach of the pieces that reset the move-limit counter
//! (`Engine::moves_back`); `crate::inspect` describes a piece's moves with it.
use crate::rules::{
    step, Game, JumpsLower, Occupant, PieceId, Ray, RayFlags, RayKind, Side, Square, SquareSet,
    StepOutcome, StepRule, ZoneId,
};

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

/// What a walk found on one square.
#[derive(Default, Clone)]
pub(crate) struct Reached {
    /// A plain move (not initial, not over or after a piece) may end here without capturing.
    pub(crate) mv: bool,
    /// A plain move may capture here.
    pub(crate) cap: bool,
    /// An initial move (`i`) may end here.
    pub(crate) initial: bool,
    /// A move over a piece (a hop) may end here.
    pub(crate) hop: bool,
    /// A hop may end here without capturing / capturing (a cannon's hop only captures, a grasshopper's does
    /// either).
    pub(crate) hop_moves: bool,
    pub(crate) hop_captures: bool,
    /// Reached after capturing on a first leg.
    pub(crate) second_leg: bool,
    /// A friend the piece makes move lands here.
    pub(crate) induced: bool,
    /// A move may remove a friend here (`d`).
    pub(crate) destroy: bool,
    /// A friendly piece here would lend its moves (`x` on the last leg).
    pub(crate) borrow: bool,
    /// The castling (an index into [`Game::castlings`]) whose royal piece ends here.
    pub(crate) castling: Option<usize>,
    /// Indices into [`Game::ray_sources`] of the rays that reach it.
    pub(crate) sources: Vec<usize>,
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
pub(crate) struct Survey<'a> {
    pub(crate) game: &'a Game,
    board: &'a dyn Board,
    pub(crate) piece: PieceId,
    pub(crate) side: Side,
    pub(crate) from: Square,
    hypothetical: bool,
    pub(crate) reached: Vec<Reached>,
    pub(crate) lame: SquareSet,
    pub(crate) dead_ends: SquareSet,
    pub(crate) first_legs: SquareSet,
    /// Slices of rays still to walk: the piece's own, then those its friends lend it; whether they may lend.
    slices: Vec<(std::ops::Range<usize>, bool)>,
    lenders: Vec<PieceId>,
}

impl<'a> Survey<'a> {
    /// Walks the rays of `piece` (owned by `side`) standing on `from`, on `board`, as move generation does (chains
    /// through [`step`]), marking `castlings`' destinations (the caller decides whether they are available). Also
    /// the zone whose move set applies on `from`, if the piece's moves depend on the zone.
    pub(crate) fn walk(
        game: &'a Game,
        piece: PieceId,
        side: Side,
        from: Square,
        board: &'a dyn Board,
        castlings: &[usize],
    ) -> (Survey<'a>, Option<ZoneId>) {
        let squares = game.geometry.squares();
        let mut survey = Survey {
            game,
            board,
            piece,
            side,
            from,
            hypothetical: board.hypothetical_hurdles(),
            reached: vec![Reached::default(); squares],
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
            survey.reached[game.castlings[c].king_to.index()].castling = Some(c);
        }
        (survey, zone)
    }

    /// The squares a plain move (not initial, not over or after a piece) may go to without capturing.
    pub(crate) fn quiet_squares(&self) -> SquareSet {
        self.game
            .geometry
            .all()
            .filter(|sq| self.reached[sq.index()].mv)
            .collect()
    }
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
        let a = &mut self.reached[sq.index()];
        a.borrow |= lends;
        if via == Via::Hop {
            a.hop = true;
            a.hop_moves |= can_move;
            a.hop_captures |= can_cap;
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
    pub(crate) fn promotions_to(&self, sq: Square, captures: bool) -> (Vec<PieceId>, bool) {
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
                // A range capturer (`jumps-lower`) passes pieces of lower rank, as move generation does
                // (`engine/rules/range_capture.rs`); under `to-capture` it then stops only on pieces.
                let mover = self.game.piece(self.piece);
                // A jumping slide (`jumps-over`) passes any piece; range capture does not apply on it.
                let line = self.game.jumps_along(self.piece, self.side, ray);
                let jumping = line.is_some();
                let how = mover.jumps_lower.filter(|_| !jumping);
                let sweeping = how == Some(JumpsLower::TakingPassed);
                // Under `jumps-over … enemies` only enemy pieces are passed; a limited line passes pieces only
                // within its first squares.
                let enemies_only = mover.jumps_over.as_ref().is_some_and(|j| j.enemies);
                let within = line.and_then(|l| l.within).map_or(usize::MAX, usize::from);
                let side = self.side;
                let passes = |sq: Square| {
                    !self.board.wall(sq)
                        && (jumping && (!enemies_only || self.board.occupant(sq) != Some(side))
                            || how.is_some()
                                && (!sweeping || mover.sweeping_sources.contains(&ray.source))
                                && (self.board.piece(sq))
                                    .is_some_and(|p| self.game.piece(p).rank < mover.rank))
                };
                let mut passed = false;
                for (k, &sq) in path.iter().enumerate() {
                    if passed && k >= within {
                        break;
                    }
                    if passed && empty(&sq) && how == Some(JumpsLower::ToCapture) {
                        continue;
                    }
                    // One that takes what it passes (`taking-passed`) never ends on a piece it may not pass.
                    if !empty(&sq)
                        && !passes(sq)
                        && sweeping
                        && mover.sweeping_sources.contains(&ray.source)
                    {
                        break;
                    }
                    self.mark(ray, sq, Via::Direct);
                    if !empty(&sq) {
                        if !passes(sq) || k + 1 >= within {
                            break;
                        }
                        passed = true;
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
