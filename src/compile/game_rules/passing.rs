//! `pass allowed`: a pass is written with the mover's royal square (`e2e2`), so it needs a royal piece whose own
//! moves never end where they start (that move would read the same), and it does not combine with the other
//! passes and walls yet.
use crate::compile::diags::Diags;
use crate::compile::header::Header;
use crate::compile::pieces::graph::Built;
use crate::compile::pieces::{PieceInfo, PieceNames};
use crate::rules::{Geometry, PieceId, Side};

pub fn check_passing(
    head: &Header,
    (infos, names): (&[PieceInfo], &PieceNames),
    built: &Built,
    g: Geometry,
    d: &mut Diags,
) {
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
    for (i, info) in infos.iter().enumerate() {
        let piece = PieceId(i as u16);
        let returns = info.royal
            && Side::BOTH.into_iter().any(|side| {
                g.all().any(|sq| {
                    built
                        .rays_from(piece, side, sq, g.squares())
                        .iter()
                        .any(|ray| built.may_end_on(ray, sq))
                })
            });
        if returns {
            let decl = &names.decls[i];
            d.error(
                at,
                format!(
                    "`pass allowed`, but the royal piece `{}` may end a move on the square it started from: that move \
                     and the pass would both be written as its square twice",
                    decl.id.value
                ),
            )
            .label(decl.id.span, "this piece");
        }
    }
}
