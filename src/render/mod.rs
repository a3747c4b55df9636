//! Rendering boards and documents: a [`View`] of a board (pieces, destination marks, zone shading) drawn as text
//! ([`text`]) or SVG ([`svg`]), and a small document model ([`doc`]) written out as Markdown or HTML.
mod castling_rules;
pub mod doc;
mod end_rules;
mod hands;
pub mod html;
pub mod markdown;
mod move_rules;
pub mod rulebook;
pub mod svg;
pub mod text;

pub use castling_rules::start_castlings;

use crate::engine::Position;
use crate::inspect::{HopWays, PieceMoves};
use crate::rules::{Game, Geometry, PieceId, Side, Square, SquareSet};
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
    /// The piece's `glyph` when its file gives one (drawn instead of its letters by the SVG boards).
    pub glyph: Option<String>,
    pub mark: Option<Kind>,
    /// Other ways a move gets here besides `mark` (a cannon's hop where it also moves; the Lion's first leg
    /// where it also steps), in legend order.
    pub also: Vec<Kind>,
    /// A ray reaches this square but the piece may not stop here: it could never move again and does not
    /// promote here (a dead square).
    pub dead: bool,
    /// In the zone whose move set applies to the diagram's piece / in its promotion zone ([`Region`]).
    pub region: [bool; 2],
    /// A move ending here promotes.
    pub promotes: bool,
    /// In White's / Black's copy of a zone.
    pub shade: [bool; 2],
    /// The square a diagram's piece stands on.
    pub origin: bool,
    /// Not part of the board (a hole).
    pub hole: bool,
    /// A wall built during the game (games with walls).
    pub wall: bool,
}

impl Cell {
    /// Puts `side`'s `piece` here: its FEN text and its glyph.
    fn place(&mut self, game: &Game, piece: PieceId, side: Side) {
        let p = game.piece(piece);
        self.piece = Some((symbol_for(&p.symbol, side), side));
        self.glyph = p.glyph.clone();
    }
}

/// A board to draw: cells indexed by [`Square`], and whether to draw it from the second player's side.
#[derive(Clone, Debug)]
pub struct View {
    pub geometry: Geometry,
    pub cells: Vec<Cell>,
    pub flip: bool,
    /// The zones a piece diagram shades, by [`Region`], with what the legend says of each.
    pub regions: [Option<String>; 2],
    /// What the diagram's hops do, over all its squares: the legend's words for the hop mark.
    pub hop: HopWays,
}

/// The zones a piece diagram shades.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Region {
    /// The zone the piece stands in, whose move set the diagram shows.
    MoveZone = 0,
    /// Where the piece promotes.
    PromotionZone = 1,
}

