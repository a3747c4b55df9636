//! Positions in Fairy-Stockfish's FEN: ranks from the top separated by `/`, multi-digit empty runs, `+X` for
//! promoted pieces, holdings in brackets, then side, castling, e.p. square, clocks, and a trailing `bonus` token
//! when a bonus turn is pending. Every problem found is reported, not only the first.
use super::{Engine, Position};
use crate::rules::{PieceId, Side, Square};
use std::fmt;

/// Why a FEN was rejected: every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    pub problems: Vec<String>,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN: {}", self.problems.join("; "))
    }
}

impl std::error::Error for FenError {}

impl<'e> Position<'e> {
    /// The game's start position.
    pub fn start(engine: &'e Engine) -> Position<'e> {
        Position::from_fen(engine, &engine.game.start_fen)
            .expect("the compiler validated the start position")
    }

    /// A position holding only the given pieces, with `side` to move, no castling rights and empty hands.
    /// Not validated: meant for diagrams and tests (a lone piece on an empty board).
    pub fn from_pieces(
        engine: &'e Engine,
        side: Side,
        pieces: &[(Square, PieceId, Side)],
    ) -> Position<'e> {
        let mut pos = Position::empty(engine);
        for &(sq, piece, owner) in pieces {
            if pos.board[sq.index()].is_empty() {
                pos.put(sq, piece, owner);
            }
        }
        pos.set_side(side);
        pos.reset_history();
        pos
    }

