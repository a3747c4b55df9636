//! Pass 7: the `end` block → [`EndRules`]. Without one: checkmate loses, stalemate is a draw and nothing else ends
//! the game.
use crate::compile::board::zones::ZoneTable;
use crate::compile::header::Header;
use crate::compile::pieces::{PieceInfo, PieceNames};
use crate::compile::Diags;
use crate::diag::Span;
use crate::dsl::ast::{EndItem, Name, Outcome, RepetitionResult, Spanned};
use crate::rules::{
    BareKing, EndRules, Extinct, Extinction, Flag, Legality, PieceId, PromotionTrigger, Repetition,
    RepetitionLoser, Side, StalemateResult, Verdict,
};

fn side(white: bool) -> Side {
    if white {
        Side::White
    } else {
        Side::Black
    }
}

fn verdict(o: Outcome) -> Verdict {
    match o {
        Outcome::Win => Verdict::Win,
        Outcome::Draw => Verdict::Draw,
        Outcome::Loss => Verdict::Loss,
    }
}

pub fn resolve_end(
    head: &Header,
    names: &PieceNames,
    infos: &[PieceInfo],
    zones: &mut ZoneTable,
    d: &mut Diags,
) -> Option<(EndRules, Legality)> {
    let royalty = super::royalty::resolve_royalty(head, names, infos, d);
    let mut items = EndItems {
        head,
        names,
        infos,
        zones,
        has_royal: infos.iter().any(|i| i.royal),
        end: default_end_rules(),
        legality: Legality {
            royalty,
            giving_check_illegal: false,
            royal_frozen_in_check: false,
            facing_royals_illegal: false,
        },
        counting_at: None,
        equalise_at: None,
    };
    for item in head.end.iter().flatten() {
        items.resolve(item, d);
    }
    let (mut end, legality) = (items.end, items.legality);
    if let Some(at) = items.equalise_at {
        if end.flags.len() > 1 {
            d.error(at, "`black-may-equalise` needs a single `flag` rule");
        }
        end.black_may_equalise = true;
    }
    Some((end, legality))
}

/// The rules of a game without an `end` block: checkmate loses, stalemate is a draw and nothing else ends it.
fn default_end_rules() -> EndRules {
    EndRules {
        stalemate: StalemateResult::Draw,
        repetition: None,
        move_limit: None,
        resets_clock: Vec::new(),
        promotion_resets_clock: false,
        bare_king_loses: None,
        insufficient_material: Vec::new(),
        checkmate: Verdict::Loss,
        extinction: Vec::new(),
        flags: Vec::new(),
        check_limit: None,
        draws_win: None,
        black_may_equalise: false,
        facing_royals_must_break: false,
        checkmate_by_only_loses: Vec::new(),
        checkmate_needs_check_by: Vec::new(),
        material_count: None,
        double_pass_draws: false,
        only_promotions_draw: false,
        stalemate_by_piece_count: false,
        counting: None,
    }
}

/// The `end` items being resolved, in order, into `end`: many are checked against the game's royal pieces,
/// its passing, its promotions.
struct EndItems<'a, 'z> {
    head: &'a Header,
    names: &'a PieceNames,
    infos: &'a [PieceInfo],
    zones: &'z mut ZoneTable,
    has_royal: bool,
    end: EndRules,
    legality: Legality,
    /// The first `counting` rule: a second one is an error.
    counting_at: Option<Span>,
    /// The first `black-may-equalise`: checked once every `flag` rule is known.
    equalise_at: Option<Span>,
}

