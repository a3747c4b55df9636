//! Moves and positions as UCI and USI write them. UCI's are Fairy-Stockfish's, which are tatsu's own
//! ([`crate::engine::notation`]). USI names a square by its file, 9 to 1 from left to right as Sente sees the
//! board, and its rank, `a` to `i` from the top (tatsu's `a1` is USI's `9i` on a 9x9 board), writes a drop `P*5e`
//! and a promotion `+`; an SFEN (`lnsgkgsnl/… b S2p 1`) is a FEN whose side letters are swapped (`b`, Sente, moves
//! first: tatsu's White), whose hand follows the side and whose last number counts plies.
use super::Dialect;
use crate::engine::{Move, Position};
use crate::rules::{Game, Geometry};

/// The most files and ranks USI can name: one digit a file, one letter `a`–`i` a rank.
pub const USI_MAX: u8 = 9;

/// Why USI cannot play `game`, or `Ok` if it can: its board fits in 9x9 and every promotion is shogi's `+`.
pub fn usi_fits(game: &Game) -> Result<(), String> {
    let g = game.geometry;
    if g.files > USI_MAX || g.ranks > USI_MAX {
        return Err(format!(
            "its board is {}x{}: USI names at most 9 files and 9 ranks",
            g.files, g.ranks
        ));
    }
    for (index, piece) in game.pieces.iter().enumerate() {
        let id = crate::rules::PieceId(index as u16);
        for promotion in &piece.promotions {
            if let Some(&to) = promotion
                .choices
                .iter()
                .find(|&&to| game.promotion_suffix(id, to) != "+")
            {
                return Err(format!(
                    "{} ({}) promotes to {}: USI writes only shogi's promotion, `+`",
                    piece.name,
                    piece.symbol,
                    game.pieces[to.index()].symbol
                ));
            }
        }
    }
    Ok(())
}

/// The text of a move in `dialect`; `Err` with the tatsu text of a move USI cannot write.
pub fn move_text(dialect: Dialect, game: &Game, mv: &Move) -> Result<String, String> {
    let text = crate::engine::notation::to_uci(game, mv);
    match dialect {
        Dialect::Uci => Ok(text),
        Dialect::Usi => to_usi(game.geometry, &text).ok_or(text),
    }
}

/// The legal move a text names in `pos`, in `dialect`'s notation.
pub fn read_move(dialect: Dialect, pos: &mut Position, text: &str) -> Option<Move> {
    let text = match dialect {
        Dialect::Uci => text.to_string(),
        Dialect::Usi => from_usi(pos.game().geometry, text)?,
    };
    pos.parse_move(&text).ok()
}

/// USI's name of tatsu's square `file` `rank` (both from 0).
fn usi_square(g: Geometry, file: u8, rank: u8) -> String {
    format!(
        "{}{}",
        g.files - file,
        (b'a' + (g.ranks - 1 - rank)) as char
    )
}

/// Reads one tatsu square (`e4`) at the start of `text`: (file, rank) from 0 and the bytes read.
fn tatsu_square(g: Geometry, text: &[u8]) -> Option<(u8, u8, usize)> {
    let (&letter, rest) = text.split_first()?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let rank: u8 = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
    let file = letter.checked_sub(b'a')?;
    (file < g.files && (1..=g.ranks).contains(&rank)).then_some((file, rank - 1, 1 + digits))
}

/// USI's text of a move tatsu writes as `text` (`e2e4`, `c7c8+`, `P@e4`); `None` for any other form.
pub fn to_usi(g: Geometry, text: &str) -> Option<String> {
    if let Some((piece, square)) = text.split_once('@') {
        let (file, rank, used) = tatsu_square(g, square.as_bytes())?;
        let single = piece.len() == 1 && piece.as_bytes()[0].is_ascii_uppercase();
        return (single && used == square.len())
            .then(|| format!("{piece}*{}", usi_square(g, file, rank)));
    }
    let bytes = text.as_bytes();
    let (f1, r1, a) = tatsu_square(g, bytes)?;
    let (f2, r2, b) = tatsu_square(g, &bytes[a..])?;
    let suffix = &text[a + b..];
    matches!(suffix, "" | "+")
        .then(|| format!("{}{}{suffix}", usi_square(g, f1, r1), usi_square(g, f2, r2)))
}

/// Reads one USI square (`7g`): tatsu's name of it.
fn usi_to_tatsu(g: Geometry, text: &[u8]) -> Option<String> {
    let [file, rank] = text else { return None };
    let file = file.checked_sub(b'0')?;
    let rank = rank.checked_sub(b'a')?;
    ((1..=g.files).contains(&file) && rank < g.ranks)
        .then(|| format!("{}{}", (b'a' + g.files - file) as char, g.ranks - rank))
}

