//! The pieces of the data view: each piece type with its moves, promotions, drops and restrictions.
use super::{side_key, Names};
use crate::inspect;
use crate::rules::{
    Burn, DropRule, Game, JumpsLower, PieceId, PieceType, Promotion, PromotionTrigger,
    StandingRules,
};
use serde::Serialize;

#[derive(Serialize)]
pub(super) struct PieceJson {
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
    /// `demote in ZONE`: ending a move in its owner's copy of the zone turns it into `to`; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    demotes_in: Option<DemotionJson>,
    /// `glyph "竜"`: the text a board draws for the piece; absent without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    glyph: Option<String>,
    /// Its rank for range capture (`rank-order`: the first group highest); absent for the types not listed (0).
    #[serde(skip_serializing_if = "is_zero")]
    rank: u16,
    /// `jumps-lower`: `any_move`, `to_capture` (past a piece it only stops to capture) or `taking_passed` (it
    /// removes every piece it passes); absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    jumps_lower: Option<&'static str>,
    /// `jumps-over`: the XBetza of its jumping slides' lines; absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    jumps_over: Option<String>,
    /// `jumps-over … enemies`: only enemy pieces are passed; absent unless true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    jumps_over_enemies: bool,
    /// `jumps-over … taking-passed`: every piece passed is taken; absent unless true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    jumps_over_taking_passed: bool,
    /// `burns`: its burning area, the types it spares and whether it burns passively; absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    burns: Option<BurnJson>,
    /// `captures-unprotected-only`: it never takes a protected piece; absent without it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    captures_unprotected_only: bool,
}

#[derive(Serialize)]
struct BurnJson {
    /// The area as the file writes it (XBetza leaps).
    area: String,
    /// The types it never burns (`spare`).
    spare: Vec<String>,
    /// `passive`: an enemy piece that stops in its area is burned.
    passive: bool,
}

/// A burner's data view: every field of [`Burn`] is named.
fn burn(game: &Game, b: &Burn) -> BurnJson {
    let Burn {
        area,
        // The area turned for each side: the text says it, with the game's orientation.
        offsets: _,
        spared,
        passive,
    } = b;
    let spare: Vec<PieceId> = (0..spared.len())
        .filter(|&i| spared[i])
        .map(|i| PieceId(i as u16))
        .collect();
    BurnJson {
        area: area.clone(),
        spare: Names(game).symbols(&spare),
        passive: *passive,
    }
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

#[derive(Serialize)]
struct DemotionJson {
    zone: String,
    to: String,
}

#[derive(Serialize)]
struct FirstMovesJson {
    /// They may not be made while the side is in check.
    not_in_check: bool,
    /// An enemy piece of these types moving onto the piece's rank or file takes the right away.
    lost_when_aligned_with: Vec<String>,
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

/// A piece type as data. Every field of [`PieceType`] is named here: a new one does not compile until this view
/// decides what it shows of it.
pub(super) fn piece(game: &Game, id: PieceId) -> PieceJson {
    let n = Names(game);
    let PieceType {
        name,
        symbol,
        royal,
        promoted,
        promotions,
        in_hand,
        drop,
        may_not_capture,
        may_not_hop_over,
        confined,
        unmoved,
        demote_in,
        glyph,
        rank,
        jumps_lower,
        // Derived from `jumps_lower` and the moves, both read already.
        sweeping_sources: _,
        jumps_over,
        burns,
        captures_unprotected_only,
        // The moves are read from the game's move sets (their text as the file gives it), not from the rays.
        graph: _,
        // Derived from the moves: where the piece could never move again.
        dead: _,
        // Derived from promotion and the reach of its moves.
        promotion_reach: _,
        // A remembered promotion's shadow type is shown as the `remembered` flag of the promotion line.
        shadow_of: _,
        shadow: _,
        // How moves are written (notation), not a rule.
        swaps_in_legs: _,
    } = game.piece(id);
    PieceJson {
        symbol: symbol.clone(),
        name: name.clone(),
        royal: *royal,
        promoted: *promoted,
        moves: inspect::move_sets(game, id)
            .into_iter()
            .map(|m| MoveSetJson {
                zone: m.zone.map(|z| n.zone(z)),
                also: m.adds,
                within: m.within.map(|z| n.zone(z)),
                betza: m.betza.clone(),
            })
            .collect(),
        promotions: promotions.iter().map(|p| promotion(game, p)).collect(),
        in_hand_as: in_hand.map(|p| n.symbol(p)),
        may_not_capture: n.symbols(may_not_capture),
        may_not_hop_over: n.symbols(may_not_hop_over),
        confined_to: confined.map(|z| n.zone(z)),
        first_moves: unmoved.as_ref().map(|u| FirstMovesJson {
            not_in_check: u.not_in_check,
            lost_when_aligned_with: n.symbols(&u.lost_when_aligned_with),
        }),
        drop: drop.as_ref().map(|d| drop_rule(game, d)),
        demotes_in: demote_in.map(|(zone, to)| DemotionJson {
            zone: n.zone(zone),
            to: n.symbol(to),
        }),
        glyph: glyph.clone(),
        rank: *rank,
        jumps_lower: jumps_lower.map(|j| match j {
            JumpsLower::AnyMove => "any_move",
            JumpsLower::ToCapture => "to_capture",
            JumpsLower::TakingPassed => "taking_passed",
        }),
        jumps_over: jumps_over.as_ref().map(|j| j.betza.clone()),
        jumps_over_enemies: jumps_over.as_ref().is_some_and(|j| j.enemies),
        jumps_over_taking_passed: jumps_over.as_ref().is_some_and(|j| j.taking_passed),
        burns: burns.as_ref().map(|b| burn(game, b)),
        captures_unprotected_only: *captures_unprotected_only,
    }
}

fn promotion(game: &Game, p: &Promotion) -> PromotionJson {
    let n = Names(game);
    let Promotion {
        zone,
        trigger,
        mandatory,
        choices,
        side,
        limits,
        limited_to,
        standing:
            StandingRules {
                anywhere_if_last,
                not_attacking,
                not_checking,
            },
    } = p;
    PromotionJson {
        zone: n.zone(*zone),
        trigger: match trigger {
            PromotionTrigger::Destination => "destination",
            PromotionTrigger::StartOrDestination => "start_or_destination",
            PromotionTrigger::Entering => "entering",
            PromotionTrigger::Capture => "capture",
            PromotionTrigger::CaptureTouching => "capture_touching",
            PromotionTrigger::Standing => "standing",
        },
        mandatory: *mandatory,
        choices: choices
            .iter()
            .map(|&c| n.symbol(game.plays_as(c)))
            .collect(),
        side: side.map(side_key),
        limited: limits.is_some(),
        limited_to: *limited_to,
        anywhere_if_last: *anywhere_if_last,
        not_attacking: *not_attacking,
        not_checking: *not_checking,
        remembered: choices.iter().any(|&c| game.piece(c).shadow_of.is_some()),
    }
}

fn drop_rule(game: &Game, d: &DropRule) -> DropJson {
    let n = Names(game);
    let DropRule {
        forbidden: [forbidden_white, forbidden_black],
        per_file,
        no_drop_mate,
        as_promoted,
        opposite_colours,
    } = d;
    DropJson {
        one_per_file: *per_file == Some(1),
        per_file: *per_file,
        no_drop_mate: *no_drop_mate,
        as_promoted: as_promoted.map(|p| n.symbol(p)),
        opposite_colours: *opposite_colours,
        forbidden_white: n.squares(forbidden_white),
        forbidden_black: n.squares(forbidden_black),
    }
}
