//! Pass 5b: the first-move rights of `initial unmoved` pieces, one per start square, each named by its file
//! letter in the FEN's castling field (upper case for White), as Fairy-Stockfish names its gates. Two such pieces
//! of one side on a file, or a letter a castling right already uses, would make the field ambiguous: refused.
use super::{PieceInfo, PieceNames};
use crate::compile::Diags;
use crate::rules::{CastlingRight, FirstMoveRight, Geometry, PieceId, Side, MAX_RIGHTS};
use crate::setup::Setup;

pub fn build_first_move_rights(
    infos: &[PieceInfo],
    names: &PieceNames,
    castling: &[CastlingRight],
    g: Geometry,
    start: Option<&Setup>,
    d: &mut Diags,
) -> Vec<FirstMoveRight> {
    let mut rights: Vec<FirstMoveRight> = Vec::new();
    let Some(start) = start else {
        return rights;
    };
    for (pi, info) in infos.iter().enumerate() {
        let Some(unmoved) = &info.unmoved else {
            continue;
        };
        let piece = PieceId(pi as u16);
        let has_initial_moves = info.move_sets.iter().any(|set| {
            set.parsed
                .as_ref()
                .is_some_and(|b| b.components.iter().any(|c| c.initial_only()))
        });
        if !has_initial_moves && !info.broken {
            d.warning(
                unmoved.keyword,
                format!(
                    "`{}` has no `i` move, so `initial unmoved` does nothing",
                    names.decls[pi].id.value
                ),
            );
        }
        for side in Side::BOTH {
            for square in start.squares_of(piece, side) {
                let letter = g.file_letter(square, side);
                if let Some(other) = rights.iter().find(|r| r.letter == letter) {
                    d.error(
                        unmoved.keyword,
                        format!(
                            "`initial unmoved` pieces of one side on {} and {} share the FEN letter `{letter}`",
                            g.name(other.square),
                            g.name(square)
                        ),
                    )
                    .note("a first-move right is written with its file's letter, so one per file and side");
                    continue;
                }
                if castling.iter().any(|r| r.letter == letter) {
                    d.error(
                        unmoved.keyword,
                        format!(
                            "the first-move right of `{}` on {} would be written `{letter}`, a castling right's letter",
                            names.decls[pi].id.value,
                            g.name(square)
                        ),
                    );
                    continue;
                }
                rights.push(FirstMoveRight {
                    side,
                    square,
                    piece,
                    letter,
                });
            }
        }
        if !start.board.iter().any(|p| p.piece == piece) {
            d.warning(
                unmoved.keyword,
                format!(
                    "`{}` is not in the start position, so `initial unmoved` gives it no right",
                    names.decls[pi].id.value
                ),
            );
        }
    }
    if castling.len() + rights.len() > MAX_RIGHTS {
        let span = infos
            .iter()
            .find_map(|i| i.unmoved.as_ref())
            .map(|u| u.keyword)
            .expect("a right comes from an `initial unmoved` piece");
        d.error(
            span,
            format!(
                "{} castling and {} first-move rights: at most {MAX_RIGHTS} in one game",
                castling.len(),
                rights.len()
            ),
        );
        rights.clear();
    }
    rights
}
