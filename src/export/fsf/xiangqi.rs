//! Xiangqi's rules as FSF says them: pieces confined to a zone (mobilityRegion), the soldier whose sideways step
//! opens across the river (FSF's `soldier` and soldierPromotionRank), and the flying general (flyingGeneral).
use super::{Role, Writer};
use crate::inspect::move_sets;
use crate::rules::{PieceId, SquareSet};

impl Writer<'_> {
    /// The relative rank (1-based) from which a piece moves as FSF's soldier (`fsW`) and below which as its
    /// shogi pawn (`fW`): a piece whose moves are `fW` and, `in` a zone of every square from a rank on (each
    /// side's own ranks counted from its side), `fsW`.
    pub(super) fn soldier_rank(&self, id: PieceId) -> Option<u8> {
        let game = self.game;
        let g = game.geometry;
        let sets = move_sets(game, id);
        // A zone's set comes before the set for elsewhere (inspect::move_sets).
        let [across, plain] = sets.as_slice() else {
            return None;
        };
        if plain.zone.is_some() || plain.betza != "fW" || across.betza != "fsW" {
            return None;
        }
        let zone = game.zone(across.zone?);
        let from = (0..g.ranks).find(|&r| {
            let white: SquareSet = g.all().filter(|&s| g.rank(s) >= r as i32).collect();
            let black: SquareSet = g
                .all()
                .filter(|&s| g.rank(s) <= g.ranks as i32 - 1 - r as i32)
                .collect();
            zone.squares == [white, black]
        })?;
        Some(from + 1)
    }

    /// `confined to ZONE` is FSF's mobilityRegion (its position.h: the piece's moves end only there), named by the
    /// piece's FSF name (`King`, `Fers`, `CustomPiece3`, …) as its parser reads the option.
    pub(super) fn confinement(&mut self, roles: &[Role], custom_numbers: &[usize]) {
        let game = self.game;
        for (i, p) in game.pieces.iter().enumerate() {
            let Some(zone) = p.confined.filter(|_| p.shadow_of.is_none()) else {
                continue;
            };
            let name = match &roles[i] {
                Role::King | Role::RoyalCustom(_) => "King".to_string(),
                Role::Pawn => "Pawn".into(),
                Role::ShogiPawn => "ShogiPawn".into(),
                Role::BuiltIn(b) => capitalised(b.option()),
                Role::Custom(_) => format!("CustomPiece{}", custom_numbers[i]),
            };
            let squares = &game.zone(zone).squares;
            for (side, colour) in [(0, "White"), (1, "Black")] {
                self.set(
                    &format!("mobilityRegion{colour}{name}"),
                    super::region(game, &squares[side]),
                );
            }
        }
    }

    /// `facing-royals illegal` is FSF's flyingGeneral (kings on one file with nothing between), about its king:
    /// the game's one royal type.
    pub(super) fn flying_general(&mut self, roles: &[Role]) {
        let game = self.game;
        if !game.legality.facing_royals_illegal {
            return;
        }
        if self.one_fsf_king(roles) {
            self.set("flyingGeneral", true);
        } else {
            self.lossy.push(
                "`facing-royals illegal`: FSF's flyingGeneral is about its one king type; this game has several royal types"
                    .into(),
            );
        }
    }
}

fn capitalised(option: &str) -> String {
    let mut chars = option.chars();
    chars
        .next()
        .map(|c| c.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}
