//! The FEN reader: Fairy-Stockfish's FEN (ranks from the top separated by `/`, multi-digit empty runs, `+X` for
//! promoted pieces, holdings in brackets, then side, castling, e.p. square, clocks) with parenthesised multi-letter
//! ids and a trailing `bonus` token. Castling and e.p. may be left out together (`[…] w 0 1`), and so may the side
//! to move and the clocks. Every problem found is reported, not only the first.
use super::error::{FenError, FenProblem, Problem};
use super::{Held, Placed, Setup, MAX_PIECES};
use crate::diag::Span;
use crate::rules::{Geometry, PieceId, Side, Square};

/// Reads the text of one piece at the start of `text`: `+`? then a letter or `(` an id `)`, then `~`?. Returns the piece's
/// id (White's spelling), its side and the number of bytes read; `Err` with the bytes to skip.
fn piece_token(text: &str) -> Result<(String, Side, usize), (Problem, usize)> {
    let promoted = text.starts_with('+');
    let at = usize::from(promoted);
    let rest = &text[at..];
    let (name, len) = if let Some(inner) = rest.strip_prefix('(') {
        let Some(close) = inner.find(')') else {
            let len = inner.find(['/', '[', ']', ' ']).unwrap_or(inner.len()) + 1;
            return Err((
                Problem::BadParentheses(text[..at + len].to_string()),
                at + len,
            ));
        };
        let name = &inner[..close];
        let mut chars = name.chars();
        let well_formed = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && chars.all(|c| c.is_ascii_alphanumeric());
        if !well_formed {
            return Err((
                Problem::BadParentheses(text[..at + close + 2].to_string()),
                at + close + 2,
            ));
        }
        (name, close + 2)
    } else {
        match rest.chars().next() {
            Some(c) if c.is_ascii_alphabetic() => (&rest[..1], 1),
            Some(c) => return Err((Problem::Unexpected(c), at + c.len_utf8())),
            None => return Err((Problem::Unexpected('+'), at)),
        }
    };
    let first = name.as_bytes()[0];
    let side = if first.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    };
    let mut id = String::with_capacity(name.len() + 1);
    if promoted {
        id.push('+');
    }
    id.push(first.to_ascii_uppercase() as char);
    id.push_str(&name[1..]);
    // `Q~`: a remembered promoted piece (Fairy-Stockfish's crazyhouse), a type of its own.
    let tilde = text[at + len..].starts_with('~');
    if tilde {
        id.push('~');
    }
    Ok((id, side, at + len + usize::from(tilde)))
}

/// The e.p. field: one square (the target), or two squares run together (`e3f4`, Fairy-Stockfish's form where the
/// piece that passed is not straight ahead of the target): the target and that piece's square, in either order,
/// told apart later by which one is empty. Returned as (first, second).
fn ep_squares(geometry: Geometry, text: &str) -> Option<(Square, Option<Square>)> {
    if let Some(sq) = geometry.parse_square(text) {
        return Some((sq, None));
    }
    // Split after the digits of the first square: `e3f4`, `j10j9`.
    let digits_start = text.find(|c: char| c.is_ascii_digit())?;
    let digits_end = text[digits_start..]
        .find(|c: char| !c.is_ascii_digit())
        .map(|i| digits_start + i)?;
    let (first, second) = text.split_at(digits_end);
    Some((
        geometry.parse_square(first)?,
        Some(geometry.parse_square(second)?),
    ))
}

/// The whitespace-separated fields of `text` with their byte offsets.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

fn span(at: usize, len: usize) -> Span {
    Span::new(at, at + len.max(1))
}

struct Reader<L> {
    geometry: Geometry,
    lookup: L,
    setup: Setup,
    problems: Vec<FenProblem>,
}

impl<L: Fn(&str) -> Option<PieceId>> Reader<L> {
    fn problem(&mut self, span: Span, problem: Problem) {
        self.problems.push(FenProblem { span, problem });
    }

