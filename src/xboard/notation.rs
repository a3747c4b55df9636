//! Squares and moves as XBoard writes them. XBoard gives every coordinate one character: files from `a`, ranks from
//! `1`, except that a board of exactly 10 ranks counts them from `0`, and ranks past the ninth continue in ASCII
//! (`:`, `;`, `<`, …). tatsu writes ranks as numbers from 1 (`e10`). Moves are otherwise the same text (`e2e4`,
//! `e7e8q`, `c7c8+`, `P@e4`, `e5f6,f6g7`), except that XBoard may add `=` for a promotion declined, and that a
//! castling tatsu writes as the king taking its partner (castling to fixed files, as in Chess960, or a castling whose
//! destination the king also reaches by a move of its own) is `O-O` toward the higher files and `O-O-O` toward the
//! lower, as XBoard writes Chess960 castling, and that passing the turn (`pass allowed`) is XBoard's null move `@@@@`.
use crate::engine::{Move, MoveKind};
use crate::rules::{Game, Geometry};

/// The most files XBoard's notation can name: one lowercase letter each, `a` to `z`.
pub const MAX_FILES: u32 = 26;
/// The most ranks: their characters run on from `1` through ASCII and must stop before `a`, the first file.
pub const MAX_RANKS: u32 = (b'a' - b'1') as u32;

/// Can XBoard's notation name every square of a `files` x `ranks` board? Taikyoku Shogi's 36 files cannot be:
/// its file `ae` would be read as two files.
pub fn names_board(files: u32, ranks: u32) -> bool {
    files <= MAX_FILES && ranks <= MAX_RANKS
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

/// The character of rank `rank` (from 0) on this board.
fn rank_char(g: Geometry, rank: i32) -> char {
    let one = if g.ranks == 10 { b'0' } else { b'1' };
    (one + rank as u8) as char
}

/// XBoard's text of a move written in tatsu's notation.
pub fn to_xboard(g: Geometry, uci: &str) -> String {
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
            out.push(rank_char(g, rank - 1));
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

fn squares(g: Geometry, text: &str) -> Option<String> {
    let one = if g.ranks == 10 { b'0' } else { b'1' };
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2);
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let is_file = c.is_ascii_lowercase() && (c - b'a') < g.files;
        if is_file && i + 1 < bytes.len() && bytes[i + 1] >= one && bytes[i + 1] < one + g.ranks {
            out.push(c as char);
            out += &(bytes[i + 1] - one + 1).to_string();
            i += 2;
        } else if c == b',' || (i + 1 == bytes.len() && (c == b'+' || c.is_ascii_alphabetic())) {
            out.push(c as char);
            i += 1;
        } else {
            return None;
        }
    }
    Some(out)
}

/// The square name XBoard uses (`e4`, `e0` on a 10-rank board, `e:` for tatsu's `e10` on a 12-rank board).
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

    #[test]
    fn ranks_past_nine_continue_in_ascii() {
        let g = Geometry {
            files: 7,
            ranks: 12,
        };
        assert_eq!(to_xboard(g, "b10b12+"), "b:b<+");
        assert_eq!(from_xboard(g, "b:b<+").as_deref(), Some("b10b12+"));
        assert_eq!(from_xboard(g, "p@c<").as_deref(), Some("P@c12"));
        assert_eq!(from_xboard(g, "c7c8=").as_deref(), Some("c7c8"));
        assert_eq!(from_xboard(g, "z1z2"), None);
    }

    #[test]
    fn the_thirteenth_rank_is_read_though_it_is_written_as_the_mark_of_a_declined_promotion() {
        let g = Geometry {
            files: 25,
            ranks: 25,
        };
        assert_eq!(to_xboard(g, "i12i13"), "i<i=");
        assert_eq!(from_xboard(g, "i<i=").as_deref(), Some("i12i13"));
        // The same move with XBoard's `=` of a promotion declined after it.
        assert_eq!(from_xboard(g, "i<i==").as_deref(), Some("i12i13"));
        assert_eq!(from_xboard(g, "i=i>").as_deref(), Some("i13i14"));
        // Rank 25 is `I`, past `@` (16) into the capitals.
        assert_eq!(to_xboard(g, "a24a25"), "aHaI");
        assert_eq!(from_xboard(g, "aHaI").as_deref(), Some("a24a25"));
    }

    #[test]
    fn a_board_of_more_than_26_files_cannot_be_named() {
        assert!(names_board(26, 26));
        assert!(!names_board(36, 36));
        assert!(!names_board(8, 49));
    }
}
