//! Pass 5: `O`n castling components → explicit [`Castling`] entries. The king moves n squares toward the
//! outermost partner piece on its start rank; the partner lands beside it on the inner side. Every square between
//! king and partner (and both destinations) must be empty; the king's start, the squares it crosses and its
//! destination must be safe when it is royal (a non-royal castling piece castles without the safety test). A side
//! whose start position lacks the castling piece has no castling. One castling right per side and partner: `K`/`k` toward the higher files, `Q`/`q`
//! toward the lower.
use super::{castling_text, fixed_castling};
use crate::compile::board::zones::{orient, square_index};
use crate::compile::pieces::graph::Built;
use crate::compile::pieces::{PieceInfo, PieceNames};
use crate::compile::Diags;
use crate::diag::Span;
use crate::dsl::ast::Name;
use crate::rules::{Castling, CastlingRight, Geometry, PieceId, Side, Square, Symmetry};
use crate::setup::Setup;

pub fn build_castling(
    infos: &[PieceInfo],
    names: &PieceNames,
    built: &Built,
    (g, orientation): (Geometry, Symmetry),
    start: Option<&Setup>,
    drops: bool,
    d: &mut Diags,
) -> (Vec<CastlingRight>, Vec<Castling>) {
    let mut made = Made::default();
    for (pi, info) in infos.iter().enumerate() {
        let paths = &built.castling[pi];
        // `after drop on K R…`: the squares castling starts from, White's.
        let after_drop = match &info.castle_after_drop {
            Some((at, squares)) => match drop_squares(*at, squares, info, g, drops, d) {
                Some(found) => Some(found),
                None => continue,
            },
            None => None,
        };
        if let Some(files) = &info.castle_files {
            let fixed = fixed_castling::Setting {
                king: PieceId(pi as u16),
                info,
                names,
                paths,
                files,
                g,
            };
            fixed.build(start, &mut made.rights, &mut made.castlings, d);
            made.spans.resize(made.castlings.len(), files.0.span);
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
        let castler = Castler {
            king: PieceId(pi as u16),
            royal: info.royal,
            partners,
            after_drop: after_drop.as_ref(),
            g,
            orientation,
            start,
        };
        for side in Side::BOTH {
            let Some(king_from) = castler.king_from(side, names, d) else {
                continue;
            };
            for (_, path, span) in paths.iter().filter(|(s, ..)| *s == side) {
                castler.add_castling(side, king_from, path, *span, &mut made, d);
            }
        }
    }
    castling_text::settle_move_text(&mut made.castlings, &made.rights, &made.spans, built, g, d);
    (made.rights, made.castlings)
}

/// The castling rights and castlings made so far, and per castling where it was asked for.
#[derive(Default)]
struct Made {
    rights: Vec<CastlingRight>,
    castlings: Vec<Castling>,
    spans: Vec<Span>,
}

/// A castling piece with `O` moves and its partners, castling where they start (or where `after drop on`
/// puts them).
struct Castler<'a> {
    king: PieceId,
    royal: bool,
    partners: &'a [PieceId],
    /// `after drop on K R…`: White's squares of the castling piece and of its partners.
    after_drop: Option<&'a (Square, Vec<Square>)>,
    g: Geometry,
    orientation: Symmetry,
    start: Option<&'a Setup>,
}

