//! A pawn that moves by zone where one zone only adds a double step (Horde's first-rank pawns): FSF's pawn, whose
//! double step is made from every square of its doubleStepRegion.
use super::pieces::{same_moves, Role};
use super::Writer;
use crate::inspect::{initial_squares, move_sets};
use crate::rules::{PieceId, Side, SquareSet};

/// FSF's pawn as tatsu writes it: its double step made from `initial in ZONE` squares.
const PAWN: &str = "fmWfceFifmnD";
/// The same pawn in a zone where the double step is made from every square (without `i`); with or without `e` on
/// its capture (see `ep_never_there`).
const ZONE_PAWN: [&str; 2] = ["fmWfceFfmnD", "fmWfcFfmnD"];

impl Writer<'_> {
    /// The piece `id` as FSF's pawn, when it moves as [`PAWN`] everywhere but in one zone, where it moves as one of
    /// [`ZONE_PAWN`]: its double step is then made from the zone's squares as well as from its `initial` ones, which
    /// together are FSF's doubleStepRegion. tatsu makes en-passant targets of every lame double step of a piece
    /// that takes en passant (the zone's too), as FSF makes them of every pawn double step, so the targets agree.
    /// A zone capture without `e` says the same as FSF's (which takes en passant) where no target can ever stand
    /// in front of the zone. None (and nothing said) for any other piece.
    pub(super) fn zoned_pawn(&mut self, id: PieceId) -> Option<Role> {
        let game = self.game;
        let p = game.piece(id);
        if p.royal || crate::export::written_promotion(p).is_none() {
            return None;
        }
        let sets = move_sets(game, id);
        let [zoned, elsewhere] = sets.as_slice() else {
            return None;
        };
        let zone = zoned.zone?;
        if elsewhere.zone.is_some() || !same_moves(&elsewhere.betza, PAWN) {
            return None;
        }
        let with_e = same_moves(&zoned.betza, ZONE_PAWN[0]);
        if !with_e && !same_moves(&zoned.betza, ZONE_PAWN[1]) {
            return None;
        }
        let mut regions = [SquareSet::new(), SquareSet::new()];
        for side in [Side::White, Side::Black] {
            let region = &mut regions[side.index()];
            region.union_with(&initial_squares(game, id, side));
            region.union_with(&game.zone(zone).squares[side.index()]);
        }
        if !with_e && !self.ep_never_there(&regions, &game.zone(zone).squares) {
            let name = &game.zone(zone).name;
            self.lossy.push(format!(
                "the {} takes en passant except from {name}, where an en-passant target can stand in front of it; \
                 FSF's pawn takes en passant everywhere",
                p.name
            ));
        }
        self.set("doubleStep", true);
        self.initial_regions.push((p.name.clone(), regions));
        Some(Role::Pawn)
    }

    /// Can no en-passant target (a square a double step from `regions` passes over) stand where a pawn in `zone`
    /// captures (one square forward and one aside)?
    fn ep_never_there(&self, regions: &[SquareSet; 2], zone: &[SquareSet; 2]) -> bool {
        let g = self.game.geometry;
        let forward = |side: usize| if side == 0 { 1 } else { -1 };
        (0..2).all(|side| {
            let them = 1 - side;
            let targets: SquareSet = regions[them]
                .iter()
                .filter_map(|s| g.square(g.file(s), g.rank(s) + forward(them)))
                .collect();
            zone[side].iter().all(|s| {
                [-1, 1].iter().all(|df| {
                    g.square(g.file(s) + df, g.rank(s) + forward(side))
                        .is_none_or(|t| !targets.contains(t))
                })
            })
        })
    }
}