impl View {
    pub fn new(geometry: Geometry) -> View {
        View {
            geometry,
            cells: vec![Cell::default(); geometry.squares()],
            flip: false,
            regions: [None, None],
            hop: HopWays::default(),
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
                view.cells[sq.index()].place(game, piece, side);
            }
            view.cells[sq.index()].wall = pos.is_wall(sq);
        }
        view
    }

    /// The pieces of a setup (a FEN read against its game), without playing it.
    pub fn setup(game: &Game, setup: &crate::setup::Setup) -> View {
        let mut view = View::board(game);
        for p in &setup.board {
            view.cells[p.square.index()].place(game, p.piece, p.side);
        }
        for &(sq, _) in &setup.holes {
            view.cells[sq.index()].wall = !game.holes.contains(sq);
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
        from.place(game, moves.piece, moves.side);
        from.origin = true;
        for sq in &moves.lame_path {
            view.cells[sq.index()].mark = Some(Kind::LamePath);
        }
        for d in &moves.destinations {
            let cell = &mut view.cells[d.to.index()];
            cell.mark = Some(d.kind);
            cell.also = d.also.clone();
            cell.promotes = !d.promotion.is_empty();
            view.hop.moves |= d.hop.moves;
            view.hop.captures |= d.hop.captures;
        }
        for sq in &moves.first_legs {
            let cell = &mut view.cells[sq.index()];
            match cell.mark {
                None => cell.mark = Some(Kind::FirstLeg),
                // First: that a piece here is captured on the way says more than another way of arriving.
                Some(_) => cell.also.insert(0, Kind::FirstLeg),
            }
        }
        for sq in &moves.dead_ends {
            view.cells[sq.index()].dead = true;
        }
        view.shade_regions(game, moves);
        view
    }

    /// Shades the zone whose move set the piece uses on its square, and its promotion zone (its side's copy).
    fn shade_regions(&mut self, game: &Game, moves: &PieceMoves) {
        let side = moves.side.index();
        if let Some(z) = moves.zone {
            let zone = game.zone(z);
            self.shade(Region::MoveZone, &zone.squares[side]);
            self.regions[Region::MoveZone as usize] = Some(format!(
                "{}: the zone it stands in, where it moves as shown",
                zone.name
            ));
        }
        // Every `promote` line of this side's (a piece may have several, and lines for one side only).
        let mut names: Vec<&str> = Vec::new();
        let lines = game.piece(moves.piece).promotions.iter();
        for p in lines.filter(|p| p.side.is_none_or(|s| s == moves.side)) {
            let zone = game.zone(p.zone);
            self.shade(Region::PromotionZone, &zone.squares[side]);
            if !names.contains(&zone.name.as_str()) {
                names.push(&zone.name);
            }
        }
        if !names.is_empty() {
            self.regions[Region::PromotionZone as usize] =
                Some(format!("{}: its promotion zone", names.join(", ")));
        }
    }

    fn shade(&mut self, region: Region, squares: &SquareSet) {
        for sq in squares.iter() {
            self.cells[sq.index()].region[region as usize] = true;
        }
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
        LEGEND_ORDER
            .into_iter()
            .filter(|k| self.cells.iter().any(|c| c.mark == Some(*k)))
            .collect()
    }

    /// The kinds marked on squares without a piece: a square with a piece shows `×` before it (it can be captured)
    /// and not its mark, so a text legend names only these.
    pub fn kinds_on_empty_squares(&self) -> Vec<Kind> {
        LEGEND_ORDER
            .into_iter()
            .filter(|k| {
                self.cells
                    .iter()
                    .any(|c| c.mark == Some(*k) && (c.piece.is_none() || c.origin))
            })
            .collect()
    }

    /// The kinds present as second marks on a square, in legend order, counting the first `shown` of each
    /// square's (as many as a drawing shows).
    pub fn also_kinds(&self, shown: usize) -> Vec<Kind> {
        LEGEND_ORDER
            .into_iter()
            .filter(|k| {
                self.cells
                    .iter()
                    .any(|c| c.also.iter().take(shown).any(|a| a == k))
            })
            .collect()
    }

    pub fn any_dead(&self) -> bool {
        self.cells.iter().any(|c| c.dead)
    }

    /// The piece's own square is a destination too (the Lion's igui: capture next to it and come back).
    pub fn origin_marked(&self) -> bool {
        self.cells.iter().any(|c| c.origin && c.mark.is_some())
    }

    pub fn any_promotion(&self) -> bool {
        self.cells.iter().any(|c| c.promotes)
    }
}

/// The order marks are listed in legends.
const LEGEND_ORDER: [Kind; 12] = [
    Kind::MoveOrCapture,
    Kind::Move,
    Kind::Capture,
    Kind::Initial,
    Kind::Hop,
    Kind::FirstLeg,
    Kind::SecondLeg,
    Kind::Induced,
    Kind::Destroy,
    Kind::Castling,
    Kind::LamePath,
    Kind::Borrow,
];

impl View {
    /// What a mark means in this diagram's legend: [`kind_label`], except that a hop says whether it captures.
    pub fn label(&self, kind: Kind) -> &'static str {
        match (kind, self.hop.moves, self.hop.captures) {
            (Kind::Hop, false, true) => {
                "captures by hopping over a piece (or through a piece on a turning square)"
            }
            (Kind::Hop, true, false) => {
                "moves (no capture) by hopping over a piece (or through a piece on a turning square)"
            }
            (Kind::Hop, true, true) => {
                "moves or captures by hopping over a piece (or through a piece on a turning square)"
            }
            _ => kind_label(kind),
        }
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
        Kind::FirstLeg => "first leg: captures a piece here on the way and moves on (not a stop)",
        Kind::SecondLeg => "second leg: lands here after capturing on the way",
        Kind::Induced => "a friend it makes move (induction) lands here",
    }
}

/// The file letters of a square (`e` of `e10`).
pub fn file_of(g: Geometry, sq: Square) -> String {
    g.name(sq)
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .to_string()
}
