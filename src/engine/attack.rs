//! Is a square attacked? Answered from the reverse tables of [`Engine`]: for each enemy piece type present, one
//! bit-set intersection rejects it at once, and only real candidates have their ray checked for blockers.
use super::{Cell, Position};
use crate::rules::{PieceId, Ray, RayFlags, RayKind, Side, Square, StepRole};

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
                let reaches = if ray.kind == RayKind::Chain {
                    self.chain_reaches(entry.from, ray, entry.pos as usize, attacker)
                } else {
                    self.ray_reaches(
                        ray.kind,
                        &engine.game.ray_squares(ray)[..entry.pos as usize],
                    )
                };
                if reaches {
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
            RayKind::Chain => unreachable!("chains are checked by chain_reaches"),
        }
    }

    /// May a multi-leg ray of an `attacker` piece on `from` capture on its square number `pos`? Every square before
    /// must hold what its role requires; a capture on a turning square (a locust capture) also needs the rest of the
    /// move to have somewhere to end.
    fn chain_reaches(&self, from: Square, ray: &Ray, pos: usize, attacker: Side) -> bool {
        let game = &self.engine.game;
        let mut victim: Option<Square> = None;
        for (i, (&sq, &role)) in game
            .ray_squares(ray)
            .iter()
            .zip(game.ray_roles(ray))
            .enumerate()
        {
            if i == pos {
                if role == StepRole::Dest {
                    return true;
                }
                victim = Some(sq);
                continue;
            }
            let cell = if sq == from || Some(sq) == victim {
                Cell::EMPTY
            } else {
                self.board[sq.index()]
            };
            match role {
                StepRole::Pass | StepRole::TurnEmpty if !cell.is_empty() => return false,
                StepRole::TurnCapture if cell.is_empty() || cell.is(attacker) => return false,
                StepRole::TurnCapture => victim = Some(sq),
                StepRole::TurnHop if cell.is_empty() => return false,
                StepRole::TurnEither if cell.is(attacker) => return false,
                StepRole::TurnEither if !cell.is_empty() => victim = Some(sq),
                StepRole::Dest if i < pos && !cell.is_empty() => return false,
                StepRole::Dest if i < pos => {}
                StepRole::Dest => {
                    return if cell.is_empty() {
                        ray.flags.has(RayFlags::MOVE)
                    } else {
                        ray.flags.has(RayFlags::CAPTURE) && !cell.is(attacker)
                    };
                }
                _ => {}
            }
        }
        false
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
