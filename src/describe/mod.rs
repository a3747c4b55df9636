//! The compiled rules of a game as plain data: `tatsu describe --json` (schema `tatsu.describe/2`) serialises it, for
//! programs that would otherwise parse the rule book's prose, and `tatsu diff` compares it, so that a rule this view
//! carries is a rule `diff` names. Each rule struct is destructured without `..` (here, in `pieces.rs` and in
//! `end.rs`): a new rule does not compile until this view decides what it shows of it.
mod end;
mod pieces;

use crate::engine::Engine;
use crate::rules::{
    BonusTurn, CastlingRight, Explosions, Game, PieceId, Side, Square, SquareSet, Symmetry, Walls,
    ZoneId,
};
pub(crate) use end::verdict_key;
use end::EndJson;
use pieces::PieceJson;
use serde::Serialize;

#[derive(Serialize)]
pub struct DescribeJson {
    schema: &'static str,
    variant: String,
    title: String,
    /// The file's `description`, or empty.
    description: String,
    /// The file's `aliases`: other names the game is found by.
    aliases: Vec<String>,
    files: u8,
    ranks: u8,
    /// `mirror` (chess: Black's side is White's mirrored across the middle rank) or `rotate` (shogi: turned 180°).
    orientation: &'static str,
    start_fen: String,
    /// Captured pieces go to the captor's hand and may be dropped.
    drops: bool,
    /// After a drop into this zone the same side moves again (Heian); `null` without the rule.
    bonus_turn: Option<BonusTurnJson>,
    /// The castling moves, one per right and side.
    castling: Vec<CastlingJson>,
    /// Every castling right the game knows (under fixed-file castling, one per partner square), with its pieces;
    /// absent in games without castling.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    castling_rights: Vec<CastlingRightJson>,
    /// The pieces whose multi-square moves may be captured en passant.
    en_passant: Vec<String>,
    /// Compulsory capture: the pieces whose captures are compulsory; `null` without the rule.
    forced_capture: Option<Vec<String>>,
    /// `no-capture-of-protected`: the set and the `bridge-not` types; absent without the rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    protected_capture: Option<ProtectedCaptureJson>,
    /// `no-counter-strike`: the set; absent without the rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    counter_strike: Option<Vec<String>>,
    /// `gating in ZONE`: the squares where each side may hold a gating right, and whether the hands' pieces
    /// enter only by gating; absent without the rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    gating: Option<GatingJson>,
    /// Compulsory drops (`must-drop`); absent without the rule.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    must_drop: bool,
    /// Explosions on capture: the piece types spared around the capture square; `null` without the rule.
    explosions: Option<Vec<String>>,
    /// The pieces never blown up, not even as the capturer; absent when none is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    explosions_immune: Vec<String>,
    /// Walls: what every move leaves and the pieces a capture petrifies; `null` in games without walls.
    walls: Option<WallsJson>,
    /// `dead-squares allowed`: pieces may end a move where they could never move again.
    dead_squares_allowed: bool,
    /// `pass allowed`: the side to move may pass unless in check.
    pass_allowed: bool,
    /// The first-move rights of `initial unmoved` pieces, one per start square, with their FEN letters.
    first_move_rights: Vec<FirstMoveRightJson>,
    zones: Vec<ZoneJson>,
    pieces: Vec<PieceJson>,
    end: EndJson,
}

#[derive(Serialize)]
struct GatingJson {
    white: Vec<String>,
    black: Vec<String>,
    /// `gating-only`: the hands' pieces are never dropped.
    only: bool,
}

#[derive(Serialize)]
struct CastlingRightJson {
    side: &'static str,
    /// Its letter in the FEN's castling field.
    letter: char,
    king: String,
    partners: Vec<String>,
    /// The castling piece's square; `null` under fixed-file castling.
    king_from: Option<String>,
    rook_from: String,
    /// `after drop on`: the right is gained by drops.
    gained_by_drop: bool,
}

#[derive(Serialize)]
struct BonusTurnJson {
    zone: String,
    /// The bonus move may be declined (a pass, `0000`).
    may_pass: bool,
}

#[derive(Serialize)]
struct WallsJson {
    /// `past`, `placed` or `shot`: the wall every move leaves; `null` when only captures petrify.
    placement: Option<&'static str>,
    /// The zone a `placed` wall must go in; `null`: any empty square.
    zone: Option<String>,
    /// The pieces a capture turns into a wall.
    petrify: Vec<String>,
}

