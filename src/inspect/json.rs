//! `tatsu piece --json` and `POST /api/piece`: the destinations of a piece as data (schema `tatsu.piece/1`), one object per diagram,
//! wrapped in an object with `diagrams` when there are several.
use crate::describe::side_key;
use crate::inspect::{Destination, PieceMoves};
use crate::rules::{Game, ZoneId};
use serde::Serialize;

/// Several diagrams of one piece (one per zone its moves depend on).
#[derive(Serialize)]
pub struct PieceDiagramsJson {
    schema: &'static str,
    variant: String,
    piece: String,
    name: String,
    side: &'static str,
    diagrams: Vec<PieceJson>,
}

/// One diagram: the piece on one square, and every destination with the XBetza components that produce it.
#[derive(Serialize)]
pub struct PieceJson {
    schema: &'static str,
    variant: String,
    piece: String,
    name: String,
    side: &'static str,
    from: String,
    /// The zone whose move set applies on `from`; `null` when its moves do not depend on the zone.
    zone: Option<String>,
    /// `empty`, `position` (the piece put on a square of a given position) or `position-legal` (its legal moves).
    board: &'static str,
    moves: Vec<MoveJson>,
    /// Squares that must be empty for a lame leap, not destinations themselves.
    must_be_empty: Vec<String>,
    /// Squares where a first leg captures on its way on (the Lion's first step), not destinations themselves.
    first_legs: Vec<String>,
    /// Squares a ray reaches where the piece may not stop: it could never move again from there.
    dead_ends: Vec<String>,
}

#[derive(Serialize)]
struct MoveJson {
    to: String,
    /// `move`, `capture`, `move-or-capture`, `initial`, `castling`, `hop`, `second-leg`, `induced`, `destroy`,
    /// `borrow`.
    kind: &'static str,
    /// Other ways of getting here.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    also: Vec<&'static str>,
    promotion: Vec<String>,
    must_promote: bool,
    sources: Vec<SourceJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rook_from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rook_to: Option<String>,
}

/// The XBetza component a destination comes from.
#[derive(Serialize)]
struct SourceJson {
    betza: String,
    component: String,
    description: String,
    zone: Option<String>,
}

impl PieceDiagramsJson {
    pub fn new(game: &Game, diagrams: Vec<PieceJson>) -> PieceDiagramsJson {
        let first = &diagrams[0];
        PieceDiagramsJson {
            schema: "tatsu.piece/1",
            variant: game.name.clone(),
            piece: first.piece.clone(),
            name: first.name.clone(),
            side: first.side,
            diagrams,
        }
    }
}

impl PieceJson {
    /// `board`: as for `PieceJson`'s `board`.
    pub fn new(
        game: &Game,
        reach: &PieceMoves,
        zone: Option<ZoneId>,
        board: &'static str,
    ) -> PieceJson {
        let g = game.geometry;
        let ty = game.piece(reach.piece);
        let names = |v: &[crate::rules::Square]| v.iter().map(|&s| g.name(s)).collect();
        PieceJson {
            schema: "tatsu.piece/1",
            variant: game.name.clone(),
            piece: ty.symbol.clone(),
            name: ty.name.clone(),
            side: side_key(reach.side),
            from: g.name(reach.from),
            zone: zone.map(|z| game.zone(z).name.clone()),
            board,
            moves: reach
                .destinations
                .iter()
                .map(|d| MoveJson::new(game, d))
                .collect(),
            must_be_empty: names(&reach.lame_path),
            first_legs: names(&reach.first_legs),
            dead_ends: names(&reach.dead_ends),
        }
    }
}

impl MoveJson {
    fn new(game: &Game, d: &Destination) -> MoveJson {
        let g = game.geometry;
        let castling = d.castling.map(|c| &game.castlings[c]);
        MoveJson {
            to: g.name(d.to),
            kind: d.kind.name(),
            also: d.also.iter().map(|k| k.name()).collect(),
            promotion: d
                .promotion
                .iter()
                .map(|&p| game.piece(p).symbol.clone())
                .collect(),
            must_promote: d.must_promote,
            sources: d
                .sources
                .iter()
                .map(|&s| {
                    let (set, c) = game.source(s);
                    SourceJson {
                        betza: set.betza.clone(),
                        component: c.text.clone(),
                        description: c.description.clone(),
                        zone: set.zone.map(|z| game.zone(z).name.clone()),
                    }
                })
                .collect(),
            rook_from: castling.map(|c| g.name(c.rook_from)),
            rook_to: castling.map(|c| g.name(c.rook_to)),
        }
    }
}
