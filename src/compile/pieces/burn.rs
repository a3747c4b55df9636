//! Burning (`burns "AREA" [spare ID…] [passive]`, Tenjiku Shogi's Fire Demon): the piece item is read here into
//! [`BurnInfo`], and [`apply`] turns it into [`PieceType::burns`](crate::rules::PieceType) once the orientation
//! is known, refusing the games whose other rules burning cannot be combined with. The executor's part is
//! `engine/rules/burn.rs`; docs/variant-language.md, "Burning", states the rule.
use super::graph::{betza_facing, Built};
use super::{parse_betza, PieceInfo, PieceItems};
use crate::compile::header::Header;
use crate::compile::Diags;
use crate::diag::Span;
use crate::dsl::ast::{PieceItem, Str};
use crate::rules::{Burn, Side, MAX_BURN_AREA};
use betza::Mode;

/// A piece's `burns` item, resolved against the piece table.
pub struct BurnInfo {
    /// The word `burns`, where the game-wide refusals point.
    pub keyword: Span,
    /// The area as written.
    pub area: Str,
    /// The area's form, checked to be leaps only; `None` when an error was reported.
    resolved: Option<betza::Resolved>,
    /// Per piece type: spared (`spare`).
    pub spared: Vec<bool>,
    pub passive: bool,
}

impl PieceItems<'_, '_> {
    /// `burns "AREA" [spare ID…] [passive]` in a piece block, at most once.
    pub(super) fn burns(&mut self, item: &PieceItem, d: &mut Diags) {
        let PieceItem::Burns {
            keyword,
            area,
            spare,
            passive,
        } = item
        else {
            return;
        };
        let (keyword, passive) = (*keyword, *passive);
        if self.given.twice("burns".into(), keyword, "`burns`", d) {
            return;
        }
        let spared = self.names.listed_types(spare, "spare", d);
        let resolved = parse_betza(area, d).and_then(|b| match b.resolve() {
            Ok(r) => Some(r),
            Err(errors) => {
                for e in errors {
                    d.error(area.span, format!("XBetza: {}", e.message));
                }
                None
            }
        });
        let resolved = resolved.filter(|r| leaps_only(r, area, d));
        self.info.burns = Some(BurnInfo {
            keyword,
            area: area.clone(),
            resolved,
            spared,
            passive,
        });
    }
}

/// Is the area a set of plain leaps (single-leg, one step, no mode, no lame or jumped square, no cylinder, not
/// initial-only, no castling, not the universal leaper)? Reports an error at the string if not.
fn leaps_only(resolved: &betza::Resolved, area: &Str, d: &mut Diags) -> bool {
    let plain = Mode::MOVE.union(Mode::CAPTURE);
    let leaps = resolved.expand(betza::Facing::First).iter().all(|path| {
        !path.universal
            && path.castling.is_none()
            && !path.initial_only
            && path.legs.len() == 1
            && path.legs.iter().all(|leg| {
                leg.max == Some(1)
                    && leg.mode == plain
                    && leg.lame_path.is_empty()
                    && leg.jump_path.is_empty()
                    && !leg.wrap
            })
    });
    if !leaps {
        d.error(area.span, "a burning area is a set of plain leaps")
            .note("write the squares as leaps from the burner (`K`, `KD`, `fF`): no slides, hops, multi-leg moves or modes (`m`, `c`, `n`, `i`…)");
    }
    leaps
}

/// Writes each burner's [`Burn`] into the built pieces, and refuses `burns` where the game's other rules leave it
/// unsaid: with `drops` (which hand a burned piece goes to), a `royal` piece (burning is no attack, so check
/// could not see it), `explosions` or `walls`/`petrify` (which effect comes first).
pub fn apply(head: &Header, infos: &[PieceInfo], built: &mut Built, d: &mut Diags) {
    let royal = infos.iter().any(|i| i.royal);
    for (info, piece) in infos.iter().zip(&mut built.pieces) {
        let Some(burn) = &info.burns else {
            continue;
        };
        let refusal = if head.drops.is_some() {
            Some("`burns` in a game with `drops`: which hand a burned piece would go to is unsaid")
        } else if royal {
            Some("`burns` in a game with a `royal` piece: burning is not an attack, so check could not see it")
        } else if head.explosions.is_some() {
            Some("`burns` with `explosions`: which of the two removes pieces first is unsaid")
        } else if head.walls.is_some() || head.petrify.is_some() {
            Some("`burns` with walls (`walls`, `petrify`): whether a petrified or walled piece burns is unsaid")
        } else {
            None
        };
        if let Some(message) = refusal {
            let diag = d.error(burn.keyword, message);
            if royal {
                diag.note("make the king an ordinary piece and end the game with `extinction of K loss`, as Chu and Tenjiku Shogi are played");
            }
            continue;
        }
        let Some(resolved) = &burn.resolved else {
            continue;
        };
        let offsets = Side::BOTH.map(|side| {
            let mut steps: Vec<(i32, i32)> = Vec::new();
            for path in resolved.expand(betza_facing(head.orientation, side)) {
                let step = path.legs[0].step;
                if !steps.contains(&step) {
                    steps.push(step);
                }
            }
            steps
        });
        if offsets[0].len() > MAX_BURN_AREA {
            d.error(
                burn.area.span,
                format!(
                    "a burning area of {} squares: at most {MAX_BURN_AREA}",
                    offsets[0].len()
                ),
            );
            continue;
        }
        piece.burns = Some(Burn {
            area: burn.area.value.clone(),
            offsets,
            spared: burn.spared.clone(),
            passive: burn.passive,
        });
    }
}
