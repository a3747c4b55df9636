//! Standard Algebraic Notation for any game, written and read in one place (the referee's PGN, the moves engines
//! send it; a page may want it too). A board move is the piece's letter(s) from the game's FEN symbols (none for
//! `P`), what tells it from another of its type reaching the same square (file, rank, or whole square), `x` for a
//! capture, the destination, then `=` and the promoted type's letter (or `+` alone for a promotion to a `+`
//! form, as shogi writes it); a drop is `P@e4`; castling is `O-O` toward the higher files, `O-O-O` toward the
//! lower; `+` or `#` follows a move that checks or mates. A move SAN cannot tell from another (a gate, a wall, the
//! legs of a multi-leg move, a pass) is written in coordinates ([`super::notation`]) instead: whatever [`write()`]
//! writes, [`read`] reads back as the same move.
//!
//! Reading is lenient the way engines are: `x`, `=` and the pawn's `P` may be there or not, `-` between squares
//! (`Ng1-f3`) and zeros for castling (`0-0`) are read, check and mate marks and `!`/`?` are ignored, and more
//! disambiguation than needed is fine. A text that fits two legal moves is refused, never guessed.
use super::{Move, MoveKind, Position};
use crate::rules::{Game, Square};

/// The SAN of `mv`, a legal move in `pos`, with its check or mate mark; `pos` is left as it was.
pub fn write(pos: &mut Position, mv: &Move) -> String {
    let game = pos.game();
    let name = |sq: Square| game.geometry.name(sq);
    // One list of legal moves for the disambiguation, the read-back and the check mark's read-back: each generating
    // its own made writing a move cost three generations.
    let legal = pos.legal_move_list();
    let plain = plain(pos, &legal, mv, &name);
    let text = match plain {
        Some(text) if read_among(pos, &legal, &text, &name) == Some(*mv) => text,
        _ => pos.uci(mv),
    };
    pos.play(*mv);
    let mark = if !pos.in_check() {
        ""
    } else if pos.has_legal_move() {
        "+"
    } else {
        "#"
    };
    pos.unplay();
    // A move that declines a `+` promotion and gives check would read as the promotion (`Se7+`): `=` says it
    // declines (`Se7=+`), as the reader takes a trailing `=`.
    let marked = text.clone() + mark;
    if mark == "+" && read_in(pos, &legal, &marked) != Some(*mv) {
        return text + "=" + mark;
    }
    marked
}

/// The legal move a SAN text (or a move in tatsu's coordinates) names in `pos`; `None` for no move or two.
pub fn read(pos: &mut Position, text: &str) -> Option<Move> {
    let legal = pos.legal_move_list();
    read_in(pos, &legal, text)
}

/// [`read`] among `legal`, the legal moves of `pos`.
fn read_in(pos: &mut Position, legal: &[Move], text: &str) -> Option<Move> {
    let game = pos.game();
    let name = |sq: Square| game.geometry.name(sq);
    if let Some(mv) = read_among(pos, legal, text, &name) {
        return Some(mv);
    }
    // Coordinates, as `write` falls back to them, with its check mark (`d1a4h+`): the text whole first (`+` may
    // be a shogi promotion), then without each trailing mark. A shorter text is parsed only when it is some legal
    // move's: parsing each of a long run of marks again made a line of them quadratic.
    let mut key = text.trim();
    if let Ok(mv) = pos.parse_move(key) {
        return Some(mv);
    }
    let mut texts = None;
    while let Some(shorter) = key.strip_suffix(['+', '#']) {
        key = shorter;
        let texts =
            texts.get_or_insert_with(|| legal.iter().map(|mv| pos.uci(mv)).collect::<Vec<_>>());
        if texts.iter().any(|t| t == key) {
            if let Ok(mv) = pos.parse_move(key) {
                return Some(mv);
            }
        }
    }
    None
}

/// The marks a reader takes off the end of a SAN text, one at a time, until it names a move.
const MARKS: [char; 5] = ['+', '#', '!', '?', '='];

