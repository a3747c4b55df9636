//! The start position: read by the one FEN reader ([`Setup::read`]) as soon as the board and the piece ids are
//! known, and checked against the compiled rules ([`setup::validate`]) once the game is built. Every problem is
//! reported at the offending characters inside the quoted string.
use crate::compile::pieces::{PieceInfo, PieceNames};
use crate::compile::Diags;
use crate::diag::Span;
use crate::dsl::ast::Str;
use crate::rules::{Game, Geometry};
use crate::setup::{self, FenProblem, Problem, Setup};

/// A problem of the start position, located in the file.
fn report(fen: &Str, p: &FenProblem, d: &mut Diags) {
    let end = p.span.end.min(fen.value.len());
    let start = p.span.start.min(end);
    let span = Span::new(fen.span.start + start, fen.span.start + end.max(start + 1));
    d.error(span, format!("start position: {}", p.problem));
}

/// Reads the `start` FEN; `None` (with the errors reported) if it cannot be read. The side to move must be given.
pub fn read_start(fen: &Str, g: Geometry, names: &PieceNames, d: &mut Diags) -> Option<Setup> {
    let setup = match Setup::read(&fen.value, g, |id| names.lookup(id)) {
        Ok(setup) => setup,
        Err(e) => {
            e.problems.iter().for_each(|p| report(fen, p, d));
            return None;
        }
    };
    if setup.side_span.is_none() {
        d.error(
            fen.span,
            "the start position must give the side to move (`w` or `b`) after the board",
        );
        return None;
    }
    Some(setup)
}

/// Checks the start position against the compiled rules, leaving out what an earlier error explains: pieces
/// whose moves failed to compile are dead everywhere, and castling rights are missing when castling failed.
pub fn check_start(fen: &Str, start: &Setup, game: &Game, infos: &[PieceInfo], d: &mut Diags) {
    let Err(problems) = setup::validate(start, game) else {
        return;
    };
    let earlier_errors = d.has_errors();
    for p in &problems {
        let follow_on = match p.problem {
            Problem::DeadSquare { .. } => start
                .board
                .iter()
                .any(|placed| placed.span == p.span && infos[placed.piece.index()].broken),
            // A second royal piece follows from a second royal type, already reported without `royals`.
            Problem::UnknownCastling(_)
            | Problem::CastlingPieces { .. }
            | Problem::SecondRoyal(_) => earlier_errors,
            _ => false,
        };
        if !follow_on {
            report(fen, p, d);
        }
    }
}
