//! Squares and moves as XBoard writes them to engines and reads from them. Files are letters from `a`; ranks are
//! numbers from `1`, except that a board of exactly 10 ranks counts them from `0`: on every other board the text is
//! tatsu's own (`e2e4`, `b10b12+`). XBoard keeps ranks past the ninth as single ASCII characters (`:`, `;`, `<`, …)
//! only inside its move list; since 2011 it writes them to engines in decimal and its parser reads them so
//! (xboard commit aaa4fed7, "Allow double-digit rank numbers": `SendMoveToProgram` converts, `lift` is written
//! with `%d`), and HaChu reads `j12i11`, not `j<i;`. A text in the ASCII form is still read, for engines that write
//! it. Moves are otherwise the same text (`e7e8q`, `c7c8+`, `P@e4`, `e5f6,f6g7`), except that XBoard may add `=`
//! for a promotion declined, and that a castling tatsu writes as the king taking its partner (castling to fixed
//! files, as in Chess960, or a castling whose destination the king also reaches by a move of its own) is `O-O`
//! toward the higher files and `O-O-O` toward the lower, as XBoard writes Chess960 castling, and that passing the
//! turn (`pass allowed`) is XBoard's null move `@@@@`.
use crate::engine::{Move, MoveKind};
use crate::rules::{Game, Geometry};

/// The most files XBoard's notation can name: one lowercase letter each, `a` to `z`.
pub const MAX_FILES: u32 = 26;

/// Can XBoard's notation name every square of a board `files` wide? Taikyoku Shogi's 36 files cannot be: its file
/// `ae` would be read as two files. Ranks are numbers, so any count can be named.
pub fn names_board(files: u32) -> bool {
    files <= MAX_FILES
}

/// XBoard's text of a move of `game`.
pub fn move_text(game: &Game, mv: &Move) -> String {
    if mv.kind == MoveKind::Pass && game.pass_allowed {
        return "@@@@".into();
    }
    match castling(game, mv) {
        Some(text) => text.into(),
        None => to_xboard(game.geometry, &crate::engine::notation::to_uci(game, mv)),
    }
}

/// The legal move an XBoard text names in `pos`: `O-O`/`O-O-O` (or with zeros) for a castling written as the king
/// taking its partner, else the move in XBoard's or tatsu's rank notation, else SAN with XBoard's square names
/// (`Nf3`, `exd5`, `e8=Q`, `O-O`, `P@e4`: CECP lets an engine send SAN, [`crate::engine::san`]).
pub fn read_move(pos: &mut crate::engine::Position, text: &str) -> Option<Move> {
    // XBoard adds `+` to a move into a promotion zone whether or not the piece can promote there (a cannon's
    // capture into the zone arrives as `a1a7+`). Had the move a promoting form, the text whole found it; so the
    // text is read again without its trailing `+`, one at a time. A text still ending in two `+` is skipped: it is
    // no move's coordinates (a promotion's `+` ends a move), and its SAN reading is the whole text's, which
    // `read_with` already took each trailing mark off. Reading each of them again made a line of `+` quadratic
    // (a 2 KB line took 17 s in chess; an XBoard session reads lines of up to 1 MiB).
    let bare = text.trim_end_matches('+');
    let marks = text.len() - bare.len();
    let mut texts = vec![text];
    if marks >= 2 {
        texts.push(&text[..bare.len() + 1]);
    }
    if marks >= 1 && !bare.is_empty() {
        texts.push(bare);
    }
    texts.into_iter().find_map(|text| read_whole(pos, text))
}

/// A move XBoard sends in legs whose first leg ends on an empty square (`f3f4,f4f3`: XBoard writes every move of a
/// Lion with an intermediate square so, a pass among them) is the move from the first square to the last, which
/// tatsu writes plainly (`f3f3`, `f3g5`); where the first leg ends on a piece, tatsu writes the legs too and the
/// text is read as it stands.
fn through_empty_square(pos: &mut crate::engine::Position, text: &str) -> Option<Move> {
    let (first, rest) = text.split_once(',')?;
    let last = rest.rsplit(',').next()?;
    let g = pos.game().geometry;
    let squares = |leg: &str| -> Option<(crate::rules::Square, usize)> {
        // A leg is two squares: the first ends where the second's letters start after a digit.
        let split = leg
            .char_indices()
            .skip(1)
            .find(|&(i, c)| c.is_ascii_lowercase() && leg.as_bytes()[i - 1].is_ascii_digit())?
            .0;
        let end = leg[split..]
            .char_indices()
            .skip_while(|(_, c)| c.is_ascii_lowercase())
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(leg.len(), |(i, _)| split + i);
        Some((g.parse_square(&leg[split..end])?, split))
    };
    let (via, split) = squares(first)?;
    if pos.piece_at(via).is_some() {
        return None;
    }
    pos.parse_move(&format!("{}{}", &first[..split], &last[squares(last)?.1..]))
        .ok()
}

