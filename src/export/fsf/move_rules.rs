//! The game-wide move rules as FSF says them: walls and petrification, explosions.
use super::{Role, Writer};
use crate::rules::{Explosions, PieceId, PromotionTrigger, SquareSet, WallPlacement, Walls};

impl Writer<'_> {
    /// `walls …` is FSF's wallingRule (its movegen.cpp: after every move a wall goes on an empty square of the
    /// mover's walling region, the square just left counting as empty): `past` is its `past` (the square left),
    /// `placed [in ZONE]` its `static` (any empty square of the region, the zone's squares per side), `shot` its
    /// `arrow` (a square the piece could move to from where it now stands), `duck` its `duck` (the one wall moves
    /// to another empty square). `petrify …` is petrifyOnCaptureTypes. FSF's walls and drops do not mix.
    pub(super) fn walls(&mut self, letters: &[char]) {
        let game = self.game;
        let Some(Walls { placement, petrify }) = &game.walls else {
            return;
        };
        let petrified: String = game
            .types_marked(petrify)
            .map(|p| letters[p.index()])
            .collect();
        if !petrified.is_empty() {
            self.set("petrifyOnCaptureTypes", petrified);
        }
        let Some(placement) = placement else {
            return;
        };
        if game.drops {
            self.lossy.push(format!(
                "`walls {}` with drops: FSF's walling rules and pieceDrops do not mix",
                placement.word()
            ));
            return;
        }
        let rule = match placement {
            WallPlacement::Past => "past",
            WallPlacement::Placed(_) => "static",
            WallPlacement::Shot => "arrow",
            WallPlacement::Duck => "duck",
        };
        self.set("wallingRule", rule);
        if let Some(zone) = placement.zone() {
            let squares: &[SquareSet; 2] = &game.zone(zone).squares;
            self.set("wallingRegionWhite", super::region(game, &squares[0]));
            self.set("wallingRegionBlack", super::region(game, &squares[1]));
        }
    }
}

impl Writer<'_> {
    /// FSF's immobilityIllegal for tatsu's dead-square rule. FSF judges a square by the piece's quiet moves on the
    /// board as it is, walls included (a pawn in front of a wall is stuck), tatsu by all its moves on an empty
    /// board (Legan chess's pawn, which only captures straight ahead, may still go where it has no quiet move). So
    /// in a game with walls, or with a piece that can capture where it cannot move quietly (`quiet_differs`,
    /// pieces::immobility), they agree only where tatsu's rule never decides: where every square a piece could
    /// never leave is one where each arrival must promote (`mandatory`, on any move ending there), in a game without
    /// drops (a drop there does not promote). Then the option is written off, as FSF's Legan chess has it;
    /// otherwise the difference is named.
    pub(super) fn immobility_illegal(&mut self) -> bool {
        let game = self.game;
        if game.dead_squares_allowed {
            return false;
        }
        let quiet_differs = std::mem::take(&mut self.quiet_differs);
        if game.walls.is_none() && quiet_differs.is_empty() {
            return true;
        }
        let Some((p, sq)) = self.deciding_dead_square() else {
            return false;
        };
        if game.walls.is_some() {
            self.lossy.push(format!(
                "the dead-square rule with walls: the {} could never move again from {}; FSF's \
                 immobilityIllegal also counts the walls around a square, which tatsu's rule does not",
                p.name,
                game.geometry.name(sq)
            ));
        }
        self.lossy.extend(quiet_differs);
        true
    }

    /// A piece and a square from which it could never move again, where tatsu's dead-square rule decides
    /// something: an arrival there that need not promote, or a drop.
    fn deciding_dead_square(&self) -> Option<(&crate::rules::PieceType, crate::rules::Square)> {
        let game = self.game;
        let promotes_on_arrival = |p: &crate::rules::PieceType, side: usize, sq| {
            !game.drops
                && p.promotions.iter().any(|line| {
                    line.mandatory
                        && line.side.is_none_or(|s| s.index() == side)
                        && matches!(
                            line.trigger,
                            PromotionTrigger::Destination | PromotionTrigger::StartOrDestination
                        )
                        && game.zone(line.zone).squares[side].contains(sq)
                })
        };
        game.pieces.iter().find_map(|p| {
            (0..2).find_map(|side| {
                p.dead[side]
                    .iter()
                    .find(|&sq| !promotes_on_arrival(p, side, sq))
                    .map(|sq| (p, sq))
            })
        })
    }
}

impl Writer<'_> {
    /// `explosions [spare …] [immune …]` is FSF's blastOnCapture (its position.cpp: a capture removes the capturer
    /// and every piece next to the capture square but FSF's pawns), blastImmuneTypes (never removed); a piece that
    /// may not capture its own type (`may-not-capture X` on the X) is mutuallyImmuneTypes.
    pub(super) fn explosions(&mut self, roles: &[Role], letters: &[char]) {
        let game = self.game;
        let mutual: String = game
            .pieces
            .iter()
            .enumerate()
            .filter(|(i, p)| p.may_not_capture.as_slice() == [PieceId(*i as u16)])
            .map(|(i, _)| letters[i])
            .collect();
        if !mutual.is_empty() {
            self.set("mutuallyImmuneTypes", mutual);
        }
        let Some(Explosions { spared, immune }) = &game.explosions else {
            return;
        };
        self.set("blastOnCapture", true);
        let is_pawn = |i: usize| matches!(roles[i], Role::Pawn);
        let spared_at = |i: usize| spared.get(i).copied().unwrap_or(false);
        if let Some(i) = (0..game.pieces.len()).find(|&i| spared_at(i) != is_pawn(i)) {
            let p = &game.pieces[i];
            let why = if spared_at(i) {
                "is spared, but FSF's blastOnCapture spares only its pawn (`fmWfcF`, promoting)"
            } else {
                "is FSF's pawn, which its blastOnCapture spares, but is not spared here"
            };
            self.lossy
                .push(format!("`explosions`: the {} {why}", p.name));
        }
        let immune: String = game
            .types_marked(immune)
            .map(|p| letters[p.index()])
            .collect();
        if !immune.is_empty() {
            self.set("blastImmuneTypes", immune);
        }
    }
}
