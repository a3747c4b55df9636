//! Pseudo-legal move generation: walk the precomputed rays of each piece, add drops, castlings and a pass.
//! Nothing here allocates: moves are pushed into the caller's reused list.
use super::moves::{Move, MoveKind, MoveList, Sink};
use super::tables::PieceTraits;
use super::{Cell, Position};
use crate::rules::{
    step, PieceId, Ray, RayFlags, RayKind, RaySlice, Side, Square, StepOutcome, StepRule,
    MAX_COLOUR_BOUND,
};

impl Position<'_> {
    /// Every move the rules of movement allow, before the test that the mover's royal piece is left safe.
    pub(crate) fn pseudo_moves(&self, out: &mut MoveList) {
        self.pseudo_moves_unwalled(out);
        if self.engine.game.walls.is_some() {
            self.add_walls(out);
        }
    }

    /// [`Position::pseudo_moves`] before the walls they leave: one move per piece move, where a walling game
    /// makes it tens.
    pub(crate) fn pseudo_moves_unwalled(&self, out: &mut MoveList) {
        out.clear();
        let us = self.side;
        for &from in &self.lists[us.index()] {
            self.piece_moves_unique(from, out);
        }
        if self.engine.game.drops_moves() {
            self.drop_moves(out);
        }
        if self.engine.flags.has_induction {
            dedup_moves(out, 0);
        }
        if self.engine.flags.promotes_standing {
            self.standing_promotions(out);
        }
        self.castling_moves(out);
        self.pass_move(out);
    }

    /// A pass: declining a bonus turn, or passing the turn (`pass allowed`), where the rules allow it.
    pub(crate) fn pass_move<S: Sink>(&self, out: &mut S) {
        if self.engine.game.pass_allowed {
            self.turn_pass(out);
        } else if self.rules.bonus_pending
            && self
                .engine
                .game
                .bonus_turn
                .as_ref()
                .is_some_and(|b| b.may_pass)
        {
            out.add(Move::NULL);
        }
    }

    /// Passing the turn (`pass allowed`), written with the royal piece's square: legal unless the side is in
    /// check, and always with the royal pieces facing under `facing-royals must-break` (janggi's bikjang).
    #[inline(never)]
    fn turn_pass<S: Sink>(&self, out: &mut S) {
        let Some(royal) =
            self.royal[self.side.index()].or_else(|| self.royal_squares(self.side).next())
        else {
            return;
        };
        if !self.in_check() || self.must_break_facing() {
            out.add(Move::pass(royal, self.board[royal.index()].piece()));
        }
    }

    /// The moves of the piece on `from` (which must belong to the side to move).
    pub(crate) fn piece_moves<S: Sink>(&self, from: Square, out: &mut S) {
        let game = &self.engine.game;
        let piece = self.board[from.index()].piece();
        let slice = game.pieces[piece.index()].rays(self.side, self.engine.squares(), from);
        self.rays_moves(from, piece, &game.rays[slice.range()], out);
    }

    /// The rays of `piece` on `from` without its `i` moves (the last rays of the slice) when its first-move right
    /// is gone, or may not be used in check. Only pieces with [`PieceTraits::FIRST_MOVES`] call this.
    #[inline(never)]
    fn without_lapsed_first_moves(
        &self,
        from: Square,
        piece: PieceId,
        slice: RaySlice,
    ) -> RaySlice {
        let Some(unmoved) = &self.engine.game.pieces[piece.index()].unmoved else {
            return slice;
        };
        let tail = unmoved.tail[self.side.index() * self.engine.squares() + from.index()];
        if tail == 0 {
            return slice;
        }
        let held = self.castling & self.engine.first_move_mask[from.index()] != 0;
        if held && !(unmoved.not_in_check && self.in_check()) {
            return slice;
        }
        RaySlice {
            start: slice.start,
            len: slice.len - u32::from(tail),
        }
    }

    /// The moves of a `piece` on `from` along `rays`: its own ([`Position::piece_moves`]) or borrowed ones. Borrowing
    /// is not done here ([`Position::piece_moves_unique`] adds it), so a borrowed borrowing ray lends nothing:
    /// borrowing goes one level deep.
    #[inline(always)]
    pub(super) fn rays_moves<S: Sink>(
        &self,
        from: Square,
        piece: PieceId,
        rays: &[Ray],
        out: &mut S,
    ) {
        // Range capture is tested once per piece, not where each slide stops: games without it pay one test.
        if self.engine.flags.range_jumps {
            self.range_rays_moves(from, piece, rays, out);
        } else {
            self.plain_rays_moves(from, piece, rays, out);
        }
    }

    /// [`Position::rays_moves`] without range capture: every slide stops at the first piece.
    #[inline(always)]
    pub(crate) fn plain_rays_moves<S: Sink>(
        &self,
        from: Square,
        piece: PieceId,
        rays: &[Ray],
        out: &mut S,
    ) {
        let game = &self.engine.game;
        for ray in rays {
            let squares = game.ray_squares(ray);
            match ray.kind {
                RayKind::Slide => {
                    for &to in squares {
                        if !self.arrive(from, to, piece, ray.flags, out) {
                            break;
                        }
                    }
                }
                RayKind::Lame => {
                    let (&to, path) = squares.split_last().expect("a ray has squares");
                    if path.iter().all(|sq| self.board[sq.index()].is_empty()) {
                        self.arrive(from, to, piece, ray.flags, out);
                    }
                }
                RayKind::Hop => {
                    let mut after_hurdle = false;
                    for &to in squares {
                        if after_hurdle {
                            if !self.arrive(from, to, piece, ray.flags, out) {
                                break;
                            }
                        } else if !self.board[to.index()].is_empty() {
                            if self.may_not_hop(piece, to) {
                                break;
                            }
                            after_hurdle = true;
                        }
                    }
                }
                RayKind::Grasshop => {
                    if let Some(h) = squares
                        .iter()
                        .position(|sq| !self.board[sq.index()].is_empty())
                    {
                        if let Some(&to) = squares.get(h + 1) {
                            if !self.may_not_hop(piece, squares[h]) {
                                self.arrive(from, to, piece, ray.flags, out);
                            }
                        }
                    }
                }
                RayKind::Chain => self.walk_chain(from, piece, ray, out),
            }
        }
    }

    /// The moves of the piece on `from` into a list, each once: the legs of a multi-leg piece may reach the same
    /// destination the same way (a Lion's jump and its two steps).
    pub(crate) fn piece_moves_unique(&self, from: Square, out: &mut MoveList) {
        let first = out.len();
        let piece = self.board[from.index()].piece();
        let traits = self.engine.traits[piece.index()];
        let game = &self.engine.game;
        let mut slice = game.pieces[piece.index()].rays(self.side, self.engine.squares(), from);
        if traits.contains(PieceTraits::FIRST_MOVES) {
            slice = self.without_lapsed_first_moves(from, piece, slice);
        }
        self.rays_moves(from, piece, &game.rays[slice.range()], out);
        if traits.contains(PieceTraits::BORROWS) {
            self.borrowed_moves(from, piece, out);
        }
        if traits.contains(PieceTraits::REPEATS_MOVES) {
            dedup_moves(out, first);
        }
    }

    /// Walks a multi-leg ray, each square as [`step`] says: a turning square may remove its piece (a locust
    /// capture) or hand the move to the friendly piece there; the final leg's squares are destinations as on a
    /// slide. The mover's own square and a removed victim's count as empty.
    ///
    /// Induction (`x` before an `a`, [`StepOutcome::Induce`]): the friendly piece on that square makes the rest of
    /// the move, so from there on the move is that piece's, from that square, and the mover's square is occupied.
    /// Borrowing ([`RayFlags::BORROW`], `x` on the last leg) is not done here: [`Position::piece_moves_unique`]
    /// adds the borrowed moves (so the walks of every other piece pay nothing for it).
    fn walk_chain<S: Sink>(&self, from: Square, piece: PieceId, ray: &Ray, out: &mut S) {
        let game = &self.engine.game;
        let us = self.side;
        let mut victim: Option<Square> = None;
        // Who makes the move and from where (the mover, or the piece it induces), and the square that counts as
        // empty because that piece leaves it.
        let (mut from, mut piece) = (from, piece);
        for (&sq, &rule) in game.ray_squares(ray).iter().zip(game.ray_rules(ray)) {
            let cell = if sq == from || Some(sq) == victim {
                Cell::EMPTY
            } else {
                self.board[sq.index()]
            };
            match step(rule, cell.occupant_for(us), || self.is_royal(cell)) {
                StepOutcome::Blocked => return,
                StepOutcome::Cross => {}
                StepOutcome::Remove => victim = Some(sq),
                StepOutcome::Induce => {
                    from = sq;
                    piece = cell.piece();
                }
                StepOutcome::Land => self.push_board_move(from, sq, piece, locust(victim), out),
                StepOutcome::Take => {
                    if ray.flags.has(RayFlags::UNLOAD) {
                        self.push_unload(from, sq, piece, ray, cell, out);
                    } else {
                        self.push_board_move(from, sq, piece, locust(victim), out);
                    }
                    return;
                }
            }
        }
    }

    /// The moves a borrower (`x` on the last leg) `piece` on `from` borrows: for each of its borrowing rays
    /// that ends on a friendly piece (the first piece on the ray, the squares before as the ray requires), that
    /// piece type's rays for the side to move from `from`, made by `piece` (its promotion rules apply). A lender's
    /// own borrowing is not lent (one level).
    #[cold]
    #[inline(never)]
    fn borrowed_moves(&self, from: Square, piece: PieceId, out: &mut MoveList) {
        let game = &self.engine.game;
        let squares = self.engine.squares();
        let slice = game.pieces[piece.index()].rays(self.side, squares, from);
        for ray in &game.rays[slice.range()] {
            if !ray.flags.has(RayFlags::BORROW) {
                continue;
            }
            if let Some(lender) = self.lender(from, ray, self.side) {
                let lent = game.pieces[lender.index()].rays(self.side, squares, from);
                self.rays_moves(from, piece, &game.rays[lent.range()], out);
            }
        }
    }

    /// Is the piece in this (occupied) cell royal?
    #[inline]
    pub(crate) fn is_royal(&self, cell: Cell) -> bool {
        self.engine.game.pieces[cell.piece().index()].royal
    }

    /// An unloading capture (`u`) of the piece `cell` on `to` along the chain `ray`: the victim goes where
    /// the capturing leg starts, the last empty turning square ([`StepRule::TURN_EMPTY`]) of a multi-leg move, or
    /// `from` for a single leg. The last leg has no empty turn of its own (its lame squares pass, its must-jump and
    /// hop squares are hurdles) and the compiler allows `u` only after an empty turn, so the last empty turn of
    /// the chain is that square; looking it up here keeps it out of the chain walk. Not when the victim could
    /// never move again from there.
    fn push_unload<S: Sink>(
        &self,
        from: Square,
        to: Square,
        piece: PieceId,
        ray: &Ray,
        cell: Cell,
        out: &mut S,
    ) {
        let game = &self.engine.game;
        let square = game
            .ray_rules(ray)
            .iter()
            .rposition(|&rule| rule == StepRule::TURN_EMPTY)
            .map_or(from, |i| game.ray_squares(ray)[i]);
        let victim = &game.pieces[cell.piece().index()];
        if victim.dead[cell.side().index()].contains(square) {
            return;
        }
        let kind = MoveKind::Unload { square };
        self.push_board_move(from, to, piece, kind, out);
    }

    /// Adds the move(s) of arriving on `to` as `flags` allow; returns whether a slide may continue past `to`.
    #[inline(always)]
    pub(crate) fn arrive<S: Sink>(
        &self,
        from: Square,
        to: Square,
        piece: PieceId,
        flags: RayFlags,
        out: &mut S,
    ) -> bool {
        let cell = self.board[to.index()];
        if cell.is_empty() {
            if flags.has(RayFlags::MOVE) {
                let kind = if flags.has(RayFlags::CREATES_EP) {
                    MoveKind::CreatesEp
                } else {
                    MoveKind::Normal
                };
                self.push_board_move(from, to, piece, kind, out);
            } else if flags.has(RayFlags::EN_PASSANT) {
                if let Some(ep) = self.ep.filter(|ep| ep.is_target(to)) {
                    self.push_board_move(
                        from,
                        to,
                        piece,
                        MoveKind::EnPassant { victim: ep.victim },
                        out,
                    );
                }
            }
            true
        } else {
            // A wall reads as a piece of one side here; `pseudo_moves` drops the "captures" of walls, so that
            // games without walls pay nothing for them on this path.
            if flags.has(RayFlags::CAPTURE) && cell.side() != self.side {
                self.push_board_move(from, to, piece, MoveKind::Normal, out);
            }
            false
        }
    }

    /// Pushes a board move with each promotion it may or must make.
    #[inline(always)]
    fn push_board_move<S: Sink>(
        &self,
        from: Square,
        to: Square,
        piece: PieceId,
        kind: MoveKind,
        out: &mut S,
    ) {
        let us = self.side;
        let ty = &self.engine.game.pieces[piece.index()];
        // Out of line only where a line may fire: a piece's ordinary moves stay on this path.
        if ty.promotion_reach[us.index()].may_fire(from, to) {
            self.push_promotions(Move::board(from, to, piece, kind), out);
        } else if !ty.dead[us.index()].contains(to) {
            // A piece may never stand where it could not move again.
            out.add(Move::board(from, to, piece, kind));
        }
    }

    pub(crate) fn drop_moves(&self, out: &mut MoveList) {
        let game = &self.engine.game;
        let us = self.side;
        let geometry = game.geometry;
        // `drop opposite-colours`: the counts of each such type, taken once per call (other games skip this).
        let storage;
        let balances: &[ColourBalance] = if self.engine.colour_bound.is_empty() {
            &[]
        } else {
            storage = self.colour_balances(us);
            &storage[..self.engine.colour_bound.len()]
        };
        for (p, &count) in self.hands[us.index()].iter().enumerate() {
            if count == 0 {
                continue;
            }
            let piece = PieceId(p as u16);
            let ty = &game.pieces[p];
            let Some(rule) = &ty.drop else { continue };
            let blocked_files = match rule.per_file {
                Some(limit) => self.full_files(piece, us, limit),
                None => 0,
            };
            for to in geometry.all() {
                if !self.board[to.index()].is_empty()
                    || rule.forbidden[us.index()].contains(to)
                    || blocked_files >> geometry.file(to) & 1 != 0
                    || !balances.is_empty() && !self.keeps_colour_balance(balances, piece, to)
                {
                    continue;
                }
                if !ty.dead[us.index()].contains(to) {
                    out.push(Move {
                        from: to,
                        to,
                        piece,
                        kind: MoveKind::Drop,
                        promotion: None,
                        extra: None,
                    });
                }
                // `drop either-form`: the held piece may come in as its promoted form too.
                if let Some(promoted) = rule.as_promoted {
                    if !game.pieces[promoted.index()].dead[us.index()].contains(to) {
                        out.push(Move {
                            from: to,
                            to,
                            piece,
                            kind: MoveKind::Drop,
                            promotion: Some(promoted),
                            extra: None,
                        });
                    }
                }
            }
        }
    }

    /// Does a drop of `piece` on `to` by the side to move keep the `drop opposite-colours` types on both colours?
    /// (Generation leaves out the drops that do not; the rule tests' explanations ask.)
    pub(crate) fn drop_keeps_colour_balance(&self, piece: PieceId, to: Square) -> bool {
        let balances = self.colour_balances(self.side);
        self.keeps_colour_balance(&balances[..self.engine.colour_bound.len()], piece, to)
    }

    /// `side`'s counts of every `drop opposite-colours` type, in the first `colour_bound.len()` slots.
    fn colour_balances(&self, side: Side) -> [ColourBalance; MAX_COLOUR_BOUND] {
        let mut balances = [ColourBalance::default(); MAX_COLOUR_BOUND];
        for (balance, &piece) in balances.iter_mut().zip(&self.engine.colour_bound) {
            *balance = self.colour_balance(side, piece);
        }
        balances
    }

    /// `side`'s count of a `drop opposite-colours` type: held and on the board, on the board per square colour,
    /// and per colour the squares that hold one or where one could be dropped now.
    fn colour_balance(&self, side: Side, piece: PieceId) -> ColourBalance {
        let game = &self.engine.game;
        let g = game.geometry;
        let ty = &game.pieces[piece.index()];
        let rule = ty.drop.as_ref().expect("a dropped type");
        let on_board = self.counts[piece.index() * 2 + side.index()];
        let mut balance = ColourBalance {
            piece,
            total: self.hands[side.index()][piece.index()].saturating_add(on_board),
            ..ColourBalance::default()
        };
        if balance.total == 0 {
            return balance;
        }
        for &sq in &self.lists[side.index()] {
            if self.board[sq.index()].piece() == piece {
                balance.on[g.colour(sq)] += 1;
            }
        }
        balance.room = balance.on;
        for sq in g.all() {
            if self.board[sq.index()].is_empty() && droppable(ty, rule, side, sq) {
                balance.room[g.colour(sq)] += 1;
            }
        }
        balance
    }

    /// Does a drop of `piece` on `to` keep every `drop opposite-colours` type spread over both colours
    /// (Fairy-Stockfish's `dropOppositeColoredBishop`)? A drop of such a type may not bring more than half of them,
    /// rounded up, onto one colour; a drop of another piece must leave each colour room for half of them, rounded
    /// down, counting those already there.
    fn keeps_colour_balance(&self, balances: &[ColourBalance], piece: PieceId, to: Square) -> bool {
        let game = &self.engine.game;
        let us = self.side;
        let colour = game.geometry.colour(to);
        balances.iter().all(|b| {
            if b.total == 0 {
                true
            } else if b.piece == piece {
                b.on[colour] < b.total.div_ceil(2)
            } else {
                let ty = &game.pieces[b.piece.index()];
                let rule = ty.drop.as_ref().expect("a dropped type");
                let mut room = b.room;
                if droppable(ty, rule, us, to) {
                    room[colour] -= 1;
                }
                room.iter().all(|&r| r >= b.total / 2)
            }
        })
    }

    /// A bit per file already holding `limit` pieces of this exact type and side (the per-file drop limit).
    pub(crate) fn full_files(&self, piece: PieceId, side: Side, limit: u16) -> u64 {
        let geometry = self.engine.game.geometry;
        let mut counts = [0u16; 64];
        let mut files = 0u64;
        for &sq in &self.lists[side.index()] {
            if self.board[sq.index()].piece() == piece {
                let file = geometry.file(sq) as usize;
                counts[file] += 1;
                if counts[file] >= limit {
                    files |= 1 << file;
                }
            }
        }
        files
    }

    pub(crate) fn castling_moves(&self, out: &mut MoveList) {
        let game = &self.engine.game;
        for &index in &self.engine.castlings[self.side.index()] {
            let castling = &game.castlings[index as usize];
            if self.castling >> castling.right & 1 == 0 {
                continue;
            }
            let king = self.board[castling.king_from.index()];
            let rook = self.board[castling.rook_from.index()];
            // The right holds while king and partner have not moved, but under fixed-file castling it has one
            // castling per square the king may stand on: the king's square must hold the castling piece.
            let castles = game.castling_rights[castling.right].king;
            if !king.is(self.side) || king.piece() != castles || !rook.is(self.side) {
                continue;
            }
            let free = |sq: Square| {
                sq == castling.king_from
                    || sq == castling.rook_from
                    || self.board[sq.index()].is_empty()
            };
            if castling.empty.iter().all(|&sq| free(sq))
                && free(castling.king_to)
                && free(castling.rook_to)
            {
                out.push(Move {
                    from: castling.king_from,
                    to: castling.move_to,
                    piece: king.piece(),
                    kind: MoveKind::Castle { index },
                    promotion: None,
                    extra: None,
                });
            }
        }
    }
}

