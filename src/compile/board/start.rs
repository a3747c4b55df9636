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
    d.error(located(fen, p), format!("start position: {}", p.problem));
}

/// Where a problem of the FEN string is in the file.
fn located(fen: &Str, p: &FenProblem) -> Span {
    let end = p.span.end.min(fen.value.len());
    let start = p.span.start.min(end);
    Span::new(fen.span.start + start, fen.span.start + end.max(start + 1))
}

/// The problems of reading the start FEN. A letter that names no piece is one error for the piece, whichever case
/// and however often it appears (`N` and `n` are one missing Knight), with its other places labelled and a note
/// naming the declared pieces.
fn report_read_problems(fen: &Str, problems: &[FenProblem], names: &PieceNames, d: &mut Diags) {
    let unknown = |p: &FenProblem| match &p.problem {
        Problem::UnknownPiece(t) => Some(t.to_ascii_uppercase()),
        _ => None,
    };
    let mut reported: Vec<String> = Vec::new();
    for p in problems {
        let Some(key) = unknown(p) else {
            report(fen, p, d);
            continue;
        };
        // A piece whose statement did not read has its error already; its letters here follow from it.
        if reported.contains(&key) || names.is_unread(&key) {
            continue;
        }
        let same: Vec<&FenProblem> = problems
            .iter()
            .filter(|q| unknown(q).as_ref() == Some(&key))
            .collect();
        let mut cases: Vec<String> = same
            .iter()
            .filter_map(|q| match &q.problem {
                Problem::UnknownPiece(t) => Some(format!("`{}`", t.escape_debug())),
                _ => None,
            })
            .collect();
        cases.dedup();
        cases.sort();
        cases.dedup();
        // Both cases sorted: the White letter (upper case) first.
        let message = match &cases[..] {
            [white, black] => {
                format!("start position: {white} ({black} for Black) is not a piece of this game")
            }
            _ => format!(
                "start position: {} is not a piece of this game",
                cases.join(" ")
            ),
        };
        let diag = d.error(located(fen, same[0]), message);
        for q in same.iter().skip(1).take(MAX_LABELS) {
            diag.label(located(fen, q), "also here");
        }
        if same.len() > 1 + MAX_LABELS {
            diag.note(format!("{} more times", same.len() - 1 - MAX_LABELS));
        }
        diag.note(names.declared_note());
        reported.push(key);
    }
}

/// How many other places of one unknown letter are labelled.
const MAX_LABELS: usize = 4;

/// Reads the `start` FEN; `None` (with the errors reported) if it cannot be read. The side to move must be given.
pub fn read_start(fen: &Str, g: Geometry, names: &PieceNames, d: &mut Diags) -> Option<Setup> {
    let setup = match Setup::read(&fen.value, g, |id| names.lookup(id)) {
        Ok(setup) => setup,
        Err(e) => {
            report_read_problems(fen, &e.problems, names, d);
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
