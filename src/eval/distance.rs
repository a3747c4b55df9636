//! How many moves a piece needs, on an empty board, to make a move of a given kind: the promotion and flag terms
//! of the evaluation are both a bonus that grows as that number shrinks.
use crate::rules::{Game, PieceId, RayFlags, RayKind, Side, Square};

/// Per square, the fewest moves after which `piece` (of `side`), alone on the board, has made a move that
/// `arrives(from, to)` accepts: 1 where one such move starts, `u16::MAX` where none is ever reached.
pub(super) fn moves_until(
    game: &Game,
    piece: PieceId,
    side: Side,
    arrives: impl Fn(Square, Square) -> bool,
) -> Vec<u16> {
    let squares = game.geometry.squares();
    let steps = |from: Square| -> Vec<Square> {
        let slice = game.pieces[piece.index()].rays(side, squares, from);
        game.rays[slice.range()]
            .iter()
            .filter(|ray| ray.flags.has(RayFlags::MOVE))
            .flat_map(|ray| match ray.kind {
                RayKind::Slide => game.ray_squares(ray).to_vec(),
                RayKind::Lame => game.ray_squares(ray).last().copied().into_iter().collect(),
                _ => Vec::new(),
            })
            .collect()
    };
    let moves: Vec<Vec<Square>> = game.geometry.all().map(steps).collect();
    let mut distance = vec![u16::MAX; squares];
    for from in game.geometry.all() {
        if moves[from.index()].iter().any(|&to| arrives(from, to)) {
            distance[from.index()] = 1;
        }
    }
    // Relax until stable: a square is one move further than its nearest destination.
    let mut changed = true;
    while changed {
        changed = false;
        for from in game.geometry.all() {
            let best = moves[from.index()]
                .iter()
                .map(|t| distance[t.index()])
                .min()
                .unwrap_or(u16::MAX);
            if best < u16::MAX && best + 1 < distance[from.index()] {
                distance[from.index()] = best + 1;
                changed = true;
            }
        }
    }
    distance
}
