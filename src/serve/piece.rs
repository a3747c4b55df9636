//! `POST /api/piece`: where a piece can go and the rule behind each destination, as `tatsu piece --json` says it
//! (the same library code), on an empty board or standing in the request's position.
use super::http::{ApiError, Reply};
use super::play::{self, GameAt};
use super::Shared;
use crate::engine::Position;
use crate::inspect::json::{PieceDiagramsJson, PieceJson};
use crate::inspect::spots::{default_spots, spot_moves, Spot};
use crate::inspect::{self};
use crate::render::side_name;
use crate::rules::Side;
use serde::Deserialize;

#[derive(Deserialize, Debug)]
pub struct PieceRequest {
    pub game: String,
    pub piece: String,
    #[serde(default)]
    pub side: Option<String>,
    /// The square to show it on; none: one diagram per zone its moves depend on, on an empty board.
    #[serde(default)]
    pub square: Option<String>,
    /// A position to put it in (`start`, `moves`); neither: an empty board.
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub moves: Option<Vec<String>>,
}

pub fn piece(shared: &Shared, request: &PieceRequest) -> Result<Reply, ApiError> {
    let engine = play::playable(&shared.library, &request.game)?;
    let game = &engine.game;
    let piece = inspect::find_piece(game, &request.piece).map_err(ApiError::bad_request)?;
    let mut side = match request.side.as_deref() {
        None | Some("white") => Side::White,
        Some("black") => Side::Black,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "`{other}` is not a side (white or black)"
            )))
        }
    };
    let position: Option<Position> = if request.start.is_some() || request.moves.is_some() {
        let at = GameAt {
            game: request.game.clone(),
            start: request.start.clone(),
            moves: request.moves.clone().unwrap_or_default(),
        };
        Some(play::replay(&engine, &at)?.0)
    } else {
        None
    };
    let spots = match &request.square {
        Some(text) => {
            let from = game.geometry.parse_square(text.trim()).ok_or_else(|| {
                ApiError::bad_request(format!(
                    "`{text}` is not a square of this {}x{} board",
                    game.geometry.files, game.geometry.ranks
                ))
            })?;
            vec![Spot { from, zone: None }]
        }
        None if position.is_some() => {
            return Err(ApiError::bad_request(
                "a position needs `square`: where the piece stands in it",
            ))
        }
        None => default_spots(game, piece, side),
    };
    if let (Some(pos), Some(spot)) = (&position, spots.first()) {
        if let Some((p, owner)) = pos.piece_at(spot.from) {
            if p != piece {
                return Err(ApiError::bad_request(format!(
                    "{} holds a {} {}: name an empty square or the square of the {} itself",
                    game.geometry.name(spot.from),
                    side_name(owner),
                    game.piece(p).name,
                    game.piece(piece).name
                )));
            }
            side = owner;
        }
    }
    let mut legal_only = false;
    let mut diagrams: Vec<PieceJson> = Vec::new();
    let mut reaches = Vec::new();
    for spot in &spots {
        let (reach, legal) = spot_moves(game, piece, side, spot, position.as_ref());
        legal_only |= legal;
        let zone = spot.zone.or(reach.zone);
        reaches.push((reach, zone));
    }
    let board = match (position.is_some(), legal_only) {
        (true, true) => "position-legal",
        (true, false) => "position",
        (false, _) => "empty",
    };
    for (reach, zone) in &reaches {
        diagrams.push(PieceJson::new(game, reach, *zone, board));
    }
    Ok(if diagrams.len() == 1 {
        Reply::json(&diagrams.remove(0))
    } else {
        Reply::json(&PieceDiagramsJson::new(game, diagrams))
    })
}
