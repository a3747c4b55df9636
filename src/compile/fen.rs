//! The start position: the board part and hand of the `start` FEN, checked against the board and the piece ids.
//! Errors point at the offending characters inside the quoted string.
use super::graph::Built;
use super::pieces::{PieceInfo, PieceNames};
use super::Diags;
use crate::diag::Span;
use crate::dsl::ast::Str;
use crate::rules::{Geometry, PieceId, Side, Square};

/// Where each piece stands at the start.
pub struct StartPosition {
    pub placement: Vec<(Square, Side, PieceId, Span)>,
}

impl StartPosition {
    pub fn squares_of(&self, piece: PieceId, side: Side) -> impl Iterator<Item = Square> + '_ {
        self.placement
            .iter()
            .filter(move |(_, s, p, _)| *s == side && *p == piece)
            .map(|(sq, ..)| *sq)
    }
}

pub fn parse_start(
    fen: &Str,
    g: Geometry,
    names: &PieceNames,
    d: &mut Diags,
) -> Option<StartPosition> {
    let text = &fen.value;
    let at = |i: usize, len: usize| Span::new(fen.span.start + i, fen.span.start + i + len.max(1));
    let errors_before = d.has_errors();
    let _ = errors_before;
    let mut bad = false;
    let board_end = text.find([' ', '[']).unwrap_or(text.len());
    let board = &text[..board_end];
    let rows: Vec<(usize, &str)> = {
        let mut v = Vec::new();
        let mut offset = 0;
        for part in board.split('/') {
            v.push((offset, part));
            offset += part.len() + 1;
        }
        v
    };
    if rows.len() != g.ranks as usize {
        d.error(
            at(0, board.len()),
            format!(
                "the start position has {} ranks; the board has {}",
                rows.len(),
                g.ranks
            ),
        );
        return None;
    }
    let mut placement = Vec::new();
    for (row_index, (offset, row)) in rows.iter().enumerate() {
        let rank = g.ranks as i32 - 1 - row_index as i32;
        let mut file = 0i32;
        let bytes = row.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i] as char;
            if c.is_ascii_digit() {
                let j = i + row[i..]
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(row.len() - i);
                file += row[i..j].parse::<i32>().unwrap_or(i32::MAX / 2);
                i = j;
                continue;
            }
            let promoted = c == '+';
            let letter_at = i + usize::from(promoted);
            let Some(letter) = row[letter_at..]
                .chars()
                .next()
                .filter(char::is_ascii_alphabetic)
            else {
                d.error(
                    at(offset + i, 1),
                    format!(
                        "unexpected `{}` in the start position",
                        &row[i..].chars().next().unwrap_or(' ')
                    ),
                );
                bad = true;
                break;
            };
            let side = if letter.is_ascii_uppercase() {
                Side::White
            } else {
                Side::Black
            };
            let symbol = format!(
                "{}{}",
                if promoted { "+" } else { "" },
                letter.to_ascii_uppercase()
            );
            let span = at(offset + i, letter_at + 1 - i);
            match names.lookup(&symbol) {
                Some(id) => {
                    if let Some(sq) = g.square(file, rank) {
                        placement.push((sq, side, id, span));
                    }
                }
                None => {
                    d.error(span, format!("no piece `{symbol}` is declared"));
                    bad = true;
                }
            }
            file += 1;
            i = letter_at + 1;
        }
        if file != g.files as i32 && !bad {
            d.error(
                at(*offset, row.len()),
                format!(
                    "rank {} of the start position has {} squares; the board has {} files",
                    rank + 1,
                    file,
                    g.files
                ),
            );
            bad = true;
        }
    }
    // The hand, if any: `[...]` right after the board.
    if text[board_end..].starts_with('[') {
        let close = text[board_end..].find(']').map(|i| board_end + i);
        match close {
            None => {
                d.error(at(board_end, 1), "the hand `[` is not closed with `]`");
                bad = true;
            }
            Some(close) => {
                for (i, c) in text[board_end + 1..close].char_indices() {
                    if c == '-' {
                        continue;
                    }
                    let symbol = c.to_ascii_uppercase().to_string();
                    if !c.is_ascii_alphabetic() || names.lookup(&symbol).is_none() {
                        d.error(
                            at(board_end + 1 + i, 1),
                            format!("no piece `{c}` can be in hand"),
                        );
                        bad = true;
                    }
                }
            }
        }
    }
    let rest: Vec<&str> = text[board_end..].split_whitespace().collect();
    let side_field = rest.iter().find(|f| !f.starts_with('['));
    if !matches!(side_field, Some(&"w") | Some(&"b")) {
        d.error(
            fen.span,
            "the start position must give the side to move (`w` or `b`) after the board",
        );
        bad = true;
    }
    (!bad).then_some(StartPosition { placement })
}

/// A piece may not start on a square from which it could never move (one error per piece and side).
pub fn check_start_dead(start: &StartPosition, built: &Built, infos: &[PieceInfo], d: &mut Diags) {
    let mut reported: Vec<(PieceId, Side)> = Vec::new();
    for (sq, side, piece, span) in &start.placement {
        let p = &built.pieces[piece.index()];
        if p.dead[side.index()].contains(*sq)
            && !p.royal
            && !infos[piece.index()].broken
            && !reported.contains(&(*piece, *side))
        {
            reported.push((*piece, *side));
            d.error(
                *span,
                format!(
                    "`{}` starts on a square from which it can never move",
                    p.symbol
                ),
            );
        }
    }
}
