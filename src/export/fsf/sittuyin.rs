//! Sittuyin's rules as FSF's switches of its built-in `sittuyin` (variant.cpp's `sittuyin_variant`):
//! `sittuyinPromotion` (movegen.cpp: a pawn on the promotion region, or the side's only pawn anywhere, becomes one
//! of promotionPieceTypes in place or by that piece's step to an empty square, under promotionLimit; the new piece
//! may attack no enemy piece, position.cpp's legal() forbids the move to give check; is_immediate_game_end's
//! "sittuyin stalemate" draws a side with its king and one pawn, not in check, whose every move promotes) and
//! `sittuyinRookDrop` (position.h's drop_region: the rook is dropped on the first rank of the drop region only).
use super::pieces::{BuiltIn, Role};
use super::{region, Writer};
use crate::rules::{Promotion, PromotionTrigger, SquareSet};

impl Writer<'_> {
    /// A tatsu `on standing` promotion written as FSF's sittuyinPromotion, with `only-promotions draws` (its
    /// sittuyin stalemate, which comes with it); either is named where FSF's differs.
    pub(super) fn standing_promotion(&mut self, letters: &[char], roles: &[Role]) {
        let game = self.game;
        let standing: Vec<(usize, &Promotion)> = game
            .pieces
            .iter()
            .enumerate()
            .flat_map(|(i, p)| p.promotions.iter().map(move |l| (i, l)))
            .filter(|(_, l)| l.trigger == PromotionTrigger::Standing)
            .collect();
        let draws = game.end.only_promotions_draw;
        let [(pawn, line)] = standing.as_slice() else {
            for &(i, line) in &standing {
                let rule = crate::export::rules::standing_rule(game, &game.pieces[i].name, line);
                self.lossy.push(format!(
                    "{rule}: several pieces promote on standing; FSF's sittuyinPromotion is its pawn's only"
                ));
            }
            if draws {
                self.lossy.push(
                    "`only-promotions draws`: FSF's sittuyin stalemate comes only with its sittuyinPromotion of one pawn type".into(),
                );
            }
            return;
        };
        let (pawn, line) = (*pawn, *line);
        let rule = crate::export::rules::standing_rule(game, &game.pieces[pawn].name, line);
        if let Some(why) = self.standing_differs(pawn, line, roles) {
            self.lossy.push(format!("{rule}: {why}"));
            if draws {
                self.lossy.push(
                    "`only-promotions draws`: FSF's sittuyin stalemate comes only with its sittuyinPromotion".into(),
                );
            }
            return;
        }
        if !draws {
            self.lossy.push(format!(
                "{rule}: FSF's sittuyinPromotion comes with its sittuyin stalemate (a side with its king and one pawn whose every move promotes draws), which the game does not have (`only-promotions draws`)"
            ));
        }
        let zone = game.zone(line.zone);
        self.set("promotionRegionWhite", region(game, &zone.squares[0]));
        self.set("promotionRegionBlack", region(game, &zone.squares[1]));
        let choices: String = line.choices.iter().map(|c| letters[c.index()]).collect();
        self.set("promotionPieceTypes", choices);
        self.set("sittuyinPromotion", true);
        if let Some([white, _]) = &line.limits {
            let limits: Vec<String> = line
                .choices
                .iter()
                .zip(white)
                .map(|(c, n)| format!("{}:{n}", letters[c.index()]))
                .collect();
            self.set("promotionLimit", limits.join(" "));
        }
    }

    /// Why FSF's sittuyinPromotion is not the piece's `on standing` line, if it is not.
    fn standing_differs(&self, pawn: usize, line: &Promotion, roles: &[Role]) -> Option<String> {
        let game = self.game;
        if !matches!(roles[pawn], Role::Pawn) {
            return Some(
                "the piece is not FSF's pawn, whose promotion sittuyinPromotion is".into(),
            );
        }
        let other = game
            .pieces
            .iter()
            .find(|p| p.promotions.iter().any(|l| !std::ptr::eq(l, line)));
        if let Some(p) = other {
            return Some(format!(
                "the {} promotes too; FSF's sittuyinPromotion is the game's one promotion zone and rule",
                p.name
            ));
        }
        let s = line.standing;
        if !(s.anywhere_if_last && s.not_attacking && s.not_checking) || line.side.is_some() {
            return Some(
                "FSF's sittuyinPromotion is for both sides, anywhere-if-last, not-attacking and not-checking".into(),
            );
        }
        if let Some([white, black]) = &line.limits {
            if white != black {
                return Some(
                    "its limit differs between the sides; FSF's promotionLimit is one number"
                        .into(),
                );
            }
        }
        // FSF steps the new piece by its attacks to an empty square; tatsu by its moves that capture nothing.
        let same_moves = |role: &Role| match role {
            Role::BuiltIn(b) => !matches!(b, BuiltIn::JanggiCannon | BuiltIn::Soldier),
            Role::Custom(betza) => !betza.contains(['m', 'c']),
            _ => false,
        };
        if let Some(c) = line.choices.iter().find(|c| !same_moves(&roles[c.index()])) {
            return Some(format!(
                "the {} moves otherwise than it captures; FSF's sittuyinPromotion steps it by its captures",
                game.piece(*c).name
            ));
        }
        None
    }

    /// The one droppable piece whose drop zone is FSF's sittuyinRookDrop: FSF's rook, dropped on the first rank
    /// of the others' drop region (`others`: each side's squares where the others may be dropped).
    pub(super) fn sittuyin_rook_drop(
        &self,
        droppable: &[(usize, &crate::rules::DropRule)],
        roles: &[Role],
        others: &[SquareSet; 2],
    ) -> Option<usize> {
        let game = self.game;
        let g = game.geometry;
        let &(rook, drop) = droppable
            .iter()
            .find(|(i, _)| matches!(roles[*i], Role::BuiltIn(BuiltIn::Rook)))?;
        let first_rank = |side: usize| if side == 0 { 0 } else { g.ranks as i32 - 1 };
        let fits = (0..2).all(|side| {
            g.all().all(|sq| {
                let fsf = others[side].contains(sq) && g.rank(sq) == first_rank(side);
                let tatsu = !drop.forbidden[side].contains(sq);
                fsf == tatsu
            })
        });
        (fits && droppable.len() > 1).then_some(rook)
    }
}
