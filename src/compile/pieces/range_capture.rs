//! Range capture (Tenjiku Shogi's jumping generals): `rank-order ID… > ID… > …` gives each piece type a rank, and
//! a piece with `jumps-lower [to-capture | taking-passed]` slides over pieces of lower rank. This pass resolves the rank list into
//! [`PieceType::rank`](crate::rules::PieceType) and checks each jumper against it and against its own moves; the
//! executor's walk is `engine/rules/range_capture.rs`.
use super::graph::Built;
use super::{PieceInfo, PieceItems, PieceNames};
use crate::compile::Diags;
use crate::diag::Span;
use crate::dsl::ast::Name;
use crate::dsl::ast::{PieceItem, Str};
use crate::rules::{JumpLine, JumpsLower, JumpsOver, MoveSet, PieceType, Ray, RayKind, RaySource};

impl PieceItems<'_, '_> {
    /// `jumps-lower [to-capture | taking-passed]` in a piece block, at most once (the grammar allows one option).
    pub(super) fn jumps_lower(&mut self, item: &PieceItem, d: &mut Diags) {
        let PieceItem::JumpsLower {
            keyword,
            to_capture,
            taking_passed,
        } = *item
        else {
            return;
        };
        if self
            .given
            .twice("jumps-lower".into(), keyword, "`jumps-lower`", d)
        {
            return;
        }
        let how = if to_capture {
            JumpsLower::ToCapture
        } else if taking_passed {
            JumpsLower::TakingPassed
        } else {
            JumpsLower::AnyMove
        };
        self.info.jumps_lower = Some((keyword, how));
    }
}

/// `jumps-over "XBETZA" [enemies] [taking-passed]` as read.
pub struct JumpsOverInfo {
    pub text: Str,
    /// White's lines (`None`: refused).
    pub lines: Option<Vec<JumpLine>>,
    pub enemies: bool,
    pub taking_passed: bool,
}

impl PieceItems<'_, '_> {
    /// `jumps-over "XBETZA" [enemies] [taking-passed]` in a piece block, at most once: the lines must be plain
    /// slides (`R`, `fB`, `Q`, `vR`, or limited: `fB4`), an error at the string otherwise.
    pub(super) fn jumps_over(&mut self, item: &PieceItem, d: &mut Diags) {
        let PieceItem::JumpsOver {
            lines,
            enemies,
            taking_passed,
        } = item
        else {
            return;
        };
        if self
            .given
            .twice("jumps-over".into(), lines.span, "`jumps-over`", d)
        {
            return;
        }
        let resolved = super::parse_betza(lines, d).and_then(|b| match b.resolve() {
            Ok(r) => Some(r),
            Err(errors) => {
                for e in errors {
                    d.error(lines.span, format!("XBetza: {}", e.message));
                }
                None
            }
        });
        self.info.jumps_over = Some(JumpsOverInfo {
            text: lines.clone(),
            lines: resolved.and_then(|r| jump_lines(&r, lines, d)),
            enemies: *enemies,
            taking_passed: *taking_passed,
        });
    }
}

/// The lines a `jumps-over` string names, if every one is a plain slide (one leg, unlimited or of at least two
/// squares, moving and capturing, from any square); else an error at the string. A step named twice keeps its
/// longer reach.
fn jump_lines(resolved: &betza::Resolved, lines: &Str, d: &mut Diags) -> Option<Vec<JumpLine>> {
    let plain = betza::Mode::MOVE.union(betza::Mode::CAPTURE);
    let paths = resolved.expand(betza::Facing::First);
    let slides = paths.iter().all(|path| {
        !path.universal
            && path.castling.is_none()
            && !path.initial_only
            && path.legs.len() == 1
            && path.legs.iter().all(|leg| {
                leg.max.is_none_or(|n| n >= 2)
                    && leg.mode == plain
                    && leg.lame_path.is_empty()
                    && leg.jump_path.is_empty()
                    && !leg.wrap
            })
    });
    if !slides || paths.is_empty() {
        d.error(lines.span, "`jumps-over` names lines to slide along: slides only")
            .note("write the lines as riders (`R`, `fB`, `vR`, `Q`), or limited to the squares where it passes pieces (`fB4`): no leaps or one-square steps, hops, multi-leg moves or modes (`m`, `c`, `i`…)");
        return None;
    }
    let mut out: Vec<JumpLine> = Vec::new();
    for path in &paths {
        let leg = &path.legs[0];
        let within = leg.max.map(|n| n.min(u16::MAX as u32) as u16);
        match out.iter_mut().find(|l| l.step == leg.step) {
            Some(line) => {
                line.within = line.within.zip(within).map(|(a, b)| a.max(b));
            }
            None => out.push(JumpLine {
                step: leg.step,
                within,
            }),
        }
    }
    out.sort_unstable_by_key(|l| l.step);
    Some(out)
}

