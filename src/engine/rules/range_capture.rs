//! Range capture (`jumps-lower`, Tenjiku Shogi's jumping generals): a slide that meets a piece of lower rank
//! (`rank-order`) passes over it. Move generation and attack detection call in here only where a slide of a game
//! with such a piece would stop at a piece ([`super::super::flags::RuleFlags::range_jumps`]), so other games and
//! the open stretches of every slide pay nothing.
use crate::engine::moves::Sink;
use crate::engine::Position;
use crate::rules::{JumpsLower, PieceId, RayFlags, Square};

impl Position<'_> {
    /// A slide of `piece` from `from` along `line` stopped at the piece on `line[0]` (which move generation has
    /// already taken if it could): if `piece` jumps over it, the slide goes on, each square a destination as
    /// the slide's `flags` say (only enemy pieces under `to-capture`), until a piece it may not pass.
    #[cold]
    #[inline(never)]
    pub(crate) fn jump_lower<S: Sink>(
        &self,
        from: Square,
        piece: PieceId,
        flags: RayFlags,
        line: &[Square],
        out: &mut S,
    ) {
        let mover = &self.engine.game.pieces[piece.index()];
        let Some(how) = mover.jumps_lower else {
            return;
        };
        let Some((&met, beyond)) = line.split_first() else {
            return;
        };
        if !self.passable(met, mover.rank) {
            return;
        }
        for &to in beyond {
            if self.board[to.index()].is_empty() {
                if how == JumpsLower::AnyMove {
                    self.arrive(from, to, piece, flags, out);
                }
                continue;
            }
            self.arrive(from, to, piece, flags, out);
            if !self.passable(to, mover.rank) {
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
