//! `lift` and `put`: XBoard asks where a picked-up piece may go, and what a promotion may become. The answer
//! (`highlight COLORFEN`, `choice PIECES`) makes the GUI offer exactly the legal moves, the zone-dependent ones
//! included: yellow a move, red a capture, magenta a destination where the player chooses a promotion, blue one
//! where the promotion is forced, cyan the turning square of a multi-leg move.
use super::notation;
use crate::engine::{Move, MoveKind, Position};
use crate::rules::Square;

/// The moves of the piece on (or the hand piece named by) the lifted square.
pub fn moves_from(pos: &mut Position, lifted: &str) -> Vec<Move> {
    let g = pos.game().geometry;
    let legal = pos.legal_move_list();
    // A piece taken from the holdings: XBoard names it by its letter (`P@`).
    if let Some((letter, _)) = lifted.split_once('@') {
        let symbol = letter.to_ascii_uppercase();
        return legal
            .into_iter()
            .filter(|m| m.is_drop() && pos.game().pieces[m.piece.index()].symbol == symbol)
            .collect();
    }
    let Some(from) = notation::square_from_xboard(g, lifted) else {
        return Vec::new();
    };
    legal
        .into_iter()
        .filter(|m| !m.is_drop() && m.kind != MoveKind::Pass && m.from == from)
        .collect()
}

/// The `highlight` line for a set of moves.
pub fn highlight(pos: &Position, moves: &[Move]) -> String {
    let g = pos.game().geometry;
    let mut colours = vec![None; g.squares()];
    let us = pos.side_to_move();
    for mv in moves {
        if let MoveKind::Locust { victim } | MoveKind::Unload { square: victim } = mv.kind {
            if victim != mv.from {
                colours[victim.index()] = Some('C');
            }
        }
        let capture = matches!(pos.piece_at(mv.to), Some((_, side)) if side != us)
            || matches!(mv.kind, MoveKind::EnPassant { .. });
        let same_to: Vec<&Move> = moves.iter().filter(|m| m.to == mv.to).collect();
        let promotes = same_to.iter().any(|m| m.promotion.is_some());
        let all_promote = same_to.iter().all(|m| m.promotion.is_some());
        let choices = same_to.iter().filter(|m| m.promotion.is_some()).count();
        let colour = if promotes && all_promote && choices == 1 {
            'B'
        } else if promotes {
            'M'
        } else if capture {
            'R'
        } else {
            'Y'
        };
        colours[mv.to.index()] = Some(colour);
    }
    let mut fen = String::new();
    for rank in (0..g.ranks as i32).rev() {
        let mut empty = 0;
        for file in 0..g.files as i32 {
            let sq = g.square(file, rank).unwrap_or(Square(0));
            match colours[sq.index()] {
                Some(c) => {
                    if empty > 0 {
                        fen += &empty.to_string();
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen += &empty.to_string();
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    format!("highlight {fen}")
}

/// The `choice` line for a piece put on `to`: the promotion letters (the default first), `=` to decline where
/// declining is legal. `None` if no move there promotes.
pub fn choice(pos: &Position, moves: &[Move], to: Square) -> Option<String> {
    let game = pos.game();
    let there: Vec<&Move> = moves.iter().filter(|m| m.to == to).collect();
    if !there.iter().any(|m| m.promotion.is_some()) {
        return None;
    }
    let mut letters = String::new();
    for mv in &there {
        if let Some(p) = mv.promotion {
            let suffix = game.promotion_suffix(mv.piece, p);
            letters += &suffix.to_uppercase();
        }
    }
    if there.iter().any(|m| m.promotion.is_none()) {
        letters.push('=');
    }
    Some(format!("choice {letters}"))
}
