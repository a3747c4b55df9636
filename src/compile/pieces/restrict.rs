//! Move restrictions and capture effects: compulsory capture, explosions, the hop restrictions of pieces, and
//! `captures-unprotected-only` (Maka Dai Dai Shogi's Emperor; the executor's side is `engine/rules/unprotected.rs`).
use super::graph::Built;
use super::{PieceInfo, PieceItems, PieceNames};
use crate::compile::Diags;
use crate::diag::Span;
use crate::dsl::ast::Name;
use crate::rules::{
    CounterStrike, Explosions, ForcedCapture, ProtectedCapture, RayFlags, RayKind, StepRule,
};

/// `forced-capture [by …]` → [`ForcedCapture`]. A listed piece that can never capture, or one listed twice, is
/// almost certainly a mistake, so it gets a warning.
pub fn resolve_forced_capture(
    by: &[Name],
    names: &PieceNames,
    built: &Built,
    d: &mut Diags,
) -> ForcedCapture {
    let mut listed = names.listed_types(by, "by", d);
    for name in by {
        let Some(id) = names.lookup(&name.value) else {
            continue;
        };
        let piece = &built.pieces[id.index()];
        // A chain may capture on a turning square whatever its destination does: never warn about one.
        let captures = piece.graph.iter().any(|slice| {
            built.rays[slice.range()].iter().any(|ray| {
                ray.kind == RayKind::Chain
                    || ray.flags.has(RayFlags::CAPTURE | RayFlags::EN_PASSANT)
            })
        });
        if !captures {
            d.warning(
                name.span,
                format!(
                    "`{}` can never capture, so forcing its captures does nothing",
                    name.value
                ),
            );
        }
    }
    if by.is_empty() {
        // `forced-capture` alone: every piece's captures are compulsory.
        listed.iter_mut().for_each(|flag| *flag = true);
    }
    ForcedCapture { by: listed }
}

/// `explosions [spare …]` → [`Explosions`]. Pieces blown up leave the game, so a game with drops (whose captures
/// go to a hand) cannot have them: an error at the keyword. A spared type listed twice gets a warning.
pub fn resolve_explosions(
    (keyword, spare, immune): (Span, &[Name], &[Name]),
    drops: bool,
    names: &PieceNames,
    d: &mut Diags,
) -> Explosions {
    if drops {
        d.error(
            keyword,
            "`explosions` in a game with `drops`: which pieces a blast would send to which hand is unsaid",
        )
        .note("explosions remove the pieces they blow up from the game; leave out `drops` or `explosions`");
    }
    Explosions {
        spared: names.listed_types(spare, "spare", d),
        immune: names.listed_types(immune, "immune", d),
    }
}

/// `may-not-hop-over`: the restriction is judged where a hop ray meets its hurdle, which multi-leg hops (chains)
/// do not have yet (refused); a piece that never hops gets a warning.
pub fn check_hop_restrictions(infos: &[PieceInfo], built: &Built, d: &mut Diags) {
    for (info, piece) in infos.iter().zip(&built.pieces) {
        let Some(at) = info.may_not_hop_over_at else {
            continue;
        };
        let rays = piece.graph.iter().flat_map(|s| &built.rays[s.range()]);
        let (mut hops, mut chained) = (false, false);
        for ray in rays {
            match ray.kind {
                RayKind::Hop | RayKind::Grasshop => hops = true,
                RayKind::Chain => {
                    let rules = &built.ray_rules[ray.first as usize..][..ray.len as usize];
                    chained |= rules
                        .iter()
                        .any(|r| r.intersects(StepRule::HOP_ENEMY | StepRule::HOP_FRIEND));
                }
                RayKind::Slide | RayKind::Lame => {}
            }
        }
        if chained {
            d.error(at, "`may-not-hop-over` for a piece that hops within a multi-leg move: not supported yet")
                .note("the restriction is judged on single-leg hops (`pR`, `gQ`)");
        } else if !hops {
            d.warning(at, "`may-not-hop-over`, but this piece never hops")
                .note("only hopping moves (`p`, `g`) pass over a piece");
        }
    }
}

/// `no-capture-of-protected ID… from-afar [bridge-not ID…]` → [`ProtectedCapture`].
pub fn resolve_protected_capture(
    (set, bridge_not): (&[Name], &[Name]),
    names: &PieceNames,
    d: &mut Diags,
) -> ProtectedCapture {
    ProtectedCapture {
        set: names.listed_types(set, "no-capture-of-protected", d),
        bridge_not: names.listed_types(bridge_not, "bridge-not", d),
    }
}

/// `no-counter-strike ID…` → [`CounterStrike`]. The position keeps the rule's state in the FEN's e.p. field, so
/// a game whose moves make e.p. targets cannot have it: an error at the keyword.
pub fn resolve_counter_strike(
    (keyword, set): (Span, &[Name]),
    names: &PieceNames,
    built: &Built,
    d: &mut Diags,
) -> CounterStrike {
    let en_passant = built.rays.iter().any(|ray| {
        ray.flags
            .intersects(RayFlags::CREATES_EP | RayFlags::EN_PASSANT)
    });
    if en_passant {
        d.error(
            keyword,
            "`no-counter-strike` in a game with en passant: both would be written in the FEN's e.p. field",
        )
        .note("the square where the last move took a piece of the set is written where an e.p. square would be");
    }
    CounterStrike {
        set: names.listed_types(set, "no-counter-strike", d),
    }
}

impl PieceItems<'_, '_> {
    /// `captures-unprotected-only` in a piece block, at most once.
    pub(super) fn captures_unprotected_only(&mut self, keyword: Span, d: &mut Diags) {
        let what = "`captures-unprotected-only`";
        if !self.given.twice("unprotected".into(), keyword, what, d) {
            self.info.unprotected_only = Some(keyword);
        }
    }
}

/// Marks each piece with the item (a shadow `X~` has its piece's items), and warns where the piece never
/// captures: the rule would forbid nothing.
pub fn apply_unprotected(
    infos: &[PieceInfo],
    names: &PieceNames,
    built: &mut Built,
    d: &mut Diags,
) {
    for ((info, piece), shadow) in infos.iter().zip(&mut built.pieces).zip(&names.shadows) {
        let Some(at) = info.unprotected_only else {
            continue;
        };
        piece.captures_unprotected_only = true;
        let captures = piece
            .graph
            .iter()
            .flat_map(|s| &built.rays[s.range()])
            .any(|ray| {
                ray.flags
                    .intersects(RayFlags::CAPTURE | RayFlags::EN_PASSANT)
            });
        // A shadow is reported once, at the piece it stands for.
        if shadow.is_none() && !info.broken && !captures {
            d.warning(
                at,
                "`captures-unprotected-only`, but this piece never captures",
            )
            .note("the rule only forbids captures; a move-only piece (`m`) has none to forbid");
        }
    }
}
