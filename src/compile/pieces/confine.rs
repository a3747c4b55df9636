//! Confinement (`confined to ZONE`): a piece's destinations must lie in a zone (the xiangqi palace, the
//! elephant's own half; Fairy-Stockfish's mobility regions). Applied to the rays once, like holes and the board's
//! edge, so the executor, the attack tables and the designer's diagrams know nothing of it, and other pieces pay
//! nothing. A destination outside the zone is removed: a leap or a lame leap that lands outside does not exist, a
//! multi-leg move may still pass outside but not stop there, and a slide or a hop ends at the zone's edge (in a
//! zone that a straight line can leave and enter again, the squares beyond are not reached: tatsu's reading, where
//! Fairy-Stockfish lets a slider cross the gap; none of its built-in games confines a slider).
use super::rays::{BuiltRay, RayBuf};
use crate::rules::{RayKind, SquareSet, StepRule};

/// `built` (its rays in `buf`) with every destination outside `zone` taken away.
pub fn clip(built: BuiltRay, buf: &mut RayBuf, zone: Option<&SquareSet>) -> BuiltRay {
    let Some(zone) = zone else {
        return built;
    };
    buf.retain(
        built,
        |kind, squares| match kind {
            // Only the last square is a destination; the path may lie outside.
            RayKind::Lame | RayKind::Grasshop | RayKind::Chain => {
                zone.contains(*squares.last()?).then_some(squares.len())
            }
            // A hop's squares before its hurdle need not be destinations, but which square is the hurdle is
            // known only in play: end the ray at the edge as for a slide.
            RayKind::Slide | RayKind::Hop => Some(
                squares
                    .iter()
                    .position(|&sq| !zone.contains(sq))
                    .unwrap_or(squares.len()),
            ),
        },
        |squares, rules| {
            for (sq, rule) in squares.iter().zip(rules.iter_mut()) {
                if !zone.contains(*sq) {
                    rule.remove(StepRule::DEST);
                }
            }
            squares.len()
        },
    )
}
