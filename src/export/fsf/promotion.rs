//! Promotion as FSF says it. FSF has two kinds: the pawn's (`promotionPawnTypes`, one list of choices
//! `promotionPieceTypes` for all of them, on a move that *ends* in the zone) and the shogi-style piece's
//! (`promotedPieceType`, one choice, on a move that *starts or ends* there). A tatsu line is written as whichever
//! says the same: a trigger differs from FSF's only where a move can start in the zone and end outside it, so
//! where the piece can never leave the zone (the far ranks of a piece that moves forward) the two are one rule.
use super::{region, Role, Writer};
use crate::inspect::{piece_moves, EmptyBoard};
use crate::rules::{PieceId, PieceType, Promotion, PromotionTrigger, Side};

impl Writer<'_> {
    pub(super) fn promotion(&mut self, letters: &[char], roles: &[Role]) {
        let game = self.game;
        let mut region_zone = None;
        let mut promoted = Vec::new();
        let mut mandatory_pieces: Option<bool> = None;
        // Pieces promoted the pawn's way: FSF's pawn, and pieces with a choice (`promotionPawnTypes`).
        let mut pawn_style: Vec<(usize, &Promotion)> = Vec::new();
        for (i, p) in game.pieces.iter().enumerate() {
            let Some(promo) = super::super::written_promotion(p).filter(|_| p.shadow_of.is_none())
            else {
                continue;
            };
            if p.promotions.len() > 1 {
                self.lossy.push(format!(
                    "the {} has several `promote` lines; only its first line is exported",
                    p.name
                ));
            } else if promo.side.is_some() {
                self.lossy.push(format!(
                    "the {} promotes for one side only; FSF's promotions are both sides'",
                    p.name
                ));
            }
            if !game.dead_squares_allowed {
                self.promotion_onto_dead_squares(p, promo);
            }
            match region_zone {
                None => region_zone = Some(promo.zone),
                Some(z) if z != promo.zone => self.lossy.push(format!(
                    "the {} promotes in `{}`, another zone than the others; FSF has one promotion zone",
                    p.name,
                    game.zone(promo.zone).name
                )),
                _ => {}
            }
            let id = PieceId(i as u16);
            if matches!(roles[i], Role::Pawn) || promo.choices.len() > 1 {
                if promo.trigger != PromotionTrigger::Destination {
                    self.trigger_differs(id, promo, "FSF promotes its pawns on arrival only");
                }
                pawn_style.push((i, promo));
                continue;
            }
            if promo.trigger == PromotionTrigger::Destination {
                self.trigger_differs(
                    id,
                    promo,
                    "FSF's promotedPieceType also promotes a move that starts there",
                );
            }
            match mandatory_pieces {
                Some(m) if m != promo.mandatory => self.lossy.push(format!(
                    "the {}'s promotion is {} unlike another piece's; FSF has one setting for all",
                    p.name,
                    if promo.mandatory {
                        "mandatory"
                    } else {
                        "optional"
                    }
                )),
                _ => mandatory_pieces = Some(promo.mandatory),
            }
            promoted.push(format!(
                "{}:{}",
                letters[i],
                letters[promo.choices[0].index()]
            ));
        }
        self.pawn_style_promotion(letters, roles, &pawn_style);
        self.promotion_limits(letters);
        if let Some(z) = region_zone {
            let zone = game.zone(z);
            self.set("promotionRegionWhite", region(game, &zone.squares[0]));
            self.set("promotionRegionBlack", region(game, &zone.squares[1]));
        }
        if !promoted.is_empty() {
            self.set("promotedPieceType", promoted.join(" "));
            self.set("mandatoryPiecePromotion", mandatory_pieces.unwrap_or(false));
        }
    }

    /// The pieces that promote as FSF's pawns do share one list of choices and one mandatory switch.
    fn pawn_style_promotion(
        &mut self,
        letters: &[char],
        roles: &[Role],
        pawn_style: &[(usize, &Promotion)],
    ) {
        let game = self.game;
        let Some(&(first, first_line)) = pawn_style.first() else {
            return;
        };
        let letters_of = |choices: &[PieceId]| -> String {
            let mut l: Vec<char> = choices.iter().map(|c| letters[c.index()]).collect();
            l.sort_unstable();
            l.into_iter().collect()
        };
        for &(i, line) in &pawn_style[1..] {
            if letters_of(&line.choices) != letters_of(&first_line.choices) {
                self.lossy.push(format!(
                    "the {} and the {} promote to different pieces; FSF's promotionPieceTypes is one list for all its pawns",
                    game.pieces[first].name, game.pieces[i].name
                ));
            }
            if line.mandatory != first_line.mandatory {
                self.lossy.push(format!(
                    "the {}'s promotion is mandatory and the {}'s is not (or the other way); FSF's mandatoryPawnPromotion is one switch",
                    game.pieces[first].name, game.pieces[i].name
                ));
            }
        }
        let choices: String = first_line
            .choices
            .iter()
            .map(|c| letters[c.index()])
            .collect();
        self.set("promotionPieceTypes", choices);
        self.set("mandatoryPawnPromotion", first_line.mandatory);
        // FSF's pawn is its promoting type unless told otherwise.
        if !pawn_style
            .iter()
            .all(|&(i, _)| matches!(roles[i], Role::Pawn))
        {
            let types: String = pawn_style.iter().map(|&(i, _)| letters[i]).collect();
            self.set("promotionPawnTypes", types);
        }
    }

    /// `limited` is FSF's `promotionLimit`: a choice is open while its side has fewer on the board than the
    /// limit, a promoted piece counted with its type in both. FSF's limit is one number per type for both sides
    /// and every promotion to it.
    fn promotion_limits(&mut self, letters: &[char]) {
        let game = self.game;
        let mut limits: Vec<(PieceId, u16)> = Vec::new();
        let lines = || {
            game.pieces
                .iter()
                .filter(|p| p.shadow_of.is_none())
                .filter_map(|p| super::super::written_promotion(p).map(|l| (p, l)))
        };
        for (p, line) in lines() {
            let Some(per_side) = &line.limits else {
                continue;
            };
            if per_side[0] != per_side[1] {
                self.lossy.push(format!(
                    "the {}'s promotion is limited by material with other numbers for each side; FSF's promotionLimit is one number per piece",
                    p.name
                ));
                continue;
            }
            for (&choice, &n) in line.choices.iter().zip(&per_side[0]) {
                match limits.iter().find(|(c, _)| *c == choice) {
                    Some(&(_, m)) if m != n => self.lossy.push(format!(
                        "promotions to the {} are limited to {m} and to {n}; FSF's promotionLimit is one number per piece",
                        game.piece(choice).name
                    )),
                    Some(_) => {}
                    None => limits.push((choice, n)),
                }
            }
        }
        // FSF's limit holds for every promotion to the type: another line promoting to it without a limit differs.
        for (p, line) in lines().filter(|(_, l)| l.limits.is_none()) {
            for &(choice, _) in limits.iter().filter(|(c, _)| line.choices.contains(c)) {
                self.lossy.push(format!(
                    "the {} promotes to the {} without a material limit where another piece's promotion has one; FSF's promotionLimit is for every promotion to it",
                    p.name,
                    game.piece(choice).name
                ));
            }
        }
        if !limits.is_empty() {
            let written: Vec<String> = limits
                .iter()
                .map(|&(c, n)| format!("{}:{n}", letters[c.index()]))
                .collect();
            self.set("promotionLimit", written.join(" "));
        }
    }

    /// Names a promotion whose trigger is not FSF's (`fsf_rule` says FSF's), unless the two say the same: no move
    /// of the piece starts in the zone and ends outside it, so "ends in the zone" and "starts or ends there" fire
    /// on the same moves.
    fn trigger_differs(&mut self, id: PieceId, promo: &Promotion, fsf_rule: &str) {
        let game = self.game;
        let Some((from, to)) = leaves_zone(game, id, promo) else {
            return;
        };
        let p: &PieceType = game.piece(id);
        let on = match promo.trigger {
            PromotionTrigger::Destination => "on arriving in",
            _ => "on a move that starts or ends in",
        };
        self.lossy.push(format!(
            "the {} promotes only {on} `{}` and can leave it ({}{}); {fsf_rule}",
            p.name,
            game.zone(promo.zone).name,
            game.geometry.name(from),
            game.geometry.name(to),
        ));
    }
}

/// A move of the piece (on an empty board, any of its moves) from a square of its promotion zone to one outside,
/// for either side, if there is one.
fn leaves_zone(
    game: &crate::rules::Game,
    id: PieceId,
    promo: &Promotion,
) -> Option<(crate::rules::Square, crate::rules::Square)> {
    let zone = game.zone(promo.zone);
    for side in Side::BOTH {
        for from in zone.squares[side.index()].iter() {
            let moves = piece_moves(game, id, side, from, &EmptyBoard, &[]);
            if let Some(d) = moves
                .destinations
                .iter()
                .find(|d| !zone.contains(side, d.to))
            {
                return Some((from, d.to));
            }
        }
    }
    None
}
