//! `pass allowed`: a pass is written with the mover's royal square (`e2e2`), so it needs a royal piece, and it
//! does not combine with the other passes and walls yet.
use super::diags::Diags;
use super::header::Header;
use super::pieces::PieceInfo;

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
