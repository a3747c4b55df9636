//! Range capture (`jumps-lower`, Tenjiku Shogi's jumping generals): a slide that meets a piece of lower rank
//! (`rank-order`) passes over it; and jumping slides (`jumps-over`, Taikyoku's Great Hawk), which pass any piece. Move generation calls in here once per piece in a game with such a piece
//! ([`super::super::flags::RuleFlags::range_jumps`]), attack detection only where a slide of such a game meets a
//! piece, so other games pay one flag test per piece generated and per blocked slide tested.
use crate::engine::moves::{Move, MoveKind, Sink};
use crate::engine::Position;
use crate::rules::{JumpLine, JumpsLower, PieceId, Ray, RayFlags, RayKind, Side, Square};

impl Position<'_> {
    /// The moves of `piece` on `from` along `rays` in a game with range capture: a jumper's slides go on past
    /// the pieces it may pass; every other ray, and every ray of another piece, is walked as usual.
    #[cold]
    #[inline(never)]
    pub(crate) fn range_rays_moves<S: Sink>(
        &self,
        from: Square,
        piece: PieceId,
        rays: &[Ray],
        out: &mut S,
    ) {
        let game = &self.engine.game;
        let mover = &game.pieces[piece.index()];
        if mover.jumps_lower.is_none() && mover.jumps_over.is_none() {
            return self.plain_rays_moves(from, piece, rays, out);
        }
        for ray in rays {
            let one = std::slice::from_ref(ray);
            if ray.kind != RayKind::Slide {
                self.plain_rays_moves(from, piece, one, out);
                continue;
            }
            if let Some(line) = game.jumps_along(piece, self.side, ray) {
                self.jump_any_moves(from, piece, (ray, line), out);
                continue;
            }
            match mover.jumps_lower {
                None => self.plain_rays_moves(from, piece, one, out),
                // Only its unlimited slides pass and take; a limited slide stops at the first piece.
                Some(JumpsLower::TakingPassed) if mover.sweeping_sources.contains(&ray.source) => {
                    self.sweep_moves(from, piece, ray, out)
                }
                Some(JumpsLower::TakingPassed) => self.plain_rays_moves(from, piece, one, out),
                Some(how) => {
                    let mut line = game.ray_squares(ray).iter();
                    while let Some(&to) = line.next() {
                        if !self.arrive(from, to, piece, ray.flags, out) {
                            if self.passable(to, mover.rank) {
                                self.jump_lower(
                                    from,
                                    piece,
                                    (ray.flags, how),
                                    line.as_slice(),
                                    out,
                                );
                            }
                            break;
                        }
                    }
                }
            }
        }
    }

    /// The moves of a jumping slide (`jumps-over`): every square of the line as the slide's flags allow (an empty
    /// one, an enemy piece taken), passing over every piece (only enemy ones under `enemies`: a friendly one ends
    /// the line), which stays (or is taken, under `taking-passed`: `make` removes it); a wall ends it. A limited
    /// line passes pieces only within its first `within` squares: past one, the slide stops at the last of them.
    fn jump_any_moves<S: Sink>(
        &self,
        from: Square,
        piece: PieceId,
        (ray, line): (&Ray, JumpLine),
        out: &mut S,
    ) {
        let enemies = self.engine.game.pieces[piece.index()]
            .jumps_over
            .as_ref()
            .is_some_and(|j| j.enemies);
        let within = line.within.map_or(usize::MAX, usize::from);
        let mut passed = false;
        for (k, &to) in self.engine.game.ray_squares(ray).iter().enumerate() {
            let cell = self.board[to.index()];
            if cell.is_wall() || passed && k >= within {
                return;
            }
            let occupant = cell.occupant();
            if enemies && occupant.is_some_and(|(_, side)| side == self.side) {
                return;
            }
            self.arrive(from, to, piece, ray.flags, out);
            if occupant.is_some() {
                if k + 1 >= within {
                    return;
                }
                passed = true;
            }
        }
    }

    /// A slide of `piece` from `from` passed over a piece of lower rank: it goes on along `beyond`, each square a
    /// destination as the slide's `flags` say (only enemy pieces under `to-capture`), until a piece it may not
    /// pass.
    fn jump_lower<S: Sink>(
        &self,
        from: Square,
        piece: PieceId,
        (flags, how): (RayFlags, JumpsLower),
        beyond: &[Square],
        out: &mut S,
    ) {
        let rank = self.engine.game.pieces[piece.index()].rank;
        for &to in beyond {
            if self.board[to.index()].is_empty() {
                if how == JumpsLower::AnyMove {
                    self.arrive(from, to, piece, flags, out);
                }
                continue;
            }
            self.arrive(from, to, piece, flags, out);
            if !self.passable(to, rank) {
                return;
            }
        }
    }

    /// The moves of a slide of `piece` that takes what it passes (`taking-passed`): every empty square and every
    /// enemy piece of lower rank along the line, as the slide's flags allow, until a piece it may not pass (of
    /// equal or higher rank, or a wall), which ends the line untaken. Its own pieces of lower rank are passed, not
    /// landed on; `make` removes every piece between the squares the move leaves and reaches.
    fn sweep_moves<S: Sink>(&self, from: Square, piece: PieceId, ray: &Ray, out: &mut S) {
        let rank = self.engine.game.pieces[piece.index()].rank;
        for &to in self.engine.game.ray_squares(ray) {
            if !self.board[to.index()].is_empty() && !self.passable(to, rank) {
                return;
            }
            self.arrive(from, to, piece, ray.flags, out);
        }
    }

    /// May a slide (`ray`) of `piece` end on `target` once it has reached it? Only an unlimited slide of a piece
    /// that takes what it passes (`taking-passed`) is refused one: a piece it may not pass. Attack detection asks it in games with range
    /// capture.
    #[cold]
    #[inline(never)]
    pub(crate) fn slide_lands(&self, piece: PieceId, ray: &Ray, target: Square) -> bool {
        let mover = &self.engine.game.pieces[piece.index()];
        mover.jumps_lower != Some(JumpsLower::TakingPassed)
            || self.board[target.index()].is_empty()
            || !mover.sweeping_sources.contains(&ray.source)
            || self.passable(target, mover.rank)
    }

    /// The line a move of a piece that takes what it passes (`taking-passed`) sweeps: the first square after
    /// `mv.from` toward `mv.to` and the step between squares, when `mv` goes at least two squares along one of the
    /// piece's slides that take (a range capturer's unlimited slide, or a jumping line of `jumps-over …
    /// taking-passed`) over nothing that slide may not pass (a leap, the Vice General's `D`, takes nothing it
    /// jumps); `None` otherwise. The squares it swept being empty after the move, `unmake` may ask it too.
    pub(in crate::engine) fn swept_line(&self, mv: &Move, us: Side) -> Option<(i32, i32)> {
        let game = &self.engine.game;
        let mover = &game.pieces[mv.piece.index()];
        let range_sweeps = mover.jumps_lower == Some(JumpsLower::TakingPassed);
        let jump_sweeps = mover.jumps_over.as_ref().is_some_and(|j| j.taking_passed);
        if !(range_sweeps || jump_sweeps) || !matches!(mv.kind, MoveKind::Normal) {
            return None;
        }
        let g = game.geometry;
        let (dx, dy) = (
            g.file(mv.to) - g.file(mv.from),
            g.rank(mv.to) - g.rank(mv.from),
        );
        let n = dx.abs().max(dy.abs());
        if n < 2 || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
            return None;
        }
        let step = (dx.signum(), dy.signum());
        let first = g.square(g.file(mv.from) + step.0, g.rank(mv.from) + step.1)?;
        // Over a piece the slide may not pass, the move can only be a leap's (`QD` over a higher piece): it takes
        // nothing in passing. (After the move, in `unmake`, the squares it swept are empty.)
        // The squares between, walked again by each test rather than collected: `make` asks this on every board
        // move of such a game.
        let between = || {
            (1..n).filter_map(move |k| {
                g.square(g.file(mv.from) + step.0 * k, g.rank(mv.from) + step.1 * k)
            })
        };
        let occupants = || between().filter_map(|sq| self.board[sq.index()].occupant());
        let range_passes = || {
            between().all(|sq| self.board[sq.index()].is_empty() || self.passable(sq, mover.rank))
        };
        let enemies = mover.jumps_over.as_ref().is_some_and(|j| j.enemies);
        let jump_passes = |within: Option<u16>| {
            !between().any(|sq| self.board[sq.index()].is_wall())
                && (!enemies || occupants().all(|(_, side)| side != us))
                && (occupants().next().is_none() || within.is_none_or(|w| n <= i32::from(w)))
        };
        let slice = mover.rays(us, self.engine.squares(), mv.from);
        game.rays[slice.range()]
            .iter()
            .any(|ray| {
                let line = game.ray_squares(ray);
                if ray.kind != RayKind::Slide
                    || line.first() != Some(&first)
                    || !line.contains(&mv.to)
                {
                    return false;
                }
                match game.jumps_along(mv.piece, us, ray) {
                    Some(jumping) => jump_sweeps && jump_passes(jumping.within),
                    None => {
                        range_sweeps
                            && mover.sweeping_sources.contains(&ray.source)
                            && range_passes()
                    }
                }
            })
            .then_some(step)
    }

    /// Calls `f` with each piece a move would take in passing (`jumps-lower taking-passed`; none in other games,
    /// which pay one flag test): the pieces between its squares, of either side. For the search's valuation of
    /// captures; `make` removes them.
    pub fn for_each_swept(&self, mv: &Move, mut f: impl FnMut(PieceId, Side)) {
        if !self.engine.flags.range_jumps || mv.is_drop() {
            return;
        }
        let Some((sx, sy)) = self.swept_line(mv, self.side) else {
            return;
        };
        let g = self.engine.game.geometry;
        let (mut file, mut rank) = (g.file(mv.from) + sx, g.rank(mv.from) + sy);
        while let Some(sq) = g.square(file, rank).filter(|&sq| sq != mv.to) {
            if let Some((piece, side)) = self.board[sq.index()].occupant() {
                f(piece, side);
            }
            (file, rank) = (file + sx, rank + sy);
        }
    }

    /// May `piece` reach the square after `path` along its slide `ray`, passing over every piece on `path`
    /// (`vacated` counting as empty)? Attack detection asks it for a slide that meets a piece.
    #[cold]
    #[inline(never)]
    pub(crate) fn jumps_path(
        &self,
        (piece, side): (PieceId, Side),
        ray: &Ray,
        path: &[Square],
        vacated: Square,
    ) -> bool {
        let game = &self.engine.game;
        let mover = &game.pieces[piece.index()];
        // A jumping slide (`jumps-over`) passes any piece (only the target's side's under `enemies`) within its
        // reach; a wall stops it.
        if let Some(line) = game.jumps_along(piece, side, ray) {
            let enemies = mover.jumps_over.as_ref().is_some_and(|j| j.enemies);
            let mut passed = path
                .iter()
                .filter(|&&sq| sq != vacated)
                .map(|&sq| self.board[sq.index()]);
            let within = line.within.map_or(usize::MAX, usize::from);
            return passed.clone().all(|cell| {
                !cell.is_wall() && (!enemies || cell.occupant().is_none_or(|(_, s)| s != side))
            }) && (passed.all(|cell| cell.is_empty()) || path.len() < within);
        }
        let jumps = match mover.jumps_lower {
            None => false,
            Some(JumpsLower::TakingPassed) => mover.sweeping_sources.contains(&ray.source),
            Some(_) => true,
        };
        jumps
            && path.iter().all(|&sq| {
                sq == vacated || self.board[sq.index()].is_empty() || self.passable(sq, mover.rank)
            })
    }

    /// Is the piece on the occupied square `sq` of lower rank than `rank`? A wall has no rank: it is never passed.
    #[inline]
    fn passable(&self, sq: Square, rank: u16) -> bool {
        let cell = self.board[sq.index()];
        !cell.is_wall() && self.engine.game.pieces[cell.piece().index()].rank < rank
    }
}