impl Castler<'_> {
    fn oriented(&self, side: Side, sq: Square) -> Square {
        orient(self.g, self.orientation, side, sq)
    }

    /// Where `side`'s castling piece castles from: `None` when that side has no castling.
    fn king_from(&self, side: Side, names: &PieceNames, d: &mut Diags) -> Option<Square> {
        match (self.after_drop, self.start) {
            (Some((king_sq, _)), _) => Some(self.oriented(side, *king_sq)),
            (None, Some(start)) => castling_start(start, self.king, side, names, d),
            (None, None) => None,
        }
    }

    /// The castling of one `O` move of `side` from `king_from`, with the outermost partner in its direction,
    /// and its right.
    fn add_castling(
        &self,
        side: Side,
        king_from: Square,
        path: &betza::Path,
        span: Span,
        made: &mut Made,
        d: &mut Diags,
    ) {
        let g = self.g;
        let (kf, kr) = (g.file(king_from), g.rank(king_from));
        let n = path.castling.unwrap_or(0) as i32;
        let dx = path.legs.first().map_or(0, |l| l.step.0.signum());
        if dx == 0 || n == 0 {
            return;
        }
        // The outermost partner in that direction on the king's rank (its square, after drops).
        let on_rank = |sq: &Square| g.rank(*sq) == kr && (g.file(*sq) - kf).signum() == dx;
        let rook_from = match (self.after_drop, self.start) {
            (Some((_, rook_squares)), _) => rook_squares
                .iter()
                .map(|&sq| self.oriented(side, sq))
                .filter(on_rank)
                .max_by_key(|sq| (g.file(*sq) - kf).abs()),
            (None, Some(start)) => self
                .partners
                .iter()
                .flat_map(|&partner| start.squares_of(partner, side))
                .filter(on_rank)
                .max_by_key(|sq| (g.file(*sq) - kf).abs()),
            (None, None) => None,
        };
        let Some(rook_from) = rook_from else { return };
        let rf = g.file(rook_from);
        let king_to_file = kf + dx * n;
        if (king_to_file - kf).abs() >= (rf - kf).abs() {
            d.error(
                span,
                format!(
                    "this castling moves the king {n} squares, onto or past its partner on {}",
                    g.name(rook_from)
                ),
            );
            return;
        }
        let sq = |f: i32| g.square(f, kr).expect("on the king's rank");
        let king_to = sq(king_to_file);
        let rook_to = sq(king_to_file - dx);
        let right = right_for(
            &mut made.rights,
            side,
            king_from,
            rook_from,
            dx > 0,
            (self.king, self.partners),
            self.after_drop.is_some(),
        );
        if made
            .castlings
            .iter()
            .any(|c| c.king_from == king_from && c.king_to == king_to && c.rook_from == rook_from)
        {
            return;
        }
        let (lo, hi) = (kf.min(rf), kf.max(rf));
        let mut empty: Vec<Square> = (lo + 1..hi).map(sq).collect();
        for extra in [king_to, rook_to] {
            if !empty.contains(&extra) && extra != king_from && extra != rook_from {
                empty.push(extra);
            }
        }
        // Only a royal piece must not castle out of, through or into check.
        let safe: Vec<Square> = if self.royal {
            (0..=n).map(|k| sq(kf + dx * k)).collect()
        } else {
            Vec::new()
        };
        made.castlings.push(Castling {
            right,
            king_from,
            king_to,
            rook_from,
            rook_to,
            move_to: king_to,
            empty,
            safe,
        });
        made.spans.push(span);
    }
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
    by_drop: bool,
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
        by_drop,
    });
    rights.len() - 1
}

/// The squares of `castles with … after drop on K R…`, White's: the castling piece's and its partners'. `None`
/// (reported) when one is off the board, a partner is off the castling piece's rank or beside another partner on
/// one side of it, the piece also has fixed-file castling, or the game has no drops.
fn drop_squares(
    at: Span,
    squares: &[Name],
    info: &PieceInfo,
    g: Geometry,
    drops: bool,
    d: &mut Diags,
) -> Option<(Square, Vec<Square>)> {
    if !drops {
        d.error(
            at,
            "castling rights gained by drops, but the game has no `drops` statement",
        )
        .note("add `drops` (with `reserve`, the hands hold what the start position gives them)");
        return None;
    }
    if info.castle_files.is_some() {
        d.error(
            at,
            "`after drop on` together with fixed-file castling (`to FILE FILE`)",
        )
        .note("castling after drops starts from the squares given; leave out `to FILE FILE`");
        return None;
    }
    let mut parsed = Vec::new();
    let mut ok = true;
    for s in squares {
        match square_index(g, s, d) {
            Some(sq) => parsed.push((sq, s.span)),
            None => ok = false,
        }
    }
    // The castling piece's square comes first: without it the partners cannot be judged.
    let king = g.parse_square(&squares[0].value)?;
    for (i, &(sq, span)) in parsed.iter().enumerate().skip(1) {
        let dx = (g.file(sq) - g.file(king)).signum();
        if g.rank(sq) != g.rank(king) || dx == 0 {
            d.error(
                span,
                format!(
                    "the partner square {} is not beside the castling piece's square {} on its rank",
                    g.name(sq),
                    g.name(king)
                ),
            )
            .note("the first square is the castling piece's, the others its partners', on the same rank");
            ok = false;
        } else if let Some(&(_, before)) = parsed[1..i]
            .iter()
            .find(|(other, _)| (g.file(*other) - g.file(king)).signum() == dx)
        {
            d.error(
                span,
                "a second partner square on this side of the castling piece",
            )
            .label(before, "the first one")
            .note("the piece castles with one partner toward each side");
            ok = false;
        }
    }
    ok.then(|| (king, parsed[1..].iter().map(|&(sq, _)| sq).collect()))
}