impl EndItems<'_, '_> {
    fn resolve(&mut self, item: &EndItem, d: &mut Diags) {
        let names = self.names;
        match item {
            EndItem::Stalemate(o) => self.end.stalemate = verdict(o.value),
            EndItem::StalemateByPieceCount => self.end.stalemate_by_piece_count = true,
            EndItem::Checkmate(o) => self.end.checkmate = verdict(o.value),
            EndItem::Repetition {
                count,
                perpetual_check_loses,
                result,
            } => self.repetition(count, *perpetual_check_loses, *result, d),
            EndItem::MoveLimit {
                plies,
                reset_by,
                reset_by_promotions,
            } => self.move_limit(plies.as_ref(), (reset_by, *reset_by_promotions), d),
            EndItem::BareKing {
                keyword,
                hand_must_be_empty,
                reprieve,
            } => {
                if !self.has_royal {
                    d.error(
                        *keyword,
                        "a bare king needs a `royal` piece: without one, write `extinction`",
                    );
                }
                self.end.bare_king_loses = Some(BareKing {
                    hand_must_be_empty: *hand_must_be_empty,
                    reprieve: *reprieve,
                })
            }
            EndItem::InsufficientMaterial(sets) => {
                for set in sets {
                    let ids: Vec<_> = set
                        .value
                        .iter()
                        .filter_map(|n| names.resolve(n, d))
                        .collect();
                    self.end.insufficient_material.push(ids);
                }
            }
            EndItem::Extinction {
                pieces,
                together,
                at_most,
                outcome,
                ..
            } => {
                if let Some(rule) = extinction(
                    (pieces, *together),
                    at_most.as_ref(),
                    outcome.value,
                    (names, self.infos, self.head),
                    d,
                ) {
                    self.end.extinction.push(rule);
                }
            }
            EndItem::GivingCheckIllegal => self.legality.giving_check_illegal = true,
            EndItem::RoyalFrozenInCheck => self.legality.royal_frozen_in_check = true,
            EndItem::FacingRoyalsIllegal(at) => self.facing_royals(*at, false, d),
            EndItem::FacingRoyalsMustBreak(at) => self.facing_royals(*at, true, d),
            EndItem::CheckmateByOnlyLoses(pieces) => {
                self.end.checkmate_by_only_loses = self.checkmate_pieces(pieces, d);
            }
            EndItem::CheckmateNeedsCheckBy(pieces) => {
                self.end.checkmate_needs_check_by = self.checkmate_pieces(pieces, d);
            }
            EndItem::DoublePassDraws(at) => {
                if self.head.pass_span.is_none() {
                    d.error(*at, "`double-pass draws` in a game without passing")
                        .note("add `pass allowed`, or leave out `double-pass draws`");
                }
                self.end.double_pass_draws = true;
            }
            EndItem::OnlyPromotionsDraws(at) => self.only_promotions_draw(*at, d),
            EndItem::Flag {
                pieces,
                zone,
                black_may_equalise,
                if_safe,
                after_reply,
            } => self.flag(pieces, zone, *black_may_equalise, *if_safe, *after_reply, d),
            EndItem::DrawsWin { white } => self.end.draws_win = Some(side(*white)),
            EndItem::MaterialCount {
                keyword,
                values,
                bonus,
            } => {
                let rule = super::material::resolve_material_count(values, bonus, names, d);
                if self.end.material_count.is_some() {
                    d.error(*keyword, "`material-count` is given twice");
                }
                self.end.material_count = self.end.material_count.take().or(rule);
            }
            EndItem::Royals { .. } => {}
            EndItem::CheckLimit(count) => check_limit(count, self.has_royal, &mut self.end, d),
            EndItem::Counting { keyword, parts } => {
                // A second rule is still checked, so that its own mistakes are reported too.
                let rule =
                    super::counting::resolve_counting(*keyword, parts, names, self.has_royal, d);
                if self.counting_at.replace(*keyword).is_some() {
                    d.error(*keyword, "the `counting` rule is given twice");
                } else {
                    self.end.counting = rule;
                }
            }
        }
    }

