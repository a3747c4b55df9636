//! Pass 6: per-piece rules around the moves: promotion, what a captured piece becomes in hand, drops, and
//! demotion. Warns about a promotion the piece can never reach.
use super::graph::Built;
use super::{PieceInfo, PieceNames, Promote};
use crate::compile::board::zones::ZoneTable;
use crate::compile::header::Header;
use crate::compile::Diags;
use crate::rules::{
    DropRule, PieceId, PieceType, Promotion, PromotionTrigger, Side, SquareSet, ZoneId,
    MAX_COLOUR_BOUND,
};
use crate::setup::Setup;

pub use crate::rules::BonusTurn;

pub fn apply_piece_rules(
    head: &Header,
    infos: &[PieceInfo],
    names: &PieceNames,
    zones: &mut ZoneTable,
    built: &mut Built,
    start: Option<&Setup>,
    d: &mut Diags,
) {
    // Game-wide: the zone closed to drops, and the demotion zone.
    let drop_zone = head
        .drops
        .as_ref()
        .and_then(|z| z.as_ref())
        .and_then(|z| zones.resolve(z, d));
    let demote_zone = head.demote.as_ref().and_then(|z| zones.resolve(z, d));
    let mut rules = PieceRules {
        head,
        names,
        zones,
        drop_zone,
        colour_bound: 0,
    };
    for (pi, info) in infos.iter().enumerate() {
        let base = names.base[pi];
        let promotions = rules.promotions(pi, info, &built.destinations[pi], start, d);
        let piece = &mut built.pieces[pi];
        piece.promotions.extend(promotions);
        if names.shadows[pi].is_none() {
            for p in &info.promotes {
                if let (Some(span), None) = (p.remembered, &head.drops) {
                    d.error(span, "`remembered`, but the game has no `drops` statement")
                        .note("a promoted piece is remembered so that it goes to the captor's hand as the piece that promoted; add `drops`");
                }
            }
        }
        rules.hand_and_drops(pi, info, piece, d);
        if let (Some(z), Some(b)) = (demote_zone, base) {
            piece.demote_in = Some((z, b));
        }
    }
    for (pi, shadow) in names.shadows.iter().enumerate() {
        if let Some(shadow) = shadow {
            built.pieces[shadow.of.index()].shadow = Some(PieceId(pi as u16));
        }
    }
}

/// What each piece's rules are made from: the header, the piece and zone tables, the game-wide zone closed to
/// drops, and the types dropped `opposite-colours` so far (the executor keeps at most [`MAX_COLOUR_BOUND`]).
struct PieceRules<'a> {
    head: &'a Header,
    names: &'a PieceNames,
    zones: &'a ZoneTable,
    drop_zone: Option<ZoneId>,
    colour_bound: usize,
}