/// The legal move `text` names as it stands, trailing `+` included ([`read_move`]).
fn read_whole(pos: &mut crate::engine::Position, text: &str) -> Option<Move> {
    let game = pos.game();
    if text == "@@@@" {
        return pos
            .legal_move_list()
            .into_iter()
            .find(|mv| mv.kind == MoveKind::Pass);
    }
    let castling = text.replace('0', "O");
    if castling == "O-O" || castling == "O-O-O" {
        let found = pos
            .legal_move_list()
            .into_iter()
            .find(|mv| self::castling(game, mv) == Some(castling.as_str()));
        if found.is_some() {
            return found;
        }
    }
    let mut readings = candidates(game.geometry, text);
    readings.push(text.to_string());
    if let Some(mv) = readings.iter().find_map(|r| pos.parse_move(r).ok()) {
        return Some(mv);
    }
    if let Some(mv) = readings.iter().find_map(|r| through_empty_square(pos, r)) {
        return Some(mv);
    }
    let g = game.geometry;
    crate::engine::san::read_with(pos, text, &|sq| to_xboard(g, &g.name(sq)))
}

/// `O-O` or `O-O-O` for a castling written as the king taking its partner; `None` for every other move.
pub fn castling(game: &Game, mv: &Move) -> Option<&'static str> {
    let MoveKind::Castle { index } = mv.kind else {
        return None;
    };
    let c = &game.castlings[index as usize];
    if c.move_to != c.rook_from {
        return None;
    }
    let g = game.geometry;
    Some(if g.file(c.rook_from) > g.file(c.king_from) {
        "O-O"
    } else {
        "O-O-O"
    })
}

/// XBoard's number for rank `rank` (from 0) on this board: from 0 on a board of 10 ranks, else from 1.
fn rank_number(g: Geometry, rank: i32) -> i32 {
    if g.ranks == 10 {
        rank
    } else {
        rank + 1
    }
}

/// XBoard's text of a move written in tatsu's notation: the same but on a board of 10 ranks, whose ranks XBoard
/// counts from 0.
pub fn to_xboard(g: Geometry, uci: &str) -> String {
    if g.ranks != 10 {
        return uci.to_string();
    }
    let mut out = String::with_capacity(uci.len());
    let bytes = uci.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_ascii_lowercase() && i + 1 < bytes.len() && bytes[i + 1].is_ascii_digit() {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let rank: i32 = uci[i + 1..i + 1 + digits].parse().unwrap_or(1);
            out.push(c);
            out += &rank_number(g, rank - 1).to_string();
            i += 1 + digits;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The readings in tatsu's notation of a move XBoard wrote: a drop (`P@e4`, either case) and, on a board of 16
/// ranks where `@` is also the 16th rank, a board move too. A trailing `=` is XBoard's mark of a promotion
/// declined, but on a board of 13 ranks or more `=` is also the 13th rank (`i<i=` is i12-i13), so the text is read
/// with and without it. The caller takes the one that is legal.
pub fn candidates(g: Geometry, text: &str) -> Vec<String> {
    let mut readings = Vec::new();
    let one_mark_off = text.strip_suffix('=').unwrap_or(text);
    for text in [text, one_mark_off, text.trim_end_matches('=')] {
        let bytes = text.as_bytes();
        if bytes.len() > 2 && bytes[1] == b'@' && bytes[0].is_ascii_alphabetic() {
            if let Some(square) = squares(g, &text[2..]) {
                readings.push(format!(
                    "{}@{square}",
                    bytes[0].to_ascii_uppercase() as char
                ));
            }
        }
        readings.extend(squares(g, text));
    }
    // At most six readings: a repeated one is dropped where it stands.
    let mut unique: Vec<String> = Vec::with_capacity(readings.len());
    for r in readings {
        if !unique.contains(&r) {
            unique.push(r);
        }
    }
    unique
}

/// tatsu's text of a board move (or of the square part of a drop) XBoard wrote; `None` if it is not one.
pub fn from_xboard(g: Geometry, text: &str) -> Option<String> {
    candidates(g, text).into_iter().next()
}

/// tatsu's text of the squares XBoard wrote (`squares_with`): ranks as numbers, or on a board of more than 10
/// ranks as the ASCII characters past `9` some engines write.
fn squares(g: Geometry, text: &str) -> Option<String> {
    squares_with(g, text, false).or_else(|| {
        (g.ranks > 10)
            .then(|| squares_with(g, text, true))
            .flatten()
    })
}

/// Reads `text` square by square: a file letter, then its rank as a number (from 0 on a board of 10 ranks, else
/// from 1) or, with `ascii`, as one character counted on from `1` (`:` is 10, `<` 12).
fn squares_with(g: Geometry, text: &str, ascii: bool) -> Option<String> {
    let first = if g.ranks == 10 { 0 } else { 1 };
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2);
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let is_file = c.is_ascii_lowercase() && (c - b'a') < g.files;
        let rank = match bytes.get(i + 1) {
            Some(&r) if is_file && ascii && r >= b'1' && r < b'1' + g.ranks => {
                Some(((r - b'1') as u32, 1))
            }
            Some(r) if is_file && !ascii && r.is_ascii_digit() => {
                let digits = bytes[i + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                text[i + 1..i + 1 + digits]
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n >= first && n < first + u32::from(g.ranks))
                    .map(|n| (n - first, digits))
            }
            _ => None,
        };
        if let Some((rank, width)) = rank {
            out.push(c as char);
            out += &(rank + 1).to_string();
            i += 1 + width;
        } else if c == b',' || (i + 1 == bytes.len() && (c == b'+' || c.is_ascii_alphabetic())) {
            out.push(c as char);
            i += 1;
        } else {
            return None;
        }
    }
    Some(out)
}