/// `rank-order` → each type's rank: the first group highest, the last 1, the types not listed 0. An unknown id or
/// one listed twice is an error (its rank would be ambiguous); the types it names keep the rank first given.
pub fn resolve_ranks(groups: &[Vec<Name>], names: &PieceNames, d: &mut Diags) -> Vec<u16> {
    let mut ranks = vec![0u16; names.decls.len()];
    let mut first: Vec<Option<Span>> = vec![None; names.decls.len()];
    for (g, group) in groups.iter().enumerate() {
        // Fewer groups than types (at most 1024), so the rank fits.
        let rank = (groups.len() - g) as u16;
        for name in group {
            let Some(id) = names.resolve(name, d) else {
                continue;
            };
            if let Some(at) = first[id.index()] {
                d.error(
                    name.span,
                    format!("`{}` is listed twice in `rank-order`", name.value),
                )
                .label(at, "first listed here")
                .note("a piece type has one rank");
                continue;
            }
            first[id.index()] = Some(name.span);
            ranks[id.index()] = rank;
        }
    }
    // A shadow `X~` (a remembered promotion) plays as `X`: it ranks as `X`.
    for (i, shadow) in names.shadows.iter().enumerate() {
        if let Some(s) = shadow {
            ranks[i] = ranks[s.of.index()];
        }
    }
    ranks
}

/// Writes the ranks into the built pieces and checks each `jumps-lower`: without `rank-order` every piece ranks
/// alike, so it could never jump (an error); a piece without a slide, or that no type ranks below, never jumps (a
/// warning).
pub fn apply(
    rank_order: Option<&[Vec<Name>]>,
    (infos, names): (&[PieceInfo], &PieceNames),
    built: &mut Built,
    d: &mut Diags,
) {
    let ranks = rank_order.map(|groups| resolve_ranks(groups, names, d));
    if let Some(ranks) = &ranks {
        for (piece, &rank) in built.pieces.iter_mut().zip(ranks) {
            piece.rank = rank;
        }
    }
    jumping_slides(infos, built, d);
    for piece in &mut built.pieces {
        if piece.jumps_lower == Some(JumpsLower::TakingPassed) {
            piece.sweeping_sources =
                sweeping_sources(piece, &built.rays, &built.move_sets, &built.ray_sources);
        }
    }
    let lowest = built.pieces.iter().map(|p| p.rank).min().unwrap_or(0);
    for ((info, piece), shadow) in infos.iter().zip(&built.pieces).zip(&names.shadows) {
        let Some((at, how)) = info.jumps_lower else {
            continue;
        };
        if shadow.is_some() {
            continue; // reported once, at the piece it stands for
        }
        if ranks.is_none() {
            d.error(at, "`jumps-lower`, but the game has no `rank-order`")
                .note("`rank-order K > Gg > Rg Bg` ranks the pieces, highest first; a piece jumps over those below it");
            continue;
        }
        let slides = piece
            .graph
            .iter()
            .flat_map(|s| &built.rays[s.range()])
            .any(|ray| ray.kind == RayKind::Slide && ray.len > 1);
        if !info.broken && how == JumpsLower::TakingPassed && piece.sweeping_sources.is_empty() {
            d.warning(
                at,
                "`jumps-lower taking-passed`, but this piece has no unlimited slide to jump with",
            )
            .note("only unlimited slides (`R`, `B`, `Q`, `fR`) pass over and take pieces of lower rank; `R2` stops at the first piece");
        } else if !info.broken && !slides {
            d.warning(
                at,
                "`jumps-lower`, but this piece has no slide to jump with",
            )
            .note("only slides (riders: `R`, `B`, `Q`, `R4`) pass over pieces of lower rank");
        } else if piece.rank == lowest {
            d.warning(
                at,
                format!(
                    "`jumps-lower`, but no piece type ranks below `{}`, so it never jumps",
                    piece.symbol
                ),
            )
            .note("list it in `rank-order`, above the types it may pass over");
        }
    }
}

/// The ray sources of `piece`'s unlimited slides (`taking-passed` acts on those only): the components of one leg
/// and unlimited range (`R`, `fB`, `NN`) whose rays slide. yetiowin's range capture is likewise its unlimited
/// `Range` moves; a limited slide (`R2`, the Fierce Dragon's) is its `Simple` move, stopped by any piece.
fn sweeping_sources(
    piece: &PieceType,
    rays: &[Ray],
    sets: &[MoveSet],
    sources: &[RaySource],
) -> Vec<u16> {
    let mut out: Vec<u16> = piece
        .graph
        .iter()
        .flat_map(|s| &rays[s.range()])
        .filter(|ray| ray.kind == RayKind::Slide)
        .map(|ray| ray.source)
        .filter(|&source| {
            let s = sources[source as usize];
            let text = &sets[s.move_set as usize].components[s.component as usize].text;
            betza::parse(text).is_ok_and(|b| {
                b.components.iter().all(|c| {
                    c.legs.len() == 1 && c.repeat.is_none() && c.range == betza::Range::Unlimited
                })
            })
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Writes each `jumps-over` into its built piece, and warns where the lines it names are none of the piece's
/// slides (it would never jump).
fn jumping_slides(infos: &[PieceInfo], built: &mut Built, d: &mut Diags) {
    for (info, piece) in infos.iter().zip(&mut built.pieces) {
        let Some(JumpsOverInfo {
            text: lines,
            lines: Some(jump_lines),
            enemies,
            taking_passed,
        }) = &info.jumps_over
        else {
            continue;
        };
        piece.jumps_over = Some(JumpsOver {
            betza: lines.value.clone(),
            lines: jump_lines.clone(),
            enemies: *enemies,
            taking_passed: *taking_passed,
        });
        let slides_along = piece
            .graph
            .iter()
            .flat_map(|s| &built.rays[s.range()])
            .any(|ray| ray.kind == RayKind::Slide && ray.len > 1);
        if !info.broken && !slides_along {
            d.warning(lines.span, "`jumps-over`, but this piece has no slide to jump with")
                .note("the lines named are those of the piece's own slides (`moves \"Q\" jumps-over \"fR\"`)");
        }
    }
}
