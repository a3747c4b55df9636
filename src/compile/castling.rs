//! Pass 5: `O`n castling components → explicit [`Castling`] entries. The king moves n squares toward the
//! outermost partner piece on its start rank; the partner lands beside it on the inner side. Every square between
//! king and partner (and both destinations) must be empty; the king's start, the squares it crosses and its
//! destination must be safe when it is royal (a non-royal castling piece castles without the safety test). A side
//! whose start position lacks the castling piece has no castling. One castling right per side and partner: `K`/`k` toward the higher files, `Q`/`q`
//! toward the lower.
use super::fixed_castling;
use super::graph::Built;
use super::pieces::{PieceInfo, PieceNames};
use super::Diags;
use crate::rules::{Castling, CastlingRight, Geometry, PieceId, Side, Square};
use crate::setup::Setup;

pub fn build_castling(
    infos: &[PieceInfo],
    names: &PieceNames,
    built: &Built,
    g: Geometry,
    start: Option<&Setup>,
    d: &mut Diags,
) -> (Vec<CastlingRight>, Vec<Castling>) {
    let mut rights: Vec<CastlingRight> = Vec::new();
    let mut castlings: Vec<Castling> = Vec::new();
    for (pi, info) in infos.iter().enumerate() {
        let paths = &built.castling[pi];
        if let Some(files) = &info.castle_files {
            let fixed = fixed_castling::Setting {
                king: PieceId(pi as u16),
                info,
                names,
                paths,
                files,
                g,
            };
            fixed.build(start, &mut rights, &mut castlings, d);
            continue;
        }
        if paths.is_empty() {
            if let (Some((_, span)), None) = (&info.castles_with, &info.castle_files) {
                d.warning(
                    *span,
                    format!(
                        "piece `{}` has no castling move (`O`), so `castles with` does nothing",
                        names.decls[pi].id.value
                    ),
                );
            }
            continue;
        }
        let Some((partners, _)) = &info.castles_with else {
            d.error(paths[0].2, "castling (`O`) needs a partner piece")
                .note("add `castles with R` (the partner's id) to the piece");
            continue;
        };
        let Some(start) = start else { continue };
        let king = PieceId(pi as u16);
        for side in Side::BOTH {
            let Some(king_from) = &castling_start(start, king, side, names, d) else {
                continue;
            };
            let (kf, kr) = (g.file(*king_from), g.rank(*king_from));
            for (_, path, span) in paths.iter().filter(|(s, ..)| *s == side) {
                let n = path.castling.unwrap_or(0) as i32;
                let dx = path.legs.first().map_or(0, |l| l.step.0.signum());
                if dx == 0 || n == 0 {
                    continue;
                }
                // The outermost partner in that direction on the king's rank.
                let rook_from = partners
                    .iter()
                    .flat_map(|&partner| start.squares_of(partner, side))
                    .filter(|sq| g.rank(*sq) == kr && (g.file(*sq) - kf).signum() == dx)
                    .max_by_key(|sq| (g.file(*sq) - kf).abs());
                let Some(rook_from) = rook_from else { continue };
                let rf = g.file(rook_from);
                let king_to_file = kf + dx * n;
                if (king_to_file - kf).abs() >= (rf - kf).abs() {
                    d.error(
                        *span,
                        format!(
                        "this castling moves the king {n} squares, onto or past its partner on {}",
                        g.name(rook_from)
                    ),
                    );
                    continue;
                }
                let sq = |f: i32| g.square(f, kr).expect("on the king's rank");
                let king_to = sq(king_to_file);
                let rook_to = sq(king_to_file - dx);
                let right = right_for(
                    &mut rights,
                    side,
                    *king_from,
                    rook_from,
                    dx > 0,
                    (king, partners),
                );
                if castlings.iter().any(|c| {
                    c.king_from == *king_from && c.king_to == king_to && c.rook_from == rook_from
                }) {
                    continue;
                }
                let (lo, hi) = (kf.min(rf), kf.max(rf));
                let mut empty: Vec<Square> = (lo + 1..hi).map(sq).collect();
                for extra in [king_to, rook_to] {
                    if !empty.contains(&extra) && extra != *king_from && extra != rook_from {
                        empty.push(extra);
                    }
                }
                // Only a royal piece must not castle out of, through or into check.
                let safe: Vec<Square> = if info.royal {
                    (0..=n).map(|k| sq(kf + dx * k)).collect()
                } else {
                    Vec::new()
                };
                castlings.push(Castling {
                    right,
                    king_from: *king_from,
                    king_to,
                    rook_from,
                    rook_to,
                    move_to: king_to,
                    empty,
                    safe,
                });
            }
        }
    }
    (rights, castlings)
}

/// The square `side`'s castling piece `king` starts on; `None` when it is absent (a side without the castling
/// piece simply has no castling: Horde's White) and when it starts on several squares while the start position
/// gives that side no castling right (Spartan chess's two black kings); `None`, reported, when it starts on
/// several squares and the side has rights, since which piece would castle is then unsaid.
pub(super) fn castling_start(
    start: &Setup,
    king: PieceId,
    side: Side,
    names: &PieceNames,
    d: &mut Diags,
) -> Option<Square> {
    let kings: Vec<Square> = start.squares_of(king, side).collect();
    match kings.as_slice() {
        [] => None,
        [one] => Some(*one),
        _ if !start
            .castling
            .iter()
            .any(|&(c, _)| (c.is_ascii_uppercase() == (side == Side::White)) && c != '-') =>
        {
            None
        }
        _ => {
            let id = &names.decls[king.index()].id;
            d.error(
                id.span,
                format!(
                    "a castling piece must start on exactly one square per side; `{}` starts on {} squares",
                    id.value,
                    kings.len()
                ),
            )
            .note("a side whose castling piece starts on several squares may not castle: give it no castling right");
            None
        }
    }
}

/// The index of the castling right of `side`'s king on `king_from` with the partner on `rook_from`, added if new:
/// `K`/`k` toward the higher files, `Q`/`q` toward the lower ones. `pieces` are the king's and the partner's types.
fn right_for(
    rights: &mut Vec<CastlingRight>,
    side: Side,
    king_from: Square,
    rook_from: Square,
    kingside: bool,
    (king, rooks): (PieceId, &[PieceId]),
) -> usize {
    if let Some(i) = rights
        .iter()
        .position(|r| r.side == side && r.rook_from == rook_from)
    {
        return i;
    }
    let letter = if kingside { 'K' } else { 'Q' };
    rights.push(CastlingRight {
        side,
        letter: if side == Side::White {
            letter
        } else {
            letter.to_ascii_lowercase()
        },
        king_from: Some(king_from),
        rook_from,
        king,
        rooks: rooks.to_vec(),
    });
    rights.len() - 1
}