/// The square an XBoard square name names (`e4`, `e0` on a 10-rank board, `e10` or `e:` on a 12-rank board).
pub fn square_from_xboard(g: Geometry, text: &str) -> Option<crate::rules::Square> {
    let converted = from_xboard(g, text)?;
    g.parse_square(&converted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_rank_boards_count_ranks_from_zero() {
        let g = Geometry {
            files: 10,
            ranks: 10,
        };
        assert_eq!(to_xboard(g, "e2e4"), "e1e3");
        assert_eq!(to_xboard(g, "a9a10q"), "a8a9q");
        assert_eq!(from_xboard(g, "a8a9q").as_deref(), Some("a9a10q"));
    }

    /// XBoard writes ranks past the ninth to engines as numbers (backend.c `SendMoveToProgram`, "[HGM] big:
    /// convert ranks to double-digit where needed"; its parser's `Number` reads them so), and HaChu refuses
    /// `j<i;`, the form XBoard keeps in its own move list.
    #[test]
    fn ranks_past_nine_are_written_as_numbers_as_xboard_writes_them_to_engines() {
        let g = Geometry {
            files: 12,
            ranks: 12,
        };
        assert_eq!(to_xboard(g, "j12i11"), "j12i11");
        assert_eq!(to_xboard(g, "b10b12+"), "b10b12+");
        assert_eq!(from_xboard(g, "j12i11").as_deref(), Some("j12i11"));
        assert_eq!(from_xboard(g, "p@c12").as_deref(), Some("P@c12"));
        assert_eq!(from_xboard(g, "c7c8=").as_deref(), Some("c7c8"));
        assert_eq!(from_xboard(g, "a13a1"), None, "no 13th rank");
        assert_eq!(from_xboard(g, "z1z2"), None);
    }

    /// An engine that writes ranks past the ninth in XBoard's internal ASCII form is still understood.
    #[test]
    fn ranks_past_nine_in_ascii_are_still_read() {
        let g = Geometry {
            files: 7,
            ranks: 12,
        };
        assert_eq!(from_xboard(g, "b:b<+").as_deref(), Some("b10b12+"));
        assert_eq!(from_xboard(g, "p@c<").as_deref(), Some("P@c12"));
        let g = Geometry {
            files: 25,
            ranks: 25,
        };
        // `=` is both the 13th rank in ASCII and XBoard's mark of a promotion declined.
        assert_eq!(from_xboard(g, "i<i=").as_deref(), Some("i12i13"));
        assert_eq!(from_xboard(g, "i<i==").as_deref(), Some("i12i13"));
        assert_eq!(to_xboard(g, "i12i13"), "i12i13");
        assert_eq!(to_xboard(g, "a24a25"), "a24a25");
    }

    #[test]
    fn a_board_of_more_than_26_files_cannot_be_named() {
        assert!(names_board(26));
        assert!(!names_board(36));
    }
}