/// Removes from `out[first..]` the moves equal to an earlier one there (keeping the e.p.-creating form). Out of
/// line: only pieces whose legs can repeat a move, and games with induction, need it.
#[inline(never)]
pub(super) fn dedup_moves(out: &mut MoveList, first: usize) {
    let mut i = first;
    while i < out.len() {
        let mv = out[i];
        match out[first..i]
            .iter()
            .position(|earlier| same_move(earlier, &mv))
        {
            Some(j) => {
                // The same move made as a double step creates the e.p. target: keep that form.
                if mv.kind == MoveKind::CreatesEp {
                    out[first + j] = mv;
                }
                out.remove(i);
            }
            None => i += 1,
        }
    }
}

/// Two generated moves that a player could not tell apart: a double step and the same step by a rider are one move.
fn same_move(a: &Move, b: &Move) -> bool {
    let plain = |kind: MoveKind| match kind {
        MoveKind::CreatesEp => MoveKind::Normal,
        kind => kind,
    };
    a.from == b.from && a.to == b.to && a.promotion == b.promotion && plain(a.kind) == plain(b.kind)
}

/// The kind of a chain move that has removed `victim` on the way, if any.
#[inline]
fn locust(victim: Option<Square>) -> MoveKind {
    match victim {
        Some(victim) => MoveKind::Locust { victim },
        None => MoveKind::Normal,
    }
}

/// A `drop opposite-colours` type's counts for one side, per square colour ([`crate::rules::Geometry::colour`]).
#[derive(Clone, Copy, Default)]
pub(crate) struct ColourBalance {
    piece: PieceId,
    /// Held and on the board.
    total: u16,
    /// On the board.
    on: [u16; 2],
    /// On the board, or empty squares where one may be dropped.
    room: [u16; 2],
}

/// May a piece of this type be dropped on the empty square `sq` by `side` (its zones and dead squares)?
pub(crate) fn droppable(
    ty: &crate::rules::PieceType,
    rule: &crate::rules::DropRule,
    side: Side,
    sq: Square,
) -> bool {
    !rule.forbidden[side.index()].contains(sq) && !ty.dead[side.index()].contains(sq)
}
