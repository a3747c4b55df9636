//! Move restrictions and capture effects stated for the whole game: compulsory capture, explosions.
use super::graph::Built;
use super::pieces::PieceNames;
use super::Diags;
use crate::diag::Span;
use crate::dsl::ast::Name;
use crate::rules::{Explosions, ForcedCapture, RayFlags, RayKind};

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
