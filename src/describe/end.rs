//! How the game ends, as data: every field of [`EndRules`] is named here.
use super::{side_key, Names};
use crate::rules::{
    BareKing, Counting, Extinct, Extinction, Flag, Game, HonourRow, MaterialCount, Repetition,
    RepetitionLoser, Royalty, Verdict,
};
use serde::Serialize;

/// How the game ends; a verdict (`win`, `draw`, `loss`) is the result for the side it happens to.
#[derive(Serialize)]
pub(super) struct EndJson {
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
    /// `reset-by promotions`: every move that promotes resets the clock too; absent unless true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    move_limit_reset_by_promotions: bool,
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
    /// What several royal pieces of a side mean: `all_safe` (none may be left attacked), `last_safe` (the last
    /// one must be kept safe) or `last_safe_duple_check` (and not all of them attacked at once); absent where a
    /// side has one royal piece.
    #[serde(skip_serializing_if = "Option::is_none")]
    royals: Option<&'static str>,
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

/// A verdict as the data view and the file write it: `win`, `draw`, `loss`.
pub(crate) fn verdict_key(v: Verdict) -> &'static str {
    match v {
        Verdict::Win => "win",
        Verdict::Draw => "draw",
        Verdict::Loss => "loss",
    }
}

impl EndJson {
    /// The end rules as data. `EndRules` is destructured without `..`: a new rule does not compile until this
    /// view carries it (and with it `tatsu diff`, which compares this view).
    pub(super) fn new(game: &Game) -> EndJson {
        let n = Names(game);
        let crate::rules::EndRules {
            stalemate,
            repetition,
            move_limit,
            resets_clock,
            promotion_resets_clock,
            bare_king_loses,
            insufficient_material,
            checkmate,
            checkmate_by_only_loses,
            checkmate_needs_check_by,
            extinction,
            flags,
            check_limit,
            draws_win,
            black_may_equalise,
            stalemate_by_piece_count,
            facing_royals_must_break,
            double_pass_draws,
            only_promotions_draw,
            material_count,
            counting,
        } = &game.end;
        // Kept under `end` in the JSON, as before the rules were grouped.
        let crate::rules::Legality {
            royalty,
            giving_check_illegal,
            royal_frozen_in_check,
            facing_royals_illegal,
        } = &game.legality;
        let Repetition {
            count: _,
            perpetual_check_loses,
            loser,
        } = repetition.unwrap_or(Repetition {
            count: 0,
            perpetual_check_loses: false,
            loser: None,
        });
        EndJson {
            checkmate: verdict_key(*checkmate),
            stalemate: verdict_key(*stalemate),
            stalemate_by_piece_count: *stalemate_by_piece_count,
            repetition: repetition.map(|r| r.count),
            repetition_loser: loser.map(|l| match l {
                RepetitionLoser::Mover => "mover",
                RepetitionLoser::Side(side) => side_key(side),
            }),
            perpetual_check_loses,
            move_limit: *move_limit,
            move_limit_reset_by: n.symbols(resets_clock),
            move_limit_reset_by_promotions: *promotion_resets_clock,
            bare_king: bare_king_loses.map(
                |BareKing {
                     hand_must_be_empty,
                     reprieve,
                 }| BareKingJson {
                    hand_must_be_empty,
                    reprieve,
                },
            ),
            insufficient_material: insufficient_material
                .iter()
                .map(|set| n.symbols(set))
                .collect(),
            extinction: extinction.iter().map(|e| extinction_json(&n, e)).collect(),
            flags: flags
                .iter()
                .map(|f| flag_json(&n, f, *black_may_equalise))
                .collect(),
            check_limit: *check_limit,
            giving_check_illegal: *giving_check_illegal,
            royal_frozen_in_check: *royal_frozen_in_check,
            facing_royals_illegal: *facing_royals_illegal,
            facing_royals_must_break: *facing_royals_must_break,
            double_pass_draws: *double_pass_draws,
            only_promotions_draws: *only_promotions_draw,
            checkmate_by_only_loses: n.symbols(checkmate_by_only_loses),
            checkmate_needs_check_by: n.symbols(checkmate_needs_check_by),
            material_count: material_count
                .as_ref()
                .map(|m| material_count_json(game, m)),
            draws_win: draws_win.map(side_key),
            counting: counting.as_ref().map(|c| counting_json(&n, c)),
            royals: match royalty {
                Royalty::One => None,
                Royalty::AllSafe => Some("all_safe"),
                Royalty::LastSafe { duple_check: false } => Some("last_safe"),
                Royalty::LastSafe { duple_check: true } => Some("last_safe_duple_check"),
            },
        }
    }
}

fn extinction_json(n: &Names, e: &Extinction) -> ExtinctionJson {
    let Extinction {
        pieces,
        at_most,
        verdict: result,
    } = e;
    ExtinctionJson {
        pieces: match pieces {
            Extinct::AnyPiece => None,
            Extinct::Types(types) | Extinct::Together(types) => Some(n.symbols(types)),
        },
        together: matches!(pieces, Extinct::Together(_)),
        at_most: *at_most,
        verdict: verdict_key(*result),
    }
}

fn flag_json(n: &Names, f: &Flag, black_may_equalise: bool) -> FlagJson {
    let Flag {
        pieces,
        zone,
        if_safe,
        after_reply,
    } = f;
    FlagJson {
        pieces: n.symbols(pieces),
        zone: n.zone(*zone),
        black_may_equalise,
        if_safe: *if_safe,
        after_reply: *after_reply,
    }
}

fn material_count_json(game: &Game, m: &MaterialCount) -> MaterialCountJson {
    let MaterialCount {
        tenths: _,
        bonus_tenths: [white, black],
    } = m;
    MaterialCountJson {
        // `valued` reads `tenths`, leaving out the types worth nothing and the shadow types.
        values: m
            .valued(game)
            .map(|(p, tenths)| PieceValueJson {
                piece: game.piece(p).symbol.clone(),
                tenths,
            })
            .collect(),
        bonus_tenths: SidesJson {
            white: *white,
            black: *black,
        },
    }
}

fn counting_json(n: &Names, c: &Counting) -> CountingJson {
    let Counting {
        suspended_by,
        pieces_honour_suspended_by,
        board_honour,
        board_honour_max_pieces,
        pieces_honour,
        from_piece_count,
    } = c;
    CountingJson {
        suspended_by: n.symbols(suspended_by),
        pieces_honour_suspended_by: n.symbols(pieces_honour_suspended_by),
        board_honour: *board_honour,
        board_honour_max_pieces: *board_honour_max_pieces,
        pieces_honour: pieces_honour
            .iter()
            .map(
                |&HonourRow {
                     at_least,
                     piece,
                     moves,
                 }| HonourRowJson {
                    at_least,
                    piece: piece.map(|p| n.symbol(p)),
                    moves,
                },
            )
            .collect(),
        from_piece_count: *from_piece_count,
    }
}
