//! The compiled rules of a game as plain data: `tatsu describe --json` (schema `tatsu.describe/2`) serialises it, for
//! programs that would otherwise parse the rule book's prose, and `tatsu diff` compares it, so that a rule this
//! view carries is a rule `diff` names.
use crate::engine::Engine;
use crate::inspect;
use crate::rules::{
    Extinct, Game, PieceId, PromotionTrigger, RepetitionLoser, Side, Square, SquareSet, Symmetry,
    Verdict,
};
use serde::Serialize;

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
    /// After a drop into this zone the same side moves again (Heian); `null` without the rule.
    bonus_turn: Option<BonusTurnJson>,
    /// The castling moves, one per right and side.
    castling: Vec<CastlingJson>,
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
    /// The piece types it never captures (`may-not-capture`).
    may_not_capture: Vec<String>,
    /// The piece types it never hops over (`may-not-hop-over`).
    may_not_hop_over: Vec<String>,
    /// `confined to ZONE`: every destination lies in the zone; `null` when unconfined.
    confined_to: Option<String>,
    /// `initial unmoved`: its `i` moves last while it has not moved; `null` otherwise.
    first_moves: Option<FirstMovesJson>,
}

#[derive(Serialize)]
struct FirstMovesJson {
    /// They may not be made while the side is in check.
    not_in_check: bool,
    /// An enemy piece of these types moving onto the piece's rank or file takes the right away.
    lost_when_aligned_with: Vec<String>,
}

#[derive(Serialize)]
struct FirstMoveRightJson {
    side: &'static str,
    square: String,
    piece: String,
    /// Its letter in the FEN's castling field.
    letter: String,
}

#[derive(Serialize)]
struct MoveSetJson {
    zone: Option<String>,
    /// `also moves in ZONE`: added to the set that applies there rather than replacing it.
    also: bool,
    /// `within ZONE`: this set's destinations lie in the zone; `null` when unconfined.
    within: Option<String>,
    betza: String,
}

#[derive(Serialize)]
struct PromotionJson {
    zone: String,
    /// `destination` (the move ends in the zone), `start_or_destination` (it starts or ends there), `entering`
    /// (it ends there from outside), `capture` (it captures and ends there), `capture_touching` (it captures and
    /// starts or ends there) or `standing` (a move of its own, in place or by a step, from the zone).
    trigger: &'static str,
    mandatory: bool,
    choices: Vec<String>,
    /// `white` or `black` for a line of one side only; `null`: both.
    side: Option<&'static str>,
    /// Only to a type of which the side has fewer on the board than at the start (or than `limited_to`).
    limited: bool,
    /// `limited to N`: the N; absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    limited_to: Option<u16>,
    /// `on standing`: the side's last piece of the type promotes anywhere; absent unless true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    anywhere_if_last: bool,
    /// `on standing`: the promoted piece may attack no enemy piece; absent unless true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    not_attacking: bool,
    /// `on standing`: the move may not give check; absent unless true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    not_checking: bool,
    /// The promoted piece remembers it was promoted: written `X~` in FEN, it goes to hand as the promoting piece.
    /// Its choices are the types it plays as.
    remembered: bool,
}

#[derive(Serialize)]
struct DropJson {
    /// The per-file limit is 1 (nifu).
    one_per_file: bool,
    /// At most this many unpromoted pieces of the type per file and side, or `null`.
    per_file: Option<u16>,
    no_drop_mate: bool,
    /// It may also be dropped as this promoted form (`drop either-form`), or `null`.
    as_promoted: Option<String>,
    /// `drop opposite-colours`: its drops keep the side's pieces of this type on both square colours; absent
    /// without the rule.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    opposite_colours: bool,
    /// The squares it may not be dropped on, per side.
    forbidden_white: Vec<String>,
    forbidden_black: Vec<String>,
}

