//! `tatsu describe --json`: the compiled rules of a variant as data (schema `tatsu.describe/2`), for programs that
//! would otherwise parse the rule book's prose.
use serde::Serialize;
use tatsu::inspect;
use tatsu::rules::{Game, PieceId, PromotionTrigger, Side, SquareSet, StalemateResult, Symmetry};

#[derive(Serialize)]
pub struct DescribeJson {
    schema: &'static str,
    variant: String,
    title: String,
    files: u8,
    ranks: u8,
    /// `mirror` (chess: Black's side is White's mirrored across the middle rank) or `rotate` (shogi: turned 180°).
    orientation: &'static str,
    start_fen: String,
    /// Captured pieces go to the captor's hand and may be dropped.
    drops: bool,
    zones: Vec<ZoneJson>,
    pieces: Vec<PieceJson>,
    end: EndJson,
}

/// A named zone: its squares for each side.
#[derive(Serialize)]
struct ZoneJson {
    name: String,
    white: Vec<String>,
    black: Vec<String>,
}

#[derive(Serialize)]
struct PieceJson {
    symbol: String,
    name: String,
    royal: bool,
    /// A promoted form of another piece.
    promoted: bool,
    /// Its XBetza move sets; `zone` is the zone the piece must start its move in, `null` for everywhere else.
    moves: Vec<MoveSetJson>,
    /// One per `promote` line (empty: it never promotes).
    promotions: Vec<PromotionJson>,
    /// The piece a capture puts into the captor's hand (`null`: the piece is not kept).
    in_hand_as: Option<String>,
    drop: Option<DropJson>,
}

#[derive(Serialize)]
struct MoveSetJson {
    zone: Option<String>,
    betza: String,
}

#[derive(Serialize)]
struct PromotionJson {
    zone: String,
    /// `destination` (the move ends in the zone), `start_or_destination` (it starts or ends there), `entering`
    /// (it ends there from outside) or `capture` (it captures and ends there).
    trigger: &'static str,
    mandatory: bool,
    choices: Vec<String>,
    /// `white` or `black` for a line of one side only; `null`: both.
    side: Option<&'static str>,
    /// Only to a type of which the side has fewer on the board than at the start.
    limited: bool,
}

#[derive(Serialize)]
struct DropJson {
    one_per_file: bool,
    no_drop_mate: bool,
    /// The squares it may not be dropped on, per side.
    forbidden_white: Vec<String>,
    forbidden_black: Vec<String>,
}

#[derive(Serialize)]
struct EndJson {
    /// What a stalemate means for the stalemated side: `win`, `draw` or `loss`.
    stalemate: &'static str,
    /// The game ends the Nth time a position occurs; `null` without a repetition rule.
    repetition: Option<u8>,
    perpetual_check_loses: bool,
    /// The move-count draw, in plies without a reset; `null` without one.
    move_limit: Option<u32>,
}

impl DescribeJson {
    pub fn new(game: &Game) -> DescribeJson {
        let g = game.geometry;
        let squares = |set: &SquareSet| set.iter().map(|sq| g.name(sq)).collect::<Vec<_>>();
        let symbol = |p: PieceId| game.piece(p).symbol.clone();
        let pieces = (0..game.pieces.len())
            .map(|i| {
                let id = PieceId(i as u16);
                let ty = game.piece(id);
                PieceJson {
                    symbol: ty.symbol.clone(),
                    name: ty.name.clone(),
                    royal: ty.royal,
                    promoted: ty.promoted,
                    moves: inspect::move_sets(game, id)
                        .into_iter()
                        .map(|m| MoveSetJson {
                            zone: m.zone.map(|z| game.zone(z).name.clone()),
                            betza: m.betza.clone(),
                        })
                        .collect(),
                    promotions: ty
                        .promotions
                        .iter()
                        .map(|p| PromotionJson {
                            zone: game.zone(p.zone).name.clone(),
                            trigger: match p.trigger {
                                PromotionTrigger::Destination => "destination",
                                PromotionTrigger::StartOrDestination => "start_or_destination",
                                PromotionTrigger::Entering => "entering",
                                PromotionTrigger::Capture => "capture",
                            },
                            mandatory: p.mandatory,
                            choices: p.choices.iter().map(|&c| symbol(c)).collect(),
                            side: p.side.map(|s| match s {
                                Side::White => "white",
                                Side::Black => "black",
                            }),
                            limited: p.limits.is_some(),
                        })
                        .collect(),
                    in_hand_as: ty.in_hand.map(symbol),
                    drop: ty.drop.as_ref().map(|d| DropJson {
                        one_per_file: d.one_per_file,
                        no_drop_mate: d.no_drop_mate,
                        forbidden_white: squares(&d.forbidden[Side::White.index()]),
                        forbidden_black: squares(&d.forbidden[Side::Black.index()]),
                    }),
                }
            })
            .collect();
        DescribeJson {
            schema: "tatsu.describe/2",
            variant: game.name.clone(),
            title: game.title.clone(),
            files: g.files,
            ranks: g.ranks,
            orientation: match game.orientation {
                Symmetry::Mirror => "mirror",
                Symmetry::Rotate => "rotate",
            },
            start_fen: game.start_fen.clone(),
            drops: game.drops,
            zones: game
                .zones
                .iter()
                .map(|z| ZoneJson {
                    name: z.name.clone(),
                    white: squares(&z.squares[Side::White.index()]),
                    black: squares(&z.squares[Side::Black.index()]),
                })
                .collect(),
            pieces,
            end: EndJson {
                stalemate: match game.end.stalemate {
                    StalemateResult::Win => "win",
                    StalemateResult::Draw => "draw",
                    StalemateResult::Loss => "loss",
                },
                repetition: game.end.repetition.map(|r| r.count),
                perpetual_check_loses: game.end.repetition.is_some_and(|r| r.perpetual_check_loses),
                move_limit: game.end.move_limit,
            },
        }
    }
}