    /// Resolves a piece token at byte `at`; reports it when the game has no such piece.
    fn piece(&mut self, text: &str, at: usize) -> (Option<(PieceId, Side)>, usize) {
        match piece_token(text) {
            Ok((id, side, len)) => match (self.lookup)(&id) {
                Some(piece) => (Some((piece, side)), len),
                None => {
                    self.problem(
                        span(at, len),
                        Problem::UnknownPiece(text[..len].to_string()),
                    );
                    (None, len)
                }
            },
            Err((problem, len)) => {
                self.problem(span(at, len), problem);
                (None, len.max(1))
            }
        }
    }

    fn board(&mut self, board: &str, at: usize) {
        let g = self.geometry;
        self.setup.board_span = span(at, board.len());
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != g.ranks as usize {
            self.problem(
                span(at, board.len()),
                Problem::RankCount {
                    found: rows.len(),
                    expected: g.ranks,
                },
            );
        }
        let mut offset = at;
        for (i, row) in rows.iter().enumerate().take(g.ranks as usize) {
            let rank = g.ranks as i32 - 1 - i as i32;
            let mut file: i64 = 0;
            let mut pos = 0;
            while pos < row.len() {
                let rest = &row[pos..];
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                if digits > 0 {
                    match rest[..digits].parse::<u16>() {
                        Ok(n) if n > 0 => file += i64::from(n),
                        _ => {
                            self.problem(
                                span(offset + pos, digits),
                                Problem::BadEmptyRun(rest[..digits].to_string()),
                            );
                            file += 1;
                        }
                    }
                    pos += digits;
                    continue;
                }
                if rest.starts_with('*') {
                    if let Some(square) = g.square(file as i32, rank) {
                        self.setup.holes.push((square, span(offset + pos, 1)));
                    }
                    file += 1;
                    pos += 1;
                    continue;
                }
                let (piece, len) = self.piece(rest, offset + pos);
                if let Some((piece, side)) = piece {
                    if let Some(square) = g.square(file as i32, rank) {
                        self.setup.board.push(Placed {
                            square,
                            piece,
                            side,
                            span: span(offset + pos, len),
                        });
                    }
                }
                file += 1;
                pos += len;
            }
            if file != i64::from(g.files) {
                self.problem(
                    span(offset, row.len()),
                    Problem::RankLength {
                        rank: rank + 1,
                        found: file,
                        expected: g.files,
                    },
                );
            }
            offset += row.len() + 1;
        }
    }

    fn hands(&mut self, hand: &str, at: usize) {
        self.setup.hands_span = Some(Span::new(at, at + hand.len()));
        if hand == "-" {
            return;
        }
        let mut pos = 0;
        while pos < hand.len() {
            let rest = &hand[pos..];
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let count = match rest[..digits].parse::<u32>() {
                _ if digits == 0 => Some(1),
                Ok(n) if (1..=MAX_PIECES).contains(&n) && digits < rest.len() => Some(n),
                _ => None,
            };
            let Some(count) = count else {
                self.problem(
                    span(at + pos, digits),
                    Problem::BadCount(rest[..digits].to_string()),
                );
                pos += digits;
                continue;
            };
            let (piece, len) = self.piece(&rest[digits..], at + pos + digits);
            if let Some((piece, side)) = piece {
                self.setup.hands.push(Held {
                    side,
                    piece,
                    count,
                    span: span(at + pos, digits + len),
                });
            }
            pos += digits + len;
        }
    }

    /// The checks each side has still to give, `W+B`.
    fn checks_left(&mut self, text: &str, at: usize) {
        let counts: Vec<Option<u32>> = text.split('+').map(|n| n.parse().ok()).collect();
        match counts[..] {
            [Some(white), Some(black)] => {
                self.setup.checks_left = Some(([white, black], span(at, text.len())))
            }
            _ => self.problem(
                span(at, text.len()),
                Problem::BadCheckCount(text.to_string()),
            ),
        }
    }

