//! Is a square attacked? Answered from the reverse tables of [`Engine`]: for each enemy piece type present, one
//! bit-set intersection rejects it at once, and only real candidates have their ray checked for blockers.
use super::Position;
use crate::rules::{PieceId, RayKind, Side, Square};

impl Position<'_> {
    /// Could a piece of `attacker` capture on `target` if it were its move (zone-dependent moves included)?
    pub fn is_attacked(&self, target: Square, attacker: Side) -> bool {
        let engine = self.engine;
        let words = engine.words;
        for p in 0..engine.game.pieces.len() {
            let piece = PieceId(p as u16);
            let slot = engine.slot(attacker, target, piece);
            let occ = &self.occupancy[self.occupancy_slot(attacker, piece)..][..words];
            let reach = &engine.reach[slot * words..][..words];
            if occ.iter().zip(reach).all(|(o, r)| o & r == 0) {
                continue;
            }
            let (start, end) = engine.entry_ranges[slot];
            for entry in &engine.entries[start as usize..end as usize] {
                let from = entry.from.index();
                if occ[from / 64] >> (from % 64) & 1 == 0 {
                    continue;
                }
                let ray = &engine.game.rays[entry.ray as usize];
                let path = &engine.game.ray_squares(ray)[..entry.pos as usize];
                if self.ray_reaches(ray.kind, path) {
                    return true;
                }
            }
        }
        false
    }

    /// Given the squares a ray crosses before a destination, may the piece arrive there?
    #[inline]
    fn ray_reaches(&self, kind: RayKind, path: &[Square]) -> bool {
        let occupied = |sq: &Square| !self.board[sq.index()].is_empty();
        match kind {
            RayKind::Slide | RayKind::Lame => !path.iter().any(occupied),
            RayKind::Hop => path.iter().filter(|s| occupied(s)).count() == 1,
            RayKind::Grasshop => match path.split_last() {
                Some((hurdle, before)) => occupied(hurdle) && !before.iter().any(occupied),
                None => false,
            },
        }
    }

    /// Is the side to move's royal piece attacked?
    pub fn in_check(&self) -> bool {
        self.side_in_check(self.side)
    }

    pub fn side_in_check(&self, side: Side) -> bool {
        match self.royal[side.index()] {
            Some(sq) => self.is_attacked(sq, side.opponent()),
            None => false,
        }
    }
}