impl PieceRules<'_> {
    /// The piece's `promote` lines as rules; a line whose zone the piece can never reach is warned about.
    fn promotions(
        &self,
        pi: usize,
        info: &PieceInfo,
        destinations: &[SquareSet; 2],
        start: Option<&Setup>,
        d: &mut Diags,
    ) -> Vec<Promotion> {
        let (names, zones) = (self.names, self.zones);
        let shadow = names.shadows[pi];
        let mut promotions = Vec::new();
        for p in &info.promotes {
            let zone = zones.get(p.zone);
            let sides = Side::BOTH
                .iter()
                .filter(|s| p.side.is_none_or(|only| only == **s));
            if !info.broken
                && shadow.is_none()
                && !zones.broken[p.zone.0 as usize]
                && p.trigger != PromotionTrigger::StartOrDestination
                && !p.standing.anywhere_if_last
                && sides
                    .clone()
                    .all(|s| !intersects(&destinations[s.index()], &zone.squares[s.index()]))
            {
                d.warning(
                    p.keyword,
                    format!(
                        "piece `{}` can never reach zone `{}`, so it never promotes",
                        names.decls[pi].id.value, zone.name
                    ),
                );
            }
            promotions.push(Promotion {
                zone: p.zone,
                trigger: p.trigger,
                mandatory: p.mandatory,
                choices: p.to.clone(),
                side: p.side,
                limits: match p.limited_to {
                    Some(n) => Some([vec![n; p.to.len()], vec![n; p.to.len()]]),
                    None => p.limited.and(start).map(|setup| match shadow {
                        // A shadow's lines are a declared piece's: their problems are reported there.
                        Some(_) => material_limits(p, setup, names, &mut Diags::new("")),
                        None => material_limits(p, setup, names, d),
                    }),
                },
                limited_to: p.limited_to,
                standing: p.standing,
            });
        }
        promotions
    }

    /// What the piece becomes in the captor's hand, and how it is dropped; drop options on a piece that is
    /// never dropped are errors.
    fn hand_and_drops(
        &mut self,
        pi: usize,
        info: &PieceInfo,
        piece: &mut PieceType,
        d: &mut Diags,
    ) {
        let (head, names) = (self.head, self.names);
        let decl = &names.decls[pi];
        let base = names.base[pi];
        if let Some(shadow) = names.shadows[pi] {
            piece.shadow_of = Some(shadow.of);
            // It goes to hand as the promoting piece (as that piece itself would), and is never dropped itself.
            if head.drops.is_some() && !head.drops_reserve && !info.royal {
                piece.in_hand =
                    Some(names.base[shadow.promoter.index()].unwrap_or(shadow.promoter));
            }
        } else if head.drops.is_some() && (!info.royal || info.drop_allowed.is_some()) {
            if let (Some(at), false) = (info.drop_allowed, info.royal) {
                d.error(
                    at,
                    format!("`drop allowed` on `{}`, which is not royal", decl.id.value),
                )
                .note("`allowed` lets a royal piece be held and dropped; every other piece is dropped under `drops` without it");
            }
            // Under `drops reserve` a captured piece goes nowhere: the hands are the start position's. A royal
            // piece is never captured, so it is held only where the start position puts it.
            if !head.drops_reserve && !info.royal {
                piece.in_hand = Some(base.unwrap_or(PieceId(pi as u16)));
            }
            if base.is_none() {
                piece.drop = Some(self.drop_rule(&decl.id.value, info, d));
            }
        } else if let Some(span) = info.drop_span {
            if head.drops.is_none() {
                d.error(span, "a drop rule, but the game has no `drops` statement")
                    .note("add `drops` to let captured pieces be dropped");
            } else {
                d.error(
                    span,
                    format!("the royal piece `{}` is never dropped", decl.id.value),
                )
                .note("add `drop allowed` to let it be held and dropped (placement chess's king)");
            }
        }
    }

    /// How a dropped (unpromoted) piece `id` is dropped: its `drop` options and the game's closed zone.
    fn drop_rule(&mut self, id: &str, info: &PieceInfo, d: &mut Diags) -> DropRule {
        let mut rule = DropRule {
            per_file: info.per_file,
            no_drop_mate: info.no_drop_mate,
            opposite_colours: info.drop_opposite_colours.is_some(),
            ..DropRule::default()
        };
        if let Some(at) = info.drop_opposite_colours {
            self.colour_bound += 1;
            if self.colour_bound > MAX_COLOUR_BOUND {
                d.error(
                    at,
                    format!("more than {MAX_COLOUR_BOUND} piece types dropped `opposite-colours`"),
                );
                rule.opposite_colours = false;
            }
        }
        for z in self.drop_zone.iter().chain(info.drop_forbidden.iter()) {
            for s in Side::BOTH {
                rule.forbidden[s.index()].union_with(&self.zones.get(*z).squares[s.index()]);
            }
        }
        if let Some(at) = info.drop_either_form {
            let promoted = self.names.lookup(&format!("+{id}"));
            if promoted.is_none() {
                d.error(
                    at,
                    format!("`either-form`, but `{id}` has no promoted form `+{id}`"),
                )
                .note("declare the promoted form, or leave out `either-form`");
            }
            rule.as_promoted = promoted;
        }
        rule
    }
}

/// Per side, parallel to the choices of a `limited` line: how many of each the side has in the start position.
/// A choice the side starts without could never be made: an error at the choice.
fn material_limits(p: &Promote, start: &Setup, names: &PieceNames, d: &mut Diags) -> [Vec<u16>; 2] {
    Side::BOTH.map(|side| {
        p.plays_as
            .iter()
            .zip(&p.to_spans)
            .map(|(&choice, &span)| {
                let n = start.squares_of(choice, side).count();
                if n == 0 && p.side.is_none_or(|only| only == side) {
                    d.error(
                        span,
                        format!(
                            "{side:?} has no `{}` in the start position, so under `limited` it can never promote to one",
                            names.decls[choice.index()].id.value
                        ),
                    )
                    .note("`limited` allows a choice while the side has fewer of it on the board than at the start");
                }
                u16::try_from(n).unwrap_or(u16::MAX)
            })
            .collect()
    })
}

fn intersects(a: &SquareSet, b: &SquareSet) -> bool {
    a.iter().any(|s| b.contains(s))
}