    /// Side to move, castling, e.p., check counts, clocks and `bonus`.
    fn state(&mut self, fields: &[(usize, &str)]) {
        let mut fields = fields.iter().copied().peekable();
        if let Some((at, text)) = fields.next_if(|(_, t)| !is_number(t) && *t != "bonus") {
            match text {
                "w" => self.setup.side = Side::White,
                "b" => self.setup.side = Side::Black,
                _ => self.problem(span(at, text.len()), Problem::BadSide(text.to_string())),
            }
            self.setup.side_span = Some(span(at, text.len()));
        }
        if let Some((at, text)) = fields.next_if(|(_, t)| !is_number(t) && *t != "bonus") {
            if text != "-" {
                let letters = text.char_indices();
                self.setup.castling = letters
                    .map(|(i, c)| (c, span(at + i, c.len_utf8())))
                    .collect();
            }
            // Three numbers after the castling field are a counting limit and the two clocks.
            let numbers_left = fields.clone().filter(|(_, t)| is_number(t)).count();
            if numbers_left == 3 {
                if let Some((at, text)) = fields.next_if(|(_, t)| is_number(t)) {
                    match text.parse::<u32>() {
                        Ok(n) => self.setup.counting_limit = Some((n, span(at, text.len()))),
                        Err(_) => {
                            self.problem(span(at, text.len()), Problem::BadClock(text.to_string()))
                        }
                    }
                }
            } else if let Some((at, text)) = fields.next_if(|(_, t)| !is_number(t) && *t != "bonus")
            {
                if text != "-" {
                    match ep_squares(self.geometry, text) {
                        Some((target, victim)) => {
                            self.setup.ep = Some((target, span(at, text.len())));
                            self.setup.ep_victim = victim;
                        }
                        None => self
                            .problem(span(at, text.len()), Problem::BadEpSquare(text.to_string())),
                    }
                }
            }
        }
        if let Some((at, text)) = fields.next_if(|(_, t)| t.contains('+')) {
            self.checks_left(text, at);
        }
        for clock in [0, 1] {
            let Some((at, text)) = fields.next_if(|(_, t)| is_number(t)) else {
                break;
            };
            match text.parse::<u32>() {
                Ok(n) if clock == 0 => self.setup.halfmove = n,
                Ok(n) => self.setup.fullmove = n.max(1),
                Err(_) => self.problem(span(at, text.len()), Problem::BadClock(text.to_string())),
            }
        }
        if let Some((at, _)) = fields.next_if(|(_, t)| *t == "bonus") {
            self.setup.bonus = Some(span(at, 5));
        }
        for (at, text) in fields {
            self.problem(
                span(at, text.len()),
                Problem::UnexpectedToken(text.to_string()),
            );
        }
    }
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

impl Setup {
    /// Reads a FEN for a board of this shape, resolving each piece's id (White's spelling: `N2`, `+P`) with
    /// `lookup`. Every problem found is reported, each at the text it is about.
    pub fn read(
        text: &str,
        geometry: Geometry,
        lookup: impl Fn(&str) -> Option<PieceId>,
    ) -> Result<Setup, FenError> {
        let fields = fields(text);
        let Some(&(at, placement)) = fields.first() else {
            return Err(FenError::one(Span::new(0, text.len()), Problem::Empty));
        };
        let mut reader = Reader {
            geometry,
            lookup,
            setup: Setup::empty(),
            problems: Vec::new(),
        };
        let board = match placement.find('[') {
            Some(open) => {
                match placement[open + 1..].strip_suffix(']') {
                    Some(hand) => reader.hands(hand, at + open + 1),
                    None => reader.problem(span(at + open, 1), Problem::UnclosedHand),
                }
                &placement[..open]
            }
            None => placement,
        };
        reader.board(board, at);
        reader.state(&fields[1..]);
        let Reader {
            setup,
            mut problems,
            ..
        } = reader;
        if problems.is_empty() {
            return Ok(setup);
        }
        problems.sort_by_key(|p| p.span.start);
        Err(FenError { problems })
    }

    /// Reads a FEN of `game`.
    pub fn from_fen(text: &str, game: &crate::rules::Game) -> Result<Setup, FenError> {
        Setup::read(text, game.geometry, |id| game.piece_by_symbol(id))
    }
}
