//! Pass 6: per-piece rules around the moves: promotion, what a captured piece becomes in hand, drops, and
//! demotion. Warns about a promotion the piece can never reach.
use super::graph::Built;
use super::header::Header;
use super::pieces::{PieceInfo, PieceNames};
use super::zones::ZoneTable;
use super::Diags;
use crate::rules::{DropRule, PieceId, Promotion, PromotionTrigger, Side, SquareSet};

pub use crate::rules::BonusTurn;

pub fn apply_piece_rules(
    head: &Header,
    infos: &[PieceInfo],
    names: &PieceNames,
    zones: &mut ZoneTable,
    built: &mut Built,
    d: &mut Diags,
) {
    // Game-wide: the zone closed to drops, and the demotion zone.
    let drop_zone = head
        .drops
        .as_ref()
        .and_then(|z| z.as_ref())
        .and_then(|z| zones.resolve(z, d));
    let demote_zone = head.demote.as_ref().and_then(|z| zones.resolve(z, d));
    for (pi, info) in infos.iter().enumerate() {
        let decl = &names.decls[pi];
        let base = names.base[pi];
        let piece = &mut built.pieces[pi];
        if let Some(p) = &info.promote {
            let zone = zones.get(p.zone);
            if !info.broken
                && !zones.broken[p.zone.0 as usize]
                && Side::BOTH.iter().all(|s| {
                    !intersects(&built.destinations[pi][s.index()], &zone.squares[s.index()])
                        && !p.start_or_destination
                })
            {
                d.warning(
                    p.keyword,
                    format!(
                        "piece `{}` can never reach zone `{}`, so it never promotes",
                        decl.id.value, zone.name
                    ),
                );
            }
            piece.promotion = Some(Promotion {
                zone: p.zone,
                trigger: if p.start_or_destination {
                    PromotionTrigger::StartOrDestination
                } else {
                    PromotionTrigger::Destination
                },
                mandatory: p.mandatory,
                choices: p.to.clone(),
            });
        }
        if head.drops.is_some() && !info.royal {
            piece.in_hand = Some(base.unwrap_or(PieceId(pi as u16)));
            if base.is_none() {
                let mut rule = DropRule {
                    one_per_file: info.one_per_file,
                    no_drop_mate: info.no_drop_mate,
                    ..DropRule::default()
                };
                for z in drop_zone.iter().chain(info.drop_forbidden.iter()) {
                    for s in Side::BOTH {
                        rule.forbidden[s.index()].union_with(&zones.get(*z).squares[s.index()]);
                    }
                }
                piece.drop = Some(rule);
            }
        } else if let Some(span) = info.drop_span {
            if head.drops.is_none() {
                d.error(span, "a drop rule, but the game has no `drops` statement")
                    .note("add `drops` to let captured pieces be dropped");
            } else {
                d.error(
                    span,
                    format!("the royal piece `{}` is never dropped", decl.id.value),
                );
            }
        }
        if let (Some(z), Some(b)) = (demote_zone, base) {
            piece.demote_in = Some((z, b));
        }
    }
}

fn intersects(a: &SquareSet, b: &SquareSet) -> bool {
    a.iter().any(|s| b.contains(s))
}
