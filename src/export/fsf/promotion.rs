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
        // promotedPieceType's entries: (the piece, the form it turns into).
        let mut promoted: Vec<(usize, usize)> = Vec::new();
        let mut mandatory_pieces: Option<bool> = None;
        // piecePromotionOnCapture, one switch for every shogi-style promotion: the first piece's and its name.
        let mut on_capture: Option<(bool, &str)> = None;
        // Pieces promoted the pawn's way: FSF's pawn, and pieces with a choice (`promotionPawnTypes`), with each
        // side's line (FSF's pawn-style promotion is per side: promotionPawnTypesWhite, …).
        let mut pawn_style: Vec<(usize, &Promotion, SideLines)> = Vec::new();
        for (i, p) in game.pieces.iter().enumerate() {
            let Some(promo) = super::super::written_promotion(p).filter(|_| p.shadow_of.is_none())
            else {
                continue;
            };
            let sides = side_lines(p);
            let pawn_like =
                matches!(roles[i], Role::Pawn) || p.promotions.iter().any(|l| l.choices.len() > 1);
            match (&sides, pawn_like) {
                (Ok(_), true) => {}
                (Err(why), _) => self.lossy.push(format!("the {} {why}", p.name)),
                (Ok(_), false) if p.promotions.len() > 1 => self.lossy.push(format!(
                    "the {} has several `promote` lines; FSF's promotedPieceType is one promotion for both sides",
                    p.name
                )),
                (Ok(_), false) if promo.side.is_some() => self.lossy.push(format!(
                    "the {} promotes for one side only; FSF's promotedPieceType is both sides'",
                    p.name
                )),
                (Ok(_), false) => {}
            }
            if !game.dead_squares_allowed {
                for line in p
                    .promotions
                    .iter()
                    .filter(|l| l.trigger != PromotionTrigger::Standing)
                {
                    self.promotion_onto_dead_squares(p, line);
                }
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
            if pawn_like {
                if captures_only(promo.trigger) {
                    self.lossy.push(format!(
                        "the {} promotes only on a capture in `{}`; FSF's pawns promote on any move into the zone",
                        p.name,
                        game.zone(promo.zone).name
                    ));
                } else if promo.trigger != PromotionTrigger::Destination {
                    self.trigger_differs(id, promo, "FSF promotes its pawns on arrival only");
                }
                // Lines FSF cannot say (named above): the first, for the sides it is for.
                let sides = sides.unwrap_or_else(|_| {
                    Side::BOTH.map(|side| {
                        promo.side.is_none_or(|s| s == side).then(|| SideLine {
                            line: promo,
                            choices: promo.choices.clone(),
                        })
                    })
                });
                pawn_style.push((i, promo, sides));
                continue;
            }
            if matches!(
                promo.trigger,
                PromotionTrigger::Destination | PromotionTrigger::Capture
            ) {
                self.trigger_differs(
                    id,
                    promo,
                    "FSF's promotedPieceType also promotes a move that starts there",
                );
            }
            let capture = captures_only(promo.trigger);
            self.capture_switch(&mut on_capture, capture, &p.name);
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
            promoted.push((i, promo.choices[0].index()));
        }
        let forms = self.pawn_style_promotion(letters, roles, &pawn_style);
        let on_capture = on_capture.is_some_and(|(c, _)| c);
        self.pawn_forms(
            letters,
            forms,
            &mut mandatory_pieces,
            on_capture,
            &mut promoted,
        );
        self.promotion_limits(letters);
        if let Some(z) = region_zone {
            let zone = game.zone(z);
            self.set("promotionRegionWhite", region(game, &zone.squares[0]));
            self.set("promotionRegionBlack", region(game, &zone.squares[1]));
        }
        self.promoted_types(letters, promoted, mandatory_pieces, on_capture);
    }

    /// FSF's piecePromotionOnCapture is one switch: `first` holds the first shogi-style piece's trigger (captures
    /// only or not) and name; a piece that differs is named.
    fn capture_switch<'n>(
        &mut self,
        first: &mut Option<(bool, &'n str)>,
        capture: bool,
        name: &'n str,
    ) {
        let words = |c: bool| if c { "on captures only" } else { "on any move" };
        match *first {
            Some((c, other)) if c != capture => self.lossy.push(format!(
                "the {name} promotes {} and the {other} {}; FSF's piecePromotionOnCapture is one switch for all",
                words(capture),
                words(c),
            )),
            Some(_) => {}
            None => *first = Some((capture, name)),
        }
    }

    /// The pawn-style pieces' promoted forms (pawn_style_promotion) beside the shogi-style entries, under FSF's
    /// one mandatory switch and its piecePromotionOnCapture.
    fn pawn_forms(
        &mut self,
        letters: &[char],
        forms: Vec<((usize, usize), bool)>,
        mandatory_pieces: &mut Option<bool>,
        on_capture: bool,
        promoted: &mut Vec<(usize, usize)>,
    ) {
        for ((from, to), mandatory) in forms {
            let entry = format!("{}:{}", letters[from], letters[to]);
            if mandatory_pieces.is_some_and(|m| m != mandatory) {
                self.lossy.push(format!(
                    "the promotion to a promoted form ({entry}) is mandatory or not unlike another piece's; FSF has one setting for all"
                ));
            }
            if on_capture {
                self.lossy.push(format!(
                    "the promotion to a promoted form ({entry}) is on any move into the zone; FSF's piecePromotionOnCapture (the other pieces' rule) would allow it on captures only"
                ));
            }
            *mandatory_pieces = Some(mandatory);
            promoted.push((from, to));
        }
    }

    /// promotedPieceType's entries (the forms that turn back written as pieceDemotion), with FSF's switches for
    /// all of them: mandatoriness and promotion on captures only.
    fn promoted_types(
        &mut self,
        letters: &[char],
        promoted: Vec<(usize, usize)>,
        mandatory: Option<bool>,
        on_capture: bool,
    ) {
        let promoted = self.demotions(promoted);
        if !promoted.is_empty() {
            let entries: Vec<String> = promoted
                .iter()
                .map(|&(from, to)| format!("{}:{}", letters[from], letters[to]))
                .collect();
            self.set("promotedPieceType", entries.join(" "));
            self.set("mandatoryPiecePromotion", mandatory.unwrap_or(false));
            if on_capture {
                self.set("piecePromotionOnCapture", true);
            }
        }
        self.shogi_promotions = promoted;
    }

    /// The pieces that promote as FSF's pawns do share, per side, one list of choices, and one mandatory switch.
    /// A line for both sides whose one choice beyond the others' is a promoted form (`+P`, Wolf chess's elephant
    /// besides the pawns' and sergeants' common list) is FSF's promotedPieceType for that piece, which its
    /// generator offers beside the pawn promotions on a move into the zone: returned (`p:e`, mandatory) for the
    /// caller to write with the other promoted types.
    fn pawn_style_promotion(
        &mut self,
        letters: &[char],
        roles: &[Role],
        pawn_style: &[(usize, &Promotion, SideLines)],
    ) -> Vec<((usize, usize), bool)> {
        let game = self.game;
        let Some((first, first_line, _)) = pawn_style.first() else {
            return Vec::new();
        };
        let in_every = |c: &PieceId| {
            pawn_style
                .iter()
                .all(|(_, _, sides)| sides.iter().flatten().all(|l| l.choices.contains(c)))
        };
        // Per pawn-style piece, the promoted form FSF offers it as its promotedPieceType.
        let extra = |line: &Promotion, sides: &SideLines| -> Option<PieceId> {
            if !one_line(sides) {
                return None;
            }
            let beyond: Vec<&PieceId> = line.choices.iter().filter(|c| !in_every(c)).collect();
            match beyond.as_slice() {
                [one] if game.piece(**one).promoted && both_sides(sides) => Some(**one),
                _ => None,
            }
        };
        let forms: Vec<Option<PieceId>> = pawn_style
            .iter()
            .map(|(_, line, sides)| extra(line, sides))
            .collect();
        let letters_of = |line: Option<&SideLine>, form: Option<PieceId>| -> String {
            let mut l: Vec<char> = line
                .map(|l| {
                    l.choices
                        .iter()
                        .filter(|c| Some(**c) != form)
                        .map(|c| letters[c.index()])
                        .collect()
                })
                .unwrap_or_default();
            l.sort_unstable();
            l.into_iter().collect()
        };
        let mut choices: [Option<String>; 2] = [None, None];
        let mut pawns: [String; 2] = [String::new(), String::new()];
        for ((i, line, sides), &form) in pawn_style.iter().zip(&forms) {
            let (i, first) = (*i, *first);
            let mut differs = false;
            for side in 0..2 {
                let Some(this) = sides[side].as_ref() else {
                    continue;
                };
                pawns[side].push(letters[i]);
                let mine = letters_of(Some(this), form);
                match &choices[side] {
                    None => choices[side] = Some(mine),
                    Some(theirs) => differs |= *theirs != mine,
                }
            }
            if differs {
                self.lossy.push(format!(
                    "the {} and the {} promote to different pieces; FSF's promotionPieceTypes is one list per side for all its pawns",
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
        // Written in the order of the line (FSF lists the choices so), each side's where they differ.
        let ordered = |side: usize| -> String {
            pawn_style
                .iter()
                .zip(&forms)
                .find_map(|((_, _, sides), form)| sides[side].as_ref().map(|l| (l, form)))
                .map(|(l, form)| {
                    l.choices
                        .iter()
                        .filter(|c| Some(**c) != *form)
                        .map(|c| letters[c.index()])
                        .collect()
                })
                .unwrap_or_default()
        };
        if choices[0] == choices[1] {
            self.set("promotionPieceTypes", ordered(0));
        } else {
            self.set("promotionPieceTypesWhite", ordered(0));
            self.set("promotionPieceTypesBlack", ordered(1));
        }
        self.set("mandatoryPawnPromotion", first_line.mandatory);
        // FSF's pawn is its promoting type unless told otherwise.
        let only_fsf_pawns = pawn_style
            .iter()
            .all(|&(i, _, _)| matches!(roles[i], Role::Pawn));
        if pawns[0] != pawns[1] {
            self.set("promotionPawnTypesWhite", &pawns[0]);
            self.set("promotionPawnTypesBlack", &pawns[1]);
        } else if !only_fsf_pawns {
            self.set("promotionPawnTypes", &pawns[0]);
        }
        pawn_style
            .iter()
            .zip(forms)
            .filter_map(|(&(i, line, _), form)| form.map(|f| ((i, f.index()), line.mandatory)))
            .collect()
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
                .flat_map(|p| p.promotions.iter().map(move |l| (p, l)))
                .filter(|(_, l)| l.trigger != PromotionTrigger::Standing)
        };
        for (p, line) in lines() {
            let Some(per_side) = &line.limits else {
                continue;
            };
            // A line for one side (Spartan's hoplite's kings) is limited by that side's number only.
            let numbers = match line.side {
                Some(side) => &per_side[side.index()],
                None if per_side[0] == per_side[1] => &per_side[0],
                None => {
                    self.lossy.push(format!(
                    "the {}'s promotion is limited by material with other numbers for each side; FSF's promotionLimit is one number per piece",
                    p.name
                ));
                    continue;
                }
            };
            for (&choice, &n) in line.choices.iter().zip(numbers) {
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
            PromotionTrigger::Capture => "on a capture that ends in",
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

/// A side's promotion of a piece: its first line (zone, trigger, mandatoriness) and the choices of all its lines
/// for the side (Spartan's hoplite: `promote to G W L C …` and `promote to K … limited`, one list for FSF).
struct SideLine<'a> {
    line: &'a Promotion,
    choices: Vec<PieceId>,
}

/// A piece's promotion for White and for Black (`None`: it does not promote for that side).
type SideLines<'a> = [Option<SideLine<'a>>; 2];

/// Each side's promotion of a piece, where its lines differ only in their choices (`promote to C R N … for
/// white`, `promote to Q R B … for black`; several lines for one side offer all their choices, each under its
/// own material limit, which `promotion_limits` writes per type), or why FSF cannot say them.
fn side_lines(p: &PieceType) -> Result<SideLines<'_>, &'static str> {
    let mut out: SideLines = [None, None];
    let lines: Vec<&Promotion> = p
        .promotions
        .iter()
        .filter(|l| l.trigger != PromotionTrigger::Standing)
        .collect();
    let Some(first) = lines.first() else {
        return Ok(out);
    };
    for line in &lines {
        if (line.zone, line.trigger, line.mandatory) != (first.zone, first.trigger, first.mandatory)
        {
            return Err("has `promote` lines with other zones, triggers or mandatoriness; FSF's pawn-style promotion has one of each");
        }
        for side in Side::BOTH
            .into_iter()
            .filter(|&side| line.side.is_none_or(|s| s == side))
        {
            match &mut out[side.index()] {
                Some(merged) if line.choices.iter().any(|c| merged.choices.contains(c)) => {
                    return Err("has several `promote` lines to one piece for one side; FSF gives a side one list of choices");
                }
                Some(merged) => merged.choices.extend(&line.choices),
                slot @ None => {
                    *slot = Some(SideLine {
                        line,
                        choices: line.choices.clone(),
                    })
                }
            }
        }
    }
    Ok(out)
}

/// Does the trigger promote captures only (FSF's piecePromotionOnCapture)?
fn captures_only(trigger: PromotionTrigger) -> bool {
    matches!(
        trigger,
        PromotionTrigger::Capture | PromotionTrigger::CaptureTouching
    )
}

/// One line for both sides.
fn both_sides(sides: &SideLines) -> bool {
    matches!(sides, [Some(a), Some(b)] if std::ptr::eq(a.line, b.line))
}

/// Each side's promotion is one line (no choices merged from another).
fn one_line(sides: &SideLines) -> bool {
    sides
        .iter()
        .flatten()
        .all(|s| s.choices.len() == s.line.choices.len())
}
