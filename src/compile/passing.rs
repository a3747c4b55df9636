//! `pass allowed` and `may-not-hop-over`: what the executor needs of them, checked once the pieces are built.
//! A pass is written with the mover's royal square (`e2e2`), so it needs a royal piece; a hop restriction is
//! judged where a hop ray meets its hurdle, which multi-leg hops (chains) do not have yet.
use super::diags::Diags;
use super::graph::Built;
use super::header::Header;
use super::pieces::PieceInfo;
use crate::rules::{RayKind, StepRule};

pub fn check_passing(head: &Header, infos: &[PieceInfo], d: &mut Diags) {
    let Some(at) = head.pass_span else {
        return;
    };
    if !infos.iter().any(|i| i.royal) {
        d.error(at, "`pass allowed` in a game without a royal piece")
            .note("a pass is written as the royal piece's square twice (`e2e2`), as Fairy-Stockfish writes it");
    }
    if head.bonus.is_some() {
        d.error(at, "`pass allowed` with `bonus-turn`: not supported yet")
            .note("a bonus turn's pass (`may-pass`) declines the second move; the two passes would need two notations");
    }
    if head.walls.is_some() {
        d.error(at, "`pass allowed` in a game with walls: not supported yet");
    }
}

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
