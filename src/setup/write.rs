//! The FEN writer, and the text of one piece.
use super::Setup;
use crate::rules::{Game, Side};

/// A piece id as a side writes it: as declared for White (`N2`, `+Ky`), in lower case for Black (`n2`, `+ky`).
pub fn symbol_for(symbol: &str, side: Side) -> String {
    match side {
        Side::White => symbol.to_string(),
        Side::Black => symbol.to_lowercase(),
    }
}

/// A piece in FEN: [`symbol_for`], with an id of more than one letter (after its `+`) in parentheses: `N`, `+p`,
/// `(N2)`, `+(ky)`, and a remembered promoted piece with its `~` after it: `Q~`, `(n2)~`.
pub fn piece_text(symbol: &str, side: Side) -> String {
    let text = symbol_for(symbol, side);
    let (plus, name) = match text.strip_prefix('+') {
        Some(name) => ("+", name),
        None => ("", text.as_str()),
    };
    // A remembered promoted piece: Fairy-Stockfish's `~` after the piece (`Q~`, `(N2)~`).
    let (name, tilde) = match name.strip_suffix('~') {
        Some(name) => (name, "~"),
        None => (name, ""),
    };
    if name.len() > 1 {
        format!("{plus}({name}){tilde}")
    } else {
        text
    }
}

impl Setup {
    /// The FEN of this setup in `game`: the board, the holdings (in a game with drops: White's pieces then Black's,
    /// each type as often as held), side, castling letters as listed, e.p. square, clocks, and `bonus`.
    pub fn write(&self, game: &Game) -> String {
        let g = game.geometry;
        let mut grid = vec![None; g.squares()];
        for p in &self.board {
            grid[p.square.index()] = Some((p.piece, p.side));
        }
        // Holes and walls.
        let mut stars = crate::rules::SquareSet::new();
        self.holes.iter().for_each(|&(sq, _)| stars.insert(sq));
        let mut out = String::new();
        for rank in (0..g.ranks as i32).rev() {
            let mut empty = 0;
            for file in 0..g.files as i32 {
                let sq = g.square(file, rank).expect("on the board");
                if grid[sq.index()].is_none() && stars.contains(sq) {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out.push('*');
                    continue;
                }
                match grid[sq.index()] {
                    None => empty += 1,
                    Some((piece, side)) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out += &piece_text(&game.piece(piece).symbol, side);
                    }
                }
            }
            if empty > 0 {
                out += &empty.to_string();
            }
            if rank > 0 {
                out.push('/');
            }
        }
        if game.drops {
            out.push('[');
            for side in Side::BOTH {
                for held in self.hands.iter().filter(|h| h.side == side) {
                    let text = piece_text(&game.piece(held.piece).symbol, side);
                    for _ in 0..held.count {
                        out += &text;
                    }
                }
            }
            out.push(']');
        }
        out += if self.side == Side::White {
            " w "
        } else {
            " b "
        };
        if self.castling.is_empty() {
            out.push('-');
        }
        out.extend(self.castling.iter().map(|(c, _)| c));
        match (self.ep, self.ep_victim) {
            // A running count is written in the e.p. field's place, as Fairy-Stockfish writes it.
            _ if self.counting_limit.is_some() => {
                out += &format!(" {}", self.counting_limit.expect("a limit").0)
            }
            // Fairy-Stockfish's order: the two squares as they come on the board, the lower first.
            (Some((sq, _)), Some(victim)) => {
                let (a, b) = if sq.index() < victim.index() {
                    (sq, victim)
                } else {
                    (victim, sq)
                };
                out += &format!(" {}{}", g.name(a), g.name(b));
            }
            (Some((sq, _)), None) => out += &format!(" {}", g.name(sq)),
            (None, _) => out += " -",
        }
        if let Some(([white, black], _)) = self.checks_left {
            out += &format!(" {white}+{black}");
        }
        out += &format!(" {} {}", self.halfmove, self.fullmove);
        if self.bonus.is_some() {
            out += " bonus";
        }
        out
    }
}
