//! Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard test of a move generator.
//! Leaves are counted in bulk (the number of legal moves at depth 1, mostly counted without being stored), and
//! each ply reuses one move list.
use super::moves::{Move, MoveList};
use super::Position;

/// Counts the leaves of the legal move tree `depth` plies deep.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut lists = vec![MoveList::with_capacity(256); depth as usize + 1];
    count(pos, depth, &mut lists)
}

/// Perft split by the first move: one `(move, count)` per legal move, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    divide_with(pos, depth, |_, _| {})
}

/// [`divide`], calling `progress(done, total)` after each first move (for progress bars).
pub fn divide_with(
    pos: &mut Position,
    depth: u32,
    mut progress: impl FnMut(usize, usize),
) -> Vec<(Move, u64)> {
    let moves = pos.legal_move_list();
    let mut lists = vec![MoveList::with_capacity(256); depth as usize + 1];
    let total = moves.len();
    moves
        .into_iter()
        .enumerate()
        .map(|(i, mv)| {
            let nodes = if depth <= 1 {
                1
            } else {
                pos.make(mv);
                let n = count(pos, depth - 1, &mut lists);
                pos.unmake();
                n
            };
            progress(i + 1, total);
            (mv, nodes)
        })
        .collect()
}

fn count(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal_moves();
    }
    let (list, deeper) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves(list);
    let mut nodes = 0;
    for &mv in list.iter() {
        pos.make(mv);
        nodes += count(pos, depth - 1, deeper);
        pos.unmake();
    }
    nodes
}