/// tatsu's text of a USI move (`7g7f`, `2b3c+`, `P*5e`); `None` if it is not one on this board.
pub fn from_usi(g: Geometry, text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    if let Some((piece, square)) = text.split_once('*') {
        let single = piece.len() == 1 && piece.as_bytes()[0].is_ascii_uppercase();
        return single
            .then(|| usi_to_tatsu(g, square.as_bytes()).map(|sq| format!("{piece}@{sq}")))?;
    }
    if bytes.len() < 4 || !text.is_char_boundary(4) {
        return None;
    }
    let suffix = &text[4..];
    if !matches!(suffix, "" | "+") {
        return None;
    }
    Some(format!(
        "{}{}{suffix}",
        usi_to_tatsu(g, &bytes[..2])?,
        usi_to_tatsu(g, &bytes[2..4])?
    ))
}

/// tatsu's FEN of an SFEN (`BOARD SIDE HAND [PLY]`): the board is the same text, `b` (Sente) is tatsu's `w`, the
/// hand (`S2Pb3p`, `-`) goes in brackets with its counts written out, and the ply count becomes a move number.
pub fn sfen_to_fen(sfen: &str) -> Result<String, String> {
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    let [board, side, hand, rest @ ..] = fields.as_slice() else {
        return Err("an SFEN has a board, a side (b or w) and a hand (- when empty)".into());
    };
    let side = match *side {
        "b" => "w",
        "w" => "b",
        other => return Err(format!("`{other}` is not a side (b: Sente, w: Gote)")),
    };
    let ply: u32 = match rest {
        [] => 1,
        [n] => n
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or(format!("`{n}` is not a move count"))?,
        _ => return Err("an SFEN has at most four fields".into()),
    };
    let mut pieces = String::new();
    if *hand != "-" {
        let mut count = String::new();
        for c in hand.chars() {
            if c.is_ascii_digit() {
                count.push(c);
            } else if c.is_ascii_alphabetic() {
                let n: usize = if count.is_empty() {
                    1
                } else {
                    count
                        .parse()
                        .ok()
                        .filter(|&n| n <= 99)
                        .ok_or(format!("`{count}{c}` is too many pieces in hand"))?
                };
                pieces.extend(std::iter::repeat_n(c, n));
                count.clear();
            } else {
                return Err(format!("`{c}` is not a piece in hand"));
            }
        }
        if !count.is_empty() {
            return Err(format!("the hand `{hand}` ends in a count"));
        }
    }
    let hand = if pieces.is_empty() {
        "-".into()
    } else {
        pieces
    };
    Ok(format!("{board}[{hand}] {side} - - 0 {}", ply.div_ceil(2)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHOGI: Geometry = Geometry { files: 9, ranks: 9 };

    #[test]
    fn usi_squares_count_files_from_the_right_and_ranks_from_the_top() {
        assert_eq!(to_usi(SHOGI, "c3c4").as_deref(), Some("7g7f"));
        assert_eq!(to_usi(SHOGI, "h8g7+").as_deref(), Some("2b3c+"));
        assert_eq!(to_usi(SHOGI, "P@e5").as_deref(), Some("P*5e"));
        assert_eq!(to_usi(SHOGI, "a7a8q"), None);
        assert_eq!(from_usi(SHOGI, "7g7f").as_deref(), Some("c3c4"));
        assert_eq!(from_usi(SHOGI, "2b3c+").as_deref(), Some("h8g7+"));
        assert_eq!(from_usi(SHOGI, "P*5e").as_deref(), Some("P@e5"));
        assert_eq!(from_usi(SHOGI, "0a1a"), None);
        assert_eq!(from_usi(SHOGI, "7j7f"), None);
        assert_eq!(from_usi(SHOGI, "7g7é"), None);
    }

    #[test]
    fn an_sfen_swaps_the_side_letters_and_writes_its_hand_out() {
        assert_eq!(
            sfen_to_fen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").unwrap(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1"
        );
        assert_eq!(
            sfen_to_fen("9/9/9/9/9/9/9/9/9 w S2Pb3p 4").unwrap(),
            "9/9/9/9/9/9/9/9/9[SPPbppp] b - - 0 2"
        );
        assert!(sfen_to_fen("9 x -").is_err());
        assert!(sfen_to_fen("9 b 999P").is_err());
    }
}
