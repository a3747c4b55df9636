//! The squares `tatsu piece` and `POST /api/piece` show a piece on, and its destinations there: on an empty board
//! (one diagram per zone its moves depend on), or standing in a position (its legal moves when its side is to move).
use super::{Board, EmptyBoard, PieceMoves};
use crate::engine::{MoveKind, Position};
use crate::rules::{Game, PieceId, Side, Square, ZoneId};

/// One diagram to draw: where, and under which zone rule.
pub struct Spot {
    pub from: Square,
    pub zone: Option<ZoneId>,
}

/// The destinations of the piece standing on `spot`: on an empty board, or in `position`. The flag says whether
/// they were cut down to the legal moves (the piece really stands there and its side is to move).
pub fn spot_moves(
    game: &Game,
    piece: PieceId,
    side: Side,
    spot: &Spot,
    position: Option<&Position>,
) -> (PieceMoves, bool) {
    let Some(position) = position else {
        let castlings = super::castlings_from(game, piece, side, spot.from);
        let reach = super::piece_moves(game, piece, side, spot.from, &EmptyBoard, &castlings);
        return (reach, false);
    };
    let mut pos = position.clone();
    let mut legal: Option<Vec<crate::engine::Move>> = None;
    let mut castlings = Vec::new();
    if pos.side_to_move() == side {
        let moves: Vec<_> = pos
            .legal_move_list()
            .into_iter()
            .filter(|m| m.from == spot.from && !m.is_drop())
            .collect();
        castlings = moves
            .iter()
            .filter_map(|m| match m.kind {
                MoveKind::Castle { index } => Some(index as usize),
                _ => None,
            })
            .collect();
        if pos.piece_at(spot.from) == Some((piece, side)) {
            legal = Some(moves);
        }
    }
    let board: &dyn Board = position;
    let mut reach = super::piece_moves(game, piece, side, spot.from, board, &castlings);
    match legal {
        Some(moves) => {
            reach
                .destinations
                .retain(|d| moves.iter().any(|m| m.to == d.to));
            (reach, true)
        }
        None => (reach, false),
    }
}

/// Without --at: the middle of the board, or one square per zone whose move set differs.
pub fn default_spots(game: &Game, piece: PieceId, side: Side) -> Vec<Spot> {
    let sets = super::move_sets(game, piece);
    let zoned: Vec<ZoneId> = sets.iter().filter_map(|s| s.zone).collect();
    let mut spots: Vec<Spot> = zoned
        .iter()
        .map(|&z| Spot {
            from: super::representative_square(game, side, Some(z)),
            zone: Some(z),
        })
        .collect();
    let elsewhere = super::representative_square(game, side, None);
    let in_a_zone = zoned
        .iter()
        .any(|&z| game.zone(z).contains(side, elsewhere));
    if spots.is_empty() || sets.iter().any(|s| s.zone.is_none()) && !in_a_zone {
        spots.push(Spot {
            from: elsewhere,
            zone: None,
        });
    }
    if spots.is_empty() {
        spots.push(Spot {
            from: elsewhere,
            zone: None,
        });
    }
    spots
}
