//! The `counting` rule of an `end` block → [`Counting`]: each part at most once, a limit for at least one kind of
//! honour, every limit in range, an `else` row only at the end of the table.
use crate::compile::pieces::PieceNames;
use crate::compile::Diags;
use crate::diag::Span;
use crate::dsl::ast::{CountingPart, HonourRowSyntax, Spanned};
use crate::rules::{Counting, HonourRow, PieceId, MAX_COUNT_MOVES};

/// The counting rule, or `None` when it has an error (each one reported).
pub fn resolve_counting(
    keyword: Span,
    parts: &[CountingPart],
    names: &PieceNames,
    has_royal: bool,
    d: &mut Diags,
) -> Option<Counting> {
    let errors = d.error_count();
    let mut counting = Counting {
        suspended_by: Vec::new(),
        pieces_honour_suspended_by: Vec::new(),
        board_honour: None,
        board_honour_max_pieces: None,
        pieces_honour: Vec::new(),
        from_piece_count: false,
    };
    let mut seen: Vec<std::mem::Discriminant<CountingPart>> = Vec::new();
    for part in parts {
        let kind = std::mem::discriminant(part);
        if seen.contains(&kind) {
            d.error(
                part.keyword(),
                "this part of the `counting` rule is given twice",
            );
            continue;
        }
        seen.push(kind);
        match part {
            CountingPart::SuspendedBy(_, pieces, only_pieces_honour) => {
                let listed = names.listed_types(pieces, "suspended-by", d);
                let types = (0..listed.len())
                    .filter(|&p| listed[p])
                    .map(|p| PieceId(p as u16))
                    .collect();
                if *only_pieces_honour {
                    counting.pieces_honour_suspended_by = types;
                } else {
                    counting.suspended_by = types;
                }
            }
            CountingPart::BoardHonour(_, moves, max_pieces) => {
                counting.board_honour = limit(moves, d);
                if let Some(n) = max_pieces {
                    if (2..=u32::from(MAX_COUNT_MOVES)).contains(&n.value) {
                        counting.board_honour_max_pieces = Some(n.value as u16);
                    } else {
                        d.error(
                            n.span,
                            format!(
                                "the board's honour is for a side with more than its king: 2 to {MAX_COUNT_MOVES} pieces, not {}",
                                n.value
                            ),
                        );
                    }
                }
            }
            CountingPart::PiecesHonour(_, rows) => counting.pieces_honour = table(rows, names, d),
            CountingPart::CountFrom(_, from_piece_count) => {
                counting.from_piece_count = *from_piece_count
            }
        }
    }
    let honours = |p: &CountingPart| {
        matches!(
            p,
            CountingPart::BoardHonour(..) | CountingPart::PiecesHonour(..)
        )
    };
    if !parts.iter().any(honours) {
        d.error(
            keyword,
            "a `counting` rule needs `board-honour` or `pieces-honour`, or both",
        )
        .note("e.g. `counting suspended-by P board-honour 64 pieces-honour R 16, else 64`");
    }
    if !has_royal {
        d.error(
            keyword,
            "a count is run for a side down to its king, and this game has no `royal` piece",
        );
    }
    (d.error_count() == errors).then_some(counting)
}

/// A count's length in moves, 1 to [`MAX_COUNT_MOVES`].
fn limit(moves: &Spanned<u32>, d: &mut Diags) -> Option<u16> {
    if (1..=u32::from(MAX_COUNT_MOVES)).contains(&moves.value) {
        Some(moves.value as u16)
    } else {
        d.error(
            moves.span,
            format!(
                "a count lasts 1 to {MAX_COUNT_MOVES} moves, not {}",
                moves.value
            ),
        );
        None
    }
}

fn table(rows: &[HonourRowSyntax], names: &PieceNames, d: &mut Diags) -> Vec<HonourRow> {
    let mut table = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        if row.piece.is_none() && i + 1 < rows.len() {
            d.error(
                rows[i + 1].span,
                "this row comes after `else`, so it is never reached",
            )
            .note("`else` is the last row of the table");
        }
        let at_least = match &row.at_least {
            Some(n) if !(1..=u32::from(MAX_COUNT_MOVES)).contains(&n.value) => {
                d.error(
                    n.span,
                    format!(
                        "a row counts 1 to {MAX_COUNT_MOVES} pieces, not {}",
                        n.value
                    ),
                );
                continue;
            }
            Some(n) => n.value as u16,
            None => 1,
        };
        let piece = match &row.piece {
            Some(name) => match names.resolve(name, d) {
                Some(id) => Some(id),
                None => continue,
            },
            None => None,
        };
        if let Some(moves) = limit(&row.moves, d) {
            table.push(HonourRow {
                at_least,
                piece,
                moves,
            });
        }
    }
    table
}
