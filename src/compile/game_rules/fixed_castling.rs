//! Fixed-file castling (`castles with R to g c`, Chess960): the king ends on one file toward the higher files and
//! another toward the lower, and its partner beside it on the inner side, wherever the two start on the king's
//! start rank. The rights belong to the partner's square, one per file and side, written with the file's letter
//! (Shredder-FEN: `H`, `a`); a FEN's `K`/`Q` name the outermost partner on that side of the king. Each right has
//! one castling per square the king may stand on, and the move is written as the king taking its own partner.
use super::castling::castling_start;
use crate::compile::board::zones::file_index;
use crate::compile::pieces::{PieceInfo, PieceNames};
use crate::compile::Diags;
use crate::diag::Span;
use crate::dsl::ast::Name;
use crate::rules::{Castling, CastlingRight, Geometry, PieceId, Side, Square};
use crate::setup::Setup;

/// The most files fixed-file castling allows: one right per file and side, in the position's 32 bits of rights.
pub const MAX_CASTLING_FILES: i32 = 16;

/// What the pass needs to know about one castling piece.
pub struct Setting<'a> {
    pub king: PieceId,
    pub info: &'a PieceInfo,
    pub names: &'a PieceNames,
    /// The piece's `O` components, which fixed-file castling replaces.
    pub paths: &'a [(Side, betza::Path, Span)],
    /// The king's destination files as written: toward the higher files, toward the lower.
    pub files: &'a (Name, Name),
    pub g: Geometry,
}

impl Setting<'_> {
    /// Adds the piece's rights and castlings, or reports why the `to` files cannot be used.
    pub fn build(
        &self,
        start: Option<&Setup>,
        rights: &mut Vec<CastlingRight>,
        castlings: &mut Vec<Castling>,
        d: &mut Diags,
    ) {
        let Some((high, low)) = self.destination_files(d) else {
            return;
        };
        let (Some((partners, _)), Some(start)) = (&self.info.castles_with, start) else {
            return;
        };
        for side in Side::BOTH {
            let Some(king_from) = castling_start(start, self.king, side, self.names, d) else {
                continue;
            };
            let rank = self.g.rank(king_from);
            // Files from the highest down, so that the rights (and the FEN letters) come kingside first, as
            // Fairy-Stockfish writes them.
            for rook_file in (0..self.g.files as i32).rev() {
                let rook_from = self.square(rook_file, rank);
                let right = rights.len();
                let letter = (b'A' + rook_file as u8) as char;
                rights.push(CastlingRight {
                    side,
                    letter: match side {
                        Side::White => letter,
                        Side::Black => letter.to_ascii_lowercase(),
                    },
                    king_from: None,
                    rook_from,
                    king: self.king,
                    rooks: partners.clone(),
                    by_drop: false,
                });
                for king_file in (0..self.g.files as i32).filter(|&f| f != rook_file) {
                    let king_to_file = if rook_file > king_file { high } else { low };
                    castlings.push(self.castling(
                        right,
                        (king_file, rook_file),
                        king_to_file,
                        rank,
                    ));
                }
            }
        }
    }

    /// The castling of right `right` with the king on `king_file` and its partner on `rook_file`.
    fn castling(
        &self,
        right: usize,
        (king_file, rook_file): (i32, i32),
        king_to_file: i32,
        rank: i32,
    ) -> Castling {
        let toward = (rook_file - king_file).signum();
        let rook_to_file = king_to_file - toward;
        let span = |a: i32, b: i32| a.min(b)..=a.max(b);
        let mut empty: Vec<Square> = Vec::new();
        for file in span(king_file, king_to_file).chain(span(rook_file, rook_to_file)) {
            if file != king_file && file != rook_file && !empty.contains(&self.square(file, rank)) {
                empty.push(self.square(file, rank));
            }
        }
        // Only a royal piece must not castle out of, through or into check.
        let safe = if self.info.royal {
            span(king_file, king_to_file)
                .map(|f| self.square(f, rank))
                .collect()
        } else {
            Vec::new()
        };
        let rook_from = self.square(rook_file, rank);
        Castling {
            right,
            king_from: self.square(king_file, rank),
            king_to: self.square(king_to_file, rank),
            rook_from,
            rook_to: self.square(rook_to_file, rank),
            move_to: rook_from,
            empty,
            safe,
        }
    }

    /// The two `to` files, checked: on the board, the first higher than the second, each with room for the partner
    /// on its inner side, on a board of at most [`MAX_CASTLING_FILES`] files, and no `O` component beside them.
    fn destination_files(&self, d: &mut Diags) -> Option<(i32, i32)> {
        let (high_name, low_name) = self.files;
        if let Some((_, _, span)) = self.paths.first() {
            d.error(
                *span,
                "an `O` component cannot go with castling to fixed files (`castles with … to`)",
            )
            .note("the `to` files say where the king goes; remove the `O` component");
        }
        if self.g.files as i32 > MAX_CASTLING_FILES {
            d.error(
                high_name.span,
                format!(
                    "castling to fixed files needs a board of at most {MAX_CASTLING_FILES} files (this one has {})",
                    self.g.files
                ),
            )
            .note("the rights are one per file and side, in 32 bits");
            return None;
        }
        let high = file_index(self.g, high_name, d);
        let low = file_index(self.g, low_name, d);
        let (high, low) = (high?, low?);
        let mut ok = true;
        if high <= low {
            d.error(
                high_name.span,
                format!(
                    "the first `to` file is the king's toward the higher files, so it must lie right of `{}`",
                    low_name.value
                ),
            );
            ok = false;
        }
        if high == 0 {
            d.error(
                high_name.span,
                "no room for the partner beside the king on its left",
            );
            ok = false;
        }
        if low + 1 >= self.g.files as i32 {
            d.error(
                low_name.span,
                "no room for the partner beside the king on its right",
            );
            ok = false;
        }
        ok.then_some((high, low))
    }

    fn square(&self, file: i32, rank: i32) -> Square {
        self.g
            .square(file, rank)
            .expect("a file and rank of the board")
    }
}
