//! Writing PGN, in one place for every writer (`tatsu match`'s games, `tatsu serve`'s Save PGN): tags escaped so
//! that no text from outside (an engine's name, a player's name) can end a tag early, comments that cannot be
//! closed from inside, and movetext in SAN ([`crate::engine::san`]) numbered by the game itself.
//!
//! Move numbers follow the position, not the count of plies: the first number is the start position's full-move
//! number, a game that starts with Black to move opens with `N...`, and after a move that leaves the same side to
//! move (a bonus turn) the next move is numbered again, so that each number says whose move follows.
use crate::engine::{san, Move, Position};
use crate::rules::Side;

/// The longest line of movetext PGN's export format allows.
const MAX_LINE: usize = 79;

/// One tag pair, `[Name "value"]` and a line break, its value passed through [`tag_value`].
pub fn tag(name: &str, value: &str) -> String {
    format!("[{name} \"{}\"]\n", tag_value(value))
}

/// A tag's value: a backslash and a quote escaped as PGN says, control characters dropped, at most 255 bytes
/// (PGN's limit on a string token: an engine's name or a reason cannot make a tag of any length).
pub fn tag_value(text: &str) -> String {
    escaped(text, 255)
}

/// The `FEN` tag, written whole: a FEN is tatsu's own text, and a large board's is longer than PGN's 255 characters
/// (Taikyoku Shogi's start takes 2,961); cut, it would name another position, or none.
pub fn fen_tag(fen: &str) -> String {
    format!("[FEN \"{}\"]\n", escaped(fen, usize::MAX))
}

/// `text` with a backslash and a quote escaped, control characters dropped, at most `limit` bytes.
fn escaped(text: &str, limit: usize) -> String {
    let mut out = String::new();
    for c in text.chars().filter(|c| !c.is_control()) {
        let escaped = matches!(c, '\\' | '"');
        if out.len() + c.len_utf8() + usize::from(escaped) > limit {
            break;
        }
        if escaped {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A comment's text: PGN has no escape inside braces, so braces become parentheses; control characters are dropped.
pub fn comment(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .map(|c| match c {
            '{' => '(',
            '}' => ')',
            c => c,
        })
        .collect()
}

/// The result token: `1-0`, `0-1`, `1/2-1/2`, or `*` for a game not over (`None`).
pub fn result(over: Option<Option<Side>>) -> &'static str {
    match over {
        Some(Some(Side::White)) => "1-0",
        Some(Some(Side::Black)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    }
}

/// The moves played from `start` in SAN with their numbers, in lines of at most 79 characters. Each move must be
/// legal where it is played.
pub fn movetext(start: &Position, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut lines = String::new();
    let mut line = String::new();
    let mut turn_passed = true;
    for (i, mv) in moves.iter().enumerate() {
        let side = pos.side_to_move();
        let mut word = match side {
            Side::White => format!("{}. ", pos.fullmove_number()),
            Side::Black if i == 0 || !turn_passed => format!("{}... ", pos.fullmove_number()),
            Side::Black => String::new(),
        };
        word += &san::write(&mut pos, mv);
        pos.play(*mv);
        turn_passed = pos.side_to_move() != side;
        if !line.is_empty() && line.len() + 1 + word.len() > MAX_LINE {
            lines += &line;
            lines.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &word;
    }
    lines + &line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tag_value_cannot_end_its_tag() {
        assert_eq!(tag("White", "A \"B\"]\n"), "[White \"A \\\"B\\\"]\"]\n");
        assert_eq!(tag_value(&"\"".repeat(200)).len(), 254);
    }

    #[test]
    fn a_fen_longer_than_pgn_tokens_is_written_whole() {
        let fen = "(gg)".repeat(500) + " w - 0 1";
        assert_eq!(fen_tag(&fen), format!("[FEN \"{fen}\"]\n"));
    }

    #[test]
    fn a_comment_cannot_be_closed_from_inside() {
        assert_eq!(comment("a}1-0{\u{7}b"), "a)1-0(b");
    }
}
