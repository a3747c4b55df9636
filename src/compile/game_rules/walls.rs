//! `walls past|placed [in ZONE]|shot` and `petrify ID…` → [`Walls`]. What the executor does not know how to
//! combine with walls yet is refused here, at the statement, rather than played some other way.
use crate::compile::board::zones::ZoneTable;
use crate::compile::header::Header;
use crate::compile::pieces::graph::Built;
use crate::compile::pieces::{PieceInfo, PieceNames};
use crate::compile::Diags;
use crate::rules::{Castling, Geometry, RayFlags, RayKind, Side, WallPlacement, Walls};

pub struct WallSetting<'a> {
    pub head: &'a Header,
    pub names: &'a PieceNames,
    pub infos: &'a [PieceInfo],
    pub built: &'a Built,
    pub castlings: &'a [Castling],
    pub geometry: Geometry,
}

pub fn resolve_walls(s: &WallSetting, zones: &mut ZoneTable, d: &mut Diags) -> Option<Walls> {
    let head = s.head;
    if head.walls.is_none() && head.petrify.is_none() {
        return None;
    }
    let mut walls = Walls {
        placement: None,
        petrify: vec![false; s.names.decls.len()],
    };
    if let Some((kw, word, zone)) = &head.walls {
        let zone_id = zone.as_ref().and_then(|z| zones.resolve(z, d));
        walls.placement = match word.value.as_str() {
            "past" => Some(WallPlacement::Past),
            "placed" => Some(WallPlacement::Placed(zone_id)),
            "duck" => Some(WallPlacement::Duck),
            _ => Some(WallPlacement::Shot),
        };
        if let (Some(z), false) = (zone, word.value == "placed") {
            d.error(
                z.span,
                format!(
                    "`walls {}` takes no zone: the wall's square follows from the move",
                    word.value
                ),
            )
            .note("only `walls placed in ZONE` limits where the mover may put its wall");
        }
        let not_yet = |what: &str, d: &mut Diags| {
            d.error(*kw, format!("`walls` in a game with {what}: not supported yet"))
                .note("which wall such a move leaves is unsaid; see \"What tatsu cannot express yet\" in docs/variant-language.md");
        };
        if head.drops.is_some() {
            not_yet("`drops`", d);
        }
        // A placed wall or the duck goes on any square empty after the move, castling included; a wall left on
        // the king's square or shot by a castling king is unsaid.
        if !s.castlings.is_empty() && matches!(word.value.as_str(), "past" | "shot") {
            not_yet("castling", d);
        }
        if head.bonus.is_some() {
            not_yet("a `bonus-turn`", d);
        }
        if head.explosions.is_some() {
            not_yet("`explosions`", d);
        }
        check_pieces(s, word.value.as_str(), word.span, d);
    }
    if let Some((kw, listed)) = &head.petrify {
        walls.petrify = s.names.listed_types(listed, "petrify", d);
        for name in listed {
            let Some(id) = s.names.lookup(&name.value) else {
                continue;
            };
            if s.infos[id.index()].royal {
                d.error(
                    name.span,
                    format!("`petrify {}`: a royal piece that captured would turn to stone", name.value),
                )
                .note("a royal piece may not petrify itself, so it may not capture: give it moves without capture (`mK`) instead, as Fairy-Stockfish's Petrified plays its king");
            }
        }
        if head.explosions.is_some() {
            d.error(
                *kw,
                "`petrify` in a game with `explosions`: not supported yet",
            )
            .note("a capture that both explodes and petrifies has no rule yet");
        }
    }
    Some(walls)
}

/// The moves every piece makes must leave a wall the placement can say: under `past` no move may end where it
/// started (its square could not be walled), under `shot` a piece's moves without capture must be slides or lame
/// leaps, along which its shot flies, and it may not promote (whether it shoots along the moves of the piece it
/// was or of the one it becomes is unsaid).
fn check_pieces(s: &WallSetting, word: &str, span: crate::diag::Span, d: &mut Diags) {
    if word == "shot" {
        for (i, info) in s.infos.iter().enumerate() {
            if let Some(promote) = info.promotes.first() {
                d.error(
                    promote.keyword,
                    format!("`walls shot` with a promotion of `{}`: not supported yet", s.names.decls[i].id.value),
                )
                .label(span, "the piece shoots its wall along its own moves")
                .note("whether it shoots along the moves of the piece it was or the piece it becomes is unsaid; see \"What tatsu cannot express yet\" in docs/variant-language.md");
            }
        }
    }
    let squares = s.geometry.squares();
    let built = s.built;
    for (i, piece) in built.pieces.iter().enumerate() {
        let mut returns = false;
        let mut odd_shot = false;
        for side in Side::BOTH {
            for sq in s.geometry.all() {
                let slice = piece.rays(side, squares, sq);
                for ray in &built.rays[slice.range()] {
                    let path = &built.ray_squares[ray.first as usize..][..ray.len as usize];
                    returns |= ray.kind == RayKind::Chain && path.contains(&sq);
                    odd_shot |= ray.flags.has(RayFlags::MOVE)
                        && !matches!(ray.kind, RayKind::Slide | RayKind::Lame);
                }
            }
        }
        let symbol = &s.names.decls[i].id;
        if word == "past" && returns {
            d.error(
                symbol.span,
                format!("`walls past`: `{}` has moves that end on or pass its own square, which could not become a wall", symbol.value),
            )
            .label(span, "the square a piece leaves becomes a wall")
            .note("not supported yet; see \"What tatsu cannot express yet\" in docs/variant-language.md");
        }
        if word == "shot" && odd_shot {
            d.error(
                symbol.span,
                format!("`walls shot`: `{}` moves by hops or multi-leg moves, along which a shot is not defined yet", symbol.value),
            )
            .label(span, "the piece shoots its wall along its own moves")
            .note("a shot flies along slides and leaps; see \"What tatsu cannot express yet\" in docs/variant-language.md");
        }
    }
}