#[derive(Serialize)]
struct CastlingJson {
    side: &'static str,
    /// The castling right's FEN letter.
    right: char,
    king_from: String,
    king_to: String,
    /// The move's text: the king's move (`e1g1`), or the king taking its partner (`e1h1`) under fixed-file castling
    /// and where the king's own moves reach its destination.
    written: String,
    rook_from: String,
    rook_to: String,
    must_be_empty: Vec<String>,
    must_not_be_attacked: Vec<String>,
    /// The right is gained when drops put the king and the partner on their squares (`after drop on`); absent
    /// otherwise.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    gained_by_drop: bool,
}

/// A named zone: its squares for each side.
#[derive(Serialize)]
struct FirstMoveRightJson {
    side: &'static str,
    square: String,
    piece: String,
    /// Its letter in the FEN's castling field.
    letter: String,
}

#[derive(Serialize)]
struct ZoneJson {
    name: String,
    white: Vec<String>,
    black: Vec<String>,
}

#[derive(Serialize)]
struct ProtectedCaptureJson {
    /// The pieces that may not take a protected one of them from afar.
    set: Vec<String>,
    /// A second capture of these types does not lift the rule.
    bridge_not: Vec<String>,
}

/// A side as JSON names it: `white`, `black`.
pub fn side_key(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// The names the data view writes ids with: piece symbols, zone names, square names.
struct Names<'g>(&'g Game);

impl Names<'_> {
    fn symbol(&self, p: PieceId) -> String {
        self.0.piece(p).symbol.clone()
    }
    fn symbols(&self, ids: &[PieceId]) -> Vec<String> {
        ids.iter().map(|&p| self.symbol(p)).collect()
    }
    /// The types a per-type flag list marks.
    fn marked(&self, marks: &[bool]) -> Vec<String> {
        self.0.types_marked(marks).map(|p| self.symbol(p)).collect()
    }
    fn zone(&self, z: ZoneId) -> String {
        self.0.zone(z).name.clone()
    }
    fn square_list(&self, squares: &[Square]) -> Vec<String> {
        squares.iter().map(|&s| self.0.geometry.name(s)).collect()
    }
    fn squares(&self, set: &SquareSet) -> Vec<String> {
        set.iter().map(|s| self.0.geometry.name(s)).collect()
    }
}

impl DescribeJson {
    /// The game as data. `Game` is destructured without `..`: a new rule does not compile until this view decides
    /// what it shows of it (and with it `tatsu diff`, which compares this view).
    pub fn new(engine: &Engine) -> DescribeJson {
        let game = &engine.game;
        let n = Names(game);
        let Game {
            name,
            title,
            description,
            aliases,
            geometry,
            orientation,
            zones,
            pieces,
            start_fen,
            drops,
            bonus_turn,
            castling_rights,
            first_move_rights,
            gating,
            forced_capture,
            explosions,
            walls,
            dead_squares_allowed,
            must_drop,
            pass_allowed,
            protected_capture,
            counter_strike,
            // Shown by `EndJson` (the legality rules under `end`, as before they were grouped).
            end: _,
            legality: _,
            // Shown as the start position's castlings (`castling`) and the rights (`castling_rights`).
            castlings: _,
            // Holes are the `*` squares of `start_fen`; no ray reaches them.
            holes: _,
            // The move-rule graph: the pieces' moves are shown as the move sets' XBetza text.
            rays: _,
            ray_squares: _,
            ray_rules: _,
            ray_sources: _,
            move_sets: _,
        } = game;
        DescribeJson {
            schema: "tatsu.describe/2",
            variant: name.clone(),
            title: title.clone(),
            description: description.clone(),
            aliases: aliases.clone(),
            files: geometry.files,
            ranks: geometry.ranks,
            orientation: match orientation {
                Symmetry::Mirror => "mirror",
                Symmetry::Rotate => "rotate",
            },
            start_fen: start_fen.clone(),
            drops: *drops,
            zones: zones.iter().map(|z| zone_json(&n, z)).collect(),
            // A remembered promoted piece (`Q~`) is the type it plays as: its promotion line says it is remembered.
            pieces: (0..pieces.len())
                .filter(|&i| pieces[i].shadow_of.is_none())
                .map(|i| pieces::piece(game, PieceId(i as u16)))
                .collect(),
            bonus_turn: bonus_turn
                .as_ref()
                .map(|BonusTurn { zone, may_pass }| BonusTurnJson {
                    zone: n.zone(*zone),
                    may_pass: *may_pass,
                }),
            castling: castling(engine),
            castling_rights: castling_rights
                .iter()
                .map(|r| castling_right(&n, r))
                .collect(),
            en_passant: n.symbols(&crate::inspect::en_passant_makers(game)),
            protected_capture: protected_capture.as_ref().map(|r| ProtectedCaptureJson {
                set: n.marked(&r.set),
                bridge_not: n.marked(&r.bridge_not),
            }),
            counter_strike: counter_strike.as_ref().map(|r| n.marked(&r.set)),
            gating: gating.as_ref().map(|g| gating_json(geometry, g)),
            must_drop: *must_drop,
            forced_capture: forced_capture.as_ref().map(|f| n.marked(&f.by)),
            explosions: explosions.as_ref().map(|blast| n.marked(&blast.spared)),
            explosions_immune: explosions
                .as_ref()
                .map_or_else(Vec::new, |Explosions { immune, spared: _ }| {
                    n.marked(immune)
                }),
            walls: walls.as_ref().map(|w| walls_json(&n, w)),
            dead_squares_allowed: *dead_squares_allowed,
            pass_allowed: *pass_allowed,
            first_move_rights: first_move_rights
                .iter()
                .map(|r| FirstMoveRightJson {
                    side: side_key(r.side),
                    square: geometry.name(r.square),
                    piece: n.symbol(r.piece),
                    letter: r.letter.to_string(),
                })
                .collect(),
            end: EndJson::new(game),
        }
    }
}