    /// `move-limit N reset-by …`: 0 plies would end every game at once.
    fn move_limit(
        &mut self,
        plies: Option<&Spanned<u32>>,
        (reset_by, promotions): (&[Name], Option<Span>),
        d: &mut Diags,
    ) {
        if let Some(at) = promotions {
            self.promotions_reset(at, d);
        }
        if let Some(plies) = plies.filter(|p| p.value == 0) {
            d.error(
                plies.span,
                "a move limit of 0 plies would end every game at once",
            )
            .note("for a halfmove clock without a draw, write `move-limit none reset-by …`");
        }
        self.end.move_limit = plies.map(|p| p.value);
        self.end.resets_clock = reset_by
            .iter()
            .filter_map(|n| self.names.resolve(n, d))
            .collect();
    }

    /// `repetition N [perpetual-check-loses] [RESULT]`: perpetual check needs a royal piece to be in check.
    fn repetition(
        &mut self,
        count: &Spanned<u32>,
        perpetual_check_loses: Option<Span>,
        result: RepetitionResult,
        d: &mut Diags,
    ) {
        if let (Some(span), false) = (perpetual_check_loses, self.has_royal) {
            d.error(
                span,
                "`perpetual-check-loses` in a game with no royal piece: no side is ever in check",
            )
            .note(
                "check is an attack on a `royal` piece; a game won by capturing the king has none",
            );
        }
        let perpetual = perpetual_check_loses.is_some();
        if let Some(rule) = repetition(count, perpetual, result, d) {
            self.end.repetition = Some(rule);
        }
    }

    /// `reset-by promotions`: said where no piece promotes, it changes nothing (a warning, as a zone never used).
    fn promotions_reset(&mut self, at: Span, d: &mut Diags) {
        if self.infos.iter().all(|i| i.promotes.is_empty()) {
            d.warning(
                at,
                "`reset-by promotions`, but no piece of this game promotes",
            )
            .note("only a move that promotes is counted by these words; leave them out");
        }
        self.end.promotion_resets_clock = true;
    }

    /// `facing-royals illegal` or `facing-royals must-break`: both need royal pieces, the second passing too.
    fn facing_royals(&mut self, at: Span, must_break: bool, d: &mut Diags) {
        let written = if must_break { "must-break" } else { "illegal" };
        if !self.has_royal {
            d.error(
                at,
                "royal pieces cannot face each other in a game that has none",
            )
            .note(format!(
                "mark a piece `royal`, or leave out `facing-royals {written}`"
            ));
        }
        if must_break && self.head.pass_span.is_none() {
            d.error(at, "`facing-royals must-break` in a game without passing")
                .note("the side facing may break the line or pass: add `pass allowed`");
        }
        self.legality.facing_royals_illegal |= !must_break;
        self.end.facing_royals_must_break |= must_break;
    }

    /// The types of `checkmate-by-only … loses` or `checkmate-needs-check-by …`, in a game that needs a royal
    /// piece; empty when one is unknown.
    fn checkmate_pieces(&self, pieces: &[Name], d: &mut Diags) -> Vec<PieceId> {
        if !self.has_royal {
            if let Some(first) = pieces.first() {
                d.error(
                    first.span,
                    "a checkmate rule in a game without a royal piece",
                )
                .note("mark a piece `royal`, or leave the rule out");
            }
        }
        resolve_all(pieces, self.names, d).unwrap_or_default()
    }

    /// `only-promotions draws`: about promotions `on standing`, so some piece must have one.
    fn only_promotions_draw(&mut self, at: Span, d: &mut Diags) {
        let standing = self.infos.iter().any(|i| {
            i.promotes
                .iter()
                .any(|p| p.trigger == PromotionTrigger::Standing)
        });
        if !standing {
            d.error(at, "`only-promotions draws` in a game where no piece promotes `on standing`")
                .note("the rule is about a side whose only moves are promotions of its last piece in place or by a step (sittuyin); add such a `promote` line, or leave the rule out");
        }
        self.end.only_promotions_draw = true;
    }