/// How the game ends; a verdict (`win`, `draw`, `loss`) is the result for the side it happens to.
#[derive(Serialize)]
struct EndJson {
    /// The result for the mated side (`loss` but in misère games); it applies only to games with a royal piece.
    checkmate: &'static str,
    /// What a stalemate means for the stalemated side.
    stalemate: &'static str,
    /// A stalemate is won by the side with fewer pieces (the `stalemate` verdict is then not used).
    stalemate_by_piece_count: bool,
    /// The game ends the Nth time a position occurs; `null` without a repetition rule.
    repetition: Option<u8>,
    /// Who loses by repetition: `null` (a draw), `mover` (the side completing it), `white` or `black`.
    repetition_loser: Option<&'static str>,
    perpetual_check_loses: bool,
    /// The move-count draw, in plies without a reset; `null` without one.
    move_limit: Option<u32>,
    /// The pieces whose moves reset the move-count clock (captures always do).
    move_limit_reset_by: Vec<String>,
    /// A side left with only royal pieces loses; `null` without the rule.
    bare_king: Option<BareKingJson>,
    /// Draw when the non-royal pieces left are exactly one of these sets (both sides together).
    insufficient_material: Vec<Vec<String>>,
    extinction: Vec<ExtinctionJson>,
    flags: Vec<FlagJson>,
    /// The side giving check this many times wins; `null` without the rule.
    check_limit: Option<u8>,
    /// A move that gives check is illegal.
    giving_check_illegal: bool,
    /// A royal piece in check may not move.
    royal_frozen_in_check: bool,
    /// Royal pieces of opposite sides may not face each other on an open file.
    facing_royals_illegal: bool,
    /// Janggi's bikjang: facing royal pieces must be parted or the side passes, and that pass draws.
    facing_royals_must_break: bool,
    /// Two passes in a row draw.
    double_pass_draws: bool,
    /// `only-promotions draws`: a side left with its royal piece and one standing promoter, whose only legal
    /// moves are promotions, is drawn (sittuyin's stalemate); absent unless true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    only_promotions_draws: bool,
    /// A mate by pieces of these types alone is lost by the side giving it (shatar).
    checkmate_by_only_loses: Vec<String>,
    /// A mate counts only after a check by one of these types in its series of checks (shatar's shak).
    checkmate_needs_check_by: Vec<String>,
    /// Draws by rule decided by material: piece values and each side's bonus, in tenths; `null` without it.
    material_count: Option<MaterialCountJson>,
    /// Every drawn result is a win for this side (`white`, `black`); `null` without draw odds.
    draws_win: Option<&'static str>,
    /// The makruk family's counting rules; `null` without them.
    counting: Option<CountingJson>,
}

#[derive(Serialize)]
struct CountingJson {
    /// No count runs while one of these stands on the board.
    suspended_by: Vec<String>,
    /// No pieces' honour count runs while one of these stands on the board.
    pieces_honour_suspended_by: Vec<String>,
    /// Moves given to a side with more than its king; `null`: no board's honour count.
    board_honour: Option<u16>,
    /// The board's honour runs only for a side with at most this many pieces; `null`: any number.
    board_honour_max_pieces: Option<u16>,
    /// Moves given to a bare king, by the opponent's force: the first row that applies.
    pieces_honour: Vec<HonourRowJson>,
    /// Pieces' honour counts from the number of pieces on the board (otherwise from zero).
    from_piece_count: bool,
}

#[derive(Serialize)]
struct HonourRowJson {
    /// The opponent has at least this many of `piece`; `piece` `null`: any force (the `else` row).
    at_least: u16,
    piece: Option<String>,
    moves: u16,
}

#[derive(Serialize)]
struct BareKingJson {
    hand_must_be_empty: bool,
    /// A side bared on its own move is not lost while it can bare the opponent in turn (shatranj).
    reprieve: bool,
}

#[derive(Serialize)]
struct MaterialCountJson {
    /// The values of the pieces listed, in tenths of a point (types worth nothing are left out).
    values: Vec<PieceValueJson>,
    bonus_tenths: SidesJson,
}

#[derive(Serialize)]
struct PieceValueJson {
    piece: String,
    tenths: u32,
}

#[derive(Serialize)]
struct SidesJson {
    white: u32,
    black: u32,
}

#[derive(Serialize)]
struct ProtectedCaptureJson {
    /// The pieces that may not take a protected one of them from afar.
    set: Vec<String>,
    /// A second capture of these types does not lift the rule.
    bridge_not: Vec<String>,
}

#[derive(Serialize)]
struct ExtinctionJson {
    /// The piece types counted one by one; `null`: all of a side's pieces together.
    pieces: Option<Vec<String>>,
    /// The listed types are counted as one (`together`); shown only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    together: bool,
    at_most: u16,
    verdict: &'static str,
}

#[derive(Serialize)]
struct FlagJson {
    pieces: Vec<String>,
    zone: String,
    /// Black may answer White's arrival by arriving too, which draws (racing kings).
    black_may_equalise: bool,
    /// The flag piece counts only where no enemy piece attacks it.
    if_safe: bool,
    /// The flag piece counts only once it has stood there through the opponent's reply.
    after_reply: bool,
}

/// A side as JSON names it: `white`, `black`.
pub fn side_key(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

fn verdict(v: Verdict) -> &'static str {
    match v {
        Verdict::Win => "win",
        Verdict::Draw => "draw",
        Verdict::Loss => "loss",
    }
}

