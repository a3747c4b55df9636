//! The walls a move leaves (games with `walls`): each move the rules of movement allow becomes one move per
//! square it may wall. Games without walls never call in here.
use crate::engine::moves::{Move, MoveKind, MoveList};
use crate::engine::tables::PieceTraits;
use crate::engine::Position;
use crate::rules::{RayFlags, RayKind, Square, WallPlacement};

impl Position<'_> {
    /// The walls of a game with walls, on the moves of `out`: the "captures" of walls that the generator's hot
    /// path lets through are dropped (a wall is nobody's), then every move gets the wall it leaves.
    #[inline(never)]
    pub(crate) fn add_walls(&self, out: &mut MoveList) {
        out.retain(|mv| mv.is_drop() || !self.board[mv.to.index()].is_wall());
        if let Some(placement) = self.engine.flags.wall_placement {
            self.leave_walls(out, 0, placement);
        }
    }

    /// Rewrites the moves `out[first..]` as walling moves: each with the square it walls (`Past`), or once per
    /// square it may wall (`Placed`, `Shot`). A move with nowhere to put its wall is not a move. The list grows
    /// in place and the originals are drained, so nothing is allocated once the list is warm.
    fn leave_walls(&self, out: &mut MoveList, first: usize, placement: WallPlacement) {
        let end = out.len();
        for i in first..end {
            let mv = out[i];
            if mv.kind == MoveKind::Pass {
                out.push(mv);
                continue;
            }
            match placement {
                WallPlacement::Past => out.push(mv.walling(mv.from)),
                WallPlacement::Placed(_) | WallPlacement::Duck => {
                    let zone = placement.zone();
                    let game = &self.engine.game;
                    for sq in game.geometry.all() {
                        if zone.is_none_or(|z| game.zone(z).contains(self.side, sq))
                            && self.empty_after(&mv, sq)
                            && !game.holes.contains(sq)
                        {
                            out.push(mv.walling(sq));
                        }
                    }
                }
                WallPlacement::Shot => self.shots(mv, out),
            }
        }
        out.drain(first..end);
    }

    /// Is `sq` empty once `mv` is made? The mover's square and a victim's are vacated, the destination is taken
    /// (by the mover, or by its wall when it is petrified); a castling vacates the king's and the partner's
    /// squares and takes their destinations.
    #[inline]
    fn empty_after(&self, mv: &Move, sq: Square) -> bool {
        let now = self.board[sq.index()].is_empty();
        match mv.kind {
            MoveKind::Castle { index } => {
                let c = &self.engine.game.castlings[index as usize];
                sq != c.king_to
                    && sq != c.rook_to
                    && (sq == c.king_from || sq == c.rook_from || now)
            }
            MoveKind::Unload { square } if sq == square => false,
            _ => sq != mv.to && (sq == mv.from || mv.kind.victim() == Some(sq) || now),
        }
    }

    /// The walls the piece of `mv` may shoot from its destination: every square it could move to from there
    /// without capturing, on the board as the move leaves it, each once. The compiler allows `walls shot` only for
    /// pieces whose moves without capture are slides and lame leaps.
    fn shots(&self, mv: Move, out: &mut MoveList) {
        let game = &self.engine.game;
        let slice = game.pieces[mv.piece.index()].rays(self.side, self.engine.squares(), mv.to);
        // Two of the piece's moves may reach one square (`GQ`: a leap and a slide): one shot there, as the move
        // list holds one move there. Only such pieces pay for the look back.
        let repeats = self.engine.traits[mv.piece.index()].contains(PieceTraits::REPEATS_MOVES);
        let first = out.len();
        let shoot = |out: &mut MoveList, sq: Square| {
            let shot = mv.walling(sq);
            if !repeats || !out[first..].contains(&shot) {
                out.push(shot);
            }
        };
        for ray in &game.rays[slice.range()] {
            if !ray.flags.has(RayFlags::MOVE) {
                continue;
            }
            let squares = game.ray_squares(ray);
            match ray.kind {
                RayKind::Slide => {
                    for &sq in squares {
                        if !self.empty_after(&mv, sq) {
                            break;
                        }
                        shoot(out, sq);
                    }
                }
                RayKind::Lame => {
                    if squares.iter().all(|&sq| self.empty_after(&mv, sq)) {
                        let &sq = squares.last().expect("a ray has squares");
                        shoot(out, sq);
                    }
                }
                // Refused by the compiler.
                RayKind::Hop | RayKind::Grasshop | RayKind::Chain => {}
            }
        }
    }
}