    /// A `flag` rule: its pieces and zone resolved; `black-may-equalise` is checked once all are known.
    fn flag(
        &mut self,
        pieces: &[Name],
        zone: &Name,
        black_may_equalise: Option<Span>,
        if_safe: Option<Span>,
        after_reply: Option<Span>,
        d: &mut Diags,
    ) {
        self.equalise_at = self.equalise_at.or(black_may_equalise);
        if let (Some(_), Some(at)) = (black_may_equalise, if_safe.or(after_reply)) {
            d.error(
                at,
                "`black-may-equalise` already gives Black its reply: it does not combine with `if-safe` or `after-reply`",
            );
        }
        let ids = resolve_all(pieces, self.names, d);
        if let (Some(pieces), Some(zone)) = (ids, self.zones.resolve(zone, d)) {
            self.end.flags.push(Flag {
                pieces,
                zone,
                if_safe: if_safe.is_some(),
                after_reply: after_reply.is_some(),
            });
        }
    }
}

fn repetition(
    count: &Spanned<u32>,
    perpetual_check_loses: bool,
    result: RepetitionResult,
    d: &mut Diags,
) -> Option<Repetition> {
    if !(2..=255).contains(&count.value) {
        d.error(
            count.span,
            format!("a repetition count is 2 to 255, not {}", count.value),
        );
        return None;
    }
    Some(Repetition {
        count: count.value as u8,
        perpetual_check_loses,
        loser: match result {
            RepetitionResult::Draw => None,
            RepetitionResult::MoverLoses => Some(RepetitionLoser::Mover),
            RepetitionResult::SideLoses { white } => Some(RepetitionLoser::Side(side(white))),
        },
    })
}

fn check_limit(count: &Spanned<u32>, has_royal: bool, end: &mut EndRules, d: &mut Diags) {
    if !(1..=99).contains(&count.value) {
        d.error(
            count.span,
            format!("a check limit is 1 to 99, not {}", count.value),
        );
    } else if !has_royal {
        d.error(
            count.span,
            "checks are counted against a `royal` piece, and this game has none",
        );
    } else if end.check_limit.is_some() {
        d.error(count.span, "the check limit is given twice");
    } else {
        end.check_limit = Some(count.value as u8);
    }
}

/// Every name resolved, or `None` (each unknown one reported).
fn resolve_all(pieces: &[Name], names: &PieceNames, d: &mut Diags) -> Option<Vec<PieceId>> {
    let ids: Vec<_> = pieces.iter().map(|n| names.resolve(n, d)).collect();
    ids.into_iter().collect()
}

fn extinction(
    (pieces, together): (&[Name], bool),
    at_most: Option<&Spanned<u32>>,
    outcome: Outcome,
    (names, infos, head): (&PieceNames, &[PieceInfo], &Header),
    d: &mut Diags,
) -> Option<Extinction> {
    let limit = at_most.map_or(0, |n| n.value);
    if let Some(n) = at_most.filter(|n| n.value > 999) {
        d.error(n.span, format!("`at-most` is 0 to 999, not {}", n.value));
        return None;
    }
    let ids = resolve_all(pieces, names, d)?;
    for (name, id) in pieces.iter().zip(&ids) {
        // An explosion may take a royal piece off the board (atomic chess): then it can become extinct.
        if infos[id.index()].royal && head.explosions.is_none() {
            d.error(
                name.span,
                format!(
                    "`{}` is royal, so it is never captured and cannot become extinct",
                    name.value
                ),
            )
            .note("for a game won by capturing the king, leave out `royal` and write `extinction of K loss`")
            .note("with `explosions`, a royal piece may be blown up, and may be listed");
        }
    }
    Some(Extinction {
        pieces: if ids.is_empty() {
            Extinct::AnyPiece
        } else if together {
            Extinct::Together(ids)
        } else {
            Extinct::Types(ids)
        },
        at_most: limit as u16,
        verdict: verdict(outcome),
    })
}
