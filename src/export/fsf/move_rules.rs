//! The game-wide move rules as FSF says them: walls and petrification.
use super::Writer;
use crate::rules::{PromotionTrigger, SquareSet, WallPlacement, Walls};

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
    /// board as it is, walls included (a pawn in front of a wall is stuck), tatsu by its moves on an empty board.
    /// In a game with walls they agree only where the rule never decides: where every square a piece could never
    /// leave is one where each arrival must promote (`mandatory`, on any move ending there). Then the option is
    /// written off; otherwise the difference is named.
    pub(super) fn immobility_illegal(&mut self) -> bool {
        let game = self.game;
        if game.dead_squares_allowed {
            return false;
        }
        if game.walls.is_none() {
            return true;
        }
        let promotes_on_arrival = |p: &crate::rules::PieceType, side: usize, sq| {
            p.promotions.iter().any(|line| {
                line.mandatory
                    && line.side.is_none_or(|s| s.index() == side)
                    && matches!(
                        line.trigger,
                        PromotionTrigger::Destination | PromotionTrigger::StartOrDestination
                    )
                    && game.zone(line.zone).squares[side].contains(sq)
            })
        };
        for p in &game.pieces {
            for side in 0..2 {
                let open = p.dead[side]
                    .iter()
                    .find(|&sq| !promotes_on_arrival(p, side, sq));
                if let Some(sq) = open {
                    self.lossy.push(format!(
                        "the dead-square rule with walls: the {} could never move again from {}; FSF's \
                         immobilityIllegal also counts the walls around a square, which tatsu's rule does not",
                        p.name,
                        game.geometry.name(sq)
                    ));
                    return true;
                }
            }
        }
        false
    }
}
