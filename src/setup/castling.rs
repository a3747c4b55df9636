//! The castling letters of a FEN read against a game's rights. A letter names a right of the game (`K`, `q`, or
//! under fixed-file castling a partner's file, `H`, `a`); under fixed-file castling `K`/`Q` (`k`/`q`) also name
//! the outermost partner on that side of the king on its rank, as Fairy-Stockfish and X-FEN read them, so that a
//! FEN written for a hand-set position loads whatever file the partner stands on. A first-move right
//! (`initial unmoved`) is written with its piece's file letter, as Fairy-Stockfish writes its gates, and so is a
//! gating right (`gating`). In a gating game a castling letter also grants the gating rights of the castling
//! piece's and the partner's squares, as Fairy-Stockfish reads it (`KQBCDFGkqbcdfg` is every gate of chess's
//! back ranks).
use super::error::Problem;
use crate::diag::Span;
use crate::rules::{CastlingRight, Game, PieceId, Side, Square};

/// The board of a setup, square by square.
pub type Board = [Option<(PieceId, Side)>];

/// The rights `letters` grant, as bits of [`Game::castling_rights`], with a problem for each letter that names no
/// right of the game or a right without its pieces in place.
pub fn read_rights(
    letters: &[(char, Span)],
    board: &Board,
    game: &Game,
    problem: &mut impl FnMut(Span, Problem),
) -> u32 {
    let mut held = 0;
    for &(letter, span) in letters {
        let Some(i) = right_of(letter, board, game) else {
            match first_move_right(letter, board, game).or_else(|| gate_right(letter, board, game))
            {
                Some(Ok(bit)) => held |= bit,
                Some(Err(needs)) => problem(span, Problem::CastlingPieces { letter, needs }),
                None => problem(span, Problem::UnknownCastling(letter)),
            }
            continue;
        };
        let right = &game.castling_rights[i];
        match missing_pieces(right, board, game) {
            None => held |= 1 << i | gates_of_castling(right, board, game),
            Some(needs) => problem(span, Problem::CastlingPieces { letter, needs }),
        }
    }
    held
}

/// The first-move right a letter names (its piece's file), as its bit among the position's rights, or what the
/// board lacks for it: the very piece on its start square. `None`: no first-move right has the letter.
fn first_move_right(letter: char, board: &Board, game: &Game) -> Option<Result<u32, String>> {
    let i = game
        .first_move_rights
        .iter()
        .position(|r| r.letter == letter)?;
    let right = &game.first_move_rights[i];
    Some(
        if board[right.square.index()] == Some((right.piece, right.side)) {
            Ok(1 << (game.castling_rights.len() + i))
        } else {
            Err(format!(
                "the {} on {} (its first-move right)",
                game.piece(right.piece).name,
                game.geometry.name(right.square)
            ))
        },
    )
}

/// The gating right a letter names (its square's file), as its bit among the position's rights, or what the
/// board lacks for it: a piece of its side on the square. `None`: no gating right has the letter.
fn gate_right(letter: char, board: &Board, game: &Game) -> Option<Result<u32, String>> {
    let gating = game.gating.as_ref()?;
    let i = gating.rights.iter().position(|r| r.letter == letter)?;
    let right = &gating.rights[i];
    Some(
        if board[right.square.index()].is_some_and(|(_, side)| side == right.side) {
            Ok(game.gate_bit(i))
        } else {
            Err(format!(
                "a piece of its side on {} (its gating right)",
                game.geometry.name(right.square)
            ))
        },
    )
}

/// The gating rights a castling right implies: those of its castling piece's and partner's squares.
fn gates_of_castling(right: &CastlingRight, board: &Board, game: &Game) -> u32 {
    let Some(gating) = &game.gating else {
        return 0;
    };
    gating
        .rights
        .iter()
        .enumerate()
        .filter(|(_, g)| g.side == right.side)
        .filter(|(_, g)| Some(g.square) == right.king_from || g.square == right.rook_from)
        .filter(|(_, g)| board[g.square.index()].is_some_and(|(_, side)| side == g.side))
        .fold(0, |bits, (i, _)| bits | game.gate_bit(i))
}

/// The right a letter names: under fixed-file castling `K`/`Q` first (on a board of 11 files or more `K` is also
/// a file letter, and Fairy-Stockfish reads it as the outermost partner), then the right written with it.
fn right_of(letter: char, board: &Board, game: &Game) -> Option<usize> {
    let side = if letter.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    };
    let fixed = game
        .castling_rights
        .iter()
        .any(|r| r.side == side && r.king_from.is_none());
    let toward = match letter.to_ascii_uppercase() {
        'K' => 1,
        'Q' => -1,
        _ => 0,
    };
    if fixed && toward != 0 {
        if let Some(i) = outermost(side, toward, board, game) {
            return Some(i);
        }
    }
    game.castling_rights.iter().position(|r| r.letter == letter)
}

/// Under fixed-file castling, the right of `side`'s outermost partner toward `toward` (+1: the higher files) from
/// its castling piece, on the castling piece's rank.
fn outermost(side: Side, toward: i32, board: &Board, game: &Game) -> Option<usize> {
    let g = game.geometry;
    let rights = || {
        game.castling_rights
            .iter()
            .enumerate()
            .filter(move |(_, r)| r.side == side && r.king_from.is_none())
    };
    let (_, any) = rights().next()?;
    let rank = g.rank(any.rook_from);
    let king = (0..g.files as i32)
        .filter_map(|f| g.square(f, rank))
        .find(|sq| board[sq.index()] == Some((any.king, side)))?;
    rights()
        .filter(|(_, r)| (g.file(r.rook_from) - g.file(king)).signum() == toward)
        .filter(|(_, r)| {
            board[r.rook_from.index()].is_some_and(|(p, s)| s == side && r.rooks.contains(&p))
        })
        .max_by_key(|(_, r)| (g.file(r.rook_from) - g.file(king)).abs())
        .map(|(i, _)| i)
}

/// What a right needs that the board lacks, in words: the very pieces on their squares (a rook standing on the
/// king's square cannot castle); under fixed-file castling, the castling piece anywhere on the partner's rank.
fn missing_pieces(right: &CastlingRight, board: &Board, game: &Game) -> Option<String> {
    let g = game.geometry;
    let at = |sq: Square| board[sq.index()];
    let partner_there =
        at(right.rook_from).is_some_and(|(p, s)| s == right.side && right.rooks.contains(&p));
    let king_there = match right.king_from {
        Some(sq) => at(sq) == Some((right.king, right.side)),
        None => {
            let rank = g.rank(right.rook_from);
            (0..g.files as i32)
                .filter_map(|f| g.square(f, rank))
                .filter(|&sq| at(sq) == Some((right.king, right.side)))
                .count()
                == 1
        }
    };
    if partner_there && king_there {
        return None;
    }
    let partners: Vec<&str> = right
        .rooks
        .iter()
        .map(|&p| game.piece(p).name.as_str())
        .collect();
    let partner = format!(
        "the {} on {}",
        partners.join(" or "),
        g.name(right.rook_from)
    );
    Some(match right.king_from {
        Some(sq) => format!(
            "the {} on {sq} and {partner}",
            game.piece(right.king).name,
            sq = g.name(sq)
        ),
        None => format!(
            "one {} on rank {} and {partner}",
            game.piece(right.king).name,
            g.rank(right.rook_from) + 1
        ),
    })
}
