//! `gating in ZONE` and `drops … gating-only` → [`Gating`]: one right per square of the zone, per side, each
//! written in the FEN's castling field with its file letter. What would make that field ambiguous, and what the
//! executor does not know how to combine with gating, is refused here, at the statement.
use crate::compile::board::zones::ZoneTable;
use crate::compile::header::Header;
use crate::compile::Diags;
use crate::diag::Span;
use crate::rules::{
    CastlingRight, FirstMoveRight, Game, GateRight, Gating, Geometry, Legality, PieceId, Promotion,
    Side, Square, SquareSet, MAX_RIGHTS,
};

pub struct GatingSetting<'a> {
    pub head: &'a Header,
    pub castling: &'a [CastlingRight],
    pub first_moves: &'a [FirstMoveRight],
    pub holes: &'a SquareSet,
    pub geometry: Geometry,
}

pub fn resolve_gating(s: &GatingSetting, zones: &mut ZoneTable, d: &mut Diags) -> Option<Gating> {
    let head = s.head;
    let Some((kw, zone)) = &head.gating else {
        if let Some(span) = head.gating_only {
            d.error(span, "`gating-only`, but the game has no `gating` statement")
                .note("add `gating in ZONE` (the squares where pieces from hand may enter), or leave out `gating-only`");
        }
        return None;
    };
    let kw = *kw;
    if head.drops.is_none() {
        d.error(kw, "`gating` brings pieces from hand, but the game has no `drops` statement")
            .note("add `drops reserve gating-only` for hands that only the start position fills and that only gating empties (Seirawan chess), or `drops` for hands fed by captures whose pieces may also be dropped (S-House)");
    }
    let not_yet = |what: &str, d: &mut Diags| {
        d.error(
            kw,
            format!("`gating` in a game with {what}: not supported yet"),
        )
        .note("see \"What tatsu cannot express yet\" in docs/variant-language.md");
    };
    if head.walls.is_some() {
        not_yet("walls", d);
    }
    if s.castling.iter().any(|r| r.king_from.is_none()) {
        // Fairy-Stockfish reads a Chess960 right's file letter as a gate in these games; tatsu would need both.
        not_yet("fixed-file (Chess960) castling", d);
    }
    let zone_id = zones.resolve(zone, d)?;
    let g = s.geometry;
    let mut rights: Vec<GateRight> = Vec::new();
    for side in Side::BOTH {
        for square in g.all() {
            if !zones.get(zone_id).contains(side, square) || s.holes.contains(square) {
                continue;
            }
            let letter = g.file_letter(square, side);
            if let Some(other) = rights.iter().find(|r| r.letter == letter) {
                d.error(
                    zone.span,
                    format!(
                        "the gating zone `{}` has {} and {} on one file for {side:?}",
                        zone.value,
                        g.name(other.square),
                        g.name(square)
                    ),
                )
                .note("a gating right is written with its file's letter, so one square per file and side");
                return None;
            }
            let taken = s
                .castling
                .iter()
                .map(|r| r.letter)
                .chain(s.first_moves.iter().map(|r| r.letter));
            if taken.clone().any(|l| l == letter) {
                d.error(
                    zone.span,
                    format!(
                        "the gating right on {} would be written `{letter}`, a letter a castling or first-move right uses",
                        g.name(square)
                    ),
                );
                return None;
            }
            rights.push(GateRight {
                side,
                square,
                letter,
            });
        }
    }
    let total = s.castling.len() + s.first_moves.len() + rights.len();
    if total > MAX_RIGHTS {
        d.error(
            zone.span,
            format!(
                "{} castling, {} first-move and {} gating rights: at most {MAX_RIGHTS} in one game",
                s.castling.len(),
                s.first_moves.len(),
                rights.len()
            ),
        );
        return None;
    }
    if rights.is_empty() {
        d.warning(
            zone.span,
            format!(
                "the gating zone `{}` has no square, so no piece is ever gated",
                zone.value
            ),
        );
    }
    Some(Gating {
        only: head.gating_only.is_some(),
        rights,
    })
}

/// Rules under which a gated piece would change whether a move is legal, which gating does not know yet: moves
/// that may not give check (the gated piece could give it) and explosions (it could be caught in the blast).
pub fn check_end_rules(kw: Span, legality: &Legality, explosions: bool, d: &mut Diags) {
    let mut not_yet = |what: &str| {
        d.error(kw, format!("`gating` in a game with {what}: not supported yet"))
            .note("a move's legality is judged without its gated piece (Seirawan chess's rule); under this rule the gated piece would change it. See \"What tatsu cannot express yet\" in docs/variant-language.md");
    };
    if legality.giving_check_illegal {
        not_yet("`giving-check illegal`");
    }
    if explosions {
        not_yet("`explosions`");
    }
}

/// A gated piece is written as its id in lower case after the move (`b1c3h`), and a promotion as the promoted
/// type's (`b7b8h`): a move from a gating square that may promote, but need not, to a type written like a gated one
/// would read the same as that move unpromoted and gating (a move that promotes does not gate). It needs a promotion
/// zone within one move of a gating square: refused at `gating`, with the piece named. Seirawan chess and S-House
/// never meet it (their pieces promote on the far rank).
pub fn check_promotion_text(game: &Game, kw: Span, d: &mut Diags) {
    let Some(gating) = &game.gating else {
        return;
    };
    let gated: Vec<String> = game
        .pieces
        .iter()
        .map(|p| p.symbol.to_lowercase())
        .collect();
    let squares = game.geometry.squares();
    for (i, piece) in game.pieces.iter().enumerate() {
        let id = PieceId(i as u16);
        // The promotions of a move from `from` to `to` that need not happen, if the move may promote at all.
        let optional = |side: Side, from: Square, to: Square, captures: bool| {
            let firing: Vec<&Promotion> = piece
                .promotions
                .iter()
                .filter(|p| p.fires(game, side, from, to, captures))
                .collect();
            let optional = !firing.iter().any(|p| p.mandatory);
            firing.into_iter().filter(move |_| optional)
        };
        let clash = gating.rights.iter().find_map(|right| {
            let (side, from) = (right.side, right.square);
            let rays = &game.rays[piece.rays(side, squares, from).range()];
            game.geometry.all().find_map(|to| {
                let reaches = rays
                    .iter()
                    .any(|r| r.may_end_on(game.ray_squares(r), game.ray_rules(r), to));
                if !reaches {
                    return None;
                }
                [false, true]
                    .into_iter()
                    .flat_map(|captures| optional(side, from, to, captures))
                    .flat_map(|p| &p.choices)
                    .map(|&c| (c, game.promotion_suffix(id, c)))
                    .find_map(|(choice, text)| {
                        let gate = gated.iter().position(|g| *g == text)?;
                        Some((from, to, choice, text, gate))
                    })
            })
        });
        if let Some((from, to, choice, suffix, gate)) = clash {
            let g = game.geometry;
            d.error(
                kw,
                format!(
                    "`gating`, but `{}` may promote on a move from the gating square {}: `{}{}{suffix}` would be both \
                     its promotion to `{}` and its move gating `{}` in",
                    piece.symbol,
                    g.name(from),
                    g.name(from),
                    g.name(to),
                    game.pieces[choice.index()].symbol,
                    game.pieces[gate].symbol,
                ),
            )
            .note("a gated piece and a promotion are both written as a lower-case id after the move, as Fairy-Stockfish writes them");
        }
    }
}
