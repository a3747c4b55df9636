//! How each castling is written, so that no castling reads as another move. A castling is written as the king's
//! move to its destination (`e1g1`), as Fairy-Stockfish writes chess, unless the castling piece can make a move of
//! its own to that square (a king with a `D` leap, or `KisO1`, whose one-square castling lands where the king
//! steps): then it is written as the king taking its partner (`e1h1`), as Chess960 writes every castling. What even
//! that cannot tell apart is refused: a castling piece that may also capture its partner (`d`, or a friendly swap
//! `ud`), or two castlings written the same way.
use crate::compile::pieces::graph::Built;
use crate::compile::Diags;
use crate::diag::Span;
use crate::rules::{Castling, CastlingRight, Geometry, PieceId, RayFlags, Side, Square};

/// Sets each castling's written square ([`Castling::move_to`]), or reports why it cannot be written. `spans[i]`
/// is where castling `i` was asked for (its `O` component, or the `to` files of fixed-file castling).
pub fn settle_move_text(
    castlings: &mut [Castling],
    rights: &[CastlingRight],
    spans: &[Span],
    built: &Built,
    g: Geometry,
    d: &mut Diags,
) {
    let mut reported: Vec<Span> = Vec::new();
    for (c, &span) in castlings.iter_mut().zip(spans) {
        let right = &rights[c.right];
        let own = OwnMoves {
            built,
            king: right.king,
            side: right.side,
            from: c.king_from,
            squares: g.squares(),
        };
        if c.move_to == c.king_to && own.may_end_on(c.king_to, RayFlags::MOVE) {
            c.move_to = c.rook_from;
        }
        if c.move_to == c.rook_from
            && own.may_end_on(c.rook_from, RayFlags::DESTROY)
            && !reported.contains(&span)
        {
            reported.push(span);
            d.error(
                span,
                // Under fixed-file castling the squares are one placement of many (a Chess960 start), so they
                // are given as an example, not as the position.
                format!(
                    "this castling cannot be written: the castling piece may also capture its own partner ({}{}, \
                     for one), and the castling would be written as that capture",
                    g.name(c.king_from),
                    g.name(c.rook_from),
                ),
            )
            .note("a castling is written as the king taking its partner under fixed-file castling, or when the king's own moves reach its destination");
        }
    }
    for (i, (a, &span)) in castlings.iter().zip(spans).enumerate() {
        let twin = castlings[..i].iter().zip(spans).find(|(b, _)| {
            b.king_from == a.king_from
                && b.move_to == a.move_to
                && (b.king_to, b.rook_from) != (a.king_to, a.rook_from)
        });
        if let Some((_, &other)) = twin {
            if reported.contains(&span) {
                continue;
            }
            reported.push(span);
            d.error(
                span,
                format!(
                    "two castlings would both be written {}{}: the king's own moves reach both destinations, so \
                     each is written as the king taking its partner, and they have the same partner",
                    g.name(a.king_from),
                    g.name(a.move_to),
                ),
            )
            .label(other, "the other castling");
        }
    }
}

/// The moves a castling piece makes by itself from its castling square: its own rays and, if it borrows, those of
/// every type it could borrow from (any type of the game).
struct OwnMoves<'a> {
    built: &'a Built,
    king: PieceId,
    side: Side,
    from: Square,
    squares: usize,
}

impl OwnMoves<'_> {
    /// May one of these moves, using its destination as `flags` says (move to an empty square, capture a friendly
    /// piece), end on `to`?
    fn may_end_on(&self, to: Square, flags: RayFlags) -> bool {
        let b = self.built;
        let rays_of =
            |piece: usize| b.rays_from(PieceId(piece as u16), self.side, self.from, self.squares);
        let own = rays_of(self.king.index());
        let borrows = own.iter().any(|r| r.flags.has(RayFlags::BORROW));
        let lenders = (0..b.pieces.len()).filter(|_| borrows);
        std::iter::once(self.king.index())
            .chain(lenders)
            .flat_map(rays_of)
            .filter(|ray| ray.flags.has(flags))
            .any(|ray| b.may_end_on(ray, to))
    }
}
