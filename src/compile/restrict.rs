//! Move restrictions stated for the whole game: compulsory capture.
use super::graph::Built;
use super::pieces::PieceNames;
use super::Diags;
use crate::dsl::ast::Name;
use crate::rules::{ForcedCapture, RayFlags, RayKind};

/// `forced-capture [by …]` → [`ForcedCapture`]. A listed piece that can never capture, or one listed twice, is
/// almost certainly a mistake, so it gets a warning.
pub fn resolve_forced_capture(
    by: &[Name],
    names: &PieceNames,
    built: &Built,
    d: &mut Diags,
) -> ForcedCapture {
    let all = by.is_empty();
    let mut listed = vec![all; built.pieces.len()];
    for name in by {
        let Some(id) = names.resolve(name, d) else {
            continue;
        };
        if listed[id.index()] {
            d.warning(
                name.span,
                format!("`{}` is listed twice after `by`", name.value),
            );
        }
        listed[id.index()] = true;
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
    ForcedCapture { by: listed }
}
