//! Range capture (`jumps-lower`, Tenjiku Shogi's jumping generals): a slide that meets a piece of lower rank
//! (`rank-order`) passes over it. Move generation calls in here once per piece in a game with such a piece
//! ([`super::super::flags::RuleFlags::range_jumps`]), attack detection only where a slide of such a game meets a
//! piece, so other games pay one flag test per piece generated and per blocked slide tested.
use crate::engine::moves::Sink;
use crate::engine::Position;
use crate::rules::{JumpsLower, PieceId, Ray, RayFlags, RayKind, Square};

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
        let Some(how) = mover.jumps_lower else {
            return self.plain_rays_moves(from, piece, rays, out);
        };
        for ray in rays {
            if ray.kind != RayKind::Slide {
                self.plain_rays_moves(from, piece, std::slice::from_ref(ray), out);
                continue;
            }
            let mut line = game.ray_squares(ray).iter();
            while let Some(&to) = line.next() {
                if !self.arrive(from, to, piece, ray.flags, out) {
                    if self.passable(to, mover.rank) {
                        self.jump_lower(from, piece, (ray.flags, how), line.as_slice(), out);
                    }
                    break;
                }
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

    /// May `piece` reach the square after `path` along one of its slides, passing over every piece on `path`
    /// (`vacated` counting as empty)? Attack detection asks it for a slide that meets a piece.
    #[cold]
    #[inline(never)]
    pub(crate) fn jumps_path(&self, piece: PieceId, path: &[Square], vacated: Square) -> bool {
        let mover = &self.engine.game.pieces[piece.index()];
        mover.jumps_lower.is_some()
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