/// The legal move a SAN text names, squares named by `name` (tatsu's or XBoard's square names).
pub fn read_with(pos: &mut Position, text: &str, name: &dyn Fn(Square) -> String) -> Option<Move> {
    let legal = pos.legal_move_list();
    read_among(pos, &legal, text, name)
}

/// [`read_with`] among `legal`, the legal moves of `pos`. Linear in the text and the moves: the moves it may name
/// and their forms are found once, then each shorter key is only compared with those forms (finding them again
/// for each trailing mark made a line of a thousand marks take seconds).
fn read_among(
    pos: &Position,
    legal: &[Move],
    text: &str,
    name: &dyn Fn(Square) -> String,
) -> Option<Move> {
    let text: String = text.trim().chars().filter(|&c| c != '-').collect();
    let text = if !text.is_empty() && text.chars().all(|c| c == '0' || c == 'O') {
        text.replace('0', "O")
    } else {
        text
    };
    // A key below is the text less some of its trailing marks, and a form names its move's destination (a castling
    // excepted): a move whose destination the text does not name matches no key. Nor does a move whose forms are
    // all shorter than the shortest key: no form is longer than two pieces' letters (the mover's, the promoted
    // type's), two square names, `x` and `=`. So a line that is no move (an engine's thinking, say) costs a look at
    // each destination, not every move's forms written out.
    let shortest_key = text.trim_end_matches(MARKS).len().max(1);
    let letters_max = pos
        .game()
        .pieces
        .iter()
        .map(|p| p.symbol.len())
        .max()
        .unwrap_or(0);
    // Per square: the length of its name and whether the text names it, each name written once.
    let mut squares: Vec<Option<(usize, bool)>> = vec![None; pos.game().geometry.squares()];
    let mut square = |sq: Square| {
        let look = || {
            let n = name(sq);
            (n.len(), text.contains(n.as_str()))
        };
        match squares.get_mut(sq.index()) {
            Some(known) => *known.get_or_insert_with(look),
            None => look(),
        }
    };
    let candidates: Vec<(Move, Vec<String>)> = legal
        .iter()
        .filter(|mv| match mv.kind {
            MoveKind::Castle { .. } => true,
            MoveKind::Drop | MoveKind::Pass => square(mv.to).1,
            _ => {
                let (to, named) = square(mv.to);
                named && 2 * letters_max + square(mv.from).0 + to + 2 >= shortest_key
            }
        })
        .map(|mv| (*mv, forms(pos, mv, name)))
        .collect();
    // The text whole first, then without one more of its trailing marks each time: `?` and `=` are also rank
    // characters in XBoard's names of high boards, `+` a shogi promotion, and a trailing `=` declines one.
    let mut key = text.as_str();
    loop {
        if key.is_empty() {
            return None;
        }
        let mut found = candidates
            .iter()
            .filter(|(_, forms)| forms.iter().any(|f| f == key))
            .map(|(mv, _)| mv);
        if let Some(first) = found.next() {
            return found.next().is_none().then_some(*first);
        }
        match key.strip_suffix(MARKS) {
            Some(shorter) => key = shorter,
            None => return None,
        }
    }
}

/// The canonical SAN of `mv` without a check mark, `None` for a kind of move SAN has no form for.
/// `legal` is the legal moves of `pos`.
fn plain(
    pos: &Position,
    legal: &[Move],
    mv: &Move,
    name: &dyn Fn(Square) -> String,
) -> Option<String> {
    let game = pos.game();
    match mv.kind {
        MoveKind::Castle { index } => return Some(castling(game, index as usize).to_string()),
        MoveKind::Drop => {
            return Some(format!(
                "{}@{}",
                letters(game, mv.promotion.unwrap_or(mv.piece)),
                name(mv.to)
            ))
        }
        MoveKind::Pass => return None,
        _ => {}
    }
    let letter = letters(game, mv.piece);
    let capture = is_capture(pos, mv);
    let from = name(mv.from);
    let (file, rank) = split(&from);
    let rivals: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|o| {
            o.piece == mv.piece
                && o.to == mv.to
                && o.from != mv.from
                && o.promotion == mv.promotion
                && !matches!(
                    o.kind,
                    MoveKind::Drop | MoveKind::Castle { .. } | MoveKind::Pass
                )
        })
        .collect();
    let disambiguation = if letter == "P" && capture {
        if rivals.iter().any(|o| split(&name(o.from)).0 == file) {
            name(mv.from)
        } else {
            file.to_string()
        }
    } else if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|o| split(&name(o.from)).0 != file) {
        file.to_string()
    } else if rivals.iter().all(|o| split(&name(o.from)).1 != rank) {
        rank.to_string()
    } else {
        name(mv.from)
    };
    let mut text = if letter == "P" { String::new() } else { letter };
    text += &disambiguation;
    if capture {
        text.push('x');
    }
    text += &name(mv.to);
    if let Some(p) = mv.promotion {
        text += &promotion(game, p, true);
    }
    Some(text)
}

