//! Where FSF's pawn may be dropped: the one drop region of every piece, less its promotion zone (unless
//! `promotionZonePawnDrops`) and its first rank (unless `firstRankPawnDrops`; FSF's position.h, drop_region).
use super::Writer;
use crate::rules::{Game, SquareSet};

impl Writer<'_> {
    /// Writes the switches that make FSF drop the pawn `pawn` where tatsu drops it: anywhere but its `drop not
    /// in` zones and its dead squares (tatsu's movegen.rs, droppable). `region` is each side's drop region as
    /// written for the other pieces (every square where none is written). Named when no setting of the two
    /// switches makes the two agree.
    pub(super) fn pawn_drops(&mut self, pawn: usize, region: &[SquareSet; 2]) {
        let game = self.game;
        let p = &game.pieces[pawn];
        let Some(drop) = p.drop.as_ref() else {
            return;
        };
        let g = game.geometry;
        let promotion =
            crate::export::written_promotion(p).map(|line| &game.zone(line.zone).squares);
        let first_rank = |side: usize| -> SquareSet {
            let rank = if side == 0 { 0 } else { g.ranks as i32 - 1 };
            g.all().filter(|&sq| g.rank(sq) == rank).collect()
        };
        let tatsu: Vec<SquareSet> = (0..2)
            .map(|side| {
                g.all()
                    .filter(|&s| !drop.forbidden[side].contains(s) && !p.dead[side].contains(s))
                    .collect()
            })
            .collect();
        let fsf = |first_rank_drops: bool, promotion_zone_drops: bool| -> Vec<SquareSet> {
            (0..2)
                .map(|side| {
                    let first = first_rank(side);
                    g.all()
                        .filter(|&s| region[side].contains(s) && !p.dead[side].contains(s))
                        .filter(|&s| first_rank_drops || !first.contains(s))
                        .filter(|&s| {
                            promotion_zone_drops || promotion.is_none_or(|z| !z[side].contains(s))
                        })
                        .collect()
                })
                .collect()
        };
        let switches = [(false, false), (true, false), (false, true), (true, true)];
        match switches.into_iter().find(|&(f, z)| fsf(f, z) == tatsu) {
            Some((first_rank_drops, promotion_zone_drops)) => {
                if first_rank_drops {
                    self.set("firstRankPawnDrops", true);
                }
                if promotion_zone_drops {
                    self.set("promotionZonePawnDrops", true);
                }
            }
            None => self.lossy.push(format!(
                "the {}'s `drop not in` zones: FSF drops its pawn in the drop region of every piece ({}), less its \
                 first rank and its promotion zone unless told otherwise",
                p.name,
                region_words(game, region)
            )),
        }
    }
}

/// White's drop region in words, for a refusal.
fn region_words(game: &Game, region: &[SquareSet; 2]) -> String {
    let all: SquareSet = game.geometry.all().collect();
    if region[0] == all {
        "the whole board".into()
    } else {
        format!("White's {}", super::region(game, &region[0]))
    }
}
