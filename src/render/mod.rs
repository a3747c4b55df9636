//! Rendering boards and documents: a [`View`] of a board (pieces, destination marks, zone shading) drawn as text
//! ([`text`]) or SVG ([`svg`]), and a small document model ([`doc`]) written out as Markdown or HTML.
pub mod doc;
mod end_rules;
pub mod html;
pub mod markdown;
pub mod rulebook;
pub mod svg;
pub mod text;

use crate::engine::Position;
use crate::inspect::PieceMoves;
use crate::rules::{Game, Geometry, Side, Square, SquareSet};
use crate::setup::symbol_for;
use betza::diagram::Kind;

/// A side in words: `White`, `Black` (lowercase for JSON).
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// One square of a [`View`].
#[derive(Clone, Debug, Default)]
pub struct Cell {
    /// The piece's FEN text as the side writes it (`S`, `+s`) and its owner.
    pub piece: Option<(String, Side)>,
    pub mark: Option<Kind>,
    /// A move ending here may also capture (destroy) a friendly piece (`mcdK`), besides what `mark` says.
    pub destroys: bool,
    /// A move may also get here over a piece (a cannon's capture by hopping where it also moves), besides what
    /// `mark` says.
    pub hops: bool,
    /// A move ending here promotes.
    pub promotes: bool,
    /// In White's / Black's copy of a zone.
    pub shade: [bool; 2],
    /// The square a diagram's piece stands on.
    pub origin: bool,
    /// Not part of the board (a hole).
    pub hole: bool,
}

/// A board to draw: cells indexed by [`Square`], and whether to draw it from the second player's side.
#[derive(Clone, Debug)]
pub struct View {
    pub geometry: Geometry,
    pub cells: Vec<Cell>,
    pub flip: bool,
}

impl View {
    pub fn new(geometry: Geometry) -> View {
        View {
            geometry,
            cells: vec![Cell::default(); geometry.squares()],
            flip: false,
        }
    }

    /// The empty board of `game`, its holes marked.
    pub fn board(game: &Game) -> View {
        let mut view = View::new(game.geometry);
        for sq in game.holes.iter() {
            view.cells[sq.index()].hole = true;
        }
        view
    }

    /// The pieces of a position.
    pub fn position(pos: &Position) -> View {
        let game = pos.game();
        let mut view = View::board(game);
        for sq in game.geometry.all() {
            if let Some((piece, side)) = pos.piece_at(sq) {
                view.cells[sq.index()].piece =
                    Some((symbol_for(&game.piece(piece).symbol, side), side));
            }
        }
        view
    }

    /// A piece's destinations (on an empty board unless `position` is given).
    pub fn piece_moves(game: &Game, moves: &PieceMoves, position: Option<&Position>) -> View {
        let mut view = match position {
            Some(pos) => View::position(pos),
            None => View::board(game),
        };
        let from = &mut view.cells[moves.from.index()];
        from.piece = Some((
            symbol_for(&game.piece(moves.piece).symbol, moves.side),
            moves.side,
        ));
        from.origin = true;
        for sq in &moves.lame_path {
            view.cells[sq.index()].mark = Some(Kind::LamePath);
        }
        for d in &moves.destinations {
            let cell = &mut view.cells[d.to.index()];
            cell.mark = Some(d.kind);
            cell.destroys = d.also.contains(&Kind::Destroy);
            cell.hops = d.also.contains(&Kind::Hop);
            cell.promotes = !d.promotion.is_empty();
        }
        view
    }

    /// A zone: White's squares and Black's squares shaded.
    pub fn zone(geometry: Geometry, squares: &[SquareSet; 2]) -> View {
        let mut view = View::new(geometry);
        for side in Side::BOTH {
            for sq in squares[side.index()].iter() {
                view.cells[sq.index()].shade[side.index()] = true;
            }
        }
        view
    }

    /// Ranks top to bottom and files left to right as drawn.
    pub fn rows(&self) -> Vec<Vec<Square>> {
        let g = self.geometry;
        let mut ranks: Vec<i32> = (0..g.ranks as i32).rev().collect();
        let mut files: Vec<i32> = (0..g.files as i32).collect();
        if self.flip {
            ranks.reverse();
            files.reverse();
        }
        ranks
            .iter()
            .map(|&r| files.iter().filter_map(|&f| g.square(f, r)).collect())
            .collect()
    }

    /// The marks present, in legend order.
    pub fn kinds(&self) -> Vec<Kind> {
        let order = [
            Kind::MoveOrCapture,
            Kind::Move,
            Kind::Capture,
            Kind::Initial,
            Kind::Hop,
            Kind::Destroy,
            Kind::Castling,
            Kind::LamePath,
            Kind::Borrow,
        ];
        order
            .into_iter()
            .filter(|k| self.cells.iter().any(|c| c.mark == Some(*k)))
            .collect()
    }

    pub fn any_promotion(&self) -> bool {
        self.cells.iter().any(|c| c.promotes)
    }

    /// Some destination may also destroy a friendly piece besides its mark.
    pub fn any_also_destroys(&self) -> bool {
        self.cells.iter().any(|c| c.destroys)
    }

    /// Some destination may also be reached over a piece besides its mark.
    pub fn any_also_hops(&self) -> bool {
        self.cells.iter().any(|c| c.hops)
    }
}

/// What a mark means, for legends.
pub fn kind_label(kind: Kind) -> &'static str {
    match kind {
        Kind::Move => "move only (no capture)",
        Kind::Capture => "capture only",
        Kind::MoveOrCapture => "move or capture",
        Kind::Initial => "initial move only (from its start squares)",
        Kind::Castling => "castling (where the king lands)",
        Kind::Hop => "by hopping over a piece (or through a piece on a turning square)",
        Kind::LamePath => "must be empty (lame leap), not a destination",
        Kind::Borrow => "a friendly piece here lends its moves",
        Kind::Destroy => "captures (destroys) a friendly piece",
    }
}

/// The file letters of a square (`e` of `e10`).
pub fn file_of(g: Geometry, sq: Square) -> String {
    g.name(sq)
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .to_string()
}