impl DescribeJson {
    pub fn new(engine: &Engine) -> DescribeJson {
        let game = &engine.game;
        let g = game.geometry;
        let squares = |set: &SquareSet| set.iter().map(|sq| g.name(sq)).collect::<Vec<_>>();
        let symbol = |p: PieceId| game.piece(p).symbol.clone();
        // A remembered promoted piece (`Q~`) is the type it plays as: its promotion line says it is remembered.
        let pieces = (0..game.pieces.len())
            .filter(|&i| game.pieces[i].shadow_of.is_none())
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
                            also: m.adds,
                            within: m.within.map(|z| game.zone(z).name.clone()),
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
                                PromotionTrigger::CaptureTouching => "capture_touching",
                                PromotionTrigger::Standing => "standing",
                            },
                            mandatory: p.mandatory,
                            choices: p
                                .choices
                                .iter()
                                .map(|&c| symbol(game.plays_as(c)))
                                .collect(),
                            side: p.side.map(|s| match s {
                                Side::White => "white",
                                Side::Black => "black",
                            }),
                            limited: p.limits.is_some(),
                            limited_to: p.limited_to,
                            anywhere_if_last: p.standing.anywhere_if_last,
                            not_attacking: p.standing.not_attacking,
                            not_checking: p.standing.not_checking,
                            remembered: p
                                .choices
                                .iter()
                                .any(|&c| game.piece(c).shadow_of.is_some()),
                        })
                        .collect(),
                    in_hand_as: ty.in_hand.map(symbol),
                    may_not_capture: ty.may_not_capture.iter().map(|&t| symbol(t)).collect(),
                    may_not_hop_over: ty.may_not_hop_over.iter().map(|&t| symbol(t)).collect(),
                    confined_to: ty.confined.map(|z| game.zone(z).name.clone()),
                    first_moves: ty.unmoved.as_ref().map(|u| FirstMovesJson {
                        not_in_check: u.not_in_check,
                        lost_when_aligned_with: u
                            .lost_when_aligned_with
                            .iter()
                            .map(|&t| symbol(t))
                            .collect(),
                    }),
                    drop: ty.drop.as_ref().map(|d| DropJson {
                        one_per_file: d.per_file == Some(1),
                        per_file: d.per_file,
                        no_drop_mate: d.no_drop_mate,
                        as_promoted: d.as_promoted.map(symbol),
                        opposite_colours: d.opposite_colours,
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
            bonus_turn: game.bonus_turn.as_ref().map(|b| BonusTurnJson {
                zone: game.zone(b.zone).name.clone(),
                may_pass: b.may_pass,
            }),
            castling: castling(engine),
            en_passant: inspect::en_passant_makers(game)
                .into_iter()
                .map(symbol)
                .collect(),
            protected_capture: game
                .protected_capture
                .as_ref()
                .map(|r| ProtectedCaptureJson {
                    set: game.types_marked(&r.set).map(symbol).collect(),
                    bridge_not: game.types_marked(&r.bridge_not).map(symbol).collect(),
                }),
            counter_strike: game
                .counter_strike
                .as_ref()
                .map(|r| game.types_marked(&r.set).map(symbol).collect()),
            gating: game.gating.as_ref().map(|gating| {
                let side = |side: Side| {
                    gating
                        .rights
                        .iter()
                        .filter(|r| r.side == side)
                        .map(|r| g.name(r.square))
                        .collect()
                };
                GatingJson {
                    white: side(Side::White),
                    black: side(Side::Black),
                    only: gating.only,
                }
            }),
            must_drop: game.must_drop,
            forced_capture: game.forced_capture.as_ref().map(|f| {
                f.by.iter()
                    .enumerate()
                    .filter(|(_, &by)| by)
                    .map(|(i, _)| symbol(PieceId(i as u16)))
                    .collect()
            }),
            explosions: game
                .explosions
                .as_ref()
                .map(|blast| game.types_marked(&blast.spared).map(symbol).collect()),
            walls: game.walls.as_ref().map(|w| WallsJson {
                placement: w.placement.map(|p| p.word()),
                zone: w
                    .placement
                    .and_then(|p| p.zone())
                    .map(|z| game.zone(z).name.clone()),
                petrify: game.types_marked(&w.petrify).map(symbol).collect(),
            }),
            dead_squares_allowed: game.dead_squares_allowed,
            pass_allowed: game.pass_allowed,
            first_move_rights: game
                .first_move_rights
                .iter()
                .map(|r| FirstMoveRightJson {
                    side: side_key(r.side),
                    square: game.geometry.name(r.square),
                    piece: symbol(r.piece),
                    letter: r.letter.to_string(),
                })
                .collect(),
            end: EndJson::new(game),
        }
    }
}