/// A zone's two copies, by square name.
fn zone_json(n: &Names, z: &crate::rules::Zone) -> ZoneJson {
    ZoneJson {
        name: z.name.clone(),
        white: n.squares(&z.squares[Side::White.index()]),
        black: n.squares(&z.squares[Side::Black.index()]),
    }
}

/// The gating squares of each side, and whether the hands enter only by gating.
fn gating_json(geometry: &crate::rules::Geometry, gating: &crate::rules::Gating) -> GatingJson {
    let side = |side: Side| {
        gating
            .rights
            .iter()
            .filter(|r| r.side == side)
            .map(|r| geometry.name(r.square))
            .collect()
    };
    GatingJson {
        white: side(Side::White),
        black: side(Side::Black),
        only: gating.only,
    }
}

fn walls_json(n: &Names, w: &Walls) -> WallsJson {
    let Walls { placement, petrify } = w;
    WallsJson {
        placement: placement.map(|p| p.word()),
        zone: placement.and_then(|p| p.zone()).map(|z| n.zone(z)),
        petrify: n.marked(petrify),
    }
}

fn castling_right(n: &Names, r: &CastlingRight) -> CastlingRightJson {
    let CastlingRight {
        side,
        letter,
        king_from,
        rook_from,
        king,
        rooks,
        by_drop,
    } = r;
    CastlingRightJson {
        side: side_key(*side),
        letter: *letter,
        king: n.symbol(*king),
        partners: n.symbols(rooks),
        king_from: king_from.map(|s| n.0.geometry.name(s)),
        rook_from: n.0.geometry.name(*rook_from),
        gained_by_drop: *by_drop,
    }
}

/// The castlings the rule book's table shows (under fixed-file castling, the start position's).
fn castling(engine: &Engine) -> Vec<CastlingJson> {
    let game = &engine.game;
    let n = Names(game);
    let start = crate::engine::Position::start(engine);
    crate::render::start_castlings(game, &start)
        .into_iter()
        .map(|c| {
            let right = &game.castling_rights[c.right];
            CastlingJson {
                side: side_key(right.side),
                right: right.letter,
                king_from: game.geometry.name(c.king_from),
                king_to: game.geometry.name(c.king_to),
                written: format!(
                    "{}{}",
                    game.geometry.name(c.king_from),
                    game.geometry.name(c.move_to)
                ),
                rook_from: game.geometry.name(c.rook_from),
                rook_to: game.geometry.name(c.rook_to),
                must_be_empty: n.square_list(&c.empty),
                must_not_be_attacked: n.square_list(&c.safe),
                gained_by_drop: right.by_drop,
            }
        })
        .collect()
}