    pub fn from_fen(engine: &'e Engine, fen: &str) -> Result<Position<'e>, FenError> {
        let mut problems = Vec::new();
        let mut pos = Position::empty(engine);
        let mut fields = fen.split_whitespace();
        let Some(placement) = fields.next() else {
            return Err(FenError {
                problems: vec!["the FEN is empty".into()],
            });
        };
        let (board, hand) = match placement.find('[') {
            Some(open) => {
                let rest = &placement[open + 1..];
                match rest.strip_suffix(']') {
                    Some(hand) => (&placement[..open], Some(hand)),
                    None => {
                        problems.push(
                            "the holdings `[` are not closed by `]` at the end of the placement"
                                .into(),
                        );
                        (&placement[..open], None)
                    }
                }
            }
            None => (placement, None),
        };
        parse_board(&mut pos, board, &mut problems);
        if let Some(hand) = hand {
            parse_hand(&mut pos, hand, &mut problems);
        }
        let rest: Vec<&str> = fields.collect();
        parse_state(&mut pos, &rest, &mut problems);
        validate(&pos, &mut problems);
        if !problems.is_empty() {
            return Err(FenError { problems });
        }
        pos.reset_history();
        Ok(pos)
    }

    pub fn to_fen(&self) -> String {
        let game = self.game();
        let g = game.geometry;
        let mut out = String::new();
        for rank in (0..g.ranks as i32).rev() {
            let mut empty = 0;
            for file in 0..g.files as i32 {
                let sq = g.square(file, rank).expect("on the board");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some((piece, side)) => {
                        if empty > 0 {
                            out += &empty.to_string();
                            empty = 0;
                        }
                        out += &symbol_for(&game.pieces[piece.index()].symbol, side);
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
                for (p, &count) in self.hands[side.index()].iter().enumerate() {
                    for _ in 0..count {
                        out += &symbol_for(&game.pieces[p].symbol, side);
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
        // The customary order: White's rights before Black's, the one toward the higher files (`K`) first.
        let g = game.geometry;
        let mut held: Vec<_> = game
            .castling_rights
            .iter()
            .enumerate()
            .filter(|(i, _)| self.castling >> i & 1 != 0)
            .map(|(_, r)| r)
            .collect();
        held.sort_by_key(|r| (r.side, -g.file(r.rook_from)));
        let rights: String = held.iter().map(|r| r.letter).collect();
        out += if rights.is_empty() { "-" } else { &rights };
        match self.ep {
            // The passed square next to the piece that passed (the only one for a double step): from_fen finds
            // the piece beside it.
            Some(ep) if ep.count > 0 => {
                out += &format!(" {}", g.name(ep.targets[ep.count as usize - 1]))
            }
            _ => out += " -",
        }
        out += &self.check_field();
        out += &format!(" {} {}", self.halfmove, self.fullmove);
        if self.bonus_pending {
            out += " bonus";
        }
        out
    }
}

/// A piece's FEN text for a side: upper case for White, lower case for Black.
pub fn symbol_for(symbol: &str, side: Side) -> String {
    match side {
        Side::White => symbol.to_string(),
        Side::Black => symbol.to_lowercase(),
    }
}

/// Reads the piece symbol at the start of `text`: the longest symbol of the game that matches, all letters in one
/// case. Returns the piece, its side and the number of bytes read.
fn read_symbol(engine: &Engine, text: &str) -> Option<(PieceId, Side, usize)> {
    let mut best: Option<(PieceId, Side, usize)> = None;
    for (p, piece) in engine.game.pieces.iter().enumerate() {
        let len = piece.symbol.len();
        let Some(candidate) = text.get(..len) else {
            continue;
        };
        let side = if candidate == piece.symbol {
            Side::White
        } else if candidate == piece.symbol.to_lowercase()
            && candidate != piece.symbol.to_uppercase()
        {
            Side::Black
        } else {
            continue;
        };
        if best.is_none_or(|(_, _, l)| len > l) {
            best = Some((PieceId(p as u16), side, len));
        }
    }
    best
}

fn parse_board(pos: &mut Position, board: &str, problems: &mut Vec<String>) {
    let engine = pos.engine;
    let g = engine.game.geometry;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != g.ranks as usize {
        problems.push(format!(
            "the board has {} ranks, but this game's board has {}",
            rows.len(),
            g.ranks
        ));
    }
    for (i, row) in rows.iter().enumerate().take(g.ranks as usize) {
        let rank = g.ranks as i32 - 1 - i as i32;
        let mut file: i32 = 0;
        let mut rest = *row;
        while !rest.is_empty() {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 {
                match rest[..digits].parse::<i32>() {
                    // Past the board's width the count is wrong anyway: saturate instead of overflowing.
                    Ok(n) if n > 0 => file = file.saturating_add(n),
                    _ => problems.push(format!(
                        "rank {}: `{}` is not a run of empty squares",
                        rank + 1,
                        &rest[..digits]
                    )),
                }
                rest = &rest[digits..];
                continue;
            }
            match read_symbol(engine, rest) {
                Some((piece, side, len)) => {
                    if let Some(sq) = g.square(file, rank) {
                        pos.put(sq, piece, side);
                    }
                    file = file.saturating_add(1);
                    rest = &rest[len..];
                }
                None => {
                    let c = rest.chars().next().expect("not empty");
                    problems.push(format!(
                        "rank {}: `{}` is not a piece of this game",
                        rank + 1,
                        c
                    ));
                    rest = &rest[c.len_utf8()..];
                    file = file.saturating_add(1);
                }
            }
        }
        if file != g.files as i32 {
            problems.push(format!(
                "rank {} describes {} files, but the board has {}",
                rank + 1,
                file,
                g.files
            ));
        }
    }
}

fn parse_hand(pos: &mut Position, hand: &str, problems: &mut Vec<String>) {
    let engine = pos.engine;
    if !engine.game.drops && !hand.is_empty() && hand != "-" {
        problems.push("this game has no pieces in hand, but the FEN gives holdings".into());
        return;
    }
    let mut rest = if hand == "-" { "" } else { hand };
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let count: u8 = if digits > 0 {
            match rest[..digits].parse() {
                Ok(n) => n,
                Err(_) => {
                    problems.push(format!(
                        "holdings: `{}` is not a count (at most 255)",
                        &rest[..digits]
                    ));
                    0
                }
            }
        } else {
            1
        };
        rest = &rest[digits..];
        if rest.is_empty() {
            problems.push("holdings: a count must be followed by a piece".into());
            break;
        }
        match read_symbol(engine, rest) {
            Some((piece, side, len)) => {
                if engine.game.pieces[piece.index()].drop.is_none() {
                    problems.push(format!(
                        "`{}` cannot be held in hand in this game",
                        &rest[..len]
                    ));
                } else {
                    let old = pos.hands[side.index()][piece.index()];
                    pos.set_hand(side, piece, old.saturating_add(count));
                }
                rest = &rest[len..];
            }
            None => {
                let c = rest.chars().next().expect("not empty");
                problems.push(format!("holdings: `{}` is not a piece of this game", c));
                rest = &rest[c.len_utf8()..];
            }
        }
    }
}

fn parse_state(pos: &mut Position, fields: &[&str], problems: &mut Vec<String>) {
    let engine = pos.engine;
    let mut fields = fields.iter().copied().peekable();
    match fields.next() {
        None | Some("w") => {}
        Some("b") => pos.set_side(Side::Black),
        Some(other) => problems.push(format!("`{other}` is not a side to move (`w` or `b`)")),
    }
    let is_number = |s: &&str| s.parse::<u32>().is_ok();
    // The short form `[...] w 0 1` leaves out castling and e.p.
    if fields
        .peek()
        .is_some_and(|s| !is_number(s) && *s != "bonus")
    {
        let castling = fields.next().expect("peeked");
        if castling != "-" {
            let mut rights = 0u32;
            for c in castling.chars() {
                match engine
                    .game
                    .castling_rights
                    .iter()
                    .position(|r| r.letter == c)
                {
                    Some(i) => rights |= 1 << i,
                    None => problems.push(format!("`{c}` is not a castling right of this game")),
                }
            }
            pos.set_castling(rights);
        }
        if fields
            .peek()
            .is_some_and(|s| !is_number(s) && *s != "bonus")
        {
            let ep = fields.next().expect("peeked");
            if ep != "-" {
                parse_ep(pos, ep, problems);
            }
        }
    }
    if let Some(checks) = fields.next_if(|s| s.contains('+')) {
        pos.read_check_field(checks, problems);
    }
    if let Some(half) = fields.next_if(is_number) {
        pos.halfmove = half.parse().expect("checked");
    }
    if let Some(full) = fields.next_if(is_number) {
        pos.fullmove = full.parse::<u32>().expect("checked").max(1);
    }
    if fields.next_if(|s| *s == "bonus").is_some() {
        if engine.game.bonus_turn.is_none() {
            problems.push("`bonus`: this game has no bonus turns".into());
        } else {
            pos.set_bonus(true);
        }
    }
    if let Some(extra) = fields.next() {
        problems.push(format!("unexpected `{extra}` after the position"));
    }
}

fn parse_ep(pos: &mut Position, text: &str, problems: &mut Vec<String>) {
    let g = pos.engine.game.geometry;
    let Some(target) = g.parse_square(text) else {
        problems.push(format!("`{text}` is not an e.p. square on this board"));
        return;
    };
    // The victim is the piece that just passed over the target: next to it, with the square on the other side (where
    // it came from) empty. Straight ahead in its owner's forward direction first (a pawn's double step), then
    // sideways, diagonally and backwards (a variant's sideways or diagonal multi-step).
    let mover = pos.side.opponent();
    let forward = if mover == Side::White { 1 } else { -1 };
    let (file, rank) = (g.file(target), g.rank(target));
    let directions = [
        (0, forward),
        (-1, forward),
        (1, forward),
        (-1, 0),
        (1, 0),
        (0, -forward),
        (-1, -forward),
        (1, -forward),
    ];
    let empty = |sq: Square| pos.board[sq.index()].is_empty();
    let victim = directions.iter().find_map(|&(dx, dy)| {
        let victim = g.square(file + dx, rank + dy)?;
        let origin = g.square(file - dx, rank - dy)?;
        (pos.board[victim.index()].is(mover) && empty(origin)).then_some(victim)
    });
    match victim {
        Some(victim) if empty(target) => {
            pos.set_ep(Some(super::position::EnPassant {
                targets: [target; 3],
                count: 1,
                victim,
            }));
        }
        _ => problems.push(format!(
            "e.p. square {text}: no piece has just passed over it"
        )),
    }
}

fn validate(pos: &Position, problems: &mut Vec<String>) {
    let game = pos.game();
    let g = game.geometry;
    for side in Side::BOTH {
        let royals = pos.lists[side.index()]
            .iter()
            .filter(|sq| game.pieces[pos.board[sq.index()].piece().index()].royal)
            .count();
        if royals > 1 {
            problems.push(format!(
                "{side:?} has {royals} royal pieces; at most one is supported"
            ));
        }
        for &sq in &pos.lists[side.index()] {
            let piece = &game.pieces[pos.board[sq.index()].piece().index()];
            if piece.dead[side.index()].contains(sq) {
                problems.push(format!(
                    "{side:?} {} on {} could never move from there",
                    piece.name,
                    g.name(sq)
                ));
            }
        }
    }
    for (i, right) in game.castling_rights.iter().enumerate() {
        if pos.castling >> i & 1 == 0 {
            continue;
        }
        // The very pieces, not any of that side's: a rook standing on the king's square cannot castle.
        let king_ok = pos.piece_at(right.king_from) == Some((right.king, right.side));
        let rook_ok = pos.piece_at(right.rook_from) == Some((right.rook, right.side));
        if !king_ok || !rook_ok {
            problems.push(format!(
                "castling right `{}` needs the {} on {} and the {} on {}",
                right.letter,
                game.pieces[right.king.index()].name,
                g.name(right.king_from),
                game.pieces[right.rook.index()].name,
                g.name(right.rook_from)
            ));
        }
    }
    if problems.is_empty() && pos.side_in_check(pos.side.opponent()) && !pos.bonus_pending {
        problems.push("the side not to move is in check".into());
    }
}