/// The castlings the rule book's table shows (under fixed-file castling, the start position's).
fn castling(engine: &Engine) -> Vec<CastlingJson> {
    let game = &engine.game;
    let g = game.geometry;
    let names = |v: &[Square]| v.iter().map(|&s| g.name(s)).collect::<Vec<_>>();
    let start = crate::engine::Position::start(engine);
    crate::render::start_castlings(game, &start)
        .into_iter()
        .map(|c| {
            let right = &game.castling_rights[c.right];
            CastlingJson {
                side: side_key(right.side),
                right: right.letter,
                king_from: g.name(c.king_from),
                king_to: g.name(c.king_to),
                written: format!("{}{}", g.name(c.king_from), g.name(c.move_to)),
                rook_from: g.name(c.rook_from),
                rook_to: g.name(c.rook_to),
                must_be_empty: names(&c.empty),
                must_not_be_attacked: names(&c.safe),
                gained_by_drop: right.by_drop,
            }
        })
        .collect()
}

impl EndJson {
    fn new(game: &Game) -> EndJson {
        let end = &game.end;
        let symbols = |ids: &[PieceId]| ids.iter().map(|&p| game.piece(p).symbol.clone()).collect();
        EndJson {
            checkmate: verdict(end.checkmate),
            stalemate: verdict(end.stalemate),
            stalemate_by_piece_count: end.stalemate_by_piece_count,
            repetition: end.repetition.map(|r| r.count),
            repetition_loser: end.repetition.and_then(|r| r.loser).map(|l| match l {
                RepetitionLoser::Mover => "mover",
                RepetitionLoser::Side(side) => side_key(side),
            }),
            perpetual_check_loses: end.repetition.is_some_and(|r| r.perpetual_check_loses),
            move_limit: end.move_limit,
            move_limit_reset_by: symbols(&end.resets_clock),
            bare_king: end.bare_king_loses.map(|b| BareKingJson {
                hand_must_be_empty: b.hand_must_be_empty,
                reprieve: b.reprieve,
            }),
            insufficient_material: end
                .insufficient_material
                .iter()
                .map(|set| symbols(set))
                .collect(),
            extinction: end
                .extinction
                .iter()
                .map(|e| ExtinctionJson {
                    pieces: match &e.pieces {
                        Extinct::AnyPiece => None,
                        Extinct::Types(types) | Extinct::Together(types) => Some(symbols(types)),
                    },
                    together: matches!(e.pieces, Extinct::Together(_)),
                    at_most: e.at_most,
                    verdict: verdict(e.verdict),
                })
                .collect(),
            flags: end
                .flags
                .iter()
                .map(|f| FlagJson {
                    pieces: symbols(&f.pieces),
                    zone: game.zone(f.zone).name.clone(),
                    black_may_equalise: end.black_may_equalise,
                    if_safe: f.if_safe,
                    after_reply: f.after_reply,
                })
                .collect(),
            check_limit: end.check_limit,
            giving_check_illegal: end.giving_check_illegal,
            royal_frozen_in_check: end.royal_frozen_in_check,
            facing_royals_illegal: end.facing_royals_illegal,
            facing_royals_must_break: end.facing_royals_must_break,
            double_pass_draws: end.double_pass_draws,
            only_promotions_draws: end.only_promotions_draw,
            checkmate_by_only_loses: symbols(&end.checkmate_by_only_loses),
            checkmate_needs_check_by: symbols(&end.checkmate_needs_check_by),
            material_count: end.material_count.as_ref().map(|m| MaterialCountJson {
                values: m
                    .valued(game)
                    .map(|(p, tenths)| PieceValueJson {
                        piece: game.piece(p).symbol.clone(),
                        tenths,
                    })
                    .collect(),
                bonus_tenths: SidesJson {
                    white: m.bonus_tenths[0],
                    black: m.bonus_tenths[1],
                },
            }),
            draws_win: end.draws_win.map(side_key),
            counting: end.counting.as_ref().map(|c| CountingJson {
                suspended_by: symbols(&c.suspended_by),
                pieces_honour_suspended_by: symbols(&c.pieces_honour_suspended_by),
                board_honour: c.board_honour,
                board_honour_max_pieces: c.board_honour_max_pieces,
                pieces_honour: c
                    .pieces_honour
                    .iter()
                    .map(|row| HonourRowJson {
                        at_least: row.at_least,
                        piece: row.piece.map(|p| game.piece(p).symbol.clone()),
                        moves: row.moves,
                    })
                    .collect(),
                from_piece_count: c.from_piece_count,
            }),
        }
    }
}
