//! A pawn that moves by zone where one zone only adds a double step (Horde's first-rank pawns): FSF's pawn, whose
//! double step is made from every square of its doubleStepRegion.
use super::pieces::{same_moves, Role};
use super::Writer;
use crate::inspect::{initial_squares, move_sets};
use crate::rules::{Game, PieceId, Side, Square, SquareSet};

/// FSF's pawn as tatsu writes it: its double step made from `initial in ZONE` squares.
const PAWN: &str = "fmWfceFifmnD";
/// The same pawn in a zone where the double step is made from every square (without `i`): (moves, whether its
/// capture has `e`, whether its double step makes en-passant targets). A lame leap (`nD`) makes targets as FSF's
/// double step does; a slide of two (`W2`) makes none, which FSF says by leaving the squares it passes over out of
/// enPassantRegion (as its built-in horde does for the second rank). Without `e`, see `ep_never_there`.
const ZONE_PAWN: [(&str, bool, bool); 4] = [
    ("fmWfceFfmnD", true, true),
    ("fmWfcFfmnD", false, true),
    ("fmW2fceF", true, false),
    ("fmW2fcF", false, false),
];

/// The square one step forward of `s` for `side`, if on the board.
fn ahead(game: &Game, s: Square, side: usize) -> Option<Square> {
    let g = game.geometry;
    let forward = if side == 0 { 1 } else { -1 };
    g.square(g.file(s), g.rank(s) + forward)
}

impl Writer<'_> {
    /// The piece `id` as FSF's pawn, when it moves as [`PAWN`] everywhere but in one zone, where it moves as one of
    /// [`ZONE_PAWN`]: its double step is then made from the zone's squares as well as from its `initial` ones, which
    /// together are FSF's doubleStepRegion. tatsu makes en-passant targets of every lame double step of a piece
    /// that takes en passant (the zone's too), as FSF makes them of every pawn double step, so the targets agree;
    /// a zone's slide makes none (see `no_target_region`). A zone capture without `e` says the same as FSF's
    /// (which takes en passant) where no target can ever stand in front of the zone. None (and nothing said) for
    /// any other piece.
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
        let &(_, with_e, zone_targets) = ZONE_PAWN
            .iter()
            .find(|(moves, _, _)| same_moves(&zoned.betza, moves))?;
        let zone_squares = &game.zone(zone).squares;
        let mut regions = [SquareSet::new(), SquareSet::new()];
        // The squares whose double step makes en-passant targets in tatsu: the zone's own moves replace the
        // initial double step on the zone's squares.
        let mut makers = [SquareSet::new(), SquareSet::new()];
        for side in [Side::White, Side::Black] {
            let i = side.index();
            let initial = initial_squares(game, id, side);
            regions[i].union_with(&initial);
            regions[i].union_with(&zone_squares[i]);
            makers[i] = if zone_targets {
                regions[i].clone()
            } else {
                initial
                    .iter()
                    .filter(|&s| !zone_squares[i].contains(s))
                    .collect()
            };
        }
        if !with_e && !self.ep_never_there(&makers, zone_squares) {
            let name = &game.zone(zone).name;
            self.lossy.push(format!(
                "the {} takes en passant except from {name}, where an en-passant target can stand in front of it; \
                 FSF's pawn takes en passant everywhere",
                p.name
            ));
        }
        if !zone_targets {
            self.no_target_region(id, zone_squares);
        }
        self.set("doubleStep", true);
        self.initial_regions.push((p.name.clone(), regions));
        Some(Role::Pawn)
    }

    /// FSF's enPassantRegion for a zone whose double step (a slide) makes no en-passant target: every square but
    /// those the zone's double steps pass over, for the side that would capture there. The pawn's target-making
    /// double steps start off the zone (`makers`), so they pass over other squares and keep their targets; said
    /// only where no other piece makes targets (the region holds for every piece's double steps).
    fn no_target_region(&mut self, id: PieceId, zone: &[SquareSet; 2]) {
        let game = self.game;
        let name = &game.piece(id).name;
        let others = (0..game.pieces.len())
            .map(|i| PieceId(i as u16))
            .filter(|&other| other != id)
            .find(|&other| super::en_passant::makes_any_targets(game, other));
        if let Some(other) = others {
            self.lossy.push(format!(
                "the {name}'s double step makes no en-passant target in one zone, and the {}'s moves make \
                 targets; FSF's enPassantRegion is one for every piece",
                game.piece(other).name
            ));
            return;
        }
        for (side, key) in [(0, "enPassantRegionBlack"), (1, "enPassantRegionWhite")] {
            let dropped: SquareSet = zone[side]
                .iter()
                .filter_map(|s| ahead(game, s, side))
                .collect();
            if dropped.is_empty() {
                continue;
            }
            let kept: SquareSet = game
                .geometry
                .all()
                .filter(|&s| !dropped.contains(s))
                .collect();
            self.set(key, super::region(game, &kept));
        }
    }

    /// Can no en-passant target (a square a double step from `makers` passes over) stand where a pawn in `zone`
    /// captures (one square forward and one aside)?
    fn ep_never_there(&self, makers: &[SquareSet; 2], zone: &[SquareSet; 2]) -> bool {
        let g = self.game.geometry;
        let forward = |side: usize| if side == 0 { 1 } else { -1 };
        (0..2).all(|side| {
            let them = 1 - side;
            let targets: SquareSet = makers[them]
                .iter()
                .filter_map(|s| ahead(self.game, s, them))
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