/// Every text [`read_with`] accepts for `mv` once its `-` are gone and before its trailing marks.
fn forms(pos: &Position, mv: &Move, name: &dyn Fn(Square) -> String) -> Vec<String> {
    let game = pos.game();
    match mv.kind {
        MoveKind::Castle { index } => return vec![castling(game, index as usize).replace('-', "")],
        MoveKind::Drop => {
            let piece = letters(game, mv.promotion.unwrap_or(mv.piece));
            return vec![format!("{piece}@{}", name(mv.to))];
        }
        MoveKind::Pass => return vec!["@@@@".to_string()],
        _ => {}
    }
    let letter = letters(game, mv.piece);
    let mut prefixes = vec![letter.clone()];
    if letter == "P" {
        prefixes.push(String::new());
    }
    let from = name(mv.from);
    let (file, rank) = split(&from);
    let captures: &[&str] = if is_capture(pos, mv) {
        &["", "x"]
    } else {
        &[""]
    };
    let promotions = match mv.promotion {
        Some(p) => {
            let mut all = vec![promotion(game, p, true), promotion(game, p, false)];
            all.dedup();
            all
        }
        None => vec![String::new()],
    };
    let to = name(mv.to);
    let mut out = Vec::new();
    for prefix in &prefixes {
        for disambiguation in ["", file, rank, from.as_str()] {
            for capture in captures {
                for promo in &promotions {
                    out.push(format!("{prefix}{disambiguation}{capture}{to}{promo}"));
                }
            }
        }
    }
    out
}

/// A piece type's letters as SAN writes them: its White FEN symbol.
fn letters(game: &Game, piece: crate::rules::PieceId) -> String {
    game.pieces[piece.index()].symbol.to_ascii_uppercase()
}

/// A promotion's suffix: `=Q`, or `+` alone for a promotion to a `+` form (shogi); `=` left out if not `equals`.
fn promotion(game: &Game, piece: crate::rules::PieceId, equals: bool) -> String {
    let symbol = letters(game, piece);
    if symbol.starts_with('+') {
        return "+".to_string();
    }
    if equals {
        format!("={symbol}")
    } else {
        symbol
    }
}

/// `O-O` toward the higher files, `O-O-O` toward the lower.
fn castling(game: &Game, index: usize) -> &'static str {
    let c = &game.castlings[index];
    let g = game.geometry;
    if g.file(c.rook_from) > g.file(c.king_from) {
        "O-O"
    } else {
        "O-O-O"
    }
}

/// Does the move take an enemy piece: on its destination, elsewhere (e.p., locust), or in passing (a slide that
/// takes what it passes, `taking-passed`)?
fn is_capture(pos: &Position, mv: &Move) -> bool {
    let us = pos.side_to_move();
    match mv.kind {
        MoveKind::EnPassant { .. } | MoveKind::Locust { .. } => true,
        MoveKind::Drop | MoveKind::Pass | MoveKind::Castle { .. } => false,
        _ => {
            let mut swept = false;
            pos.for_each_swept(mv, |_, side| swept |= side != us);
            swept || pos.piece_at(mv.to).is_some_and(|(_, side)| side != us)
        }
    }
}

/// A square's name split into its file (the leading letters) and its rank (the rest).
fn split(name: &str) -> (&str, &str) {
    let at = name
        .find(|c: char| !c.is_ascii_lowercase())
        .unwrap_or(name.len());
    name.split_at(at)
}
