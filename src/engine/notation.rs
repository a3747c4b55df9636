//! Moves in Fairy-Stockfish's UCI notation: `e2e4`, `e10e12`, `d9d10+` (shogi-style promotion), `a9a10q`
//! (a chosen piece), `P@e4` (a drop, upper-case letter for both sides), `0000` (declining a bonus turn).
//! Castling is written as the king's move. A piece id of more than one letter is written whole, without the
//! parentheses FEN needs (`a7a8n2`, `N2@e4`): the suffix runs to the end of the move, a drop's piece to the `@`.
//! In a game whose moves leave walls, the walled square follows as a second leg from the destination
//! (`d4c2,c2d4`, `c1b1,b1a1`). A piece gated in from hand follows as its id in lower case (`b1c3h`; a castling
//! gating onto the partner's square is written from there to the castling piece's square, `h1e1h`).
use super::moves::{Move, MoveKind};
use super::Position;
use crate::rules::Game;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in this notation.
    Syntax(String),
    /// Well-formed, but not a legal move here.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(text) => write!(
                f,
                "`{text}` is not a move (expected e.g. e2e4, a9a10q, a7a8n2, d9d10+, d9d10-, P@e4, N2@e4, 0000)"
            ),
            MoveError::Illegal(text) => write!(f, "`{text}` is not a legal move in this position"),
        }
    }
}

impl std::error::Error for MoveError {}

/// The UCI text of a move.
pub fn to_uci(game: &Game, mv: &Move) -> String {
    let g = game.geometry;
    match mv.kind {
        // Passing the turn names the royal piece's square twice, as Fairy-Stockfish writes janggi's pass.
        MoveKind::Pass if game.pass_allowed => format!("{}{}", g.name(mv.from), g.name(mv.to)),
        MoveKind::Pass => "0000".into(),
        // A drop in the promoted form names that form (`+L@a1`), as Fairy-Stockfish writes it.
        MoveKind::Drop => format!(
            "{}@{}",
            game.pieces[mv.promotion.unwrap_or(mv.piece).index()].symbol,
            g.name(mv.to)
        ),
        _ => {
            let mut text = match mv.kind {
                // Fairy-Stockfish's multi-leg form: the first leg to the victim, then on to the destination.
                MoveKind::Locust { victim } => format!(
                    "{}{},{}{}",
                    g.name(mv.from),
                    g.name(victim),
                    g.name(victim),
                    g.name(mv.to)
                ),
                // An unload after a turn: the first leg(s) to the square the victim is put on, then the capture.
                // Several turning squares may lead to the same destination, each a different move. A swap in
                // place is written plainly (`d1d5`) unless the piece also captures plainly, which would read the
                // same: then it too is written in legs, from its own square (`d1d1,d1d5`).
                MoveKind::Unload { square }
                    if square != mv.from || game.pieces[mv.piece.index()].swaps_in_legs =>
                {
                    format!(
                        "{}{},{}{}",
                        g.name(mv.from),
                        g.name(square),
                        g.name(square),
                        g.name(mv.to)
                    )
                }
                // A castling that gates onto the partner's square is written from there to the castling piece's
                // square, as Fairy-Stockfish writes it (`h1e1h`).
                MoveKind::Castle { index } if mv.gate().is_some_and(|gate| gate.on_partner) => {
                    let c = &game.castlings[index as usize];
                    format!("{}{}", g.name(c.rook_from), g.name(c.king_from))
                }
                _ => format!("{}{}", g.name(mv.from), g.name(mv.to)),
            };
            if let Some(promoted) = mv.promotion {
                text += &game.promotion_suffix(mv.piece, promoted);
            }
            // The gated piece's id in lower case, as Fairy-Stockfish writes Seirawan chess's gating (`b1c3h`).
            if let Some(gate) = mv.gate() {
                text += &game.pieces[gate.piece.index()].symbol.to_lowercase();
            }
            // Fairy-Stockfish's walling form: a second leg from the destination to the walled square.
            if let Some(wall) = mv.wall() {
                text += &format!(",{}{}", g.name(mv.to), g.name(wall));
            }
            text
        }
    }
}

impl Position<'_> {
    /// The UCI text of a move in this position's game.
    pub fn uci(&self, mv: &Move) -> String {
        to_uci(self.game(), mv)
    }

    /// Reads a move in UCI notation and returns it if it is legal here.
    pub fn parse_move(&mut self, text: &str) -> Result<Move, MoveError> {
        if !looks_like_move(text) {
            return Err(MoveError::Syntax(text.into()));
        }
        let game = self.game();
        let moves = self.legal_move_list();
        moves
            .into_iter()
            .find(|mv| to_uci(game, mv) == text)
            .ok_or_else(|| MoveError::Illegal(text.into()))
    }
}

/// A cheap shape check so that garbage gets a syntax error rather than "illegal".
fn looks_like_move(text: &str) -> bool {
    if text == "0000" {
        return true;
    }
    if let Some((piece, square)) = text.split_once('@') {
        return !piece.is_empty() && is_square(square);
    }
    if let Some((first, second)) = text.split_once(',') {
        return looks_like_move(first) && !first.contains('+') && looks_like_move(second);
    }
    let bytes = text.as_bytes();
    let mut i = 0;
    for _ in 0..2 {
        let letters = bytes[i..]
            .iter()
            .take_while(|b| b.is_ascii_lowercase())
            .count();
        let digits = bytes[i + letters..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if letters == 0 || digits == 0 {
            return false;
        }
        i += letters + digits;
    }
    // Nothing, `+`, `-` (a demotion), or a lower-case id: `q`, `n2`, `+n`.
    if &text[i..] == "-" {
        return true;
    }
    let id = text[i..].strip_prefix('+').unwrap_or(&text[i..]);
    id.is_empty()
        || id.starts_with(|c: char| c.is_ascii_lowercase())
            && id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

fn is_square(text: &str) -> bool {
    let letters = text.bytes().take_while(|b| b.is_ascii_lowercase()).count();
    letters > 0 && text.len() > letters && text[letters..].bytes().all(|b| b.is_ascii_digit())
}
